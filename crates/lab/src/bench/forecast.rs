//! A warning, early in a run, when it is heading for a long time (see the book's "Checks,
//! forecast and progress"): the default budgets keep any single solve short, but over a
//! large corpus, or under a budget of one's own, they add up.

use std::time::Duration;

use sudoku_reports::sidecar::SolverEntry;
use sudoku_reports::wording::plural;
use sudoku_results::Row;

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

/// One solver's solve time so far, and its node budget.
struct Cost {
    solver: String,
    nanoseconds: u128,
    budget: u64,
}

/// The forecast of one run: where its solve time goes, per solver; it warns at most once.
pub struct Forecast {
    costs: Vec<Cost>,
    default_budgets: bool,
    warned: bool,
}

impl Forecast {
    /// The forecast of a run of `budgets` (the catalogue's when `default_budgets`).
    pub fn new(budgets: &[SolverEntry], default_budgets: bool) -> Forecast {
        let cost = |b: &SolverEntry| Cost {
            solver: b.name.clone(),
            nanoseconds: 0,
            budget: b.max_nodes,
        };
        Forecast {
            costs: budgets.iter().map(cost).collect(),
            default_budgets,
            warned: false,
        }
    }

    /// Adds the solve times of a puzzle's `rows`.
    pub fn count(&mut self, rows: &[Row]) {
        for row in rows {
            if let Some(c) = self.costs.iter_mut().find(|c| *c.solver == *row.solver) {
                c.nanoseconds += u128::from(row.nanoseconds);
            }
        }
    }

    /// The warning, once, when the pace so far (`done` of `total` puzzles in `elapsed`)
    /// has the whole run take longer than [`LONG_RUN`].
    pub fn due(&mut self, done: u64, total: Option<u64>, elapsed: Duration) -> Option<String> {
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
        Some(self.message(done, paced > done, elapsed, projected))
    }

    /// The warning: the pace measured, the time it projects, the solver that takes most
    /// of the time and its budget, and what to bound.
    fn message(&self, done: u64, under_way: bool, elapsed: Duration, projected: f64) -> String {
        let all: u128 = self.costs.iter().map(|c| c.nanoseconds).sum();
        let seconds = elapsed.as_secs_f64();
        let elapsed = match seconds < 60.0 {
            true => format!("{seconds:.1} s"),
            false => human(seconds),
        };
        let counted = if under_way { " and one under way" } else { "" };
        let mut text = format!(
            "{done} puzzle{} done in {elapsed}{counted}: at that pace, this run will take about {} \
in all",
            plural(done),
            human(projected)
        );
        if let Some(c) = self
            .costs
            .iter()
            .max_by_key(|c| c.nanoseconds)
            .filter(|_| all > 0)
        {
            let share = 100.0 * c.nanoseconds as f64 / all as f64;
            let which = if self.default_budgets {
                "default budget"
            } else {
                "budget"
            };
            text += &format!(
                " ({} takes {share:.0}% of the solve time, under a {which} of {} nodes per solve)",
                c.solver, c.budget
            );
        }
        text + "; bound it with --max-nodes, --first or --solvers"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn forecast(costs: &[(&str, u128)], default_budgets: bool) -> Forecast {
        let costs = costs.iter().map(|&(solver, nanoseconds)| Cost {
            solver: solver.into(),
            nanoseconds,
            budget: if solver == "naive" { 200_000_000 } else { 1 },
        });
        Forecast {
            costs: costs.collect(),
            default_budgets,
            warned: false,
        }
    }

    /// When the warning comes, and what it says: the figures it is made of (the puzzles
    /// done when it looked, any number from [`AFTER_PUZZLES`] up, and the time they took),
    /// the time it projects, the solver that takes most of the solve time, and its budget.
    #[test]
    fn when_a_run_is_told_it_is_heading_for_a_long_time() {
        let own: &[(&str, u128)] = &[("naive", 1_000)];
        // Issue 45's run: naive on the first 2,000 17-clue puzzles, 55 min, heard nothing.
        let issue45: &[(&str, u128)] = &[("naive", 13_000_000_000), ("dlx", 1_000_000)];
        let idle: &[(&str, u128)] = &[("naive", 0)];
        let two: &[(&str, u128)] = &[("naive", 9_000), ("dlx", 1_000)];
        // A shard's share, less what `--resume` copied: 16 to solve, not the corpus's 40.
        let share = Some(16);
        // The pace said, and the time it projects.
        #[rustfmt::skip]
        let cases = [
            (own, 7, Some(100_000), 2_340, None),
            (own, 14, Some(100_000), 2_340, Some(("14 puzzles done in 2.3 s", "4 h 38 min"))),
            (own, 8, share, 300_000, Some(("8 puzzles done in 5 min 0 s", "10 min 0 s"))),
            (own, 8, share, 299_000, None),
            (issue45, 8, Some(2_000), 13_200, Some(("8 puzzles done in 13.2 s", "55 min 0 s"))),
            (issue45, 8, Some(2_000), 2_160, None),
            (issue45, 8, Some(2_000), 2_400, Some(("8 puzzles done in 2.4 s", "10 min 0 s"))),
            // A slow start: 10 s in, the pace counts the puzzle under way.
            (idle, 2, Some(2_000), 9_900, None),
            (idle, 2, Some(2_000), 10_000,
                Some(("2 puzzles done in 10.0 s and one under way", "1 h 51 min"))),
            (idle, 0, Some(2_000), 10_000,
                Some(("0 puzzles done in 10.0 s and one under way", "5 h 33 min"))),
            (idle, 2, Some(2_000), 3_000, None),
            (idle, 59, Some(60), 10_000, None),
            (two, 8, Some(11_136), 75_000, Some(("8 puzzles done in 1 min 15 s", "29 h 0 min"))),
        ];
        for (costs, done, total, ms, said) in cases {
            let warning = forecast(costs, true).due(done, total, Duration::from_millis(ms));
            let head = warning.as_deref().and_then(|w| w.split_once(" in all"));
            let said = said.map(|(pace, projected)| {
                format!("{pace}: at that pace, this run will take about {projected}")
            });
            assert_eq!(
                head.map(|h| h.0),
                said.as_deref(),
                "{done} of {total:?} in {ms} ms"
            );
        }
        // What follows (the default budget's wording: `tests/outputs.rs`): the solver that
        // takes most of the solve time (none yet: no share) under its budget.
        let bound = "; bound it with --max-nodes, --first or --solvers";
        let naive = " (naive takes 90% of the solve time, under a budget of 200000000 nodes \
per solve)";
        for (costs, tail) in [(two, format!("{naive}{bound}")), (idle, bound.into())] {
            let w = forecast(costs, false).due(8, Some(9_000), Duration::from_secs(3));
            let w = w.unwrap();
            assert!(w.ends_with(&format!(" in all{tail}")), "{w}");
        }
    }

    #[test]
    fn a_run_is_warned_once() {
        let mut f = forecast(&[("naive", 1_000)], false);
        let three = Duration::from_secs(3);
        assert_eq!(f.due(8, Some(10), three), None, "a short run");
        assert!(f.due(8, Some(100_000), three).is_some());
        assert_eq!(f.due(20, Some(100_000), three), None);
    }
}
