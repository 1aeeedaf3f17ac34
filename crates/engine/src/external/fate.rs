//! What became of the children of a `cmd:` solver: one typed reason, said as a row's
//! problem and once per child to the sink ([`Sink::child`](crate::Sink::child)).

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use thiserror::Error;

use super::GIVE_UP;

/// Something that happened to the children of a solver run by command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChildEvent {
    /// The solver's name, as its rows carry it.
    pub solver: Arc<str>,
    /// The puzzle it happened on: its corpus and line (none in the warm-up).
    pub at: Option<(Arc<str>, u64)>,
    /// What happened.
    pub kind: ChildEventKind,
}

/// What happened to a child: the first three end it, and a new child takes the next puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ChildEventKind {
    /// It ended, wrote a line too long, or could not be started: how. The row: `crashed`.
    #[error("crashed: {0}")]
    Crashed(String),
    /// No answer within the time limit. The row: `timeout`.
    #[error("no answer within {} s", .0.as_secs_f64())]
    TimedOut(Duration),
    /// It answered out of step: why it is known. The row: `crashed`.
    #[error("out of step: {0}")]
    OutOfStep(String),
    /// It crashed [`GIVE_UP`] times in a row: its rows from now on say `crashed` at once.
    #[error("crashed {} times in a row: not restarted", GIVE_UP)]
    GivenUp,
}

impl fmt::Display for ChildEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.solver)?;
        match &self.at {
            Some((corpus, line)) => write!(f, " on {corpus}:{line}")?,
            None => write!(f, " in the warm-up")?,
        }
        write!(f, ": {}", self.kind)
    }
}
