//! The essay's `search`: depth first, the square with the fewest possibilities first.
//!
//! One search loop serves both propagations of the fast path, the 9x9 one
//! ([`propagate`](crate::propagate)) and the one of the other sizes
//! ([`nxn`](crate::nxn)), through [`Propagation`]; each is compiled for its own.

use sudoku_core::candidates::fewest_candidates;
use sudoku_core::units::CELLS;
use sudoku_core::{
    Candidates, Choice, Contradiction, Event, Grid, Limits, Observer, Outcome, Rule, Tally,
};

use crate::propagate::assign_unchecked;

/// What the search needs of a propagation.
pub(crate) trait Propagation {
    /// The candidates of every square (bit `d - 1` for digit `d`).
    type Values: Clone;

    /// The unfilled square with the fewest candidates, ties to the first in reading
    /// order; `None` when every square holds one digit.
    fn fewest(values: &Self::Values) -> Option<usize>;

    /// The candidates of one square.
    fn candidates(values: &Self::Values, cell: usize) -> u32;

    /// `assign(values, cell, digit)` for a try at `depth`, with all that follows.
    fn assign_try<O: Observer + ?Sized>(
        &mut self,
        values: &mut Self::Values,
        cell: usize,
        digit: u8,
        depth: u16,
        observer: &mut O,
    ) -> Result<(), Contradiction>;

    /// The grid of a solved `values`.
    fn grid(values: &Self::Values) -> Grid;
}

/// The 9x9 propagation: 81 9-bit masks, copied on the stack for each try.
pub(crate) struct Nine;

impl Propagation for Nine {
    type Values = [u16; CELLS];

    #[inline(always)]
    fn fewest(values: &Self::Values) -> Option<usize> {
        fewest_candidates(values)
    }

    #[inline(always)]
    fn candidates(values: &Self::Values, cell: usize) -> u32 {
        u32::from(values[cell])
    }

    #[inline(always)]
    fn assign_try<O: Observer + ?Sized>(
        &mut self,
        values: &mut Self::Values,
        cell: usize,
        digit: u8,
        depth: u16,
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        assign_unchecked(values, cell, digit, Rule::Tried, depth, observer)
    }

    fn grid(values: &Self::Values) -> Grid {
        Candidates::from_masks(*values).to_grid()
    }
}

/// The search stopped early: the solution limit was reached or the node budget spent
/// (the [`Tally`] knows which).
struct Stop;

/// The counts and the solutions of one search, and its propagation.
struct Searcher<P> {
    tally: Tally,
    propagation: P,
}

impl<P: Propagation> Searcher<P> {
    /// One node of the search at `depth` (tries standing): `values` is the result of a
    /// successful propagation.
    fn node<O: Observer + ?Sized>(
        &mut self,
        values: &P::Values,
        depth: u16,
        observer: &mut O,
    ) -> Result<(), Stop> {
        let Some(cell) = P::fewest(values) else {
            if observer.active() {
                observer.event(Event::Solution { depth });
            }
            let limit_reached = self.tally.solution(|| P::grid(values));
            return if limit_reached { Err(Stop) } else { Ok(()) };
        };
        if observer.active() {
            let candidates = P::candidates(values, cell).count_ones() as u8;
            observer.event(Event::Choose {
                depth,
                choice: Choice::FewestCandidates {
                    cell: cell as u16,
                    candidates,
                },
            });
        }
        let depth = depth + 1;
        let mut digits = P::candidates(values, cell);
        while digits != 0 {
            let digit = digits.trailing_zeros() as u8 + 1;
            digits &= digits - 1;
            if !self.tally.try_one() {
                return Err(Stop);
            }
            let cell16 = cell as u16;
            if observer.active() {
                observer.event(Event::Try {
                    depth,
                    cell: cell16,
                    digit,
                });
            }
            // Each try works on a copy: taking it back is dropping the copy.
            let mut child = values.clone();
            let tried = self
                .propagation
                .assign_try(&mut child, cell, digit, depth, observer);
            if tried.is_ok() {
                self.node(&child, depth, observer)?;
            }
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

/// The search from `values` (a state the two rules have nothing more to draw from)
/// with `propagation`, within `limits`.
pub(crate) fn run<P: Propagation, O: Observer + ?Sized>(
    propagation: P,
    values: &P::Values,
    limits: &Limits,
    observer: &mut O,
) -> Outcome {
    let mut s = Searcher {
        tally: Tally::new(limits),
        propagation,
    };
    // Stopping early is not an error: the tally says why.
    let _ = s.node(values, 0, observer);
    s.tally.outcome()
}

/// The essay's `search(values)`: if every square holds one digit, that is a solution;
/// otherwise take the unfilled square with the fewest possible digits (ties to the
/// first in reading order, [`fewest_candidates`]) and try each of its digits,
/// ascending, by `assign` on a copy of `values`; a try whose `assign` fails or whose
/// subtree finds nothing is taken back.
///
/// `values` must be the result of [`parse_grid`](crate::parse_grid) (a state the two
/// rules have nothing more to draw from). The search stops at `limits.solution_limit()`
/// solutions, or before the try that would exceed `limits.max_tries()`.
///
/// Watched, the square chosen is an [`Event::Choose`] (its cell and how many digits it
/// holds); each try is an [`Event::Try`] followed by its [`Event::Assign`]
/// ([`Rule::Tried`]) and what that implies, all at the try's depth; a try taken back
/// is an [`Event::Backtrack`] of the same depth, cell and digit.
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
pub fn search<O: Observer + ?Sized>(
    values: &Candidates,
    limits: &Limits,
    observer: &mut O,
) -> Outcome {
    run(Nine, values.masks(), limits, observer)
}
