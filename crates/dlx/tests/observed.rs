//! The observed solves of dlx and dlx-essay: the same outcome as the plain solve, and
//! an event stream that replays as a search (every cover undone in reverse, tries and
//! backtracks nested by depth) and counts the counters.

use std::collections::BTreeSet;

use sudoku_core::{Choice, Contradiction, Event, Grid, Limits, Outcome, Size, Solver};
use sudoku_dlx::{Dlx, DlxEssay};
use sudoku_testkit::contract::Replay;
use sudoku_testkit::seeds::{HARD1, POLISH, SPANISH_2};
use sudoku_testkit::{grid, watch as observe};

/// A 4x4 puzzle with two solutions (`data/golden/dlx.4x4.limit2.csv`, row 126).
const FOUR_BY_FOUR: &str = "4.3.3.4..3141.23";

/// The rows left in each column of the exact cover of `size` with `covered` columns
/// covered: the rows none of whose columns is covered.
fn rows_left(size: Size, covered: &BTreeSet<u16>) -> Vec<u32> {
    let n = size.side();
    let mut left = vec![0; 4 * size.cells()];
    for cell in 0..size.cells() {
        for d in 0..n {
            let columns = sudoku_dlx::essay::columns_of(size, cell / n, cell % n, d);
            if columns.iter().all(|&j| !covered.contains(&(j as u16))) {
                for j in columns {
                    left[j] += 1;
                }
            }
        }
    }
    left
}

/// Replays `events` of a solve of `puzzle` that ended as `out` on a set of covered
/// columns and a stack of tries, checking each step against the state so far (a choice
/// is the first uncovered column of fewest rows, covered next, and names how many rows
/// it has; a solution is the puzzle with the tries standing) and that they count the
/// counters; returns the columns still covered at the end.
fn replay(puzzle: &Grid, out: &Outcome, events: &[Event]) -> BTreeSet<u16> {
    let size = puzzle.size();
    let mut covered = BTreeSet::new();
    let mut replay = Replay::new(puzzle, out);
    let mut chosen: Vec<u16> = Vec::new();
    for (i, e) in events.iter().enumerate() {
        let at = format!("event {i}: {e:?}");
        let depth = replay.depth() as u16;
        match *e {
            Event::Choose {
                depth: d,
                choice: Choice::FewestRows { column, rows },
            } => {
                assert_eq!(d, depth, "event {i}: {e:?}");
                let left = rows_left(size, &covered);
                let open = (0..left.len() as u16).filter(|j| !covered.contains(j));
                let fewest = open.min_by_key(|&j| left[usize::from(j)]);
                assert_eq!(fewest, Some(column), "event {i}: {e:?}");
                assert_eq!(
                    u32::from(rows),
                    left[usize::from(column)],
                    "event {i}: {e:?}"
                );
                assert_eq!(
                    events.get(i + 1),
                    Some(&Event::Cover { depth, column }),
                    "event {i}: {e:?}"
                );
                chosen.truncate(usize::from(depth));
                chosen.push(column);
            }
            Event::Cover { depth: d, column } => {
                assert_eq!(d, depth, "event {i}: {e:?}");
                assert!(covered.insert(column), "event {i}: {e:?} covered twice");
            }
            Event::Uncover { depth: d, column } => {
                assert_eq!(d, depth, "event {i}: {e:?}");
                assert!(covered.remove(&column), "event {i}: {e:?} not covered");
            }
            Event::Try {
                depth: d,
                cell,
                digit,
            } => {
                // A row of the column chosen at this depth.
                let n = size.side();
                let (r, c) = (usize::from(cell) / n, usize::from(cell) % n);
                let columns = sudoku_dlx::essay::columns_of(size, r, c, usize::from(digit) - 1);
                let column = chosen.get(usize::from(depth)).copied();
                assert!(
                    column.is_some_and(|j| columns.contains(&usize::from(j))),
                    "event {i}: {e:?}"
                );
                replay.tried(d, cell, digit, &at);
            }
            Event::Backtrack {
                depth: d,
                cell,
                digit,
            } => replay.took_back(d, cell, digit, &at),
            Event::Solution { depth: d } => replay.solution_of_the_tries(d, &at),
            Event::Contradiction { depth: d, .. } => replay.at_depth(d, &at),
            other => panic!("event {i}: dlx does not report {other:?}"),
        }
    }
    replay.end();
    covered
}

/// The columns the givens cover: 4 per given.
fn given_columns(puzzle: &Grid) -> BTreeSet<u16> {
    let size = puzzle.size();
    let n = size.side();
    puzzle
        .cells()
        .iter()
        .enumerate()
        .filter(|(_, &d)| d != 0)
        .flat_map(|(cell, &d)| {
            sudoku_dlx::essay::columns_of(size, cell / n, cell % n, d as usize - 1)
        })
        .map(|j| j as u16)
        .collect()
}

fn solvers() -> [&'static dyn Solver; 2] {
    [&Dlx, &DlxEssay]
}

#[test]
fn observed_solves_equal_plain_ones_and_their_events_count_the_counters() {
    let puzzles = [POLISH, SPANISH_2, HARD1, FOUR_BY_FOUR].map(grid);
    let limits = [
        Limits::FIRST,
        Limits::UNIQUENESS,
        Limits::UNIQUENESS.with_max_nodes(40),
    ];
    for solver in solvers() {
        for puzzle in &puzzles {
            for l in &limits {
                let (out, events) = observe(solver, puzzle, l);
                assert_eq!(out, solver.solve(puzzle, l), "{}", solver.name());
                replay(puzzle, &out, &events);
            }
        }
    }
}

#[test]
fn an_exhausted_search_uncovers_all_but_the_givens_columns() {
    // Under a limit of 2, a puzzle with one solution is searched to the end.
    for solver in solvers() {
        for puzzle in [grid(POLISH), grid(FOUR_BY_FOUR)] {
            let (out, events) = observe(solver, &puzzle, &Limits::solutions(3));
            assert_eq!(out.counters.backtracks, out.counters.nodes - 1);
            assert_eq!(replay(&puzzle, &out, &events), given_columns(&puzzle));
            let givens = 4 * puzzle.givens();
            assert!(events[..givens]
                .iter()
                .all(|e| matches!(e, Event::Cover { depth: 0, .. })));
        }
    }
}

#[test]
fn the_polish_grid_tries_56_rows_each_one_level_deeper_without_a_dead_end() {
    let puzzle = grid(POLISH);
    for solver in solvers() {
        let (_, events) = observe(solver, &puzzle, &Limits::FIRST);
        let tries: Vec<u16> = events
            .iter()
            .filter_map(|e| match e {
                Event::Try { depth, .. } => Some(*depth),
                _ => None,
            })
            .collect();
        assert_eq!(tries, (1..=56).collect::<Vec<u16>>());
        assert_eq!(events.last(), Some(&Event::Solution { depth: 56 }));
        assert!(!events
            .iter()
            .any(|e| matches!(e, Event::Contradiction { .. })));
    }
}

#[test]
fn a_dead_end_names_the_first_empty_column() {
    // Row one holds 1..8 and leaves its last cell for 9, but column 9 already has a 9:
    // cell r1c9 (column 8) has no row left.
    let puzzle = grid(&format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63)));
    for solver in solvers() {
        let (_, events) = observe(solver, &puzzle, &Limits::FIRST);
        let givens = 4 * puzzle.givens();
        assert_eq!(
            events[givens..],
            [Event::Contradiction {
                depth: 0,
                reason: Contradiction::EmptyColumn { column: 8 }
            }]
        );
    }
}

#[test]
fn the_essay_reports_the_same_steps_as_the_fast_path() {
    // The fast path covers the other columns of a row in the order r^1, r^2, r^3, the
    // essay going right from r: the same columns, so each run of covers (or uncovers)
    // at one depth is compared as a set.
    let puzzles = [POLISH, SPANISH_2, HARD1, FOUR_BY_FOUR].map(grid);
    for puzzle in &puzzles {
        for limits in [Limits::FIRST, Limits::UNIQUENESS.with_max_nodes(60)] {
            let (_, fast) = observe(&Dlx, puzzle, &limits);
            let (_, essay) = observe(&DlxEssay, puzzle, &limits);
            assert_eq!(runs(&fast), runs(&essay));
        }
    }
}

/// The events with each run of covers (or uncovers) at one depth sorted.
fn runs(events: &[Event]) -> Vec<Event> {
    let key = |e: &Event| match *e {
        Event::Cover { depth, .. } => Some((0, depth)),
        Event::Uncover { depth, .. } => Some((1, depth)),
        _ => None,
    };
    let mut out: Vec<Event> = Vec::new();
    for chunk in events.chunk_by(|a, b| key(a).is_some() && key(a) == key(b)) {
        let mut chunk = chunk.to_vec();
        chunk.sort_by_key(|e| match *e {
            Event::Cover { column, .. } | Event::Uncover { column, .. } => column,
            _ => 0,
        });
        out.extend(chunk);
    }
    out
}

#[test]
fn clashing_givens_are_found_exactly_when_core_finds_them() {
    // Every grid one digit away from a seed puzzle, at two sizes: rejected at the root
    // (givens covered, then nothing searched) exactly when `Grid::givens_clash` says so.
    let seeds = [grid(POLISH), grid(FOUR_BY_FOUR)];
    for seed in seeds {
        let n = seed.size().side() as u8;
        for cell in (0..seed.size().cells()).step_by(if n == 9 { 7 } else { 1 }) {
            for digit in 1..=n {
                let puzzle = seed.with(cell, digit);
                for solver in solvers() {
                    let (out, events) = observe(solver, &puzzle, &Limits::FIRST);
                    // The search reports at least one step after the givens' covers.
                    let searched = events.len() > 4 * puzzle.givens();
                    assert_eq!(searched, !puzzle.givens_clash(), "{}", puzzle.to_line());
                    if !searched {
                        assert_eq!(out, Outcome::rejected_at_root());
                    }
                }
            }
        }
    }
}
