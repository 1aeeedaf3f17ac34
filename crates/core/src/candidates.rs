//! Candidate sets: for each cell, the digits it may still hold.
//!
//! This is the `values` dictionary of Norvig's essay and of the Udacity agent,
//! kept as a fixed array of 9-bit masks: bit `d - 1` is set when digit `d` is
//! still possible in the cell. A cell with one bit is *solved*; with none, the
//! grid has reached a contradiction.

use std::fmt;

use crate::grid::{display_cells, Grid};
use crate::size::Size;
use crate::units::CELLS;

/// The mask with all nine digits.
pub const ALL_DIGITS: u16 = 0x1FF;

/// The mask of one digit (1..=9).
#[inline]
pub const fn digit_mask(digit: u8) -> u16 {
    1 << (digit - 1)
}

/// How many digits each 9-bit mask holds (a table: baseline x86-64 has no `popcnt`).
pub const DIGIT_COUNT: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

/// The digit of a single-digit mask (the lowest digit of any non-empty mask).
#[inline]
pub const fn mask_digit(mask: u16) -> u8 {
    mask.trailing_zeros() as u8 + 1
}

/// The digits of a mask, ascending.
pub fn mask_digits(mask: u16) -> impl Iterator<Item = u8> {
    let mut rest = mask & ALL_DIGITS;
    std::iter::from_fn(move || {
        if rest == 0 {
            None
        } else {
            let d = mask_digit(rest);
            rest &= rest - 1;
            Some(d)
        }
    })
}

/// For each of the 81 cells, the set of digits it may still hold.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Candidates {
    masks: [u16; CELLS],
}

impl Candidates {
    /// Every digit possible in every cell.
    pub const fn all() -> Candidates {
        Candidates {
            masks: [ALL_DIGITS; CELLS],
        }
    }

    /// Each given as a single candidate, each empty cell with all nine digits
    /// (the starting point of the Udacity agent's `grid_values`; no elimination yet).
    /// `grid` must be 9x9 (cells past the 81st are ignored).
    pub fn from_grid(grid: &Grid) -> Candidates {
        let mut masks = [ALL_DIGITS; CELLS];
        for (m, &d) in masks.iter_mut().zip(grid.cells().iter()) {
            if d != 0 {
                *m = digit_mask(d);
            }
        }
        Candidates { masks }
    }

    /// Builds candidate sets from raw 9-bit masks (higher bits are dropped).
    pub fn from_masks(mut masks: [u16; CELLS]) -> Candidates {
        for m in masks.iter_mut() {
            *m &= ALL_DIGITS;
        }
        Candidates { masks }
    }

    /// The raw masks, in reading order.
    #[inline]
    pub fn masks(&self) -> &[u16; CELLS] {
        &self.masks
    }

    /// The raw masks, mutable, for the strategies' own rules.
    /// Only the low nine bits of each mask are meaningful.
    #[inline]
    pub fn masks_mut(&mut self) -> &mut [u16; CELLS] {
        &mut self.masks
    }

    /// The candidate mask of one cell.
    #[inline]
    pub fn get(&self, cell: usize) -> u16 {
        self.masks[cell]
    }

    /// Whether every cell holds exactly one candidate.
    pub fn is_solved(&self) -> bool {
        self.masks.iter().all(|m| m.count_ones() == 1)
    }

    /// The grid of the solved cells (cells with several or no candidates are empty).
    pub fn to_grid(&self) -> Grid {
        let mut cells = [0u8; CELLS];
        for (c, &m) in cells.iter_mut().zip(self.masks.iter()) {
            if m.count_ones() == 1 {
                *c = mask_digit(m);
            }
        }
        Grid::from_cells(cells)
    }
}

impl Default for Candidates {
    fn default() -> Self {
        Candidates::all()
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Candidates(\n{self})")
    }
}

/// Norvig's `display` of the `values` dictionary: each cell shows its remaining
/// digits, centred in a width of the longest plus one.
impl fmt::Display for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        display_cells(f, Size::NINE, |i, out| {
            out.extend(mask_digits(self.masks[i]).map(|d| char::from(b'0' + d)));
        })
    }
}

/// The unfilled cell with the fewest candidates, ties to the first in reading order
/// (the essays' `min((len(values[s]), s) for s in squares if len(values[s]) > 1)`), or
/// `None` when every cell holds at most one candidate. Two candidates cannot be beaten,
/// so the scan stops at the first such cell.
#[inline(always)]
pub fn fewest_candidates(masks: &[u16; CELLS]) -> Option<usize> {
    // The loop keeps a plain index (an `Option` in the loop costs the searches about 1%
    // more instructions: measured on reduce over top95).
    let mut best = 0;
    let mut fewest = u8::MAX;
    for (cell, &m) in masks.iter().enumerate() {
        let n = DIGIT_COUNT[usize::from(m & ALL_DIGITS)];
        if n > 1 && n < fewest {
            best = cell;
            fewest = n;
            if n == 2 {
                break;
            }
        }
    }
    (fewest != u8::MAX).then_some(best)
}

/// [`fewest_candidates`] at every grid size: one mask per cell of up to 25 digits (bit
/// `d - 1` for digit `d`, as [`DigitSet::bits`](crate::DigitSet::bits) holds them), the
/// same choice (the first unfilled cell of fewest candidates; two cannot be beaten).
pub fn fewest_candidates_n(masks: &[u32]) -> Option<usize> {
    let mut best = None;
    let mut fewest = u32::MAX;
    for (cell, &m) in masks.iter().enumerate() {
        let n = m.count_ones();
        if n > 1 && n < fewest {
            best = Some(cell);
            fewest = n;
            if n == 2 {
                break;
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fewest_candidates_scan_takes_the_first_smallest_cell() {
        let mut masks = [1u16; CELLS];
        assert_eq!(fewest_candidates(&masks), None);
        masks[10] = 0b111;
        masks[20] = 0b1011;
        masks[30] = 0b101;
        masks[40] = 0b110;
        assert_eq!(fewest_candidates(&masks), Some(30));
        masks[5] = ALL_DIGITS;
        assert_eq!(fewest_candidates(&masks), Some(30));
        let wide: Vec<u32> = masks.iter().map(|&m| u32::from(m)).collect();
        assert_eq!(fewest_candidates_n(&wide), Some(30));
        let mut sixteen = vec![1u32 << 15; 256];
        assert_eq!(fewest_candidates_n(&sixteen), None);
        sixteen[200] = 0xFFFF;
        sixteen[100] = 0xF000;
        sixteen[150] = 0x8001;
        assert_eq!(fewest_candidates_n(&sixteen), Some(150));
    }
}
