//! Naked and hidden subsets (pairs, triples, quads), fast: the candidates of a unit's
//! cells, or the places of its digits, as 9-bit masks, and one pruned search over
//! their combinations.
//!
//! # Units that cannot hold one
//!
//! In a unit with `m` open cells (and so `m` digits still to place), `k` cells holding
//! `k` digits between them (a naked subset) leave the other `m - k` open cells the other
//! `m - k` digits, whose places lie in those cells alone (a hidden subset), and the two
//! eliminate the same candidates. Deduction looks for a technique only when every
//! weaker one is stuck everywhere, so the dual subset of size `m - k`, when it is a
//! weaker technique (or a single), cannot eliminate anything, and neither can this one:
//!
//! - a naked pair needs `m >= 4` (`m - 2 = 1` would be a hidden single);
//! - a hidden pair `m >= 5` (`m - 2 <= 2`: a naked single or pair);
//! - a naked triple `m >= 6` (hidden single or pair); a hidden triple `m >= 7`;
//! - a naked quad `m >= 8`; a hidden quad `m = 9`.
//!
//! Units with fewer open cells are skipped (and never made due again: open cells only
//! get fewer): the same instances are found, faster.

use sudoku_core::candidates::ALL_DIGITS;
use sudoku_core::{Contradiction, Observer, Rule, Technique};

use super::board::open_needed;
use super::combination::{first_combination, Found};
use super::{count, first_instance, unit, Board, Ctx};

/// The technique of naked subsets of `k` cells.
const fn naked(k: usize) -> Technique {
    match k {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    }
}

/// The technique of hidden subsets of `k` digits.
const fn hidden(k: usize) -> Technique {
    match k {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    }
}

/// The first naked subset of `k` cells in the units still to look at.
pub(super) fn naked_subset<O: Observer + ?Sized>(
    board: &mut Board,
    ctx: &mut Ctx<'_, O>,
    k: usize,
) -> Result<bool, Contradiction> {
    first_instance(board, ctx, naked(k), |board, ctx, u| {
        naked_in(board, ctx, u, k)
    })
}

/// The first hidden subset of `k` digits in the units still to look at.
pub(super) fn hidden_subset<O: Observer + ?Sized>(
    board: &mut Board,
    ctx: &mut Ctx<'_, O>,
    k: usize,
) -> Result<bool, Contradiction> {
    first_instance(board, ctx, hidden(k), |board, ctx, u| {
        hidden_in(board, ctx, u, k)
    })
}

/// In unit `u`: the first `k` unsolved cells (of those with at most `k` candidates, in
/// unit order) holding `k` candidates between them that another cell of the unit holds
/// too. Those other cells lose them.
fn naked_in<O: Observer + ?Sized>(
    board: &mut Board,
    ctx: &mut Ctx<'_, O>,
    u: usize,
    k: usize,
) -> Result<bool, Contradiction> {
    if usize::from(board.open[u]) < open_needed(naked(k)) {
        return Ok(false);
    }
    let cells = unit(u);
    let masks = cells.map(|c| board.cand[usize::from(c)]);
    // The candidate cells (their masks and their place in the unit).
    let (mut sets, mut at, mut n) = ([0u16; 10], [0usize; 10], 0);
    for (i, &m) in masks.iter().enumerate() {
        // Written every time, kept when the cell has two to `k` candidates.
        (sets[n], at[n]) = (m, i);
        n += usize::from(count(m).wrapping_sub(2) <= k as u32 - 2);
    }
    if n < k {
        return Ok(false);
    }
    let in_subset = |f: Found| -> u16 {
        let mut places = 0u16;
        for (j, &i) in at[..n].iter().enumerate() {
            places |= ((f.chosen >> j) & 1) << i;
        }
        places
    };
    let mut eliminates = |f: Found| {
        let places = in_subset(f);
        (0..9).any(|i| places >> i & 1 == 0 && masks[i] & f.union != 0)
    };
    let Some(found) = first_combination(&sets[..n], k, &mut eliminates) else {
        return Ok(false);
    };
    let technique = naked(k);
    ctx.used.add(technique);
    let rule = Rule::NakedSubset {
        unit: u as u16,
        count: k as u8,
    };
    ctx.eliminate_from(board, cells, found.union, in_subset(found), rule)?;
    ctx.drain(board)?;
    Ok(true)
}

/// In unit `u`: the first `k` digits (of those with two to `k` places, ascending)
/// confined to the same `k` cells, which hold another candidate too. Those cells lose
/// their other candidates.
fn hidden_in<O: Observer + ?Sized>(
    board: &mut Board,
    ctx: &mut Ctx<'_, O>,
    u: usize,
    k: usize,
) -> Result<bool, Contradiction> {
    if usize::from(board.open[u]) < open_needed(hidden(k)) {
        return Ok(false);
    }
    let cells = unit(u);
    let masks = cells.map(|c| board.cand[usize::from(c)]);
    let places: [u16; 9] = std::array::from_fn(|d| board.places(u, d));
    let (mut sets, mut digit, mut n) = ([0u16; 10], [0u16; 10], 0);
    for (d, &p) in places.iter().enumerate() {
        // Written every time, kept when the digit has two to `k` places.
        (sets[n], digit[n]) = (p, 1 << d);
        n += usize::from(count(p).wrapping_sub(2) <= k as u32 - 2);
    }
    if n < k {
        return Ok(false);
    }
    let digits_of = |f: Found| -> u16 {
        (0..n)
            .filter(|&j| f.chosen >> j & 1 != 0)
            .fold(0, |m, j| m | digit[j])
    };
    let mut eliminates = |f: Found| {
        let digits = digits_of(f);
        (0..9).any(|i| f.union >> i & 1 != 0 && masks[i] & !digits != 0)
    };
    let Some(found) = first_combination(&sets[..n], k, &mut eliminates) else {
        return Ok(false);
    };
    let others = ALL_DIGITS & !digits_of(found);
    let technique = hidden(k);
    ctx.used.add(technique);
    let rule = Rule::HiddenSubset {
        unit: u as u16,
        count: k as u8,
    };
    // The cells outside the subset's places keep everything.
    ctx.eliminate_from(board, cells, others, !found.union, rule)?;
    ctx.drain(board)?;
    Ok(true)
}
