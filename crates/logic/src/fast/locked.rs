//! Locked candidates, fast: the places of a digit in a unit are a 9-bit mask, so
//! "confined to one box" (in a line) or "to one row or column" (in a box) is a mask test.

use sudoku_core::units::{FIRST_BOX_UNIT, FIRST_COLUMN_UNIT, SIDE};
use sudoku_core::{Contradiction, Observer, Rule, Technique};

use super::{first_instance, unit, Board, Ctx};

/// The first locked candidates in the units still to look at: claiming in the rows and
/// columns, pointing in the boxes.
pub(super) fn locked_candidate<O: Observer + ?Sized>(
    board: &mut Board,
    ctx: &mut Ctx<'_, O>,
) -> Result<bool, Contradiction> {
    first_instance(board, ctx, Technique::LockedCandidates, |board, ctx, u| {
        if u < usize::from(FIRST_BOX_UNIT) {
            claiming(board, ctx, u)
        } else {
            pointing(board, ctx, u)
        }
    })
}

/// The places (bits `3k..3k + 3`) of segment `k` of a line, or of band `k` of a box.
const fn segment(k: usize) -> u16 {
    0b111 << (3 * k)
}

/// The places (bits `j`, `j + 3`, `j + 6`) of column `j` of a box.
const fn stack(j: usize) -> u16 {
    0b001_001_001 << j
}

/// The segment (0..3) a non-empty set of places lies in, if only one.
#[inline(always)]
fn one_segment(places: u16, of: fn(usize) -> u16) -> Option<usize> {
    (0..3).find(|&k| places & !of(k) == 0 && places != 0)
}

/// Claiming in line `line` (a row or a column): the lowest digit whose places in the
/// line lie in one box, and which that box has elsewhere, leaves the rest of the box.
fn claiming<O: Observer + ?Sized>(
    board: &mut Board,
    ctx: &mut Ctx<'_, O>,
    line: usize,
) -> Result<bool, Contradiction> {
    let col = line >= usize::from(FIRST_COLUMN_UNIT);
    let index = line % SIDE;
    // Within the box: the places of this line (a band for a row, a stack for a column).
    let own = if col {
        stack(index % 3)
    } else {
        segment(index % 3)
    };
    for d in 0..SIDE {
        let Some(k) = one_segment(board.places(line, d), segment) else {
            continue;
        };
        let bx = usize::from(FIRST_BOX_UNIT)
            + if col {
                3 * k + index / 3
            } else {
                3 * (index / 3) + k
            };
        if board.places(bx, d) & !own == 0 {
            continue;
        }
        ctx.used.add(Technique::LockedCandidates);
        let rule = Rule::Claiming {
            line: line as u16,
            box_unit: bx as u16,
        };
        ctx.eliminate_from(board, unit(bx), 1 << d, own, rule)?;
        ctx.drain(board)?;
        return Ok(true);
    }
    Ok(false)
}

/// Pointing in box `bx`: the lowest digit whose places in the box lie in one row (else
/// one column), and which that line has elsewhere, leaves the rest of the line.
fn pointing<O: Observer + ?Sized>(
    board: &mut Board,
    ctx: &mut Ctx<'_, O>,
    bx: usize,
) -> Result<bool, Contradiction> {
    let b = bx - usize::from(FIRST_BOX_UNIT);
    // The box's places within a row (its stack of columns) and within a column (its band).
    let (in_row, in_col) = (segment(b % 3), segment(b / 3));
    for d in 0..SIDE {
        let places = board.places(bx, d);
        let row = one_segment(places, segment).map(|i| (3 * (b / 3) + i, in_row));
        let col = one_segment(places, stack)
            .map(|j| (usize::from(FIRST_COLUMN_UNIT) + 3 * (b % 3) + j, in_col));
        for (line, own) in row.into_iter().chain(col) {
            if board.places(line, d) & !own == 0 {
                continue;
            }
            ctx.used.add(Technique::LockedCandidates);
            let rule = Rule::Pointing {
                box_unit: bx as u16,
                line: line as u16,
            };
            ctx.eliminate_from(board, unit(line), 1 << d, own, rule)?;
            ctx.drain(board)?;
            return Ok(true);
        }
    }
    Ok(false)
}
