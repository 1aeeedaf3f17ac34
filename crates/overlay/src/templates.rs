//! The templates of a 9x9 grid: the 46,656 ways to place one digit once in every row,
//! every column and every box.
//!
//! A template is given by the column of its cell in each row (`[u8; 9]`). Row by row,
//! the first row's cell may be in any of 9 columns, the second's in the 6 columns of
//! the two other boxes of the band, the third's in the 3 left in the third box; the
//! next band again 6, 4 and 2 (one column per stack is taken), the last band 3, 2 and 1:
//! `9·6·3 · 6·4·2 · 3·2·1 = 46,656 = 6⁶` (at `b`×`b` boxes, `(b!)^(2b)`: 16 at 4x4,
//! `24⁸ ≈ 1.1 × 10¹¹` at 16x16, which is why this strategy is 9x9 only).
//!
//! The templates are listed in lexicographic order of their columns (row 1's column
//! first), the order both versions of the strategy try them in.

use std::sync::OnceLock;

use sudoku_core::units::{BOX, SIDE};

/// How many templates a 9x9 grid has: `6⁶`.
pub const TEMPLATE_COUNT: usize = 46_656;

/// A template: the column (0-based) of its cell in each row.
pub type Columns = [u8; SIDE];

/// Every template of a 9x9 grid, in lexicographic order of its columns.
///
/// ```
/// use sudoku_overlay::templates::{all, TEMPLATE_COUNT};
///
/// assert_eq!(all().len(), TEMPLATE_COUNT);
/// assert_eq!(all()[0], [0, 3, 6, 1, 4, 7, 2, 5, 8]);
/// ```
pub fn all() -> &'static [Columns] {
    static ALL: OnceLock<Vec<Columns>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all = Vec::with_capacity(TEMPLATE_COUNT);
        each(&[u16::MAX; SIDE], |columns, _| all.push(*columns));
        all
    })
}

/// Calls `visit` with every template whose cell in each row `r` lies in a column of
/// `allowed[r]` (bit `c` for column `c`), in lexicographic order of their columns: its
/// columns, and its cells as a mask (bit `9r + c`).
pub(crate) fn each(allowed: &[u16; SIDE], mut visit: impl FnMut(&Columns, u128)) {
    let mut columns = [0u8; SIDE];
    place(allowed, 0, 0, 0, 0, &mut columns, &mut visit);
}

/// Places the template's cell in `row` and the rows below: `taken` holds the columns of
/// the rows above, `stacks` the columns of the stacks (column bands) the rows of this
/// band took, `cells` the cells of the rows above.
fn place(
    allowed: &[u16; SIDE],
    row: usize,
    taken: u16,
    stacks: u16,
    cells: u128,
    columns: &mut Columns,
    visit: &mut impl FnMut(&Columns, u128),
) {
    if row == SIDE {
        visit(columns, cells);
        return;
    }
    let mut free = allowed[row] & !taken & !stacks & 0x1FF;
    while free != 0 {
        let column = free.trailing_zeros() as usize;
        free &= free - 1;
        columns[row] = column as u8;
        // A new band starts with no stack taken.
        let stack = 0b111 << (column / BOX * BOX);
        let stacks = if row % BOX == BOX - 1 {
            0
        } else {
            stacks | stack
        };
        let cells = cells | 1 << (row * SIDE + column);
        place(
            allowed,
            row + 1,
            taken | 1 << column,
            stacks,
            cells,
            columns,
            visit,
        );
    }
}

/// The cells of a template, in reading order (one per row).
pub fn cells(columns: &Columns) -> [usize; SIDE] {
    std::array::from_fn(|row| row * SIDE + usize::from(columns[row]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::units::BOX_OF;

    #[test]
    fn there_are_46656_templates_each_one_cell_per_row_column_and_box() {
        let all = all();
        assert_eq!(all.len(), 46_656);
        assert!(
            all.windows(2).all(|w| w[0] < w[1]),
            "lexicographic, no repeat"
        );
        for t in all {
            let cells = cells(t);
            let columns: u16 = t.iter().map(|&c| 1 << c).fold(0, |a, b| a | b);
            let boxes: u16 = cells.iter().map(|&c| 1 << BOX_OF[c]).fold(0, |a, b| a | b);
            assert_eq!((columns, boxes), (0x1FF, 0x1FF), "{t:?}");
        }
    }

    #[test]
    fn allowed_columns_cut_the_list_and_keep_its_order() {
        let mut allowed = [u16::MAX; SIDE];
        allowed[0] = 1 << 4; // row 1: column 5 only
        let mut some = Vec::new();
        each(&allowed, |t, mask| {
            assert_eq!(mask, cells(t).iter().fold(0, |m, &c| m | 1 << c));
            some.push(*t);
        });
        assert_eq!(some.len(), 46_656 / 9);
        let expected: Vec<Columns> = all().iter().filter(|t| t[0] == 4).copied().collect();
        assert_eq!(some, expected);
    }
}
