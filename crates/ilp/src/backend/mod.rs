//! The MIP solvers the model is handed to, behind one interface: load the model, run the
//! solver's branch and bound within a node budget, and read back how it ended and how
//! many nodes below the root it solved.

pub mod microlp;

#[cfg(feature = "cbc")]
pub mod cbc;

use sudoku_core::Grid;

use crate::model::Model;

/// How one branch-and-bound tree ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    /// The solver found a point of the model, a solution of the puzzle (checked).
    Solution(Box<Grid>),
    /// The solver proved that the model has no point: no solution is left.
    Infeasible,
    /// The node budget ran out first.
    NodeLimit,
    /// The solver gave up (a numerical failure), or answered a point that is no
    /// solution of the puzzle: the search could not end.
    Failed,
}

/// One run of a solver's branch and bound.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tree {
    /// The nodes below the root that it solved: its tries.
    pub tries: u64,
    /// How it ended.
    pub end: End,
}

/// A MIP solver.
pub trait Backend {
    /// Runs the solver on `model` (not refuted, with a variable at least) with at most
    /// `max_tries` nodes below the root.
    fn solve(&self, model: &Model, max_tries: u64) -> Tree;
}

/// The end of a tree whose solver answered the point `values`: the solution it
/// describes, or [`End::Failed`] when it describes none.
pub(crate) fn end_at(model: &Model, values: &[f64]) -> End {
    match model.solution_of(values) {
        Some(grid) => End::Solution(Box::new(grid)),
        None => End::Failed,
    }
}
