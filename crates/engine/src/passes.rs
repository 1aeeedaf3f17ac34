//! `--repeat K` as K passes over each task's puzzles, the contenders' order rotated from
//! pass to pass: the rule, and why a pass is over a task's chunk and not the corpus, are
//! the book's "`--repeat K`: K passes". A stop between two solves of a later pass ends
//! the task without its rows: a row is never made of fewer passes than asked.

use sudoku_core::{CorpusError, Grid, Puzzle};
use sudoku_results::stats::median;
use sudoku_results::{Retimed, Row};

use crate::stopwatch::{Timing, RETIMES};
use crate::work::{each_once, Item, Task};

/// [`each`](crate::work) in passes.
pub(crate) fn each_in_passes(
    task: &Task<'_, '_>,
    read: impl FnMut(&mut Puzzle) -> Option<Result<(), CorpusError>>,
    rows: &mut Vec<Row>,
    mut emit: impl FnMut(Item, &mut Vec<Row>),
) -> bool {
    // The first pass: every item in order, its rows made, nothing emitted yet.
    let mut made: Vec<Row> = Vec::new();
    let mut held: Vec<(Item, Option<Grid>)> = Vec::new();
    let hold = |item, grid, _: &mut Vec<Row>| held.push((item, grid));
    if !each_once(task, read, &mut made, hold) || !later_passes(task, &held, &mut made) {
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
            if let (Some(grid), Item::Puzzle(head, _)) = (grid, item) {
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
                    if let Some(timing) = contenders[c].time_again(grid, (&head.corpus, head.line))
                    {
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

/// Folds the `later` passes' times into `row` (its first pass's): the fastest and the
/// median of the trusted ones (of all, when every pass stayed disturbed), and the times
/// timed again in all (or that every pass stayed disturbed, or none was checked).
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
    use std::sync::Arc;

    use sudoku_core::{Limits, Outcome};
    use sudoku_results::Status;

    use super::*;
    use crate::checked::Entry;

    /// A row's (fastest, median, retimed) after its passes: the first pass's, then the
    /// later ones'.
    fn folded(passes: &[(u64, Retimed)]) -> (u64, u64, Retimed) {
        let mut timings: Vec<Timing> = passes
            .iter()
            .map(|&(ns, retimed)| Timing { ns, retimed })
            .collect();
        let (corpus, puzzle) = (Arc::from("c"), Puzzle::default());
        let (limits, outcome) = (Limits::FIRST, Outcome::rejected_at_root());
        let entry = Entry::new(&corpus, &puzzle);
        let mut row = entry.row(
            (&corpus, &limits),
            Status::Solved,
            &outcome,
            timings[0],
            None,
        );
        fold_passes(&mut row, &mut timings.split_off(1));
        (row.nanoseconds, row.median_nanoseconds, row.retimed)
    }

    /// A pass that stayed disturbed is left out while another is trusted; one pass only
    /// is as it was.
    #[test]
    fn a_row_keeps_the_fastest_and_the_median_of_its_trusted_passes() {
        use Retimed::{Disturbed as D, Trusted as T, Unchecked as U};
        let cases = [
            (&[(50, T(0)), (30, T(1)), (40, T(0))][..], (30, 40, T(1))),
            (&[(50, T(0)), (5, D)], (50, 50, T(RETIMES))),
            (&[(50, D), (60, D)], (50, 50, D)),
            (&[(9, U), (7, U), (8, U)], (7, 8, U)),
            (&[(9, T(2))], (9, 9, T(2))),
        ];
        for (passes, want) in cases {
            assert_eq!(folded(passes), want, "{passes:?}");
        }
    }
}
