//! The options of each subcommand.

use std::path::PathBuf;

use clap::builder::PossibleValuesParser;
use clap::Args;

use sudoku_trace::GridPoints;

use super::numbers::{at_least, from_to};
use super::solvers::{max_nodes_help, solvers_help, SolverList, SolverListParser, CMD_HELP};

/// The seed puzzles, the first corpus `bench` reads by default (built in when missing).
pub const DEFAULT_CORPUS: &str = "data/seeds.txt";
/// The generated corpora of `data/bench`, the rest of `bench`'s default (skipped when
/// missing).
pub const DEFAULT_GENERATED: &str = "data/bench";
/// The CSV `bench` writes by default.
pub const DEFAULT_OUT: &str = "results/bench.csv";

/// Options of `sudoku-lab bench`.
#[derive(Debug, Clone, Args)]
#[command(after_help = super::bench_help::bench_after_help())]
pub struct BenchArgs {
    /// Corpus files or folders (a folder gives its *.txt, *.csv, *.tsv, *.sdk and extensionless
    /// files, sorted); `-` reads stdin. The default: the seed puzzles (built into sudoku-lab
    /// when data/seeds.txt is not here) and the generated corpora of data/bench (skipped when
    /// not here).
    #[arg(value_name = "CORPUS", default_values = [DEFAULT_CORPUS, DEFAULT_GENERATED])]
    pub corpora: Vec<PathBuf>,

    /// The solvers, their limit and budget.
    #[command(flatten)]
    pub search: Search,

    /// Worker threads [default: all cores].
    #[arg(short = 'j', long, value_name = "N", value_parser = from_to(1, 1024))]
    pub threads: Option<u64>,

    /// Time each solve K times; the CSV keeps the minimum (nanoseconds) and the median
    /// (median_nanoseconds).
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = from_to(1, 1000))]
    pub repeat: u64,

    /// The CSV to write; the summary (.summary.md) and the sidecar (.run.toml) go beside it.
    /// Its folder is created if missing. A link to a file stands for that file (the link is
    /// kept); a link whose path goes into a missing folder and back out of it
    /// (missing/../r.csv) is refused.
    #[arg(short = 'o', long, value_name = "FILE", default_value = DEFAULT_OUT)]
    pub out: PathBuf,

    /// Stop at the first malformed corpus line (rows already written stay) instead of
    /// reporting it and skipping it.
    #[arg(long)]
    pub strict: bool,

    /// Read at most N puzzles of each corpus (its first N, as the golden files'
    /// `-first2000` corpora do) [default: all].
    #[arg(short = 'n', long, value_name = "N", value_parser = at_least(1))]
    pub first: Option<u64>,

    /// No progress.
    #[command(flatten)]
    pub quiet: Quiet,

    /// Print the summary with every column (the default view fits 100 columns).
    #[arg(long)]
    pub wide: bool,

    /// When stderr is not a terminal (a cluster job, CI), print a plain progress line every
    /// SECONDS seconds (0: never).
    #[arg(long, value_name = "SECONDS", default_value_t = 5)]
    pub progress_every: u64,

    /// tdoku's method, cmd: solvers' time limit, clusters.
    #[command(flatten)]
    pub harness: super::harness::HarnessArgs,
}

/// `-s, --solvers`, `-l, --limit` and `--max-nodes`, declared once: `bench` and `solve`
/// take them as they are, `trace` changes the default and help of `--solvers` (no `cmd:`)
/// with `mut_arg`.
#[derive(Debug, Clone, Args)]
pub struct Search {
    /// Solvers to run, comma-separated, in this order (see --help for the list)
    #[arg(
        id = "solvers",
        short = 's',
        long = "solvers",
        visible_alias = "solver",
        value_name = "LIST",
        value_parser = SolverListParser,
        hide_possible_values = true,
        default_value_t = SolverList::default_run(),
        long_help = solvers_help("Solvers to run", CMD_HELP)
    )]
    pub solvers: SolverList,

    /// Solutions to look for: 1 = first solution, 2 = uniqueness check.
    #[arg(short = 'l', long, value_name = "N", default_value_t = 1, value_parser = at_least(1))]
    pub limit: u64,

    /// Node budget of every single solve (nodes = 1 + tries) [default: per solver].
    #[arg(long, value_name = "N", long_help = max_nodes_help(), value_parser = at_least(1))]
    pub max_nodes: Option<u64>,
}

/// `-q, --quiet`, one flag with one meaning for `bench`, `generate`, `grade` and `merge`.
/// `solve` and `trace` take it only to refuse it ([`Command::refused`](super::Command::refused)).
#[derive(Debug, Clone, Copy, Default, Args)]
pub struct Quiet {
    /// No progress, and no summary of a run that finished, on the terminal (the files are
    /// written all the same; notes, warnings, errors, and what a run that stopped early
    /// left, still show).
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

    /// The puzzle of this index in the file or stdin, alone (0-based, as bench counts
    /// puzzles: comments, blank and malformed lines do not count).
    #[arg(long, value_name = "N")]
    pub index: Option<u64>,
}

/// Options of `sudoku-lab solve`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  sudoku-lab solve \\
      '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
      the default solvers, each one's line, the solution, and each against the fastest
  sudoku-lab solve -s dlx -l 3 \\
      '.....6....59.....82....8....45........3........6..3.54...325..6..................'
      the first three solutions side by side, * marking the cells where they differ
  sudoku-lab solve --corpus data/seeds.txt --index 4 -s all
      one puzzle of a file (indexes from 0, as bench counts), every strategy compared
  head -3 corpus.txt | sudoku-lab solve -
      puzzles from stdin, one per line, each solved in turn

A puzzle given as text is read as Norvig's grid_values reads it (digits, then A-P, are givens,
'.' and '0' empty cells, anything else ignored); a file or stdin (at most 1 MiB) as bench reads
a corpus, or as one pretty-printed grid. Exit status: 0 ok, 1 error, 2 usage error, 3 some
solution failed its check. The book's \"solve\" chapter tells the rest.")]
pub struct SolveArgs {
    /// The puzzle, or puzzles (each solved in turn).
    #[command(flatten)]
    pub puzzles: PuzzleArgs,

    /// The solvers, their limit and budget.
    #[command(flatten)]
    pub search: Search,

    /// The time limit of one answer of a cmd: solver, as in bench.
    #[command(flatten)]
    pub timeout: super::harness::Timeout,

    /// The seed of a stochastic strategy (anneal, genetic, tabu), as bench and trace take
    /// it: the same seed gives bench's counters.
    #[arg(long, value_name = "N", default_value_t = sudoku_catalogue::DEFAULT_SEED)]
    pub seed: u64,

    /// Refused (see `Command::refused`).
    #[arg(short = 'q', long, hide = true)]
    pub quiet: bool,
}

/// The formats of `sudoku-lab trace`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum TraceFormat {
    /// One line per event in the classic words, indented by depth, with the grid.
    Text,
    /// One JSON object per event, then a summary line (JSON Lines), for other tools.
    Jsonl,
}

/// How many events a trace prints: `Some(n)`, or `None` for every one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MaxEvents(pub Option<u64>);

impl MaxEvents {
    /// Parses `N` or `all`.
    pub fn parse(text: &str) -> Result<MaxEvents, String> {
        match text.trim() {
            "all" => Ok(MaxEvents(None)),
            n => n
                .parse()
                .map(|n| MaxEvents(Some(n)))
                .map_err(|_| format!("{n:?} is not a count of events: say a number or `all`")),
        }
    }
}

/// Options of `sudoku-lab trace`.
#[derive(Debug, Clone, Args)]
#[command(
    mut_arg("solvers", |a| a
        .default_value("norvig")
        .help("Strategies to trace, comma-separated, one after the other (see --help for the list)")
        .long_help(solvers_help("Strategies to trace", ""))),
    after_help = "Examples:
  sudoku-lab trace data/seeds.txt --index 2 --solver reduce --grid initial,tries | less
      the Spanish grid step by step: eliminate, only choice, then a try, in the essay's words
  sudoku-lab trace data/seeds.txt --index 0 -s naive,norvig,dlx --html polish.html
      a replay page of three strategies side by side on the Polish grid (open it in a browser)
  sudoku-lab trace data/seeds.txt --index 0 -s naive -o polish.txt
      all of naive's 301,535 nodes, one line per event, to a file (a terminal shows the
      first 1,000 events, and the last line says how to get the rest)

The trace ends with the counters, which equal those of bench and solve (same strategy, limit,
budget and seed). --out and --html are staged as every output is: the book's \"What a stopped
run leaves\"; the replay page's keys and addresses: its chapter \"The replay page\". Exit status:
0 ok, 1 error, 2 usage error; interrupted, it ends by the signal it got (130, 143 in a shell)."
)]
pub struct TraceArgs {
    /// The puzzle (of a file or stdin, the first unless --index picks another).
    #[command(flatten)]
    pub puzzles: PuzzleArgs,

    /// The strategies, their limit and budget.
    #[command(flatten)]
    pub search: Search,

    /// The trace's format (to stdout, or to --out).
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = TraceFormat::Text)]
    pub format: TraceFormat,

    /// Where the text trace shows the grid in Norvig's layout: initial (after the initial
    /// propagation), tries (before each try), solutions, all or never, or a list.
    #[arg(
        long,
        value_name = "POINTS",
        default_value = "initial,solutions",
        value_parser = |s: &str| s.parse::<GridPoints>()
    )]
    pub grid: GridPoints,

    /// Print the first N events only, or `all`; the rest are still counted, and the end
    /// says how many were not printed [default: 1000 to a terminal, all to a file (-o) or a
    /// pipe].
    #[arg(long, value_name = "N|all", value_parser = MaxEvents::parse)]
    pub max_events: Option<MaxEvents>,

    /// Write the replay page (one self-contained HTML file, at most 20 MB) instead of the
    /// trace; with --out, the trace too. The same command writes the same bytes.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,

    /// With --html: time a plain solve of each strategy (the least of a few) and show it on
    /// the page as time per node; a timing differs from run to run, and so does the page.
    #[arg(long, requires = "html")]
    pub time_plain: bool,

    /// Write the trace to this file instead of stdout.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// The seed of a stochastic strategy (anneal, genetic, tabu), as bench uses it by
    /// default.
    #[arg(long, value_name = "N", default_value_t = sudoku_catalogue::DEFAULT_SEED)]
    pub seed: u64,

    /// Refused (see `Command::refused`).
    #[arg(short = 'q', long, hide = true)]
    pub quiet: bool,
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
      `dlx (main)`, `dlx (branch)`, corpora matched by file name
  sudoku-lab plot results/bench.csv --figure time --format png --size 1600x900 \\
      --title 'Time per puzzle, four strategies' --name slide3 -o talk
      one figure for a slide: talk/slide3.png, 1600 by 900 pixels

The book's \"plot\" chapter tells how the figures read.")]
pub struct PlotArgs {
    /// The CSV of an earlier `bench` run; several, up to 8 (two commits, two machines), are
    /// drawn on one figure, each solver labelled with its run's file stem.
    #[arg(value_name = "FILE.csv", required = true, num_args = 1..=8)]
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

    /// The heading of the figures, in place of `Time per puzzle: <stem>` (a run that did
    /// not finish still says so after it).
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,

    /// The size of each figure in pixels, `WIDTHxHEIGHT` (100 to 8000 each), its panels
    /// sharing the height [default: 1040 wide, 460 high a corpus, more for a long legend].
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub size: Option<(u32, u32)>,

    /// The files' name: NAME.time.svg and NAME.nodes.svg, or NAME.svg for one --figure
    /// [default: the CSV's stem; several runs' stems joined by -vs-].
    #[arg(long, value_name = "NAME", value_parser = parse_name)]
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
    let bad = || format!("{text:?} is not a size: say WIDTHxHEIGHT in pixels, as 1600x900");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let side = |s: &str| s.trim().parse::<u32>().map_err(|_| bad());
    let (w, h) = (side(w)?, side(h)?);
    if [w, h].iter().all(|n| (100..=8000).contains(n)) {
        Ok((w, h))
    } else {
        Err(format!("{text}: each side must be 100 to 8000 pixels"))
    }
}

/// Parses a name for the figures' files: not empty, not a folder.
fn parse_name(text: &str) -> Result<String, String> {
    if text.is_empty() || text.ends_with(['/', '\\']) || text == "." || text == ".." {
        return Err(format!("{text:?} is not a file name: say one, as slide3"));
    }
    Ok(text.to_string())
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
    /// The subcommand whose page to print (any but help) [default: sudoku-lab's own].
    #[arg(value_name = "SUBCOMMAND", value_parser = PossibleValuesParser::new(PAGES))]
    pub command: Option<String>,
}

/// The subcommands with a page, in their order: not clap's `help`, which has no options of
/// its own. tests/conventions.rs checks the list against the subcommands.
pub const PAGES: [&str; 11] = [
    "bench",
    "solve",
    "trace",
    "generate",
    "grade",
    "summary",
    "plot",
    "merge",
    "compare",
    "completions",
    "man",
];
