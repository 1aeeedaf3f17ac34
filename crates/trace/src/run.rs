//! One strategy on one puzzle, ready to be watched: its solver, checked for the size,
//! and the grid its search starts from.

use sudoku_catalogue::{Options, Strategy};
use sudoku_core::{Event, Grid, Limits, Outcome, Solver};

use crate::TraceError;

/// A strategy set up for a puzzle.
pub(crate) struct Run<'a> {
    pub(crate) strategy: &'static Strategy,
    pub(crate) solver: Box<dyn Solver>,
    pub(crate) puzzle: &'a Grid,
    pub(crate) limits: Limits,
    /// The full grid a stochastic search starts from, when it could be found.
    pub(crate) start: Option<Grid>,
}

impl<'a> Run<'a> {
    /// Builds the strategy's solver (with `seed`) and checks that it takes the puzzle's size.
    pub(crate) fn new(
        strategy: &'static Strategy,
        puzzle: &'a Grid,
        limits: Limits,
        seed: u64,
    ) -> Result<Run<'a>, TraceError> {
        let solver = strategy.solver_with(&Options { seed });
        if !solver.supports(puzzle.size()) {
            return Err(TraceError::Unsupported {
                strategy: strategy.name,
                size: puzzle.size(),
                sizes: strategy
                    .sizes()
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        }
        let start = if strategy.exact {
            None
        } else {
            start_grid(solver.as_ref(), puzzle, &limits)
        };
        Ok(Run {
            strategy,
            solver,
            puzzle,
            limits,
            start,
        })
    }

    /// The observed solve.
    pub(crate) fn solve(&self, observer: &mut dyn sudoku_core::Observer) -> Outcome {
        self.solver
            .solve_observed(self.puzzle, &self.limits, observer)
    }
}

/// The grid a stochastic search (a swap of two cells per move) starts from, which its
/// events do not tell: found by a first solve that follows the kept swaps as a
/// permutation of the cells. At the first solution the grid is that solution, so the
/// start is the solution with the permutation undone. `None` when no solution was found,
/// or when the search breeds generations of a population (a genetic algorithm: there is
/// no one grid to start from): the trace then shows the givens only.
fn start_grid(solver: &dyn Solver, puzzle: &Grid, limits: &Limits) -> Option<Grid> {
    let cells = puzzle.size().cells();
    // `from[c]`: the cell of the start whose digit cell `c` holds now.
    let mut from: Vec<usize> = (0..cells).collect();
    let mut at_solution: Option<Vec<usize>> = None;
    let mut bred = false;
    let outcome = solver.solve_observed(puzzle, limits, &mut |e: Event| match e {
        Event::Swap {
            cells: [a, b],
            accepted: true,
            ..
        } if at_solution.is_none() => from.swap(usize::from(a), usize::from(b)),
        Event::Generation { .. } => bred = true,
        Event::Solution { .. } if at_solution.is_none() => at_solution = Some(from.clone()),
        _ => {}
    });
    if bred {
        return None;
    }
    let (solution, from) = (outcome.solution?, at_solution?);
    let mut start = vec![0u8; cells];
    for (c, &f) in from.iter().enumerate() {
        start[f] = solution.get(c);
    }
    Some(Grid::from_values(puzzle.size(), &start))
}
