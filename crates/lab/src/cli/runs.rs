//! Options of the commands over finished runs: `merge` (shards into one run) and `compare`
//! (two runs, A/B).

use std::path::PathBuf;

use clap::Args;

use sudoku_reports::settings::SETTINGS;

use super::numbers::from_to;

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
named, and nothing is written. The rows go to all.running.csv (locked, its sidecar beside it), \
renamed to all.csv once whole: a merge that fails half-way removes its files and leaves an \
earlier all.csv as it was.",
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
commits is a fidelity regression, listed first. Exit status 4 with --fail-above when a solver
got slower beyond the threshold (the interval's lower end above 1 + PCT/100) or a counter
changed.")]
pub struct CompareArgs {
    /// The baseline run's CSV.
    #[arg(value_name = "A.csv")]
    pub a: PathBuf,

    /// The run compared with it.
    #[arg(value_name = "B.csv")]
    pub b: PathBuf,

    /// Exit with status 4 when a solver got slower than A by more than PCT percent (the
    /// whole confidence interval above it), or any counter changed.
    #[arg(long, value_name = "PCT")]
    pub fail_above: Option<f64>,

    /// Markdown (for a pull request) instead of the text table.
    #[arg(long)]
    pub markdown: bool,

    /// The bootstrap's resamples.
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = from_to(100, 100_000))]
    pub resamples: u64,
}
