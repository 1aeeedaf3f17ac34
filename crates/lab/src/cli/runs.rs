//! Options of the commands over finished runs: `merge` (shards into one run) and `compare`
//! (two runs, A/B).

use std::path::PathBuf;

use clap::Args;

use sudoku_reports::settings::SETTINGS;

use super::numbers::from_to;
use super::Quiet;

/// Options of `sudoku-lab merge`.
#[derive(Debug, Clone, Args)]
#[command(after_help = format!(
    "Example (four shards, then one run):
  for k in 1 2 3 4; do sudoku-lab bench top95.txt --shard $k/4 -o shard$k.csv; done
  sudoku-lab merge -o all.csv shard*.csv
      writes all.csv (puzzles in corpus order), all.summary.md and all.run.toml

Every shard of the run must be there once, finished, and made the same way, as its sidecar \
says: the same {} (of shard, the count); what differs is named and nothing is written. The \
output is staged as a run's. The book's \"Shards, merge and resume\" tells the rest.",
    SETTINGS.join(", ")
))]
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

Per corpus and solver in both runs: B's median time over A's with a 95% bootstrap confidence
interval, the share of puzzles where each side was faster, and every counter that differs
puzzle by puzzle (a fidelity regression, listed first); below the table, the settings the
runs' sidecars give differently. The book's \"compare\" chapter tells the rest. Exit status:
0 ok, 1 error (runs that pair no puzzle), 2 usage error, 4 with --fail-above when a solver got
slower beyond it, a counter changed, or a run's sidecar says it did not finish.")]
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

/// The value parser of `--fail-above`: a finite percentage of at least 0 (`-0` is 0).
/// tests/conventions.rs pins its messages.
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
