//! The solutions a search finds, not only the first: read off its events.
//!
//! A strategy's [`Outcome`] keeps the first solution only (the others are counted). The
//! grid at each [`Event::Solution`] is the search's own state there, which the events
//! tell: the same [`Board`] a trace keeps, read at each solution. So one observed solve
//! gives the solutions in the order the search found them, at the cost of the search
//! itself, with no second search and no blocking constraint.

use sudoku_catalogue::Strategy;
use sudoku_core::{Event, Grid, Limits, Outcome};

use crate::board::Board;
use crate::run::Run;
use crate::TraceError;

/// What [`solutions`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The outcome of the observed solve (the plain solve's, by the contract).
    pub outcome: Outcome,
    /// The first solutions, in the order the search found them (at most the number
    /// asked for), each checked to solve the puzzle.
    pub grids: Vec<Grid>,
}

/// Solves `puzzle` with `strategy` under `limits`, watching its events, and returns the
/// outcome and the first `keep` solutions it found (the first being the outcome's).
///
/// A grid read off the events that does not solve the puzzle (a strategy whose events
/// do not tell its whole state) is left out, so `grids` may hold fewer than
/// `min(keep, outcome.solutions)`; every catalogue strategy tells enough.
///
/// ```
/// use sudoku_core::{Grid, Limits};
///
/// // Norvig's hard1 has many solutions: the first three dlx finds.
/// let hard1: Grid =
///     ".....6....59.....82....8....45........3........6..3.54...325..6.................."
///         .parse()
///         .unwrap();
/// let dlx = sudoku_catalogue::find("dlx").unwrap();
/// let found = sudoku_trace::solutions(&hard1, dlx, Limits::solutions(3), 3, 0).unwrap();
/// assert_eq!(found.outcome.solutions, 3);
/// assert_eq!(found.grids.len(), 3);
/// assert_eq!(Some(found.grids[0]), found.outcome.solution);
/// assert!(found.grids.iter().all(|g| g.is_solution_of(&hard1)));
/// ```
///
/// # Errors
///
/// [`TraceError::Unsupported`] for a size the strategy does not take.
pub fn solutions(
    puzzle: &Grid,
    strategy: &'static Strategy,
    limits: Limits,
    keep: usize,
    seed: u64,
) -> Result<Found, TraceError> {
    let run = Run::new(strategy, puzzle, limits, seed)?;
    let mut board = Board::new(puzzle, run.start.as_ref());
    let mut grids = Vec::new();
    let outcome = run.solve(&mut |event: Event| {
        if grids.len() >= keep {
            return; // the board is not needed any more
        }
        board.apply(&event);
        if matches!(event, Event::Solution { .. }) {
            let grid = board.grid();
            if grid.is_solution_of(puzzle) {
                grids.push(grid);
            }
        }
    });
    Ok(Found { outcome, grids })
}
