//! Units, peers and boxes as `const` tables, shared by every strategy.
//!
//! In the words of Norvig's essay: every *square* (cell) belongs to exactly three
//! *units* (its row, its column and its 3x3 box), and the *peers* of a square are the
//! 20 other squares that share a unit with it. Cells are numbered 0..81 in reading
//! order (row by row, left to right); digits are 1..=9.
//!
//! Unit numbering follows the order of the Udacity agent's `unitlist`, which the
//! reduce strategy's only-choice pass depends on: units 0..9 are the rows (top to
//! bottom), 9..18 the columns (left to right), 18..27 the boxes (reading order).

/// Rows (and columns) of a 9x9 grid's boxes: 3.
pub const BOX: usize = 3;
/// Digits per unit, cells per unit, rows, columns and boxes of a 9x9 grid.
pub const SIDE: usize = BOX * BOX;
/// Number of cells in a grid.
pub const CELLS: usize = SIDE * SIDE;
/// Number of units (9 rows, 9 columns, 9 boxes).
pub const UNIT_COUNT: usize = 3 * SIDE;
/// The unit of the first row: rows are units `0..9`.
pub const FIRST_ROW_UNIT: u8 = 0;
/// The unit of the first column: columns are units `9..18`.
pub const FIRST_COLUMN_UNIT: u8 = SIDE as u8;
/// The unit of the first box: boxes are units `18..27`.
pub const FIRST_BOX_UNIT: u8 = 2 * SIDE as u8;
/// Number of peers of every cell.
pub const PEER_COUNT: usize = 20;

/// The row (0..9) of each cell.
pub const ROW_OF: [u8; CELLS] = {
    let mut t = [0u8; CELLS];
    let mut i = 0;
    while i < CELLS {
        t[i] = (i / SIDE) as u8;
        i += 1;
    }
    t
};

/// The column (0..9) of each cell.
pub const COL_OF: [u8; CELLS] = {
    let mut t = [0u8; CELLS];
    let mut i = 0;
    while i < CELLS {
        t[i] = (i % SIDE) as u8;
        i += 1;
    }
    t
};

/// The box (0..9, reading order) of each cell.
pub const BOX_OF: [u8; CELLS] = {
    let mut t = [0u8; CELLS];
    let mut i = 0;
    while i < CELLS {
        t[i] = ((i / 27) * 3 + (i % 9) / 3) as u8;
        i += 1;
    }
    t
};

/// The 27 units, each listing its 9 cells in reading order: rows, then columns, then boxes.
pub const UNITS: [[u8; 9]; UNIT_COUNT] = {
    let mut t = [[0u8; 9]; UNIT_COUNT];
    let mut k = 0;
    while k < 9 {
        let mut j = 0;
        while j < 9 {
            t[FIRST_ROW_UNIT as usize + k][j] = (k * 9 + j) as u8;
            t[FIRST_COLUMN_UNIT as usize + k][j] = (j * 9 + k) as u8;
            t[FIRST_BOX_UNIT as usize + k][j] =
                ((k / 3) * 27 + (k % 3) * 3 + (j / 3) * 9 + j % 3) as u8;
            j += 1;
        }
        k += 1;
    }
    t
};

/// The three units of each cell, as indexes into [`UNITS`]: its row, its column, its box.
pub const UNITS_OF: [[u8; 3]; CELLS] = {
    let mut t = [[0u8; 3]; CELLS];
    let mut i = 0;
    while i < CELLS {
        t[i] = [
            FIRST_ROW_UNIT + ROW_OF[i],
            FIRST_COLUMN_UNIT + COL_OF[i],
            FIRST_BOX_UNIT + BOX_OF[i],
        ];
        i += 1;
    }
    t
};

/// The three units of each cell as a bit set: bit `u` stands for `UNITS[u]`.
pub const UNIT_BITS: [u32; CELLS] = {
    let mut t = [0u32; CELLS];
    let mut i = 0;
    while i < CELLS {
        let u = UNITS_OF[i];
        t[i] = (1 << u[0]) | (1 << u[1]) | (1 << u[2]);
        i += 1;
    }
    t
};

/// The 20 peers of each cell, in reading order.
pub const PEERS: [[u8; PEER_COUNT]; CELLS] = {
    let mut t = [[0u8; PEER_COUNT]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut n = 0;
        let mut j = 0;
        while j < CELLS {
            if j != i
                && (ROW_OF[i] == ROW_OF[j] || COL_OF[i] == COL_OF[j] || BOX_OF[i] == BOX_OF[j])
            {
                t[i][n] = j as u8;
                n += 1;
            }
            j += 1;
        }
        i += 1;
    }
    t
};

/// Whether two distinct cells are peers (share a row, a column or a box).
pub const fn are_peers(a: usize, b: usize) -> bool {
    a != b && (ROW_OF[a] == ROW_OF[b] || COL_OF[a] == COL_OF[b] || BOX_OF[a] == BOX_OF[b])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_has_three_units_and_twenty_distinct_peers() {
        for i in 0..CELLS {
            for &u in &UNITS_OF[i] {
                assert!(UNITS[u as usize].contains(&(i as u8)));
            }
            let peers = PEERS[i];
            assert!(peers.windows(2).all(|w| w[0] < w[1]), "sorted and distinct");
            assert!(!peers.contains(&(i as u8)));
            for j in 0..CELLS {
                assert_eq!(peers.contains(&(j as u8)), are_peers(i, j));
            }
        }
    }

    #[test]
    fn units_are_rows_then_columns_then_boxes() {
        assert_eq!(UNITS[0], [0, 1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(UNITS[9], [0, 9, 18, 27, 36, 45, 54, 63, 72]);
        assert_eq!(UNITS[18], [0, 1, 2, 9, 10, 11, 18, 19, 20]);
        assert_eq!(UNITS[26], [60, 61, 62, 69, 70, 71, 78, 79, 80]);
        assert_eq!(BOX_OF[80], 8);
        assert_eq!(BOX_OF[33], 5);
        assert_eq!(PEERS[0][..8], [1, 2, 3, 4, 5, 6, 7, 8]);
    }
}
