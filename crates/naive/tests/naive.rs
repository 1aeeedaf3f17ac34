//! Exactness of the naive strategy: the essay's figures, the limits and the budget, every
//! grid size, and the fast path ([`Naive`]) equal to the essay version ([`NaiveEssay`]):
//! the same outcome, plain and observed, and the same event stream, which replays as the
//! essay's search.

use sudoku_core::event::Contradiction;
use sudoku_core::{Event, Geometry, Grid, Limits, Outcome, Size, Solver, Status};
use sudoku_naive::{Naive, NaiveEssay};
use sudoku_testkit::contract::{self, Replay};
use sudoku_testkit::seeds::{ANTI_BRUTE_FORCE, POLISH};
use sudoku_testkit::{corpus_puzzles, data_puzzles, grid, watch};

/// Both versions of the strategy: the fast path and the essay.
fn both() -> [&'static dyn Solver; 2] {
    [&Naive, &NaiveEssay]
}

/// Whether `digit` may go in `cell`: no peer holds it.
fn is_safe(grid: &Grid, cell: usize, digit: u8) -> bool {
    let geometry = Geometry::of(grid.size());
    geometry
        .peers(cell)
        .iter()
        .all(|&p| grid.get(usize::from(p)) != digit)
}

/// Replays an event stream on `puzzle` and checks that it is the essay's search: each try
/// fills the first empty cell with a safe digit at the depth the standing tries give, each
/// backtrack takes back the last standing try, a solution is a full grid, a dead end is a
/// first empty cell without a safe digit; the counts are the outcome's counters.
fn check_stream(puzzle: &Grid, out: &Outcome, events: &[Event]) {
    let at = |i: usize| format!("{} event {i}: {:?}", puzzle.to_line(), events[i]);
    let mut board = *puzzle;
    let mut replay = Replay::new(puzzle, out);
    let first_empty = |board: &Grid| board.cells().iter().position(|&d| d == 0);
    for (i, &event) in events.iter().enumerate() {
        match event {
            Event::Try { depth, cell, digit } => {
                assert_eq!(first_empty(&board), Some(usize::from(cell)), "{}", at(i));
                assert!(is_safe(&board, usize::from(cell), digit), "{}", at(i));
                board.set(usize::from(cell), digit);
                replay.tried(depth, cell, digit, &at(i));
            }
            Event::Backtrack { depth, cell, digit } => {
                replay.took_back(depth, cell, digit, &at(i));
                board.set(usize::from(cell), 0);
            }
            Event::Solution { depth } => replay.solution(depth, board, &at(i)),
            Event::Contradiction {
                depth,
                reason: Contradiction::EmptyCell { cell },
            } => {
                replay.at_depth(depth, &at(i));
                let cell = usize::from(cell);
                assert_eq!(first_empty(&board), Some(cell), "{}", at(i));
                let n = puzzle.size().side() as u8;
                assert!((1..=n).all(|d| !is_safe(&board, cell, d)), "{}", at(i));
            }
            other => panic!("naive tells no {other:?}"),
        }
    }
    replay.end();
}

/// The fast path and the essay agree under `limits`: the same outcome, plain and
/// observed, and the same event stream, which is the essay's search.
fn assert_same(puzzle: &Grid, limits: Limits) {
    let want = NaiveEssay.solve(puzzle, &limits);
    let got = Naive.solve(puzzle, &limits);
    let case = format!("{} under {limits:?}", puzzle.to_line());
    assert_eq!(got, want, "{case}");
    let (essay, essay_events) = watch(&NaiveEssay, puzzle, &limits);
    let (fast, fast_events) = watch(&Naive, puzzle, &limits);
    assert_eq!(essay, want, "essay observed, {case}");
    assert_eq!(fast, want, "fast observed, {case}");
    check_stream(puzzle, &want, &essay_events);
    if let Some(i) = (0..fast_events.len().max(essay_events.len()))
        .find(|&i| fast_events.get(i) != essay_events.get(i))
    {
        panic!(
            "event {i} differs: fast {:?}, essay {:?}, {case}",
            fast_events.get(i),
            essay_events.get(i)
        );
    }
}

#[test]
fn names_and_sizes() {
    contract::assert_names_and_sizes(
        &[(&Naive, "naive"), (&NaiveEssay, "naive-essay")],
        &Size::ALL,
    );
}

#[test]
fn polish_grid_gives_the_essays_figures() {
    let puzzle = grid(POLISH);
    for solver in both() {
        let out = solver.solve(&puzzle, &Limits::FIRST);
        assert_eq!(out.status, Status::Solved, "{}", solver.name());
        assert_eq!(out.solutions, 1);
        assert_eq!(out.counters.nodes, 301_535, "{}", solver.name());
        assert_eq!(out.counters.backtracks, 301_478, "{}", solver.name());
        let solution = out.solution.unwrap();
        assert!(solution.is_solution_of(&puzzle));
    }
}

#[test]
fn anti_brute_force_grid() {
    let puzzle = grid(ANTI_BRUTE_FORCE);
    let out = Naive.solve(&puzzle, &Limits::FIRST);
    assert_eq!(out.status, Status::Solved);
    assert_eq!(out.solutions, 1);
    assert_eq!(out.counters.nodes, 69_175_317);
    assert_eq!(out.counters.backtracks, 69_175_252);
    let solution = out.solution.unwrap();
    assert!(solution.is_solution_of(&puzzle));
    assert_eq!(&solution.to_line()[..9], "987654321");
}

#[test]
fn limit_two_on_the_empty_grid_finds_two_solutions() {
    for solver in both() {
        let out = solver.solve(&Grid::EMPTY, &Limits::UNIQUENESS);
        assert_eq!(out.status, Status::Solved);
        assert_eq!(out.solutions, 2);
        let first = out.solution.unwrap();
        assert!(first.is_solution_of(&Grid::EMPTY));
        // The smallest grid in reading order comes first.
        assert_eq!(
            first.to_line(),
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
        );
        // reference.py naive --limit 2 on the empty grid: 416 nodes, 334 backtracks (the
        // 81 tries of the second solution's path stand when the search stops).
        assert_eq!((out.counters.nodes, out.counters.backtracks), (416, 334));
    }
    assert_same(&Grid::EMPTY, Limits::solutions(3));
}

#[test]
fn limit_two_on_a_unique_puzzle_runs_to_exhaustion() {
    let puzzle = grid(POLISH);
    let first = Naive.solve(&puzzle, &Limits::FIRST);
    let out = Naive.solve(&puzzle, &Limits::UNIQUENESS);
    assert_eq!(out.status, Status::Solved);
    assert_eq!(out.solutions, 1);
    assert_eq!(out.solution, first.solution);
    // reference.py naive --limit 2: the whole tree, every try taken back.
    assert_eq!(
        (out.counters.nodes, out.counters.backtracks),
        (634_786, 634_785)
    );
}

#[test]
fn a_solved_grid_is_its_own_solution_at_the_root() {
    let solution = Naive.solve(&grid(POLISH), &Limits::FIRST).solution.unwrap();
    for solver in both() {
        contract::assert_a_full_grid_is_its_own_solution(solver, &solution);
        let (_, events) = watch(solver, &solution, &Limits::UNIQUENESS);
        assert_eq!(events, [Event::Solution { depth: 0 }]);
    }
}

#[test]
fn the_node_budget_stops_the_search() {
    let puzzle = grid(POLISH);
    let out = Naive.solve(&puzzle, &Limits::FIRST.with_max_nodes(1000));
    assert_eq!(out.status, Status::BudgetExhausted);
    assert_eq!(out.counters.nodes, 1000);
    assert_eq!(out.solutions, 0);
    assert_eq!(out.solution, None);
    // 999 tries, 24 of them standing on the stack: 975 taken back (reference.py naive
    // --max-tries 999 agrees; it also counts the refused 1000th try as a node).
    assert_eq!(out.counters.backtracks, 975);
    assert_same(&puzzle, Limits::FIRST.with_max_nodes(1000));
}

#[test]
fn budgets_of_zero_and_one_allow_no_try() {
    let puzzle = grid(POLISH);
    for solver in both() {
        for max_nodes in [0, 1] {
            let out = solver.solve(&puzzle, &Limits::FIRST.with_max_nodes(max_nodes));
            assert_eq!(out.status, Status::BudgetExhausted);
            assert_eq!((out.counters.nodes, out.counters.backtracks), (1, 0));
        }
    }
}

#[test]
fn a_budget_exactly_large_enough_solves() {
    let puzzle = grid(POLISH);
    let out = Naive.solve(&puzzle, &Limits::FIRST.with_max_nodes(301_535));
    assert_eq!(out.status, Status::Solved);
    assert_eq!(
        (out.counters.nodes, out.counters.backtracks),
        (301_535, 301_478)
    );
    let out = Naive.solve(&puzzle, &Limits::FIRST.with_max_nodes(301_534));
    assert_eq!(out.status, Status::BudgetExhausted);
    assert_eq!(out.counters.nodes, 301_534);
}

#[test]
fn clashing_givens_are_rejected_at_the_root() {
    // Two 5s in the first row.
    let mut text = POLISH.to_string();
    text.replace_range(0..1, "5");
    // Two 1s in one box (r1c1 and r2c2), not sharing a row or a column.
    let boxed = format!("1.........1{}", ".".repeat(70));
    for solver in both() {
        for puzzle in [grid(&text), grid(&boxed)] {
            contract::assert_rejected_at_root_silently(solver, &puzzle, &[Limits::UNIQUENESS]);
        }
    }
}

#[test]
fn an_unsolvable_puzzle_without_clash_exhausts_the_tree() {
    // r1c1 cannot hold any digit: 1..8 in its row, 9 in its column.
    let text = format!(".12345678{}9{}", ".".repeat(9), ".".repeat(62));
    for solver in both() {
        let (out, events) = watch(solver, &grid(&text), &Limits::FIRST);
        assert_eq!(out.status, Status::NoSolution);
        assert_eq!(
            (out.solutions, out.counters.nodes, out.counters.backtracks),
            (0, 1, 0)
        );
        let dead_end = Event::Contradiction {
            depth: 0,
            reason: Contradiction::EmptyCell { cell: 0 },
        };
        assert_eq!(events, [dead_end]);
    }
}

#[test]
fn the_look_ahead_tells_every_try_it_counts() {
    // Most tries of the naive search end at once, the next empty cell left without a
    // safe digit: the fast path counts them without entering them (its look ahead), and
    // its observer must still be told each one, with its dead end, as the essay meets it.
    let puzzle = grid(POLISH);
    let limits = Limits::FIRST.with_max_nodes(5000);
    let (out, events) = watch(&Naive, &puzzle, &limits);
    check_stream(&puzzle, &out, &events);
    let dead_ends = events
        .iter()
        .filter(|e| matches!(e, Event::Contradiction { .. }))
        .count();
    assert!(dead_ends > 1000, "{dead_ends} dead ends in 4999 tries");
}

/// The seed puzzles of `data/seeds.txt` whose trees are small enough for the essay.
fn small_seeds() -> Vec<Grid> {
    let seeds: Vec<Grid> = data_puzzles("seeds.txt", usize::MAX)
        .into_iter()
        .filter(|g| g.to_line() != ANTI_BRUTE_FORCE)
        .collect();
    assert_eq!(seeds.len(), 4, "data/seeds.txt");
    seeds
}

#[test]
fn every_small_budget_stops_where_the_essay_stops() {
    for puzzle in small_seeds() {
        for limit in 1..=3 {
            for max_nodes in 0..=300 {
                assert_same(&puzzle, Limits::solutions(limit).with_max_nodes(max_nodes));
            }
        }
    }
}

#[test]
fn budgets_across_the_whole_tree_agree_with_the_essay() {
    for puzzle in small_seeds() {
        for limit in 1..=3 {
            assert_same(&puzzle, Limits::solutions(limit));
            let nodes = Naive
                .solve(&puzzle, &Limits::solutions(limit))
                .counters
                .nodes;
            // Ten budgets spread over the tree, then the last few before the end.
            for max_nodes in (1..=nodes).step_by(nodes as usize / 10 + 1) {
                assert_same(&puzzle, Limits::solutions(limit).with_max_nodes(max_nodes));
            }
            for max_nodes in nodes.saturating_sub(2)..=nodes + 1 {
                assert_same(&puzzle, Limits::solutions(limit).with_max_nodes(max_nodes));
            }
        }
    }
}

#[test]
fn four_by_four_agrees_with_the_essay_at_every_limit_and_budget() {
    let all = data_puzzles("4x4.txt", usize::MAX);
    assert_eq!(all.len(), 200);
    for puzzle in &all {
        assert_eq!(puzzle.size(), Size::FOUR);
        for limit in 1..=3 {
            assert_same(puzzle, Limits::solutions(limit));
            for max_nodes in 0..=12 {
                assert_same(puzzle, Limits::solutions(limit).with_max_nodes(max_nodes));
            }
        }
    }
}

/// 16x16 and 25x25 puzzles: the first-empty-cell search rarely ends there, so the budget
/// stops it; it must stop at exactly the budget, where the essay stops.
#[test]
fn large_grids_stop_at_the_budget_where_the_essay_stops() {
    let sixteen = corpus_puzzles("16x16Dataset.csv", 3);
    let twenty_five = data_puzzles("25x25.txt", 3);
    assert_eq!(sixteen[0].size(), Size::SIXTEEN);
    assert_eq!(twenty_five[0].size(), Size::TWENTY_FIVE);
    let mut exhausted = 0;
    for puzzle in sixteen.iter().chain(&twenty_five) {
        for max_nodes in [2, 3, 50, 777, 4000] {
            let limits = Limits::FIRST.with_max_nodes(max_nodes);
            assert_same(puzzle, limits);
            let out = Naive.solve(puzzle, &limits);
            if out.status == Status::BudgetExhausted {
                assert_eq!(out.counters.nodes, max_nodes, "{}", puzzle.to_line());
                exhausted += 1;
            } else {
                assert!(out.counters.nodes <= max_nodes);
            }
        }
        // A larger budget, for the fast path alone.
        let limits = Limits::UNIQUENESS.with_max_nodes(3_000_000);
        let out = Naive.solve(puzzle, &limits);
        if out.status == Status::BudgetExhausted {
            assert_eq!(out.counters.nodes, 3_000_000, "{}", puzzle.to_line());
        }
        if let Some(solution) = out.solution {
            assert!(solution.is_solution_of(puzzle));
        }
    }
    assert!(exhausted >= 12, "{exhausted} budgets exhausted");
}
