//! The propagation rules, as bit operations on one digit's three band words.
//!
//! A band word holds the candidate cells of one digit in one band (three rows side by
//! side): bit `9r + c` for row `r` (0..3) of the band and column `c` (0..9).
//!
//! ```text
//!          box 0     box 1     box 2
//!  row 0:  0  1  2 | 3  4  5 | 6  7  8        a row field:  9 bits, 9r..9r+9
//!  row 1:  9 10 11 |12 13 14 |15 16 17        a minirow:    3 bits, 9r+3k..9r+3k+3
//!  row 2: 18 19 20 |21 22 23 |24 25 26        a minicolumn: bits c, c+9, c+18
//! ```
//!
//! The functions take a digit's three band words at once, as [`Lanes`] (band `b` in
//! lane `b`, lane 3 zero): every operation acts on the three bands together. See the
//! crate documentation for the rules in words and a worked example.

use crate::lanes::{Lanes, Words};

/// The 27 cells of a band.
pub const BAND: u32 = 0x7ff_ffff;
/// The three band lanes full: every cell of the grid.
pub const ALL: Lanes = Lanes::bands(BAND);
/// The first 9 bits: one row field, or a set of columns.
pub const ROW: u32 = 0x1ff;

/// `pattern` (9 bits) repeated in the three row fields.
pub const fn rows(pattern: u32) -> u32 {
    pattern | pattern << 9 | pattern << 18
}

/// Bit 0 of each row field.
const FIELD_LOW: u32 = rows(1);
/// Bits 0..8 of each row field (all but the top one).
const FIELD_LOW8: u32 = rows(0xff);
/// Bit 8 (the top) of each row field: where a flag per row is kept.
const FIELD_TOP: u32 = rows(0x100);
/// The first bit of each minirow, `9r + 3k`: where a flag per minirow is kept.
pub const MINIROWS: u32 = rows(0b001_001_001);
/// The first two cells of each minirow (those with a right neighbour in it).
const MINIROW_FIRST2: u32 = rows(0b011_011_011);
/// The last two cells of each minirow (those with a left neighbour in it).
const MINIROW_LAST2: u32 = rows(0b110_110_110);

/// A 3x3 occupancy `x` (the cells of a matrix spread over groups of bits) keeps the
/// cells that lie on a permutation: a cell `(i, j)` does when the 2x2 minor left by its
/// row and column has a perfect matching, rows `i+1, i+2` taking columns `j+1, j+2` or
/// `j+2, j+1` (indexes mod 3). `col1`/`col2` are `x` with each row rotated by one and
/// by two columns; `down1`/`down2` rotate the rows by one and by two.
#[inline(always)]
fn on_a_permutation<W: Words>(
    x: W,
    col1: W,
    col2: W,
    down1: impl Fn(W) -> W,
    down2: impl Fn(W) -> W,
) -> W {
    x & ((down1(col1) & down2(col2)) | (down1(col2) & down2(col1)))
}

/// The minirow occupancy written on every cell: a cell's bit is set when any cell of
/// its minirow holds a bit of `w`.
#[inline(always)]
pub fn minirows_spread<W: Words>(w: W) -> W {
    // Each cell takes its neighbours within the minirow, twice.
    let first2 = W::splat(MINIROW_FIRST2);
    let last2 = W::splat(MINIROW_LAST2);
    let once = w | (w.shr::<1>() & first2) | (w.shl::<1>() & last2);
    once | (once.shr::<1>() & first2) | (once.shl::<1>() & last2)
}

/// The minicolumn occupancy written on every cell: a cell's bit is set when any cell
/// of its minicolumn holds a bit of `w` (bits past 27 are left over, not cells).
#[inline(always)]
pub fn minicolumns_spread<W: Words>(w: W) -> W {
    w | w.shr::<9>() | w.shr::<18>() | w.shl::<9>() | w.shl::<18>()
}

/// **The band rule**, on a spread minirow occupancy `x` ([`minirows_spread`]): the
/// cells of the minirows through which some permutation *rows × boxes* passes.
///
/// In a band, a digit occupies one minirow in each of the three rows and one in each of
/// the three boxes: its minirows make a permutation matrix. The rotations are shifts:
/// by 3 or 6 bits for the boxes (within each row, the wrap masked), by 9 or 18 for the
/// rows (the wrap shifted back in from the other end).
#[inline(always)]
pub fn band_allowed<W: Words>(x: W) -> W {
    let box1 = (x.shr::<3>() & W::splat(rows(0b000_111_111)))
        | (x.shl::<6>() & W::splat(rows(0b111_000_000)));
    let box2 = (x.shr::<6>() & W::splat(rows(0b000_000_111)))
        | (x.shl::<3>() & W::splat(rows(0b111_111_000)));
    // Bits pushed past 27 are cleared by the `x &` of the permutation test.
    let down1 = |v: W| v.shr::<9>() | v.shl::<18>();
    let down2 = |v: W| v.shr::<18>() | v.shl::<9>();
    on_a_permutation(x, box1, box2, down1, down2)
}

/// **The stack rule**, on a spread minicolumn occupancy `x` ([`minicolumns_spread`]):
/// the cells of the minicolumns through which some permutation *bands × columns* of
/// their stack passes.
///
/// In a stack (three columns side by side), a digit occupies one minicolumn in each of
/// the three columns and one in each of the three boxes. The columns rotate within
/// their stack by shifts of 1 and 2 bits; the bands rotate by moving the lanes.
#[inline(always)]
pub fn stack_allowed<W: Words>(x: W) -> W {
    let col1 = (x.shr::<1>() & W::splat(rows(0b011_011_011)))
        | (x.shl::<2>() & W::splat(rows(0b100_100_100)));
    let col2 = (x.shr::<2>() & W::splat(rows(0b001_001_001)))
        | (x.shl::<1>() & W::splat(rows(0b110_110_110)));
    on_a_permutation(x, col1, col2, W::next_band, W::band_after_next)
}

/// The band rule applied to `w`: it keeps the cells of its minirows on a permutation.
#[inline(always)]
pub fn band_rule(w: Lanes) -> Lanes {
    w & band_allowed(minirows_spread(w))
}

/// The stack rule applied to `w`: it keeps the cells of its minicolumns on a
/// permutation.
#[inline(always)]
pub fn stack_rule(w: Lanes) -> Lanes {
    w & stack_allowed(minicolumns_spread(w))
}

/// The occupied minirows of `w`, as a flag on each minirow's first bit.
#[inline(always)]
pub fn minirows(w: Lanes) -> Lanes {
    (w | w.shr::<1>() | w.shr::<2>()) & Lanes::bands(MINIROWS)
}

/// The occupied minicolumns of `w`: bit `c` of lane `b` for column `c` of band `b`.
#[inline(always)]
pub fn minicolumns(w: Lanes) -> Lanes {
    (w | w.shr::<9>() | w.shr::<18>()) & Lanes::bands(ROW)
}

/// The cells of the minirows flagged in `flags` (flags on first bits).
#[inline(always)]
pub fn minirow_cells(flags: Lanes) -> Lanes {
    flags | flags.shl::<1>() | flags.shl::<2>()
}

/// The cells of the minicolumns in `columns` (a set of columns in each band lane).
#[inline(always)]
pub fn minicolumn_cells(columns: Lanes) -> Lanes {
    columns | columns.shl::<9>() | columns.shl::<18>()
}

/// The top bit of each row field of `v` that is not zero: the low eight bits plus
/// `0xff` carry into the top one exactly when one of them is set.
#[inline(always)]
pub fn nonzero_rows(v: Lanes) -> Lanes {
    (((v & Lanes::bands(FIELD_LOW8)) + Lanes::bands(FIELD_LOW8)) | v) & Lanes::bands(FIELD_TOP)
}

/// The whole row fields whose top bit is set in `flags`: `top << 1` minus `top >> 8` is
/// the field's nine ones.
#[inline(always)]
pub fn rows_of_flags(flags: Lanes) -> Lanes {
    flags.shl::<1>() - flags.shr::<8>()
}

/// **The row rule** (hidden singles along the rows): the bits of `v` alone in their
/// row field. `v & (v - 1)` clears the lowest bit of a number; subtracting 1 from each
/// field at once (no field may be empty, so none borrows from the next), a field is
/// left non-zero exactly when it had two bits or more.
#[inline(always)]
pub fn row_singles(v: Lanes) -> Lanes {
    let crowded = nonzero_rows(v & (v - Lanes::bands(FIELD_LOW)));
    v & rows_of_flags(Lanes::bands(FIELD_TOP).and_not(crowded))
}

/// Not zero when some row field of `v` has two bits or more (an empty field first gets
/// its top bit, so that none borrows from the next).
#[inline(always)]
pub fn row_doubles(v: Lanes) -> Lanes {
    let filled = v | Lanes::bands(FIELD_TOP).and_not(nonzero_rows(v));
    filled & (filled - Lanes::bands(FIELD_LOW))
}

/// The rows holding a bit of `v`, whole.
#[inline(always)]
pub fn rows_holding(v: Lanes) -> Lanes {
    rows_of_flags(nonzero_rows(v))
}

/// The bits of `v` set in no other band lane.
#[inline(always)]
pub fn band_singles(v: Lanes) -> Lanes {
    v.and_not(v.next_band() | v.band_after_next())
}

/// A bit-sliced count, up to four, of the sets added to it: bit by bit, in how many of
/// them it is (the digits of a cell, of a minirow, ...).
#[derive(Clone, Copy, Default)]
pub struct Tally4 {
    /// In one set or more.
    pub one: Lanes,
    /// In two or more.
    pub two: Lanes,
    /// In three or more.
    pub three: Lanes,
    /// In four or more.
    pub four: Lanes,
}

impl Tally4 {
    /// Counts one more set.
    #[inline(always)]
    pub fn add(&mut self, v: Lanes) {
        self.four |= self.three & v;
        self.three |= self.two & v;
        self.two |= self.one & v;
        self.one |= v;
    }
}

/// One step of the band and stack rules on a digit's words `w`, and its minicolumn
/// occupancy before the band rule (`kept`) and after (`cols`): the rules hold when
/// they are the same.
#[inline(always)]
fn close_step<W: Words>(w: W, cols: W) -> (W, W, W) {
    let kept = stack_allowed(cols);
    let w = w & kept & band_allowed(minirows_spread(w & kept));
    (w, kept, minicolumns_spread(w))
}

/// `w` under the band and stack rules until both hold. The stack rule can only take
/// more if the band rule emptied a minicolumn (and the band rule, applied last, holds).
#[inline(always)]
pub fn closed(mut w: Lanes) -> Lanes {
    let mut cols = minicolumns_spread(w);
    loop {
        let kept;
        (w, kept, cols) = close_step(w, cols);
        if (cols & ALL).same(kept & ALL) {
            return w;
        }
    }
}

/// Two digits' words under the band and stack rules until both hold, side by side:
/// their chains of operations are independent, so the processor works on both at once.
#[inline(always)]
pub fn closed_two(mut v: Lanes, mut w: Lanes) -> (Lanes, Lanes) {
    let (mut cols_v, mut cols_w) = (minicolumns_spread(v), minicolumns_spread(w));
    loop {
        let (kept_v, kept_w);
        (v, kept_v, cols_v) = close_step(v, cols_v);
        (w, kept_w, cols_w) = close_step(w, cols_w);
        if (((cols_v ^ kept_v) | (cols_w ^ kept_w)) & ALL).is_zero() {
            return (v, w);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(cells: &[(u32, u32)]) -> u32 {
        cells.iter().map(|&(r, c)| 1 << (9 * r + c)).sum()
    }

    fn one(w: u32) -> Lanes {
        Lanes::new([w, BAND, BAND, 0])
    }

    #[test]
    fn the_band_rule_keeps_only_minirows_on_a_permutation() {
        // Row 0 only in box 0, row 1 in box 0 or 1: row 2 must take box 2 and row 1
        // box 1, so box 0 loses row 1, and box 0 and box 1 lose row 2.
        let w = word(&[(0, 1), (1, 2), (1, 4), (2, 0), (2, 4), (2, 8)]);
        let out = band_rule(one(w)).to_array()[0];
        assert_eq!(out, word(&[(0, 1), (1, 4), (2, 8)]));
        // Two rows confined to the same box: no permutation, the band empties.
        let w = word(&[(0, 1), (1, 2), (2, 0), (2, 4), (2, 8)]);
        assert_eq!(band_rule(one(w)).to_array()[0], 0);
        assert_eq!(band_rule(Lanes::bands(BAND)), Lanes::bands(BAND));
    }

    #[test]
    fn the_stack_rule_keeps_only_minicolumns_on_a_permutation() {
        // Column 0 of band 0 is the digit's only column of stack 0 there; band 1 may
        // use columns 0 or 1; band 2 any. Band 1 loses column 0, band 2 columns 0 and 1.
        // Stacks 1 and 2 are left open.
        let open = rows(0b111_111_000);
        let b0 = word(&[(0, 0), (2, 0)]) | open;
        let b1 = word(&[(1, 0), (2, 1)]) | open;
        let out = stack_rule(Lanes::new([b0, b1, BAND, 0])).to_array();
        assert_eq!(out[0], b0);
        assert_eq!(out[1], word(&[(2, 1)]) | open);
        assert_eq!(out[2] & rows(0b111), rows(0b100));
        assert_eq!(out[2] & !rows(0b111), BAND & !rows(0b111));
    }

    #[test]
    fn spread_occupancies_cover_whole_minirows_and_minicolumns() {
        let w = one(word(&[(1, 4)]));
        assert_eq!(
            minirows_spread(w).to_array()[0],
            word(&[(1, 3), (1, 4), (1, 5)])
        );
        assert_eq!(
            minicolumns_spread(w).to_array()[0] & BAND,
            word(&[(0, 4), (1, 4), (2, 4)])
        );
        assert_eq!(minirows(w).to_array()[0], word(&[(1, 3)]));
        assert_eq!(minicolumns(w).to_array()[0], 1 << 4);
        assert_eq!(minirow_cells(minirows(w)), minirows_spread(w));
        assert_eq!(
            minicolumn_cells(minicolumns(w)).to_array()[0],
            word(&[(0, 4), (1, 4), (2, 4)])
        );
    }

    #[test]
    fn row_singles_and_doubles_read_each_row_field_alone() {
        let w = word(&[(0, 3), (1, 0), (1, 8), (2, 8)]);
        assert_eq!(row_singles(one(w)).to_array()[0], word(&[(0, 3), (2, 8)]));
        assert_eq!(row_doubles(one(word(&[(0, 3), (2, 8)]))).to_array()[0], 0);
        assert_ne!(row_doubles(one(word(&[(1, 0), (1, 8)]))).to_array()[0], 0);
        assert_eq!(rows_holding(one(word(&[(1, 4)]))).to_array()[0], ROW << 9);
        assert_eq!(nonzero_rows(Lanes::ZERO), Lanes::ZERO);
        assert_eq!(
            band_singles(Lanes::new([0b011, 0b110, 0, 0])).to_array(),
            [0b001, 0b100, 0, 0]
        );
    }

    #[test]
    fn a_tally_counts_to_four() {
        let mut t = Tally4::default();
        for v in [0b1111, 0b0111, 0b0011, 0b0001, 0b0001] {
            t.add(Lanes::bands(v));
        }
        assert_eq!(t.one.to_array()[0], 0b1111);
        assert_eq!(t.two.to_array()[0], 0b0111);
        assert_eq!(t.three.to_array()[0], 0b0011);
        assert_eq!(t.four.to_array()[0], 0b0001);
    }
}
