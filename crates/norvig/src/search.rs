//! The essay's `search`: depth first, the square with the fewest possibilities first.

use sudoku_core::candidates::DIGIT_COUNT;
use sudoku_core::units::CELLS;
use sudoku_core::{Candidates, Limits, Outcome, Tally};

use crate::observer::{Event, Observer};
use crate::propagate::assign_unchecked;

/// The unfilled square with the fewest possible digits, ties to the first in reading
/// order (the essay's `min((len(values[s]), s) for s in squares if len(values[s]) > 1)`),
/// or `None` when every square holds one digit: a solution.
#[inline(always)]
fn fewest_possibilities(values: &[u16; CELLS]) -> Option<usize> {
    let mut best = None;
    let mut fewest = 10u8;
    for (cell, &v) in values.iter().enumerate() {
        let n = DIGIT_COUNT[(v & 0x1FF) as usize];
        if n > 1 && n < fewest {
            best = Some(cell);
            fewest = n;
            if n == 2 {
                break; // nothing can beat two
            }
        }
    }
    best
}

/// The search stopped early: the solution limit was reached or the node budget spent
/// (the [`Tally`] knows which).
struct Stop;

/// The counts and the solutions of one search.
struct Searcher {
    tally: Tally,
}

impl Searcher {
    /// One node of the search: `values` is the result of a successful propagation.
    fn node<O: Observer>(&mut self, values: &[u16; CELLS], observer: &mut O) -> Result<(), Stop> {
        let Some(cell) = fewest_possibilities(values) else {
            if O::ACTIVE {
                observer.event(Event::Solution);
            }
            let limit_reached = self
                .tally
                .solution(|| Candidates::from_masks(*values).to_grid());
            return if limit_reached { Err(Stop) } else { Ok(()) };
        };
        let mut digits = values[cell];
        while digits != 0 {
            let d = digits & digits.wrapping_neg();
            digits ^= d;
            if !self.tally.try_one() {
                return Err(Stop);
            }
            if O::ACTIVE {
                let digit = d.trailing_zeros() as u8 + 1;
                let cell = cell as u8;
                observer.event(Event::Try { cell, digit });
                observer.event(Event::Assign { cell, digit });
            }
            // Each try works on a copy: taking it back is dropping the copy.
            let mut child = *values;
            if assign_unchecked(&mut child, cell, d, observer).is_ok() {
                self.node(&child, observer)?;
            }
            self.tally.backtrack();
            if O::ACTIVE {
                observer.event(Event::Backtrack);
            }
        }
        Ok(())
    }
}

/// The essay's `search(values)`: if every square holds one digit, that is a solution;
/// otherwise take the unfilled square with the fewest possible digits (ties to the
/// first in reading order) and try each of its digits, ascending, by `assign` on a copy
/// of `values`; a try whose `assign` fails or whose subtree finds nothing is taken back.
///
/// `values` must be the result of [`parse_grid`](crate::parse_grid) (a state the two
/// rules have nothing more to draw from). The search stops at `limits.solution_limit()`
/// solutions, or before the try that would exceed `limits.max_tries()`.
///
/// ```
/// use sudoku_core::{Grid, Limits, Status};
/// use sudoku_norvig::{parse_grid, search};
///
/// let hard: Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///         .parse()
///         .unwrap();
/// let values = parse_grid(&hard, &mut ()).unwrap();
/// let out = search(&values, &Limits::FIRST, &mut ());
/// assert_eq!(out.status, Status::Solved);
/// assert!(out.solution.unwrap().is_solution_of(&hard));
/// ```
pub fn search<O: Observer>(values: &Candidates, limits: &Limits, observer: &mut O) -> Outcome {
    let mut s = Searcher {
        tally: Tally::new(limits),
    };
    // Stopping early is not an error: the tally says why.
    let _ = s.node(values.masks(), observer);
    s.tally.outcome()
}
