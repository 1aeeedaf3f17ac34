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

use sudoku_core::{Grid, Limits, Outcome, Solver, Tally};

/// The number of columns (constraints) of the exact cover.
pub const COLUMNS: usize = 324;
/// The number of rows (candidates `(r, c, d)`) of the exact cover.
pub const ROWS: usize = 729;

/// The root `h` of the header list.
const ROOT: usize = 0;
/// Headers: the root, then header `j + 1` for column `j`.
const HEADERS: usize = COLUMNS + 1;
/// Column sizes, indexed by header, padded to whole 16-byte chunks for the scan.
const SIZES: usize = HEADERS.next_multiple_of(16);
/// The first node of the first row: rows are 4 nodes each, aligned on 4, so the other
/// nodes of node `i`'s row are `i ^ 1`, `i ^ 2` and `i ^ 3`.
const FIRST_NODE: usize = HEADERS.next_multiple_of(4);
/// Nodes: headers, padding, then the rows.
const NODES: usize = FIRST_NODE + 4 * ROWS;
/// The bit set in the size of a covered column (sizes are at most 9), so that the
/// smallest size is always an uncovered column's.
const COVERED: u8 = 0x80;

/// One less than the length of the stack of chosen rows (a power of two above 81).
const MAX_LEVEL: usize = 127;

/// The four columns of row `(r, c, d)` (0-based), in column order.
const fn columns_of(row: usize) -> [usize; 4] {
    let cell = row / 9;
    let d = row % 9;
    let (r, c) = (cell / 9, cell % 9);
    let b = (r / 3) * 3 + c / 3;
    [cell, 81 + r * 9 + d, 162 + c * 9 + d, 243 + b * 9 + d]
}

/// The column header of every node (a header is its own column).
static TOP: [u16; NODES] = TOP_TABLE;

/// [`TOP`] as a constant, for building [`PRISTINE`] at compile time.
const TOP_TABLE: [u16; NODES] = {
    let mut top = [0u16; NODES];
    let mut h = 0;
    while h < HEADERS {
        top[h] = h as u16;
        h += 1;
    }
    let mut row = 0;
    while row < ROWS {
        let cols = columns_of(row);
        let mut k = 0;
        while k < 4 {
            top[FIRST_NODE + 4 * row + k] = (cols[k] + 1) as u16;
            k += 1;
        }
        row += 1;
    }
    top
};

/// The dancing-links matrix: the up/down links of every node, the left/right links of
/// the headers, and the column sizes.
#[derive(Clone, Copy)]
struct Matrix {
    /// `[up, down]` of every node.
    ud: [[u16; 2]; NODES],
    /// `[left, right]` of every header (and the root).
    lr: [[u16; 2]; HEADERS],
    /// The number of rows of each column, with [`COVERED`] set while it is covered
    /// (the root and the padding are always "covered").
    size: [u8; SIZES],
}

/// The full matrix, before any given is selected.
static PRISTINE: Matrix = Matrix::full();

/// What the S heuristic found on entering a level.
enum Choice {
    /// Every column is covered: the rows chosen are a solution.
    Solution,
    /// Some column has no row left: a dead end.
    DeadEnd,
    /// The column to branch on.
    Column(usize),
}

impl Matrix {
    /// Links all 729 rows into their columns, top to bottom in ascending order.
    const fn full() -> Matrix {
        let mut m = Matrix {
            ud: [[0; 2]; NODES],
            lr: [[0; 2]; HEADERS],
            size: [COVERED | 0x7f; SIZES],
        };
        // The header list: root, then columns 1..=324 in column order.
        let mut h = 0;
        while h < HEADERS {
            m.lr[h] = [
                if h == 0 { COLUMNS } else { h - 1 } as u16,
                if h == COLUMNS { 0 } else { h + 1 } as u16,
            ];
            m.ud[h] = [h as u16, h as u16];
            if h != ROOT {
                m.size[h] = 0;
            }
            h += 1;
        }
        // Append each row's nodes at the bottom of their columns.
        let mut node = FIRST_NODE;
        while node < NODES {
            let h = TOP_TABLE[node] as usize;
            let last = m.ud[h][0] as usize;
            m.ud[node] = [last as u16, h as u16];
            m.ud[last][1] = node as u16;
            m.ud[h][0] = node as u16;
            m.size[h] += 1;
            node += 1;
        }
        m
    }

    #[inline(always)]
    fn up(&self, node: usize) -> usize {
        self.ud[node][0] as usize
    }

    #[inline(always)]
    fn down(&self, node: usize) -> usize {
        self.ud[node][1] as usize
    }

    #[inline(always)]
    fn right(&self, header: usize) -> usize {
        self.lr[header][1] as usize
    }

    /// Takes node `j` out of its column (its row stays linked horizontally).
    #[inline(always)]
    fn unlink_vertically(&mut self, j: usize) {
        let [u, d] = self.ud[j];
        self.ud[u as usize][1] = d;
        self.ud[d as usize][0] = u;
        self.size[TOP[j] as usize] -= 1;
    }

    /// Puts node `j` back into its column, where it was.
    #[inline(always)]
    fn relink_vertically(&mut self, j: usize) {
        let [u, d] = self.ud[j];
        self.size[TOP[j] as usize] += 1;
        self.ud[u as usize][1] = j as u16;
        self.ud[d as usize][0] = j as u16;
    }

    /// *Cover column c*: remove `c` from the header list, then, going down the
    /// column, remove each of its rows from every other column it lies in.
    #[inline(always)]
    fn cover(&mut self, c: usize) {
        let [l, r] = self.lr[c];
        self.lr[l as usize][1] = r;
        self.lr[r as usize][0] = l;
        self.size[c] |= COVERED;
        let mut i = self.down(c);
        while i != c {
            self.unlink_vertically(i ^ 1);
            self.unlink_vertically(i ^ 2);
            self.unlink_vertically(i ^ 3);
            i = self.down(i);
        }
    }

    /// *Uncover column c*: going up the column, put each of its rows back into the
    /// other columns in the reverse order of [`Matrix::cover`], then put `c` back
    /// into the header list.
    #[inline(always)]
    fn uncover(&mut self, c: usize) {
        let mut i = self.up(c);
        while i != c {
            self.relink_vertically(i ^ 3);
            self.relink_vertically(i ^ 2);
            self.relink_vertically(i ^ 1);
            i = self.up(i);
        }
        self.size[c] &= !COVERED;
        let [l, r] = self.lr[c];
        self.lr[l as usize][1] = c as u16;
        self.lr[r as usize][0] = c as u16;
    }

    /// Selects row node `r` whose own column is already covered: covers the other
    /// columns of its row (in a fixed order).
    #[inline(always)]
    fn cover_row_rest(&mut self, r: usize) {
        self.cover(TOP[r ^ 1] as usize);
        self.cover(TOP[r ^ 2] as usize);
        self.cover(TOP[r ^ 3] as usize);
    }

    /// Unselects row node `r`: uncovers the other columns of its row, in the reverse
    /// order of [`Matrix::cover_row_rest`].
    #[inline(always)]
    fn uncover_row_rest(&mut self, r: usize) {
        self.uncover(TOP[r ^ 3] as usize);
        self.uncover(TOP[r ^ 2] as usize);
        self.uncover(TOP[r ^ 1] as usize);
    }

    /// Knuth's *S heuristic*: the column with the fewest rows, ties to the first in
    /// column order.
    ///
    /// The header list keeps the columns in column order, and so does the array of
    /// sizes, where covered columns carry [`COVERED`]: the smallest size is found by
    /// one branch-free pass over the array and its first column by a second pass in
    /// 16-byte chunks (both compile to SIMD), which is much faster than walking the
    /// header list one link at a time. A smallest size of 0 is a dead end: that column
    /// would be chosen and has no row to try.
    #[inline(always)]
    fn choose_column(&self) -> Choice {
        if self.right(ROOT) == ROOT {
            return Choice::Solution;
        }
        let fewest = self.size.iter().fold(u8::MAX, |a, &s| a.min(s));
        if fewest == 0 {
            return Choice::DeadEnd;
        }
        for (k, chunk) in self.size.chunks_exact(16).enumerate() {
            let mut hits = 0u32;
            for (i, &s) in chunk.iter().enumerate() {
                hits |= u32::from(s == fewest) << i;
            }
            if hits != 0 {
                return Choice::Column(k * 16 + hits.trailing_zeros() as usize);
            }
        }
        unreachable!("an uncovered column holds the smallest size")
    }
}

/// The cell and digit (1..=9) a row node stands for.
#[inline(always)]
fn cell_digit(node: usize) -> (usize, u8) {
    let row = (node - FIRST_NODE) / 4;
    (row / 9, (row % 9) as u8 + 1)
}

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
        let mut m = PRISTINE;
        if !select_givens(&mut m, puzzle) {
            return Outcome::rejected_at_root();
        }
        search(&mut m, puzzle, limits)
    }
}

/// Selects each given's row, in reading order, by covering its four columns. Returns
/// `false` if the givens clash: a given whose row is already gone.
#[inline(always)]
fn select_givens(m: &mut Matrix, puzzle: &Grid) -> bool {
    let mut covered = [0u64; COLUMNS.div_ceil(64)];
    for (cell, &digit) in puzzle.cells().iter().enumerate() {
        if digit == 0 {
            continue;
        }
        let row = cell * 9 + digit as usize - 1;
        let cols = columns_of(row);
        // The row is gone exactly when one of its columns is covered.
        if cols
            .iter()
            .any(|&j| covered[j / 64] & (1u64 << (j % 64)) != 0)
        {
            return false;
        }
        for j in cols {
            covered[j / 64] |= 1u64 << (j % 64);
            m.cover(j + 1);
        }
    }
    true
}

/// Algorithm X from the state the givens left, as an iterative loop over an explicit
/// stack: `chosen[l]` is the row node tried on level `l`.
#[inline(always)]
fn search(m: &mut Matrix, puzzle: &Grid, limits: &Limits) -> Outcome {
    // At most 81 levels; the power-of-two length lets `level & MAX_LEVEL` index it
    // without a bounds check.
    let mut chosen = [0u16; MAX_LEVEL + 1];
    let mut level = 0usize;
    let mut tally = Tally::new(limits);
    'enter: loop {
        // Enter a level: a solution, a dead end, or a column whose rows to try. `row`
        // is the next row to try, the column's header once they are all tried, or
        // ROOT when this level covered nothing.
        let mut row = match m.choose_column() {
            Choice::Solution => {
                if tally.solution(|| solution_grid(puzzle, &chosen[..level])) {
                    break 'enter;
                }
                ROOT
            }
            Choice::DeadEnd => ROOT,
            Choice::Column(c) => {
                m.cover(c);
                m.down(c)
            }
        };
        loop {
            if row >= FIRST_NODE {
                // Try the row: select it and go one level deeper.
                if !tally.try_one() {
                    break 'enter; // the budget is spent
                }
                chosen[level & MAX_LEVEL] = row as u16;
                m.cover_row_rest(row);
                level += 1;
                continue 'enter;
            }
            if row != ROOT {
                // The column's rows are all tried: uncover it.
                m.uncover(row);
            }
            // Leave the level: take back the try that led here, then try the next row.
            if level == 0 {
                break 'enter;
            }
            level -= 1;
            let r = chosen[level & MAX_LEVEL] as usize;
            m.uncover_row_rest(r);
            tally.backtrack();
            row = m.down(r);
        }
    }
    tally.outcome()
}

/// The puzzle with the chosen rows' digits written in.
fn solution_grid(puzzle: &Grid, chosen: &[u16]) -> Grid {
    let mut grid = *puzzle;
    for &node in chosen {
        let (cell, digit) = cell_digit(node as usize);
        grid.set(cell, digit);
    }
    grid
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::units::{BOX_OF, COL_OF, ROW_OF};

    #[test]
    fn the_full_matrix_has_nine_rows_in_every_column() {
        let m = &PRISTINE;
        let mut c = m.right(ROOT);
        let mut seen = 0;
        while c != ROOT {
            assert_eq!(m.size[c], 9);
            let mut rows = Vec::new();
            let mut i = m.down(c);
            while i != c {
                assert_eq!(TOP[i] as usize, c);
                rows.push(i);
                i = m.down(i);
            }
            assert_eq!(rows.len(), 9);
            assert!(rows.windows(2).all(|w| w[0] < w[1]), "rows top to bottom");
            seen += 1;
            c = m.right(c);
        }
        assert_eq!(seen, COLUMNS);
        assert_eq!(m.size[ROOT], 0xff);
        assert!(m.size[HEADERS..].iter().all(|&s| s == 0xff));
    }

    #[test]
    fn rows_cover_their_cell_row_column_and_box() {
        // Row (r=4, c=7, d=2): cell 43, box 5.
        let row = (4 * 9 + 7) * 9 + 2;
        assert_eq!(columns_of(row), [43, 81 + 38, 162 + 65, 243 + 47]);
        assert_eq!(cell_digit(FIRST_NODE + 4 * row + 3), (43, 3));
        assert_eq!(ROW_OF[43], 4);
        assert_eq!(COL_OF[43], 7);
        assert_eq!(BOX_OF[43], 5);
    }

    #[test]
    fn cover_then_uncover_restores_every_link() {
        let mut m = PRISTINE;
        for c in [1, 100, 200, 324] {
            m.cover(c);
        }
        m.cover_row_rest(FIRST_NODE + 4 * 17);
        assert_ne!(m.ud, PRISTINE.ud);
        m.uncover_row_rest(FIRST_NODE + 4 * 17);
        for c in [324, 200, 100, 1] {
            m.uncover(c);
        }
        assert_eq!(m.ud, PRISTINE.ud);
        assert_eq!(m.lr, PRISTINE.lr);
        assert_eq!(m.size, PRISTINE.size);
    }
}
