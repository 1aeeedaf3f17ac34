//! A warning, early in a run, when it is heading for a long time: the default budgets keep
//! any single solve within two seconds (naive's within milliseconds), but over a large
//! corpus, or under a budget of one's own (`--max-nodes`), they add up (naive over the
//! 17-clue puzzles under 200,000,000 nodes: a day).
//!
//! The warning comes within seconds and well before the hour: a run forecast to take more
//! than [`LONG_RUN`] hears of it once [`AFTER_PUZZLES`] puzzles are done (after [`AFTER`]),
//! or [`AFTER_FEW`] into the run with fewer, whose pace then counts one more puzzle than
//! were done (the one under way), so that a slow start is not taken for a stall.

use std::sync::Arc;
use std::time::Duration;

use sudoku_reports::words::plural;

use crate::bench::progress::human;
use crate::ui;

/// Runs forecast to take longer than this get the warning: a sixth of the hour, so that
/// a run heading for an hour (the 17-clue set's first 2,000 puzzles under naive's old
/// budget: 55 minutes) is told of it, while the default run over any one corpus of
/// `../shared/corpora` (minutes) is not. (Over the whole folder, 73,818 puzzles in 6 min 34 s
/// on a loaded machine, it was, at 22 s: the 16x16 puzzles come first, slower than the rest.)
pub const LONG_RUN: Duration = Duration::from_secs(600);
/// The forecast waits for at least this many puzzles (the pace is that of every puzzle done
/// when it looks: more, as a rule, and any number since a slow task sends its puzzles in
/// parts)...
const AFTER_PUZZLES: u64 = 8;
/// ... and this long, so that a quick run never hears of it...
const AFTER: Duration = Duration::from_secs(2);
/// ... or this long with fewer puzzles done (a budget of hundreds of milliseconds per
/// solve, a corpus of hard puzzles, a loaded machine: 8 of naive's 17-clue puzzles took
/// 29 s under its old budget).
const AFTER_FEW: Duration = Duration::from_secs(10);

/// The forecast of one run: warns at most once.
#[derive(Debug, Default)]
pub struct Forecast {
    warned: bool,
}

/// Where a run's solve time goes: per solver, its total and its budget.
pub struct Costs<'a> {
    /// Per solver: name, solve time so far (ns), node budget.
    pub solvers: &'a [(Arc<str>, u128, u64)],
    /// Whether the budgets are the defaults.
    pub default_budgets: bool,
}

impl Forecast {
    /// Looks at the pace so far (`done` of `total` puzzles in `elapsed`) and warns once when
    /// the whole run would take longer than [`LONG_RUN`], naming the solver that takes most
    /// of the time.
    pub fn check(&mut self, done: u64, total: Option<u64>, elapsed: Duration, costs: &Costs<'_>) {
        if let Some(warning) = self.due(done, total, elapsed, costs) {
            ui::warning(warning);
        }
    }

    /// The warning [`Forecast::check`] prints, when it is due (once).
    fn due(
        &mut self,
        done: u64,
        total: Option<u64>,
        elapsed: Duration,
        costs: &Costs<'_>,
    ) -> Option<String> {
        let total = total?;
        if self.warned || total <= done {
            return None;
        }
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
        Some(message(done, paced > done, elapsed, projected, costs))
    }
}

/// The warning: the pace measured (`done` puzzles in `elapsed`, the figures the forecast
/// is made of, and whether it counted the puzzle `under_way`), the time it projects, and
/// what to bound.
fn message(
    done: u64,
    under_way: bool,
    elapsed: Duration,
    projected: f64,
    costs: &Costs<'_>,
) -> String {
    let all: u128 = costs.solvers.iter().map(|s| s.1).sum();
    let slowest = costs.solvers.iter().max_by_key(|s| s.1);
    let seconds = elapsed.as_secs_f64();
    let elapsed = if seconds < 60.0 {
        format!("{seconds:.1} s")
    } else {
        human(seconds)
    };
    let counted = if under_way { " and one under way" } else { "" };
    let mut text = format!(
        "{done} puzzle{} done in {elapsed}{counted}: at that pace, this run will take about {} \
in all",
        plural(done),
        human(projected)
    );
    if let Some((name, ns, budget)) = slowest.filter(|_| all > 0) {
        let share = 100.0 * *ns as f64 / all as f64;
        let which = if costs.default_budgets {
            "default budget"
        } else {
            "budget"
        };
        text += &format!(
            " ({name} takes {share:.0}% of the solve time, under a {which} of {budget} nodes per \
solve)"
        );
    }
    text + "; bound it with --max-nodes, --first or --solvers"
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The warning states the figures it is made of: the puzzles done when it looked (any
    /// number from [`AFTER_PUZZLES`] up: here 14, as when a part of a task came) and the
    /// time they took. It said "at the pace of the first 14 puzzles", as if it had timed
    /// a set number of them.
    #[test]
    fn the_warning_states_the_puzzles_and_the_time_it_measured() {
        let solvers = [(Arc::from("naive"), 1_000u128, 200_000_000)];
        let costs = Costs {
            solvers: &solvers,
            default_budgets: false,
        };
        let mut f = Forecast::default();
        let elapsed = Duration::from_millis(2_340);
        assert_eq!(f.due(7, Some(100_000), elapsed, &costs), None);
        assert_eq!(
            f.due(14, Some(100_000), elapsed, &costs).unwrap(),
            "14 puzzles done in 2.3 s: at that pace, this run will take about 4 h 38 min in \
all (naive takes 100% of the solve time, under a budget of 200000000 nodes per solve); bound \
it with --max-nodes, --first or --solvers"
        );
        assert_eq!(f.due(20, Some(100_000), elapsed, &costs), None, "once");
    }

    /// The forecast is of the puzzles this run solves: a shard's share, less those an
    /// earlier run solved (copied by `--resume`), as the progress counts them. Shard 1/2 of
    /// 40 puzzles, 4 of its 20 solved before: 8 done in 5 min project 10 min (16 to solve),
    /// where it projected 25 min, for all 40 puzzles of the corpus.
    #[test]
    fn a_shard_and_a_resumed_run_forecast_their_share() {
        let dir = tempfile::tempdir().unwrap();
        let plan = crate::bench::progress::tests::share_of(dir.path(), 40, 4, None);
        let total = crate::bench::progress::Tally::of(&plan).count();
        let solvers = [(Arc::from("naive"), 1_000u128, 200_000_000)];
        let costs = Costs {
            solvers: &solvers,
            default_budgets: true,
        };
        let warning = Forecast::default().due(8, total, Duration::from_secs(300), &costs);
        assert!(
            warning.as_deref().is_some_and(|w| w.starts_with(
                "8 puzzles done in 5 min 0 s: at that pace, this run will take about 10 min 0 \
s in all (naive "
            )),
            "{warning:?}"
        );
        let sooner = Forecast::default().due(8, total, Duration::from_secs(299), &costs);
        assert_eq!(sooner, None, "16 puzzles in 9 min 58 s");
    }

    /// The run of issue 45: the default solvers on the first 2,000 17-clue puzzles, naive
    /// under a budget of 200,000,000 nodes, were forecast to take 55 min and heard nothing
    /// (the warning began at an hour). A run heading for more than 10 min is told, within
    /// seconds; one of 9 min is not.
    #[test]
    fn a_run_heading_for_an_hour_is_told_early() {
        let solvers = [
            (Arc::from("naive"), 13_000_000_000u128, 200_000_000),
            (Arc::from("dlx"), 1_000_000, 20_000_000),
        ];
        let costs = Costs {
            solvers: &solvers,
            default_budgets: true,
        };
        let hour = Forecast::default().due(8, Some(2_000), Duration::from_millis(13_200), &costs);
        assert_eq!(
            hour.as_deref(),
            Some(
                "8 puzzles done in 13.2 s: at that pace, this run will take about 55 min 0 s in \
all (naive takes 100% of the solve time, under a default budget of 200000000 nodes per solve); \
bound it with --max-nodes, --first or --solvers"
            )
        );
        let nine_minutes = Duration::from_millis(2_160);
        assert_eq!(
            Forecast::default().due(8, Some(2_000), nine_minutes, &costs),
            None
        );
        let ten_minutes = Duration::from_millis(2_400);
        assert!(Forecast::default()
            .due(8, Some(2_000), ten_minutes, &costs)
            .is_some());
    }

    /// A slow start is not waited out until 8 puzzles are done (29 s for naive's under its
    /// old budget, on a loaded machine): 10 s in, the pace counts the puzzle under way,
    /// which errs short; with no solve time to share out yet, the warning still names what
    /// bounds the run.
    #[test]
    fn a_slow_start_is_told_after_ten_seconds() {
        let solvers = [(Arc::from("naive"), 0u128, 200_000_000)];
        let costs = Costs {
            solvers: &solvers,
            default_budgets: true,
        };
        let before = Duration::from_millis(9_900);
        assert_eq!(
            Forecast::default().due(2, Some(2_000), before, &costs),
            None
        );
        let ten = Duration::from_secs(10);
        assert_eq!(
            Forecast::default()
                .due(2, Some(2_000), ten, &costs)
                .as_deref(),
            Some(
                "2 puzzles done in 10.0 s and one under way: at that pace, this run will take \
about 1 h 51 min in all; bound it with --max-nodes, --first or --solvers"
            )
        );
        assert!(Forecast::default()
            .due(0, Some(2_000), ten, &costs)
            .is_some());
        // A quick start with few puzzles done: no forecast from them before 10 s.
        assert_eq!(
            Forecast::default().due(2, Some(2_000), Duration::from_secs(3), &costs),
            None
        );
        // Nor of a run whose pace, the puzzle under way counted, ends within 10 min.
        assert_eq!(Forecast::default().due(59, Some(60), ten, &costs), None);
    }

    #[test]
    fn the_warning_names_the_slow_solver_and_its_budget() {
        let solvers = [
            (Arc::from("naive"), 9_000u128, 200_000_000),
            (Arc::from("dlx"), 1_000, 20_000_000),
        ];
        let costs = Costs {
            solvers: &solvers,
            default_budgets: true,
        };
        assert_eq!(
            message(8, false, Duration::from_secs(75), 29.0 * 3600.0, &costs),
            "8 puzzles done in 1 min 15 s: at that pace, this run will take about 29 h 0 min in all \
(naive takes 90% of the solve time, under a default budget of 200000000 nodes per solve); \
bound it with --max-nodes, --first or --solvers"
        );
        let mut f = Forecast::default();
        f.check(8, Some(10), Duration::from_secs(3), &costs);
        assert!(!f.warned, "a short run");
        f.check(8, Some(100_000), Duration::from_secs(3), &costs);
        assert!(f.warned);
    }
}
