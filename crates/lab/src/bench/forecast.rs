//! A warning, early in a run, when it is heading for a long time (see the book's "The
//! forecast"): the default budgets keep any single solve short, but over a large corpus,
//! or under a budget of one's own, they add up.

use std::time::Duration;

use sudoku_reports::wording::plural;

use crate::bench::progress::human;

/// Runs forecast to take longer than this get the warning: a run heading for an hour is
/// told, the default run over any one corpus of `../shared/corpora` (minutes) is not.
pub const LONG_RUN: Duration = Duration::from_secs(600);
/// The forecast waits for at least this many puzzles...
const AFTER_PUZZLES: u64 = 8;
/// ... and this long, so that a quick run never hears of it...
const AFTER: Duration = Duration::from_secs(2);
/// ... or this long with fewer done, the one under way then counted as done.
const AFTER_FEW: Duration = Duration::from_secs(10);

/// The forecast of one run: it warns at most once.
#[derive(Default)]
pub struct Forecast {
    warned: bool,
}

impl Forecast {
    /// The warning, once, when the pace so far (`done` of `total` puzzles in `elapsed`)
    /// has the whole run take longer than [`LONG_RUN`]: the pace measured, the time it
    /// projects, and what bounds the run.
    pub fn due(&mut self, done: u64, total: Option<u64>, elapsed: Duration) -> Option<String> {
        let total = total.filter(|&t| !self.warned && t > done)?;
        let paced = match done {
            _ if elapsed < AFTER => return None,
            d if d >= AFTER_PUZZLES => d,
            // The puzzle under way counted as done: a forecast that errs short.
            d if elapsed >= AFTER_FEW => d + 1,
            _ => return None,
        };
        let projected = elapsed.as_secs_f64() * total as f64 / paced as f64;
        if projected < LONG_RUN.as_secs_f64() {
            return None;
        }
        self.warned = true;
        let elapsed = human(elapsed.as_secs_f64());
        let counted = if paced > done {
            " and one under way"
        } else {
            ""
        };
        Some(format!(
            "{done} puzzle{} done in {elapsed}{counted}: at that pace, this run will take about \
             {} in all; bound it with --max-nodes, --first or --solvers (an interrupted run's \
             summary gives each solver's time, and --resume continues it)",
            plural(done),
            human(projected)
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// When the warning comes, and what it says: the figures it is made of (the puzzles
    /// done when it looked, any number from [`AFTER_PUZZLES`] up, and the time they took)
    /// and the time it projects.
    #[test]
    fn when_a_run_is_told_it_is_heading_for_a_long_time() {
        // A shard's share, less what `--resume` copied: 16 to solve, not the corpus's 40.
        let share = Some(16);
        // The pace said, and the time it projects.
        #[rustfmt::skip]
        let cases = [
            (7, Some(100_000), 2_340, None),
            (14, Some(100_000), 2_340, Some(("14 puzzles done in 2 s", "4 h 38 min"))),
            (8, share, 300_000, Some(("8 puzzles done in 5 min 0 s", "10 min 0 s"))),
            (8, share, 299_000, None),
            // Issue 45's run: naive on the first 2,000 17-clue puzzles, 55 min, heard nothing.
            (8, Some(2_000), 13_200, Some(("8 puzzles done in 13 s", "55 min 0 s"))),
            (8, Some(2_000), 2_160, None),
            // A slow start: 10 s in, the pace counts the puzzle under way.
            (2, Some(2_000), 9_900, None),
            (0, Some(2_000), 10_000,
                Some(("0 puzzles done in 10 s and one under way", "5 h 33 min"))),
            (59, Some(60), 10_000, None),
        ];
        let bound = " in all; bound it with --max-nodes, --first or --solvers (an interrupted \
run's summary gives each solver's time, and --resume continues it)";
        for (done, total, ms, said) in cases {
            let warning = Forecast::default().due(done, total, Duration::from_millis(ms));
            let said = said.map(|(pace, projected)| {
                format!("{pace}: at that pace, this run will take about {projected}{bound}")
            });
            assert_eq!(warning, said, "{done} of {total:?} in {ms} ms");
        }
    }

    #[test]
    fn a_run_is_warned_once() {
        let mut f = Forecast::default();
        let three = Duration::from_secs(3);
        assert_eq!(f.due(8, Some(10), three), None, "a short run");
        assert!(f.due(8, Some(100_000), three).is_some());
        assert_eq!(f.due(20, Some(100_000), three), None);
    }
}
