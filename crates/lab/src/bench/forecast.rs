//! A warning, early in a run, when it is heading for hours: the default budgets keep any
//! single solve within seconds, but over a large corpus seconds add up (naive over the
//! 17-clue puzzles: a day).

use std::sync::Arc;
use std::time::Duration;

use sudoku_reports::units::plural;

use crate::bench::progress::human;
use crate::ui;

/// Runs forecast to take longer than this get the warning.
pub const LONG_RUN: Duration = Duration::from_secs(3600);
/// The forecast waits for at least this many puzzles (the pace is that of every puzzle done
/// when it looks: more, as a rule, and any number since a slow task sends its puzzles in
/// parts)...
const AFTER_PUZZLES: u64 = 8;
/// ... and this long, so that a quick run never hears of it.
const AFTER: Duration = Duration::from_secs(2);

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
        if self.warned || done < AFTER_PUZZLES || elapsed < AFTER || total <= done {
            return None;
        }
        let projected = elapsed.as_secs_f64() * total as f64 / done as f64;
        if projected < LONG_RUN.as_secs_f64() {
            return None;
        }
        self.warned = true;
        Some(message(done, elapsed, projected, costs))
    }
}

/// The warning: the pace measured (`done` puzzles in `elapsed`, the figures the forecast
/// is made of), the time it projects, and what to bound.
fn message(done: u64, elapsed: Duration, projected: f64, costs: &Costs<'_>) -> String {
    let all: u128 = costs.solvers.iter().map(|s| s.1).sum();
    let slowest = costs.solvers.iter().max_by_key(|s| s.1);
    let seconds = elapsed.as_secs_f64();
    let elapsed = if seconds < 60.0 {
        format!("{seconds:.1} s")
    } else {
        human(seconds)
    };
    let mut text = format!(
        "{done} puzzle{} done in {elapsed}: at that pace, this run will take about {} in all",
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
solve); bound it with --max-nodes, --first or --solvers"
        );
    }
    text
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
    /// 40 puzzles, 4 of its 20 solved before: 8 done in 30 min project 1 h (16 to solve),
    /// where it projected 2 h 30 min, for all 40 puzzles of the corpus.
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
        let warning = Forecast::default().due(8, total, Duration::from_secs(1800), &costs);
        assert!(
            warning.as_deref().is_some_and(|w| w.starts_with(
                "8 puzzles done in 30 min 0 s: at that pace, this run will take about 1 h 0 \
min in all (naive "
            )),
            "{warning:?}"
        );
        let sooner = Forecast::default().due(8, total, Duration::from_secs(1790), &costs);
        assert_eq!(sooner, None, "16 puzzles in 59 min 40 s");
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
            message(8, Duration::from_secs(75), 29.0 * 3600.0, &costs),
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
