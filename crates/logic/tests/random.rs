//! Any grid, as the fuzz target makes them (more or less empty, givens that may clash), under
//! a small budget, at any level: no panic; a solution solves the puzzle; the counters
//! keep their contract; the fast path and the essay version take the same steps; the
//! plain solve ends as the watched one (grade included).

use proptest::prelude::*;
use sudoku_core::{Event, Grid, Limits, Observer, Outcome, Solver, Status};
use sudoku_logic::{Level, Logic, LogicEssay};

fn watched(solve: impl FnOnce(&mut dyn Observer) -> Outcome) -> (Outcome, Vec<Event>) {
    let mut events = Vec::new();
    let out = solve(&mut |e: Event| events.push(e));
    (out, events)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn any_grid_keeps_the_contract(
        bytes in proptest::collection::vec(any::<u8>(), 81),
        level in 1usize..=11,
        limit in 1u64..=3,
        budget in 1u64..400,
        sparse in 3u8..40,
    ) {
        // About one cell in `sparse` is a given: the denser grids mostly clash.
        let cells: Vec<u8> = bytes.iter().map(|&b| if b % sparse == 0 { b % 10 } else { 0 }).collect();
        let puzzle = Grid::from_values(sudoku_core::Size::NINE, &cells);
        let level = Level::new(level).unwrap();
        let limits = Limits::solutions(limit).with_max_nodes(budget);
        let (fast, fast_events) = watched(|o| Logic::new(level).solve_with(&puzzle, &limits, o));
        let (essay, essay_events) = watched(|o| LogicEssay::new(level).solve_with(&puzzle, &limits, o));
        prop_assert_eq!(&fast, &essay);
        prop_assert_eq!(&Logic::new(level).solve(&puzzle, &limits), &fast, "plain and watched");
        prop_assert!(fast_events == essay_events, "the two versions took different steps");
        let c = fast.counters;
        prop_assert!(c.nodes >= 1 && c.nodes <= budget.max(1) && c.backtracks < c.nodes);
        prop_assert!(fast.solutions <= limit);
        prop_assert_eq!(fast.solution.is_some(), fast.solutions > 0);
        if let Some(s) = fast.solution {
            prop_assert!(s.is_solution_of(&puzzle));
        }
        if puzzle.givens_clash() {
            prop_assert_eq!((fast.status, c.nodes), (Status::NoSolution, 1));
        }
        let tries = fast_events.iter().filter(|e| e.is_try()).count() as u64;
        prop_assert_eq!(tries + 1, c.nodes);
    }
}
