//! Hidden singles, fast: one pass over a unit's nine masks gives the digits with no
//! place, with one place, and already placed.

use sudoku_core::candidates::{mask_digit, ALL_DIGITS};
use sudoku_core::{Contradiction, Observer, Rule, Technique};

use super::{sweep, unit, Board, Ctx};

/// One sweep of hidden singles over the units still to look at.
pub(super) fn hidden_singles<O: Observer + ?Sized>(
    board: &mut Board,
    ctx: &mut Ctx<'_, O>,
) -> Result<bool, Contradiction> {
    sweep(board, ctx, Technique::HiddenSingle, hidden_singles_in)
}

/// In unit `u`, digits ascending: a digit with no place is a contradiction; a digit
/// with one place, not yet placed, goes there. After each placement the unit is read
/// again and the next digit up is looked at.
fn hidden_singles_in<O: Observer + ?Sized>(
    board: &mut Board,
    ctx: &mut Ctx<'_, O>,
    u: usize,
) -> Result<bool, Contradiction> {
    let cells = unit(u);
    let mut done = 0u16; // the digits looked at already
    let mut changed = false;
    loop {
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
        let single = once & !twice & !placed;
        let todo = (nowhere | single) & !done;
        if todo == 0 {
            return Ok(changed);
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
        changed = true;
        done |= (d << 1) - 1;
    }
}
