//! The search when every technique is stuck: the cell with the fewest digits left, ties
//! to the first, its digits ascending, each a try on a copy of the pencil marks.

use sudoku_core::{Choice, Event, Grid, Limits, Observer, Outcome, Rule, Tally};

use super::deduce::deduce;
use super::{Marks, Scribe};
use crate::level::Level;

/// The search stopped early: the solution limit was reached or the node budget spent.
struct Stop;

/// The unfilled cell with the fewest digits left, ties to the first in reading order;
/// `None` when every cell holds one digit. Two cannot be beaten.
fn fewest_digits(marks: &Marks) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    for (cell, m) in marks.marks.iter().enumerate() {
        let n = m.len();
        if n > 1 && best.is_none_or(|(fewest, _)| n < fewest) {
            best = Some((n, cell));
            if n == 2 {
                break;
            }
        }
    }
    best.map(|(_, cell)| cell)
}

/// One node: `marks` are at the fixed point of the level.
fn node<O: Observer + ?Sized>(
    marks: &Marks,
    scribe: &mut Scribe<'_, O>,
    tally: &mut Tally,
    level: Level,
) -> Result<(), Stop> {
    let Some(cell) = fewest_digits(marks) else {
        scribe.tell(|depth| Event::Solution { depth });
        return if tally.solution(|| marks.to_grid()) {
            Err(Stop)
        } else {
            Ok(())
        };
    };
    let choice = Choice::FewestCandidates {
        cell: cell as u16,
        candidates: marks.marks[cell].len() as u8,
    };
    scribe.tell(|depth| Event::Choose { depth, choice });
    for digit in marks.marks[cell].iter() {
        if !tally.try_one() {
            return Err(Stop);
        }
        scribe.depth += 1;
        let cell16 = cell as u16;
        scribe.tell(|depth| Event::Try {
            depth,
            cell: cell16,
            digit,
        });
        let mut child = marks.clone();
        scribe.naked_singles.clear();
        let deduced = scribe
            .place(&mut child, cell, digit, Rule::Tried)
            .and_then(|()| deduce(&mut child, scribe, level));
        if deduced.is_ok() {
            node(&child, scribe, tally, level)?;
        }
        tally.backtrack();
        scribe.tell(|depth| Event::Backtrack {
            depth,
            cell: cell16,
            digit,
        });
        scribe.depth -= 1;
    }
    Ok(())
}

/// Solves `puzzle` (any size) at `level` within `limits`, telling `observer` every step.
pub(crate) fn solve<O: Observer + ?Sized>(
    puzzle: &Grid,
    limits: &Limits,
    level: Level,
    observer: &mut O,
) -> Outcome {
    let mut scribe = Scribe::new(observer);
    let root = scribe
        .start(puzzle)
        .and_then(|mut marks| deduce(&mut marks, &mut scribe, level).map(|()| marks));
    let Ok(root) = root else {
        return Outcome::rejected_at_root().with_grade(scribe.used.strongest());
    };
    let mut tally = Tally::new(limits);
    // Stopping early is not an error: the tally says why.
    let _ = node(&root, &mut scribe, &mut tally, level);
    tally.outcome().with_grade(scribe.used.strongest())
}
