//! The 9x9 matrix, built at compile time: fixed arrays whose every length and offset is
//! a constant, copied from [`PRISTINE`] for each solve.

use sudoku_core::Size;

use crate::links::{Layout, Matrix, Shape};

/// The layout of the 9x9 matrix: 324 columns, 729 rows.
pub(crate) const LAYOUT: Layout = Layout::of(Size::NINE);
const NODES: usize = LAYOUT.nodes;
const HEADERS: usize = LAYOUT.headers;
const SIZES: usize = LAYOUT.sizes;

/// The column header of every node (a header is its own column).
static TOP: [u16; NODES] = TOP_TABLE;

/// [`TOP`] as a constant, for building [`PRISTINE`] at compile time.
const TOP_TABLE: [u16; NODES] = {
    let mut top = [0u16; NODES];
    LAYOUT.fill_top(&mut top);
    top
};

/// The shape of the 9x9 matrix: constants only.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NineShape;

impl Shape for NineShape {
    #[inline(always)]
    fn layout(&self) -> &Layout {
        &LAYOUT
    }
    #[inline(always)]
    fn top(&self) -> &[u16] {
        &TOP
    }
}

/// The 9x9 dancing-links matrix, in fixed arrays.
pub(crate) type Nine = Matrix<NineShape, [[u16; 2]; NODES], [[u16; 2]; HEADERS], [u8; SIZES]>;

/// The full matrix, before any given is selected.
pub(crate) static PRISTINE: Nine = {
    let mut m = Matrix {
        shape: NineShape,
        ud: [[0; 2]; NODES],
        lr: [[0; 2]; HEADERS],
        size: [0; SIZES],
    };
    LAYOUT.link(&TOP_TABLE, &mut m.ud, &mut m.lr, &mut m.size);
    m
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::links::{Links, COVERED, ROOT};
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
        assert_eq!(seen, LAYOUT.columns);
        assert_eq!(m.size[ROOT], COVERED | 0x7f);
        assert!(m.size[HEADERS..].iter().all(|&s| s == COVERED | 0x7f));
    }

    #[test]
    fn rows_cover_their_cell_row_column_and_box() {
        // Row (r=4, c=7, d=2): cell 43, box 5.
        let row = LAYOUT.row_of(43, 3);
        assert_eq!(row, (4 * 9 + 7) * 9 + 2);
        assert_eq!(LAYOUT.columns_of(row), [43, 81 + 38, 162 + 65, 243 + 47]);
        assert_eq!(LAYOUT.cell_digit(LAYOUT.first_node + 4 * row + 3), (43, 3));
        assert_eq!(ROW_OF[43], 4);
        assert_eq!(COL_OF[43], 7);
        assert_eq!(BOX_OF[43], 5);
    }

    #[test]
    fn cover_then_uncover_restores_every_link() {
        let mut m = PRISTINE;
        let row = LAYOUT.first_node + 4 * 17;
        for c in [1, 100, 200, 324] {
            m.cover(c);
        }
        for j in [row ^ 1, row ^ 2, row ^ 3] {
            m.cover(TOP[j] as usize);
        }
        assert_ne!(m.ud, PRISTINE.ud);
        for j in [row ^ 3, row ^ 2, row ^ 1] {
            m.uncover(TOP[j] as usize);
        }
        for c in [324, 200, 100, 1] {
            m.uncover(c);
        }
        assert_eq!(m.ud, PRISTINE.ud);
        assert_eq!(m.lr, PRISTINE.lr);
        assert_eq!(m.size, PRISTINE.size);
    }
}
