//! The options of each subcommand: `BenchArgs` are `bench`'s, and so on.

use std::path::PathBuf;

use clap::builder::PossibleValuesParser;
use clap::Args;

use sudoku_trace::GridPoints;

use super::numbers::{at_least, expected, from_to};
use super::solvers::{SolverList, SolverListParser};

/// The seed puzzles, the first corpus `bench` reads by default (built in when missing).
pub const DEFAULT_CORPUS: &str = "data/seeds.txt";
/// The generated corpora of `data/bench`, the rest of `bench`'s default (skipped when missing).
pub const DEFAULT_GENERATED: &str = "data/bench";
/// The CSV `bench` writes by default.
pub const DEFAULT_OUT: &str = "results/bench.csv";

#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  sudoku-lab bench                               # the default solvers over data/'s puzzles
  sudoku-lab bench top95.txt -s norvig,dlx --repeat 5     # each solve timed 5 times
  sudoku-lab bench ../shared/corpora/ -s dlx -l 2 -o unique.csv   # a uniqueness check
  tail -n +2 big.csv | sudoku-lab bench - -s norvig -j 2         # a corpus from stdin

Output: results/bench.csv, a row per (puzzle, solver); results/bench.summary.md, the summary;
results/bench.run.toml, the sidecar. The book's \"bench\" chapter tells their columns.")]
pub struct BenchArgs {
    /// Corpus files or folders, `-` for stdin (the book's "Corpus formats").
    #[arg(value_name = "CORPUS", default_values = [DEFAULT_CORPUS, DEFAULT_GENERATED])]
    pub corpora: Vec<PathBuf>,

    #[command(flatten)]
    pub search: Search,

    /// Worker threads [default: all cores].
    #[arg(short = 'j', long, value_name = "N", value_parser = from_to(1, 1024))]
    pub threads: Option<u64>,

    /// Time each solve K times; the CSV keeps the minimum and the median.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = from_to(1, 1000))]
    pub repeat: u64,

    /// The CSV to write, its summary and sidecar beside it (the book's "bench").
    #[arg(short = 'o', long, value_name = "FILE", default_value = DEFAULT_OUT)]
    pub out: PathBuf,

    /// Stop at the first malformed corpus line instead of skipping it.
    #[arg(long)]
    pub strict: bool,

    /// Read the first N puzzles of each corpus only [default: all].
    #[arg(short = 'n', long, value_name = "N", value_parser = at_least(1))]
    pub first: Option<u64>,

    #[command(flatten)]
    pub quiet: Quiet,

    /// Print the summary with every column (the default view fits 100 columns).
    #[arg(long)]
    pub wide: bool,

    /// Off a terminal, a plain progress line every SECONDS seconds (0: never).
    #[arg(long, value_name = "SECONDS", default_value_t = 5)]
    pub progress_every: u64,

    #[command(flatten)]
    pub harness: super::harness::HarnessArgs,
}

/// `-s`, `-l`, `--max-nodes`, `--seed` of `bench`, `solve` and `trace` (its `-s` by `mut_arg`).
#[derive(Debug, Clone, Args)]
pub struct Search {
    /// Solvers to run, comma-separated, in this order; `cmd:[NAME=]COMMAND` = any program (the
    /// book's "Any solver, in any language")
    #[arg(
        id = "solvers",
        short = 's',
        long = "solvers",
        visible_alias = "solver",
        value_name = "LIST",
        value_parser = SolverListParser,
        default_value_t = SolverList::default_run()
    )]
    pub solvers: SolverList,

    /// Solutions to look for: 1 = first solution, 2 = uniqueness check.
    #[arg(short = 'l', long, value_name = "N", default_value_t = 1, value_parser = at_least(1))]
    pub limit: u64,

    /// Node budget of every single solve (nodes = 1 + tries) [default: each solver's, by grid
    /// size, as --help lists them under --solvers: the book's "Budgets"]
    #[arg(long, value_name = "N", value_parser = at_least(1))]
    pub max_nodes: Option<u64>,

    /// The seed of every solver that draws random numbers (anneal, genetic, tabu).
    #[arg(long, value_name = "S", default_value_t = sudoku_catalogue::DEFAULT_SEED)]
    pub seed: u64,
}

/// `-q, --quiet` of `bench`, `generate`, `grade` and `merge`.
#[derive(Debug, Clone, Copy, Default, Args)]
pub struct Quiet {
    /// No progress, and no summary of a run that finished (notes, warnings, errors and the
    /// summary of a run that stopped still show).
    #[arg(short = 'q', long)]
    pub quiet: bool,
}

/// Where `solve` and `trace` read their puzzles.
#[derive(Debug, Clone, Args)]
pub struct PuzzleArgs {
    /// The puzzle itself, a file of puzzles, or `-` for stdin [default: stdin].
    #[arg(value_name = "PUZZLE")]
    pub puzzle: Option<String>,

    /// A file of puzzles (with --index, one of them).
    #[arg(long, value_name = "FILE", conflicts_with = "puzzle")]
    pub corpus: Option<PathBuf>,

    /// The puzzle of this index (from 0, as bench counts) in the file or stdin, alone.
    #[arg(long, value_name = "N")]
    pub index: Option<u64>,
}

#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  sudoku-lab solve \\
      '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
  sudoku-lab solve -s dlx -l 3 puzzle.txt       # three solutions, * where they differ
  sudoku-lab solve data/seeds.txt --index 4 -s all      # every strategy on one puzzle

The book's \"solve\" chapter tells the rest.")]
pub struct SolveArgs {
    #[command(flatten)]
    pub puzzles: PuzzleArgs,

    #[command(flatten)]
    pub search: Search,

    #[command(flatten)]
    pub timeout: super::harness::Timeout,
}

/// The formats of `sudoku-lab trace`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum TraceFormat {
    /// One line per event in the classic words, indented by depth, with the grid.
    Text,
    /// One JSON object per event, then a summary line (JSON Lines), for other tools.
    Jsonl,
}

/// How many events a trace prints, `None` for all: an alias, or clap reads a flag's option.
pub type EventBound = Option<u64>;

/// Parses `--max-events`: `N` or `all`.
fn parse_max_events(text: &str) -> Result<EventBound, String> {
    match text.trim() {
        "all" => Ok(None),
        n => n
            .parse()
            .map(Some)
            .map_err(|_| expected("a count of events, or `all`")),
    }
}

#[derive(Debug, Clone, Args)]
#[command(
    mut_arg("solvers", |a| a
        .default_value("norvig")
        .help("Strategies to trace, comma-separated, one after the other")),
    after_help = "Examples:
  sudoku-lab trace data/seeds.txt --index 2 --solver reduce --grid initial,tries | less
  sudoku-lab trace data/seeds.txt --index 0 -s naive,norvig,dlx --html polish.html

The book's \"trace\" chapter tells the rest."
)]
pub struct TraceArgs {
    #[command(flatten)]
    pub puzzles: PuzzleArgs,

    #[command(flatten)]
    pub search: Search,

    /// The trace's format (to stdout, or to --out).
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = TraceFormat::Text)]
    pub format: TraceFormat,

    /// Where the text trace shows the grid: initial, tries, solutions, all, never, or a list.
    #[arg(
        long,
        value_name = "POINTS",
        default_value = "initial,solutions",
        value_parser = |s: &str| s.parse::<GridPoints>()
    )]
    pub grid: GridPoints,

    /// Print the first N events only, or `all` [default: 1000 to a terminal, else all].
    #[arg(long, value_name = "N|all", value_parser = parse_max_events)]
    pub max_events: Option<EventBound>,

    /// Write the replay page (the book's "The replay page"); with --out, the trace too.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,

    /// With --html: show each strategy's plain solve time per node on the page.
    #[arg(long, requires = "html")]
    pub time_plain: bool,

    /// Write the trace to this file instead of stdout.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

#[derive(Debug, Clone, Args)]
#[command(after_help = "Example:
  sudoku-lab summary results/bench.csv
      the table of results/bench.csv again, with what results/bench.run.toml adds")]
pub struct SummaryArgs {
    /// The CSV of an earlier `bench` run.
    #[arg(value_name = "FILE.csv")]
    pub csv: PathBuf,

    /// Every column (the default view fits 100 columns).
    #[arg(long)]
    pub wide: bool,
}

#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  sudoku-lab plot results/bench.csv        # results/bench.time.svg and results/bench.nodes.svg
  sudoku-lab plot main.csv branch.csv      # two runs on one figure: main-vs-branch.time.svg, …
  sudoku-lab plot results/bench.csv --figure time --format png --size 1600x900 --name slide3

The book's \"plot\" chapter tells how the figures read.")]
pub struct PlotArgs {
    /// The CSV of an earlier `bench` run; up to 8, drawn on one figure.
    #[arg(value_name = "FILE.csv", required = true, num_args = 1..)]
    pub csv: Vec<PathBuf>,

    /// Where to write the figures [default: the CSV's folder]; created when missing.
    #[arg(short = 'o', long, visible_alias = "out", value_name = "DIR")]
    pub out_dir: Option<PathBuf>,

    /// The figures to draw: time (time per puzzle), nodes (nodes against time) or both.
    #[arg(long, value_enum, value_name = "FIGURE", default_value_t = PlotFigure::Both)]
    pub figure: PlotFigure,

    /// The formats to write each figure in: svg, png, or both as `svg,png`.
    #[arg(
        long,
        value_enum,
        value_name = "FORMATS",
        value_delimiter = ',',
        default_value = "svg"
    )]
    pub format: Vec<PlotFormat>,

    /// The heading of the figures, in place of `Time per puzzle: <stem>`.
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,

    /// The size of each figure in pixels, `WIDTHxHEIGHT`, 100 to 8000 each.
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub size: Option<(u32, u32)>,

    /// The files' name, NAME.time.svg and NAME.nodes.svg [default: the CSV's stem].
    #[arg(long, value_name = "NAME", value_parser = clap::builder::NonEmptyStringValueParser::new())]
    pub name: Option<String>,
}

/// The figures `plot` draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PlotFigure {
    /// The time per puzzle (ECDF).
    Time,
    /// Nodes against time (scatter).
    Nodes,
    /// Both figures.
    Both,
}

/// The formats `plot` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PlotFormat {
    /// SVG, drawn as vectors.
    Svg,
    /// PNG, drawn in pixels at the figure's size.
    Png,
}

/// Parses `WIDTHxHEIGHT`, each 100 to 8000 pixels.
fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let side = |s: &str| s.trim().parse().ok().filter(|n| (100..=8000).contains(n));
    let (w, h) = text.split_once(['x', 'X']).unwrap_or((text, ""));
    side(w)
        .zip(side(h))
        .ok_or_else(|| expected("WIDTHxHEIGHT, 100 to 8000 pixels each, as 1600x900"))
}

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

#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  sudoku-lab man > sudoku-lab.1 && man ./sudoku-lab.1
  sudoku-lab man bench > sudoku-lab-bench.1")]
pub struct ManArgs {
    /// The subcommand whose page to print (any but help) [default: sudoku-lab's own].
    #[arg(value_name = "SUBCOMMAND", value_parser = PossibleValuesParser::new(PAGES.split(' ')))]
    pub command: Option<String>,
}

/// The subcommands with a page, in order (clap's `help` has none): tests/conventions.rs checks.
const PAGES: &str = "bench solve trace generate grade summary plot merge compare completions man";
