//! The tabu strategy: valid solutions, runs repeatable by seed, the tabu rule and its
//! aspiration, honest statuses, the node budget and the event stream.

use sudoku_core::{Event, Grid, Limits, Solver};
use sudoku_tabu::{Tabu, DEFAULT_MAX_NODES, TENURE};
use sudoku_testkit::contract::{assert_names_and_sizes, assert_solves_each};
use sudoku_testkit::seeds::HARD1;
use sudoku_testkit::stochastic::{self, LastCost, TakenBack};
use sudoku_testkit::{corpus_puzzles, grid};

const SEED: u64 = 2007;

/// The moves of a solve, in order: the two cells and the cost after each.
fn moves(solver: Tabu, puzzle: &Grid, limits: &Limits) -> Vec<([u16; 2], u32)> {
    let mut moves = Vec::new();
    solver.solve_observed(puzzle, limits, &mut |e: Event| {
        if let Event::Swap {
            cells,
            cost,
            accepted,
        } = e
        {
            assert!(
                accepted,
                "tabu search makes every move it evaluates as its try"
            );
            moves.push((cells, cost));
        }
    });
    moves
}

#[test]
fn name_and_sizes() {
    assert_names_and_sizes(&[(&Tabu::new(SEED), "tabu")], &sudoku_core::Size::ALL);
    assert_eq!(Tabu::new(SEED).seed(), SEED);
}

#[test]
fn solves_easy50_the_first_kaggle_ones_and_the_first_of_top95() {
    let mut puzzles = corpus_puzzles("norvig_sudoku-easy50.txt", 50);
    puzzles.extend(corpus_puzzles("kaggle_bryanpark_sudoku_first20000.csv", 50));
    puzzles.extend(corpus_puzzles("norvig_sudoku-top95.txt", 3));
    stochastic::assert_solves_each(&Tabu::new(SEED), &puzzles, &Limits::FIRST, TakenBack::Never);
}

#[test]
fn the_same_seed_makes_the_same_moves_and_another_seed_others() {
    let puzzle = corpus_puzzles("norvig_sudoku-top95.txt", 1)[0];
    let limits = Limits::FIRST.with_max_nodes(5_000);
    let run = |seed| moves(Tabu::new(seed), &puzzle, &limits);
    stochastic::assert_the_same_seed_repeats(run, SEED, 4_999);
}

/// The tabu rule, read from the moves: a move made again within its tenure brings the
/// cost below the best of the whole search so far (aspiration). Without the tabu list
/// the best move at a local minimum is often the one just made, undone.
#[test]
fn a_move_comes_back_within_its_tenure_only_by_aspiration() {
    let tenure = TENURE as usize;
    for puzzle in [grid(HARD1), corpus_puzzles("norvig_sudoku-top95.txt", 1)[0]] {
        let limits = Limits::FIRST.with_max_nodes(100_000);
        let moves = moves(Tabu::new(SEED), &puzzle, &limits);
        let mut best = u32::MAX;
        for (step, &(cells, cost)) in moves.iter().enumerate() {
            let recent = &moves[step.saturating_sub(tenure)..step];
            if recent.iter().any(|&(c, _)| c == cells) {
                assert!(cost < best, "step {step}: {cells:?} is tabu, cost {cost}");
            }
            best = best.min(cost);
        }
    }
}

#[test]
fn a_uniqueness_check_ends_with_the_budget_and_the_one_solution_found() {
    stochastic::assert_a_uniqueness_check_ends_with_the_budget(&Tabu::new(SEED), 300_000);
}

#[test]
fn two_different_solutions_answer_a_limit_of_two() {
    stochastic::assert_two_solutions_answer_a_limit_of_two(&Tabu::new(SEED));
}

#[test]
fn the_budget_bounds_the_moves() {
    let puzzle = corpus_puzzles("norvig_sudoku-top95.txt", 1)[0];
    let budgets = [0, 1, 2, 1000, 12_345];
    let solver = Tabu::new(SEED);
    stochastic::assert_the_budget_bounds_the_moves(&solver, &puzzle, &budgets, TakenBack::Never);
}

#[test]
fn the_same_seed_gives_the_same_run_on_any_thread() {
    let puzzles = corpus_puzzles("norvig_sudoku-easy50.txt", 12);
    stochastic::assert_the_same_run_on_any_thread(&Tabu::new(SEED), &puzzles);
}

#[test]
fn without_a_budget_the_default_one_applies() {
    stochastic::assert_the_default_budget_applies(&Tabu::new(SEED), DEFAULT_MAX_NODES);
}

#[test]
fn what_can_be_proved_at_the_root_is_exact() {
    stochastic::assert_what_can_be_proved_at_the_root_is_exact(&Tabu::new(SEED));
}

#[test]
fn four_by_four_outcomes_agree_with_the_exact_counts() {
    stochastic::assert_four_by_four_outcomes_agree_with_the_exact_counts(&Tabu::new(SEED), 100_000);
}

#[test]
fn observed_and_plain_agree_and_the_events_count_the_moves() {
    let mut puzzles = corpus_puzzles("norvig_sudoku-easy50.txt", 5);
    puzzles.push(grid(HARD1));
    let limits = [
        Limits::FIRST,
        Limits::UNIQUENESS.with_max_nodes(50_000),
        Limits::FIRST.with_max_nodes(500),
    ];
    // The last move reaches cost 0.
    let cost = |e| match e {
        Event::Swap { cost, .. } => Some(cost),
        _ => None,
    };
    stochastic::assert_observed_equals_plain_and_the_events_count(
        &Tabu::new(SEED),
        &puzzles,
        &limits,
        cost,
        LastCost::Zero,
    );
}

#[test]
fn sixteen_by_sixteen_puzzles_are_solved() {
    let puzzles = corpus_puzzles("16x16Dataset.csv", 3);
    assert_solves_each(&Tabu::new(SEED), &puzzles, &Limits::FIRST);
}

#[test]
fn twenty_five_by_twenty_five_puzzles_run_within_the_budget() {
    stochastic::assert_a_25x25_puzzle_runs_to_the_budget(&Tabu::new(SEED), 2_000);
}
