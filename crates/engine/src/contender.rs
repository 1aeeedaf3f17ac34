//! A solver in a run, with the limits of each of its solves.

use std::sync::Arc;

use sudoku_core::{Grid, Limits, Puzzle, Solver};
use sudoku_results::Row;

use crate::checked::{time_again, Entry};
use crate::external::External;
use crate::failure::EngineError;
use crate::passes::fold_passes;
use crate::stopwatch::Timing;

/// What a contender solves with.
enum Kind {
    /// A solver in this process.
    Native(Box<dyn Solver>),
    /// A solver run as a child process.
    External(External),
}

/// A solver entered in a run: any [`Solver`] (a catalogue strategy or one of your own) or a
/// command run as a child process ([`External`]), and the limits of each solve (solution
/// limit, node budget).
pub struct Contender {
    name: Arc<str>,
    kind: Kind,
    limits: Limits,
}

impl Contender {
    /// `solver`, solving within `limits`, named as it names itself.
    pub fn new(solver: Box<dyn Solver>, limits: Limits) -> Contender {
        Contender {
            name: Arc::from(solver.name()),
            kind: Kind::Native(solver),
            limits,
        }
    }

    /// The child-process solver `external`, named `name` in the rows, within `limits` (its
    /// children learn them from their environment).
    pub fn external(name: &str, external: External, limits: Limits) -> Contender {
        Contender {
            name: Arc::from(name),
            kind: Kind::External(external),
            limits,
        }
    }

    /// The name its rows carry.
    pub fn name(&self) -> &Arc<str> {
        &self.name
    }

    /// The solver (for a child process, its plain view: see [`External`]).
    pub fn solver(&self) -> &dyn Solver {
        match &self.kind {
            Kind::Native(solver) => solver.as_ref(),
            Kind::External(external) => external,
        }
    }

    /// The child-process solver, when it is one.
    pub fn as_external(&self) -> Option<&External> {
        match &self.kind {
            Kind::Native(_) => None,
            Kind::External(external) => Some(external),
        }
    }

    /// The limits of each solve.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Adds to `rows` the row of its timed, checked solve of `entry`'s puzzle (in this
    /// process, or by its child process); false (and no row) when the runner cannot start
    /// a child process (its failure, kept by the [`External`], stops the run).
    pub(crate) fn solve(&self, entry: &Entry<'_>, rows: &mut Vec<Row>) -> bool {
        match &self.kind {
            Kind::Native(solver) => {
                entry.solve((&self.name, solver.as_ref()), &self.limits, rows);
                true
            }
            // No row when the runner cannot start a child: its failure stops the run.
            Kind::External(external) => external
                .row(entry, (&self.name, &self.limits))
                .map(|row| rows.push(row))
                .is_some(),
        }
    }

    /// Its solve of `grid` timed again (a later `--repeat` pass); `None` when it gave no
    /// time (a panic, a child that did not answer).
    pub(crate) fn time_again(&self, grid: &Grid) -> Option<Timing> {
        match &self.kind {
            Kind::Native(solver) => time_again(solver.as_ref(), grid, &self.limits),
            Kind::External(external) => external.time_again(grid, &self.limits),
        }
    }
}

/// One timed, checked solve of a corpus's puzzle, as its row: [`check`](crate::check())'s
/// rules; its time timed again while disturbed, and with `repeat` above 1, the fastest and
/// the median of `repeat` timings (as `repeat` passes over the puzzle would give them).
///
/// # Errors
///
/// When the runner cannot start a child process of a solver run by command (see
/// [`ExternalError::Runner`](crate::ExternalError::Runner)).
pub fn solve_checked(
    contender: &Contender,
    corpus: &Arc<str>,
    puzzle: &Puzzle,
    repeat: u64,
) -> Result<Row, EngineError> {
    let mut rows = Vec::with_capacity(1);
    if !contender.solve(&Entry::new(corpus, puzzle), &mut rows) {
        let failure = contender.as_external().and_then(External::take_failure);
        return Err(EngineError::External(failure.unwrap_or_else(|| {
            unreachable!("no row only when the runner failed")
        })));
    }
    let mut row = rows
        .pop()
        .unwrap_or_else(|| unreachable!("a row per solve"));
    let mut timings: Vec<Timing> = (1..repeat)
        .filter_map(|_| contender.time_again(&puzzle.grid))
        .collect();
    fold_passes(&mut row, &mut timings);
    Ok(row)
}

impl std::fmt::Debug for Contender {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Contender")
            .field("name", &self.name)
            .field("limits", &self.limits)
            .field("external", &self.as_external())
            .finish()
    }
}
