//! The LP relaxation of the model, for the measurements of the crate documentation:
//! does linear programming alone, before any branching, give the solution?
//!
//! The relaxation keeps constraints 1 to 5 and lets each `x(i,j,k)` range over `[0, 1]`
//! instead of `{0, 1}` (on the variables the givens leave free, [`Model`]: the same
//! polytope). Two questions, each one LP solved by microlp's simplex with
//! presolve off (the relaxation as written):
//!
//! - [`Relaxation::integral`]: the point the simplex answers for `min 0ᵀx`, the paper's
//!   objective, is integral (every value within `1e-6` of 0 or 1). That point is a
//!   vertex the simplex happens to reach: another solver may land on another one.
//! - [`Relaxation::pinned`]: the relaxation has no point but the solution. With `s` the
//!   solution, `min Σ x(c, s(c))` over the empty cells `c` is their number `k` exactly
//!   when every point of the relaxation puts each cell's digit at 1, so the relaxation
//!   *is* the solution, for any solver and any objective. A fractional optimum below
//!   `k` is a point of the relaxation that is not the solution.
//!
//! `pinned` implies `integral` (the only point is the solution's); not the reverse.

use microlp::{ComparisonOp, OptimizationDirection, Problem};
use sudoku_core::Grid;

use crate::model::{cell_and_digit, Model};

/// What the LP relaxation of a puzzle's model says (see the [module documentation](self)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Relaxation {
    /// The simplex's point for the paper's objective is integral.
    pub integral: bool,
    /// The relaxation has one point: the solution.
    pub pinned: bool,
}

/// The values within this distance of 0 or 1 count as integral, as a MIP solver's
/// default integrality tolerance has them.
const TOLERANCE: f64 = 1e-6;

/// The relaxation of `puzzle`, whose solution is `solution`; `None` if the LP solver
/// fails (a numerical failure, or a relaxation with no point: a puzzle with no
/// solution).
pub fn relax(puzzle: &Grid, solution: &Grid) -> Option<Relaxation> {
    let model = Model::of(puzzle, &[]);
    if model.refuted {
        return None;
    }
    let zero = vec![0.0; model.free.len()];
    let point = solve(&model, &zero)?;
    let integral = point
        .iter()
        .all(|&x| x.abs() <= TOLERANCE || (x - 1.0).abs() <= TOLERANCE);
    let size = puzzle.size();
    let cost: Vec<f64> = model
        .free
        .iter()
        .map(|&v| {
            let (cell, digit) = cell_and_digit(size, v as usize);
            if solution.get(cell) == digit {
                1.0
            } else {
                0.0
            }
        })
        .collect();
    let empty = puzzle.cells().iter().filter(|&&d| d == 0).count();
    let point = solve(&model, &cost)?;
    let lowest: f64 = point.iter().zip(&cost).map(|(x, c)| x * c).sum();
    let pinned = lowest >= empty as f64 - TOLERANCE;
    Some(Relaxation { integral, pinned })
}

/// The simplex's optimal point of the relaxation for `min costᵀx`.
fn solve(model: &Model, cost: &[f64]) -> Option<Vec<f64>> {
    let mut problem = Problem::new(OptimizationDirection::Minimize);
    let vars: Vec<_> = cost
        .iter()
        .map(|&c| problem.add_var(c, (0.0, 1.0)))
        .collect();
    for row in &model.rows {
        let sum: Vec<_> = row.iter().map(|&c| (vars[c as usize], 1.0)).collect();
        problem.add_constraint(sum, ComparisonOp::Eq, 1.0);
    }
    let mut options = microlp::SolveOptions::default();
    options.presolve = false;
    let solution = problem.solve_with(options).ok()?.into_solution().ok()?;
    Some(vars.iter().map(|&v| solution.var_value(v)).collect())
}
