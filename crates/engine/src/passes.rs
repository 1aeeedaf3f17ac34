//! `--repeat K` as K passes over each task's puzzles.
//!
//! A puzzle timed K times in a row is timed on a branch predictor and caches that learned
//! its path in the first run: the fastest of K such runs reads what a harness that solves
//! each puzzle once per pass (tdoku's) never sees, by up to twice for the fastest solvers.
//! So a task with `repeat` above 1 solves its chunk's puzzles once each, in order, with
//! every contender (the first pass: each puzzle's rows made and checked, as at
//! `--repeat 1`), then K - 1 times more, the contenders' order rotated by one from pass to
//! pass (a solver does not always follow the same one), each solve timed again and its
//! outcome dropped. Each row keeps the fastest and the median of its K times.
//!
//! A pass is over a task's chunk, not the whole corpus: the rows still stream, a chunk at a
//! time, in order, and `--resume` and shards still work puzzle by puzzle. A task's chunk is
//! made to take what it takes at `--repeat 1` per pass (see the run's task sizes), from a
//! few puzzles to 128: between two solves of one puzzle by one solver come every other
//! solve of the chunk, the other puzzles' by the same solver among them.
//!
//! An interrupt or a stop between two solves of a later pass ends the task without its
//! rows: a row is never made of fewer passes than asked.

use sudoku_core::{CorpusError, Grid, Puzzle};
use sudoku_results::stats::median;
use sudoku_results::{Retimed, Row};

use crate::stopwatch::{Timing, RETIMES};
use crate::work::{each_once, Item, Task};

/// [`each`](crate::work) in passes (see the module's documentation).
pub(crate) fn each_in_passes(
    task: &Task<'_, '_>,
    read: impl FnMut(&mut Puzzle) -> Option<Result<(), CorpusError>>,
    rows: &mut Vec<Row>,
    mut emit: impl FnMut(Item, &mut Vec<Row>),
) -> bool {
    // The first pass: every item in order, its rows made, nothing emitted yet.
    let mut made: Vec<Row> = Vec::new();
    let mut held: Vec<(Item, Option<Grid>)> = Vec::new();
    if !each_once(task, read, &mut made, |item, grid, _| {
        held.push((item, grid))
    }) {
        return false;
    }
    if !later_passes(task, &held, &mut made) {
        return false;
    }
    let mut made = made.into_iter();
    for (item, _) in held {
        rows.extend(made.by_ref().take(item.row_count()));
        emit(item, rows);
    }
    true
}

/// Passes 2 to K over the `held` puzzles (each with the grid solved), the contenders'
/// order rotated each pass; each of the `made` rows then keeps its fastest and median
/// time. False when a stop came first.
fn later_passes(task: &Task<'_, '_>, held: &[(Item, Option<Grid>)], made: &mut [Row]) -> bool {
    let shared = task.shared;
    let contenders = shared.contenders;
    let n = contenders.len();
    let mut timings: Vec<Vec<Timing>> = vec![Vec::new(); made.len()];
    for pass in 1..shared.repeat {
        let mut first_row = 0;
        for (item, grid) in held {
            let rows = item.row_count();
            if let Some(grid) = grid {
                let size = grid.size();
                // The puzzle's rows are its contenders' that take its size, in order.
                let supported: Vec<usize> = (0..n)
                    .filter(|&c| contenders[c].solver().supports(size))
                    .collect();
                for turn in 0..n {
                    let c = (turn + pass as usize) % n;
                    let Some(at) = supported.iter().position(|&s| s == c) else {
                        continue;
                    };
                    if shared.halted(task.seq) {
                        return false;
                    }
                    if let Some(timing) = contenders[c].time_again(grid) {
                        timings[first_row + at].push(timing);
                    }
                }
            }
            first_row += rows;
        }
    }
    for (row, later) in made.iter_mut().zip(&mut timings) {
        fold_passes(row, later);
    }
    true
}

/// The times of `row` over its passes, its first pass's in it and the `later` ones given:
/// the fastest and the median of the trusted ones (of all, when every pass stayed
/// disturbed), and how many times its solves were timed again in all (or that every pass
/// stayed disturbed; or that none was checked).
pub(crate) fn fold_passes(row: &mut Row, later: &mut Vec<Timing>) {
    if later.is_empty() {
        return;
    }
    later.push(Timing {
        ns: row.nanoseconds,
        retimed: row.retimed,
    });
    let trusted: Vec<u64> = later
        .iter()
        .filter(|t| t.retimed != Retimed::Disturbed)
        .map(|t| t.ns)
        .collect();
    let mut times = if trusted.is_empty() {
        later.iter().map(|t| t.ns).collect()
    } else {
        trusted
    };
    row.nanoseconds = times.iter().copied().min().unwrap_or(row.nanoseconds);
    row.median_nanoseconds = median(&mut times).unwrap_or(row.nanoseconds);
    let again: u32 = later
        .iter()
        .map(|t| match t.retimed {
            Retimed::Unchecked => 0,
            Retimed::Trusted(n) => n,
            Retimed::Disturbed => RETIMES,
        })
        .sum();
    row.retimed = if later.iter().all(|t| t.retimed == Retimed::Unchecked) {
        Retimed::Unchecked
    } else if later.iter().all(|t| t.retimed == Retimed::Disturbed) {
        Retimed::Disturbed
    } else {
        Retimed::Trusted(again)
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timing(ns: u64, retimed: Retimed) -> Timing {
        Timing { ns, retimed }
    }

    fn folded(first: Timing, later: &[Timing]) -> (u64, u64, Retimed) {
        let mut row = Row {
            corpus: "c".into(),
            index: 0,
            line: 1,
            name: None,
            solver: "s".into(),
            limit: 1,
            status: sudoku_results::Status::Solved,
            solutions: 1,
            nodes: 1,
            backtracks: 0,
            nanoseconds: first.ns,
            median_nanoseconds: first.ns,
            retimed: first.retimed,
            puzzle: sudoku_results::GridText::new(),
            solution: sudoku_results::GridText::new(),
            original: None,
            problem: None,
        };
        fold_passes(&mut row, &mut later.to_vec());
        (row.nanoseconds, row.median_nanoseconds, row.retimed)
    }

    #[test]
    fn a_row_keeps_the_fastest_and_the_median_of_its_trusted_passes() {
        let t = Retimed::Trusted;
        assert_eq!(
            folded(timing(50, t(0)), &[timing(30, t(1)), timing(40, t(0))]),
            (30, 40, t(1))
        );
        // A pass that stayed disturbed is left out while another is trusted.
        assert_eq!(
            folded(timing(50, t(0)), &[timing(5, Retimed::Disturbed)]),
            (50, 50, t(RETIMES))
        );
        assert_eq!(
            folded(
                timing(50, Retimed::Disturbed),
                &[timing(60, Retimed::Disturbed)]
            ),
            (50, 50, Retimed::Disturbed)
        );
        assert_eq!(
            folded(
                timing(9, Retimed::Unchecked),
                &[timing(7, Retimed::Unchecked), timing(8, Retimed::Unchecked)]
            ),
            (7, 8, Retimed::Unchecked)
        );
        // One pass only: as it was.
        assert_eq!(folded(timing(9, t(2)), &[]), (9, 9, t(2)));
    }
}
