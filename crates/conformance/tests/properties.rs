//! Properties over random puzzles (proptest, in the normal test run):
//!
//! - all four strategies agree on the number of solutions up to 2, and on the
//!   solution when it is unique; every solution they return passes `is_solution_of`;
//! - relabelling digits, transposing, permuting rows within a band and bands within
//!   the grid leave the solution count unchanged.
//!
//! A strategy whose node budget runs out on a case says nothing about it (the naive
//! search can take millions of nodes on sparse random grids); the others still agree.

use proptest::prelude::*;
use sudoku_conformance::{puzzle, solvers, symmetry};
use sudoku_core::units::PEERS;
use sudoku_core::{Grid, Limits, Status};

const BUDGET: u64 = 2_000_000;

/// (solver name, solutions up to 2, first solution) for every solver that finished.
fn census(puzzle: &Grid) -> Vec<(&'static str, u64, Option<Grid>)> {
    let limits = Limits::UNIQUENESS.with_max_nodes(BUDGET);
    solvers()
        .iter()
        .filter_map(|s| {
            let out = s.solve(puzzle, &limits);
            if let Some(sol) = out.solution {
                assert!(
                    sol.is_solution_of(puzzle),
                    "{} returned a wrong solution",
                    s.name()
                );
            }
            (out.status != Status::BudgetExhausted).then_some((
                s.name(),
                out.solutions,
                out.solution,
            ))
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn strategies_agree_on_count_and_unique_solution((puzzle, origin) in puzzle(20, 58)) {
        let results = census(&puzzle);
        prop_assert!(results.len() >= 3, "only {:?} finished", results.iter().map(|r| r.0).collect::<Vec<_>>());
        let count = results[0].1;
        prop_assert!(count >= 1, "a puzzle cut from a solution grid has a solution");
        for (name, n, sol) in &results {
            prop_assert_eq!(*n, count, "{} disagrees", name);
            if count == 1 {
                prop_assert_eq!(*sol, Some(origin), "{} found another solution", name);
            }
        }
    }

    #[test]
    fn symmetries_keep_the_solution_count((puzzle, _) in puzzle(30, 58), s in symmetry()) {
        let moved = s.apply(&puzzle);
        let before = census(&puzzle);
        let after = census(&moved);
        for (name, n, _) in &before {
            if let Some((_, m, _)) = after.iter().find(|r| r.0 == *name) {
                prop_assert_eq!(n, m, "{} under {:?}", name, s);
            }
        }
    }

    #[test]
    fn clashing_givens_are_rejected_at_the_root((puzzle, _) in puzzle(40, 70), seed in 0usize..81, k in 0usize..20) {
        // Copy a given onto one of its peers: the givens now clash.
        let a = (seed..seed + 81).map(|i| i % 81).find(|&i| puzzle.get(i) != 0).unwrap();
        let b = usize::from(PEERS[a][k]);
        let clash = puzzle.with(b, puzzle.get(a));
        prop_assert!(!clash.conflicts().is_empty());
        for s in solvers() {
            let out = s.solve(&clash, &Limits::UNIQUENESS);
            prop_assert_eq!(out.status, Status::NoSolution, "{}", s.name());
            prop_assert_eq!(out.counters.nodes, 1, "{}", s.name());
        }
    }
}
