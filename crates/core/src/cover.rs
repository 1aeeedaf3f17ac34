//! Sudoku as an exact-cover problem (Knuth, "Dancing Links", 2000): the matrix every
//! exact-cover view of the puzzle shares, the dlx strategy's search and the trace's
//! drawing of it alike.
//!
//! Row `(r, c, d)` of the matrix puts digit `d` in cell `(r, c)`; its four columns are
//! the four constraints it meets: the cell is filled, and row `r`, column `c` and the box
//! of the cell each hold `d`. A solution is a set of rows that covers every column once.

use crate::size::Size;

/// The four columns of row `(r, c, d)` (digit `d` 0-based), 0-based in the column
/// order of the matrix: cell `(r, c)`, then row-digit `(r, d)`, column-digit `(c, d)`
/// and box-digit `(x, d)` with `x` the box of the cell in reading order; `N²` columns
/// in each group, each group in reading order.
///
/// ```
/// use sudoku_core::Size;
/// use sudoku_core::cover::columns_of;
/// // 5 in r2c3 of a 9x9 grid: cell 11, row 1 holds 5, column 2 holds 5, box 0 holds 5.
/// assert_eq!(columns_of(Size::NINE, 1, 2, 4), [11, 81 + 13, 162 + 22, 243 + 4]);
/// ```
pub const fn columns_of(size: Size, r: usize, c: usize, d: usize) -> [usize; 4] {
    let (n, b) = (size.side(), size.box_size());
    let cells = n * n;
    let x = (r / b) * b + c / b;
    [
        r * n + c,
        cells + r * n + d,
        2 * cells + c * n + d,
        3 * cells + x * n + d,
    ]
}
