//! The fixed point of a level: the techniques in order of strength, back to the weakest
//! after any change.

use sudoku_core::{Contradiction, Observer, Technique};

use super::fish::fish;
use super::locked::locked_candidate;
use super::singles::hidden_single;
use super::subsets::{hidden_subset, naked_subset};
use super::{Board, Ctx};
use crate::level::Level;

/// Applies the techniques of `level` until the grid is solved or every one is stuck
/// (`Ok`), or a contradiction. Naked singles are drained after every change already;
/// each stronger technique looks only when all the weaker ones found nothing, and after
/// its first instance deduction goes back to the weakest.
pub(super) fn deduce<O: Observer + ?Sized>(
    board: &mut Board,
    ctx: &mut Ctx<'_, O>,
    level: Level,
) -> Result<(), Contradiction> {
    'round: loop {
        if board.unsolved == 0 {
            return Ok(());
        }
        for &technique in &level.techniques()[1..] {
            if apply_first(board, ctx, technique)? {
                continue 'round;
            }
        }
        return Ok(());
    }
}

/// The first instance of `technique` in the grid, applied: whether there was one.
pub(crate) fn apply_first<O: Observer + ?Sized>(
    board: &mut Board,
    ctx: &mut Ctx<'_, O>,
    technique: Technique,
) -> Result<bool, Contradiction> {
    match technique {
        Technique::NakedSingle => Ok(false),
        Technique::HiddenSingle => hidden_single(board, ctx),
        Technique::LockedCandidates => locked_candidate(board, ctx),
        Technique::NakedPair => naked_subset(board, ctx, 2),
        Technique::HiddenPair => hidden_subset(board, ctx, 2),
        Technique::NakedTriple => naked_subset(board, ctx, 3),
        Technique::HiddenTriple => hidden_subset(board, ctx, 3),
        Technique::NakedQuad => naked_subset(board, ctx, 4),
        Technique::HiddenQuad => hidden_subset(board, ctx, 4),
        Technique::XWing => fish(board, ctx, 2),
        Technique::Swordfish => fish(board, ctx, 3),
    }
}
