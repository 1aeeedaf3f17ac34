//! The solutions read off the events: every strategy's, in its order, each one checked,
//! none twice, the first the outcome's.

use std::collections::HashSet;

use sudoku_catalogue::CATALOGUE;
use sudoku_core::{Grid, Limits, Size, Status};
use sudoku_testkit::seeds::{HARD1, POLISH, SPANISH_2};
use sudoku_trace::solutions;

/// At most this many nodes per search.
const CAP: u64 = 20_000;

#[test]
fn every_strategy_gives_its_first_solutions_each_once() {
    for strategy in CATALOGUE {
        let puzzles = [
            ("spanish-2", Grid::parse(SPANISH_2).unwrap(), 3),
            ("the empty 9x9 grid", Grid::empty(Size::NINE), 4),
            ("the empty 4x4 grid", Grid::empty(Size::FOUR), 4),
        ];
        for (name, puzzle, keep) in puzzles {
            if !strategy.solver().supports(puzzle.size()) {
                continue; // bands: 9x9 only (the trace's error for that is tested apart)
            }
            let budget = strategy.default_max_nodes(puzzle.size()).min(CAP);
            let limits = Limits::solutions(keep as u64).with_max_nodes(budget);
            let found = solutions(&puzzle, strategy, limits, keep, 7).unwrap();
            let what = format!("{} on {name}", strategy.name);
            let plain = strategy
                .solver_with(&sudoku_catalogue::Options { seed: 7 })
                .solve(&puzzle, &limits);
            assert_eq!(found.outcome, plain, "{what}");
            // anneal too: after a solution it reheats by swaps, which the events tell.
            assert_eq!(found.grids.len() as u64, found.outcome.solutions, "{what}");
            assert_eq!(found.grids.first(), plain.solution.as_ref(), "{what}");
            let distinct: HashSet<_> = found.grids.iter().map(Grid::to_line).collect();
            assert_eq!(
                distinct.len(),
                found.grids.len(),
                "{what}: a solution twice"
            );
            assert!(found.grids.iter().all(|g| g.is_solution_of(&puzzle)));
        }
    }
}

#[test]
fn a_unique_puzzle_gives_one_grid_and_an_essay_finds_its_siblings_solutions() {
    let polish = Grid::parse(POLISH).unwrap();
    let dlx = sudoku_catalogue::find("dlx").unwrap();
    let found = solutions(&polish, dlx, Limits::UNIQUENESS, 2, 0).unwrap();
    assert_eq!(found.outcome.status, Status::Solved);
    assert_eq!((found.outcome.solutions, found.grids.len()), (1, 1));

    for strategy in CATALOGUE.iter().filter(|s| s.exact) {
        let Some(sibling) = strategy.essay_of else {
            continue;
        };
        let sibling = sudoku_catalogue::find(sibling).unwrap();
        let limits = Limits::solutions(3).with_max_nodes(CAP);
        let empty = Grid::empty(Size::NINE);
        let essay = solutions(&empty, strategy, limits, 3, 0).unwrap();
        let fast = solutions(&empty, sibling, limits, 3, 0).unwrap();
        assert_eq!(essay, fast, "{}", strategy.name);
    }
}

#[test]
fn keep_bounds_the_grids_not_the_search() {
    let hard1 = Grid::parse(HARD1).unwrap();
    let dlx = sudoku_catalogue::find("dlx").unwrap();
    let found = solutions(&hard1, dlx, Limits::solutions(5), 2, 0).unwrap();
    assert_eq!(found.outcome.solutions, 5);
    assert_eq!(found.grids.len(), 2);
    let none = solutions(&hard1, dlx, Limits::solutions(5), 0, 0).unwrap();
    assert_eq!(none.outcome, found.outcome);
    assert!(none.grids.is_empty());
}
