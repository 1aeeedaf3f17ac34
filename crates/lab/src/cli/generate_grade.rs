//! The options of the commands built on `sudoku-generator`: `generate`, and `grade`.

use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::Args;
use sudoku_core::{Size, Technique};
use sudoku_generator::{Difficulty, NodeBand, Range, Symmetry, DEFAULT_MAX_ATTEMPTS};

use super::numbers::{at_least, from_to};
use super::{PuzzleArgs, Quiet};

#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  sudoku-lab generate --count 10 --seed 1     # ten minimal 9x9 puzzles, one solution each
  sudoku-lab generate --count 100 --seed 2 --grade x_wing --max-attempts 100000  # X-wing needed
  sudoku-lab generate --count 100 --seed 3 --nodes naive:100000..1000000   # 10^5..10^6 nodes

Output: a provenance header (`#` lines), then one puzzle per line. The same command gives the
same file on any machine. The book's \"generate\" chapter tells the rest.")]
pub struct GenerateArgs {
    /// How many puzzles.
    #[arg(short = 'n', long, value_name = "N", value_parser = at_least(1))]
    pub count: u64,

    /// The seed: puzzle i is made from ChaCha8 stream i of this seed.
    #[arg(long, value_name = "S")]
    pub seed: u64,

    /// Worker threads [default: all cores]; the puzzles do not depend on it.
    #[arg(short = 'j', long, value_name = "N", value_parser = from_to(1, 1024))]
    pub threads: Option<u64>,

    /// The file to write [default: stdout].
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
    #[arg(long, value_name = "LOW..HIGH")]
    pub givens: Option<Range>,

    /// A node band: the strategy needs LOW..HIGH nodes for the first solution.
    #[arg(long, value_name = "STRATEGY:LOW..HIGH")]
    pub nodes: Option<NodeBand>,

    /// The strongest technique the logic strategy needs to solve the puzzle without search.
    #[arg(long, value_name = "TECHNIQUE",
          value_parser = PossibleValuesParser::new(Technique::ALL.map(Technique::name))
              .map(|s| Technique::from_name(&s).expect("a listed technique")))]
    pub grade: Option<Technique>,

    /// The difficulty, as `sudoku-lab grade` gives it.
    #[arg(long, value_name = "DIFFICULTY",
          value_parser = PossibleValuesParser::new(Difficulty::ALL.map(Difficulty::name))
              .map(|s| s.parse::<Difficulty>().expect("a listed difficulty")))]
    pub difficulty: Option<Difficulty>,

    /// Stop digging at the high end of --givens instead of making the puzzle minimal.
    #[arg(long)]
    pub no_minimal: bool,

    /// Candidates made per puzzle before a rare target is given up (an error).
    #[arg(long, value_name = "K", default_value_t = DEFAULT_MAX_ATTEMPTS,
          value_parser = at_least(1))]
    pub max_attempts: u64,

    #[command(flatten)]
    pub quiet: Quiet,

    /// Off a terminal, a plain progress line every SECONDS seconds (0: never).
    #[arg(long, value_name = "SECONDS", default_value_t = 5)]
    pub progress_every: u64,
}

#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  sudoku-lab grade ../shared/corpora/norvig_sudoku-top95.txt -o top95.grades.csv
  sudoku-lab generate --count 10 --seed 1 --difficulty expert --max-attempts 100000 \\
      | sudoku-lab grade -q -

The book's \"Grading puzzles\" tells the ladder of difficulties and the CSV's columns.")]
pub struct GradeArgs {
    #[command(flatten)]
    pub puzzles: PuzzleArgs,

    /// The CSV to write [default: stdout].
    #[arg(short = 'o', long, value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// The node budget of each puzzle's grading.
    #[arg(long, value_name = "N", default_value_t = sudoku_generator::GRADER_BUDGET,
          value_parser = at_least(1))]
    pub max_nodes: u64,

    #[command(flatten)]
    pub quiet: Quiet,
}
