//! The essay (each level from its definition) against the fast path (Hall intervals,
//! Régin's filter), counter for counter: the same outcome, nodes, backtracks, solutions
//! and first solution, at every level, every size, under limits and budgets.

use sudoku_core::{Grid, Limits, Solver};
use sudoku_cp::{Consistency, Cp, CpEssay};
use sudoku_testkit::{corpus_puzzles, data_puzzles};

fn same(puzzle: &Grid, limits: &Limits, consistency: Consistency) {
    let fast = Cp::new(consistency).solve(puzzle, limits);
    let essay = CpEssay::new(consistency).solve(puzzle, limits);
    assert_eq!(fast, essay, "{} {puzzle:?} {limits:?}", consistency.name());
}

#[test]
fn the_essay_equals_the_fast_path_on_top95() {
    // The essay's forward checking and bounds take a millisecond a node on the hardest
    // puzzles: a few hundred nodes each say enough there; arc consistency needs fewer
    // than 250 (two solutions sought) on every one.
    for p in corpus_puzzles("norvig_sudoku-top95.txt", 95) {
        for (consistency, budget) in [
            (Consistency::Forward, 300),
            (Consistency::Bounds, 300),
            (Consistency::Generalised, 20_000),
        ] {
            same(&p, &Limits::UNIQUENESS.with_max_nodes(budget), consistency);
        }
    }
}

#[test]
fn the_essay_equals_the_fast_path_at_every_size_and_budget() {
    for consistency in Consistency::ALL {
        for p in data_puzzles("4x4.txt", 200) {
            same(&p, &Limits::solutions(3).with_max_nodes(50), consistency);
        }
        for p in corpus_puzzles("16x16Dataset.csv", 20) {
            same(&p, &Limits::UNIQUENESS.with_max_nodes(200), consistency);
        }
        for p in data_puzzles("25x25.txt", 8) {
            for max_nodes in [1, 5, 30] {
                same(
                    &p,
                    &Limits::UNIQUENESS.with_max_nodes(max_nodes),
                    consistency,
                );
            }
        }
    }
}
