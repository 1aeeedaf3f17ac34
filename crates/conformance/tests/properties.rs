//! Properties over random puzzles (proptest, in the normal test run), for every strategy
//! of the catalogue:
//!
//! - the exact strategies agree on the number of solutions up to 2, and on the solution
//!   when it is unique, at every grid size they support; every solution any strategy
//!   returns passes `is_solution_of`;
//! - relabelling digits, transposing, permuting rows within a band and bands within the
//!   grid leave the solution count unchanged;
//! - clashing givens are rejected at the root (1 node, no solution);
//! - the observed solve equals the plain one, and its events count its tries and
//!   backtracks, whatever the limit and the budget;
//! - a stochastic strategy is repeatable: the same seed gives the same outcome.
//!
//! A strategy whose node budget runs out on a case says nothing about it (the naive
//! search can take millions of nodes on sparse random grids); the others still agree.

use proptest::prelude::*;
use sudoku_catalogue::{Options, CATALOGUE};
use sudoku_conformance::{exact_strategies, puzzle, stochastic_strategies, symmetry};
use sudoku_core::{EventCount, Geometry, Grid, Limits, Size, Status};

const BUDGET: u64 = 2_000_000;

/// (strategy name, solutions up to 2, first solution) for every exact strategy that
/// finished within the budget.
fn census(puzzle: &Grid) -> Vec<(&'static str, u64, Option<Grid>)> {
    let limits = Limits::UNIQUENESS.with_max_nodes(BUDGET);
    exact_strategies(puzzle.size())
        .iter()
        .filter_map(|s| {
            let out = s.solver().solve(puzzle, &limits);
            if let Some(sol) = out.solution {
                assert!(
                    sol.is_solution_of(puzzle),
                    "{} returned a wrong solution",
                    s.name
                );
            }
            (out.status != Status::BudgetExhausted).then_some((s.name, out.solutions, out.solution))
        })
        .collect()
}

/// The removal range giving puzzles with some search in them, per size.
fn sized_puzzle() -> impl Strategy<Value = (Grid, Grid)> {
    prop_oneof![
        puzzle(Size::FOUR, 4, 13),
        puzzle(Size::NINE, 20, 58),
        puzzle(Size::SIXTEEN, 40, 120),
        puzzle(Size::TWENTY_FIVE, 100, 260),
    ]
}

fn agree(puzzle: &Grid, origin: &Grid) -> Result<(), TestCaseError> {
    let results = census(puzzle);
    prop_assert!(!results.is_empty(), "no strategy finished");
    let count = results[0].1;
    prop_assert!(
        count >= 1,
        "a puzzle cut from a solution grid has a solution"
    );
    for (name, n, sol) in &results {
        prop_assert_eq!(*n, count, "{} disagrees with {}", name, results[0].0);
        if count == 1 {
            prop_assert_eq!(*sol, Some(*origin), "{} found another solution", name);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn strategies_agree_on_count_and_unique_solution((puzzle, origin) in puzzle(Size::NINE, 20, 58)) {
        agree(&puzzle, &origin)?;
    }

    #[test]
    fn strategies_agree_at_every_size((puzzle, origin) in sized_puzzle()) {
        agree(&puzzle, &origin)?;
    }

    #[test]
    fn symmetries_keep_the_solution_count((puzzle, _) in puzzle(Size::NINE, 30, 58), s in symmetry(Size::NINE)) {
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
    fn clashing_givens_are_rejected_at_the_root((puzzle, _) in sized_puzzle(), seed in 0usize..625, k in 0usize..64) {
        // Copy a given onto one of its peers: the givens now clash.
        let size = puzzle.size();
        let n = size.cells();
        let a = (seed..seed + n).map(|i| i % n).find(|&i| puzzle.get(i) != 0).unwrap();
        let peers = Geometry::of(size).peers(a);
        let b = usize::from(peers[k % peers.len()]);
        let clash = puzzle.with(b, puzzle.get(a));
        prop_assert!(clash.givens_clash());
        for s in CATALOGUE.iter().filter(|s| s.sizes().contains(&size)) {
            let out = s.solver().solve(&clash, &Limits::UNIQUENESS);
            prop_assert_eq!(out.status, Status::NoSolution, "{}", s.name);
            prop_assert_eq!(out.counters.nodes, 1, "{}", s.name);
        }
    }

    #[test]
    fn the_observed_solve_equals_the_plain_one(
        (puzzle, _) in sized_puzzle(),
        limit in 1u64..4,
        budget in 1u64..5000,
    ) {
        let limits = Limits::solutions(limit).with_max_nodes(budget);
        for s in CATALOGUE.iter().filter(|s| s.sizes().contains(&puzzle.size())) {
            let solver = s.solver();
            let plain = solver.solve(&puzzle, &limits);
            let mut events = EventCount::default();
            let observed = solver.solve_observed(&puzzle, &limits, &mut events);
            prop_assert_eq!(&observed, &plain, "{}", s.name);
            prop_assert!(plain.counters.nodes <= budget, "{}: {} nodes", s.name, plain.counters.nodes);
            prop_assert_eq!(
                (events.tries + 1, events.backtracks),
                (plain.counters.nodes, plain.counters.backtracks),
                "{}: the events do not count the counters", s.name
            );
        }
    }

    #[test]
    fn stochastic_strategies_are_valid_and_repeatable((puzzle, _) in puzzle(Size::NINE, 20, 45), seed in any::<u64>()) {
        let limits = Limits::FIRST.with_max_nodes(200_000);
        for s in stochastic_strategies(Size::NINE) {
            let options = Options { seed };
            let first = s.solver_with(&options).solve(&puzzle, &limits);
            if let Some(sol) = first.solution {
                prop_assert!(sol.is_solution_of(&puzzle), "{} returned a wrong solution", s.name);
            }
            prop_assert_ne!(first.status, Status::NoSolution, "{} cannot prove there is none", s.name);
            let again = s.solver_with(&options).solve(&puzzle, &limits);
            prop_assert_eq!(first, again, "{}: the same seed, another outcome", s.name);
        }
    }
}
