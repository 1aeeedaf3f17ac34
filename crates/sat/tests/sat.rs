//! The sat strategy's own contract: names and sizes, clashing givens, propagation
//! alone, the solution limit by blocking clauses, the node budget, the event stream.

use sudoku_core::{CorpusReader, Event, Grid, Limits, Outcome, Size, Solver, Status};
use sudoku_sat::{Encoding, Sat};
use sudoku_testkit::contract::assert_names_and_sizes;
use sudoku_testkit::seeds::{ANTI_BRUTE_FORCE, HARD1, POLISH, SPANISH_1, SPANISH_2};
use sudoku_testkit::{corpus_path, grid};

const BOTH: [Sat; 2] = [Sat::MINIMAL, Sat::EXTENDED];

/// The plain and the observed solve, checked equal, and the observed one's events
/// checked against its counters; returns the outcome and the events.
fn solve_both(sat: Sat, puzzle: &Grid, limits: &Limits) -> (Outcome, Vec<Event>) {
    let plain = sat.solve(puzzle, limits);
    let mut events = Vec::new();
    let observed = sat.solve_observed(puzzle, limits, &mut |e: Event| events.push(e));
    assert_eq!(observed, plain, "{}: observed and plain differ", sat.name());
    let tries = events.iter().filter(|e| e.is_try()).count() as u64;
    let backtracks = events.iter().filter(|e| e.is_backtrack()).count() as u64;
    assert_eq!(
        (tries + 1, backtracks),
        (plain.counters.nodes, plain.counters.backtracks),
        "{}: the events do not count the counters",
        sat.name()
    );
    (plain, events)
}

#[test]
fn names_and_sizes() {
    assert_names_and_sizes(
        &[
            (&Sat::MINIMAL, "sat-minimal"),
            (&Sat::EXTENDED, "sat-extended"),
        ],
        &Size::ALL,
    );
    assert_eq!(Sat::new(Encoding::Extended), Sat::EXTENDED);
}

#[test]
fn clashing_givens_have_no_solution_at_one_node() {
    for size in Size::ALL {
        let mut cells = vec![0u8; size.cells()];
        (cells[0], cells[1]) = (1, 1);
        let clash = Grid::from_values(size, &cells);
        for sat in BOTH {
            for limits in [Limits::FIRST, Limits::UNIQUENESS] {
                let (out, events) = solve_both(sat, &clash, &limits);
                assert_eq!(out, Outcome::rejected_at_root(), "{} {size:?}", sat.name());
                assert!(events.iter().all(|e| e.depth() == 0));
            }
        }
    }
}

#[test]
fn a_cell_left_without_a_digit_is_refuted_by_propagation_at_one_node() {
    // Row 1 holds 1..8 and column 9 holds a 9: r1c9 has no digit left.
    let puzzle = grid(&format!("12345678.{}9{}", ".".repeat(17), ".".repeat(54)));
    assert!(!puzzle.givens_clash());
    for sat in BOTH {
        let (out, _) = solve_both(sat, &puzzle, &Limits::UNIQUENESS);
        assert_eq!(out.status, Status::NoSolution);
        assert_eq!((out.counters.nodes, out.counters.backtracks), (1, 0));
    }
}

#[test]
fn the_extended_encoding_solves_by_propagation_what_singles_solve() {
    // reduce and norvig solve both without a try: naked and hidden singles suffice,
    // and they are the unit propagation of the extended encoding.
    for text in [POLISH, SPANISH_1] {
        let puzzle = grid(text);
        let (out, events) = solve_both(Sat::EXTENDED, &puzzle, &Limits::FIRST);
        assert_eq!(out.status, Status::Solved);
        assert_eq!((out.counters.nodes, out.counters.backtracks), (1, 0));
        out.solution.unwrap().check_solution_of(&puzzle).unwrap();
        assert!(events.iter().all(|e| e.depth() == 0));
        assert_eq!(events.last(), Some(&Event::Solution { depth: 0 }));
        let minimal = Sat::MINIMAL.solve(&puzzle, &Limits::FIRST);
        assert_eq!(minimal.solution, out.solution);
    }
}

#[test]
fn the_minimal_encoding_needs_decisions_where_hidden_singles_would_do() {
    // 17-clue puzzles need hidden singles, which the minimal encoding cannot see
    // (it has no "each digit at least once per unit" clause).
    let puzzles = CorpusReader::open(corpus_path("puzzles2_17_clue")).unwrap();
    let (mut minimal, mut extended) = (0, 0);
    for p in puzzles.take(50).map(|p| p.unwrap().grid) {
        minimal += u32::from(Sat::MINIMAL.solve(&p, &Limits::FIRST).counters.nodes == 1);
        extended += u32::from(Sat::EXTENDED.solve(&p, &Limits::FIRST).counters.nodes == 1);
    }
    assert_eq!(minimal, 0);
    assert!(extended > 10, "{extended} of 50 without a decision");
}

#[test]
fn a_complete_grid_is_its_own_only_solution() {
    let solution = Sat::EXTENDED
        .solve(&grid(POLISH), &Limits::FIRST)
        .solution
        .unwrap();
    for sat in BOTH {
        let (out, _) = solve_both(sat, &solution, &Limits::UNIQUENESS);
        assert_eq!(out.status, Status::Solved);
        assert_eq!((out.solutions, out.counters.nodes), (1, 1));
        assert_eq!(out.solution, Some(solution));
    }
}

#[test]
fn blocking_clauses_count_every_solution_of_the_empty_4x4_grid() {
    // The 4x4 grid has 288 solutions.
    let empty = Grid::empty(Size::FOUR);
    for sat in BOTH {
        let (out, _) = solve_both(sat, &empty, &Limits::solutions(1000));
        assert_eq!((out.status, out.solutions), (Status::Solved, 288));
        let (out, _) = solve_both(sat, &empty, &Limits::solutions(288));
        assert_eq!((out.status, out.solutions), (Status::Solved, 288));
    }
}

#[test]
fn limit_two_tells_unique_puzzles_from_the_others() {
    for sat in BOTH {
        for (text, solutions) in [
            (POLISH, 1),
            (ANTI_BRUTE_FORCE, 1),
            (SPANISH_2, 2),
            (HARD1, 2),
        ] {
            let puzzle = grid(text);
            let (out, _) = solve_both(sat, &puzzle, &Limits::UNIQUENESS);
            assert_eq!(
                (out.status, out.solutions),
                (Status::Solved, solutions),
                "{text}"
            );
            out.solution.unwrap().check_solution_of(&puzzle).unwrap();
            // The first solution does not depend on the limit.
            assert_eq!(out.solution, sat.solve(&puzzle, &Limits::FIRST).solution);
        }
    }
}

/// The first puzzle of Norvig's top95: both encodings search.
const TOP95_FIRST: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn the_node_budget_is_never_exceeded() {
    let puzzle = grid(TOP95_FIRST);
    for sat in BOTH {
        let full = sat.solve(&puzzle, &Limits::UNIQUENESS);
        let nodes = full.counters.nodes;
        assert!(nodes > 3, "{}: {nodes} nodes", sat.name());
        for budget in [0, 1, 2, nodes / 2, nodes - 1] {
            let limits = Limits::UNIQUENESS.with_max_nodes(budget);
            let (out, _) = solve_both(sat, &puzzle, &limits);
            assert_eq!(
                out.status,
                Status::BudgetExhausted,
                "{} {budget}",
                sat.name()
            );
            assert_eq!(out.counters.nodes, budget.max(1), "{} {budget}", sat.name());
        }
        // Exactly the nodes it needs: the same search, to the end.
        let (out, _) = solve_both(sat, &puzzle, &Limits::UNIQUENESS.with_max_nodes(nodes));
        assert_eq!(out, full);
    }
}

#[test]
fn solves_are_repeatable_on_any_thread() {
    let puzzles: Vec<Grid> = [POLISH, SPANISH_2, ANTI_BRUTE_FORCE, HARD1]
        .iter()
        .map(|t| grid(t))
        .collect();
    for sat in BOTH {
        let here: Vec<Outcome> = puzzles
            .iter()
            .map(|p| sat.solve(p, &Limits::UNIQUENESS))
            .collect();
        let there = std::thread::scope(|s| {
            s.spawn(|| {
                puzzles
                    .iter()
                    .rev()
                    .map(|p| sat.solve(p, &Limits::UNIQUENESS))
                    .collect::<Vec<_>>()
            })
            .join()
            .unwrap()
        });
        assert!(here.iter().eq(there.iter().rev()));
    }
}

#[test]
fn events_tell_the_search_in_order() {
    let puzzle = grid(TOP95_FIRST);
    for sat in BOTH {
        let (out, events) = solve_both(sat, &puzzle, &Limits::FIRST);
        // The deepest level that may stand: a try opens the next one, a backtrack
        // closes its own (a backjump may close more).
        let mut depth = 0;
        for e in &events {
            match *e {
                Event::Try { depth: d, .. } => {
                    assert!(d <= depth + 1, "{e:?} above depth {depth}");
                    depth = d;
                }
                Event::Backtrack { depth: d, .. } => {
                    assert!(d >= 1 && d <= depth, "{e:?} above depth {depth}");
                    depth = d - 1;
                }
                _ => {
                    assert!(e.depth() <= depth, "{e:?} above depth {depth}");
                    depth = e.depth();
                }
            }
        }
        let solution = out.solution.unwrap();
        // Every placement the propagation makes at the end holds in the solution.
        let Some(Event::Solution { depth: last }) = events.last().copied() else {
            panic!("{}: no solution event last", sat.name());
        };
        for e in events.iter().rev().take_while(|e| e.depth() == last) {
            if let Event::Assign { cell, digit, .. } = *e {
                assert_eq!(solution.get(usize::from(cell)), digit);
            }
        }
    }
}

#[test]
fn the_event_contract_holds_over_top95() {
    let puzzles: Vec<Grid> = CorpusReader::open(corpus_path("norvig_sudoku-top95.txt"))
        .unwrap()
        .map(|p| p.unwrap().grid)
        .collect();
    assert_eq!(puzzles.len(), 95);
    for sat in BOTH {
        for limits in [
            Limits::FIRST,
            Limits::UNIQUENESS,
            Limits::UNIQUENESS.with_max_nodes(20),
        ] {
            for p in &puzzles {
                let (out, events) = solve_both(sat, p, &limits);
                let solutions = events
                    .iter()
                    .filter(|e| matches!(e, Event::Solution { .. }))
                    .count();
                assert_eq!(solutions as u64, out.solutions);
            }
        }
    }
}
