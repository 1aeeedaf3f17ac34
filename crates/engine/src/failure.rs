//! Why a run stopped early.

use thiserror::Error;

use sudoku_core::CorpusError;

use crate::external::ExternalError;
use crate::sink::SinkError;

/// Why a run stopped before its end (the rows delivered before it stay delivered).
#[derive(Debug, Error)]
pub enum EngineError {
    /// A corpus cannot be opened or read.
    #[error("{0}")]
    Corpus(CorpusError),
    /// A malformed line, in a strict run.
    #[error("{0} (--strict: stopping at the first malformed line)")]
    Strict(CorpusError),
    /// The worker threads cannot be started.
    #[error("cannot start the worker threads: {0}")]
    Threads(String),
    /// The runner cannot start a child of a `cmd:` solver.
    #[error("{0}")]
    External(ExternalError),
    /// The sink failed.
    #[error("{0}")]
    Sink(SinkError),
}
