//! The norvig strategy: Peter Norvig's "Solving Every Sudoku Puzzle", constraint
//! propagation and search, as the Romanian seed essay walks through it.
//!
//! # The essay
//!
//! Every *square* belongs to three *units* (its row, its column, its box), and its
//! *peers* are the other squares of those units (20 on a 9x9 grid). `values` maps each
//! square to the digits it may still hold. Two functions keep `values` consistent, by
//! mutual recursion:
//!
//! - `assign(values, s, d)` eliminates every other digit of square `s`;
//! - `eliminate(values, s, d)` removes `d` from `s` and applies the essay's two rules:
//!   1. a square reduced to a single digit: no peer may hold that digit, so it is
//!      eliminated from all its peers;
//!   2. a unit where a digit has a single place left: the digit must go there, so it
//!      is assigned to that square;
//!
//!   and fails when a square has no digit left or a unit no place left for a digit.
//!
//! `parse_grid` starts with every digit possible in every square and assigns each given
//! in reading order; `search` takes the unfilled square with the fewest possible digits
//! (ties to the first in reading order) and tries its digits in ascending order, each
//! by `assign` on a copy of `values`.
//!
//! The counters are those of [`sudoku_core::Counters`]: a *try* is one digit the search
//! assigns to its square (a failed `assign` is a try taken back), `nodes = 1 + tries`,
//! `backtracks` = tries taken back. Givens that clash (or that propagation alone proves
//! inconsistent) are rejected at the root: 1 node, no solution.
//!
//! # Two versions, one search tree
//!
//! - [`essay`] ([`NorvigEssay`], `norvig-essay` in the catalogue): the essay's code in
//!   its own words and shape, `values` a vector of [`DigitSet`](sudoku_core::DigitSet)s,
//!   units and peers from [`Geometry`](sudoku_core::Geometry), so it reads the same at
//!   every grid size. Read it first.
//! - [`Norvig`] (`norvig`): the fast path. On 9x9 grids it is [`parse_grid`],
//!   [`assign`], [`eliminate`] and [`search()`] of this crate's root, on
//!   [`Candidates`](sudoku_core::Candidates); on the other sizes, the same work list
//!   over run-time tables (below).
//!
//! Both make the same tries in the same order: they are tested equal, counter for
//! counter, on every golden file of the strategy (`cargo test --release -p
//! sudoku-catalogue --test golden -- norvig`), plain and observed, and under node
//! budgets. How the fast path maps to the essay:
//!
//! | the essay | the fast 9x9 path |
//! |---|---|
//! | `values`, a dict of digit strings | 81 9-bit masks ([`Candidates`](sudoku_core::Candidates)), copied on the stack for each try |
//! | `units[s]`, `peers[s]` | the `const` tables of [`sudoku_core::units`] |
//! | `eliminate` calling `eliminate` (rule 1) and `assign` (rule 2) | a work list: squares reduced to one digit, and per unit the digits it lost |
//! | rule 2's `dplaces`, digit by digit | all the digits a unit lost at once, from two masks (`once`, `twice`) |
//! | `parse_grid`: one given after the other | unwatched, all the givens' other digits first, then the consequences once |
//! | `min((len(values[s]), s) ...)` | [`fewest_candidates`](sudoku_core::candidates::fewest_candidates) |
//! | `some(search(assign(values.copy(), s, d)) ...)` | the same loop, counting tries and solutions in a [`Tally`](sudoku_core::Tally) |
//!
//! # How it is made fast
//!
//! The tree is exactly the essay's; only the bookkeeping is cheap:
//!
//! - the candidates are 9-bit masks, units and peers `const` tables;
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
//! # Every grid size
//!
//! [`Norvig`] solves 4x4, 9x9, 16x16 and 25x25 grids (digits `1..=N`). The 9x9 path
//! above is untouched; the other sizes take the same work list with what a size known
//! only at run time needs: `u32` masks, units and peers from
//! [`Geometry`](sudoku_core::Geometry), a growing stack of solved squares, a 128-bit
//! set of units waiting for rule 2, and one copy of the masks (a `Vec`) per try.
//!
//! Why a work list and not the essay version itself: `norvig` is the strategy the
//! benchmarks time, at every size, and the essay's recursion pays for its plainness.
//! Counted with callgrind (limit 1, the solves only), the work list takes about six
//! times fewer instructions: 142 M against 887 M over the first 500 grids of
//! `16x16Dataset.csv`, 15 M against 92 M over `data/25x25.txt`. Timed roughly (release
//! build, a loaded two-core machine), the 3000 grids of `16x16Dataset.csv` take a
//! median of 0.05 ms each (0.3 ms for the essay), and hard1 (9x9, 658,726 nodes) 0.5 s
//! on the 9x9 path (2.4 s for the essay). The work list also keeps the call stack flat
//! (the essay's `eliminate` recurses as deep as a chain of consequences goes).
//!
//! # Watching it work
//!
//! [`Solver::solve_observed`](sudoku_core::Solver::solve_observed) tells an [`Observer`] every step, in core's
//! [`Event`](sudoku_core::Event) vocabulary; [`parse_grid`], [`assign`], [`eliminate`]
//! and [`search()`] take an observer too (`&mut ()` watches nothing and costs nothing:
//! every event is behind [`Observer::active`], which `()` answers `false`, inlined).
//! Each [`Assign`](sudoku_core::Event::Assign) and
//! [`Eliminate`](sudoku_core::Event::Eliminate) carries the [`Rule`](sudoku_core::Rule)
//! that drew it:
//!
//! - `Assign { rule: Given }` for each given (at depth 0), `Assign { rule: Tried }` for
//!   a try (just after its [`Try`](sudoku_core::Event::Try)), `Assign { rule:
//!   HiddenSingle { unit } }` for rule 2; an assign with nothing left to eliminate tells
//!   nothing;
//! - `Eliminate { rule: Assigned }` for the other digits leaving an assigned square,
//!   `Eliminate { rule: NakedSingle }` for rule 1's eliminations from the peers;
//! - [`Try`](sudoku_core::Event::Try) and [`Backtrack`](sudoku_core::Event::Backtrack)
//!   with the try's depth, square and digit, [`Solution`](sudoku_core::Event::Solution),
//!   and [`Contradiction`](sudoku_core::Event::Contradiction) with its reason (an empty
//!   square, or a unit with no place for a digit).
//!
//! Every event carries the depth: how many tries stand. The observed solve gives the
//! same outcome and counters as the plain one; its tries and backtracks count
//! `nodes - 1` and `backtracks`.
//!
//! ```
//! use sudoku_core::{EventCount, Grid, Limits, Solver, Status};
//! use sudoku_norvig::Norvig;
//!
//! let hard1: Grid =
//!     ".....6....59.....82....8....45........3........6..3.54...325..6.................."
//!         .parse()
//!         .unwrap();
//! let limits = Limits::FIRST.with_max_nodes(1000);
//! let mut count = EventCount::default();
//! let out = Norvig.solve_observed(&hard1, &limits, &mut count);
//! assert_eq!(out.status, Status::BudgetExhausted);
//! assert_eq!(out.counters.nodes, 1000);
//! assert_eq!((count.tries, count.backtracks), (999, out.counters.backtracks));
//! assert_eq!(out, Norvig.solve(&hard1, &limits));
//! ```
#![deny(missing_docs)]

pub mod essay;
mod nxn;
mod propagate;
mod search;

pub use essay::NorvigEssay;
pub use propagate::{assign, eliminate, parse_grid};
pub use search::search;

use sudoku_core::{Grid, Limits, Observer, Outcome, Search, Size};

/// The norvig strategy, the fast path: [`parse_grid`], then [`search()`] on 9x9 grids,
/// the same work list over run-time tables on the other sizes (see the crate docs).
///
/// ```
/// use sudoku_core::{Event, Grid, Limits, Rule, Solver};
/// use sudoku_norvig::Norvig;
///
/// let easy: Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse()
///         .unwrap();
/// let (mut eliminated, mut hidden_singles) = (0, 0);
/// Norvig.solve_observed(&easy, &Limits::FIRST, &mut |e: Event| match e {
///     Event::Eliminate { .. } => eliminated += 1,
///     Event::Assign { rule: Rule::HiddenSingle { .. }, .. } => hidden_singles += 1,
///     _ => {}
/// });
/// assert_eq!(eliminated, 81 * 8); // each square loses eight digits
/// assert!(hidden_singles > 0);
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Norvig;

impl Norvig {
    /// The solve, watched by `observer` (`()` for the plain solve).
    fn run<O: Observer + ?Sized>(puzzle: &Grid, limits: &Limits, observer: &mut O) -> Outcome {
        if puzzle.size() != Size::NINE {
            return nxn::solve(puzzle, limits, observer);
        }
        match parse_grid(puzzle, observer) {
            Ok(values) => search(&values, limits, observer),
            Err(_) => Outcome::rejected_at_root(),
        }
    }
}

impl Search for Norvig {
    fn name(&self) -> &'static str {
        "norvig"
    }

    fn search<O: Observer + ?Sized>(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut O,
    ) -> Outcome {
        Norvig::run(puzzle, limits, observer)
    }

    fn supports(&self, _size: Size) -> bool {
        true
    }
}

sudoku_core::solver_from_search!(Norvig);
