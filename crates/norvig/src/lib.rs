//! The norvig strategy: Peter Norvig's "Solving Every Sudoku Puzzle", constraint
//! propagation and search, as the Romanian seed essay walks through it.
//!
//! - [`parse_grid`] starts with every digit possible in every square and [`assign`]s
//!   each given in reading order;
//! - [`assign`]`(s, d)` [`eliminate`]s every other digit of square `s`;
//! - [`eliminate`]`(s, d)` removes `d` from `s` and propagates the essay's two rules:
//!   1. a square reduced to a single digit: no peer may hold that digit, so it is
//!      eliminated from all twenty peers;
//!   2. a unit where a digit has a single place left: the digit must go there, so it is
//!      assigned to that square;
//!
//!   and fails when a square has no digit left or a unit no place left for a digit;
//! - [`search`] takes the unfilled square with the fewest possible digits (ties to the
//!   first in reading order) and tries its digits in ascending order, each by `assign`
//!   on a copy of the candidates.
//!
//! The counters are those of [`sudoku_core::Counters`]: a *try* is one digit the search
//! assigns to its square (a failed `assign` is a try taken back), `nodes = 1 + tries`,
//! `backtracks` = tries taken back. Givens that clash (or that propagation alone proves
//! inconsistent) are rejected at the root: 1 node, no solution.
//!
//! # How it is made fast
//!
//! The tree is exactly the essay's; only the bookkeeping is cheap:
//!
//! - the candidates are 9-bit masks ([`Candidates`](sudoku_core::Candidates)), units and
//!   peers `const` tables;
//! - the recursion of `eliminate` is a work list (squares reduced to one digit, and per
//!   unit the digits it lost), which computes the same state: the two rules only remove
//!   digits, so where they end does not depend on the order they are applied in;
//! - rule 1 finds the peers still holding the digit with one branch-free pass over the
//!   twenty masks, then touches only those;
//! - rule 2 checks all the digits a unit lost at once: one pass over its nine masks
//!   gives the digits with at least one place and those with at least two; a digit
//!   just settled by rule 1 is not checked again in the square's own units, where its
//!   one place is that square;
//! - unwatched, `parse_grid` eliminates the other digits of all the givens before
//!   drawing the consequences once (same state, less work); watched, it assigns them
//!   one at a time, as the essay does;
//! - each try copies the 81 masks (162 bytes) on the stack: no allocation anywhere.
//!
//! # Watching it work
//!
//! Every function takes an [`Observer`]: `&mut ()` watches nothing and costs nothing;
//! a closure `|e: Event| ...` sees each [`Event`] (assign, eliminate, contradiction,
//! try, backtrack, solution).
//!
//! ```
//! use sudoku_core::{Grid, Limits, Solver, Status};
//! use sudoku_norvig::Norvig;
//!
//! let hard1: Grid =
//!     ".....6....59.....82....8....45........3........6..3.54...325..6.................."
//!         .parse()
//!         .unwrap();
//! let out = Norvig.solve(&hard1, &Limits::FIRST.with_max_nodes(1000));
//! assert_eq!(out.status, Status::BudgetExhausted);
//! assert_eq!(out.counters.nodes, 1000);
//! ```
#![deny(missing_docs)]

pub mod essay;
mod observer;
mod propagate;
mod search;

pub use essay::NorvigEssay;
pub use observer::{Contradiction, Event, Observer};
pub use propagate::{assign, eliminate, parse_grid};
pub use search::search;

use sudoku_core::{Grid, Limits, Outcome, Solver};

/// The norvig strategy: [`parse_grid`], then [`search`] (see the crate docs).
#[derive(Debug, Clone, Copy, Default)]
pub struct Norvig;

impl Norvig {
    /// Solves `puzzle` within `limits` as [`Solver::solve`] does, telling `observer`
    /// every step.
    ///
    /// ```
    /// use sudoku_core::{Grid, Limits};
    /// use sudoku_norvig::{Event, Norvig};
    ///
    /// let easy: Grid =
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///         .parse()
    ///         .unwrap();
    /// let mut eliminated = 0;
    /// Norvig.solve_observed(&easy, &Limits::FIRST, &mut |e: Event| {
    ///     if let Event::Eliminate { .. } = e {
    ///         eliminated += 1;
    ///     }
    /// });
    /// assert_eq!(eliminated, 81 * 8); // each square loses eight digits
    /// ```
    pub fn solve_observed<O: Observer>(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut O,
    ) -> Outcome {
        match parse_grid(puzzle, observer) {
            Ok(values) => search(&values, limits, observer),
            Err(_) => Outcome::rejected_at_root(),
        }
    }
}

impl Solver for Norvig {
    fn name(&self) -> &'static str {
        "norvig"
    }

    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        self.solve_observed(puzzle, limits, &mut ())
    }
}
