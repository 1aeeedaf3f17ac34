//! Units and peers of a grid of any size, as tables built once per size.
//!
//! In the words of Norvig's essay: every *square* (cell) belongs to exactly three
//! *units* (its row, its column and its box), and the *peers* of a square are the other
//! squares that share a unit with it. Cells are numbered in reading order; units `0..N`
//! are the rows (top to bottom), `N..2N` the columns (left to right), `2N..3N` the boxes
//! (reading order), as [`units`](crate::units) numbers them for 9x9, whose `const`
//! tables the fast 9x9 paths use. This module serves every size at run time (the essay
//! versions of the strategies and the n×n paths).

use std::sync::OnceLock;

use crate::size::Size;

/// The units and peers of one grid size.
#[derive(Debug)]
pub struct Geometry {
    size: Size,
    row_of: Vec<u16>,
    col_of: Vec<u16>,
    box_of: Vec<u16>,
    units: Vec<Vec<u16>>,
    units_of: Vec<[u16; 3]>,
    peers: Vec<Vec<u16>>,
}

impl Geometry {
    /// The tables of `size`, built on first use and shared afterwards.
    pub fn of(size: Size) -> &'static Geometry {
        static TABLES: [OnceLock<Geometry>; 4] = [const { OnceLock::new() }; 4];
        TABLES[size.box_size() - 2].get_or_init(|| Geometry::build(size))
    }

    fn build(size: Size) -> Geometry {
        let (b, n) = (size.box_size(), size.side());
        let cells = 0..size.cells();
        let row_of: Vec<u16> = cells.clone().map(|i| (i / n) as u16).collect();
        let col_of: Vec<u16> = cells.clone().map(|i| (i % n) as u16).collect();
        let box_of: Vec<u16> = cells
            .clone()
            .map(|i| ((i / n / b) * b + (i % n) / b) as u16)
            .collect();
        let mut units = vec![Vec::with_capacity(n); 3 * n];
        for i in cells.clone() {
            units[row_of[i] as usize].push(i as u16);
            units[n + col_of[i] as usize].push(i as u16);
            units[2 * n + box_of[i] as usize].push(i as u16);
        }
        let units_of: Vec<[u16; 3]> = cells
            .clone()
            .map(|i| [row_of[i], n as u16 + col_of[i], 2 * n as u16 + box_of[i]])
            .collect();
        let peers = cells
            .clone()
            .map(|i| {
                cells
                    .clone()
                    .filter(|&j| {
                        j != i
                            && (row_of[i] == row_of[j]
                                || col_of[i] == col_of[j]
                                || box_of[i] == box_of[j])
                    })
                    .map(|j| j as u16)
                    .collect()
            })
            .collect();
        Geometry {
            size,
            row_of,
            col_of,
            box_of,
            units,
            units_of,
            peers,
        }
    }

    /// The size these tables are for.
    #[inline]
    pub fn size(&self) -> Size {
        self.size
    }

    /// The row (0..N) of a cell.
    #[inline]
    pub fn row_of(&self, cell: usize) -> usize {
        self.row_of[cell] as usize
    }

    /// The column (0..N) of a cell.
    #[inline]
    pub fn col_of(&self, cell: usize) -> usize {
        self.col_of[cell] as usize
    }

    /// The box (0..N, reading order) of a cell.
    #[inline]
    pub fn box_of(&self, cell: usize) -> usize {
        self.box_of[cell] as usize
    }

    /// Every unit, each listing its N cells in reading order: rows, then columns, then boxes.
    #[inline]
    pub fn units(&self) -> &[Vec<u16>] {
        &self.units
    }

    /// The cells of one unit, in reading order.
    #[inline]
    pub fn unit(&self, unit: usize) -> &[u16] {
        &self.units[unit]
    }

    /// The three units of a cell, as indexes into [`Geometry::units`]: row, column, box.
    #[inline]
    pub fn units_of(&self, cell: usize) -> [u16; 3] {
        self.units_of[cell]
    }

    /// The peers of a cell, in reading order.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell]
    }

    /// Whether two distinct cells are peers (share a row, a column or a box).
    #[inline]
    pub fn are_peers(&self, a: usize, b: usize) -> bool {
        a != b
            && (self.row_of[a] == self.row_of[b]
                || self.col_of[a] == self.col_of[b]
                || self.box_of[a] == self.box_of[b])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::{PEERS, UNITS, UNITS_OF};

    #[test]
    fn nine_by_nine_equals_the_const_tables() {
        let g = Geometry::of(Size::NINE);
        for (u, unit) in UNITS.iter().enumerate() {
            let want: Vec<u16> = unit.iter().map(|&c| u16::from(c)).collect();
            assert_eq!(g.unit(u), want.as_slice());
        }
        for cell in 0..81 {
            let peers: Vec<u16> = PEERS[cell].iter().map(|&c| u16::from(c)).collect();
            assert_eq!(g.peers(cell), peers.as_slice());
            assert_eq!(g.units_of(cell), UNITS_OF[cell].map(u16::from));
        }
    }

    #[test]
    fn every_size_has_three_units_per_cell_and_its_peer_count() {
        for size in Size::ALL {
            let g = Geometry::of(size);
            assert_eq!(g.units().len(), size.unit_count());
            for cell in 0..size.cells() {
                assert_eq!(g.peers(cell).len(), size.peer_count(), "{size} {cell}");
                for u in g.units_of(cell) {
                    assert!(g.unit(u as usize).contains(&(cell as u16)));
                }
            }
        }
        // 16x16: cell 17 is row 1, column 1, box 0.
        let g = Geometry::of(Size::SIXTEEN);
        assert_eq!((g.row_of(17), g.col_of(17), g.box_of(17)), (1, 1, 0));
        assert_eq!(g.box_of(255), 15);
    }
}
