//! Where a run's results go, in input order: a [`Sink`].

use std::sync::Arc;

use sudoku_core::{CorpusError, Size};
use sudoku_results::Row;

use crate::external::ChildEvent;

/// What a sink may fail with (it stops the run).
pub type SinkError = Box<dyn std::error::Error + Send + Sync>;

/// One puzzle, solved by every contender that supports its size: its rows, lent.
#[derive(Debug, Clone, Copy)]
pub struct Solved<'a> {
    /// The corpus.
    pub corpus: &'a Arc<str>,
    /// 0-based index among the puzzles of its corpus.
    pub index: u64,
    /// 1-based line in its corpus.
    pub line: u64,
    /// The puzzle's size.
    pub size: Size,
    /// One row per contender that supports the size.
    pub rows: &'a [Row],
    /// The contenders that do not support the size (no row).
    pub unsupported: &'a [Arc<str>],
}

/// What a run read of one corpus.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CorpusCount {
    /// The corpus's name.
    pub name: Arc<str>,
    /// Puzzles read.
    pub puzzles: u64,
    /// Malformed lines skipped.
    pub malformed: u64,
    /// Puzzles read but left out by the run's selection (another shard's, or solved before).
    pub skipped: u64,
}

/// Receives a run's results on the calling thread, in input order, whatever the threads.
pub trait Sink {
    /// A puzzle and its rows; an error stops the run.
    fn puzzle(&mut self, solved: Solved<'_>) -> Result<(), SinkError>;

    /// A malformed line, skipped (a strict run stops instead).
    fn malformed(&mut self, _error: &CorpusError) {}

    /// A corpus read to its end (or to its first N puzzles).
    fn corpus_done(&mut self, _corpus: &CorpusCount) {}

    /// What became of a child of a `cmd:` solver, told once per child on the run's tick.
    fn child(&mut self, _event: &ChildEvent) {}

    /// Called about every [`TICK`](crate::TICK), to write what waits; an error stops the run.
    fn tick(&mut self) -> Result<(), SinkError> {
        Ok(())
    }
}

/// Collects every row, in order.
impl Sink for Vec<Row> {
    fn puzzle(&mut self, solved: Solved<'_>) -> Result<(), SinkError> {
        self.extend_from_slice(solved.rows);
        Ok(())
    }
}
