//! Where to branch: the unit (band or stack) with the fewest configurations, and in it
//! the digit and cell that best pin one configuration down.
//!
//! A digit's *configuration* in a band is the permutation that says which box its
//! minirow takes in each row; they are counted in [`counts`](crate::counts).

use crate::board::{Board, BAND_CELLS};
use crate::counts::{Occupancy, DIGITS, STACK_COLUMNS};
use crate::lanes::Lanes;
use crate::machine::Machine;
use crate::rules::{row_singles, MINIROWS, ROW};

/// Bits 0, 9, 18: one column's three cells in a band word.
const COLUMN_CELLS: u32 = 1 | 1 << 9 | 1 << 18;

/// A band (`Band(b)`, rows `3b..3b+3`) or a stack (`Stack(s)`, columns `3s..3s+3`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// Three rows side by side.
    Band(usize),
    /// Three columns side by side.
    Stack(usize),
}

/// The first of the open places that have the fewest cells, branch-free: given the
/// places (bits of a 27-bit set) with one, two and three cells, (how many cells, the
/// place's bit), or `(4, 32)` when there is none.
#[inline(always)]
fn fewest_cells(ones: u32, twos: u32, threes: u32) -> (u32, u32) {
    let no_one = u32::from(ones == 0);
    let no_two = no_one & u32::from(twos == 0);
    let no_three = no_two & u32::from(threes == 0);
    // Each class counts only when every smaller class is empty.
    let set = ones | (twos & no_one.wrapping_neg()) | (threes & no_two.wrapping_neg());
    (1 + no_one + no_two + no_three, set.trailing_zeros())
}

/// The best place of a digit in band `b`, whose cells there are `cells`: its open
/// minirows (in a row where it has two or more), fewest cells first. Returns (cells,
/// first cell of the minirow), 4 cells when it has no open minirow.
#[inline(always)]
fn band_place(cells: u32, b: usize) -> (u32, usize) {
    let x = (cells | cells >> 1 | cells >> 2) & MINIROWS;
    let open = x & !row_singles_word(x);
    // Cells per minirow, a 2-bit count on its first bit.
    let sum = (cells & MINIROWS) + (cells >> 1 & MINIROWS) + (cells >> 2 & MINIROWS);
    let (n, p) = fewest_cells(
        sum & !(sum >> 1) & open,
        sum >> 1 & !sum & open,
        sum & sum >> 1 & open,
    );
    let first = (cells.checked_shr(p).unwrap_or(0) & 0b111).trailing_zeros();
    (n, b * BAND_CELLS + (p + first) as usize)
}

/// The best place of a digit in stack `s`, whose band words are `lanes`: its open
/// minicolumns (in a column where it has two or more), fewest cells first.
#[inline(always)]
fn stack_place(lanes: [u32; 4], s: usize) -> (u32, usize) {
    let pack = |f: fn(u32) -> u32| f(lanes[0]) | f(lanes[1]) << 9 | f(lanes[2]) << 18;
    let (r0, r1, r2) = (
        pack(|l| l & ROW),
        pack(|l| l >> 9 & ROW),
        pack(|l| l >> 18 & ROW),
    );
    // Occupied minicolumns (bit 9b + c), and those alone in their column: forced.
    let x = r0 | r1 | r2;
    let (m0, m1, m2) = (x & ROW, x >> 9 & ROW, x >> 18);
    let alone = (m0 & !(m1 | m2)) | (m1 & !(m0 | m2)) << 9 | (m2 & !(m0 | m1)) << 18;
    let open = x & !alone & STACK_COLUMNS[s];
    let all = r0 & r1 & r2;
    let some_two = (r0 & r1) | (r1 & r2) | (r0 & r2);
    let (n, p) = fewest_cells(
        (r0 ^ r1 ^ r2) & !all & open,
        some_two & !all & open,
        all & open,
    );
    let (b, c) = ((p / 9).min(2) as usize, p % 9);
    let row = (lanes[b] >> c & COLUMN_CELLS).trailing_zeros() as usize / 9;
    (n, b * BAND_CELLS + row * 9 + c as usize)
}

/// [`row_singles`] on one band word: the bits alone in their row field (no field empty).
#[inline(always)]
fn row_singles_word(v: u32) -> u32 {
    row_singles(Lanes::bands(v)).to_array()[0]
}

/// The branch of an open `board` (`occupancy` its minirows and minicolumns, as
/// [`Board::propagate`] leaves them): in the unit with the fewest configurations, the open
/// place (minirow or minicolumn) with the fewest cells, ties to the digit with fewer
/// configurations there, then to the smallest digit and the first place; the try is
/// that digit in the first cell of that place (the configurations counted the way
/// `machine` does). `None` only on a board with no open unit (it never is, at an open
/// fixpoint).
#[inline(always)]
pub fn choose<T: Machine>(board: &Board, occupancy: &Occupancy, machine: T) -> Option<(usize, u8)> {
    let configs = machine.configurations(occupancy);
    let u = configs.tightest_unit()?;
    // (key, cell, digit) of the best so far, over the digits with a choice there.
    let mut best = (u32::MAX, 0usize, 0u8);
    let mut open = (0..DIGITS).fold(0u32, |m, d| m | u32::from(configs.count(d, u) >= 2) << d);
    while open != 0 {
        let d = open.trailing_zeros() as usize;
        open &= open - 1;
        let count = configs.count(d, u);
        // A place has one cell or more: this digit's key is 8 + count at best.
        if 8 + count >= best.0 {
            continue;
        }
        let lanes = board.digit(d).to_array();
        let (cells, cell) = if u < 3 {
            band_place(lanes[u], u)
        } else {
            stack_place(lanes, u - 3)
        };
        let key = cells * 8 + count;
        if key < best.0 {
            best = (key, cell, d as u8 + 1);
        }
    }
    (best.0 < 4 * 8).then_some((best.1, best.2))
}
