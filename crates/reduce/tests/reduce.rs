//! The reduce strategy against the reference: the Spanish essay's grids, the public
//! rules one step at a time, limits and clashing givens, for both solvers.

use sudoku_core::{
    Candidates, Contradiction, Counters, DigitSet, Grid, Limits, Size, Solver, Status,
};
use sudoku_reduce::{eliminate, only_choice, reduce_puzzle, Reduce, ReduceEssay, Values};
use sudoku_testkit::contract::{assert_names_and_sizes, assert_rejected_at_root};
use sudoku_testkit::grid;
use sudoku_testkit::seeds::{SPANISH_1, SPANISH_2};

/// The solution of the second grid printed in the essay.
const SPANISH_2_SOLUTION: &str =
    "296347158537816249481925376159478632364192587728653491943761825815239764672584913";

/// Both solvers: each test of a solve runs on each.
const SOLVERS: [&dyn Solver; 2] = [&Reduce, &ReduceEssay];

/// The digits of a symbol string, as the essay writes a square's values: `"45"`.
fn set(digits: &str) -> DigitSet {
    digits.bytes().map(|b| b - b'0').collect()
}

#[test]
fn names_are_reduce_and_reduce_essay() {
    assert_names_and_sizes(
        &[(&Reduce, "reduce"), (&ReduceEssay, "reduce-essay")],
        &Size::ALL,
    );
}

#[test]
fn first_spanish_grid_is_solved_by_reduction_alone() {
    let puzzle = grid(SPANISH_1);
    for solver in SOLVERS {
        let out = solver.solve(&puzzle, &Limits::FIRST);
        assert_eq!(out.status, Status::Solved);
        assert_eq!(out.counters, Counters::from_tries(0, 0));
        assert_eq!(out.solutions, 1);
        let solution = out.solution.unwrap();
        assert_eq!(
            solution.to_line(),
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
        );
        assert!(solution.is_solution_of(&puzzle));
    }
}

#[test]
fn second_spanish_grid_takes_17_nodes_and_gives_the_essays_solution() {
    let puzzle = grid(SPANISH_2);
    for solver in SOLVERS {
        let out = solver.solve(&puzzle, &Limits::FIRST);
        assert_eq!(out.status, Status::Solved);
        assert_eq!(out.counters.nodes, 17);
        assert_eq!(out.counters.backtracks, 0);
        let solution = out.solution.unwrap();
        assert_eq!(solution.to_line(), SPANISH_2_SOLUTION);
        assert!(solution.is_solution_of(&puzzle));
    }
}

#[test]
fn limit_two_finds_the_second_solution_of_the_second_spanish_grid() {
    // The grid has more than one solution: the uniqueness check stops at the second,
    // one try after the first (reference: 18 nodes, 1 backtrack).
    let puzzle = grid(SPANISH_2);
    for solver in SOLVERS {
        let out = solver.solve(&puzzle, &Limits::UNIQUENESS);
        assert_eq!(out.status, Status::Solved);
        assert_eq!(out.solutions, 2);
        assert_eq!(
            out.counters,
            Counters {
                nodes: 18,
                backtracks: 1
            }
        );
        assert_eq!(out.solution.unwrap().to_line(), SPANISH_2_SOLUTION);
        // Up to three: the search goes on past the second solution.
        let three = solver.solve(&puzzle, &Limits::solutions(3));
        assert!(three.solutions >= 2);
        assert!(three.counters.nodes > 18);
    }
}

#[test]
fn one_eliminate_pass_shows_the_essays_candidates() {
    let mut values = Values::from_grid(&grid(SPANISH_1));
    eliminate(&mut values, 0, &mut ());
    let expected = [
        "   45    4578    3   |   49     2     147  |   6     5789    57  ",
        "   9    24678    47  |   3      47     5   |   78    278     1   ",
        "   25    257     1   |   8      79     6   |   4    23579   2357 ",
        "---------------------+---------------------+---------------------",
        "  345    345     8   |   1     3456    2   |   9    34567  34567 ",
        "   7    123459   49  |  459   34569    4   |   1    13456    8   ",
        "  1345  13459    6   |   7     3459    8   |   2     1345   345  ",
        "---------------------+---------------------+---------------------",
        "  134    1347    2   |   6     478     9   |   5     1478    47  ",
        "   8     1467    47  |   2     457     3   |   17    1467    9   ",
        "   46    4679    5   |   4      1      47  |   3    24678   2467 ",
    ];
    assert_eq!(values.to_string(), expected.join("\n") + "\n");
}

#[test]
fn eliminate_uses_the_squares_solved_at_the_start_of_the_pass() {
    // A1 = 1; B2 gets only {1, 2}: one pass removes 1 from B2 (solving it as 2), but
    // the 2 is not removed from B2's peers until the next pass.
    let mut values = Values::from_grid(&Grid::EMPTY.with(0, 1));
    values[10] = set("12");
    eliminate(&mut values, 0, &mut ());
    assert_eq!(values[10], set("2"));
    assert_eq!(values[11], set("23456789"));
    eliminate(&mut values, 0, &mut ());
    assert_eq!(values[11], set("3456789"));
    assert_eq!(values[0], set("1"));
}

#[test]
fn only_choice_sees_its_own_changes_at_once() {
    // Top row: 1 only in A1, 2 only in A1 and A2. Setting A1 to 1 leaves A2 the only
    // place for 2 in the same pass.
    let mut values = Values::from_grid(&Grid::EMPTY);
    for square in 2..9 {
        values[square] = set("3456789");
    }
    values[1].remove(1);
    only_choice(&mut values, 0, &mut ());
    assert_eq!(values[0], set("1"));
    assert_eq!(values[1], set("2"));
}

#[test]
fn reduce_puzzle_solves_the_first_grid_and_stalls_on_the_second() {
    let mut first = Values::from_grid(&grid(SPANISH_1));
    assert_eq!(reduce_puzzle(&mut first, 0, &mut ()), Ok(()));
    assert!(first.is_solved());

    let mut second = Values::from_grid(&grid(SPANISH_2));
    assert_eq!(reduce_puzzle(&mut second, 0, &mut ()), Ok(()));
    assert!(!second.is_solved());
    // A stalled grid is a fixed point of both rules.
    let mut again = second.clone();
    eliminate(&mut again, 0, &mut ());
    only_choice(&mut again, 0, &mut ());
    assert_eq!(again, second);
}

#[test]
fn reduce_puzzle_fails_on_an_empty_square() {
    // A1 = 1 and B1 = 1 (a clash): A1 empties B1, which then removes nothing, and the
    // loop fails at B1.
    let mut values = Values::from_grid(&Grid::EMPTY.with(0, 1).with(9, 1));
    assert_eq!(
        reduce_puzzle(&mut values, 0, &mut ()),
        Err(Contradiction::EmptyCell { cell: 9 })
    );
    assert_eq!((values[0], values[9]), (set("1"), DigitSet::EMPTY));
}

#[test]
fn the_essays_values_read_the_fast_masks() {
    let candidates = Candidates::from_grid(&grid(SPANISH_2));
    let values = Values::from(&candidates);
    assert_eq!(values, Values::from_grid(&grid(SPANISH_2)));
    assert_eq!(values.to_string(), candidates.to_string());
    assert_eq!(values.to_grid(), grid(SPANISH_2));
}

#[test]
fn clashing_givens_have_no_solution_at_one_node() {
    // A second 3 in the top row of the first grid; a second 1 in a 4x4 box.
    let nine = grid(SPANISH_1).with(0, 3);
    let four = grid("1... .1.. .... ....");
    for solver in SOLVERS {
        for puzzle in [nine, four] {
            assert_rejected_at_root(solver, &puzzle, &[Limits::FIRST]);
        }
    }
}

#[test]
fn a_dead_end_at_the_root_has_no_solution_at_one_node() {
    // No clash among the givens, but A1 has no digit left: its row holds 1..8 and its
    // column 9.
    let puzzle = grid(
        ".12345678\
         9........\
         .........\
         .........\
         .........\
         .........\
         .........\
         .........\
         .........",
    );
    assert!(puzzle.conflicts().is_empty());
    for solver in SOLVERS {
        let out = solver.solve(&puzzle, &Limits::UNIQUENESS);
        assert_eq!(out.status, Status::NoSolution);
        assert_eq!(out.counters, Counters::from_tries(0, 0));
        assert_eq!(out.solution, None);
    }
}

#[test]
fn the_node_budget_stops_the_search() {
    let puzzle = grid(SPANISH_2);
    for solver in SOLVERS {
        // 17 nodes are enough; 16 are not: the 16th try is never made.
        let enough = solver.solve(&puzzle, &Limits::FIRST.with_max_nodes(17));
        assert_eq!(enough.status, Status::Solved);
        assert_eq!(enough.counters.nodes, 17);
        let short = solver.solve(&puzzle, &Limits::FIRST.with_max_nodes(16));
        assert_eq!(short.status, Status::BudgetExhausted);
        assert_eq!(
            short.counters,
            Counters {
                nodes: 16,
                backtracks: 0
            }
        );
        assert_eq!(short.solutions, 0);
        assert_eq!(short.solution, None);
        // A budget of one node allows no try at all ...
        let none = solver.solve(&puzzle, &Limits::FIRST.with_max_nodes(1));
        assert_eq!(none.status, Status::BudgetExhausted);
        assert_eq!(none.counters, Counters::from_tries(0, 0));
        // ... which reduction alone does not need.
        let alone = solver.solve(&grid(SPANISH_1), &Limits::FIRST.with_max_nodes(1));
        assert_eq!(alone.status, Status::Solved);
    }
}

#[test]
fn the_budget_keeps_the_solutions_already_found() {
    // Under limit 2 the first solution comes at node 17; a budget of 17 nodes stops the
    // search before its next try, with the first solution kept.
    for solver in SOLVERS {
        let out = solver.solve(&grid(SPANISH_2), &Limits::UNIQUENESS.with_max_nodes(17));
        assert_eq!(out.status, Status::BudgetExhausted);
        assert_eq!(out.solutions, 1);
        assert_eq!(out.counters.nodes, 17);
        assert_eq!(out.solution.unwrap().to_line(), SPANISH_2_SOLUTION);
    }
}
