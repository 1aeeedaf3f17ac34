//! The search when every technique is stuck: the cell with the fewest candidates, ties
//! to the first, its candidates ascending, each a try on a copy of the board.

use sudoku_core::candidates::{fewest_candidates, mask_digit};
use sudoku_core::{Choice, Event, Grid, Limits, Observer, Outcome, Rule, Tally, Technique};

use super::deduce::deduce;
use super::{Board, Ctx};
use crate::level::Level;

/// The search stopped early: the solution limit was reached or the node budget spent
/// (the [`Tally`] knows which).
struct Stop;

/// The counts, the solutions and the context of one search.
struct Searcher<'c, 'o, O: Observer + ?Sized> {
    tally: Tally,
    ctx: &'c mut Ctx<'o, O>,
    level: Level,
}

impl<O: Observer + ?Sized> Searcher<'_, '_, O> {
    /// One node: `board` is at the fixed point of the level.
    fn node(&mut self, board: &Board) -> Result<(), Stop> {
        let Some(cell) = fewest_candidates(&board.cand) else {
            if self.ctx.observer.active() {
                let depth = self.ctx.depth;
                self.ctx.observer.event(Event::Solution { depth });
            }
            let limit_reached = self.tally.solution(|| board.solution());
            return if limit_reached { Err(Stop) } else { Ok(()) };
        };
        let mut digits = board.cand[cell];
        if self.ctx.observer.active() {
            let choice = Choice::FewestCandidates {
                cell: cell as u16,
                candidates: digits.count_ones() as u8,
            };
            let depth = self.ctx.depth;
            self.ctx.observer.event(Event::Choose { depth, choice });
        }
        while digits != 0 {
            let d = digits & digits.wrapping_neg();
            digits ^= d;
            if !self.tally.try_one() {
                return Err(Stop);
            }
            self.ctx.depth += 1;
            let (depth, digit) = (self.ctx.depth, mask_digit(d));
            if self.ctx.observer.active() {
                let cell = cell as u16;
                self.ctx.observer.event(Event::Try { depth, cell, digit });
            }
            // Each try works on a copy: taking it back is dropping the copy.
            let mut child = *board;
            self.ctx.clear();
            let deduced = self
                .ctx
                .place(&mut child, cell, d, Rule::Tried)
                .and_then(|()| deduce(&mut child, self.ctx, self.level));
            if deduced.is_ok() {
                self.node(&child)?;
            }
            self.tally.backtrack();
            if self.ctx.observer.active() {
                let cell = cell as u16;
                self.ctx
                    .observer
                    .event(Event::Backtrack { depth, cell, digit });
            }
            self.ctx.depth -= 1;
        }
        Ok(())
    }
}

/// Solves a 9x9 `puzzle` at `level` within `limits`, telling `observer` every step.
pub(crate) fn solve<O: Observer + ?Sized>(
    puzzle: &Grid,
    limits: &Limits,
    level: Level,
    observer: &mut O,
) -> Outcome {
    let mut ctx = Ctx::new(observer);
    let root = ctx
        .start(puzzle, level.allows(Technique::LockedCandidates))
        .and_then(|mut board| deduce(&mut board, &mut ctx, level).map(|()| board));
    let Ok(root) = root else {
        return Outcome::rejected_at_root().with_grade(ctx.used.strongest());
    };
    let mut searcher = Searcher {
        tally: Tally::new(limits),
        ctx: &mut ctx,
        level,
    };
    // Stopping early is not an error: the tally says why.
    let _ = searcher.node(&root);
    let grade = searcher.ctx.used.strongest();
    searcher.tally.outcome().with_grade(grade)
}
