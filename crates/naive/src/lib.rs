//! The naive strategy: plain backtracking, the algorithm of the Polish seed essay.
//!
//! # The essay's algorithm
//!
//! The essay's program is three ideas, each a small function over the grid array:
//!
//! 1. **find the empty location**: the first empty cell in reading order (row by row,
//!    left to right);
//! 2. **is the location safe** for a digit: the digit is not *used in the row*, not
//!    *used in the column* and not *used in the box* of the location;
//! 3. **solve**: with no empty location left, the grid is a solution. Otherwise, for each
//!    digit **1 to N, ascending**, that is safe in the empty location: **place** it (a
//!    *try*) and solve the rest; when that fails, **take it back** (a *backtrack*) and go
//!    on with the next digit. When no digit is left, this location fails and the failure
//!    goes back to the location before it.
//!
//! The counters are those of [`sudoku_core::Counters`]: `nodes = 1 + tries`,
//! `backtracks` = tries taken back; the tries still standing when the search stops (at
//! the solution limit or the node budget) are not backtracks. Givens that clash are
//! rejected at the root (1 node, no solution).
//!
//! # Two versions, one tree
//!
//! - [`NaiveEssay`] (`naive-essay` in the catalogue, module [`essay`]) is the essay's
//!   program in its own names: `find_empty_location`, `is_location_safe` with
//!   `used_in_row`, `used_in_column`, `used_in_box`, and a recursive `solve`, at any
//!   size (N the side, b the side of a box). It is the reference the fast path is
//!   tested against: the same outcome and the same event stream, try for try.
//! - [`Naive`] is the fast path: the same tree, node for node and in the same order,
//!   with cheap bookkeeping (below): some 20 times faster than the essay version on
//!   9x9 grids, a hundred times on 25x25 ones.
//!
//! # How the fast path maps to the essay
//!
//! - *used in the row, the column, the box*: the digits each row, column and box still
//!   lacks are kept as masks, so the safe digits of a cell are `row & column & box`, one
//!   load of each, instead of a scan of the three units per digit;
//! - *find the empty location*: the empty cells are listed once, in reading order, with
//!   the indexes of their row, column and box masks, so the first empty cell of the grid
//!   at depth `k` is simply the `k`-th entry of that list (the cells before it are all
//!   filled);
//! - *digits 1 to N, ascending*: the safe digits are walked lowest bit first
//!   (`mask & mask.wrapping_neg()`);
//! - *solve, recursively*: a loop over an explicit stack of fixed arrays: no allocation,
//!   no call per node, no bounds check;
//! - *look ahead*, two cells deep: the safe digits of the next two empty cells are known
//!   before a digit is placed here, and the digit only takes itself away from them. A
//!   try that would leave the next cell no safe digit is a node that fails at once: it
//!   is counted (a try, then a backtrack) without writing to the masks. A try that
//!   would leave the cell after the next without a safe digit is a node whose every try
//!   fails at once: those tries are counted together (one per safe digit of the next
//!   cell), then the try here is taken back. The nodes are the essay's, in its order;
//!   only the ones known to fail at once are counted rather than entered;
//! - *take it back*: late. When the search comes back to a cell, its digit leaves the
//!   masks in the same toggle that puts the next digit in;
//! - the node budget is a countdown of the tries still allowed, one decrement and one
//!   test per try, in the essay's order, so the search stops at the essay's try;
//! - the clash of two givens is seen while the givens are loaded into the masks: a
//!   given's digit leaves its units by a toggle, which is right only when they still
//!   lack it, so the test of [`Grid::givens_clash`] is made there anyway, without a
//!   second pass over the cells.
//!
//! # Watching the fast path
//!
//! [`Solver::solve_observed`](sudoku_core::Solver::solve_observed) runs the same loop as [`Solver::solve`](sudoku_core::Solver::solve), generic over the
//! [`Observer`]: every event is built under `if observer.active()`, and the plain solve
//! runs it with `()`, whose `active` is a constant `false`, so it compiles to the loop
//! without any event (the same instruction count as before the events existed, under
//! callgrind). The events are the shared ones: [`Event::Try`](sudoku_core::Event::Try)
//! and [`Event::Backtrack`](sudoku_core::Event::Backtrack) with depth, cell and digit,
//! [`Event::Solution`](sudoku_core::Event::Solution), and an
//! [`Event::Contradiction`](sudoku_core::Event::Contradiction) with
//! [`EmptyCell`](sudoku_core::Contradiction::EmptyCell) when an empty location has no
//! safe digit. The tries the look ahead counts without entering them are told one by
//! one, each with its dead end and its backtrack, where the essay meets them: the
//! stream is the essay version's, event for event. One loop rather than a second, plain
//! loop for watching: a single search to keep equal to the essay, and the look ahead
//! costs the observer nothing it would not see anyway.
//!
//! # Every size
//!
//! Both versions solve 4x4 to 25x25 grids. The fast loop is written once, generic over
//! the type of a depth and the length of its tables: `u8` depths and tables of 256
//! entries for grids of at most 81 cells (4x4, and 9x9, the classic path, whose code is
//! unchanged), `usize` depths masked to tables of 1024 entries for 16x16 and 25x25 (up to
//! 625 empty cells); the masks are `u32` at every size. A generic fast loop rather than
//! the essay's search for the large grids: on them the first-empty-cell search almost
//! always runs into the node budget, and the default budget (200 million nodes) must
//! stay within seconds: the fast loop goes as fast on a 25x25 grid as on a 9x9 one
//! (50 million nodes in under a second), the essay's scans of three units of 25 cells
//! per digit a hundred times slower.
//!
//! ```
//! use sudoku_core::{Grid, Limits, Solver, Status};
//! use sudoku_naive::{Naive, NaiveEssay};
//!
//! let polish: Grid =
//!     ".58.....317..5...8......1...........4.7.8...6.83.6..1791...3.7...6....8........34"
//!         .parse()
//!         .unwrap();
//! let out = Naive.solve(&polish, &Limits::FIRST);
//! assert_eq!(out.status, Status::Solved);
//! assert_eq!((out.counters.nodes, out.counters.backtracks), (301535, 301478));
//!
//! // Watching: one event per try, one per backtrack.
//! let mut tries = 0;
//! let watched = Naive.solve_observed(&polish, &Limits::FIRST, &mut |e: sudoku_core::Event| {
//!     tries += u64::from(e.is_try())
//! });
//! assert_eq!((watched, tries), (out, 301534));
//!
//! // A 4x4 grid, and the essay version agrees.
//! let small: Grid = "1... .... .... ...4".parse().unwrap();
//! let out = Naive.solve(&small, &Limits::UNIQUENESS);
//! assert_eq!(out, NaiveEssay.solve(&small, &Limits::UNIQUENESS));
//! assert_eq!(out.solutions, 2);
//! ```
#![deny(missing_docs)]

pub mod essay;
mod search;

pub use essay::NaiveEssay;

use sudoku_core::{Grid, Limits, Observer, Outcome, Search, Size};

/// The naive strategy: first empty cell in reading order, digits 1..N ascending, a digit
/// placed only when no cell of its row, column or box holds it (see the crate docs).
#[derive(Debug, Clone, Copy, Default)]
pub struct Naive;

impl Search for Naive {
    fn name(&self) -> &'static str {
        "naive"
    }

    fn search<O: Observer + ?Sized>(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut O,
    ) -> Outcome {
        search::solve(puzzle, limits, observer)
    }

    /// Every size, 4x4 to 25x25.
    fn supports(&self, _size: Size) -> bool {
        true
    }
}

sudoku_core::solver_from_search!(Naive);
