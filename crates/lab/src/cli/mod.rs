//! The command line (clap, derive API): `bench`, `solve`, `trace`, `generate`, `grade`, `summary`,
//! `plot`, `merge`, `compare`, `completions` and `man`.

mod args;
mod command;
mod generate_grade;
mod harness;
mod numbers;
mod runs;
mod solvers;

use clap::{Parser, Subcommand};

pub use args::*;
pub use command::CommandSpec;
pub use generate_grade::{GenerateArgs, GradeArgs};
pub use harness::{CpuList, HarnessArgs, ShardArg};
pub use runs::{CompareArgs, MergeArgs};
pub use solvers::{SolverList, SolverSpec};

/// Times the classic sudoku strategies over puzzle corpora.
#[derive(Debug, Parser)]
#[command(
    name = "sudoku-lab",
    version = crate::version::SHORT,
    long_version = crate::version::LONG,
    after_help = "Examples:
  sudoku-lab bench                      # the default solvers over the puzzles of data/
  sudoku-lab solve data/seeds.txt --index 4 -s all
  sudoku-lab trace data/seeds.txt --index 0 -s naive,norvig,dlx --html polish.html
  sudoku-lab generate --count 100 --seed 1 --grade x_wing --max-attempts 100000 -o x.txt
  sudoku-lab grade ../shared/corpora/norvig_sudoku-top95.txt -o top95.grades.csv
  sudoku-lab plot results/bench.csv     # summary, merge and compare too: each has its --help

Exit status: 0 ok, 1 error, 2 usage error, 3 some solution failed its check, 4 compare
--fail-above found a regression; an interrupted command ends by its signal (130 or 143 in a
shell). The book's \"The runner at a glance\" tells the rest."
)]
pub struct Cli {
    /// When to colour errors and warnings (`auto`: on a terminal, unless NO_COLOR is set).
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value_t = clap::ColorChoice::Auto)]
    pub color: clap::ColorChoice,

    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Time solvers over corpora in parallel; write a CSV, its summary and a run sidecar.
    Bench(BenchArgs),
    /// Solve one puzzle (argument or stdin) with some solvers, and show the work.
    Solve(SolveArgs),
    /// Show one puzzle's search step by step, in words, as JSON Lines, or as a replay page.
    Trace(TraceArgs),
    /// Make puzzles: seeded, one solution, minimal, symmetric, graded, at every size.
    Generate(GenerateArgs),
    /// Grade puzzles as QQWing does: the hardest technique each needs, and a difficulty.
    Grade(GradeArgs),
    /// Print the summary table again from the CSV of an earlier run.
    Summary(SummaryArgs),
    /// Draw SVG figures (time per puzzle, nodes against time) from the CSV of a run.
    Plot(PlotArgs),
    /// Join the CSVs of a run's shards (`bench --shard K/N`) into one run.
    Merge(MergeArgs),
    /// Compare two runs: time ratios with confidence intervals, wins, counters that differ.
    Compare(CompareArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(CompletionsArgs),
    /// Print a manual page (roff): sudoku-lab's, or a subcommand's.
    Man(ManArgs),
}
