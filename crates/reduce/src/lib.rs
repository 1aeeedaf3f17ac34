//! The reduce strategy: *eliminate* and *only choice* repeated until they stall, then search.
//!
//! This is the algorithm of the Udacity AI sudoku agent, as the Spanish and Chinese
//! essays retell it. The essay calls a cell a *box*; this crate says *square* (Norvig's
//! word) in the essay's functions and *cell* elsewhere, as the rest of the project does,
//! and keeps *box* for the `b`×`b` boxes of the grid (a 3×3 box in a 9x9 grid).
//!
//! # The essay
//!
//! The candidate grid is the essay's `values` ([`Values`]): for each square, the digits it
//! may still hold. It starts from `grid_values` ([`Values::from_grid`]): each given holds
//! its digit, each empty square all of them. Four functions solve the puzzle, each in
//! this crate under the essay's name, at every grid size (each also takes the search
//! depth and an [`Observer`] to tell its steps to; `0, &mut ()` watches nothing):
//!
//! - [`eliminate`]: *if a square has a value assigned, then none of the peers of this
//!   square can have this value*;
//! - [`only_choice`]: *if there is only one square in a unit which would allow a certain
//!   digit, then that square must be assigned that digit*;
//! - [`reduce_puzzle`]: *iterate `eliminate()` and `only_choice()`; if at some point there
//!   is a square with no available values, return False; if after an iteration of both
//!   functions the sudoku remains the same, return the sudoku*;
//! - [`search`]: *using depth-first search and propagation, create a search tree*:
//!   reduce the puzzle (a contradiction is a dead end; every square single is a
//!   solution), choose one of the unfilled squares with the fewest possibilities, and
//!   try each of its values in turn on a copy of the grid.
//!
//! The exact order of every loop decides the counts (`../shared/reference/README.md`):
//! the solved squares of an eliminate pass are those solved at its start, in reading
//! order; only choice walks the units rows → columns → boxes and digits `1..=N`, and
//! sees its own changes at once; the search branches on the first square (reading
//! order) of fewest candidates, its digits ascending. A *try* is one value put in the
//! chosen square of a copy of the grid (`nodes = 1 + tries`); a try whose subtree does
//! not end the search is a backtrack. A puzzle whose givens clash
//! ([`Grid::givens_clash`]) has no solution and costs one node.
//!
//! ```
//! use sudoku_core::{Grid, Limits, Solver};
//! use sudoku_reduce::{reduce_puzzle, Reduce, ReduceEssay, Values};
//!
//! let grid: Grid =
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!         .parse()
//!         .unwrap();
//! let mut values = Values::from_grid(&grid);
//! assert_eq!(reduce_puzzle(&mut values, 0, &mut ()), Ok(()));
//! assert!(values.is_solved());
//! assert_eq!(values.to_grid().to_line()[..9], *"483921657");
//!
//! let fast = Reduce.solve(&grid, &Limits::FIRST);
//! assert_eq!(fast, ReduceEssay.solve(&grid, &Limits::FIRST));
//! assert_eq!(fast.counters.nodes, 1);
//! ```
//!
//! # Two solvers
//!
//! [`ReduceEssay`] (`reduce-essay`) runs the essay's [`search`] as written. [`Reduce`]
//! (`reduce`) runs the same loop on a 9x9 board of 9-bit masks kept incrementally, with
//! the same counts, puzzle by puzzle (the tests check the two against each other and
//! against the golden files). The fast board maps to the rules so:
//!
//! - *eliminate* visits only the *fresh* cells, those solved since the last pass: the
//!   older solved cells were already eliminated from their peers, and eliminating them
//!   again removes nothing;
//! - *only choice* visits only the *dirty* units, those with a cell changed since it
//!   last looked at them (on an unchanged unit it changes nothing again), and counts
//!   the places of all nine digits of a unit at once (digits seen once and not yet
//!   placed in the unit);
//! - *reduce puzzle* stops when neither rule solved a cell (the essay's count stayed
//!   the same), and fails as soon as eliminate empties a cell;
//! - *search* takes the unfilled cell of fewest candidates by core's
//!   [`fewest_candidates`](sudoku_core::candidates::fewest_candidates) scan, and tries
//!   each digit on a copy of the board (the board is `Copy`: a copy is a few hundred
//!   bytes on the stack).
//!
//! # Watching
//!
//! Both solvers tell an [`Observer`] every step ([`Solver::solve_observed`](sudoku_core::Solver::solve_observed)), in the
//! shared [`Event`] vocabulary: the cell the search branches on as an [`Event::Choose`]
//! (the first of fewest candidates, and how many it has), each [`Event::Try`] followed by
//! its [`Event::Assign`] by [`Rule::Tried`], each digit eliminate removes as an
//! [`Event::Eliminate`] by [`Rule::NakedSingle`] (by [`Rule::Given`] in the root's first
//! pass, over the givens alone), each square only choice fills as an
//! [`Event::Assign`] by [`Rule::HiddenSingle`] of its unit, a dead end as an
//! [`Event::Contradiction`] with [`Contradiction::EmptyCell`], a solution as an
//! [`Event::Solution`], and a try taken back as an [`Event::Backtrack`]. The two
//! streams carry the same tries, backtracks, solutions and assignments, in the same
//! order, and the same eliminations pass for pass (the essay removes them in reading
//! order of the solved squares, the board in the order the cells were solved); at a
//! dead end the board stops at the first cell it empties, where the essay finishes the
//! iteration and names the first empty square. The tests replay both streams step by
//! step (each removal must remove a digit the cell holds, each only-choice assignment
//! must fill the one place left in its unit, ...) and compare them.
//!
//! The search is written once, generic over the observer: the plain solve runs it with
//! `()`, whose [`Observer::active`] is `false`, so it builds no event at all and costs
//! what it cost before it could be watched.
//!
//! ```
//! use sudoku_core::{Event, Grid, Limits, Rule, Solver};
//! use sudoku_reduce::Reduce;
//!
//! let grid: Grid =
//!     "2.............62....1....7......8...3...9...7...6..4...4....8....52.............3"
//!         .parse()
//!         .unwrap();
//! let mut events = Vec::new();
//! let out = Reduce.solve_observed(&grid, &Limits::FIRST, &mut |e: Event| events.push(e));
//! let tries = events.iter().filter(|e| e.is_try()).count() as u64;
//! assert_eq!(tries + 1, out.counters.nodes);
//! let hidden = |e: &&Event| matches!(e, Event::Assign { rule: Rule::HiddenSingle { .. }, .. });
//! assert!(events.iter().filter(hidden).count() > 0);
//! assert_eq!(events.last(), Some(&Event::Solution { depth: 16 }));
//! ```
//!
//! # Beyond 9×9
//!
//! Both solvers take every grid size (4x4 to 25x25): the essay's functions work on a
//! [`Values`] of any [`Size`], over core's [`Geometry`](sudoku_core::Geometry) (N rows,
//! N columns, N boxes, digits `1..=N`). [`Reduce`] keeps its board for 9x9 only, where
//! its speed comes from `const` unit tables, 9-bit masks and the 27 units in one `u32`,
//! and runs the essay's [`search`] at the other sizes. A second incremental board over
//! run-time tables (25-bit masks, 75 units) would be a second copy of the same
//! algorithm to keep equal to the essay, for corpora the essay already solves quickly:
//! the 16x16 golden puzzles are solved by propagation alone (one node each, about a
//! millisecond a puzzle), and the eight 25x25 test puzzles take 429 nodes in all (about
//! a millisecond a node: half a second, release build).
//!
//! [`Event`]: sudoku_core::Event
//! [`Event::Choose`]: sudoku_core::Event::Choose
//! [`Event::Try`]: sudoku_core::Event::Try
//! [`Event::Assign`]: sudoku_core::Event::Assign
//! [`Event::Eliminate`]: sudoku_core::Event::Eliminate
//! [`Event::Contradiction`]: sudoku_core::Event::Contradiction
//! [`Event::Solution`]: sudoku_core::Event::Solution
//! [`Event::Backtrack`]: sudoku_core::Event::Backtrack
//! [`Rule::Tried`]: sudoku_core::Rule::Tried
//! [`Rule::NakedSingle`]: sudoku_core::Rule::NakedSingle
//! [`Rule::Given`]: sudoku_core::Rule::Given
//! [`Rule::HiddenSingle`]: sudoku_core::Rule::HiddenSingle
//! [`Contradiction::EmptyCell`]: sudoku_core::Contradiction::EmptyCell
#![deny(missing_docs)]

mod board;
mod essay;
mod values;

pub use essay::{eliminate, only_choice, reduce_puzzle, search};
pub use values::Values;

use sudoku_core::{Grid, Limits, Observer, Outcome, Size, Tally};

/// The reduce strategy, fast: [`reduce_puzzle`] to a fixed point, then depth-first
/// search on the cell with the fewest possibilities, on an incremental 9x9 board (the
/// essay's [`search`] at the other sizes). The same counts as [`ReduceEssay`].
#[derive(Debug, Clone, Copy, Default)]
pub struct Reduce;

impl sudoku_core::Search for Reduce {
    fn name(&self) -> &'static str {
        "reduce"
    }

    fn search<O: Observer + ?Sized>(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut O,
    ) -> Outcome {
        solve_with(puzzle, limits, observer, true)
    }

    fn supports(&self, _size: Size) -> bool {
        true
    }
}

sudoku_core::solver_from_search!(Reduce);

/// The reduce strategy as the essay writes it: [`search`] on the essay's [`Values`], at
/// every grid size; the plain version that [`Reduce`] must equal, counter for counter.
#[derive(Debug, Clone, Copy, Default)]
pub struct ReduceEssay;

impl sudoku_core::Search for ReduceEssay {
    fn name(&self) -> &'static str {
        "reduce-essay"
    }

    fn search<O: Observer + ?Sized>(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut O,
    ) -> Outcome {
        solve_with(puzzle, limits, observer, false)
    }

    fn supports(&self, _size: Size) -> bool {
        true
    }
}

sudoku_core::solver_from_search!(ReduceEssay);

/// Rejects clashing givens at the root, then searches: on the fast board when `fast`
/// and the grid is 9x9, with the essay's [`search`] otherwise.
#[inline]
fn solve_with<O: Observer + ?Sized>(
    puzzle: &Grid,
    limits: &Limits,
    observer: &mut O,
    fast: bool,
) -> Outcome {
    if puzzle.givens_clash() {
        return Outcome::rejected_at_root();
    }
    let mut tally = Tally::new(limits);
    if fast && puzzle.size() == Size::NINE {
        board::solve(puzzle, &mut tally, observer);
    } else {
        search(Values::from_grid(puzzle), 0, &mut tally, observer);
    }
    tally.outcome()
}

/// Tells `observer` the event `event` builds, if it watches: the plain solve's `()`
/// does not, so the event is never built. A macro rather than a function taking a
/// closure: with closures, the optimised (LTO) plain search ran about 2% more
/// instructions, spilling the board's address out of the eliminate loop.
macro_rules! tell {
    ($observer:expr, $event:expr) => {
        if $observer.active() {
            $observer.event($event);
        }
    };
}
pub(crate) use tell;
