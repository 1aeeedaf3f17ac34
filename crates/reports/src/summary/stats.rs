//! What one solver did on one corpus: counts, costs and the distribution of the times, in
//! memory that does not grow with the corpus.

use sudoku_results::Row;
use sudoku_results::Status;

/// A histogram of nanoseconds with 1024 levels per power of two: exact below 1024 ns and
/// within 0.1% above, so that percentiles (nearest rank) are within 0.1% of the exact ones.
///
/// Its first values (1024) are kept as they are, so that a corpus of a few puzzles costs a
/// few words; past them it counts them in flat blocks of levels, one block per power of two
/// met, so that counting one more is an index, whatever the corpus.
#[derive(Debug, Clone, Default)]
pub struct Histogram {
    /// The values, while there are at most [`SMALL`] of them.
    values: Vec<u64>,
    /// Then the counts: `blocks[k][i]` counts the values of level `k * LEVELS + i`, a
    /// level being a value's [`bucket_of`] with its leading bit taken out (see [`level_of`]).
    blocks: Vec<Option<Box<[u64; LEVELS]>>>,
    count: u64,
}

const MANTISSA_BITS: u32 = 10;
/// Levels per power of two.
const LEVELS: usize = 1 << MANTISSA_BITS;
/// Values kept as they are before a histogram counts them in blocks.
const SMALL: usize = 1024;

fn bucket_of(v: u64) -> u64 {
    if v < 1 << MANTISSA_BITS {
        return v;
    }
    let exponent = 63 - v.leading_zeros(); // >= MANTISSA_BITS
    let shift = exponent - MANTISSA_BITS;
    (u64::from(shift + 1) << (MANTISSA_BITS + 1)) | (v >> shift)
}

fn lower_bound_of(bucket: u64) -> u64 {
    if bucket < 1 << (MANTISSA_BITS + 1) {
        return bucket;
    }
    let shift = (bucket >> (MANTISSA_BITS + 1)) - 1;
    let mantissa = bucket & ((1 << (MANTISSA_BITS + 1)) - 1);
    mantissa << shift
}

/// The block and the place in it of a value's bucket: the buckets of a power of two are
/// `LEVELS` apart from the next one's (below 1024 ns, the values themselves).
fn level_of(v: u64) -> (usize, usize) {
    let bucket = bucket_of(v);
    let block = (bucket >> (MANTISSA_BITS + 1)) as usize;
    (block, bucket as usize & (LEVELS - 1))
}

/// The bucket of a block's level (the inverse of [`level_of`]).
fn bucket_at(block: usize, level: usize) -> u64 {
    let top = if block == 0 { 0 } else { LEVELS };
    ((block as u64) << (MANTISSA_BITS + 1)) | (top + level) as u64
}

impl Histogram {
    /// Counts one value.
    pub fn add(&mut self, v: u64) {
        self.count += 1;
        if self.blocks.is_empty() {
            self.values.push(v);
            if self.values.len() <= SMALL {
                return;
            }
            for v in std::mem::take(&mut self.values) {
                self.count_in_blocks(v);
            }
            return;
        }
        self.count_in_blocks(v);
    }

    fn count_in_blocks(&mut self, v: u64) {
        let (block, level) = level_of(v);
        if self.blocks.len() <= block {
            self.blocks.resize(block + 1, None);
        }
        self.blocks[block].get_or_insert_with(|| Box::new([0; LEVELS]))[level] += 1;
    }

    /// The `p`-th percentile (nearest rank, `0 < p <= 100`): the lower bound of the bucket
    /// holding the value of rank `ceil(p/100 * n)`; `None` when empty.
    pub fn percentile(&self, p: f64) -> Option<u64> {
        if self.count == 0 {
            return None;
        }
        let rank = ((p / 100.0 * self.count as f64).ceil() as u64).clamp(1, self.count);
        if self.blocks.is_empty() {
            let mut values = self.values.clone();
            let (_, &mut v, _) = values.select_nth_unstable(rank as usize - 1);
            return Some(lower_bound_of(bucket_of(v)));
        }
        let mut seen = 0;
        for (block, counts) in self.blocks.iter().enumerate() {
            for (level, &n) in counts.iter().flat_map(|c| c.iter()).enumerate() {
                seen += n;
                if seen >= rank {
                    return Some(lower_bound_of(bucket_at(block, level)));
                }
            }
        }
        None
    }
}

/// What one solver did on one corpus.
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
    /// Status `timeout` (a child-process solver that did not answer in time).
    pub timeout: u64,
    /// Status `crashed` (a child-process solver that exited before answering).
    pub crashed: u64,
    /// A status this version does not know (read from a CSV): never counted as wrong.
    pub unknown: u64,
    /// Rows that found more than one solution (under a limit of 2 or more).
    pub several_solutions: u64,
    /// The largest solution limit of the rows.
    pub max_limit: u64,
    /// Rows with a solve time ([`Row::solve_time`]: not a timeout, a crash or an unknown
    /// status), which every time figure counts.
    pub timed: u64,
    /// Sum of the solve times (minimum of the repeats), ns.
    pub total_ns: u128,
    /// Longest solve, ns (0 when no row has a solve time).
    pub max_ns: u64,
    /// Distribution of the solve times.
    pub times: Histogram,
    /// Sum of nodes.
    pub total_nodes: u128,
    /// Most nodes of one solve.
    pub max_nodes: u64,
    /// Sum of backtracks.
    pub total_backtracks: u128,
    /// Rows with counters (`nodes >= 1`): a child-process solver that reports none, a
    /// crash or a timeout leave `nodes = 0`, and such rows count in no mean of nodes or tries.
    pub counted: u64,
    /// Rows whose search ended (`solved` or `no_solution`) without a single try
    /// (`nodes == 1`): tdoku's "no guess".
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
        if row.nodes >= 1 {
            self.counted += 1;
            if row.nodes == 1 && row.status.is_finished() {
                self.no_guess += 1;
            }
        }
        if row.solutions > 1 {
            self.several_solutions += 1;
        }
        self.max_limit = self.max_limit.max(row.limit);
        if let Some(ns) = row.solve_time() {
            self.timed += 1;
            self.total_ns += u128::from(ns);
            self.max_ns = self.max_ns.max(ns);
            self.times.add(ns);
        }
        self.total_nodes += u128::from(row.nodes);
        self.max_nodes = self.max_nodes.max(row.nodes);
        self.total_backtracks += u128::from(row.backtracks);
    }

    /// Puzzles per second of solve time on one core: the puzzles with a solve time
    /// ([`Stats::timed`]) / the sum of their solve times (`None` when no time was measured).
    pub fn per_core_rate(&self) -> Option<f64> {
        (self.total_ns > 0).then(|| self.timed as f64 / (self.total_ns as f64 / 1e9))
    }

    /// The mean solve time, ns, over the rows with one (`None` when none has).
    pub fn mean_time(&self) -> Option<f64> {
        (self.timed > 0).then(|| self.total_ns as f64 / self.timed as f64)
    }

    /// The longest solve time, ns (`None` when no row has one).
    pub fn max_time(&self) -> Option<u64> {
        (self.timed > 0).then_some(self.max_ns)
    }

    /// The mean of a total over the puzzles.
    pub fn mean(&self, total: u128) -> f64 {
        total as f64 / self.puzzles.max(1) as f64
    }

    /// The mean of a counter's total over the rows with counters (`None` when no row has
    /// them).
    pub fn mean_counted(&self, total: u128) -> Option<f64> {
        (self.counted > 0).then(|| total as f64 / self.counted as f64)
    }

    /// Tries per puzzle (tdoku's "guesses per puzzle"): the mean of `nodes - 1` over the
    /// rows with counters.
    pub fn tries_per_puzzle(&self) -> Option<f64> {
        let tries = self.total_nodes.saturating_sub(u128::from(self.counted));
        self.mean_counted(tries)
    }

    /// The share of puzzles, in percent, whose search ended without a try (tdoku's
    /// `%no_guess`), over the rows with counters.
    pub fn no_guess_percent(&self) -> Option<f64> {
        (self.counted > 0).then(|| 100.0 * self.no_guess as f64 / self.counted as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histogram_is_exact_below_1024_and_within_a_thousandth_above() {
        let mut h = Histogram::default();
        for v in 1..=100 {
            h.add(v);
        }
        assert_eq!(h.percentile(50.0), Some(50));
        assert_eq!(h.percentile(90.0), Some(90));
        assert_eq!(h.percentile(99.0), Some(99));
        assert_eq!(h.percentile(100.0), Some(100));
        for v in [1024u64, 1025, 4097, 123_456_789, u64::MAX] {
            let lb = lower_bound_of(bucket_of(v));
            assert!(
                lb <= v && (v - lb) as f64 <= v as f64 / 1024.0,
                "{v} -> {lb}"
            );
        }
        let keys: Vec<u64> = [0u64, 1023, 1024, 2047, 2048, 5000, 1 << 40]
            .iter()
            .map(|&v| bucket_of(v))
            .collect();
        assert!(keys.windows(2).all(|w| w[0] < w[1]), "{keys:?}");
        assert_eq!(Histogram::default().percentile(50.0), None);
    }

    #[test]
    fn percentiles_are_the_same_kept_as_values_or_counted_in_blocks() {
        // Values from 0 to about 2^40 ns, spread over many powers of two, in no order.
        let values: Vec<u64> = (0..3 * SMALL as u64)
            .map(|i| (i * 2_654_435_761 % 1_000_003) << (i % 23))
            .collect();
        for n in [1, 7, SMALL, SMALL + 1, 3 * SMALL] {
            let mut h = Histogram::default();
            for &v in &values[..n] {
                h.add(v);
            }
            assert_eq!(h.blocks.is_empty(), n <= SMALL, "{n}");
            let mut sorted = values[..n].to_vec();
            sorted.sort_unstable();
            for p in [0.1, 1.0, 25.0, 50.0, 90.0, 99.0, 99.9, 100.0] {
                let rank = ((p / 100.0 * n as f64).ceil() as usize).clamp(1, n);
                let want = lower_bound_of(bucket_of(sorted[rank - 1]));
                assert_eq!(h.percentile(p), Some(want), "n {n}, p {p}");
            }
        }
    }
}
