//! The tabu strategy: valid solutions, runs repeatable by seed, the tabu rule and its
//! aspiration, honest statuses, the node budget and the event stream.

use sudoku_core::{
    CorpusReader, Event, EventCount, Grid, Limits, Observer, Outcome, Solver, Status,
};
use sudoku_tabu::{Tabu, DEFAULT_MAX_NODES, TENURE};
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
    assert_eq!(Tabu::new(SEED).name(), "tabu");
    assert_eq!(Tabu::new(SEED).seed(), SEED);
    assert!(sudoku_core::Size::ALL
        .into_iter()
        .all(|s| Tabu::new(SEED).supports(s)));
}

#[test]
fn solves_easy50_the_first_kaggle_ones_and_the_first_of_top95() {
    let mut puzzles = first_puzzles("norvig_sudoku-easy50.txt", 50);
    puzzles.extend(first_puzzles("kaggle_bryanpark_sudoku_first20000.csv", 50));
    puzzles.extend(first_puzzles("norvig_sudoku-top95.txt", 3));
    let solver = Tabu::new(SEED);
    for puzzle in &puzzles {
        let out = solver.solve(puzzle, &Limits::FIRST);
        assert_solved(puzzle, &out);
        assert_eq!(out.counters.backtracks, 0);
    }
}

#[test]
fn the_same_seed_makes_the_same_moves_and_another_seed_others() {
    let puzzle = first_puzzles("norvig_sudoku-top95.txt", 1)[0];
    let limits = Limits::FIRST.with_max_nodes(5_000);
    let first = moves(Tabu::new(SEED), &puzzle, &limits);
    assert_eq!(first.len(), 4_999);
    assert_eq!(first, moves(Tabu::new(SEED), &puzzle, &limits));
    assert_ne!(first, moves(Tabu::new(SEED + 1), &puzzle, &limits));
}

/// The tabu rule, read from the moves: a move made again within its tenure brings the
/// cost below the best of the whole search so far (aspiration). Without the tabu list
/// the best move at a local minimum is often the one just made, undone.
#[test]
fn a_move_comes_back_within_its_tenure_only_by_aspiration() {
    let tenure = TENURE as usize;
    for puzzle in [grid(HARD1), first_puzzles("norvig_sudoku-top95.txt", 1)[0]] {
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
    let puzzle = grid(SPANISH_1);
    let first = Tabu::new(SEED).solve(&puzzle, &Limits::FIRST);
    let limits = Limits::UNIQUENESS.with_max_nodes(300_000);
    let out = Tabu::new(SEED).solve(&puzzle, &limits);
    assert_eq!(out.status, Status::BudgetExhausted);
    assert_eq!((out.solutions, out.counters.nodes), (1, 300_000));
    assert_eq!(out.solution, first.solution);
}

#[test]
fn two_different_solutions_answer_a_limit_of_two() {
    // Norvig's hard1 has many solutions: under a limit of 2 the search finds two.
    let puzzle = grid(HARD1);
    let mut solutions = Vec::new();
    let mut count = |e: Event| {
        if let Event::Solution { depth } = e {
            assert_eq!(depth, 0);
            solutions.push(());
        }
    };
    let out = Tabu::new(SEED).solve_observed(&puzzle, &Limits::UNIQUENESS, &mut count);
    assert_eq!((out.status, out.solutions), (Status::Solved, 2));
    assert_eq!(solutions.len(), 2);
    out.solution.unwrap().check_solution_of(&puzzle).unwrap();
}

#[test]
fn the_budget_bounds_the_moves() {
    let puzzle = first_puzzles("norvig_sudoku-top95.txt", 1)[0];
    for budget in [0, 1, 2, 1000, 12_345] {
        let out = Tabu::new(SEED).solve(&puzzle, &Limits::FIRST.with_max_nodes(budget));
        assert_eq!(out.status, Status::BudgetExhausted, "budget {budget}");
        assert_eq!(
            out.counters,
            sudoku_core::Counters::from_tries(budget.max(1) - 1, 0)
        );
        assert_eq!((out.solutions, out.solution), (0, None));
    }
}

#[test]
fn the_same_seed_gives_the_same_run_on_any_thread() {
    let puzzles = first_puzzles("norvig_sudoku-easy50.txt", 12);
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
    let mut puzzles = first_puzzles("norvig_sudoku-easy50.txt", 5);
    puzzles.push(grid(HARD1));
    for puzzle in &puzzles {
        for limits in [
            Limits::FIRST,
            Limits::UNIQUENESS.with_max_nodes(50_000),
            Limits::FIRST.with_max_nodes(500),
        ] {
            let solver = Tabu::new(SEED);
            let plain = solver.solve(puzzle, &limits);
            let mut count = EventCount::default();
            let mut last_cost = None;
            let mut both = |e: Event| {
                count.event(e);
                if let Event::Swap { cost, .. } = e {
                    last_cost = Some(cost);
                }
            };
            let observed = solver.solve_observed(puzzle, &limits, &mut both);
            assert_eq!(plain, observed);
            assert_eq!(count.tries + 1, plain.counters.nodes);
            assert_eq!(count.backtracks, plain.counters.backtracks);
            assert_eq!(count.solutions, plain.solutions);
            if plain.status == Status::Solved && limits.max_solutions == 1 {
                assert_eq!(last_cost, Some(0), "the last move reaches cost 0");
            }
        }
    }
}

#[test]
fn sixteen_by_sixteen_puzzles_are_solved() {
    for puzzle in &first_puzzles("16x16Dataset.csv", 3) {
        assert_solved(puzzle, &Tabu::new(SEED).solve(puzzle, &Limits::FIRST));
    }
}

#[test]
fn twenty_five_by_twenty_five_puzzles_run_within_the_budget() {
    let text = std::fs::read_to_string(workspace_dir().join("data/25x25.txt")).unwrap();
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let out = Tabu::new(SEED).solve(&grid(line), &Limits::FIRST.with_max_nodes(2_000));
    assert_eq!(
        (out.status, out.counters.nodes),
        (Status::BudgetExhausted, 2_000)
    );
}
