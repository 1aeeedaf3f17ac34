//! The event streams of both solvers: each replays, step by step, to the search it
//! reports, and the fast board's stream equals the essay's.
//!
//! A replay keeps one [`Values`] per standing try: a try copies the state below it, its
//! `Assign` by `Tried` sets the cell, an elimination must remove a digit the cell holds,
//! an only-choice assignment must put a digit in the one cell of its unit that still
//! allows it, a contradiction must name an empty cell, and a solution must be the solved
//! grid the outcome reports.

use sudoku_core::{
    Choice, Contradiction, DigitSet, Event, Geometry, Grid, Limits, Outcome, Rule, Solver,
};
use sudoku_reduce::{Reduce, ReduceEssay, Values};
use sudoku_testkit::contract::assert_rejected_at_root_silently;
use sudoku_testkit::seeds::{HARD1, SPANISH_1, SPANISH_2};
use sudoku_testkit::{corpus_puzzles, data_puzzles, watch_as_plain};

/// Replays `events` from the puzzle's `grid_values`, checking every step (see the
/// module documentation); returns how many steps of propagation it replayed.
fn replay(puzzle: &Grid, events: &[Event], out: &Outcome) -> usize {
    let geometry = Geometry::of(puzzle.size());
    let mut stack = vec![Values::from_grid(puzzle)];
    let mut first_solution = None;
    let (mut steps, mut chosen, mut passed_givens) = (0, 0, false);
    for (i, &e) in events.iter().enumerate() {
        let at = format!("event {i}: {e:?}");
        if let Event::Try { depth, cell, .. } = e {
            assert_eq!(usize::from(depth), stack.len(), "{at}");
            // Each try follows its choice, or the try before it at its depth.
            let before = events[..i].iter().rev().find(|e| e.depth() < depth);
            assert!(
                matches!(before, Some(&Event::Choose { choice: Choice::FewestCandidates { cell: c, .. }, .. }) if c == cell),
                "{at}"
            );
            passed_givens = true;
            stack.push(stack.last().unwrap().clone());
            continue;
        }
        assert_eq!(usize::from(e.depth()) + 1, stack.len(), "{at}");
        let values = stack.last_mut().unwrap();
        match e {
            Event::Assign {
                cell, digit, rule, ..
            } => {
                let cell = usize::from(cell);
                assert!(
                    values[cell].contains(digit) && values[cell].len() > 1,
                    "{at}"
                );
                if let Rule::HiddenSingle { unit } = rule {
                    let squares = geometry.unit(usize::from(unit));
                    assert!(squares.contains(&(cell as u16)), "{at}");
                    let places = squares
                        .iter()
                        .filter(|&&s| values[usize::from(s)].contains(digit))
                        .count();
                    assert_eq!(places, 1, "{at}");
                    steps += 1;
                } else {
                    assert_eq!(rule, Rule::Tried, "{at}");
                    assert!(matches!(events[i - 1], Event::Try { .. }), "{at}");
                }
                values[cell] = DigitSet::single(digit);
            }
            Event::Eliminate {
                cell, digit, rule, ..
            } => {
                if rule == Rule::Given {
                    // Only in the root's first pass, and only by a given of a peer.
                    assert!(!passed_givens, "{at}");
                    let given_peer = geometry
                        .peers(usize::from(cell))
                        .iter()
                        .any(|&p| puzzle.get(usize::from(p)) == digit);
                    assert!(given_peer, "{at}");
                } else {
                    assert_eq!(rule, Rule::NakedSingle, "{at}");
                    passed_givens = true;
                }
                assert!(values[usize::from(cell)].remove(digit), "{at}");
                steps += 1;
            }
            Event::Choose { choice, .. } => {
                let Choice::FewestCandidates { cell, candidates } = choice else {
                    panic!("{at}");
                };
                // The first open cell of fewest candidates, and the tries that follow
                // are in it.
                let open = (0..values.squares().len()).filter(|&s| values[s].len() > 1);
                let fewest = open.min_by_key(|&s| (values[s].len(), s));
                assert_eq!(fewest, Some(usize::from(cell)), "{at}");
                assert_eq!(
                    values[usize::from(cell)].len(),
                    usize::from(candidates),
                    "{at}"
                );
                if let Some(&Event::Try { cell: tried, .. }) = events.get(i + 1) {
                    assert_eq!(tried, cell, "{at}");
                }
                chosen += 1;
            }
            Event::Contradiction { reason, .. } => {
                let Contradiction::EmptyCell { cell } = reason else {
                    panic!("{at}");
                };
                assert!(values[usize::from(cell)].is_empty(), "{at}");
            }
            Event::Solution { .. } => {
                assert!(values.is_solved(), "{at}");
                first_solution.get_or_insert(values.to_grid());
            }
            Event::Backtrack { depth, .. } => {
                stack.pop();
                assert_eq!(usize::from(depth), stack.len(), "{at}");
            }
            _ => panic!("{at}: not an event of reduce"),
        }
    }
    assert_eq!(first_solution, out.solution);
    let solutions = events
        .iter()
        .filter(|e| matches!(e, Event::Solution { .. }))
        .count();
    assert_eq!(solutions as u64, out.solutions);
    let tries = events.iter().filter(|e| e.is_try()).count();
    assert!(chosen > 0 || tries == 0);
    steps
}

/// A stream with its dead ends cut short and the eliminations of each run sorted: what
/// the two solvers must agree on. Within a pass the essay eliminates in reading order of
/// the solved squares and the board in the order its cells were solved; at a dead end
/// the board stops at the first cell it empties and the essay finishes the iteration.
fn normalized(events: &[Event]) -> Vec<Event> {
    let mut out = Vec::new();
    let mut node = Vec::new();
    let flush = |node: &mut Vec<Event>, out: &mut Vec<Event>| {
        for run in node.chunk_by_mut(|a: &Event, b: &Event| {
            matches!(a, Event::Eliminate { .. }) == matches!(b, Event::Eliminate { .. })
        }) {
            if matches!(run[0], Event::Eliminate { .. }) {
                run.sort_by_key(|e| match *e {
                    Event::Eliminate { cell, digit, .. } => (cell, digit),
                    _ => unreachable!(),
                });
            }
            out.append(&mut run.to_vec());
        }
        node.clear();
    };
    for &e in events {
        match e {
            Event::Eliminate { .. }
            | Event::Assign {
                rule: Rule::HiddenSingle { .. },
                ..
            } => node.push(e),
            Event::Contradiction { depth, .. } => {
                node.clear();
                out.push(Event::Contradiction {
                    depth,
                    reason: Contradiction::EmptyCell { cell: 0 },
                });
            }
            _ => {
                flush(&mut node, &mut out);
                out.push(e);
            }
        }
    }
    flush(&mut node, &mut out);
    out
}

#[test]
fn both_streams_replay_and_the_board_tells_the_essays_steps() {
    let mut puzzles: Vec<Grid> = [SPANISH_1, SPANISH_2, HARD1]
        .iter()
        .map(|p| p.parse().unwrap())
        .collect();
    puzzles.extend(corpus_puzzles("norvig_sudoku-top95.txt", 6));
    puzzles.extend(corpus_puzzles("norvig_sudoku-hardest.txt", 11));
    let (mut steps, mut dead_ends) = (0, 0);
    for puzzle in &puzzles {
        for limits in [Limits::FIRST, Limits::UNIQUENESS].map(|l| l.with_max_nodes(500)) {
            let (fast_out, fast) = watch_as_plain(&Reduce, puzzle, &limits);
            let (essay_out, essay) = watch_as_plain(&ReduceEssay, puzzle, &limits);
            assert_eq!(fast_out, essay_out, "{puzzle:?}");
            steps += replay(puzzle, &fast, &fast_out);
            replay(puzzle, &essay, &essay_out);
            assert_eq!(normalized(&fast), normalized(&essay), "{puzzle:?}");
            dead_ends += fast
                .iter()
                .filter(|e| matches!(e, Event::Contradiction { .. }))
                .count();
        }
    }
    assert!(steps > 50_000 && dead_ends > 1000, "{steps} {dead_ends}");
}

#[test]
fn streams_replay_at_every_size() {
    let sixteen = corpus_puzzles("16x16Dataset.csv", 3);
    let grids = [data_puzzles("4x4.txt", 200), sixteen];
    for puzzle in grids.iter().flatten() {
        for limits in [Limits::FIRST, Limits::UNIQUENESS] {
            for solver in [&Reduce as &dyn Solver, &ReduceEssay] {
                let (out, events) = watch_as_plain(solver, puzzle, &limits);
                replay(puzzle, &events, &out);
                let tries = events.iter().filter(|e| e.is_try()).count() as u64;
                assert_eq!(tries + 1, out.counters.nodes);
            }
        }
    }
}

#[test]
fn a_try_is_followed_by_its_assignment_and_a_dead_end_names_its_cell() {
    // The second Spanish grid: 16 tries, each followed by its Assign by Tried, and the
    // last event is the solution at depth 16.
    let puzzle: Grid = SPANISH_2.parse().unwrap();
    let (_, events) = watch_as_plain(&Reduce, &puzzle, &Limits::FIRST);
    let tries: Vec<usize> = (0..events.len()).filter(|&i| events[i].is_try()).collect();
    assert_eq!(tries.len(), 16);
    for i in tries {
        let Event::Try { depth, cell, digit } = events[i] else {
            unreachable!()
        };
        assert_eq!(
            events[i + 1],
            Event::Assign {
                depth,
                cell,
                digit,
                rule: Rule::Tried
            }
        );
    }
    assert_eq!(events.last(), Some(&Event::Solution { depth: 16 }));

    // A1 has no digit left at the root: its row holds 1..8 and its column 9.
    let dead: Grid = format!(".12345678 9{}", ".".repeat(71)).parse().unwrap();
    for solver in [&Reduce as &dyn Solver, &ReduceEssay] {
        let (_, events) = watch_as_plain(solver, &dead, &Limits::FIRST);
        assert_eq!(
            events.last(),
            Some(&Event::Contradiction {
                depth: 0,
                reason: Contradiction::EmptyCell { cell: 0 }
            })
        );
    }
}

#[test]
fn the_plain_solve_of_clashing_givens_tells_nothing() {
    let puzzle: Grid = SPANISH_1.parse::<Grid>().unwrap().with(0, 3);
    for solver in [&Reduce as &dyn Solver, &ReduceEssay] {
        assert_rejected_at_root_silently(solver, &puzzle, &[Limits::FIRST]);
    }
}
