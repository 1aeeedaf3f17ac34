//! The genetic strategy: valid solutions, runs repeatable by seed, the elite and the
//! restarts read from the generations, honest statuses, the node budget and the event
//! stream.

use sudoku_core::{
    CorpusReader, Counters, Event, EventCount, Grid, Limits, Observer, Outcome, Solver, Status,
};
use sudoku_genetic::{Genetic, DEFAULT_MAX_NODES, RESTART_AFTER};
use sudoku_testkit::seeds::{HARD1, SPANISH_1};
use sudoku_testkit::{corpus_path, stochastic, workspace_dir};

const SEED: u64 = 2007;

fn grid(text: &str) -> Grid {
    text.parse().unwrap()
}

fn first_puzzles(file: &str, n: usize) -> Vec<Grid> {
    CorpusReader::open(corpus_path(file))
        .unwrap()
        .take(n)
        .map(|p| p.unwrap().grid)
        .collect()
}

fn assert_solved(puzzle: &Grid, out: &Outcome) {
    assert_eq!(out.status, Status::Solved, "{puzzle:?}");
    assert_eq!(out.solutions, 1);
    out.solution
        .expect("a solution")
        .check_solution_of(puzzle)
        .unwrap();
}

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
    assert_eq!(Genetic::new(SEED).name(), "genetic");
    assert_eq!(Genetic::new(SEED).seed(), SEED);
    assert!(sudoku_core::Size::ALL
        .into_iter()
        .all(|s| Genetic::new(SEED).supports(s)));
}

#[test]
fn solves_the_first_kaggle_puzzles_and_the_first_of_easy50() {
    let mut puzzles = first_puzzles("kaggle_bryanpark_sudoku_first20000.csv", 30);
    puzzles.extend(first_puzzles("norvig_sudoku-easy50.txt", 5));
    let solver = Genetic::new(SEED);
    for puzzle in &puzzles {
        let out = solver.solve(puzzle, &Limits::FIRST);
        assert_solved(puzzle, &out);
        assert_eq!(out.counters.backtracks, 0);
    }
}

#[test]
fn the_same_seed_breeds_the_same_generations_and_another_seed_others() {
    let puzzle = grid(HARD1);
    let limits = Limits::FIRST.with_max_nodes(2_000);
    let first = generations(Genetic::new(SEED), &puzzle, &limits);
    assert_eq!(first.len(), 1_999);
    assert_eq!(first, generations(Genetic::new(SEED), &puzzle, &limits));
    assert_ne!(first, generations(Genetic::new(SEED + 1), &puzzle, &limits));
}

/// The elite and the restarts, read from the generations: between restarts the best
/// cost never rises (the best individual is kept), and a restart comes exactly when
/// [`RESTART_AFTER`] generations in a row have not lowered it.
#[test]
fn the_elite_is_kept_and_a_restart_follows_a_stall() {
    let puzzle = first_puzzles("norvig_sudoku-top95.txt", 1)[0];
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
    let puzzle = grid(SPANISH_1);
    let first = Genetic::new(SEED).solve(&puzzle, &Limits::FIRST);
    let limits = Limits::UNIQUENESS.with_max_nodes(20_000);
    let out = Genetic::new(SEED).solve(&puzzle, &limits);
    assert_eq!(out.status, Status::BudgetExhausted);
    assert_eq!((out.solutions, out.counters.nodes), (1, 20_000));
    assert_eq!(out.solution, first.solution);
}

#[test]
fn the_budget_bounds_the_generations() {
    let puzzle = first_puzzles("norvig_sudoku-top95.txt", 1)[0];
    for budget in [0, 1, 2, 100, 1_234] {
        let out = Genetic::new(SEED).solve(&puzzle, &Limits::FIRST.with_max_nodes(budget));
        assert_eq!(out.status, Status::BudgetExhausted, "budget {budget}");
        assert_eq!(out.counters, Counters::from_tries(budget.max(1) - 1, 0));
        assert_eq!((out.solutions, out.solution), (0, None));
    }
}

#[test]
fn the_same_seed_gives_the_same_run_on_any_thread() {
    let puzzles = first_puzzles("kaggle_bryanpark_sudoku_first20000.csv", 12);
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
    let mut puzzles = first_puzzles("kaggle_bryanpark_sudoku_first20000.csv", 5);
    puzzles.push(grid(HARD1));
    puzzles.push(grid(".34....1...3.2.4"));
    for puzzle in &puzzles {
        for limits in [
            Limits::FIRST.with_max_nodes(20_000),
            Limits::UNIQUENESS.with_max_nodes(3_000),
            Limits::FIRST.with_max_nodes(50),
        ] {
            let solver = Genetic::new(SEED);
            let plain = solver.solve(puzzle, &limits);
            let mut count = EventCount::default();
            let mut last_cost = None;
            let mut both = |e: Event| {
                count.event(e);
                if let Event::Generation { cost, .. } = e {
                    last_cost = Some(cost);
                }
            };
            let observed = solver.solve_observed(puzzle, &limits, &mut both);
            assert_eq!(plain, observed);
            assert_eq!(count.tries + 1, plain.counters.nodes);
            assert_eq!(count.backtracks, plain.counters.backtracks);
            assert_eq!(count.solutions, plain.solutions);
            if plain.status == Status::Solved && limits.max_solutions == 1 {
                assert!(
                    plain.counters.nodes == 1 || last_cost == Some(0),
                    "the last generation holds the solution"
                );
            }
        }
    }
}

#[test]
fn sixteen_by_sixteen_puzzles_run_within_the_budget() {
    let puzzle = first_puzzles("16x16Dataset.csv", 1)[0];
    let out = Genetic::new(SEED).solve(&puzzle, &Limits::FIRST.with_max_nodes(500));
    assert_eq!(out.counters.nodes, 500);
    if let Some(solution) = out.solution {
        solution.check_solution_of(&puzzle).unwrap();
    }
}

#[test]
fn twenty_five_by_twenty_five_puzzles_run_within_the_budget() {
    let text = std::fs::read_to_string(workspace_dir().join("data/25x25.txt")).unwrap();
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let out = Genetic::new(SEED).solve(&grid(line), &Limits::FIRST.with_max_nodes(200));
    assert_eq!(
        (out.status, out.counters.nodes),
        (Status::BudgetExhausted, 200)
    );
}
