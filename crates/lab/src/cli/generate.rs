//! The options of `sudoku-lab generate`, and the parsers that turn a bad one into a usage
//! error that names it.

use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::Args;
use sudoku_core::{Size, Technique};
use sudoku_generator::{Difficulty, NodeBand, Range, Symmetry, DEFAULT_MAX_ATTEMPTS};

use super::numbers::{at_least, from_to};

/// Options of `sudoku-lab generate`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  sudoku-lab generate --count 10 --seed 1
      ten minimal 9x9 puzzles with one solution each, on stdout
  sudoku-lab generate --count 1000 --seed 7 --symmetry rotate180 -o sym.txt
      a thousand puzzles whose givens are symmetric under a half turn
  sudoku-lab generate --count 100 --seed 2 --grade x_wing --max-attempts 100000
      puzzles the logic strategy solves without search, and only with an X-wing
  sudoku-lab generate --count 20 --seed 5 --difficulty expert --max-attempts 100000
      puzzles that need a triple, a quad, an X-wing or a swordfish, and no guess
  sudoku-lab generate --count 100 --seed 3 --nodes naive:100000..1000000
      puzzles on which naive backtracking needs 10^5 to 10^6 nodes
  sudoku-lab generate --count 20 --seed 4 --size 16x16
      16x16 puzzles (symbols 1-9 then A-G)

Output: a provenance header (`#` lines: the command that makes the same file again, what the
puzzles are, the version and git commit of sudoku-lab), then one puzzle per line, '.' for an
empty cell. Puzzle i depends only on the seed and i: the same command gives the same file on
any machine and for any thread count. A file (-o) is written as FILE.running.EXT and named at
the end by how the run ended (FILE.EXT, FILE.interrupted.EXT, FILE.failed.EXT). One that ends
before its count (interrupted, a rare target) has the header's second line written again, in
place, to say how many puzzles it holds, and ends with a `#` line that says where it stopped;
a write that failed keeps what reached the disk. On stdout, a device or a pipe, the header
keeps the count asked for (and `minimal`: the last `#` lines say how many came, and why they
may not be minimal).

Every puzzle has exactly one solution (checked by an exact strategy: bands at 9x9, norvig at
4x4 and 16x16, dlx at 25x25) and is minimal unless --no-minimal: no given (no orbit of
givens, under a symmetry) can be removed without losing uniqueness, as far as the checks
can tell: a removal whose check runs out of its budget (common at 25x25) is refused, and
the file's header then does not say minimal and a `#` line at its end says why (not under
--no-minimal, whose puzzles are not said minimal: it stops digging there). A puzzle that
misses the targets is made again with the random numbers that follow, at most --max-attempts
times; then the run stops with an error (the puzzles before it stay written). Targets no
puzzle can meet (as --grade x_wing --difficulty easy) are usage errors (exit status 2).")]
pub struct GenerateArgs {
    /// How many puzzles.
    #[arg(short = 'n', long, value_name = "N", value_parser = at_least(1))]
    pub count: u64,

    /// The seed: puzzle i is made from ChaCha8 stream i of this seed.
    #[arg(long, value_name = "S")]
    pub seed: u64,

    /// Worker threads [default: all cores]. The puzzles do not depend on it.
    #[arg(short = 'j', long, value_name = "N", value_parser = from_to(1, 1024))]
    pub threads: Option<u64>,

    /// The file to write [default: stdout]. Its folder is created if missing.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// The grid size.
    #[arg(long, value_name = "SIZE", default_value = "9x9",
          value_parser = PossibleValuesParser::new(["4x4", "9x9", "16x16", "25x25"])
              .map(|s| s.parse::<Size>().expect("a listed size")))]
    pub size: Size,

    /// The symmetry of the pattern of givens.
    #[arg(long, value_name = "SYMMETRY", default_value = "none",
          value_parser = PossibleValuesParser::new(Symmetry::ALL.map(Symmetry::name))
              .map(|s| s.parse::<Symmetry>().expect("a listed symmetry")))]
    pub symmetry: Symmetry,

    /// How many givens: a range LOW..HIGH (e.g. 22..26) or one number.
    #[arg(long, value_name = "LOW..HIGH", value_parser = parse_range)]
    pub givens: Option<Range>,

    /// A node band: the strategy of that name (any the catalogue lists: `sudoku-lab bench
    /// --help`, under --solvers) needs LOW..HIGH nodes for the first solution (e.g.
    /// naive:100000..1000000; `_` may separate thousands).
    #[arg(long, value_name = "STRATEGY:LOW..HIGH", value_parser = parse_band)]
    pub nodes: Option<NodeBand>,

    /// The strongest technique the logic strategy needs to solve the puzzle without search.
    #[arg(long, value_name = "TECHNIQUE",
          value_parser = PossibleValuesParser::new(Technique::ALL.map(Technique::name))
              .map(|s| Technique::from_name(&s).expect("a listed technique")))]
    pub grade: Option<Technique>,

    /// The difficulty, as `sudoku-lab grade` gives it: simple, easy, intermediate,
    /// expert (solved by the logic strategy without search, its strongest step on that
    /// rung) or beyond (the logic strategy has to guess).
    #[arg(long, value_name = "DIFFICULTY",
          value_parser = PossibleValuesParser::new(Difficulty::ALL.map(Difficulty::name))
              .map(|s| s.parse::<Difficulty>().expect("a listed difficulty")))]
    pub difficulty: Option<Difficulty>,

    /// Stop digging at the high end of --givens, or at the first given that cannot go,
    /// instead of making the puzzle minimal.
    #[arg(long)]
    pub no_minimal: bool,

    /// Candidates made per puzzle before a rare target is given up (an error).
    #[arg(long, value_name = "K", default_value_t = DEFAULT_MAX_ATTEMPTS,
          value_parser = at_least(1))]
    pub max_attempts: u64,

    /// No progress.
    #[command(flatten)]
    pub quiet: super::Quiet,

    /// When stderr is not a terminal, print a plain progress line every SECONDS seconds
    /// (0: never).
    #[arg(long, value_name = "SECONDS", default_value_t = 5)]
    pub progress_every: u64,
}

/// A range of givens.
fn parse_range(text: &str) -> Result<Range, String> {
    text.parse().map_err(|e| format!("{e}"))
}

/// A node band, as written (whether its strategy exists and its range can hold a count
/// is the generator's to say: see `generate::usage_error`).
fn parse_band(text: &str) -> Result<NodeBand, String> {
    text.parse().map_err(|e| format!("{e}"))
}
