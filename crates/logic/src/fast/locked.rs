//! Locked candidates, fast: the union of the candidates of each segment (the three cells
//! a box shares with a line) says at once, for all nine digits, which are confined to
//! one segment of a line or a box, and which the rest of the other house still holds.

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

/// The union of the candidates of segment `k` (cells `3k..3k + 3`) of line `line`.
#[inline(always)]
fn segment(board: &Board, line: usize, k: usize) -> u16 {
    let cells = &unit(line)[3 * k..3 * k + 3];
    board.cand[usize::from(cells[0])]
        | board.cand[usize::from(cells[1])]
        | board.cand[usize::from(cells[2])]
}

/// Of three segments, the digits of each that lie in neither other.
#[inline(always)]
fn confined(seg: [u16; 3]) -> [u16; 3] {
    [
        seg[0] & !(seg[1] | seg[2]),
        seg[1] & !(seg[0] | seg[2]),
        seg[2] & !(seg[0] | seg[1]),
    ]
}

/// The lowest digit (as a mask) of three masks, and the first of them holding it.
#[inline(always)]
fn lowest(masks: [u16; 3]) -> Option<(u16, usize)> {
    let all = masks[0] | masks[1] | masks[2];
    let d = all & all.wrapping_neg();
    let k = usize::from(masks[0] & d == 0) + usize::from(masks[0] & d == 0 && masks[1] & d == 0);
    (d != 0).then_some((d, k))
}

/// The positions (bit `i` for a unit's `i`-th cell) of band (or stack) `k` of a box:
/// rows `3k..3k + 3` (columns `k`, `k + 3`, `k + 6` for a stack).
const fn in_box(k: usize, stack: bool) -> u16 {
    if stack {
        0b001_001_001 << k
    } else {
        0b111 << (3 * k)
    }
}

/// Claiming in line `line` (a row or a column): the lowest digit confined to one segment
/// of the line, whose box holds it elsewhere, leaves the rest of the box.
fn claiming<O: Observer + ?Sized>(
    board: &mut Board,
    ctx: &mut Ctx<'_, O>,
    line: usize,
) -> Result<bool, Contradiction> {
    let col = line >= usize::from(FIRST_COLUMN_UNIT);
    let index = line % SIDE;
    let first = line - index;
    let band = index - index % 3;
    let seg = [0, 1, 2].map(|k| segment(board, line, k));
    let mut effective = confined(seg);
    // The rest of each box: the same segment of the band's other two lines.
    let others = [1, 2].map(|s| first + band + (index % 3 + s) % 3);
    for (k, e) in effective.iter_mut().enumerate() {
        *e &= segment(board, others[0], k) | segment(board, others[1], k);
    }
    let Some((d, k)) = lowest(effective) else {
        return Ok(false);
    };
    let bx = usize::from(FIRST_BOX_UNIT) + if col { 3 * k + index / 3 } else { band + k };
    ctx.used.add(Technique::LockedCandidates);
    let rule = Rule::Claiming {
        line: line as u16,
        box_unit: bx as u16,
    };
    ctx.eliminate_from(board, unit(bx), d, in_box(index % 3, col), rule)?;
    ctx.drain(board)?;
    Ok(true)
}

/// Pointing in box `bx`: the lowest digit confined to one row (else one column) of the
/// box, whose line holds it elsewhere, leaves the rest of the line.
fn pointing<O: Observer + ?Sized>(
    board: &mut Board,
    ctx: &mut Ctx<'_, O>,
    bx: usize,
) -> Result<bool, Contradiction> {
    let b = bx - usize::from(FIRST_BOX_UNIT);
    let (band, stack) = (3 * (b / 3), 3 * (b % 3));
    // For each row (column) of the box: its segment in the box, and the rest of the line.
    let in_lines = |first: usize, at: usize| {
        let lines = [0, 1, 2].map(|i| first + i);
        let inside = lines.map(|l| segment(board, l, at));
        let rest = lines.map(|l| {
            let all = [0, 1, 2].map(|k| segment(board, l, k));
            all[(at + 1) % 3] | all[(at + 2) % 3]
        });
        let c = confined(inside);
        [0, 1, 2].map(|i| c[i] & rest[i])
    };
    let in_rows = in_lines(band, b % 3);
    let in_cols = in_lines(usize::from(FIRST_COLUMN_UNIT) + stack, b / 3);
    let (d, _) = match (lowest(in_rows), lowest(in_cols)) {
        (None, None) => return Ok(false),
        (Some(r), None) => r,
        (None, Some(c)) => c,
        (Some(r), Some(c)) => {
            if r.0 <= c.0 {
                r
            } else {
                c
            }
        }
    };
    // For that digit, a row before a column.
    let (line, own) = match lowest(in_rows.map(|m| m & d)) {
        Some((_, i)) => (band + i, in_box(b % 3, false)),
        None => {
            let j = lowest(in_cols.map(|m| m & d)).map_or(0, |(_, j)| j);
            (
                usize::from(FIRST_COLUMN_UNIT) + stack + j,
                in_box(b / 3, false),
            )
        }
    };
    ctx.used.add(Technique::LockedCandidates);
    let rule = Rule::Pointing {
        box_unit: bx as u16,
        line: line as u16,
    };
    ctx.eliminate_from(board, unit(line), d, own, rule)?;
    ctx.drain(board)?;
    Ok(true)
}
