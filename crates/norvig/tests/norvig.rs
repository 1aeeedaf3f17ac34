//! The norvig strategy against the reference counts.

use sudoku_core::candidates::{digit_mask, ALL_DIGITS};
use sudoku_core::units::{CELLS, PEERS, SIDE};
use sudoku_core::{Candidates, Contradiction, Event, Limits, Rule, Size, Solver, Status};
use sudoku_norvig::{assign, eliminate, parse_grid, Norvig, NorvigEssay};
use sudoku_testkit::contract::{assert_names_and_sizes, assert_rejected_at_root};
use sudoku_testkit::seeds::{HARD1, POLISH, SPANISH_1};
use sudoku_testkit::{corpus_puzzles, grid};

#[test]
fn names_and_sizes() {
    assert_names_and_sizes(
        &[(&Norvig, "norvig"), (&NorvigEssay, "norvig-essay")],
        &Size::ALL,
    );
}

#[test]
fn polish_and_spanish_first_grids_need_no_try() {
    for text in [POLISH, SPANISH_1] {
        let puzzle = grid(text);
        for limits in [Limits::FIRST, Limits::UNIQUENESS] {
            let out = Norvig.solve(&puzzle, &limits);
            assert_eq!(out.status, Status::Solved, "{text}");
            assert_eq!((out.counters.nodes, out.counters.backtracks), (1, 0));
            assert_eq!(out.solutions, 1);
            assert!(out.solution.unwrap().is_solution_of(&puzzle));
        }
    }
}

#[test]
fn hard1_first_solution() {
    let puzzle = grid(HARD1);
    let out = Norvig.solve(&puzzle, &Limits::FIRST);
    assert_eq!(out.status, Status::Solved);
    assert_eq!(
        (out.counters.nodes, out.counters.backtracks),
        (658726, 658703)
    );
    assert_eq!(out.solutions, 1);
    assert!(out.solution.unwrap().is_solution_of(&puzzle));
}

#[test]
fn hard1_has_two_solutions_at_limit_2() {
    let puzzle = grid(HARD1);
    let first = Norvig.solve(&puzzle, &Limits::FIRST).solution;
    let out = Norvig.solve(&puzzle, &Limits::UNIQUENESS);
    assert_eq!(out.status, Status::Solved);
    assert_eq!(out.counters.nodes, 658727);
    assert_eq!(out.solutions, 2);
    assert_eq!(out.solution, first);
}

#[test]
fn budget_stops_before_the_try_that_would_exceed_it() {
    // reference.py norvig --max-tries 999 on hard1: budget after 974 backtracks.
    let puzzle = grid(HARD1);
    let out = Norvig.solve(&puzzle, &Limits::FIRST.with_max_nodes(1000));
    assert_eq!(out.status, Status::BudgetExhausted);
    assert_eq!((out.counters.nodes, out.counters.backtracks), (1000, 974));
    assert_eq!((out.solutions, out.solution), (0, None));

    // A budget of 0 or 1 node allows no try at all.
    for max_nodes in [0, 1] {
        let out = Norvig.solve(&puzzle, &Limits::FIRST.with_max_nodes(max_nodes));
        assert_eq!(out.status, Status::BudgetExhausted);
        assert_eq!((out.counters.nodes, out.counters.backtracks), (1, 0));
    }

    // Propagation alone needs no budget.
    let out = Norvig.solve(&grid(POLISH), &Limits::FIRST.with_max_nodes(1));
    assert_eq!(out.status, Status::Solved);
    assert_eq!(out.counters.nodes, 1);
}

#[test]
fn budget_keeps_the_solutions_already_found() {
    let puzzle = grid(HARD1);
    let first = Norvig.solve(&puzzle, &Limits::FIRST);
    // Exactly enough for the first solution, not for the second.
    let limits = Limits::UNIQUENESS.with_max_nodes(first.counters.nodes);
    let out = Norvig.solve(&puzzle, &limits);
    assert_eq!(out.status, Status::BudgetExhausted);
    assert_eq!(out.solutions, 1);
    assert_eq!(out.solution, first.solution);
    // The second solution is the very next try (limit 2 takes 658727 nodes): the try
    // that found the first is taken back, and the budget stops the one after it.
    assert_eq!(out.counters.nodes, first.counters.nodes);
    assert_eq!(out.counters.backtracks, first.counters.backtracks + 1);
}

#[test]
fn clashing_givens_are_rejected_at_the_root() {
    // Two 5s in the top row.
    let mut text = POLISH.to_string();
    text.replace_range(0..1, "5");
    let puzzle = grid(&text);
    assert!(!puzzle.conflicts().is_empty());
    assert_rejected_at_root(&Norvig, &puzzle, &[Limits::FIRST, Limits::UNIQUENESS]);
    assert!(parse_grid(&puzzle, &mut ()).is_err());
}

#[test]
fn givens_that_propagation_refutes_are_rejected_at_the_root() {
    // No clash, but 1..8 in the top row leave its last square only 9, which the 9
    // below it forbids.
    let puzzle = grid(&format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63)));
    assert!(puzzle.conflicts().is_empty());
    let out = Norvig.solve(&puzzle, &Limits::FIRST);
    assert_eq!(out.status, Status::NoSolution);
    assert_eq!(out.counters.nodes, 1);
}

#[test]
fn assign_and_eliminate_follow_the_two_rules() {
    // Rule 1: a square reduced to one digit takes it from its twenty peers.
    let mut values = Candidates::all();
    for d in 1..=8 {
        eliminate(&mut values, 40, d, &mut ()).unwrap();
    }
    assert_eq!(values.get(40), digit_mask(9));
    for &peer in &PEERS[40] {
        let want = ALL_DIGITS & !digit_mask(9);
        assert_eq!(values.get(peer as usize), want, "peer {peer}");
    }
    // Eliminating a digit already gone changes nothing.
    let before = values;
    eliminate(&mut values, 40, 1, &mut ()).unwrap();
    assert_eq!(values, before);

    // Rule 2: a unit with one place left for a digit puts it there (column 0, digit 4).
    let mut values = Candidates::all();
    for row in 0..SIDE - 1 {
        eliminate(&mut values, row * SIDE, 4, &mut ()).unwrap();
    }
    assert_eq!(values.get(CELLS - SIDE), digit_mask(4));

    // Contradictions: an empty square, a digit with no place in a unit.
    let mut values = Candidates::all();
    assign(&mut values, 0, 3, &mut ()).unwrap();
    assert_eq!(
        eliminate(&mut values, 0, 3, &mut ()),
        Err(Contradiction::EmptyCell { cell: 0 })
    );
    let mut values = Candidates::all();
    assign(&mut values, 0, 3, &mut ()).unwrap();
    assert_eq!(
        assign(&mut values, 1, 3, &mut ()),
        Err(Contradiction::EmptyCell { cell: 1 })
    );
}

#[test]
fn the_observer_sees_every_step() {
    // Solved by propagation alone: every square loses exactly eight digits.
    let puzzle = grid(POLISH);
    let mut events = Vec::new();
    let out = Norvig.solve_observed(&puzzle, &Limits::FIRST, &mut |e: Event| events.push(e));
    assert_eq!(out.counters.nodes, 1);
    let eliminations = events
        .iter()
        .filter(|e| matches!(e, Event::Eliminate { .. }))
        .count();
    assert_eq!(eliminations, CELLS * (SIDE - 1));
    // The givens are assigned first, in reading order, each before what it implies.
    let first = Event::Assign {
        depth: 0,
        cell: 1,
        digit: 5,
        rule: Rule::Given,
    };
    assert_eq!(events[0], first);
    let eliminate_1 = Event::Eliminate {
        depth: 0,
        cell: 1,
        digit: 1,
        rule: Rule::Assigned,
    };
    assert_eq!(events[1], eliminate_1);
    assert_eq!(events.last(), Some(&Event::Solution { depth: 0 }));

    // A search: one Try and one Assign per try, one Backtrack per backtrack.
    let puzzle = grid(HARD1);
    let limits = Limits::FIRST.with_max_nodes(1000);
    let mut tries = 0u64;
    let mut backtracks = 0u64;
    let mut contradictions = 0u64;
    let mut tried = 0u64;
    let out = Norvig.solve_observed(&puzzle, &limits, &mut |e: Event| match e {
        Event::Try { .. } => tries += 1,
        Event::Backtrack { .. } => backtracks += 1,
        Event::Contradiction { .. } => contradictions += 1,
        Event::Assign {
            rule: Rule::Tried, ..
        } => tried += 1,
        _ => {}
    });
    assert_eq!(tries, out.counters.nodes - 1);
    assert_eq!(tried, tries);
    assert_eq!(backtracks, out.counters.backtracks);
    assert!(contradictions > 0 && contradictions <= backtracks);

    // Clashing givens: the contradiction is reported, at the root.
    let mut text = POLISH.to_string();
    text.replace_range(0..1, "5");
    let mut seen = None;
    let out = Norvig.solve_observed(&grid(&text), &Limits::FIRST, &mut |e: Event| {
        if let Event::Contradiction { depth, reason } = e {
            seen = Some((depth, reason));
        }
    });
    assert_eq!(out.counters.nodes, 1);
    assert_eq!(seen, Some((0, Contradiction::EmptyCell { cell: 1 })));
}

#[test]
fn observed_and_unobserved_solves_agree() {
    // The watched parse assigns the givens one at a time, the unwatched one all at
    // once: both must end in the same state, hence the same search.
    let mut puzzles = corpus_puzzles("norvig_sudoku-top95.txt", 95);
    let mut clash = POLISH.to_string();
    clash.replace_range(0..1, "5");
    puzzles.extend([POLISH, SPANISH_1, HARD1, &clash].map(grid));
    for puzzle in &puzzles {
        for limits in [Limits::FIRST, Limits::UNIQUENESS.with_max_nodes(5000)] {
            let plain = Norvig.solve(puzzle, &limits);
            let observed = Norvig.solve_observed(puzzle, &limits, &mut |_: Event| {});
            assert_eq!(plain, observed, "{puzzle:?}");
            let unwatched = parse_grid(puzzle, &mut ()).ok();
            let watched = parse_grid(puzzle, &mut |_: Event| {}).ok();
            assert_eq!(unwatched, watched, "{puzzle:?}");
        }
    }
}
