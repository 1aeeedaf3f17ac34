//! The command line: `bench`, `solve`, `summary` (clap, derive API).

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::solvers::DEFAULT_MAX_NODES_HELP;

/// `sudoku-lab`: times the classic sudoku strategies over puzzle corpora.
#[derive(Debug, Parser)]
#[command(
    name = "sudoku-lab",
    version,
    about = "Times the classic sudoku strategies (naive, reduce, norvig, dlx) over puzzle corpora",
    long_about = "Times the classic sudoku strategies (naive, reduce, norvig, dlx) over puzzle \
corpora, checks every solution, writes one CSV row per (puzzle, solver) and prints a summary.",
    after_help = "Examples:
  sudoku-lab bench                  # every solver over data/, results in results/
  sudoku-lab bench ../shared/corpora/norvig_sudoku-top95.txt --solvers norvig,dlx
  sudoku-lab solve \\
      '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
  sudoku-lab summary results/bench.csv
  sudoku-lab plot results/bench.csv"
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Time solvers over corpora in parallel; write a CSV, its summary and a run sidecar.
    Bench(BenchArgs),
    /// Solve one puzzle (argument or stdin) with one solver or all, and show the work.
    Solve(SolveArgs),
    /// Print the summary table again from the CSV of an earlier run.
    Summary(SummaryArgs),
    /// Draw SVG figures (time per puzzle, nodes against time) from the CSV of a run.
    Plot(PlotArgs),
}

/// Options of `sudoku-lab bench`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  sudoku-lab bench
      every solver over every corpus file in data/, results in results/bench.csv
  sudoku-lab bench ../shared/corpora/norvig_sudoku-top95.txt --solvers norvig,dlx --repeat 5
      two solvers, each solve timed 5 times (CSV keeps the minimum and the median)
  sudoku-lab bench ../shared/corpora/ --solvers dlx --limit 2 --out results/unique.csv
      a uniqueness check of every corpus file in a folder
  tail -n +2 big.csv | sudoku-lab bench - --solvers norvig --threads 2
      a corpus read from stdin

Output, for --out results/bench.csv:
  results/bench.csv         one row per (puzzle, solver), in input order (corpus, index, solver):
                            corpus,index,line,solver,limit,status,solutions,nodes,backtracks,
                            nanoseconds,median_nanoseconds,puzzle,solution
                            status: solved, no_solution, budget_exhausted or wrong (a failed check)
  results/bench.summary.md  the summary table (per corpus x solver) in Markdown
  results/bench.run.toml    what makes the run reproducible: command line, version, git commit,
                            rustc, CPU, threads, date, settings, and how the run ended

Rows are written in chunks while the run goes: an interrupted run (Ctrl-C, SIGTERM) keeps every
completed chunk and exits with status 130. Exit status: 0 ok, 1 error, 2 bad arguments,
3 some solution failed its check (status wrong), 130 interrupted.")]
pub struct BenchArgs {
    /// Corpus files or folders (a folder gives its *.txt, *.csv, *.tsv, *.sdk and extensionless
    /// files, sorted); `-` reads stdin. Without a `data/` folder here, the default reads
    /// the seed puzzles built into sudoku-lab.
    #[arg(value_name = "CORPUS", default_value = crate::bench::DEFAULT_CORPUS)]
    pub corpora: Vec<PathBuf>,

    /// Solvers to run, comma-separated, in this order (naive, reduce, norvig, dlx).
    #[arg(long, value_name = "LIST", default_value = "naive,reduce,norvig,dlx")]
    pub solvers: String,

    /// Solutions to look for: 1 = first solution, 2 = uniqueness check.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,

    /// Node budget of every single solve (nodes = 1 + tries); over it, the status is
    /// budget_exhausted.
    #[arg(long, value_name = "N", long_help = DEFAULT_MAX_NODES_HELP, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: Option<u64>,

    /// Worker threads [default: all cores].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..1025))]
    pub threads: Option<u64>,

    /// Time each solve K times; the CSV keeps the minimum (nanoseconds) and the median
    /// (median_nanoseconds).
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..1001))]
    pub repeat: u64,

    /// The CSV to write; the summary (.summary.md) and the sidecar (.run.toml) go beside it.
    /// Its folder is created if missing.
    #[arg(long, value_name = "FILE", default_value = "results/bench.csv")]
    pub out: PathBuf,

    /// Stop at the first malformed corpus line (rows already written stay) instead of
    /// reporting it and skipping it.
    #[arg(long)]
    pub strict: bool,

    /// Read at most N puzzles of each corpus (its first N, as the golden files'
    /// `-first2000` corpora do) [default: all].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub first: Option<u64>,

    /// No progress bar, even on a terminal.
    #[arg(long, short)]
    pub quiet: bool,
}

/// Options of `sudoku-lab solve`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  sudoku-lab solve \\
      '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
  sudoku-lab solve --solver dlx --limit 2 \\
      '.....6....59.....82....8....45........3........6..3.54...325..6..................'
  echo '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..' \\
      | sudoku-lab solve

The puzzle is read as Norvig's grid_values reads it: digits 1-9 are givens, '.' and '0' empty
cells, anything else is ignored, so a pretty-printed grid works too.")]
pub struct SolveArgs {
    /// The puzzle (81 cells); read from stdin when absent.
    #[arg(value_name = "PUZZLE")]
    pub puzzle: Option<String>,

    /// The solver to use, or `all`.
    #[arg(long, value_name = "NAME", default_value = "all")]
    pub solver: String,

    /// Solutions to look for: 1 = first solution, 2 = uniqueness check.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,

    /// Node budget of the solve [default: per solver, as in `bench --help`].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: Option<u64>,
}

/// Options of `sudoku-lab summary`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Example:
  sudoku-lab summary results/bench.csv
      prints the table of results/bench.csv again (and reads results/bench.run.toml, when
      present, for the malformed lines skipped and whether the run was interrupted)")]
pub struct SummaryArgs {
    /// The CSV of an earlier `bench` run.
    #[arg(value_name = "FILE.csv")]
    pub csv: PathBuf,
}

/// Options of `sudoku-lab plot`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Example:
  sudoku-lab plot results/bench.csv
      writes results/bench.time.svg (time per puzzle, one curve per solver) and
      results/bench.nodes.svg (nodes against time), and prints their paths")]
pub struct PlotArgs {
    /// The CSV of an earlier `bench` run.
    #[arg(value_name = "FILE.csv")]
    pub csv: PathBuf,

    /// Where to write the figures [default: the CSV's folder].
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
}
