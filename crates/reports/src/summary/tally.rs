//! What one solver did on one corpus, its time figures those of [`sudoku_results::stats`]
//! (what each counts: the book's "What the time figures count").

use std::sync::Arc;

use sudoku_results::{Retimed, Row, Status};

/// What one solver did on one corpus (the corpus as the rows give it): rows by status,
/// costs, solve times.
#[derive(Debug, Clone, Default)]
pub(crate) struct Group {
    pub corpus: Arc<str>,
    pub solver: Arc<str>,
    // Rows, and rows by status (the CSV's `status`).
    pub puzzles: u64,
    pub solved: u64,
    pub no_solution: u64,
    pub budget_exhausted: u64,
    pub wrong: u64,
    pub timeout: u64,
    pub crashed: u64,
    /// A status this version does not know (read from a CSV): never counted as wrong.
    pub unknown: u64,
    /// Rows that found more than one solution (under a limit of 2 or more).
    pub several_solutions: u64,
    /// The largest solution limit of the rows.
    pub max_limit: u64,
    /// The sum of the solve times ([`Row::solve_time`]), ns, which every time figure counts.
    pub total_ns: u128,
    /// The solve times, eight bytes a row: exact percentiles, as `compare` and the plots'.
    pub(super) times: Vec<u64>,
    /// Rows with a solve time timed again, their first timing disturbed, then trusted.
    pub retimed: u64,
    /// Rows with a solve time disturbed in every timing ([`Retimed::Disturbed`]).
    pub disturbed: u64,
    /// Those of them whose time may not hold ([`Retimed::doubtful`]).
    pub doubtful: u64,
    /// Rows whose median over the `--repeat` passes is more than a tenth above their fastest.
    pub spread: u64,
    // Sums and the most of the counters, over the rows with counters (`nodes >= 1`).
    pub total_nodes: u128,
    pub max_nodes: u64,
    pub total_backtracks: u128,
    pub counted: u64,
    /// Rows whose search ended without a single try (`nodes == 1`): tdoku's "no guess".
    pub no_guess: u64,
}

impl Group {
    /// Counts one row.
    pub fn add(&mut self, row: &Row) {
        self.puzzles += 1;
        match row.status {
            Status::Solved => self.solved += 1,
            Status::NoSolution => self.no_solution += 1,
            Status::BudgetExhausted => self.budget_exhausted += 1,
            Status::Wrong => self.wrong += 1,
            Status::Timeout => self.timeout += 1,
            Status::Crashed => self.crashed += 1,
            Status::Unknown(_) => self.unknown += 1,
        }
        self.counted += u64::from(row.nodes >= 1);
        self.no_guess += u64::from(row.nodes == 1 && row.status.is_finished());
        self.several_solutions += u64::from(row.solutions > 1);
        self.max_limit = self.max_limit.max(row.limit);
        if let Some(ns) = row.solve_time() {
            self.total_ns += u128::from(ns);
            self.times.push(ns);
            self.retimed += u64::from(matches!(row.retimed, Retimed::Trusted(1..)));
            self.disturbed += u64::from(row.retimed == Retimed::Disturbed);
            self.doubtful += u64::from(row.retimed.doubtful(ns));
            self.spread += u64::from(row.median_nanoseconds > ns.saturating_add(ns / 10));
        }
        self.total_nodes += u128::from(row.nodes);
        self.max_nodes = self.max_nodes.max(row.nodes);
        self.total_backtracks += u128::from(row.backtracks);
    }

    /// The solve times, sorted (for [`sudoku_results::stats`]: take them once per group).
    pub fn sorted_times(&self) -> Vec<u64> {
        let mut sorted = self.times.clone();
        sorted.sort_unstable();
        sorted
    }

    /// Puzzles per second of solve time on one core: 1 / [`Group::mean_time`].
    pub fn per_core_rate(&self) -> Option<f64> {
        (self.total_ns > 0).then(|| self.times.len() as f64 / (self.total_ns as f64 / 1e9))
    }

    /// The mean solve time, ns.
    pub fn mean_time(&self) -> Option<f64> {
        let timed = self.times.len() as f64;
        (timed > 0.0).then(|| self.total_ns as f64 / timed)
    }

    /// The mean of a counter's total over the rows with counters.
    pub fn mean_counted(&self, total: u128) -> Option<f64> {
        (self.counted > 0).then(|| total as f64 / self.counted as f64)
    }

    /// Why the group's time figures may not hold, when they may not (the rule: the book's
    /// "The figures the summary leads with").
    pub fn unstable(&self) -> Option<String> {
        let checks = [
            (self.doubtful, 100, "solves stayed disturbed"),
            (self.retimed, 10, "solves were disturbed and timed again"),
            (self.spread, 10, "rows have passes more than 10% apart"),
        ];
        let timed = self.times.len() as u64;
        let why: Vec<String> = checks
            .into_iter()
            .filter(|&(n, per, _)| n > 0 && n * per >= timed)
            .map(|(n, _, what)| format!("{n} of its {timed} {what}"))
            .collect();
        (!why.is_empty()).then(|| why.join("; "))
    }
}
