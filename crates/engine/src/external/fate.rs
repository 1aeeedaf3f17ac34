//! What became of the children of a `cmd:` solver, told to the sink once per child
//! ([`Sink::child`](crate::Sink::child)); its rows say it too, row by row.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use super::{seconds, GIVE_UP};

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

/// What happened to a child (see [`ChildEvent`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChildEventKind {
    /// It gave no answer (it exited, closed its output or its input), or could not be
    /// started: how, with the last lines of its standard error.
    Crashed(String),
    /// No answer within the time limit: it was ended, with its process group.
    TimedOut(Duration),
    /// It answered out of step: why it is known. It was ended; the row says `crashed`.
    OutOfStep(String),
    /// It crashed [`GIVE_UP`] times in a row: its rows from now on say `crashed` at once.
    GivenUp,
    /// The runner could not start another child (`why`): `children` at most answer from
    /// now on, the other workers waiting for one.
    Fewer {
        /// The children the solver keeps from now on.
        children: usize,
        /// What the runner could not get.
        why: String,
    },
}

impl fmt::Display for ChildEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = match &self.at {
            Some((corpus, line)) => format!(" on {corpus}:{line}"),
            None => String::new(),
        };
        let solver = &self.solver;
        match &self.kind {
            ChildEventKind::Crashed(how) => write!(
                f,
                "{solver} crashed{at}: {how} (a new child takes the next puzzle)"
            ),
            ChildEventKind::TimedOut(limit) => write!(
                f,
                "{solver} gave no answer{at} within {}: ended, with what it started (a new \
                 child takes the next puzzle)",
                seconds(*limit)
            ),
            ChildEventKind::OutOfStep(why) => write!(
                f,
                "{solver} answered out of step{at}: {why}; ended, its row crashed (a new \
                 child takes the next puzzle)"
            ),
            ChildEventKind::GivenUp => write!(
                f,
                "{solver} crashed {GIVE_UP} times in a row{at}: not restarted, its other \
                 rows say crashed"
            ),
            ChildEventKind::Fewer { children, why } => write!(
                f,
                "{solver}: the runner could not start another child ({why}): {children} \
                 at most answer from now on, the other workers waiting for one"
            ),
        }
    }
}
