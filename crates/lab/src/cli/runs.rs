//! Options of the commands over finished runs: `merge` (shards into one run) and `compare`
//! (two runs, A/B).

use std::path::PathBuf;

use clap::Args;

use super::numbers::{expected, from_to};
use super::Quiet;

#[derive(Debug, Clone, Args)]
#[command(after_help = "Example (four shards, then one run):
  for k in 1 2 3 4; do sudoku-lab bench top95.txt --shard $k/4 -o shard$k.csv; done
  sudoku-lab merge -o all.csv shard*.csv      # all.csv, all.summary.md and all.run.toml

Every shard must be there once, finished, and made the same way: the book's \"Shards, merge and
resume\" tells the rest.")]
pub struct MergeArgs {
    /// The merged CSV (its summary and sidecar beside it).
    #[arg(short, long, value_name = "FILE.csv")]
    pub out: PathBuf,

    /// The shards' CSVs (`bench --shard K/N` runs), each with its sidecar, in any order.
    #[arg(value_name = "SHARD.csv", required = true)]
    pub shards: Vec<PathBuf>,

    #[command(flatten)]
    pub quiet: Quiet,
}

#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  sudoku-lab compare main.csv branch.csv
  sudoku-lab compare main.csv branch.csv --fail-above 5 --markdown >> \"$GITHUB_STEP_SUMMARY\"

The book's \"compare\" chapter tells the table and the exit status 4.")]
pub struct CompareArgs {
    /// The baseline run's CSV.
    #[arg(value_name = "A.csv")]
    pub a: PathBuf,

    /// The run compared with it.
    #[arg(value_name = "B.csv")]
    pub b: PathBuf,

    /// Exit with status 4 when a solver got slower than A by more than PCT percent.
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
fn percent(text: &str) -> Result<f64, String> {
    let pct = text.trim().parse::<f64>().ok();
    pct.filter(|p| p.is_finite() && *p >= 0.0)
        .map(f64::abs)
        .ok_or_else(|| expected("a percentage of at least 0, as 5 or 0.5"))
}
