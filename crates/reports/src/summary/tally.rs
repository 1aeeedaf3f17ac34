//! What one solver did on one corpus, its time figures those of [`sudoku_results::stats`]
//! (what each counts: the book's "What the time figures count").

use sudoku_results::stats::{mad, percentile};
use sudoku_results::{Retimed, Row, Status};

/// What one solver did on one corpus: rows by status, costs, solve times.
#[derive(Debug, Clone, Default)]
pub struct Stats {
    /// Rows (puzzles).
    pub puzzles: u64,
    /// Status `solved`.
    pub solved: u64,
    /// Status `no_solution`.
    pub no_solution: u64,
    /// Status `budget_exhausted`.
    pub budget_exhausted: u64,
    /// Status `wrong`.
    pub wrong: u64,
    /// Status `timeout` (a `cmd:` solver that did not answer in time).
    pub timeout: u64,
    /// Status `crashed` (a `cmd:` solver that exited before answering).
    pub crashed: u64,
    /// A status this version does not know (read from a CSV): never counted as wrong.
    pub unknown: u64,
    /// Rows that found more than one solution (under a limit of 2 or more).
    pub several_solutions: u64,
    /// The largest solution limit of the rows.
    pub max_limit: u64,
    /// Rows with a solve time ([`Row::solve_time`]), which every time figure counts.
    pub timed: u64,
    /// Sum of the solve times, ns.
    pub total_ns: u128,
    /// Longest solve, ns (0 when no row has a solve time).
    pub max_ns: u64,
    /// The solve times, eight bytes a row, so that the percentiles are exact, the very
    /// values `compare` and the plots find.
    times: Vec<u64>,
    /// Rows with a solve time timed again, their first timing disturbed, then trusted.
    pub retimed: u64,
    /// Rows with a solve time disturbed in every timing ([`Retimed::Disturbed`]).
    pub disturbed: u64,
    /// Those of them whose time may not hold ([`Retimed::doubtful`]).
    pub doubtful: u64,
    /// Rows whose median over the `--repeat` passes is more than a tenth above their fastest.
    pub spread: u64,
    /// Sum of nodes.
    pub total_nodes: u128,
    /// Most nodes of one solve.
    pub max_nodes: u64,
    /// Sum of backtracks.
    pub total_backtracks: u128,
    /// Rows with counters (`nodes >= 1`), over which the means of nodes and tries are taken.
    pub counted: u64,
    /// Rows whose search ended without a single try (`nodes == 1`): tdoku's "no guess".
    pub no_guess: u64,
}

impl Stats {
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
            self.timed += 1;
            self.total_ns += u128::from(ns);
            self.max_ns = self.max_ns.max(ns);
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

    /// The figures of the solve times (sorted once: take it once per group shown).
    pub fn times(&self) -> Times {
        let mut sorted = self.times.clone();
        sorted.sort_unstable();
        Times { sorted }
    }

    /// Puzzles per second of solve time on one core: 1 / [`Stats::mean_time`].
    pub fn per_core_rate(&self) -> Option<f64> {
        (self.total_ns > 0).then(|| self.timed as f64 / (self.total_ns as f64 / 1e9))
    }

    /// The mean solve time, ns.
    pub fn mean_time(&self) -> Option<f64> {
        (self.timed > 0).then(|| self.total_ns as f64 / self.timed as f64)
    }

    /// The longest solve time, ns.
    pub fn max_time(&self) -> Option<u64> {
        (self.timed > 0).then_some(self.max_ns)
    }

    /// The mean of a counter's total over the rows with counters.
    pub fn mean_counted(&self, total: u128) -> Option<f64> {
        (self.counted > 0).then(|| total as f64 / self.counted as f64)
    }

    /// Why the group's time figures may not hold, when they may not (the rule: the book's
    /// "The figures the summary leads with").
    pub fn unstable(&self) -> Option<String> {
        let timed = self.timed;
        let mut why = Vec::new();
        if self.doubtful > 0 && self.doubtful * 100 >= timed {
            why.push(format!(
                "{} of its {timed} solves stayed disturbed",
                self.doubtful
            ));
        }
        if self.retimed > 0 && self.retimed * 10 >= timed {
            let n = self.retimed;
            why.push(format!(
                "{n} of its {timed} solves were disturbed and timed again"
            ));
        }
        if self.spread > 0 && self.spread * 10 >= timed {
            let n = self.spread;
            why.push(format!(
                "{n} of its {timed} rows have passes more than 10% apart"
            ));
        }
        (!why.is_empty()).then(|| why.join("; "))
    }

    /// Tries per puzzle (tdoku's "guesses per puzzle"): the mean of `nodes - 1`.
    pub fn tries_per_puzzle(&self) -> Option<f64> {
        self.mean_counted(self.total_nodes.saturating_sub(u128::from(self.counted)))
    }

    /// The share of puzzles, in percent, whose search ended without a try (`%no_guess`).
    pub fn no_guess_percent(&self) -> Option<f64> {
        (self.counted > 0).then(|| 100.0 * self.no_guess as f64 / self.counted as f64)
    }
}

/// The figures of a group's solve times, by the rules of [`sudoku_results::stats`].
#[derive(Debug, Clone, Default)]
pub struct Times {
    sorted: Vec<u64>,
}

impl Times {
    /// The `p`-th percentile, by nearest rank.
    pub fn percentile(&self, p: f64) -> Option<u64> {
        percentile(&self.sorted, p)
    }

    /// The median.
    pub fn median(&self) -> Option<u64> {
        self.percentile(50.0)
    }

    /// The median absolute deviation.
    pub fn mad(&self) -> Option<u64> {
        mad(&self.sorted)
    }
}
