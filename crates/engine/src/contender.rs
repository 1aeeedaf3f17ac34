//! A solver in a run, with the limits of each of its solves.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;

use sudoku_core::{Grid, Limits, Puzzle, Size, Solver};
use sudoku_results::Row;

use crate::checked::Entry;
use crate::external::External;
use crate::failure::EngineError;
use crate::passes::fold_passes;
use crate::stopwatch::{trusted, Timing};

/// What a contender solves with.
enum Kind {
    /// A solver in this process.
    Native(Box<dyn Solver>),
    /// A solver run as a child process.
    External(External),
}

/// A solver entered in a run, in this process or as a child process ([`External`]), with
/// the limits of each solve.
pub struct Contender {
    name: Arc<str>,
    kind: Kind,
    limits: Limits,
    /// The node budget by grid size, in place of the limits' own.
    budget_by_size: Option<BudgetBySize>,
}

/// A node budget that depends on the grid's size.
type BudgetBySize = Arc<dyn Fn(Size) -> u64 + Send + Sync>;

impl Contender {
    /// `solver`, solving within `limits`, named as it names itself.
    pub fn new(solver: Box<dyn Solver>, limits: Limits) -> Contender {
        Contender {
            name: Arc::from(solver.name()),
            kind: Kind::Native(solver),
            limits,
            budget_by_size: None,
        }
    }

    /// The child-process solver `external`, named `name` in the rows, within `limits`.
    pub fn external(name: &str, external: External, limits: Limits) -> Contender {
        Contender {
            name: Arc::from(name),
            kind: Kind::External(external),
            limits,
            budget_by_size: None,
        }
    }

    /// The same contender with a node budget per grid size in place of its limits' one.
    pub fn with_budget_by_size(
        mut self,
        budget: impl Fn(Size) -> u64 + Send + Sync + 'static,
    ) -> Contender {
        self.budget_by_size = Some(Arc::new(budget));
        self
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

    /// The limits of each solve (but for a budget by size: [`Contender::limits_for`]).
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The limits of a solve of a grid of `size`.
    pub fn limits_for(&self, size: Size) -> Limits {
        match &self.budget_by_size {
            Some(budget) => self.limits.with_max_nodes(budget(size)),
            None => self.limits,
        }
    }

    /// Adds to `rows` the row of its timed, checked solve of `entry`'s puzzle; false (and
    /// no row) when the runner cannot start a child.
    pub(crate) fn solve(&self, entry: &Entry<'_>, rows: &mut Vec<Row>) -> bool {
        match &self.kind {
            Kind::Native(solver) => {
                let limits = self.limits_for(entry.puzzle.grid.size());
                entry.solve((&self.name, solver.as_ref()), &limits, rows);
                true
            }
            Kind::External(external) => external
                .row(entry, (&self.name, &self.limits))
                .map(|row| rows.push(row))
                .is_some(),
        }
    }

    /// Its solve of `grid`, the puzzle of `corpus` at `line`, timed again (a later
    /// `--repeat` pass), its outcome dropped; `None` when it panics (its row already says
    /// so) or gave no time.
    pub(crate) fn time_again(
        &self,
        grid: &Grid,
        (corpus, line): (&Arc<str>, u64),
    ) -> Option<Timing> {
        match &self.kind {
            Kind::Native(solver) => {
                let limits = self.limits_for(grid.size());
                let solve = || trusted(|| std::hint::black_box(solver.solve(grid, &limits))).1;
                std::panic::catch_unwind(AssertUnwindSafe(solve)).ok()
            }
            Kind::External(external) => {
                external.time_again(grid, &self.limits, &(corpus.clone(), line))
            }
        }
    }
}

/// One timed, checked solve of a corpus's puzzle, as its row, with the fastest and the
/// median of `repeat` timings.
///
/// # Errors
///
/// When the runner cannot start a child process of a `cmd:` solver.
pub fn solve_checked(
    contender: &Contender,
    corpus: &Arc<str>,
    puzzle: &Puzzle,
    repeat: u64,
) -> Result<Row, EngineError> {
    let mut rows = Vec::with_capacity(1);
    contender.solve(&Entry::new(corpus, puzzle), &mut rows);
    let Some(mut row) = rows.pop() else {
        let failure = contender.as_external().and_then(External::take_failure);
        return Err(EngineError::External(
            failure.expect("no row: the runner failed"),
        ));
    };
    let mut timings: Vec<Timing> = (1..repeat)
        .filter_map(|_| contender.time_again(&puzzle.grid, (corpus, puzzle.line)))
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

#[cfg(test)]
mod tests {
    use sudoku_core::{Counters, Outcome};

    use super::*;

    /// Stops at once and counts as its nodes the budget it was given.
    struct Budgeted;
    impl Solver for Budgeted {
        fn name(&self) -> &'static str {
            "budgeted"
        }
        fn solve(&self, _: &Grid, limits: &Limits) -> Outcome {
            let nodes = limits.max_nodes.unwrap_or(0);
            Outcome::new(0, None, Counters::from_tries(nodes - 1, 0), true)
        }
        fn supports(&self, _: Size) -> bool {
            true
        }
    }

    #[test]
    fn a_budget_by_size_is_that_of_the_puzzle_s_size() {
        let limits = Limits::FIRST.with_max_nodes(7);
        let plain = Contender::new(Box::new(Budgeted), limits);
        let sized = Contender::new(Box::new(Budgeted), limits)
            .with_budget_by_size(|size| size.side() as u64 * 100);
        for size in [Size::NINE, Size::SIXTEEN] {
            let grid = Grid::empty(size);
            let puzzle = Puzzle {
                grid,
                line: 1,
                ..Puzzle::default()
            };
            let nodes = |c| solve_checked(c, &Arc::from("c"), &puzzle, 2).unwrap().nodes;
            assert_eq!(
                (nodes(&plain), nodes(&sized)),
                (7, size.side() as u64 * 100)
            );
        }
    }
}
