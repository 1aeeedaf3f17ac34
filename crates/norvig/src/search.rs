//! The essay's `search`: depth first, the square with the fewest possibilities first.

use sudoku_core::units::CELLS;
use sudoku_core::{Candidates, Counters, Grid, Limits, Outcome};

use crate::observer::{Event, Observer};
use crate::propagate::assign_unchecked;

/// How many digits each 9-bit mask holds (a table: no `popcnt` on baseline x86-64).
const DIGIT_COUNT: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

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

/// Why the search stopped early.
enum Stop {
    /// The solution limit was reached.
    Limit,
    /// The node budget ran out.
    Budget,
}

/// The counts and the solutions of one search.
struct Searcher {
    limit: u64,
    max_tries: u64,
    tries: u64,
    backtracks: u64,
    solutions: u64,
    first: Option<Grid>,
}

impl Searcher {
    /// One node of the search: `values` is the result of a successful propagation.
    fn node<O: Observer>(&mut self, values: &[u16; CELLS], observer: &mut O) -> Result<(), Stop> {
        let Some(cell) = fewest_possibilities(values) else {
            if O::ACTIVE {
                observer.event(Event::Solution);
            }
            self.solutions += 1;
            if self.first.is_none() {
                self.first = Some(Candidates::from_masks(*values).to_grid());
            }
            return if self.solutions >= self.limit {
                Err(Stop::Limit)
            } else {
                Ok(())
            };
        };
        let mut digits = values[cell];
        while digits != 0 {
            let d = digits & digits.wrapping_neg();
            digits ^= d;
            if self.tries == self.max_tries {
                return Err(Stop::Budget);
            }
            self.tries += 1;
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
            self.backtracks += 1;
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
        limit: limits.solution_limit(),
        max_tries: limits.max_tries(),
        tries: 0,
        backtracks: 0,
        solutions: 0,
        first: None,
    };
    let budget = matches!(s.node(values.masks(), observer), Err(Stop::Budget));
    Outcome::new(
        s.solutions,
        s.first,
        Counters::from_tries(s.tries, s.backtracks),
        budget,
    )
}
