//! The summary of a run, per corpus × solver: outcomes, throughput, time percentiles and
//! search cost, as an aligned text table or Markdown.
//!
//! It is built row by row (live during `bench`, or from a CSV by `summary`) in memory that
//! does not grow with the corpus: times go into a histogram exact below 1024 ns and within
//! 0.1% above, so the percentiles (nearest rank) are within 0.1% of the exact ones; counts,
//! means and maxima are exact.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Context, Result};

use crate::record::{Row, WRONG};

/// A histogram of nanoseconds with 1024 levels per power of two.
#[derive(Debug, Clone, Default)]
pub struct Histogram {
    buckets: BTreeMap<u64, u64>,
    count: u64,
}

const MANTISSA_BITS: u32 = 10;

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

impl Histogram {
    /// Counts one value.
    pub fn add(&mut self, v: u64) {
        *self.buckets.entry(bucket_of(v)).or_default() += 1;
        self.count += 1;
    }

    /// The `p`-th percentile (nearest rank, `0 < p <= 100`): the lower bound of the bucket
    /// holding the value of rank `ceil(p/100 * n)`; `None` when empty.
    pub fn percentile(&self, p: f64) -> Option<u64> {
        if self.count == 0 {
            return None;
        }
        let rank = ((p / 100.0 * self.count as f64).ceil() as u64).clamp(1, self.count);
        let mut seen = 0;
        for (&bucket, &n) in &self.buckets {
            seen += n;
            if seen >= rank {
                return Some(lower_bound_of(bucket));
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
    /// Sum of the solve times (minimum of the repeats), ns.
    pub total_ns: u128,
    /// Longest solve, ns.
    pub max_ns: u64,
    /// Distribution of the solve times.
    pub times: Histogram,
    /// Sum of nodes.
    pub total_nodes: u128,
    /// Most nodes of one solve.
    pub max_nodes: u64,
    /// Sum of backtracks.
    pub total_backtracks: u128,
}

impl Stats {
    fn add(&mut self, r: &RowResult<'_>) {
        self.puzzles += 1;
        match r.status {
            "solved" => self.solved += 1,
            "no_solution" => self.no_solution += 1,
            "budget_exhausted" => self.budget_exhausted += 1,
            _ => self.wrong += 1,
        }
        self.total_ns += u128::from(r.nanoseconds);
        self.max_ns = self.max_ns.max(r.nanoseconds);
        self.times.add(r.nanoseconds);
        self.total_nodes += u128::from(r.nodes);
        self.max_nodes = self.max_nodes.max(r.nodes);
        self.total_backtracks += u128::from(r.backtracks);
    }
}

/// What the summary takes from one row.
#[derive(Debug, Clone, Copy)]
pub struct RowResult<'a> {
    /// The row's status.
    pub status: &'a str,
    /// The solve time (minimum of the repeats), ns.
    pub nanoseconds: u64,
    /// Nodes.
    pub nodes: u64,
    /// Backtracks.
    pub backtracks: u64,
    /// The puzzle's line in its corpus.
    pub line: u64,
    /// The puzzle's index in its corpus.
    pub index: u64,
}

/// The summary of a run.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    groups: Vec<(String, String, Stats)>,
    malformed: Vec<(String, u64)>,
    wrong_rows: Vec<String>,
    /// Set when the run was stopped by Ctrl-C or SIGTERM.
    pub interrupted: bool,
}

/// How many failed rows the summary names.
const WRONG_LISTED: usize = 20;

impl Summary {
    /// An empty summary.
    pub fn new() -> Summary {
        Summary::default()
    }

    /// Counts one row.
    pub fn add(&mut self, row: &Row) {
        self.add_result(
            &row.corpus,
            &row.solver,
            &RowResult {
                status: &row.status,
                nanoseconds: row.nanoseconds,
                nodes: row.nodes,
                backtracks: row.backtracks,
                line: row.line,
                index: row.index,
            },
        );
    }

    /// Counts the result of `solver` on a puzzle of `corpus`.
    pub fn add_result(&mut self, corpus: &str, solver: &str, r: &RowResult<'_>) {
        // Rows come corpus by corpus: the group is among the last ones.
        let i = match self
            .groups
            .iter()
            .rposition(|(c, s, _)| c == corpus && s == solver)
        {
            Some(i) => i,
            None => {
                self.groups
                    .push((corpus.to_string(), solver.to_string(), Stats::default()));
                self.groups.len() - 1
            }
        };
        self.groups[i].2.add(r);
        if r.status == WRONG && self.wrong_rows.len() < WRONG_LISTED {
            self.wrong_rows
                .push(format!("{corpus}:{} (index {}) {solver}", r.line, r.index));
        }
    }

    /// Counts one malformed line of `corpus`, skipped.
    pub fn add_malformed(&mut self, corpus: &str) {
        self.add_malformed_count(corpus, 1);
    }

    fn add_malformed_count(&mut self, corpus: &str, n: u64) {
        match self.malformed.iter_mut().find(|(c, _)| c == corpus) {
            Some((_, k)) => *k += n,
            None => self.malformed.push((corpus.to_string(), n)),
        }
    }

    /// Malformed lines skipped, per corpus (in the order met).
    pub fn malformed(&self) -> &[(String, u64)] {
        &self.malformed
    }

    /// Malformed lines skipped in all.
    pub fn malformed_total(&self) -> u64 {
        self.malformed.iter().map(|(_, n)| n).sum()
    }

    /// The statistics per (corpus, solver), in the order met.
    pub fn groups(&self) -> impl Iterator<Item = (&str, &str, &Stats)> {
        self.groups
            .iter()
            .map(|(c, s, st)| (c.as_str(), s.as_str(), st))
    }

    /// Rows counted.
    pub fn rows(&self) -> u64 {
        self.groups.iter().map(|g| g.2.puzzles).sum()
    }

    /// Rows whose solution failed its check.
    pub fn wrong(&self) -> u64 {
        self.groups.iter().map(|g| g.2.wrong).sum()
    }

    /// Reads the rows of a CSV written by `bench` (and, when present beside it, its
    /// sidecar for the malformed lines and whether the run was interrupted).
    pub fn from_csv(path: &Path) -> Result<Summary> {
        let mut reader = csv::Reader::from_path(path)
            .with_context(|| format!("{}: cannot open", path.display()))?;
        let mut summary = Summary::new();
        for (i, row) in reader.deserialize::<Row>().enumerate() {
            let row = row.with_context(|| {
                format!("{}: row {} is not a sudoku-lab row", path.display(), i + 1)
            })?;
            summary.add(&row);
        }
        let sidecar = crate::sidecar::sidecar_path(path);
        if let Ok(text) = std::fs::read_to_string(&sidecar) {
            let info = crate::sidecar::read_ending(&text);
            summary.interrupted = info.interrupted;
            for (corpus, n) in info.malformed {
                summary.add_malformed_count(&corpus, n);
            }
        }
        Ok(summary)
    }

    fn header() -> [&'static str; 16] {
        [
            "corpus",
            "solver",
            "puzzles",
            "solved",
            "no solution",
            "budget exhausted",
            "wrong",
            "puzzles/s",
            "mean µs",
            "median µs",
            "p90 µs",
            "p99 µs",
            "max µs",
            "mean nodes",
            "max nodes",
            "mean backtracks",
        ]
    }

    fn cells(&self) -> Vec<Vec<String>> {
        let us = |ns: Option<u64>| ns.map_or("-".to_string(), |v| format!("{:.1}", v as f64 / 1e3));
        self.groups
            .iter()
            .map(|(corpus, solver, s)| {
                let n = s.puzzles.max(1) as f64;
                let rate = if s.total_ns == 0 {
                    "-".to_string()
                } else {
                    format!("{:.0}", s.puzzles as f64 / (s.total_ns as f64 / 1e9))
                };
                vec![
                    corpus.clone(),
                    solver.clone(),
                    s.puzzles.to_string(),
                    s.solved.to_string(),
                    s.no_solution.to_string(),
                    s.budget_exhausted.to_string(),
                    if s.wrong > 0 {
                        format!("{} WRONG", s.wrong)
                    } else {
                        "0".to_string()
                    },
                    rate,
                    format!("{:.1}", s.total_ns as f64 / n / 1e3),
                    us(s.times.percentile(50.0)),
                    us(s.times.percentile(90.0)),
                    us(s.times.percentile(99.0)),
                    us(Some(s.max_ns)),
                    format!("{:.1}", s.total_nodes as f64 / n),
                    s.max_nodes.to_string(),
                    format!("{:.1}", s.total_backtracks as f64 / n),
                ]
            })
            .collect()
    }

    fn notes(&self, bold: &str) -> String {
        let mut out = String::new();
        if self.groups.is_empty() {
            out.push_str("No puzzles.\n");
        }
        let malformed = self.malformed_total();
        if malformed > 0 {
            let per: Vec<String> = self
                .malformed
                .iter()
                .map(|(c, n)| format!("{c}: {n}"))
                .collect();
            let _ = writeln!(
                out,
                "Malformed lines skipped: {malformed} ({}).",
                per.join(", ")
            );
        }
        let wrong = self.wrong();
        if wrong > 0 {
            let _ = writeln!(
                out,
                "{bold}WRONG: {wrong} solution(s) failed their check{bold}:"
            );
            for w in &self.wrong_rows {
                let _ = writeln!(out, "- {w}");
            }
            if wrong as usize > self.wrong_rows.len() {
                let _ = writeln!(
                    out,
                    "- ... and {} more",
                    wrong as usize - self.wrong_rows.len()
                );
            }
        }
        if self.interrupted {
            let _ = writeln!(
                out,
                "{bold}INTERRUPTED{bold}: the run was stopped before its end; these are the rows completed."
            );
        }
        out
    }

    /// The summary as an aligned text table, with its notes (malformed lines, wrong
    /// rows, interruption) below.
    pub fn to_text(&self) -> String {
        let header = Summary::header();
        let cells = self.cells();
        let widths: Vec<usize> = (0..header.len())
            .map(|i| {
                cells
                    .iter()
                    .map(|r| r[i].chars().count())
                    .chain([header[i].chars().count()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let mut out = String::new();
        let line = |out: &mut String, row: &[&str]| {
            let mut text = String::new();
            for (i, cell) in row.iter().enumerate() {
                let pad = widths[i] - cell.chars().count();
                if i > 0 {
                    text.push_str("  ");
                }
                if i < 2 {
                    text.push_str(cell);
                    text.push_str(&" ".repeat(pad));
                } else {
                    text.push_str(&" ".repeat(pad));
                    text.push_str(cell);
                }
            }
            out.push_str(text.trim_end());
            out.push('\n');
        };
        line(&mut out, &header);
        for r in &cells {
            line(&mut out, &r.iter().map(String::as_str).collect::<Vec<_>>());
        }
        out.push_str(&self.notes(""));
        out
    }

    /// The summary as a Markdown document.
    pub fn to_markdown(&self) -> String {
        let header = Summary::header();
        let mut out = String::from("# sudoku-lab summary\n\n");
        let _ = writeln!(out, "| {} |", header.join(" | "));
        let align: Vec<&str> = (0..header.len())
            .map(|i| if i < 2 { "---" } else { "---:" })
            .collect();
        let _ = writeln!(out, "|{}|", align.join("|"));
        for r in self.cells() {
            let escaped: Vec<String> = r.iter().map(|c| c.replace('|', "\\|")).collect();
            let _ = writeln!(out, "| {} |", escaped.join(" | "));
        }
        out.push('\n');
        out.push_str(
            "Times are the solve calls only (minimum over `--repeat`); puzzles/s = puzzles / the \
sum of their solve times (one core); percentiles by nearest rank, within 0.1%.\n\n",
        );
        out.push_str(&self.notes("**"));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(corpus: &str, solver: &str, status: &str, ns: u64, nodes: u64) -> Row {
        Row {
            corpus: corpus.into(),
            index: 0,
            line: 1,
            solver: solver.into(),
            limit: 1,
            status: status.into(),
            solutions: 1,
            nodes,
            backtracks: nodes - 1,
            nanoseconds: ns,
            median_nanoseconds: ns,
            puzzle: String::new(),
            solution: String::new(),
        }
    }

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
    fn groups_count_statuses_and_costs() {
        let mut s = Summary::new();
        s.add(&row("a.txt", "naive", "solved", 1000, 10));
        s.add(&row("a.txt", "dlx", "solved", 3000, 2));
        s.add(&row("a.txt", "naive", "budget_exhausted", 3000, 30));
        s.add(&row("a.txt", "naive", "wrong", 2000, 20));
        s.add_malformed("a.txt");
        let g: Vec<_> = s.groups().collect();
        assert_eq!(g.len(), 2);
        let (c, name, naive) = g[0];
        assert_eq!((c, name), ("a.txt", "naive"));
        assert_eq!(
            (
                naive.puzzles,
                naive.solved,
                naive.budget_exhausted,
                naive.wrong
            ),
            (3, 1, 1, 1)
        );
        assert_eq!(
            (naive.total_nodes, naive.max_nodes, naive.max_ns),
            (60, 30, 3000)
        );
        assert_eq!(s.wrong(), 1);
        let text = s.to_text();
        assert!(
            text.contains("WRONG: 1 solution(s) failed their check"),
            "{text}"
        );
        assert!(
            text.contains("Malformed lines skipped: 1 (a.txt: 1)."),
            "{text}"
        );
        // puzzles/s = 3 puzzles / 6 µs; mean 2.0 µs; median 2.0; max 3.0; mean nodes 20.0.
        let naive_line = text.lines().nth(1).unwrap();
        let fields: Vec<&str> = naive_line.split("  ").filter(|f| !f.is_empty()).collect();
        let fields: Vec<&str> = fields.iter().map(|f| f.trim()).collect();
        assert_eq!(
            fields,
            [
                "a.txt", "naive", "3", "1", "0", "1", "1 WRONG", "500000", "2.0", "2.0", "3.0",
                "3.0", "3.0", "20.0", "30", "19.0"
            ]
        );
        let md = s.to_markdown();
        assert!(
            md.contains("| a.txt | dlx | 1 | 1 | 0 | 0 | 0 | 333333 | 3.0 |"),
            "{md}"
        );
        assert!(
            md.contains("**WRONG: 1 solution(s) failed their check**"),
            "{md}"
        );
    }
}
