//! What became of the children of a `cmd:` solver: one typed reason, said as a row's
//! problem and once per child to the sink ([`Sink::child`](crate::Sink::child)).

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use super::GIVE_UP;

/// Something that happened to the children of a solver run by command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChildEvent {
    /// The solver's name, as its rows carry it.
    pub solver: Arc<str>,
    /// The puzzle it happened on: its corpus and line (none for what is not about one).
    pub at: Option<(Arc<str>, u64)>,
    /// What happened.
    pub kind: ChildEventKind,
}

/// What happened to a child: the first three end it, and a new child takes the next puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChildEventKind {
    /// It ended, wrote a line too long, or could not be started: how. The row: `crashed`.
    Crashed(String),
    /// No answer within the time limit. The row: `timeout`.
    TimedOut(Duration),
    /// It answered out of step: why it is known. The row: `crashed`.
    OutOfStep(String),
    /// It crashed [`GIVE_UP`] times in a row: its rows from now on say `crashed` at once.
    GivenUp,
}

impl fmt::Display for ChildEventKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChildEventKind::Crashed(how) => write!(f, "crashed: {how}"),
            ChildEventKind::TimedOut(limit) => {
                write!(f, "no answer within {} s", limit.as_secs_f64())
            }
            ChildEventKind::OutOfStep(why) => write!(f, "out of step: {why}"),
            ChildEventKind::GivenUp => write!(f, "crashed {GIVE_UP} times in a row: not restarted"),
        }
    }
}

impl fmt::Display for ChildEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.solver)?;
        if let Some((corpus, line)) = &self.at {
            write!(f, " on {corpus}:{line}")?;
        }
        write!(f, ": {}", self.kind)
    }
}
