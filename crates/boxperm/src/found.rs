//! The solutions a stochastic search has found: each counted once.

use sudoku_core::{Event, Grid, Observer, Size, Tally};

/// The distinct solutions a search of the space has met. A local search can come back
/// to a solution it has already found (after a reheat, a perturbation, a restart):
/// met again, it is not counted again.
#[derive(Debug, Clone, Default)]
pub struct Found {
    grids: Vec<Vec<u8>>,
}

impl Found {
    /// No solution yet.
    pub fn new() -> Found {
        Found::default()
    }

    /// `cells`, a solution of a grid of `size`, is met: if it is a new one, the observer
    /// is told ([`Event::Solution`] at depth 0) and `tally` counts it. Returns whether the
    /// solution limit is reached, so that the search must stop.
    pub fn meet<O: Observer + ?Sized>(
        &mut self,
        size: Size,
        cells: &[u8],
        tally: &mut Tally,
        observer: &mut O,
    ) -> bool {
        if self.grids.iter().any(|g| g.as_slice() == cells) {
            return false;
        }
        self.grids.push(cells.to_vec());
        if observer.active() {
            observer.event(Event::Solution { depth: 0 });
        }
        tally.solution(|| Grid::from_values(size, cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::{Limits, Status};

    /// A solution met again is neither told nor counted again; the limit is reached at
    /// the second distinct one; the first is the outcome's solution.
    #[test]
    fn a_solution_met_again_is_not_counted_again() {
        let size = Size::from_side(4).unwrap();
        let a: Vec<u8> = "1234341221434321".bytes().map(|b| b - b'0').collect();
        let b: Vec<u8> = "1234341243212143".bytes().map(|b| b - b'0').collect();
        let mut found = Found::new();
        let mut tally = Tally::new(&Limits::UNIQUENESS);
        let mut told = 0;
        let mut observer = |e: Event| {
            assert_eq!(e, Event::Solution { depth: 0 });
            told += 1;
        };
        assert!(!found.meet(size, &a, &mut tally, &mut observer));
        assert!(!found.meet(size, &a, &mut tally, &mut observer));
        assert!(found.meet(size, &b, &mut tally, &mut observer));
        assert_eq!(told, 2);
        let out = tally.outcome();
        assert_eq!((out.status, out.solutions), (Status::Solved, 2));
        assert_eq!(out.solution, Some(Grid::from_values(size, &a)));
    }
}
