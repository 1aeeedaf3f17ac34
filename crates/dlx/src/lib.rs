//! The dlx strategy: Knuth's Algorithm X on dancing links, over sudoku as an exact
//! cover problem, at every grid size.
//!
//! # The exact cover
//!
//! A sudoku of side `N` (box `b`×`b`, `N = b²`) is a set of `4N²` *columns*
//! (constraints), each to be covered exactly once, and `N³` *rows* (candidates), each
//! covering four columns: 324 columns and 729 rows for 9x9. The columns come in this
//! order, each group in reading order:
//!
//! 1. cell `(r, c)`: the cell holds a digit;
//! 2. row-digit `(r, d)`: row `r` holds `d`;
//! 3. column-digit `(c, d)`: column `c` holds `d`;
//! 4. box-digit `(x, d)`: box `x` holds `d`.
//!
//! Row `(r, c, d)` puts digit `d` in cell `(r, c)` ([`essay::columns_of`] gives its
//! columns); rows are linked into each column top to bottom in ascending `(r, c, d)`
//! order.
//!
//! # Algorithm X
//!
//! Before the search, each given's row is selected, in reading order, by covering its
//! four columns; a given whose row is already gone (one of its columns is covered)
//! means the givens clash, and the puzzle is rejected at the root (1 node). Then
//! Knuth's `search(k)`, with `k` rows chosen so far:
//!
//! 1. if every column is covered, the rows chosen (and the givens) are a solution;
//! 2. otherwise choose a column `c` deterministically by Knuth's *S heuristic*: the
//!    column with the fewest rows, ties going to the first in column order;
//! 3. cover `c`, and for each row `r` of `c`, top to bottom (each one a *try*):
//!    select `r` by covering the other columns of `r`, `search(k + 1)`, then
//!    unselect `r` by uncovering those columns in reverse order (a *backtrack*);
//! 4. uncover `c`.
//!
//! *Dancing links* make covering and uncovering cheap: each 1 of the matrix is a node
//! in two circular lists, its row and its column; *cover column c* takes `c` out of
//! the list of column headers and every row of `c` out of the other columns it lies
//! in, and *uncover* puts them back in exactly the reverse order, so that the links
//! dance back to where they were.
//!
//! # The essay, and the fast path beside it
//!
//! The [`essay`] module is the algorithm in the words of the paper ("Dancing Links",
//! 2000): data and column objects with the fields `L`, `R`, `U`, `D`, `C`, `S`, `N`,
//! and the recursive `search(k)` line by line; [`DlxEssay`] (`dlx-essay`) solves with
//! it, and is tested equal to [`Dlx`] on every golden file, counter for counter, and
//! step for step on the seed puzzles (the covers of a row compared as a set). Read it
//! first. [`Dlx`] is the same algorithm, arranged for speed:
//!
//! | the paper | the fast path |
//! |---|---|
//! | objects linked by pointers | `u16` indices into flat arrays |
//! | `L[x]`, `R[x]` of a data object | none: rows are never unlinked horizontally, so a row's four nodes sit side by side, aligned on 4, and the others of node `i` are `i ^ 1`, `i ^ 2`, `i ^ 3` |
//! | `C[x]` | a static table, never copied |
//! | `S[c]` | a byte per header; a covered column carries a flag bit (`0x80`) above any size |
//! | the S heuristic walks `R[h]`, `R[R[h]]`, ... | one SIMD pass over the sizes for the minimum, one for its first index (array order is column order, covering never reorders the list); a minimum of 0 is a dead end, left without covering it |
//! | `search(k)` recursive, `O_k` | one loop over an explicit stack of the rows tried |
//! | cover `C[j]` for `j ← R[r]`, ... | cover `C[r ^ 1]`, `C[r ^ 2]`, `C[r ^ 3]`: the same columns in another order, the same matrix after |
//! | a given whose row is gone | one of its columns carries the covered flag: the check reads flags the covering wrote, at no cost |
//!
//! # Restoring the matrix
//!
//! The full 9x9 matrix is built once, at compile time ([`Dlx`] holds nothing). Each
//! solve starts from a copy of it on the stack (a 14 KB `memcpy`). Two other ways were
//! measured on the same puzzles: relinking the 729 rows for every solve, and one shared
//! matrix put back after each solve by uncovering the rows still standing and then the
//! givens. The copy was the fastest: on 17-clue puzzles 14-15 µs of CPU per puzzle
//! against 22-23 for either of the others (and 58.6 against 74.4 million instructions
//! for 500 puzzles against uncovering), a few per cent ahead on top1465; and it leaves
//! nothing shared between threads to restore.
//!
//! # Every grid size
//!
//! The matrix code is written once, over its storage: 9x9 keeps its compile-time
//! matrix in fixed arrays whose every length and offset is a constant (callgrind
//! counts no more instructions for it than before the other sizes came), and the other
//! sizes use the same flat arrays in boxed slices, built on the first solve of a size,
//! kept for the life of the program and cloned for each solve. `u16` links are enough
//! at every size: 25x25 has 65,004 nodes (a compile-time assertion keeps it so).
//!
//! Why not let the essay solve the other sizes: it builds its matrix for every solve
//! (62,500 objects at 25x25) and walks the header list, up to 2,500 columns, at every
//! node. Measured roughly on this machine (first solution, median per puzzle): the
//! 2,999 puzzles of `16x16Dataset.csv` 56 µs for [`Dlx`] against 302 µs for the essay;
//! the eight 25x25 puzzles of `data/25x25.txt` 0.4 ms against 12 ms.
//!
//! # Watching the search
//!
//! [`Solver::solve_observed`](sudoku_core::Solver::solve_observed) reports every step in the shared
//! [`Event`](sudoku_core::Event) vocabulary, at the depth of the tries standing:
//!
//! - `Cover { depth: 0, column }` for the four columns of each given, in reading order;
//! - at a level with `k` tries standing: `Solution { depth: k }`, or
//!   `Contradiction { depth: k, reason: EmptyColumn { column } }` for the first column
//!   with no row left, or `Cover { depth: k, column }` for the column chosen;
//! - for each row of that column: `Try { depth: k + 1, cell, digit }`, the covers of its
//!   other columns at `k + 1`, the level below, then (if the search goes on) their
//!   uncovers at `k + 1` and `Backtrack { depth: k + 1, cell, digit }`;
//! - `Uncover { depth: k, column }` once the column's rows are all tried.
//!
//! Columns are 0-based in column order. The search is written once, generic over its
//! observer: the plain solve runs it with `()`, whose `active()` is a constant `false`,
//! so every report compiles away and the plain solve costs what it did before.
#![deny(missing_docs)]

mod any_size;
pub mod essay;
mod links;
mod nine;
mod search;

use sudoku_core::size::MAX_CELLS;
use sudoku_core::units::CELLS;
use sudoku_core::{Grid, Limits, Observer, Outcome, Search, Size};

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

impl Search for Dlx {
    fn name(&self) -> &'static str {
        "dlx"
    }

    fn search<O: Observer + ?Sized>(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut O,
    ) -> Outcome {
        solve(puzzle, limits, observer)
    }

    /// Every size: 9x9 on its compile-time matrix, the others on one built per size.
    fn supports(&self, _size: Size) -> bool {
        true
    }
}

sudoku_core::solver_from_search!(Dlx);

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
    let mut m = any_size::pristine(puzzle.size()).clone();
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
            let any = events_on(any_size::pristine(Size::NINE).clone(), &spanish, &limits);
            assert!(nine.iter().any(|e| e.is_backtrack()));
            assert_eq!(nine, any);
        }
    }
}
