//! Exactness of backtracking DSatur: every try is DSatur's choice (checked on a replay
//! of the events against a third, plain reading of the rule), the fast path ([`Dsatur`])
//! equal to the essay ([`DsaturEssay`]) event for event, the same solutions as dlx's
//! golden files, every size, the budget, and bad input.

use std::cmp::Reverse;

use sudoku_colour::{Dsatur, DsaturEssay};
use sudoku_core::event::Contradiction;
use sudoku_core::{DigitSet, Event, Geometry, Grid, Limits, Outcome, Size, Solver, Status};
use sudoku_testkit::contract::{self, Replay};
use sudoku_testkit::seeds::{self, ANTI_BRUTE_FORCE, POLISH, SPANISH_1};
use sudoku_testkit::{corpus_puzzles, data_puzzles, grid, watch};

/// Both versions of the strategy: the fast path and the essay.
fn both() -> [&'static dyn Solver; 2] {
    [&Dsatur, &DsaturEssay]
}

/// A few puzzles of every size: seeds and corpora of 9x9, and the project's 4x4, 16x16
/// and 25x25 sets.
fn sample() -> Vec<Grid> {
    let mut all = seeds::grids();
    all.extend(corpus_puzzles("norvig_sudoku-top95.txt", 12));
    all.extend(corpus_puzzles("16x16Dataset.csv", 4));
    all.extend(data_puzzles("4x4.txt", 30));
    all.extend(data_puzzles("25x25.txt", 2));
    all
}

/// The colours on the neighbours of `cell`.
fn neighbour_colours(board: &Grid, cell: usize) -> DigitSet {
    let geometry = Geometry::of(board.size());
    geometry
        .peers(cell)
        .iter()
        .map(|&p| board.get(usize::from(p)))
        .filter(|&d| d != 0)
        .collect()
}

/// DSatur's vertex, read plainly off the board: the empty cell with the most distinct
/// digits among its peers, ties to the most empty peers, then the lowest.
fn dsatur_choice(board: &Grid) -> Option<usize> {
    let geometry = Geometry::of(board.size());
    let empty_peers = |cell: usize| {
        let peers = geometry.peers(cell).iter();
        peers.filter(|&&p| board.get(usize::from(p)) == 0).count()
    };
    (0..board.size().cells())
        .filter(|&c| board.get(c) == 0)
        .max_by_key(|&c| {
            (
                neighbour_colours(board, c).len(),
                empty_peers(c),
                Reverse(c),
            )
        })
}

/// The smallest colour above `above` that no neighbour of `cell` has.
fn next_suitable(board: &Grid, cell: usize, above: u8) -> Option<u8> {
    let taken = neighbour_colours(board, cell);
    (above + 1..=board.size().side() as u8).find(|&d| !taken.contains(d))
}

/// Replays an event stream on `puzzle` and checks that it is backtracking DSatur: each
/// try colours DSatur's vertex with its next suitable colour, at the depth the standing
/// tries give; a node is left only when its vertex has no suitable colour left; a dead
/// end is DSatur's vertex with none at all; a solution is a full grid (the first the
/// outcome's); the counts are the outcome's counters.
fn check_stream(puzzle: &Grid, out: &Outcome, events: &[Event]) {
    let at = |i: usize| format!("{} event {i}: {:?}", puzzle.to_line(), events[i]);
    let mut board = *puzzle;
    let mut replay = Replay::new(puzzle, out);
    // For each depth, the last try made there (at the node standing at that depth - 1).
    let mut tried: Vec<Option<(u16, u8)>> = vec![None];
    for (i, &event) in events.iter().enumerate() {
        match event {
            Event::Try { depth, cell, digit } => {
                replay.tried(depth, cell, digit, &at(i));
                let d = usize::from(depth);
                tried.resize(d + 1, None);
                let c = usize::from(cell);
                assert_eq!(dsatur_choice(&board), Some(c), "{}", at(i));
                let after = match tried[d] {
                    Some((last, colour)) => {
                        assert_eq!(last, cell, "{}", at(i));
                        colour
                    }
                    None => 0,
                };
                assert_eq!(next_suitable(&board, c, after), Some(digit), "{}", at(i));
                tried[d] = Some((cell, digit));
                board.set(c, digit);
            }
            Event::Backtrack { depth, cell, digit } => {
                replay.took_back(depth, cell, digit, &at(i));
                let d = usize::from(depth);
                board.set(usize::from(cell), 0);
                if let Some(&Some((last, colour))) = tried.get(d + 1) {
                    let left =
                        next_suitable(&board.with(usize::from(cell), digit), last.into(), colour);
                    assert_eq!(left, None, "{}: a colour left below", at(i));
                }
                tried.truncate(d + 1);
            }
            Event::Solution { depth } => replay.solution(depth, board, &at(i)),
            Event::Contradiction {
                depth,
                reason: Contradiction::EmptyCell { cell },
            } => {
                replay.at_depth(depth, &at(i));
                let c = usize::from(cell);
                assert_eq!(dsatur_choice(&board), Some(c), "{}", at(i));
                assert_eq!(next_suitable(&board, c, 0), None, "{}", at(i));
            }
            other => panic!("{}: dsatur does not report {other:?}", at(i)),
        }
    }
    replay.end();
}

#[test]
fn every_try_colours_dsaturs_vertex_with_its_next_suitable_colour() {
    let limits = [
        Limits::FIRST.with_max_nodes(20_000),
        Limits::UNIQUENESS.with_max_nodes(3000),
        Limits::solutions(3).with_max_nodes(500),
    ];
    for puzzle in sample().iter().filter(|p| p.size() != Size::TWENTY_FIVE) {
        for l in &limits {
            let (out, events) = watch(&Dsatur, puzzle, l);
            check_stream(puzzle, &out, &events);
        }
    }
}

#[test]
fn the_fast_path_is_the_essay_event_for_event() {
    let limits = [
        Limits::FIRST.with_max_nodes(20_000),
        Limits::UNIQUENESS.with_max_nodes(20_000),
        Limits::solutions(3).with_max_nodes(300),
    ];
    contract::assert_the_fast_path_is_the_essay_event_for_event(
        &Dsatur,
        &DsaturEssay,
        &sample(),
        &limits,
    );
}

/// The counters of the whole of top95, both versions, puzzle by puzzle.
#[test]
fn the_fast_path_and_the_essay_count_alike_on_top95() {
    contract::assert_the_fast_path_and_the_essay_count_alike(
        &Dsatur,
        &DsaturEssay,
        &corpus_puzzles("norvig_sudoku-top95.txt", 95),
        &Limits::FIRST,
    );
}

/// The same statuses, solution counts and first solutions as dlx's golden files, limit
/// 1 and 2 (top95 and the project's 4x4 puzzles, which have many with several).
#[test]
fn the_solutions_are_dlxs() {
    let corpora = [
        "norvig_sudoku-top95",
        "norvig_sudoku-easy50",
        "4x4",
        "16x16-first200",
    ];
    contract::assert_the_solutions_are_dlxs(&Dsatur, |c| corpora.contains(&c), 4);
}

#[test]
fn a_clash_of_givens_has_no_solution_at_the_root() {
    let polish = grid(POLISH);
    // Copy r1c2's 5 onto r1c1: row 1 holds two 5s.
    let clash = polish.with(0, polish.get(1));
    for solver in both() {
        contract::assert_rejected_at_root_silently(solver, &clash, &[Limits::UNIQUENESS]);
    }
}

#[test]
fn a_full_grid_is_its_own_solution_and_a_dead_end_is_told() {
    let solved = DsaturEssay
        .solve(&grid(SPANISH_1), &Limits::FIRST)
        .solution
        .unwrap();
    for solver in both() {
        contract::assert_a_full_grid_is_its_own_solution(solver, &solved);
    }
    // 4x4: r1c1 sees 2 and 3 in its row, 4 in its box, 1 in its column: saturation 4,
    // DSatur's first vertex, and no colour left for it.
    let dead = grid(".23. 4... 1... ....");
    assert!(!dead.givens_clash());
    for solver in both() {
        let (out, events) = watch(solver, &dead, &Limits::FIRST);
        assert_eq!(out.status, Status::NoSolution, "{}", solver.name());
        assert_eq!(out.counters.nodes, 1, "the root is a dead end");
        assert_eq!(
            events,
            [Event::Contradiction {
                depth: 0,
                reason: Contradiction::EmptyCell { cell: 0 }
            }]
        );
    }
}

#[test]
fn the_budget_bounds_the_search() {
    contract::assert_the_budget_bounds_the_search(
        &both(),
        &grid(ANTI_BRUTE_FORCE),
        Limits::FIRST,
        &[0, 1, 2, 50, 100],
    );
}

/// Every size: the empty grids have solutions, found with no backtrack (the sudoku
/// graph is easy to colour from nothing), and a 4x4 puzzle with two solutions has two.
#[test]
fn every_size_is_coloured() {
    for size in Size::ALL {
        for solver in both() {
            let out = solver.solve(&Grid::empty(size), &Limits::FIRST.with_max_nodes(100_000));
            assert_eq!(out.status, Status::Solved, "{size} {}", solver.name());
            assert!(out.solution.unwrap().is_solution_of(&Grid::empty(size)));
        }
    }
    let two = grid("1... .... .... ...4");
    for solver in both() {
        assert_eq!(solver.solve(&two, &Limits::UNIQUENESS).solutions, 2);
    }
}
