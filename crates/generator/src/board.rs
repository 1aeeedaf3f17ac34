//! A grid with the digits each unit holds as bit masks: the bookkeeping that the fill
//! and the digger share.

use sudoku_core::{Geometry, Grid, Size};

/// The cells of a grid and, for each unit, the digits it holds (bit `d - 1` for `d`).
#[derive(Debug, Clone)]
pub struct Board {
    size: Size,
    geometry: &'static Geometry,
    cells: Vec<u8>,
    held: Vec<u32>,
}

impl Board {
    /// The board of `grid`.
    pub fn of(grid: &Grid) -> Board {
        let size = grid.size();
        let mut board = Board {
            size,
            geometry: Geometry::of(size),
            cells: vec![0; size.cells()],
            held: vec![0; size.unit_count()],
        };
        for (cell, &digit) in grid.cells().iter().enumerate() {
            if digit != 0 {
                board.put(cell, digit);
            }
        }
        board
    }

    /// The empty board of `size`.
    pub fn empty(size: Size) -> Board {
        Board::of(&Grid::empty(size))
    }

    /// The grid's size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The units and peers of its size.
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The digit of `cell` (0 = empty).
    #[inline]
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// How many cells hold a digit.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// The grid.
    pub fn grid(&self) -> Grid {
        Grid::from_values(self.size, &self.cells)
    }

    /// The digits `cell` may take: those none of its units holds.
    #[inline]
    pub fn candidates(&self, cell: usize) -> u32 {
        let [r, c, b] = self.geometry.units_of(cell);
        self.size.all_digits()
            & !(self.held[r as usize] | self.held[c as usize] | self.held[b as usize])
    }

    /// Puts `digit` in the empty `cell`.
    #[inline]
    pub fn put(&mut self, cell: usize, digit: u8) {
        debug_assert_eq!(self.cells[cell], 0);
        self.cells[cell] = digit;
        self.flip(cell, digit);
    }

    /// Empties `cell`, returning the digit it held.
    #[inline]
    pub fn take(&mut self, cell: usize) -> u8 {
        let digit = self.cells[cell];
        debug_assert_ne!(digit, 0);
        self.cells[cell] = 0;
        self.flip(cell, digit);
        digit
    }

    fn flip(&mut self, cell: usize, digit: u8) {
        for u in self.geometry.units_of(cell) {
            self.held[u as usize] ^= 1 << (digit - 1);
        }
    }
}
