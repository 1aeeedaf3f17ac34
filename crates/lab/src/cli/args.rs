//! The options of each subcommand.

use std::path::PathBuf;

use clap::builder::PossibleValuesParser;
use clap::Args;

use sudoku_trace::GridPoints;

use super::numbers::{at_least, from_to};
use super::solvers::{max_nodes_help, solvers_help, SolverList, SolverListParser, CMD_HELP};

/// The seed puzzles, the first corpus `bench` reads by default (built in when missing).
pub const DEFAULT_CORPUS: &str = "data/seeds.txt";
/// The project's generated corpora in graded bands, the rest of `bench`'s default (skipped
/// when missing).
pub const DEFAULT_GENERATED: &str = "data/bench";
/// The CSV `bench` writes by default (its folder is ignored by git).
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

    /// Solvers to run, comma-separated, in this order (see --help for the list)
    #[arg(
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

    /// tdoku's method (isomorphs, warm-up, pinning), cmd: solvers' time limit, clusters
    /// (shards, resume).
    #[command(flatten)]
    pub harness: super::harness::HarnessArgs,
}

/// `-q, --quiet`, declared once for every command that takes it (`bench`, `generate`,
/// `grade`, `merge`), with one meaning. `solve` and `trace`, whose output is what they were
/// asked for, take it only to refuse it with a usage error that says why
/// ([`Command::refused`](super::Command::refused)).
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
      the default solvers, each one's line, the solution, and a table comparing them
  sudoku-lab solve -s dlx -l 3 \\
      '.....6....59.....82....8....45........3........6..3.54...325..6..................'
      the first three solutions side by side, * marking the cells where they differ
  sudoku-lab solve -s dlx -l 2 data/seeds.txt
      every puzzle of a file in turn, each one's uniqueness checked
  sudoku-lab solve --corpus data/seeds.txt --index 4 -s all
      one puzzle of a file (indexes from 0, as bench counts), every strategy compared
  head -3 corpus.txt | sudoku-lab solve -
      puzzles from stdin, one per line, each solved in turn

A puzzle given as text is read as Norvig's grid_values reads it: digits 1-9 (then A-P for 16x16
and 25x25) are givens, '.' and '0' empty cells, anything else is ignored, so a pretty-printed
grid works too. A file or stdin is read as bench reads a corpus (one puzzle per line, any size,
a known solution after it checked against every answer as in bench; a file or stdin holding one
pretty-printed grid is that grid); stdin is read up to 1 MiB.
Exit status: 0 ok, 1 error (a puzzle that does not parse, an index past the end, no puzzle at
all, nothing solved as no solver of the list takes the puzzles' size), 2 usage error, 3 some
solution failed its check (a cmd: solver that timed out or crashed has that status, and its
reason on a `why:` line, as its row in bench: no check failed).")]
pub struct SolveArgs {
    /// The puzzle, or puzzles (each solved in turn).
    #[command(flatten)]
    pub puzzles: PuzzleArgs,

    /// Solvers to use, comma-separated (see --help for the list)
    #[arg(
        short = 's',
        long = "solver",
        visible_alias = "solvers",
        value_name = "LIST",
        value_parser = SolverListParser,
        hide_possible_values = true,
        default_value_t = SolverList::default_run(),
        long_help = solvers_help("Solvers to use", CMD_HELP)
    )]
    pub solvers: SolverList,

    /// Solutions to look for: 1 = first solution, 2 = uniqueness check; from 2 up, the
    /// first solutions found (up to 4) are shown side by side.
    #[arg(short = 'l', long, value_name = "N", default_value_t = 1, value_parser = at_least(1))]
    pub limit: u64,

    /// Node budget of the solve [default: per solver, as `sudoku-lab bench --help` lists].
    #[arg(long, value_name = "N", value_parser = at_least(1))]
    pub max_nodes: Option<u64>,

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
#[command(after_help = "Examples:
  sudoku-lab trace data/seeds.txt --index 2 --solver reduce --grid initial,tries | less
      the Spanish grid step by step: eliminate, only choice, then a try, in the essay's words
  sudoku-lab trace data/seeds.txt --index 0 -s naive,norvig,dlx --html polish.html
      a replay page of three strategies side by side on the Polish grid (open it in a browser)
  sudoku-lab trace data/seeds.txt --index 0 -s naive -o polish.txt
      all of naive's 301,535 nodes, one line per event, to a file (a terminal shows the
      first 1,000 events, and the last line says how to get the rest)
  sudoku-lab trace -s dlx --format jsonl \\
      '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
      one JSON object per event, for other tools

The trace ends with the counters, which equal those of bench and solve (same strategy, limit,
budget and seed). The replay page is one file with no network access; `#play=max` at the end of
its address plays it to the end, and `#at=1200,end` opens it at a moment (each strategy's
position, in the order of the panels; `#at=0.4` a fraction of each timeline): its button 'link
to this moment' writes that address, for a teacher to share. On the page, space plays or pauses,
the arrows step, Home and End jump. --out and --html write FILE.running.EXT (locked), renamed to
FILE once whole and made durable: a write that fails (its sync to the disk at the end, and the
rename into place, included), or an interrupt (which ends a trace at once), removes it and leaves
an earlier FILE as it was; one whose running name leads to another file by its end (moved away,
another file put under the name) is not renamed, and both are left as they are (exit 1). Exit
status: 0 ok, 1 error (a puzzle that does not parse, an index past the end, a file that cannot be
written), 2 usage error; interrupted, it ends by the signal it got (130 in a shell for Ctrl-C, 143
for SIGTERM), so a shell loop stops.")]
pub struct TraceArgs {
    /// The puzzle (of a file or stdin, the first unless --index picks another).
    #[command(flatten)]
    pub puzzles: PuzzleArgs,

    /// Strategies to trace, comma-separated, one after the other (see --help for the list)
    #[arg(
        short = 's',
        long = "solvers",
        visible_alias = "solver",
        value_name = "LIST",
        value_parser = SolverListParser,
        hide_possible_values = true,
        default_value = "norvig",
        long_help = solvers_help("Strategies to trace", "")
    )]
    pub solvers: SolverList,

    /// Solutions to look for: 1 = first solution, 2 = uniqueness check.
    #[arg(short = 'l', long, value_name = "N", default_value_t = 1, value_parser = at_least(1))]
    pub limit: u64,

    /// Node budget of each strategy's search [default: per solver, as `sudoku-lab bench
    /// --help` lists].
    #[arg(long, value_name = "N", value_parser = at_least(1))]
    pub max_nodes: Option<u64>,

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
      `dlx (main)`, `dlx (branch)`, corpora matched by file name (by path for two
      corpora of a run that share one); the second run dark and dashed beside the first
  sudoku-lab plot results/bench.csv --figure time --format png --size 1600x900 \\
      --title 'Time per puzzle, four strategies' --name slide3 -o talk
      one figure for a slide: talk/slide3.png, 1600 by 900 pixels

Panels are named by their corpus's file stem; legends list the solvers in the catalogue's
order. The PNG's text is DejaVu Sans, built in: the same pixels on every machine.")]
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
    let (w, h): (u32, u32) = (
        w.trim().parse().map_err(|_| bad())?,
        h.trim().parse().map_err(|_| bad())?,
    );
    let within = |n: u32| (100..=8000).contains(&n);
    if within(w) && within(h) {
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

/// The subcommands with a page, in their order: not clap's `help`, which has no options
/// of its own (its page listed one page per subcommand under its name, pages that are not
/// there).
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

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn every_subcommand_has_a_page() {
        let cli = super::super::Cli::command();
        let names: Vec<&str> = cli.get_subcommands().map(|c| c.get_name()).collect();
        assert_eq!(names, PAGES);
    }
}
