//! The fixed point of a level: the techniques in order of strength, back to the weakest
//! after any change.

use sudoku_core::{Contradiction, Observer, Technique};

use super::fish::fish;
use super::locked::locked_candidate;
use super::singles::hidden_single;
use super::subsets::{hidden_subset, naked_subset};
use super::{Marks, Scribe};
use crate::level::Level;

/// Applies the techniques of `level` until the grid is solved or every one is stuck
/// (`Ok`), or a contradiction. Naked singles are drawn after every change already; each
/// stronger technique looks only when all the weaker ones found nothing, and after its
/// first instance deduction goes back to the weakest.
pub(super) fn deduce<O: Observer + ?Sized>(
    marks: &mut Marks,
    scribe: &mut Scribe<'_, O>,
    level: Level,
) -> Result<(), Contradiction> {
    'round: while !marks.is_solved() {
        for &technique in &level.techniques()[1..] {
            if apply_first(marks, scribe, technique)? {
                continue 'round;
            }
        }
        break;
    }
    Ok(())
}

/// The first instance of `technique` in the grid, applied: whether there was one.
pub(crate) fn apply_first<O: Observer + ?Sized>(
    marks: &mut Marks,
    scribe: &mut Scribe<'_, O>,
    technique: Technique,
) -> Result<bool, Contradiction> {
    match technique {
        Technique::NakedSingle => Ok(false),
        Technique::HiddenSingle => hidden_single(marks, scribe),
        Technique::LockedCandidates => locked_candidate(marks, scribe),
        Technique::NakedPair => naked_subset(marks, scribe, 2),
        Technique::HiddenPair => hidden_subset(marks, scribe, 2),
        Technique::NakedTriple => naked_subset(marks, scribe, 3),
        Technique::HiddenTriple => hidden_subset(marks, scribe, 3),
        Technique::NakedQuad => naked_subset(marks, scribe, 4),
        Technique::HiddenQuad => hidden_subset(marks, scribe, 4),
        Technique::XWing => fish(marks, scribe, 2),
        Technique::Swordfish => fish(marks, scribe, 3),
    }
}
