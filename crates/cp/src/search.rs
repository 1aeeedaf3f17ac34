//! First-fail labelling over the store: the cell with the smallest domain, its digits
//! ascending, each a try; depth first, the store trailed.

use sudoku_core::{Event, Geometry, Grid, Limits, Observer, Outcome, Rule, Tally};

use crate::store::{digit_of, Store};
use crate::Consistency;

/// The search stopped early: the solution limit was reached or the budget spent (the
/// [`Tally`] knows which).
struct Stop;

/// The unassigned cell with the smallest domain, ties to the first in reading order;
/// `None` when every cell is assigned.
pub(crate) fn first_fail(domains: &[u32]) -> Option<usize> {
    let mut best: Option<(u32, usize)> = None;
    for (cell, &d) in domains.iter().enumerate() {
        let size = d.count_ones();
        if size > 1 && best.is_none_or(|(s, _)| size < s) {
            best = Some((size, cell));
            if size == 2 {
                break;
            }
        }
    }
    best.map(|(_, cell)| cell)
}

/// The grid of domains that are all single digits.
pub(crate) fn grid_of(size: sudoku_core::Size, domains: &[u32]) -> Grid {
    let digits: Vec<u8> = domains.iter().map(|&d| digit_of(d)).collect();
    Grid::from_values(size, &digits)
}

struct Searcher {
    store: Store,
    tally: Tally,
}

impl Searcher {
    /// One node at `depth` (tries standing): the store is at a fixpoint.
    fn node<O: Observer + ?Sized>(&mut self, depth: u16, observer: &mut O) -> Result<(), Stop> {
        let Some(cell) = first_fail(self.store.domains()) else {
            if observer.active() {
                observer.event(Event::Solution { depth });
            }
            let store = &self.store;
            let size = store.geometry().size();
            let limit_reached = self.tally.solution(|| grid_of(size, store.domains()));
            return if limit_reached { Err(Stop) } else { Ok(()) };
        };
        let depth = depth + 1;
        let cell16 = cell as u16;
        let mut digits = self.store.domains()[cell];
        while digits != 0 {
            let digit = digit_of(digits);
            digits &= digits - 1;
            if !self.tally.try_one() {
                return Err(Stop);
            }
            if observer.active() {
                observer.event(Event::Try {
                    depth,
                    cell: cell16,
                    digit,
                });
            }
            let mark = self.store.mark();
            self.store.depth = depth;
            let propagated = self
                .store
                .assign(cell, digit, Rule::Tried, observer)
                .and_then(|()| self.store.propagate(observer));
            if propagated.is_ok() {
                self.node(depth, observer)?;
            }
            self.store.undo(mark);
            self.tally.backtrack();
            if observer.active() {
                observer.event(Event::Backtrack {
                    depth,
                    cell: cell16,
                    digit,
                });
            }
        }
        Ok(())
    }
}

/// Simonis's model: the givens assigned, the constraints propagated at the root (a
/// puzzle they refute is rejected there: 1 node), then first-fail labelling.
pub(crate) fn solve<O: Observer + ?Sized>(
    consistency: Consistency,
    puzzle: &Grid,
    limits: &Limits,
    observer: &mut O,
) -> Outcome {
    let geometry = Geometry::of(puzzle.size());
    let mut store = Store::new(geometry, consistency);
    for (cell, &digit) in puzzle.cells().iter().enumerate() {
        if digit != 0 {
            // Every domain is whole until propagation: an assignment cannot fail here.
            let _ = store.assign(cell, digit, Rule::Given, observer);
        }
    }
    store.wake_every_unit();
    if store.propagate(observer).is_err() {
        return Outcome::rejected_at_root();
    }
    let mut searcher = Searcher {
        store,
        tally: Tally::new(limits),
    };
    // Stopping early is not an error: the tally says why.
    let _ = searcher.node(0, observer);
    searcher.tally.outcome()
}
