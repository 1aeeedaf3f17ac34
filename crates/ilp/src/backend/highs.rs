//! HiGHS: a C++ MIP solver built on Huangfu and Hall's dual simplex, with presolve,
//! probing, cutting planes and primal heuristics around its branch and bound (the
//! `highs` feature).
//!
//! HiGHS counts its nodes with the root among them (`mip_node_count`), and none when
//! presolve alone solves the model (it then never starts the branch and bound): the
//! tries are the count less the root. Its node limit (`mip_max_nodes`) bounds the same
//! count. One thread and a fixed seed (HiGHS's defaults for the seed) keep the search
//! the same whatever runs beside it.

use highs::{ColProblem, HighsModelStatus, Sense, SolvedModel};

use super::{end_at, Backend, End, Tree};
use crate::model::Model;

/// The HiGHS backend.
#[derive(Debug, Clone, Copy, Default)]
pub struct Highs;

impl Backend for Highs {
    fn solve(&self, model: &Model, max_tries: u64) -> Tree {
        let mut highs = load(model).optimise(Sense::Minimise);
        highs.make_quiet();
        highs.set_option("threads", 1);
        let max_nodes = i32::try_from(max_tries.saturating_add(1)).unwrap_or(i32::MAX);
        highs.set_option("mip_max_nodes", max_nodes);
        let Ok(solved) = highs.try_solve() else {
            return Tree {
                tries: 0,
                end: End::Failed,
            };
        };
        let Some(nodes) = node_count(&solved) else {
            return Tree {
                tries: 0,
                end: End::Failed,
            };
        };
        let tries = nodes.saturating_sub(1);
        let end = match solved.status() {
            HighsModelStatus::Optimal => end_at(model, solved.get_solution().columns()),
            HighsModelStatus::Infeasible => End::Infeasible,
            HighsModelStatus::ReachedSolutionLimit => End::NodeLimit,
            _ => End::Failed,
        };
        Tree { tries, end }
    }
}

/// HiGHS's `mip_node_count`, the root included: an `int64` info, which the `highs`
/// crate's `int_info_value` (for `HighsInt` infos) refuses, so read through `highs-sys`.
fn node_count(solved: &SolvedModel) -> Option<u64> {
    let mut count: i64 = -1;
    // SAFETY: `solved` owns a live HiGHS instance for the call; the name is a
    // NUL-terminated info of type int64, and `count` outlives the call that writes it.
    let status = unsafe {
        highs_sys::Highs_getInt64InfoValue(solved.as_ptr(), c"mip_node_count".as_ptr(), &mut count)
    };
    if status != highs_sys::kHighsStatusOk {
        return None;
    }
    u64::try_from(count).ok()
}

/// The model as a HiGHS problem: an integer column in `[0, 1]` per free variable, the
/// equality rows, the cuts as `≤` rows; no objective.
fn load(model: &Model) -> ColProblem {
    let mut problem = ColProblem::new();
    let mut rows_of = vec![Vec::with_capacity(4); model.free.len()];
    for row in &model.rows {
        let handle = problem.add_row(1.0..=1.0);
        row.iter()
            .for_each(|&c| rows_of[c as usize].push((handle, 1.0)));
    }
    for cut in &model.cuts {
        let handle = problem.add_row(..=cut.len() as f64 - 1.0);
        cut.iter()
            .for_each(|&c| rows_of[c as usize].push((handle, 1.0)));
    }
    for rows in rows_of {
        problem.add_integer_column(0.0, 0.0..=1.0, rows);
    }
    problem
}
