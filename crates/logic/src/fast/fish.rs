//! X-wing and swordfish, fast: the places of a digit in each row (and each column) are
//! kept as 9-bit masks, and one pruned search runs over their combinations.
//!
//! As for subsets, a fish has a dual: if the digit is still to place in `m` rows (and so
//! `m` columns), a fish on `k` base rows leaves the other `m - k` rows and the `m - k`
//! columns it does not cover to each other, a fish on `m - k` base columns that
//! eliminates the same candidates. A fish is looked for only when the weaker techniques
//! are stuck everywhere, so an X-wing needs `m >= 4` (`m - 2 = 1` would be a hidden
//! single) and a swordfish `m >= 6` (a hidden single or an X-wing otherwise).

use sudoku_core::units::{FIRST_COLUMN_UNIT, FIRST_ROW_UNIT, SIDE};
use sudoku_core::{Contradiction, Observer, Rule, Technique};

use super::combination::{first_combination, Found};
use super::{count, first_instance, unit, Board, Ctx};

/// The technique of a fish of `k` base lines.
const fn technique(k: usize) -> Technique {
    if k == 2 {
        Technique::XWing
    } else {
        Technique::Swordfish
    }
}

/// The first fish of `k` base lines on the digits still to look at.
pub(super) fn fish<O: Observer + ?Sized>(
    board: &mut Board,
    ctx: &mut Ctx<'_, O>,
    k: usize,
) -> Result<bool, Contradiction> {
    first_instance(board, ctx, technique(k), |board, ctx, d| {
        Ok(fish_on(board, ctx, d, k, true)? || fish_on(board, ctx, d, k, false)?)
    })
}

/// For digit `d + 1`, with rows (else columns) as base lines: the first `k` base lines
/// (of those where the digit has two to `k` places, in order) whose places lie in `k`
/// cover lines between them, where another line has the digit too. The cover lines lose
/// the digit outside the base lines.
fn fish_on<O: Observer + ?Sized>(
    board: &mut Board,
    ctx: &mut Ctx<'_, O>,
    d: usize,
    k: usize,
    rows: bool,
) -> Result<bool, Contradiction> {
    let first_base = usize::from(if rows {
        FIRST_ROW_UNIT
    } else {
        FIRST_COLUMN_UNIT
    });
    let lines: [u16; SIDE] = std::array::from_fn(|l| board.places(first_base + l, d));
    let (mut sets, mut at, mut n, mut open) = ([0u16; SIDE + 1], [0usize; SIDE + 1], 0, 0);
    for (line, &p) in lines.iter().enumerate() {
        let c = count(p);
        open += usize::from(c >= 2);
        // Written every time, kept when the line has two to `k` places.
        (sets[n], at[n]) = (p, line);
        n += usize::from(c.wrapping_sub(2) <= k as u32 - 2);
    }
    if n < k || open < 2 * k {
        return Ok(false);
    }
    let base_of = |chosen: u16| {
        (0..n)
            .filter(|&j| chosen >> j & 1 != 0)
            .fold(0u16, |m, j| m | 1 << at[j])
    };
    let mut eliminates = |f: Found| {
        let base = base_of(f.chosen);
        (0..SIDE).any(|l| base >> l & 1 == 0 && lines[l] & f.union != 0)
    };
    let Some(found) = first_combination(&sets[..n], k, &mut eliminates) else {
        return Ok(false);
    };
    let base = base_of(found.chosen);
    ctx.used.add(technique(k));
    let rule = Rule::Fish {
        count: k as u8,
        rows,
        base: u32::from(base),
        cover: u32::from(found.union),
    };
    // The cover lines, in order, each along its cells (the base lines keep the digit).
    let first_cover = usize::from(if rows {
        FIRST_COLUMN_UNIT
    } else {
        FIRST_ROW_UNIT
    });
    let mut cover = found.union;
    while cover != 0 {
        let line = first_cover + cover.trailing_zeros() as usize;
        cover &= cover - 1;
        ctx.eliminate_from(board, unit(line), 1 << d, base, rule)?;
    }
    ctx.drain(board)?;
    Ok(true)
}
