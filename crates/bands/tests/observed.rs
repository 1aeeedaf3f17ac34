//! The observed solve of bands: the same outcome as the plain solve, under every limit
//! and budget, and an event stream that replays as a search (tries and backtracks
//! nested by depth) and counts the counters.

use sudoku_bands::Bands;
use sudoku_core::corpus::CorpusReader;
use sudoku_core::{Contradiction, Event, Grid, Limits, Outcome, Rule, Size, Solver};
use sudoku_testkit::corpus_path;
use sudoku_testkit::seeds::{HARD1, SPANISH_2};

fn observe(puzzle: &Grid, limits: &Limits) -> (Outcome, Vec<Event>) {
    let mut events = Vec::new();
    let mut record = |e: Event| events.push(e);
    let out = Bands.solve_observed(puzzle, limits, &mut record);
    (out, events)
}

/// What a replay counts: tries, backtracks, solutions, contradictions, and the grid
/// the events give at the first solution.
type Replayed = (u64, u64, u64, u64, Option<Grid>);

/// Replays `events` as a stack of tries, checking each depth against it, and follows
/// the candidates they tell (one copy per try standing): every elimination takes a
/// candidate the cell had, every assignment names the one it has left.
fn replay(puzzle: &Grid, events: &[Event]) -> Replayed {
    let mut tries: Vec<(u16, u8)> = Vec::new();
    let (mut t, mut b, mut s, mut c) = (0, 0, 0, 0);
    let first: Vec<u16> = puzzle
        .cells()
        .iter()
        .map(|&d| if d == 0 { 0x1FF } else { 1 << (d - 1) })
        .collect();
    let mut masks = vec![first];
    let mut at_solution = None;
    for (i, e) in events.iter().enumerate() {
        let depth = tries.len() as u16;
        match *e {
            Event::Try {
                depth: d,
                cell,
                digit,
            } => {
                assert_eq!(d, depth + 1, "event {i}: {e:?}");
                assert_eq!(
                    puzzle.get(usize::from(cell)),
                    0,
                    "event {i}: a given's cell"
                );
                assert!((1..=9).contains(&digit), "event {i}: {e:?}");
                tries.push((cell, digit));
                let mut next = masks.last().unwrap().clone();
                next[usize::from(cell)] = 1 << (digit - 1);
                masks.push(next);
                t += 1;
            }
            Event::Backtrack {
                depth: d,
                cell,
                digit,
            } => {
                assert_eq!(d, depth, "event {i}: {e:?}");
                assert_eq!(tries.pop(), Some((cell, digit)), "event {i}: {e:?}");
                masks.pop();
                b += 1;
            }
            Event::Solution { depth: d } => {
                assert_eq!(d, depth, "event {i}: {e:?}");
                let shown = masks.last().unwrap().iter().map(|&m| {
                    assert_eq!(m.count_ones(), 1, "event {i}: an open cell");
                    m.trailing_zeros() as u8 + 1
                });
                at_solution.get_or_insert_with(|| {
                    Grid::from_values(Size::NINE, &shown.collect::<Vec<u8>>())
                });
                s += 1;
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
    (t, b, s, c, at_solution)
}

fn puzzles(file: &str) -> Vec<Grid> {
    CorpusReader::open(corpus_path(file))
        .unwrap()
        .map(|p| p.unwrap().grid)
        .collect()
}

#[test]
fn observed_equals_plain_and_the_events_count_the_counters() {
    let mut all = puzzles("norvig_sudoku-hardest.txt");
    all.extend(puzzles("carlmjohnson_testfile.txt"));
    all.extend(puzzles("norvig_sudoku-top95.txt").into_iter().step_by(5));
    all.extend([HARD1, SPANISH_2].map(|t| t.parse::<Grid>().unwrap()));
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
                let (t, b, s, c, at_solution) = replay(p, &events);
                if limit == 1 {
                    assert_eq!(at_solution, plain.solution, "{}", p.to_line());
                }
                assert_eq!(t + 1, plain.counters.nodes, "{}", p.to_line());
                assert_eq!(b, plain.counters.backtracks, "{}", p.to_line());
                assert_eq!(s, plain.solutions, "{}", p.to_line());
                contradictions += c;
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
