//! What an observer has been told of the candidates, so that propagation can be
//! reported by its net effect.
//!
//! Both solvers of this crate propagate many rules at once (the fast one on whole
//! registers), so they report no rule as it fires. At each fixpoint they report
//! instead what changed since the observer last heard: each candidate that left a
//! cell (an [`Event::Eliminate`]) and each cell left with one digit (an
//! [`Event::Assign`]), both with [`Rule::BandPropagation`]. An observer that applies
//! the events, tries and backtracks included, then holds the solver's own candidates
//! at every fixpoint, and the solution at the solution.

use sudoku_core::units::CELLS;
use sudoku_core::{DigitSet, Event, Grid, Observer, Rule};

/// The candidates told, one copy per try standing (the first before any try).
pub(crate) struct Told {
    stack: Vec<[DigitSet; CELLS]>,
}

impl Told {
    /// Before the first event: each given's cell holds its digit, every other cell
    /// every digit.
    pub(crate) fn new(puzzle: &Grid) -> Told {
        let mut first = [DigitSet::full(9); CELLS];
        for (told, &d) in first.iter_mut().zip(puzzle.cells()) {
            if d != 0 {
                *told = DigitSet::single(d);
            }
        }
        Told { stack: vec![first] }
    }

    /// A try of `digit` in `cell` is made: the cell holds it.
    pub(crate) fn tried(&mut self, cell: usize, digit: u8) {
        let mut next = *self.top();
        next[cell] = DigitSet::single(digit);
        self.stack.push(next);
    }

    /// The last try is taken back: the candidates told before it stand again.
    pub(crate) fn taken_back(&mut self) {
        if self.stack.len() > 1 {
            self.stack.pop();
        }
    }

    /// At a fixpoint at `depth`, where `now(cell)` gives the solver's candidates:
    /// tells `observer` what changed, cell by cell in reading order (first the
    /// digits that left it, then the digit it holds if it is left with one).
    pub(crate) fn fixpoint<O: Observer + ?Sized>(
        &mut self,
        depth: u16,
        now: impl Fn(usize) -> DigitSet,
        observer: &mut O,
    ) {
        let rule = Rule::BandPropagation;
        let stack = self.stack.len() - 1;
        for (cell, told) in self.stack[stack].iter_mut().enumerate() {
            let now = now(cell);
            if now == *told {
                continue;
            }
            let at = cell as u16;
            for digit in told.difference(now).iter() {
                observer.event(Event::Eliminate {
                    depth,
                    cell: at,
                    digit,
                    rule,
                });
            }
            if let (Some(digit), None) = (now.only(), told.only()) {
                observer.event(Event::Assign {
                    depth,
                    cell: at,
                    digit,
                    rule,
                });
            }
            *told = now;
        }
    }

    fn top(&self) -> &[DigitSet; CELLS] {
        self.stack
            .last()
            .expect("the first copy is never taken back")
    }
}
