//! The `Solver` trait every strategy implements, its limits, counters and outcome.

use crate::event::{Observer, Technique};
use crate::grid::Grid;
use crate::size::Size;

/// What a solve may spend: how many solutions to look for and how many nodes to visit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Limits {
    /// Stop after this many solutions: 1 = first solution, 2 = uniqueness check.
    /// 0 is taken as 1.
    pub max_solutions: u64,
    /// Stop once the search has visited this many nodes (the root counts as one, so a
    /// budget of 0 or 1 allows no try at all). `None` = no budget.
    pub max_nodes: Option<u64>,
}

impl Limits {
    /// Look for the first solution only, with no node budget.
    pub const FIRST: Limits = Limits {
        max_solutions: 1,
        max_nodes: None,
    };
    /// Look for two solutions (a uniqueness check), with no node budget.
    pub const UNIQUENESS: Limits = Limits {
        max_solutions: 2,
        max_nodes: None,
    };

    /// Look for up to `max_solutions` solutions (0 is taken as 1), with no node budget.
    pub const fn solutions(max_solutions: u64) -> Limits {
        Limits {
            max_solutions,
            max_nodes: None,
        }
    }

    /// The same limits with a node budget.
    pub const fn with_max_nodes(self, max_nodes: u64) -> Limits {
        Limits {
            max_nodes: Some(max_nodes),
            ..self
        }
    }

    /// The solution limit, at least 1.
    pub const fn solution_limit(&self) -> u64 {
        if self.max_solutions == 0 {
            1
        } else {
            self.max_solutions
        }
    }

    /// How many tries the node budget allows (`nodes = 1 + tries`); `u64::MAX` without one.
    pub const fn max_tries(&self) -> u64 {
        match self.max_nodes {
            Some(n) => n.saturating_sub(1),
            None => u64::MAX,
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits::FIRST
    }
}

/// The two counters every strategy reports: the contract of `../shared/reference/README.md`.
///
/// A *try* is one trial value placed by the search: a digit put in a cell (naive,
/// reduce, norvig) or a row of the exact-cover matrix selected (dlx). Givens and
/// propagation are not tries.
///
/// - `nodes = 1 + tries`: the calls of the recursive search, the root included;
/// - `backtracks` = tries taken back because their subtree did not end the search.
///
/// Under a solution limit of 1 the search stops at the first solution; under 2 at the
/// second, so on a puzzle with one solution every try is taken back
/// (`backtracks = nodes - 1`). A puzzle whose givens clash has no solution and `nodes = 1`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Counters {
    /// `1 + tries`.
    pub nodes: u64,
    /// Tries taken back.
    pub backtracks: u64,
}

impl Counters {
    /// The counters of a search that made `tries` tries and took back `backtracks`.
    pub const fn from_tries(tries: u64, backtracks: u64) -> Counters {
        Counters {
            nodes: tries + 1,
            backtracks,
        }
    }
}

/// How a solve ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// Exactly the solutions asked for were found, or all there are (at least one).
    Solved,
    /// The search ran to the end and found no solution.
    NoSolution,
    /// The node budget ran out before the search could end.
    BudgetExhausted,
}

impl Status {
    /// The lowercase name used in reports: `solved`, `no_solution`, `budget_exhausted`.
    pub const fn as_str(&self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::NoSolution => "no_solution",
            Status::BudgetExhausted => "budget_exhausted",
        }
    }
}

/// The result of one solve.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// How the solve ended.
    pub status: Status,
    /// Solutions found, at most [`Limits::max_solutions`]. Under a limit of 2, a puzzle
    /// with several solutions shows `solutions == 2`.
    pub solutions: u64,
    /// The first solution found, if any.
    pub solution: Option<Grid>,
    /// The cost of the search.
    pub counters: Counters,
    /// For a strategy that grades puzzles by deduction (`logic`), the strongest
    /// technique its solve used; `None` for the others.
    pub grade: Option<Technique>,
}

impl Outcome {
    /// The outcome of a search that found `solutions` solutions (the first being
    /// `solution`) at the cost `counters`, stopped by the budget or not.
    pub fn new(
        solutions: u64,
        solution: Option<Grid>,
        counters: Counters,
        budget_exhausted: bool,
    ) -> Outcome {
        let status = if budget_exhausted {
            Status::BudgetExhausted
        } else if solutions == 0 {
            Status::NoSolution
        } else {
            Status::Solved
        };
        Outcome {
            status,
            solutions,
            solution,
            counters,
            grade: None,
        }
    }

    /// The same outcome, graded: `grade` is the strongest technique the solve used.
    pub fn with_grade(self, grade: Option<Technique>) -> Outcome {
        Outcome { grade, ..self }
    }

    /// The outcome of a puzzle rejected at the root (clashing givens): no solution, 1 node.
    pub fn rejected_at_root() -> Outcome {
        Outcome::new(0, None, Counters::from_tries(0, 0), false)
    }
}

/// The bookkeeping every search shares: its tries and backtracks against the node
/// budget, and the solutions found against the solution limit.
///
/// A strategy calls [`Tally::try_one`] before placing a trial value, [`Tally::backtrack`]
/// when it takes one back, [`Tally::solution`] at a solution, and [`Tally::outcome`] at
/// the end. The tries still standing when the search stops are not backtracks.
#[derive(Debug, Clone)]
pub struct Tally {
    limit: u64,
    max_tries: u64,
    tries: u64,
    backtracks: u64,
    solutions: u64,
    first: Option<Grid>,
    budget_exhausted: bool,
}

impl Tally {
    /// A tally for a search under `limits`.
    pub const fn new(limits: &Limits) -> Tally {
        Tally {
            limit: limits.solution_limit(),
            max_tries: limits.max_tries(),
            tries: 0,
            backtracks: 0,
            solutions: 0,
            first: None,
            budget_exhausted: false,
        }
    }

    /// Counts one try, if the node budget allows it: `false` means the budget is spent,
    /// no try is made and the search must stop.
    #[inline]
    pub fn try_one(&mut self) -> bool {
        if self.tries == self.max_tries {
            self.budget_exhausted = true;
            return false;
        }
        self.tries += 1;
        true
    }

    /// Counts one try taken back.
    #[inline]
    pub fn backtrack(&mut self) {
        self.backtracks += 1;
    }

    /// Counts one solution (`grid` builds it, for the first one only): `true` means the
    /// solution limit is reached and the search must stop.
    #[inline]
    pub fn solution(&mut self, grid: impl FnOnce() -> Grid) -> bool {
        self.solutions += 1;
        if self.first.is_none() {
            self.first = Some(grid());
        }
        self.solutions >= self.limit
    }

    /// The counters so far.
    pub const fn counters(&self) -> Counters {
        Counters::from_tries(self.tries, self.backtracks)
    }

    /// The outcome of the search.
    pub fn outcome(self) -> Outcome {
        let counters = self.counters();
        Outcome::new(self.solutions, self.first, counters, self.budget_exhausted)
    }
}

/// A sudoku-solving strategy.
///
/// Implementations follow their classic description step for step, so that the
/// [`Counters`] they report equal the reference counts exactly. A solver holds no
/// state between solves that changes its results, and can be shared across threads.
///
/// Two solves: [`Solver::solve`], the plain one, and [`Solver::solve_observed`], which
/// tells an [`Observer`] every step in the shared [`Event`](crate::Event) vocabulary.
/// Both give the same outcome and counters; counting the tries and backtracks of the
/// events gives `nodes - 1` and `backtracks`. Strategies write their search once,
/// generic over `O: Observer + ?Sized`, and run it with `()` for the plain solve (which
/// then costs nothing more) and with the given observer for the observed one.
pub trait Solver: Send + Sync {
    /// The short name of the strategy (`naive`, `norvig-essay`, ...).
    fn name(&self) -> &'static str;

    /// Solves `puzzle` within `limits`.
    ///
    /// # Panics
    ///
    /// May panic if `puzzle` is of a size the solver does not support
    /// ([`Solver::supports`]); callers check first.
    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome;

    /// Solves `puzzle` within `limits` as [`Solver::solve`] does, telling `observer`
    /// every step. The default watches nothing (a solver outside the catalogue that
    /// cannot be watched); every strategy of the catalogue overrides it.
    fn solve_observed(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut dyn Observer,
    ) -> Outcome {
        let _ = observer;
        self.solve(puzzle, limits)
    }

    /// Whether the solver handles grids of `size` (9x9 only, unless it says otherwise).
    fn supports(&self, size: Size) -> bool {
        size == Size::NINE
    }
}

/// A strategy's search written once, generic over its observer: the plain solve runs it
/// with `()` (every event compiled away) and the watched solve with the observer it is
/// given, so that the two cannot drift apart. [`solver_from_search!`](crate::solver_from_search)
/// makes the [`Solver`] of a type that implements it: the forwarding is said once, here.
pub trait Search: Send + Sync {
    /// Its name, as the runner and the CSV give it (see [`Solver::name`]).
    fn name(&self) -> &'static str;

    /// Solves `puzzle` within `limits`, telling `observer` every step (`()`: none).
    fn search<O: Observer + ?Sized>(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut O,
    ) -> Outcome;

    /// Whether it handles grids of `size` (9x9 only, unless it says otherwise).
    fn supports(&self, size: Size) -> bool {
        size == Size::NINE
    }
}

/// Implements [`Solver`] for each type given, by its [`Search`]: `solve` runs the search
/// watching nothing, `solve_observed` with the observer, `name` and `supports` as the
/// search says.
///
/// ```
/// use sudoku_core::{Grid, Limits, Observer, Outcome, Search, Solver};
///
/// /// A search that gives up at once.
/// struct GiveUp;
/// impl Search for GiveUp {
///     fn name(&self) -> &'static str { "give-up" }
///     fn search<O: Observer + ?Sized>(&self, _: &Grid, _: &Limits, _: &mut O) -> Outcome {
///         Outcome::new(0, None, Default::default(), true)
///     }
/// }
/// sudoku_core::solver_from_search!(GiveUp);
///
/// let solver: &dyn Solver = &GiveUp;
/// assert_eq!(solver.name(), "give-up");
/// let outcome = solver.solve(&Grid::EMPTY, &Limits::FIRST);
/// assert_eq!(outcome.status, sudoku_core::Status::BudgetExhausted);
/// ```
#[macro_export]
macro_rules! solver_from_search {
    ($($type:ty),+ $(,)?) => {$(
        impl $crate::Solver for $type {
            fn name(&self) -> &'static str {
                <Self as $crate::Search>::name(self)
            }

            fn solve(&self, puzzle: &$crate::Grid, limits: &$crate::Limits) -> $crate::Outcome {
                <Self as $crate::Search>::search(self, puzzle, limits, &mut ())
            }

            fn solve_observed(
                &self,
                puzzle: &$crate::Grid,
                limits: &$crate::Limits,
                observer: &mut dyn $crate::Observer,
            ) -> $crate::Outcome {
                <Self as $crate::Search>::search(self, puzzle, limits, observer)
            }

            fn supports(&self, size: $crate::Size) -> bool {
                <Self as $crate::Search>::supports(self, size)
            }
        }
    )+};
}

impl<S: Solver + ?Sized> Solver for &S {
    fn name(&self) -> &'static str {
        (**self).name()
    }
    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        (**self).solve(puzzle, limits)
    }
    fn solve_observed(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut dyn Observer,
    ) -> Outcome {
        (**self).solve_observed(puzzle, limits, observer)
    }
    fn supports(&self, size: Size) -> bool {
        (**self).supports(size)
    }
}

impl<S: Solver + ?Sized> Solver for Box<S> {
    fn name(&self) -> &'static str {
        (**self).name()
    }
    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        (**self).solve(puzzle, limits)
    }
    fn solve_observed(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut dyn Observer,
    ) -> Outcome {
        (**self).solve_observed(puzzle, limits, observer)
    }
    fn supports(&self, size: Size) -> bool {
        (**self).supports(size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tally_allows_max_nodes_minus_one_tries_and_stops_at_the_limit() {
        let mut t = Tally::new(&Limits::UNIQUENESS.with_max_nodes(3));
        assert!(t.try_one());
        t.backtrack();
        assert!(!t.solution(|| Grid::EMPTY), "one solution of two");
        assert!(t.try_one());
        assert!(!t.try_one(), "a third try would make node 4");
        let out = t.outcome();
        assert_eq!(out.status, Status::BudgetExhausted);
        assert_eq!(
            out.counters,
            Counters {
                nodes: 3,
                backtracks: 1
            }
        );
        assert_eq!((out.solutions, out.solution), (1, Some(Grid::EMPTY)));

        let mut t = Tally::new(&Limits::FIRST);
        assert!(
            t.solution(|| Grid::EMPTY),
            "the first solution is the limit"
        );
        let out = t.outcome();
        assert_eq!((out.status, out.counters.nodes), (Status::Solved, 1));
        assert_eq!(
            Tally::new(&Limits::FIRST).outcome().status,
            Status::NoSolution
        );
    }
}
