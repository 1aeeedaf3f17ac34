//! The dlx strategy: Knuth's Algorithm X on dancing links, over sudoku as an exact
//! cover problem.
//!
//! # The exact cover
//!
//! A sudoku is a set of 324 *columns* (constraints), each to be covered exactly once,
//! and 729 *rows* (candidates), each covering four columns. The columns come in this
//! order, each group in reading order:
//!
//! 1. cell `(r, c)`: the cell holds a digit (81 columns);
//! 2. row-digit `(r, d)`: row `r` holds `d` (81);
//! 3. column-digit `(c, d)`: column `c` holds `d` (81);
//! 4. box-digit `(b, d)`: box `b` holds `d` (81).
//!
//! Row `(r, c, d)` puts digit `d` in cell `(r, c)`; rows are linked into each column
//! top to bottom in ascending `(r, c, d)` order.
//!
//! # Dancing links
//!
//! As in Knuth's "Dancing Links" paper, each 1 of the matrix is a node with four
//! links (left, right, up, down) and the column it belongs to; each column has a
//! header holding its size, and the headers of the columns still to be covered form a
//! circular list around the root `h`. Here the links are `u16` indices into flat
//! arrays, and since rows are never unlinked horizontally, the four nodes of a row sit
//! side by side, so "the other nodes of row `i`" are found by index arithmetic.
//!
//! - *cover column c*: remove `c` from the header list, and remove every row of `c`
//!   from the other columns it lies in;
//! - *uncover column c*: put them all back, in exactly the reverse order, so that the
//!   links *dance* back to where they were.
//!
//! # Algorithm X
//!
//! Before the search, each given's row is selected, in reading order, by covering its
//! four columns; a given whose row is already gone (one of its columns is covered)
//! means the givens clash, and the puzzle is rejected at the root (1 node). Then:
//!
//! 1. if the header list is empty, the rows chosen so far (and the givens) are a
//!    solution;
//! 2. otherwise choose a column `c` deterministically by Knuth's *S heuristic*: the
//!    column with the fewest rows, ties going to the first in column order;
//! 3. cover `c`, and for each row `r` of `c`, top to bottom (each one a *try*):
//!    select `r` by covering the other columns of `r`, search one level deeper, then
//!    unselect `r` by uncovering those columns in reverse order (a *backtrack*);
//! 4. uncover `c`.
//!
//! The search is iterative, with an explicit stack of the rows chosen on each level,
//! and allocates nothing.
//!
//! The S heuristic reads the sizes from a flat array indexed by header, where a
//! covered column carries a flag bit that puts it above every real size; since
//! covering never reorders the header list, array order is column order, and "the
//! fewest rows, the first in column order" is the first index of the array's
//! minimum: one branch-free SIMD pass over 336 bytes finds the minimum, a second one
//! its first index, 16 bytes at a time, instead of a walk down the header list one
//! link at a time. A minimum of 0 is a dead end (the node
//! fails without a try); the header list says when every column is covered.
//!
//! # Restoring the matrix
//!
//! The full 729-row matrix is built once, at compile time ([`Dlx`] holds nothing).
//! Each solve starts from a copy of it on the stack (a 14 KB `memcpy`). Two other
//! ways were measured on the same puzzles: relinking the 729 rows for every solve,
//! and one shared matrix put back after each solve by uncovering the rows still
//! standing and then the givens. The copy was the fastest: on 17-clue puzzles 14-15
//! µs of CPU per puzzle against 22-23 for either of the others (and 58.6 against
//! 74.4 million instructions for 500 puzzles against uncovering), a few per cent
//! ahead on top1465; and it leaves nothing shared between threads to restore.
#![deny(missing_docs)]

mod any_size;
pub mod essay;
mod links;
mod nine;
mod search;

use sudoku_core::size::MAX_CELLS;
use sudoku_core::units::CELLS;
use sudoku_core::{Grid, Limits, Observer, Outcome, Size, Solver};

use crate::any_size::AnySize;
pub use crate::essay::DlxEssay;

/// The number of columns (constraints) of the 9x9 exact cover.
pub const COLUMNS: usize = nine::LAYOUT.columns;
/// The number of rows (candidates `(r, c, d)`) of the 9x9 exact cover.
pub const ROWS: usize = nine::LAYOUT.rows;

/// The dlx strategy: Algorithm X on dancing links with Knuth's S heuristic.
///
/// A *try* is a row of the matrix selected by the search (the givens' rows are
/// selected before the search and are not tries).
///
/// ```
/// use sudoku_core::{Grid, Limits, Solver};
/// use sudoku_dlx::Dlx;
/// let polish: Grid =
///     ".58.....317..5...8......1...........4.7.8...6.83.6..1791...3.7...6....8........34"
///         .parse()
///         .unwrap();
/// let out = Dlx.solve(&polish, &Limits::FIRST);
/// assert_eq!((out.counters.nodes, out.counters.backtracks), (57, 0));
/// assert!(out.solution.unwrap().is_solution_of(&polish));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Dlx;

impl Solver for Dlx {
    fn name(&self) -> &'static str {
        "dlx"
    }

    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        solve(puzzle, limits, &mut ())
    }

    fn solve_observed(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut dyn Observer,
    ) -> Outcome {
        solve(puzzle, limits, observer)
    }

    /// Every size: 9x9 on its compile-time matrix, the others on one built per size.
    fn supports(&self, _size: Size) -> bool {
        true
    }
}

/// The solve of [`Dlx`], watched by `observer` (`()` for the plain one).
#[inline(always)]
fn solve<O: Observer + ?Sized>(puzzle: &Grid, limits: &Limits, observer: &mut O) -> Outcome {
    if puzzle.size() != Size::NINE {
        return solve_any_size(puzzle, limits, observer);
    }
    let mut m = nine::PRISTINE;
    let mut chosen = [0u16; CELLS.next_power_of_two()];
    search::solve(&mut m, &mut chosen, puzzle, limits, observer)
}

/// The solve of [`Dlx`] for the sizes other than 9x9.
fn solve_any_size<O: Observer + ?Sized>(
    puzzle: &Grid,
    limits: &Limits,
    observer: &mut O,
) -> Outcome {
    let mut m = AnySize::pristine(puzzle.size()).clone();
    let mut chosen = [0u16; MAX_CELLS.next_power_of_two()];
    search::solve(&mut m, &mut chosen, puzzle, limits, observer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Event;

    /// The events of the search on `m`.
    fn events_on<M: links::Links>(mut m: M, puzzle: &Grid, limits: &Limits) -> Vec<Event> {
        let mut events = Vec::new();
        let mut record = |e: Event| events.push(e);
        let mut chosen = [0u16; MAX_CELLS.next_power_of_two()];
        search::solve(&mut m, &mut chosen, puzzle, limits, &mut record);
        events
    }

    #[test]
    fn the_size_generic_matrix_takes_the_same_steps_as_the_nine_by_nine_one() {
        let spanish: Grid = sudoku_testkit::seeds::SPANISH_2.parse().unwrap();
        for limits in [Limits::FIRST, Limits::UNIQUENESS] {
            let nine = events_on(nine::PRISTINE, &spanish, &limits);
            let any = events_on(AnySize::pristine(Size::NINE).clone(), &spanish, &limits);
            assert!(nine.iter().any(|e| e.is_backtrack()));
            assert_eq!(nine, any);
        }
    }
}
