//! Hidden singles, fast: one pass over a unit's nine masks gives the digits with no
//! place, with one place, and already placed.

use sudoku_core::candidates::{mask_digit, ALL_DIGITS};
use sudoku_core::{Contradiction, Observer, Rule, Technique};

use super::{first_instance, unit, Board, Ctx};

/// The first hidden single (or digit with no place) in the units still to look at.
pub(super) fn hidden_single<O: Observer + ?Sized>(
    board: &mut Board,
    ctx: &mut Ctx<'_, O>,
) -> Result<bool, Contradiction> {
    first_instance(board, ctx, Technique::HiddenSingle, hidden_single_in)
}

/// In unit `u`, the lowest digit with no place (a contradiction) or with one place not
/// yet placed (it goes there).
fn hidden_single_in<O: Observer + ?Sized>(
    board: &mut Board,
    ctx: &mut Ctx<'_, O>,
    u: usize,
) -> Result<bool, Contradiction> {
    let cells = unit(u);
    // `once`: digits with a place; `twice`: with two; `placed`: held alone by a cell.
    let (mut once, mut twice, mut placed) = (0u16, 0u16, 0u16);
    for &c in cells {
        let v = board.cand[usize::from(c)];
        twice |= once & v;
        once |= v;
        if v & v.wrapping_sub(1) == 0 {
            placed |= v;
        }
    }
    let nowhere = ALL_DIGITS & !once;
    let todo = nowhere | (once & !twice & !placed);
    if todo == 0 {
        return Ok(false);
    }
    let d = todo & todo.wrapping_neg();
    if nowhere & d != 0 {
        let (unit, digit) = (u as u16, mask_digit(d));
        return Err(ctx.contradiction(Contradiction::NoPlace { unit, digit }));
    }
    let cell = cells
        .iter()
        .map(|&c| usize::from(c))
        .find(|&c| board.cand[c] & d != 0)
        .expect("a digit with one place has a cell");
    ctx.used.add(Technique::HiddenSingle);
    ctx.place(board, cell, d, Rule::HiddenSingle { unit: u as u16 })?;
    Ok(true)
}
