//! The dlx strategy (and its essay, where the figures are the same) against the
//! reference counts.

use sudoku_core::{Counters, Grid, Limits, Outcome, Size, Solver, Status};
use sudoku_dlx::{Dlx, DlxEssay};
use sudoku_testkit::contract::{assert_names_and_sizes, assert_rejected_at_root};
use sudoku_testkit::seeds::{HARD1, POLISH, SPANISH_2};
use sudoku_testkit::{counts, grid};

#[test]
fn names_are_dlx_and_dlx_essay_and_every_size_is_supported() {
    assert_names_and_sizes(&[(&Dlx, "dlx"), (&DlxEssay, "dlx-essay")], &Size::ALL);
}

#[test]
fn four_by_four_puzzles_take_the_reference_counts() {
    // Rows 0 and 126 of `data/golden/dlx.4x4.limit{1,2}.csv`.
    for solver in [&Dlx as &dyn Solver, &DlxEssay] {
        let puzzle = grid(".34....1...3.2.4");
        let out = solver.solve(&puzzle, &Limits::FIRST);
        assert_eq!(counts(&out), (11, 0));
        assert_eq!(out.solution, Some(grid("1342243141233214")));
        assert_eq!(
            counts(&solver.solve(&puzzle, &Limits::UNIQUENESS)),
            (11, 10)
        );
        let two = solver.solve(&grid("4.3.3.4..3141.23"), &Limits::UNIQUENESS);
        assert_eq!((counts(&two), two.solutions), ((11, 4), 2));
        assert_eq!(two.solution, Some(grid("4132324123141423")));
    }
}

#[test]
fn the_empty_grids_of_every_size_take_the_reference_counts() {
    // `reference_n.py dlx --limit 1` on the empty grid of each size: one try per cell
    // up to 16x16, but 7620 backtracks at 25x25.
    let figures = [(17, 0), (82, 0), (257, 0), (8246, 7620)];
    for (size, expected) in Size::ALL.into_iter().zip(figures) {
        for solver in [&Dlx as &dyn Solver, &DlxEssay] {
            let out = solver.solve(&Grid::empty(size), &Limits::FIRST);
            assert_eq!(out.status, Status::Solved, "{} {size}", solver.name());
            assert_eq!(counts(&out), expected, "{} {size}", solver.name());
            assert!(out.solution.unwrap().is_solution_of(&Grid::empty(size)));
        }
    }
}

#[test]
fn polish_grid_takes_57_nodes_and_no_backtrack() {
    let puzzle = grid(POLISH);
    let out = Dlx.solve(&puzzle, &Limits::FIRST);
    assert_eq!(out.status, Status::Solved);
    assert_eq!(counts(&out), (57, 0));
    assert_eq!(out.solutions, 1);
    out.solution.unwrap().check_solution_of(&puzzle).unwrap();
}

#[test]
fn spanish_second_grid_takes_76_nodes_and_10_backtracks() {
    let puzzle = grid(SPANISH_2);
    let out = Dlx.solve(&puzzle, &Limits::FIRST);
    assert_eq!(out.status, Status::Solved);
    assert_eq!(counts(&out), (76, 10));
    out.solution.unwrap().check_solution_of(&puzzle).unwrap();
}

#[test]
fn norvig_hard1_takes_65_nodes_to_its_first_solution() {
    let puzzle = grid(HARD1);
    let out = Dlx.solve(&puzzle, &Limits::FIRST);
    assert_eq!(out.status, Status::Solved);
    assert_eq!(out.counters.nodes, 65);
    assert_eq!(out.solutions, 1);
    out.solution.unwrap().check_solution_of(&puzzle).unwrap();
}

#[test]
fn limit_two_finds_a_second_solution_of_a_puzzle_with_many() {
    // Figures of `reference.py dlx --limit 2`.
    for (text, nodes, backtracks) in [(HARD1, 71, 6), (SPANISH_2, 82, 16)] {
        let puzzle = grid(text);
        let first = Dlx.solve(&puzzle, &Limits::FIRST);
        let out = Dlx.solve(&puzzle, &Limits::UNIQUENESS);
        assert_eq!(out.status, Status::Solved);
        assert_eq!(out.solutions, 2);
        assert_eq!(counts(&out), (nodes, backtracks));
        // The first solution is the same whatever the limit.
        assert_eq!(out.solution, first.solution);
    }
}

#[test]
fn limit_two_on_a_unique_puzzle_takes_every_try_back() {
    let puzzle = grid(POLISH);
    let out = Dlx.solve(&puzzle, &Limits::UNIQUENESS);
    assert_eq!(out.status, Status::Solved);
    assert_eq!(out.solutions, 1);
    assert_eq!(counts(&out), (57, 56));
    out.solution.unwrap().check_solution_of(&puzzle).unwrap();
}

#[test]
fn the_empty_grid_has_a_solution_and_a_second_one() {
    let out = Dlx.solve(&Grid::EMPTY, &Limits::UNIQUENESS);
    assert_eq!(out.status, Status::Solved);
    assert_eq!(out.solutions, 2);
}

#[test]
fn a_solved_grid_is_a_solution_at_the_root() {
    let puzzle = Dlx.solve(&grid(POLISH), &Limits::FIRST).solution.unwrap();
    let out = Dlx.solve(&puzzle, &Limits::UNIQUENESS);
    assert_eq!(
        out,
        Outcome::new(1, Some(puzzle), Counters::from_tries(0, 0), false)
    );
}

#[test]
fn the_node_budget_stops_the_search() {
    let puzzle = grid(SPANISH_2);
    // 76 nodes are needed: a budget of 75 stops one try short, with the ten
    // backtracks all made before it.
    for solver in [&Dlx as &dyn Solver, &DlxEssay] {
        for budget in [0, 1, 2, 30, 75] {
            let out = solver.solve(&puzzle, &Limits::FIRST.with_max_nodes(budget));
            assert_eq!(out.status, Status::BudgetExhausted, "budget {budget}");
            assert_eq!(out.counters.nodes, budget.max(1), "budget {budget}");
            assert_eq!(out.solutions, 0);
            assert_eq!(out.solution, None);
        }
        let out = solver.solve(&puzzle, &Limits::FIRST.with_max_nodes(75));
        assert_eq!(out.counters.backtracks, 10);
        let out = solver.solve(&puzzle, &Limits::FIRST.with_max_nodes(76));
        assert_eq!(out.status, Status::Solved);
        assert_eq!(counts(&out), (76, 10));
    }
}

#[test]
fn the_budget_keeps_a_solution_already_found() {
    let puzzle = grid(HARD1);
    let first = Dlx.solve(&puzzle, &Limits::FIRST);
    let budget = first.counters.nodes + 1;
    let out = Dlx.solve(&puzzle, &Limits::UNIQUENESS.with_max_nodes(budget));
    assert_eq!(out.status, Status::BudgetExhausted);
    assert_eq!(out.solutions, 1);
    assert_eq!(out.solution, first.solution);
    assert_eq!(out.counters.nodes, budget);
}

#[test]
fn clashing_givens_are_rejected_at_the_root() {
    // Two 5s in the first row.
    let row = grid(&format!("55{}", ".".repeat(79)));
    // Two 7s in the first column.
    let column = grid(&format!("7{}7{}", ".".repeat(8), ".".repeat(71)));
    // Two 3s in the first box, in different rows and columns.
    let boxed = grid(&format!("3{}3{}", ".".repeat(9), ".".repeat(70)));
    // A clash late in reading order, after many givens were selected.
    let polish_clash = grid(&format!("{}3", &POLISH[..80]));
    for puzzle in [row, column, boxed, polish_clash] {
        assert!(!puzzle.conflicts().is_empty());
        for solver in [&Dlx as &dyn Solver, &DlxEssay] {
            assert_rejected_at_root(solver, &puzzle, &[Limits::FIRST, Limits::UNIQUENESS]);
        }
    }
}

#[test]
fn unsolvable_givens_that_do_not_clash_search_to_the_end() {
    // Row one holds 1..8 and leaves its last cell for 9, but column 9 already has a 9.
    let puzzle = grid(&format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63)));
    assert!(puzzle.conflicts().is_empty());
    let out = Dlx.solve(&puzzle, &Limits::FIRST);
    assert_eq!(out.status, Status::NoSolution);
    assert_eq!(out.counters, Counters::from_tries(0, 0));
}

#[test]
fn the_matrix_is_restored_after_every_solve() {
    let puzzles = [POLISH, SPANISH_2, HARD1].map(grid);
    let budgeted = Limits::UNIQUENESS.with_max_nodes(40);
    let limits = [Limits::FIRST, Limits::UNIQUENESS, budgeted];
    let first: Vec<Outcome> = puzzles
        .iter()
        .flat_map(|p| limits.iter().map(move |l| Dlx.solve(p, l)))
        .collect();
    for _ in 0..3 {
        let again: Vec<Outcome> = puzzles
            .iter()
            .flat_map(|p| limits.iter().map(move |l| Dlx.solve(p, l)))
            .collect();
        assert_eq!(again, first);
    }
}

#[test]
fn solves_from_several_threads_agree() {
    let puzzle = grid(SPANISH_2);
    let alone = Dlx.solve(&puzzle, &Limits::UNIQUENESS);
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..4)
            .map(|_| s.spawn(|| Dlx.solve(&puzzle, &Limits::UNIQUENESS)))
            .collect();
        for h in handles {
            assert_eq!(h.join().unwrap(), alone);
        }
    });
}
