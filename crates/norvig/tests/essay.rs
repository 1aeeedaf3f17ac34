//! The essay version against the fast path, where the golden files do not reach: node
//! budgets, clashing and refuted givens at every size.

use sudoku_core::{Grid, Limits, Size, Solver, Status};
use sudoku_norvig::{Norvig, NorvigEssay};
use sudoku_testkit::contract::{
    assert_rejected_at_root, clash_in_its_row, one_puzzle_of_every_size,
};
use sudoku_testkit::seeds::HARD1;
use sudoku_testkit::{corpus_puzzles, data_puzzles};

fn same(puzzle: &Grid, limits: &Limits) {
    let fast = Norvig.solve(puzzle, limits);
    let essay = NorvigEssay.solve(puzzle, limits);
    assert_eq!(fast, essay, "{puzzle:?} {limits:?}");
}

#[test]
fn the_essay_equals_the_fast_path_under_budgets() {
    let top95 = corpus_puzzles("norvig_sudoku-top95.txt", 95);
    for p in &top95 {
        for max_nodes in [0, 1, 2, 7, 100] {
            same(p, &Limits::UNIQUENESS.with_max_nodes(max_nodes));
        }
    }
    let hard1: Grid = HARD1.parse().unwrap();
    let out = NorvigEssay.solve(&hard1, &Limits::FIRST.with_max_nodes(1000));
    assert_eq!(out.status, Status::BudgetExhausted);
    assert_eq!((out.counters.nodes, out.counters.backtracks), (1000, 974));
    for p in data_puzzles("25x25.txt", 8) {
        for max_nodes in [1, 5, 50] {
            same(&p, &Limits::UNIQUENESS.with_max_nodes(max_nodes));
        }
    }
    for p in data_puzzles("4x4.txt", 200) {
        same(&p, &Limits::solutions(3).with_max_nodes(4));
    }
}

#[test]
fn clashing_givens_are_rejected_at_the_root_at_every_size() {
    for p in one_puzzle_of_every_size() {
        let bad = clash_in_its_row(&p);
        for solver in [&Norvig as &dyn Solver, &NorvigEssay] {
            assert_rejected_at_root(solver, &bad, &[Limits::FIRST, Limits::UNIQUENESS]);
        }
    }
}

#[test]
fn givens_that_propagation_refutes_are_rejected_at_the_root_at_every_size() {
    // No clash, but 1..N-1 in the top row leave its last square only N, which the N
    // below it forbids.
    for size in Size::ALL {
        let n = size.side();
        let mut puzzle = Grid::empty(size);
        for c in 0..n - 1 {
            puzzle.set(c, c as u8 + 1);
        }
        puzzle.set(2 * n - 1, n as u8);
        assert!(!puzzle.givens_clash());
        for solver in [&Norvig as &dyn Solver, &NorvigEssay] {
            let out = solver.solve(&puzzle, &Limits::FIRST);
            assert_eq!(out.status, Status::NoSolution, "{} {size}", solver.name());
            assert_eq!(out.counters.nodes, 1);
        }
    }
}

#[test]
fn an_empty_grid_of_every_size_is_filled() {
    for size in Size::ALL {
        let empty = Grid::empty(size);
        same(&empty, &Limits::UNIQUENESS);
        let out = Norvig.solve(&empty, &Limits::FIRST);
        assert_eq!(out.status, Status::Solved, "{size}");
        assert!(out.solution.unwrap().is_solution_of(&empty));
    }
}

#[test]
fn the_essay_recursion_fits_in_a_small_stack() {
    // The recursion of `eliminate` is bounded by the candidates of the grid; on the
    // project's corpora it stays far below a spawned thread's 2 MiB (64 KiB suffice).
    let mut puzzles = data_puzzles("25x25.txt", 8);
    puzzles.extend(corpus_puzzles("16x16Dataset.csv", 200));
    puzzles.extend(corpus_puzzles("norvig_sudoku-top95.txt", 95));
    let solved = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            puzzles
                .iter()
                .filter(|p| NorvigEssay.solve(p, &Limits::UNIQUENESS).solutions > 0)
                .count()
        })
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(solved, 8 + 200 + 95);
}
