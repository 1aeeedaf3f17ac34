//! The board: for each digit, its candidate cells in three band words, and the
//! propagation that applies the rules until none changes anything.

use sudoku_core::units::CELLS;
use sudoku_core::{Contradiction, Grid};

use crate::counts::{Occupancy, DIGITS};
use crate::lanes::Lanes;
use crate::machine::{Machine, Portable};
use crate::rules::{
    band_singles, closed, minicolumn_cells, minicolumns, minirow_cells, minirows, row_doubles,
    row_singles, rows_holding, Tally4, ALL, BAND, MINIROWS, ROW,
};

/// Cells per band.
pub const BAND_CELLS: usize = 27;
/// Every digit, as a set of bits.
const ALL_DIGITS: u32 = (1 << DIGITS) - 1;

/// The candidates of a 9x9 grid: for digit `d + 1`, the cells where it may still go,
/// band `b` in lane `b` (bit `9r + c` for row `3b + r`, column `c`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board {
    digits: [Lanes; DIGITS],
    /// The cells whose digit is known and whose consequences are drawn: the other
    /// digits have left them.
    placed: Lanes,
    /// The digits whose cells changed since the band and stack rules last ran on them.
    dirty: u32,
}

/// Which check of the propagation found a dead end ([`Board::explain`] names the cell
/// or unit, for an observer).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dead {
    /// The band or stack rule left a digit no permutation in a band or stack.
    NoPlace,
    /// A cell has no candidate left.
    EmptyCell,
    /// A digit is the only candidate of two cells of one row.
    RowDouble,
    /// A minirow or minicolumn cannot hold exactly three digits: fewer are possible,
    /// or more are forced into it.
    Triad,
}

/// Where a propagated board stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fixpoint {
    /// Every cell holds one digit: a solution.
    Solved,
    /// No rule applies and some cell has several candidates: the search must branch.
    Open,
}

/// The cell's band lane and bit.
#[inline(always)]
pub fn lane_bit(cell: usize) -> (usize, u32) {
    (cell / BAND_CELLS, 1 << (cell % BAND_CELLS))
}

/// The lanes holding only `cell`.
#[inline(always)]
fn cell_lanes(cell: usize) -> Lanes {
    let (lane, bit) = lane_bit(cell);
    let mut a = [0; 4];
    a[lane] = bit;
    Lanes::new(a)
}

impl Board {
    /// A board with no candidate at all (a placeholder).
    pub const EMPTY: Board = Board {
        digits: [Lanes::ZERO; DIGITS],
        placed: Lanes::ZERO,
        dirty: 0,
    };

    /// The board of a 9x9 puzzle, before any propagation: a given's cell keeps only its
    /// digit (the propagation then treats it as a naked single, clashes included).
    pub fn new(puzzle: &Grid) -> Board {
        // One set of cells per value, 0 (empty) included: no branch per cell.
        let mut by_value = [[0u32; 4]; DIGITS + 1];
        let cells = puzzle.cells();
        for band in 0..3 {
            for (i, &v) in cells[band * BAND_CELLS..(band + 1) * BAND_CELLS]
                .iter()
                .enumerate()
            {
                by_value[usize::from(v).min(DIGITS)][band] |= 1 << i;
            }
        }
        let open = Lanes::new(by_value[0]);
        let mut digits = [Lanes::ZERO; DIGITS];
        for (w, given) in digits.iter_mut().zip(&by_value[1..]) {
            *w = open | Lanes::new(*given);
        }
        Board {
            digits,
            placed: Lanes::ZERO,
            dirty: ALL_DIGITS,
        }
    }

    /// The candidate cells of digit `d` (0-based).
    #[inline(always)]
    pub fn digit(&self, d: usize) -> Lanes {
        self.digits[d]
    }

    /// `digit` (1..=9) placed in `cell`: the cell loses every other candidate and the
    /// digit leaves the rest of the row (as for a naked single; the band and stack rules
    /// then clear the box and the column).
    #[inline(always)]
    pub fn assign(&mut self, cell: usize, digit: u8) {
        let c = cell_lanes(cell);
        let keep = usize::from(digit) - 1;
        let kept = self.digits[keep].and_not(rows_holding(c)) | c;
        // Every digit leaves the cell, then the one placed comes back: no branch.
        for (d, w) in self.digits.iter_mut().enumerate() {
            self.dirty |= u32::from(w.meets(c)) << d;
            *w = w.and_not(c);
        }
        self.digits[keep] = kept;
        self.placed |= c;
    }

    /// `digit` (1..=9) taken out of `cell`.
    #[inline(always)]
    pub fn eliminate(&mut self, cell: usize, digit: u8) {
        let d = usize::from(digit) - 1;
        self.digits[d] = self.digits[d].and_not(cell_lanes(cell));
        self.dirty |= 1 << d;
    }

    /// Applies the rules until none changes anything: the band and stack rules and the
    /// row singles to each digit whose cells changed; then, across the digits, the
    /// naked singles; then, when there are none, the triads. At an open fixpoint,
    /// `occupancy` holds the board's minirows and minicolumns.
    #[inline(always)]
    pub fn propagate(&mut self, occupancy: &mut Occupancy) -> Result<Fixpoint, Dead> {
        self.propagate_with(Portable, occupancy)
    }

    /// [`Board::propagate`], closing two digits at once the way `machine` does.
    #[inline(always)]
    pub fn propagate_with<T: Machine>(
        &mut self,
        machine: T,
        occupancy: &mut Occupancy,
    ) -> Result<Fixpoint, Dead> {
        loop {
            while self.dirty != 0 {
                self.close_dirty(machine)?;
            }
            let (mut one, mut two) = (Lanes::ZERO, Lanes::ZERO);
            for &w in &self.digits {
                two |= one & w;
                one |= w;
            }
            if !ALL.and_not(one).is_zero() {
                return Err(Dead::EmptyCell);
            }
            let naked = one.and_not(two).and_not(self.placed);
            if !naked.is_zero() {
                self.place_naked(naked)?;
            } else if two.is_zero() {
                return Ok(Fixpoint::Solved);
            } else if !self.triads(occupancy)? {
                return Ok(Fixpoint::Open);
            }
        }
    }

    /// The band and stack rules on digit `d` until both hold, then its new row
    /// singles leave every other digit.
    #[inline(always)]
    fn close_digit(&mut self, d: usize) -> Result<(), Dead> {
        let w = closed(self.digits[d]);
        self.digits[d] = w;
        if w.zero_lanes().meets(Lanes::bands(u32::MAX)) {
            return Err(Dead::NoPlace);
        }
        self.row_rule(d);
        Ok(())
    }

    /// The next dirty digits closed: two at once (their rules are independent, so
    /// the processor works on both side by side, the way `machine` does), or the last
    /// one alone.
    #[inline(always)]
    fn close_dirty<T: Machine>(&mut self, machine: T) -> Result<(), Dead> {
        let d = self.dirty.trailing_zeros() as usize;
        self.dirty &= self.dirty - 1;
        if self.dirty == 0 {
            return self.close_digit(d);
        }
        let e = self.dirty.trailing_zeros() as usize;
        self.dirty &= self.dirty - 1;
        let (v, w) = machine.closed_two(self.digits[d], self.digits[e]);
        self.digits[d] = v;
        self.digits[e] = w;
        if (v.zero_lanes() | w.zero_lanes()).meets(Lanes::bands(u32::MAX)) {
            return Err(Dead::NoPlace);
        }
        self.row_rule(d);
        self.row_rule(e);
        Ok(())
    }

    /// The row rule on digit `d`: its new row singles leave every other digit.
    #[inline(always)]
    fn row_rule(&mut self, d: usize) {
        let w = self.digits[d];
        let new = row_singles(w).and_not(self.placed);
        if !new.is_zero() {
            self.placed |= new;
            let was = self.dirty & 1 << d;
            // Every digit loses the new cells, this one keeps them: no branch per digit.
            for (e, v) in self.digits.iter_mut().enumerate() {
                self.dirty |= u32::from(v.meets(new)) << e;
                *v = v.and_not(new);
            }
            self.digits[d] = w;
            self.dirty = self.dirty & !(1 << d) | was;
        }
    }

    /// The naked singles `naked` (cells with one candidate left): each digit keeps, in
    /// the rows of its naked singles, only those cells (the band and stack rules then
    /// clear the boxes and columns).
    #[inline(always)]
    fn place_naked(&mut self, naked: Lanes) -> Result<(), Dead> {
        let mut doubles = Lanes::ZERO;
        for (d, w) in self.digits.iter_mut().enumerate() {
            let n = *w & naked;
            doubles |= row_doubles(n);
            let kept = *w & (n | !rows_holding(n));
            self.dirty |= u32::from(!kept.same(*w)) << d;
            *w = kept;
        }
        if !doubles.is_zero() {
            return Err(Dead::RowDouble);
        }
        self.placed |= naked;
        Ok(())
    }

    /// The triads: each minirow and each minicolumn holds exactly three digits. Where
    /// only three are possible, each of them is confined to it within its row (or
    /// column); where three are forced into it, the other digits leave its cells.
    /// Whether anything changed.
    #[inline(always)]
    fn triads(&mut self, occupancy: &mut Occupancy) -> Result<bool, Dead> {
        let Occupancy {
            minirows: rows,
            minicolumns: cols,
        } = occupancy;
        let mut forced_rows = [Lanes::ZERO; DIGITS];
        let mut forced_cols = [Lanes::ZERO; DIGITS];
        // One count for each kind of triad: the digits possible there on the flag's
        // own bit, those forced there one bit above (minirows: flags at 9r + 3k, so
        // 9r + 3k + 1 is free; minicolumns: 9 flags, the forced ones at 16..25).
        let (mut minirow_count, mut minicolumn_count) = (Tally4::default(), Tally4::default());
        for d in 0..DIGITS {
            let w = self.digits[d];
            rows[d] = minirows(w);
            cols[d] = minicolumns(w);
            // Alone in its row, a minirow is the digit's in the box too (band rule).
            forced_rows[d] = row_singles(rows[d]);
            forced_cols[d] = band_singles(cols[d]);
            minirow_count.add(rows[d] | forced_rows[d].shl::<1>());
            minicolumn_count.add(cols[d] | forced_cols[d].shl::<16>());
        }
        let possible_r = |n: Lanes| n & Lanes::bands(MINIROWS);
        let forced_r = |n: Lanes| n.shr::<1>() & Lanes::bands(MINIROWS);
        let possible_c = |n: Lanes| n & Lanes::bands(ROW);
        let forced_c = |n: Lanes| n.shr::<16>() & Lanes::bands(ROW);
        let (r3, r4) = (minirow_count.three, minirow_count.four);
        let (c3, c4) = (minicolumn_count.three, minicolumn_count.four);
        let short = Lanes::bands(MINIROWS).and_not(possible_r(r3))
            | Lanes::bands(ROW).and_not(possible_c(c3));
        if !(short | forced_r(r4) | forced_c(c4)).is_zero() {
            return Err(Dead::Triad);
        }
        // Where exactly three digits are possible and three are forced, they are the
        // same three: neither rule has anything to do. Elsewhere one of them acts.
        let only_r = possible_r(r3.and_not(r4));
        let only_c = possible_c(c3.and_not(c4));
        let (full_r, full_c) = (forced_r(r3), forced_c(c3));
        if (only_r ^ full_r).is_zero() && (only_c ^ full_c).is_zero() {
            return Ok(false);
        }
        let mut changed = false;
        for d in 0..DIGITS {
            let w = self.digits[d];
            let confine_r = rows[d] & only_r.and_not(forced_rows[d]);
            let confine_c = cols[d] & only_c.and_not(forced_cols[d]);
            let leave_r = full_r.and_not(forced_rows[d]);
            let leave_c = full_c.and_not(forced_cols[d]);
            let elsewhere_c = confine_c.next_band() | confine_c.band_after_next();
            let out = rows_holding(confine_r).and_not(minirow_cells(confine_r))
                | minicolumn_cells(elsewhere_c)
                | minirow_cells(leave_r)
                | minicolumn_cells(leave_c);
            let hit = w.meets(out);
            self.digits[d] = w.and_not(out);
            self.dirty |= u32::from(hit) << d;
            changed |= hit;
        }
        Ok(changed)
    }

    /// The candidates of `cell` as a 9-bit mask (bit `d` for digit `d + 1`).
    pub fn candidates(&self, cell: usize) -> u16 {
        let c = cell_lanes(cell);
        (0..DIGITS)
            .filter(|&d| self.digits[d].meets(c))
            .fold(0, |m, d| m | 1 << d)
    }

    /// The first cell with two candidates or more, and its smallest digit (a try for a
    /// board the chooser finds nothing in, which an open fixpoint never is).
    pub fn first_open(&self) -> (usize, u8) {
        (0..CELLS)
            .find_map(|c| {
                let m = self.candidates(c);
                (m.count_ones() > 1).then(|| (c, m.trailing_zeros() as u8 + 1))
            })
            .unwrap_or((0, 1))
    }

    /// The grid of a solved board.
    pub fn to_grid(&self) -> Grid {
        let mut cells = [0u8; CELLS];
        for (d, w) in self.digits.iter().enumerate() {
            for (b, &lane) in w.to_array().iter().take(3).enumerate() {
                let mut bits = lane & BAND;
                while bits != 0 {
                    cells[b * BAND_CELLS + bits.trailing_zeros() as usize] = d as u8 + 1;
                    bits &= bits - 1;
                }
            }
        }
        Grid::from_cells(cells)
    }

    /// The dead end `dead` in the words of the shared vocabulary, read from the board
    /// as propagation left it (for an observer: the plain solve never calls this).
    ///
    /// - [`Dead::NoPlace`]: `NoPlace` for the first row of the band where a digit has
    ///   no cell left (the rule emptied the band, row by row);
    /// - [`Dead::EmptyCell`]: `EmptyCell` for the first cell without a candidate;
    /// - [`Dead::RowDouble`]: `EmptyCell` for the second of two cells of a row that
    ///   can hold only the same digit (placing it in the first empties the second);
    /// - [`Dead::Triad`]: `EmptyCell` for the first cell of a minirow or minicolumn
    ///   with fewer than three possible digits (three cells cannot all be filled), or
    ///   `NoPlace` for the row of a minirow (or the column of a minicolumn) and the
    ///   fourth digit forced into it.
    pub fn explain(&self, dead: Dead) -> Contradiction {
        match dead {
            Dead::NoPlace => self.band_without_place(),
            Dead::EmptyCell => self.empty_cell(),
            Dead::RowDouble => self.row_double(),
            Dead::Triad => self.short_triad(),
        }
        .or_else(|| self.empty_cell())
        .unwrap_or_else(|| {
            debug_assert!(false, "{dead:?} without a witness");
            Contradiction::EmptyCell { cell: 0 }
        })
    }

    fn empty_cell(&self) -> Option<Contradiction> {
        (0..CELLS)
            .find(|&c| self.candidates(c) == 0)
            .map(|cell| Contradiction::EmptyCell { cell: cell as u16 })
    }

    fn band_without_place(&self) -> Option<Contradiction> {
        (0..DIGITS).find_map(|d| {
            let lanes = self.digits[d].to_array();
            (0..3)
                .find(|&b| lanes[b] == 0)
                .map(|b| Contradiction::NoPlace {
                    unit: (3 * b) as u16,
                    digit: d as u8 + 1,
                })
        })
    }

    fn row_double(&self) -> Option<Contradiction> {
        let single = |c: usize| self.candidates(c).count_ones() == 1;
        (0..CELLS).find_map(|c| {
            let row_start = c - c % 9;
            (single(c)
                && (row_start..c).any(|o| single(o) && self.candidates(o) == self.candidates(c)))
            .then_some(Contradiction::EmptyCell { cell: c as u16 })
        })
    }

    fn short_triad(&self) -> Option<Contradiction> {
        // The cells of minirow (row, box) and minicolumn (band, column).
        let minirow = |row: usize, bx: usize| [0, 1, 2].map(|i| row * 9 + bx * 3 + i);
        let minicol = |band: usize, col: usize| [0, 1, 2].map(|i| (band * 3 + i) * 9 + col);
        let triads = (0..27)
            .map(|t| (minirow(t / 3, t % 3), true, t / 3))
            .chain((0..27).map(|t| (minicol(t / 9, t % 9), false, t % 9)));
        for (cells, is_row, line) in triads {
            let possible = cells.iter().fold(0, |m, &c| m | self.candidates(c));
            if possible.count_ones() < 3 {
                return Some(Contradiction::EmptyCell {
                    cell: cells[0] as u16,
                });
            }
            let forced = (0..DIGITS).filter(|&d| {
                let inside = cells.iter().any(|&c| self.candidates(c) >> d & 1 == 1);
                let line_cells: Vec<usize> = if is_row {
                    (0..9).map(|c| line * 9 + c).collect()
                } else {
                    (0..9).map(|r| r * 9 + line).collect()
                };
                inside
                    && line_cells
                        .iter()
                        .filter(|c| !cells.contains(c))
                        .all(|&c| self.candidates(c) >> d & 1 == 0)
            });
            if let Some(d) = forced.clone().nth(3) {
                return Some(Contradiction::NoPlace {
                    unit: (if is_row { line } else { 9 + line }) as u16,
                    digit: d as u8 + 1,
                });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &str) -> Grid {
        text.parse().unwrap()
    }

    #[test]
    fn givens_keep_their_digit_and_the_rest_is_open() {
        let puzzle = grid(&format!("5{}", ".".repeat(80)));
        let b = Board::new(&puzzle);
        assert_eq!(b.candidates(0), 1 << 4);
        assert_eq!(b.candidates(1), 0x1ff);
    }

    #[test]
    fn an_easy_puzzle_needs_no_branch() {
        let mut b = Board::new(&grid(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        ));
        assert_eq!(b.propagate(&mut Occupancy::default()), Ok(Fixpoint::Solved));
        assert_eq!(
            b.to_grid().to_line(),
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
        );
    }

    #[test]
    fn clashing_givens_are_a_dead_end() {
        let mut b = Board::new(&grid(&format!("11{}", ".".repeat(79))));
        let dead = b.propagate(&mut Occupancy::default()).unwrap_err();
        assert_eq!(dead, Dead::RowDouble);
        assert_eq!(b.explain(dead), Contradiction::EmptyCell { cell: 1 });
    }
}
