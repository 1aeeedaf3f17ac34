//! The fixed point of a level: the techniques in order of strength, back to the weakest
//! after any change.

use sudoku_core::{Contradiction, Observer, Technique};

use super::fish::fishes;
use super::locked::locked_candidates;
use super::singles::hidden_singles;
use super::subsets::{hidden_subsets, naked_subsets};
use super::{Board, Ctx};
use crate::level::Level;

/// Applies the techniques of `level` until the grid is solved or every one is stuck
/// (`Ok`), or a contradiction. Naked singles are drained after every change already;
/// each stronger technique sweeps the grid only when all the weaker ones found nothing,
/// and any change sends deduction back to the weakest.
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
            if sweep(board, ctx, technique)? {
                continue 'round;
            }
        }
        return Ok(());
    }
}

/// One sweep of `technique` over the grid: whether it changed anything.
fn sweep<O: Observer + ?Sized>(
    board: &mut Board,
    ctx: &mut Ctx<'_, O>,
    technique: Technique,
) -> Result<bool, Contradiction> {
    match technique {
        Technique::NakedSingle => Ok(false),
        Technique::HiddenSingle => hidden_singles(board, ctx),
        Technique::LockedCandidates => locked_candidates(board, ctx),
        Technique::NakedPair => naked_subsets(board, ctx, 2),
        Technique::HiddenPair => hidden_subsets(board, ctx, 2),
        Technique::NakedTriple => naked_subsets(board, ctx, 3),
        Technique::HiddenTriple => hidden_subsets(board, ctx, 3),
        Technique::NakedQuad => naked_subsets(board, ctx, 4),
        Technique::HiddenQuad => hidden_subsets(board, ctx, 4),
        Technique::XWing => fishes(board, ctx, 2),
        Technique::Swordfish => fishes(board, ctx, 3),
    }
}
