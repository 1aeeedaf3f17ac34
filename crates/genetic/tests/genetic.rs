//! The genetic strategy: valid solutions, runs repeatable by seed, the elite and the
//! restarts read from the generations, honest statuses, the node budget and the event
//! stream.

use sudoku_core::{Event, Grid, Limits, Solver};
use sudoku_genetic::{Genetic, DEFAULT_MAX_NODES, RESTART_AFTER};
use sudoku_testkit::contract::assert_names_and_sizes;
use sudoku_testkit::seeds::HARD1;
use sudoku_testkit::stochastic::{self, LastCost, TakenBack};
use sudoku_testkit::{corpus_puzzles, grid};

const SEED: u64 = 2007;

/// The generations of a solve, in order: the best cost of each and whether it was a
/// restart.
fn generations(solver: Genetic, puzzle: &Grid, limits: &Limits) -> Vec<(u32, bool)> {
    let mut generations = Vec::new();
    solver.solve_observed(puzzle, limits, &mut |e: Event| {
        if let Event::Generation { cost, restart } = e {
            generations.push((cost, restart));
        }
    });
    generations
}

#[test]
fn name_and_sizes() {
    assert_names_and_sizes(&[(&Genetic::new(SEED), "genetic")], &sudoku_core::Size::ALL);
    assert_eq!(Genetic::new(SEED).seed(), SEED);
}

#[test]
fn solves_the_first_kaggle_puzzles_and_the_first_of_easy50() {
    let mut puzzles = corpus_puzzles("kaggle_bryanpark_sudoku_first20000.csv", 30);
    puzzles.extend(corpus_puzzles("norvig_sudoku-easy50.txt", 5));
    stochastic::assert_solves_each(
        &Genetic::new(SEED),
        &puzzles,
        &Limits::FIRST,
        TakenBack::Never,
    );
}

#[test]
fn the_same_seed_breeds_the_same_generations_and_another_seed_others() {
    let puzzle = grid(HARD1);
    let limits = Limits::FIRST.with_max_nodes(2_000);
    let run = |seed| generations(Genetic::new(seed), &puzzle, &limits);
    stochastic::assert_the_same_seed_repeats(run, SEED, 1_999);
}

/// The elite and the restarts, read from the generations: between restarts the best
/// cost never rises (the best individual is kept), and a restart comes exactly when
/// [`RESTART_AFTER`] generations in a row have not lowered it.
#[test]
fn the_elite_is_kept_and_a_restart_follows_a_stall() {
    let puzzle = corpus_puzzles("norvig_sudoku-top95.txt", 1)[0];
    let limits = Limits::FIRST.with_max_nodes(3_000);
    let generations = generations(Genetic::new(SEED), &puzzle, &limits);
    let first_restart = generations.iter().position(|g| g.1).expect("a restart");
    assert!(generations[..first_restart]
        .windows(2)
        .all(|w| w[1].0 <= w[0].0));
    let (mut best, mut stale) = (generations[first_restart].0, 0);
    let mut restarts = 1;
    for (i, &(cost, restart)) in generations.iter().enumerate().skip(first_restart + 1) {
        assert_eq!(restart, stale == RESTART_AFTER, "generation {}", i + 1);
        if restart {
            restarts += 1;
            (best, stale) = (cost, 0);
        } else if cost < best {
            (best, stale) = (cost, 0);
        } else {
            assert_eq!(cost, best, "generation {}: the elite was lost", i + 1);
            stale += 1;
        }
    }
    assert!(restarts >= 2, "{restarts} restarts");
}

#[test]
fn a_uniqueness_check_ends_with_the_budget_and_the_one_solution_found() {
    stochastic::assert_a_uniqueness_check_ends_with_the_budget(&Genetic::new(SEED), 20_000);
}

#[test]
fn the_budget_bounds_the_generations() {
    let puzzle = corpus_puzzles("norvig_sudoku-top95.txt", 1)[0];
    let budgets = [0, 1, 2, 100, 1_234];
    let solver = Genetic::new(SEED);
    stochastic::assert_the_budget_bounds_the_moves(&solver, &puzzle, &budgets, TakenBack::Never);
}

#[test]
fn the_same_seed_gives_the_same_run_on_any_thread() {
    let puzzles = corpus_puzzles("kaggle_bryanpark_sudoku_first20000.csv", 12);
    stochastic::assert_the_same_run_on_any_thread(&Genetic::new(SEED), &puzzles);
}

#[test]
fn without_a_budget_the_default_one_applies() {
    stochastic::assert_the_default_budget_applies(&Genetic::new(SEED), DEFAULT_MAX_NODES);
}

#[test]
fn what_can_be_proved_at_the_root_is_exact() {
    stochastic::assert_what_can_be_proved_at_the_root_is_exact(&Genetic::new(SEED));
}

#[test]
fn four_by_four_outcomes_agree_with_the_exact_counts() {
    stochastic::assert_four_by_four_outcomes_agree_with_the_exact_counts(
        &Genetic::new(SEED),
        2_000,
    );
}

#[test]
fn observed_and_plain_agree_and_the_events_count_the_generations() {
    let mut puzzles = corpus_puzzles("kaggle_bryanpark_sudoku_first20000.csv", 5);
    puzzles.push(grid(HARD1));
    puzzles.push(grid(".34....1...3.2.4"));
    let limits = [
        Limits::FIRST.with_max_nodes(20_000),
        Limits::UNIQUENESS.with_max_nodes(3_000),
        Limits::FIRST.with_max_nodes(50),
    ];
    // The last generation holds the solution, unless the root does.
    let best_cost = |e| match e {
        Event::Generation { cost, .. } => Some(cost),
        _ => None,
    };
    stochastic::assert_observed_equals_plain_and_the_events_count(
        &Genetic::new(SEED),
        &puzzles,
        &limits,
        best_cost,
        LastCost::ZeroUnlessAtTheRoot,
    );
}

#[test]
fn sixteen_by_sixteen_puzzles_run_within_the_budget() {
    let puzzle = corpus_puzzles("16x16Dataset.csv", 1)[0];
    let out = Genetic::new(SEED).solve(&puzzle, &Limits::FIRST.with_max_nodes(500));
    assert_eq!(out.counters.nodes, 500);
    if let Some(solution) = out.solution {
        solution.check_solution_of(&puzzle).unwrap();
    }
}

#[test]
fn twenty_five_by_twenty_five_puzzles_run_within_the_budget() {
    stochastic::assert_a_25x25_puzzle_runs_to_the_budget(&Genetic::new(SEED), 200);
}
