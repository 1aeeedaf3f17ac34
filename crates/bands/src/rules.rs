//! The propagation rules, as bit operations on the three band words of one digit.
//!
//! A band word holds the candidate cells of one digit in one band: bit `9r + c` for
//! row `r` (0..3) of the band and column `c` (0..9). Three groups of bits matter:
//!
//! - a *row field*: the 9 bits of one row, `9r..9r+9`;
//! - a *minirow*: the 3 bits of one row within one box, `9r+3k..9r+3k+3` (box `k`);
//! - a *minicolumn*: the 3 bits of one column within one band, `c`, `c+9`, `c+18`.
//!
//! The functions take a digit's three band words at once ([`Lanes`], band `b` in lane
//! `b`, lane 3 zero). See the crate documentation for the rules in words.

use crate::lanes::Lanes;

/// The 27 cells of a band.
pub const BAND: u32 = 0x7ff_ffff;
/// The three band lanes full: every cell of the grid.
pub const ALL: Lanes = Lanes::bands(BAND);
/// The first 9 bits: one row field, or a set of columns.
pub const ROW: u32 = 0x1ff;

/// `pattern` repeated in the three row fields.
const fn rows(pattern: u32) -> u32 {
    pattern | pattern << 9 | pattern << 18
}

/// Bit 0 of each row field.
const FIELD_LOW: u32 = rows(1);
/// Bits 0..8 of each row field (all but the top one).
const FIELD_LOW8: u32 = rows(0xff);
/// Bit 8 (the top) of each row field: where per-row flags are kept.
pub const FIELD_TOP: u32 = rows(0x100);
/// The first bit of each minirow, `9r + 3k`: where a minirow's flags are kept.
pub const MINIROWS: u32 = rows(0b001_001_001);
/// The minirows of row 0 (of each band).
const ROW0_MINIROWS: u32 = 0b001_001_001;
/// The first two cells of each minirow (those with a right neighbour in it).
const MINIROW_FIRST2: u32 = rows(0b011_011_011);
/// The last two cells of each minirow (those with a left neighbour in it).
const MINIROW_LAST2: u32 = rows(0b110_110_110);
/// The cells of boxes 0 and 1 of each row.
const SPREAD_BOXES_01: u32 = rows(0b000_111_111);
/// The cells of box 2 of each row.
const SPREAD_BOX_2: u32 = rows(0b111_000_000);
/// The cells of box 0 of each row.
const SPREAD_BOX_0: u32 = rows(0b000_000_111);
/// The cells of boxes 1 and 2 of each row.
const SPREAD_BOXES_12: u32 = rows(0b111_111_000);
/// Minirow starts of boxes 0 and 1 of each row.
const BOXES_01: u32 = rows(0b000_001_001);
/// Minirow start of box 2 of each row.
const BOX_2: u32 = rows(0b001_000_000);
/// Minirow start of box 0 of each row.
const BOX_0: u32 = rows(0b000_000_001);
/// Minirow starts of boxes 1 and 2 of each row.
const BOXES_12: u32 = rows(0b001_001_000);

/// Columns 0 and 1 of each stack (in a set of 9 columns).
const STACK_COLS_01: u32 = 0b011_011_011;
/// Column 2 of each stack.
const STACK_COL_2: u32 = 0b100_100_100;
/// Column 0 of each stack.
pub const STACK_COL_0: u32 = 0b001_001_001;
/// Columns 1 and 2 of each stack.
const STACK_COLS_12: u32 = 0b110_110_110;

/// The two ways a 3x3 occupancy can be completed into a permutation through each of
/// its cells `(i, j)`: `even` when rows `i+1, i+2` take columns `j+1, j+2`, `odd` when
/// they take `j+2, j+1` (indexes mod 3). A cell is on some permutation when either is
/// set; every permutation counts once in each row of `even | odd` (as `even` in one
/// cell of the row, or `odd`).
///
/// `x` is the occupancy; `col1`/`col2` are it with each row rotated by one and two
/// columns; `down1`/`down2` rotate the rows by one and two.
#[derive(Clone, Copy)]
pub struct Matchings {
    /// Cells completed by the even matching of their minor.
    pub even: Lanes,
    /// Cells completed by the odd matching of their minor.
    pub odd: Lanes,
}

#[inline(always)]
fn matchings(
    x: Lanes,
    col1: Lanes,
    col2: Lanes,
    down1: impl Fn(Lanes) -> Lanes,
    down2: impl Fn(Lanes) -> Lanes,
) -> Matchings {
    Matchings {
        even: x & down1(col1) & down2(col2),
        odd: x & down1(col2) & down2(col1),
    }
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

/// The permutations of the band matrix *rows × boxes* through each occupied minirow
/// (flags on minirow starts, as [`minirows`] gives them).
#[inline(always)]
pub fn band_matchings(x: Lanes) -> Matchings {
    // The matrix with each row rotated by one and by two boxes.
    let box1 = (x.shr::<3>() & Lanes::bands(BOXES_01)) | (x.shl::<6>() & Lanes::bands(BOX_2));
    let box2 = (x.shr::<6>() & Lanes::bands(BOX_0)) | (x.shl::<3>() & Lanes::bands(BOXES_12));
    // Rows rotated by one and two: bits pushed past 27 are cleared by `x &`.
    let down1 = |v: Lanes| v.shr::<9>() | v.shl::<18>();
    let down2 = |v: Lanes| v.shr::<18>() | v.shl::<9>();
    matchings(x, box1, box2, down1, down2)
}

/// The permutations of each stack's matrix *bands × columns* through each occupied
/// minicolumn (as [`minicolumns`] gives them).
#[inline(always)]
pub fn stack_matchings(x: Lanes) -> Matchings {
    let col1 =
        (x.shr::<1>() & Lanes::bands(STACK_COLS_01)) | (x.shl::<2>() & Lanes::bands(STACK_COL_2));
    let col2 =
        (x.shr::<2>() & Lanes::bands(STACK_COL_0)) | (x.shl::<1>() & Lanes::bands(STACK_COLS_12));
    matchings(x, col1, col2, Lanes::next_band, Lanes::band_after_next)
}

/// The cells of the minirows flagged in `flags` (flags on minirow starts).
#[inline(always)]
pub fn minirow_cells(flags: Lanes) -> Lanes {
    flags | flags.shl::<1>() | flags.shl::<2>()
}

/// The cells of the minicolumns in `columns` (a set of columns in each band lane).
#[inline(always)]
pub fn minicolumn_cells(columns: Lanes) -> Lanes {
    columns | columns.shl::<9>() | columns.shl::<18>()
}

/// Each cell of `w`'s minirows set when its minirow holds a bit of `w`: the minirow
/// occupancy written on all three of its cells.
#[inline(always)]
pub fn minirows_spread(w: Lanes) -> Lanes {
    // Each cell takes its neighbours within the minirow, twice.
    let once = w
        | (w.shr::<1>() & Lanes::bands(MINIROW_FIRST2))
        | (w.shl::<1>() & Lanes::bands(MINIROW_LAST2));
    once | (once.shr::<1>() & Lanes::bands(MINIROW_FIRST2))
        | (once.shl::<1>() & Lanes::bands(MINIROW_LAST2))
}

/// Each cell of `w`'s minicolumns set when its minicolumn holds a bit of `w`: the
/// minicolumn occupancy written on all three of its cells (bits past 27 are garbage).
#[inline(always)]
pub fn minicolumns_spread(w: Lanes) -> Lanes {
    w | w.shr::<9>() | w.shr::<18>() | w.shl::<9>() | w.shl::<18>()
}

/// **The band rule.** In each band a digit occupies one minirow in each row and one in
/// each box: a permutation of the 3x3 matrix *rows × boxes*. A minirow through which
/// no such permutation passes loses all its cells, and the band empties when no
/// permutation is left. Locked candidates along the rows, both ways (pointing and
/// claiming).
///
/// The matrix is worked on spread over the cells ([`minirows_spread`]), so that the
/// permutations found are already the cells to keep.
#[inline(always)]
pub fn band_rule(w: Lanes) -> Lanes {
    w & band_allowed(minirows_spread(w))
}

/// The cells of the minirows on some permutation, for a spread occupancy `x`.
#[inline(always)]
pub fn band_allowed(x: Lanes) -> Lanes {
    let box1 = (x.shr::<3>() & Lanes::bands(SPREAD_BOXES_01))
        | (x.shl::<6>() & Lanes::bands(SPREAD_BOX_2));
    let box2 = (x.shr::<6>() & Lanes::bands(SPREAD_BOX_0))
        | (x.shl::<3>() & Lanes::bands(SPREAD_BOXES_12));
    let down1 = |v: Lanes| v.shr::<9>() | v.shl::<18>();
    let down2 = |v: Lanes| v.shr::<18>() | v.shl::<9>();
    let m = matchings(x, box1, box2, down1, down2);
    m.even | m.odd
}

/// **The stack rule.** The same in each stack (three columns side by side): a digit
/// occupies one minicolumn in each column and one in each box, a permutation of the
/// matrix *bands × columns*. Locked candidates along the columns, both ways.
#[inline(always)]
pub fn stack_rule(w: Lanes) -> Lanes {
    w & stack_allowed(minicolumns_spread(w))
}

/// The cells of the minicolumns on some permutation, for a spread occupancy `x`.
#[inline(always)]
pub fn stack_allowed(x: Lanes) -> Lanes {
    let col1 = (x.shr::<1>() & Lanes::bands(rows(STACK_COLS_01)))
        | (x.shl::<2>() & Lanes::bands(rows(STACK_COL_2)));
    let col2 = (x.shr::<2>() & Lanes::bands(rows(STACK_COL_0)))
        | (x.shl::<1>() & Lanes::bands(rows(STACK_COLS_12)));
    let m = matchings(x, col1, col2, Lanes::next_band, Lanes::band_after_next);
    m.even | m.odd
}

/// How many permutations each band matrix has: lane `b` holds band `b`'s count (0..=6).
#[inline(always)]
pub fn band_configurations(w: Lanes) -> Lanes {
    let m = band_matchings(minirows(w));
    // Each permutation is set once in row 0 of `even | odd`: add the six flags.
    let row0 = Lanes::bands(ROW0_MINIROWS);
    let t = (m.even & row0).add(m.odd & row0);
    (t.add(t.shr::<3>()).add(t.shr::<6>())) & Lanes::bands(7)
}

/// How many permutations each stack matrix has: 3-bit counts at bits `3s` of lane 0
/// for stack `s` (the other lanes count the same permutations again).
#[inline(always)]
pub fn stack_configurations(w: Lanes) -> Lanes {
    let m = stack_matchings(minicolumns(w));
    let col0 = Lanes::bands(STACK_COL_0);
    let per = |v: Lanes| (v & col0).add(v.shr::<1>() & col0).add(v.shr::<2>() & col0);
    per(m.even).add(per(m.odd))
}

/// The top bit of each row field of `v` that is not zero.
#[inline(always)]
pub fn nonzero_rows(v: Lanes) -> Lanes {
    ((v & Lanes::bands(FIELD_LOW8)).add(Lanes::bands(FIELD_LOW8)) | v) & Lanes::bands(FIELD_TOP)
}

/// The full row fields whose top bit is set in `flags` (a set of row-field tops).
#[inline(always)]
pub fn rows_of_flags(flags: Lanes) -> Lanes {
    flags.shl::<1>() - flags.shr::<8>()
}

/// The bits of `v` alone in their row field. No row field of `v` may be empty (a
/// word through [`band_rule`] has none, or is zero).
#[inline(always)]
pub fn row_singles(v: Lanes) -> Lanes {
    let crowded = nonzero_rows(v & (v - Lanes::bands(FIELD_LOW)));
    v & rows_of_flags(Lanes::bands(FIELD_TOP).and_not(crowded))
}

/// Not zero when some row field of `v` has two bits or more.
#[inline(always)]
pub fn row_doubles(v: Lanes) -> Lanes {
    // An empty field gets its top bit, so that no field borrows from the next.
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

/// A bit-sliced count, up to four, of the sets added to it.
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
        // Row 0 only in box 0, row 1 only in box 0 or 1: row 2 must take box 2,
        // row 1 box 1, so box 0 loses row 1 and rows 1.. lose nothing else.
        let w = word(&[(0, 1), (1, 2), (1, 4), (2, 0), (2, 4), (2, 8)]);
        let out = band_rule(one(w)).to_array()[0];
        assert_eq!(out, word(&[(0, 1), (1, 4), (2, 8)]));
        assert_eq!(band_configurations(one(w)).to_array(), [1, 6, 6, 0]);
        // Two rows confined to the same box: no permutation, the band empties.
        let w = word(&[(0, 1), (1, 2), (2, 0), (2, 4), (2, 8)]);
        assert_eq!(band_rule(one(w)).to_array()[0], 0);
        assert_eq!(band_configurations(one(w)).to_array()[0], 0);
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
        let w = Lanes::new([b0, b1, BAND, 0]);
        let out = stack_rule(w).to_array();
        assert_eq!(out[0], b0);
        assert_eq!(out[1], word(&[(2, 1)]) | open);
        assert_eq!(out[2] & rows(0b111), rows(0b100));
        // Stack 0 has one permutation, stacks 1 and 2 all six.
        assert_eq!(stack_configurations(w).to_array()[0], 1 | 6 << 3 | 6 << 6);
    }

    #[test]
    fn row_singles_and_doubles_read_each_row_field_alone() {
        let w = word(&[(0, 3), (1, 0), (1, 8), (2, 8)]);
        assert_eq!(row_singles(one(w)).to_array()[0], word(&[(0, 3), (2, 8)]));
        assert_eq!(row_doubles(one(word(&[(0, 3), (2, 8)]))).to_array()[0], 0);
        assert_ne!(row_doubles(one(word(&[(1, 0), (1, 8)]))).to_array()[0], 0);
        assert_eq!(rows_holding(one(word(&[(1, 4)]))).to_array()[0], ROW << 9);
        assert_eq!(nonzero_rows(Lanes::ZERO), Lanes::ZERO);
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
