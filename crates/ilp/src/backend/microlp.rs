//! microlp: a pure-Rust simplex with branch and bound (the default backend).
//!
//! microlp reports the branch-and-bound nodes whose LP it solved (`Stats::nodes_solved`,
//! the root relaxation not counted) and takes a node limit per call, resumable. But its
//! verdict "infeasible" is an error that carries no statistics. So the search is run one
//! node per call: a first call solves the root alone (node limit 0), each resume at most
//! one node (node limit 1), and the statistics of the last interrupted call give the
//! count. A call that ends in "infeasible" after an interruption solved the one node that
//! the interruption put back (microlp's resume pops the nodes an uninterrupted search
//! would, and the node put back is popped first); one that ends so at once (the root
//! relaxation is infeasible) solved none.

use microlp::{
    ComparisonOp, Error, OptimizationDirection, Problem, ResumeOptions, SolveOptions, SolveOutcome,
    Variable,
};

use super::{end_at, Backend, End, Tree};
use crate::model::Model;

/// The microlp backend.
#[derive(Debug, Clone, Copy, Default)]
pub struct MicroLp;

impl Backend for MicroLp {
    fn solve(&self, model: &Model, max_tries: u64) -> Tree {
        let (problem, vars) = load(model);
        let mut options = SolveOptions::default();
        options.node_limit = Some(0);
        // Dual fixing keeps an optimum, not every feasible point: the second solve of
        // the solution limit needs every point the cuts leave.
        options.dual_fixing = false;
        let mut outcome = match problem.solve_with(options) {
            Ok(outcome) => outcome,
            Err(error) => return Tree::after(0, &error),
        };
        loop {
            let tries = outcome.stats().nodes_solved;
            let interrupted = match outcome {
                SolveOutcome::Solution(solution) => {
                    let values: Vec<f64> = vars.iter().map(|&v| solution.var_value(v)).collect();
                    let end = end_at(model, &values);
                    return Tree { tries, end };
                }
                SolveOutcome::Interrupted(_) if tries >= max_tries => {
                    return Tree {
                        tries,
                        end: End::NodeLimit,
                    }
                }
                interrupted => interrupted,
            };
            let mut one_node = ResumeOptions::default();
            one_node.node_limit = Some(1);
            outcome = match interrupted.resume_with(one_node) {
                Ok(outcome) => outcome,
                Err(error) => return Tree::after(tries + 1, &error),
            };
        }
    }
}

impl Tree {
    /// The tree of a solve that ended in `error` after `tries` nodes.
    fn after(tries: u64, error: &Error) -> Tree {
        let end = match error {
            Error::Infeasible => End::Infeasible,
            _ => End::Failed,
        };
        Tree { tries, end }
    }
}

/// The model as a microlp problem: a binary variable per free column, the equality
/// rows, the cuts as `≤` rows; no objective.
fn load(model: &Model) -> (Problem, Vec<Variable>) {
    let mut problem = Problem::new(OptimizationDirection::Minimize);
    let vars: Vec<Variable> = model
        .free
        .iter()
        .map(|_| problem.add_binary_var(0.0))
        .collect();
    let sum = |row: &[u32]| {
        row.iter()
            .map(|&c| (vars[c as usize], 1.0))
            .collect::<Vec<_>>()
    };
    for row in &model.rows {
        problem.add_constraint(sum(row), ComparisonOp::Eq, 1.0);
    }
    for cut in &model.cuts {
        problem.add_constraint(sum(cut), ComparisonOp::Le, cut.len() as f64 - 1.0);
    }
    (problem, vars)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Grid;

    /// The search one node per call counts what one call without a limit counts, and
    /// ends where it does.
    #[test]
    fn node_by_node_is_the_search_of_one_call() {
        let puzzles = [
            "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6.....",
            ".6.5.1.9.1...9..539....7....4.8...7.......5.8.817.5.3.....5.2............76..8...",
            "..5...987.4..5...1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5..",
        ];
        for text in puzzles {
            let puzzle: Grid = text.parse().unwrap();
            let model = Model::of(&puzzle, &[]);
            let (problem, vars) = load(&model);
            let mut options = SolveOptions::default();
            options.dual_fixing = false;
            let whole = problem.solve_with(options).unwrap();
            let values: Vec<f64> = vars
                .iter()
                .map(|&v| whole.solution().unwrap().var_value(v))
                .collect();
            let stepped = MicroLp.solve(&model, u64::MAX);
            assert_eq!(stepped.tries, whole.stats().nodes_solved, "{text}");
            assert!(stepped.tries > 0, "{text}: no branching to compare");
            assert_eq!(stepped.end, end_at(&model, &values), "{text}");
        }
    }
}
