//! The fixed point of a level: the techniques in order of strength, back to the weakest
//! after any change.

use sudoku_core::{Contradiction, Observer, Technique};

use super::fish::fishes;
use super::locked::locked_candidates;
use super::singles::hidden_singles;
use super::subsets::{hidden_subsets, naked_subsets};
use super::{Marks, Scribe};
use crate::level::Level;

/// Applies the techniques of `level` until the grid is solved or every one is stuck
/// (`Ok`), or a contradiction. Naked singles are drawn after every change already; each
/// stronger technique sweeps the grid only when all the weaker ones found nothing, and
/// any change sends deduction back to the weakest.
pub(super) fn deduce<O: Observer + ?Sized>(
    marks: &mut Marks,
    scribe: &mut Scribe<'_, O>,
    level: Level,
) -> Result<(), Contradiction> {
    'round: while !marks.is_solved() {
        for &technique in &level.techniques()[1..] {
            if sweep(marks, scribe, technique)? {
                continue 'round;
            }
        }
        break;
    }
    Ok(())
}

/// One sweep of `technique` over the grid: whether it changed anything.
fn sweep<O: Observer + ?Sized>(
    marks: &mut Marks,
    scribe: &mut Scribe<'_, O>,
    technique: Technique,
) -> Result<bool, Contradiction> {
    match technique {
        Technique::NakedSingle => Ok(false),
        Technique::HiddenSingle => hidden_singles(marks, scribe),
        Technique::LockedCandidates => locked_candidates(marks, scribe),
        Technique::NakedPair => naked_subsets(marks, scribe, 2),
        Technique::HiddenPair => hidden_subsets(marks, scribe, 2),
        Technique::NakedTriple => naked_subsets(marks, scribe, 3),
        Technique::HiddenTriple => hidden_subsets(marks, scribe, 3),
        Technique::NakedQuad => naked_subsets(marks, scribe, 4),
        Technique::HiddenQuad => hidden_subsets(marks, scribe, 4),
        Technique::XWing => fishes(marks, scribe, 2),
        Technique::Swordfish => fishes(marks, scribe, 3),
    }
}
