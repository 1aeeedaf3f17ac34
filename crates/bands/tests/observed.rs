//! The observed solve of bands: the same outcome as the plain solve, under every limit
//! and budget, and an event stream that replays as a search (tries and backtracks
//! nested by depth) and counts the counters.

use sudoku_bands::Bands;
use sudoku_core::{Contradiction, Event, Grid, Limits, Outcome, Rule, Size, Solver};
use sudoku_testkit::contract::Replay;
use sudoku_testkit::seeds::{HARD1, SPANISH_2};
use sudoku_testkit::{corpus_puzzles, grid};

fn observe(puzzle: &Grid, limits: &Limits) -> (Outcome, Vec<Event>) {
    sudoku_testkit::watch(&Bands, puzzle, limits)
}

/// Replays the `events` of a solve of `puzzle` that ended as `out` as a stack of
/// tries, checking each depth against it, and follows the candidates they tell (one
/// copy per try standing): every elimination takes a candidate the cell had, every
/// assignment names the one it has left, a solution is the grid they give, the first
/// the outcome's, and the events count the counters. Returns the contradictions told.
fn replay(puzzle: &Grid, out: &Outcome, events: &[Event]) -> u64 {
    let mut replay = Replay::new(puzzle, out);
    let mut c = 0;
    let first: Vec<u16> = puzzle
        .cells()
        .iter()
        .map(|&d| if d == 0 { 0x1FF } else { 1 << (d - 1) })
        .collect();
    let mut masks = vec![first];
    for (i, e) in events.iter().enumerate() {
        let at = format!("event {i}: {e:?}");
        let depth = replay.depth() as u16;
        match *e {
            Event::Try {
                depth: d,
                cell,
                digit,
            } => {
                replay.tried(d, cell, digit, &at);
                assert_eq!(
                    puzzle.get(usize::from(cell)),
                    0,
                    "event {i}: a given's cell"
                );
                assert!((1..=9).contains(&digit), "event {i}: {e:?}");
                let mut next = masks.last().unwrap().clone();
                next[usize::from(cell)] = 1 << (digit - 1);
                masks.push(next);
            }
            Event::Backtrack {
                depth: d,
                cell,
                digit,
            } => {
                replay.took_back(d, cell, digit, &at);
                masks.pop();
            }
            Event::Solution { depth: d } => {
                let shown: Vec<u8> = (masks.last().unwrap().iter())
                    .map(|&m| {
                        assert_eq!(m.count_ones(), 1, "event {i}: an open cell");
                        m.trailing_zeros() as u8 + 1
                    })
                    .collect();
                replay.solution(d, Grid::from_values(Size::NINE, &shown), &at);
            }
            Event::Contradiction { depth: d, reason } => {
                assert_eq!(d, depth, "event {i}: {e:?}");
                match reason {
                    Contradiction::EmptyCell { cell } => assert!(cell < 81),
                    Contradiction::NoPlace { unit, digit } => {
                        assert!(unit < 27 && (1..=9).contains(&digit), "{e:?}")
                    }
                    Contradiction::EmptyColumn { .. }
                    | Contradiction::NoMatching { .. }
                    | Contradiction::NoTemplate { .. } => {
                        panic!("event {i}: {e:?}")
                    }
                }
                c += 1;
            }
            Event::Eliminate {
                depth: d,
                cell,
                digit,
                rule,
            } => {
                assert_eq!((d, rule), (depth, Rule::BandPropagation), "event {i}");
                let mask = &mut masks.last_mut().unwrap()[usize::from(cell)];
                assert!(*mask & 1 << (digit - 1) != 0, "event {i}: {e:?}");
                *mask &= !(1 << (digit - 1));
            }
            Event::Assign {
                depth: d,
                cell,
                digit,
                rule,
            } => {
                assert_eq!((d, rule), (depth, Rule::BandPropagation), "event {i}");
                let mask = masks.last().unwrap()[usize::from(cell)];
                assert_eq!(mask, 1 << (digit - 1), "event {i}: {e:?}");
            }
            other => panic!("event {i}: bands does not report {other:?}"),
        }
    }
    replay.end();
    c
}

fn puzzles(file: &str) -> Vec<Grid> {
    corpus_puzzles(file, usize::MAX)
}

#[test]
fn observed_equals_plain_and_the_events_count_the_counters() {
    let mut all = puzzles("norvig_sudoku-hardest.txt");
    all.extend(puzzles("carlmjohnson_testfile.txt"));
    all.extend(puzzles("norvig_sudoku-top95.txt").into_iter().step_by(5));
    all.extend([HARD1, SPANISH_2].map(grid));
    let mut contradictions = 0;
    for p in &all {
        for limit in 1..=3 {
            for budget in [None, Some(1), Some(2), Some(3), Some(7), Some(40)] {
                let limits = match budget {
                    Some(n) => Limits::solutions(limit).with_max_nodes(n),
                    None => Limits::solutions(limit),
                };
                let plain = Bands.solve(p, &limits);
                let (observed, events) = observe(p, &limits);
                assert_eq!(observed, plain, "{} {limits:?}", p.to_line());
                contradictions += replay(p, &plain, &events);
            }
        }
    }
    assert!(contradictions > 100, "{contradictions}");
}

#[test]
fn a_clash_of_the_givens_is_one_contradiction_at_the_root() {
    let clash: Grid = format!("11{}", ".".repeat(79)).parse().unwrap();
    let (out, events) = observe(&clash, &Limits::UNIQUENESS);
    assert_eq!(out, Outcome::rejected_at_root());
    assert_eq!(
        events,
        [Event::Contradiction {
            depth: 0,
            reason: Contradiction::EmptyCell { cell: 1 }
        }]
    );
}
