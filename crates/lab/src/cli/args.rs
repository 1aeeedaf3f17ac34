//! The options of each subcommand.

use std::path::PathBuf;

use clap::Args;

use super::solvers::{max_nodes_help, solvers_help, SolverList};

/// The corpus `bench` reads by default (the seed puzzles built in when it is missing).
pub const DEFAULT_CORPUS: &str = "data/seeds.txt";
/// The CSV `bench` writes by default (its folder is ignored by git).
pub const DEFAULT_OUT: &str = "results/bench.csv";

/// Options of `sudoku-lab bench`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  sudoku-lab bench
      the default solvers over the seed puzzles, results in results/bench.csv
  sudoku-lab bench ../shared/corpora/norvig_sudoku-top95.txt -s norvig,dlx --repeat 5
      two solvers, each solve timed 5 times (the CSV keeps the minimum and the median)
  sudoku-lab bench ../shared/corpora/ -s dlx -l 2 -o results/unique.csv
      a uniqueness check of every corpus file in a folder
  tail -n +2 big.csv | sudoku-lab bench - -s norvig -j 2
      a corpus read from stdin

Output, for -o results/bench.csv:
  results/bench.csv         one row per (puzzle, solver), in input order (corpus, index, solver):
                            corpus,index,line,name,solver,limit,status,solutions,nodes,
                            backtracks,nanoseconds,median_nanoseconds,puzzle,solution
                            status: solved, no_solution, budget_exhausted or wrong (a failed
                            check); puzzle and solution with | between grid rows
  results/bench.summary.md  the summary table (per corpus x solver, every column) in Markdown
  results/bench.run.toml    what makes the run reproducible: command line, version, git commit,
                            rustc, CPU, threads, date, settings, and how the run ended

Rows are written in chunks while the run goes: an interrupted run (Ctrl-C, SIGTERM) keeps every
completed chunk and exits with status 130. Exit status: 0 ok, 1 error or no puzzle read at all,
2 usage error, 3 some solution failed its check (status wrong), 130 interrupted.")]
pub struct BenchArgs {
    /// Corpus files or folders (a folder gives its *.txt, *.csv, *.tsv, *.sdk and extensionless
    /// files, sorted); `-` reads stdin. When data/seeds.txt is not here, the default reads the
    /// same seed puzzles, built into sudoku-lab.
    #[arg(value_name = "CORPUS", default_value = DEFAULT_CORPUS)]
    pub corpora: Vec<PathBuf>,

    /// Solvers to run, comma-separated, in this order (see --help for the list).
    #[arg(
        short = 's',
        long = "solvers",
        visible_alias = "solver",
        value_name = "LIST",
        value_parser = SolverList::parse,
        default_value_t = SolverList::default_run(),
        long_help = solvers_help("Solvers to run")
    )]
    pub solvers: SolverList,

    /// Solutions to look for: 1 = first solution, 2 = uniqueness check.
    #[arg(short = 'l', long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,

    /// Node budget of every single solve (nodes = 1 + tries) [default: per solver].
    #[arg(long, value_name = "N", long_help = max_nodes_help(), value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: Option<u64>,

    /// Worker threads [default: all cores].
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..1025))]
    pub threads: Option<u64>,

    /// Time each solve K times; the CSV keeps the minimum (nanoseconds) and the median
    /// (median_nanoseconds).
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..1001))]
    pub repeat: u64,

    /// The CSV to write; the summary (.summary.md) and the sidecar (.run.toml) go beside it.
    /// Its folder is created if missing.
    #[arg(short = 'o', long, value_name = "FILE", default_value = DEFAULT_OUT)]
    pub out: PathBuf,

    /// Stop at the first malformed corpus line (rows already written stay) instead of
    /// reporting it and skipping it.
    #[arg(long)]
    pub strict: bool,

    /// Read at most N puzzles of each corpus (its first N, as the golden files'
    /// `-first2000` corpora do) [default: all].
    #[arg(short = 'n', long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub first: Option<u64>,

    /// No progress bar or progress lines (notes, warnings and errors still show).
    #[arg(short = 'q', long)]
    pub quiet: bool,

    /// Print the summary with every column (the default view fits 100 columns).
    #[arg(long)]
    pub wide: bool,

    /// When stderr is not a terminal (a cluster job, CI), print a plain progress line every
    /// SECONDS seconds (0: never).
    #[arg(long, value_name = "SECONDS", default_value_t = 5)]
    pub progress_every: u64,

    /// tdoku's method (isomorphs, warm-up, pinning), cmd: solvers' time limit, clusters
    /// (shards, resume).
    #[command(flatten)]
    pub harness: super::harness::HarnessArgs,
}

/// Options of `sudoku-lab solve`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  sudoku-lab solve \\
      '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
  sudoku-lab solve -s dlx -l 2 \\
      '.....6....59.....82....8....45........3........6..3.54...325..6..................'
  echo '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..' \\
      | sudoku-lab solve

The puzzle is read as Norvig's grid_values reads it: digits 1-9 are givens, '.' and '0' empty
cells, anything else is ignored, so a pretty-printed grid (or a CSV's 864371259|325849761|...)
works too.")]
pub struct SolveArgs {
    /// The puzzle (81 cells); read from stdin when absent.
    #[arg(value_name = "PUZZLE")]
    pub puzzle: Option<String>,

    /// Solvers to use, comma-separated (see --help for the list).
    #[arg(
        short = 's',
        long = "solver",
        visible_alias = "solvers",
        value_name = "LIST",
        value_parser = SolverList::parse,
        default_value_t = SolverList::default_run(),
        long_help = solvers_help("Solvers to use")
    )]
    pub solvers: SolverList,

    /// Solutions to look for: 1 = first solution, 2 = uniqueness check.
    #[arg(short = 'l', long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,

    /// Node budget of the solve [default: per solver, as `sudoku-lab bench --help` lists].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: Option<u64>,
}

/// Options of `sudoku-lab summary`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Example:
  sudoku-lab summary results/bench.csv
      prints the table of results/bench.csv again (and reads results/bench.run.toml, when
      present, for the malformed lines skipped, the wall clock and how the run ended)")]
pub struct SummaryArgs {
    /// The CSV of an earlier `bench` run.
    #[arg(value_name = "FILE.csv")]
    pub csv: PathBuf,

    /// Every column (the default view fits 100 columns).
    #[arg(long)]
    pub wide: bool,
}

/// Options of `sudoku-lab plot`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  sudoku-lab plot results/bench.csv
      writes results/bench.time.svg (time per puzzle, one curve per solver) and
      results/bench.nodes.svg (nodes against time), and prints their paths
  sudoku-lab plot main.csv branch.csv
      two runs on one figure: main-vs-branch.time.svg and .nodes.svg, solvers labelled
      `dlx (main)`, `dlx (branch)`, corpora matched by file name")]
pub struct PlotArgs {
    /// The CSV of an earlier `bench` run; several (two commits, two machines) are drawn on
    /// one figure, each solver labelled with its run's file stem.
    #[arg(value_name = "FILE.csv", required = true, num_args = 1..=8)]
    pub csv: Vec<PathBuf>,

    /// Where to write the figures [default: the CSV's folder].
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
}

/// Options of `sudoku-lab completions`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  sudoku-lab completions bash > ~/.local/share/bash-completion/completions/sudoku-lab
  sudoku-lab completions zsh > ~/.zfunc/_sudoku-lab
  sudoku-lab completions fish > ~/.config/fish/completions/sudoku-lab.fish")]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

/// Options of `sudoku-lab man`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  sudoku-lab man > sudoku-lab.1 && man ./sudoku-lab.1
  sudoku-lab man bench > sudoku-lab-bench.1")]
pub struct ManArgs {
    /// The subcommand whose page to print [default: sudoku-lab's own].
    #[arg(value_name = "SUBCOMMAND", value_parser = ["bench", "solve", "summary", "plot", "completions"])]
    pub command: Option<String>,
}
