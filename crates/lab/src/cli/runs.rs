//! Options of the commands over finished runs: `merge` (shards into one run) and `compare`
//! (two runs, A/B).

use std::path::PathBuf;

use clap::Args;

use sudoku_reports::settings::SETTINGS;

use super::numbers::from_to;
use super::Quiet;

/// The text after `merge --help`'s options: an example, and what the shards must share
/// (the settings `merge` compares, so that the list cannot drift from them).
fn merge_after_help() -> String {
    format!(
        "Example (four shards, then one run):
  for k in 1 2 3 4; do sudoku-lab bench top95.txt --shard $k/4 -o shard$k.csv; done
  sudoku-lab merge -o all.csv shard*.csv
      writes all.csv (puzzles in corpus order), all.summary.md and all.run.toml

Every shard of the run must be there once, finished, and made the same way, as its sidecar \
says: the same {} (of shard, the count). What differs, what is missing and what overlaps is \
named, and nothing is written; a sidecar that does not give one of these settings (made by \
hand, or cut short), or does not say what the shard did (its rows, puzzles, seconds, threads, \
each corpus's puzzles and malformed lines), is refused, naming them, not read as 0. The rows \
go to all.running.csv (locked, its sidecar beside it), renamed to all.csv once whole: a merge \
that fails half-way, or is interrupted (which ends it at once, by the signal), removes its \
files and leaves an earlier all.csv as it was; interrupted once its files are in place (as \
it prints its summary), it leaves them there and says so ('interrupted (the merge had ended: \
its rows are in all.csv)'). Shards that read puzzles and whose rows total \
none (each skipped, of a size no solver of the run solves) merge as the run in one piece \
ends: failed (no row, exit status 1, all.failed.csv). Its wall clock is the slowest shard's: \
the whole run's only if the shards ran side by side, as its summary says. Shards of \
different machines merge too: the merged sidecar's cpu gives each CPU model once (joined by \
'; '), a note each shard's; its date is the earliest shard's start. A merge whose \
summary file alone cannot be written finished, as a run does: all.csv and all.run.toml in \
place, its summary printed, exit status 1. An --out one of whose files (its CSV, summary or \
sidecar, under any name a merge gives them) is a file of a shard (the shard, its summary or \
sidecar, under any name a run of it gives them: -o shard1.running.csv, -o shard1.txt, whose \
sidecar is shard1.run.toml), and one file given as two shards, are usage errors (exit status \
2), said before any shard is read; the other refusals exit with status 1.",
        SETTINGS.join(", ")
    )
}

/// Options of `sudoku-lab merge`.
#[derive(Debug, Clone, Args)]
#[command(after_help = merge_after_help())]
pub struct MergeArgs {
    /// The merged CSV (its summary and sidecar beside it).
    #[arg(short, long, value_name = "FILE.csv")]
    pub out: PathBuf,

    /// The shards' CSVs (`bench --shard K/N` runs), each with its sidecar, in any order.
    #[arg(value_name = "SHARD.csv", required = true)]
    pub shards: Vec<PathBuf>,

    /// No summary on the terminal, as in bench.
    #[command(flatten)]
    pub quiet: Quiet,
}

/// Options of `sudoku-lab compare`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  sudoku-lab compare main.csv branch.csv
  sudoku-lab compare main.csv branch.csv --fail-above 5 --markdown >> \"$GITHUB_STEP_SUMMARY\"

Per corpus and solver in both runs: B's median time over A's with a 95% confidence interval
(a bootstrap over the puzzles both solved: 1000 resamples of the puzzles, drawn from a fixed
seed, the 2.5th and 97.5th percentiles of the ratio of medians), the share of puzzles where
each side was faster, and every counter (status, solutions, nodes, backtracks, solution) that
differs puzzle by puzzle. Counters are the contract: a counter that changed between two
commits is a fidelity regression, listed first. Puzzles pair by index and are timed only when
their texts agree: a puzzle that differs (another corpus under the same file name, another
isomorph under --permute) is a changed counter, not timed, and said below the table. Runs
that pair no puzzle (two shards of one corpus) compared nothing: an error, exit status 1; a
corpus and solver that pairs none while others do is named below the table, and not counted
by --fail-above. Below the table, the settings the runs' sidecars (X.run.toml) give
differently; a run without a sidecar is said to have none (its settings and how it ended are
not known). Exit status 4 with --fail-above when a solver got slower beyond the threshold (the
interval's lower end above 1 + PCT/100), a counter changed (a puzzle that differs too), or a
run's sidecar says it did not finish.")]
pub struct CompareArgs {
    /// The baseline run's CSV.
    #[arg(value_name = "A.csv")]
    pub a: PathBuf,

    /// The run compared with it.
    #[arg(value_name = "B.csv")]
    pub b: PathBuf,

    /// Exit with status 4 when a solver got slower than A by more than PCT percent (the
    /// whole confidence interval above it), or any counter changed.
    #[arg(long, value_name = "PCT", value_parser = percent)]
    pub fail_above: Option<f64>,

    /// Markdown (for a pull request) instead of the text table.
    #[arg(long)]
    pub markdown: bool,

    /// The bootstrap's resamples.
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = from_to(100, 100_000))]
    pub resamples: u64,
}

/// The value parser of `--fail-above`: a finite percentage of at least 0 (spaces around it
/// ignored; `-0` is 0).
fn percent(text: &str) -> Result<f64, String> {
    let text = text.trim();
    match text.parse::<f64>() {
        Err(_) => Err(format!("{text:?} is not a number")),
        Ok(pct) if !pct.is_finite() => Err(format!(
            "{text} is not a finite percentage (give one such as 5 or 0.5)"
        )),
        Ok(pct) if pct < 0.0 => Err(format!("{text} is less than 0, the least allowed")),
        Ok(pct) => Ok(pct.abs()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_percentage_is_finite_and_at_least_0() {
        assert_eq!(percent("5"), Ok(5.0));
        assert_eq!(percent(" 0.5 "), Ok(0.5));
        assert_eq!(percent("-0").map(f64::to_bits), Ok(0.0_f64.to_bits()));
        assert_eq!(percent("1e3"), Ok(1000.0));
        let said = |text: &str| percent(text).unwrap_err();
        assert_eq!(said("-50"), "-50 is less than 0, the least allowed");
        assert_eq!(said("-1e-9"), "-1e-9 is less than 0, the least allowed");
        for text in ["nan", "NaN", "inf", "-inf", "infinity", "1e400"] {
            assert_eq!(
                said(text),
                format!("{text} is not a finite percentage (give one such as 5 or 0.5)")
            );
        }
        assert_eq!(said("5%"), "\"5%\" is not a number");
        assert_eq!(said(""), "\"\" is not a number");
    }
}
