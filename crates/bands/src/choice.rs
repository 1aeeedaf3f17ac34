//! Where to branch: the unit (band or stack) with the fewest configurations, and in it
//! the digit and cell that best pin one configuration down.
//!
//! A digit's *configuration* in a band is the permutation that says which box its
//! minirow takes in each row (one of 6); in a stack, which column its minicolumn takes
//! in each band. At a fixpoint every digit's occupancy is closed (each occupied
//! minirow is on some permutation), and the number of permutations of a closed 3x3
//! occupancy depends only on how many places it has:
//!
//! | places | 3 | 5 | 6 | 7 | 8 | 9 |
//! |---|---|---|---|---|---|---|
//! | configurations | 1 | 2 | 2 | 3 | 4 | 6 |
//!
//! (4 places cannot be closed.) So counting is a popcount and a table look-up.

use crate::board::{Board, Occupancy, BAND_CELLS, DIGITS};
use crate::lanes::Lanes;
use crate::machine::Machine;
use crate::rules::{row_singles, MINIROWS, ROW};

/// Configurations of a closed 3x3 occupancy, by its number of places.
pub(crate) const CONFIGURATIONS: [u32; 10] = [0, 0, 0, 1, 1, 2, 2, 3, 4, 6];

/// [`CONFIGURATIONS`] as nibbles of one word, read with a shift: no memory access,
/// nothing for a compiler to turn into a vector gather.
const CONFIGURATION_NIBBLES: u64 = {
    let mut packed = 0;
    let mut n = 0;
    while n < CONFIGURATIONS.len() {
        packed |= (CONFIGURATIONS[n] as u64) << (4 * n);
        n += 1;
    }
    packed
};

/// The configurations of a closed 3x3 occupancy of `places` places (0..=9).
#[inline(always)]
fn configurations(places: u32) -> u32 {
    (CONFIGURATION_NIBBLES >> (4 * places) & 0xf) as u32
}

/// The columns of stack `s` in each band of a 27-bit packed column set.
const STACK_COLUMNS: [u32; 3] = {
    let mut m = [0; 3];
    let mut s = 0;
    while s < 3 {
        let cols = 0b111 << (3 * s);
        m[s] = cols | cols << 9 | cols << 18;
        s += 1;
    }
    m
};

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

/// How many configurations each digit has in each unit (1 for a digit whose three
/// places there are known, up to 6), units `0..3` the bands and `3..6` the stacks: one
/// byte per unit, unit `u` in byte `u`.
pub struct Configurations {
    /// Per digit, a byte per unit.
    per_digit: [u64; DIGITS],
    /// Per unit, over the nine digits (at most 54: no byte carries into the next).
    totals: u64,
}

impl Configurations {
    /// The configurations of every digit of a propagated board, from its `occupancy`.
    #[inline(always)]
    pub fn of(occupancy: &Occupancy) -> Configurations {
        let mut per_digit = [0; DIGITS];
        let mut totals = 0;
        for (d, counts) in per_digit.iter_mut().enumerate() {
            let rows = occupancy.minirows[d].to_array();
            let c = occupancy.minicolumns[d].to_array();
            let cols = c[0] | c[1] << 9 | c[2] << 18;
            for b in 0..3 {
                *counts |= u64::from(configurations(rows[b].count_ones())) << (8 * b);
                let stack = configurations((cols & STACK_COLUMNS[b]).count_ones());
                *counts |= u64::from(stack) << (8 * (3 + b));
            }
            totals += *counts;
        }
        Configurations { per_digit, totals }
    }

    /// Counts packed as [`Configurations::of`] packs them.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub(crate) fn from_counts(per_digit: [u64; DIGITS], totals: u64) -> Configurations {
        Configurations { per_digit, totals }
    }

    /// The configurations of digit `d` (0-based) in unit `u`.
    #[inline(always)]
    pub fn count(&self, d: usize, u: usize) -> u32 {
        (self.per_digit[d] >> (8 * u) & 0xff) as u32
    }

    /// The configurations of unit `u`, over its nine digits.
    #[inline(always)]
    pub fn total(&self, u: usize) -> u32 {
        (self.totals >> (8 * u) & 0xff) as u32
    }

    /// The unit with the fewest configurations over its nine digits, among those where
    /// some digit has two or more (ties to the first: bands 0, 1, 2, then stacks).
    #[inline(always)]
    pub fn tightest_unit(&self) -> Option<usize> {
        // Each unit's key: its total, then its index (ties to the first); a unit whose
        // nine digits have one configuration each has nothing to choose: no key.
        let key = |u: usize| {
            let total = self.total(u);
            if total > DIGITS as u32 {
                total << 3 | u as u32
            } else {
                u32::MAX
            }
        };
        let fewest = (0..6).map(key).min().unwrap_or(u32::MAX);
        (fewest != u32::MAX).then_some((fewest & 7) as usize)
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::essay::PERMUTATIONS;

    #[test]
    fn the_configurations_of_a_closed_occupancy_follow_its_size() {
        // Every union of permutations of 3: count its places and the permutations in it.
        let perms = PERMUTATIONS;
        for set in 1u32..64 {
            let mut places = 0u32;
            for (i, p) in perms.iter().enumerate() {
                if set >> i & 1 == 1 {
                    for (r, &c) in p.iter().enumerate() {
                        places |= 1 << (3 * r + c);
                    }
                }
            }
            let inside = perms
                .iter()
                .filter(|p| {
                    p.iter()
                        .enumerate()
                        .all(|(r, &c)| places >> (3 * r + c) & 1 == 1)
                })
                .count() as u32;
            assert_eq!(
                CONFIGURATIONS[places.count_ones() as usize],
                inside,
                "{places:09b}"
            );
        }
    }
}
