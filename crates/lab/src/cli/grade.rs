//! The options of `sudoku-lab grade`.

use std::path::PathBuf;

use clap::Args;

use super::numbers::at_least;
use super::{PuzzleArgs, Quiet};

/// Options of `sudoku-lab grade`.
#[derive(Debug, Clone, Args)]
#[command(after_help = grade_after_help())]
pub struct GradeArgs {
    /// The puzzles.
    #[command(flatten)]
    pub puzzles: PuzzleArgs,

    /// The CSV to write [default: stdout]. Written whole, then put in place: a grading that
    /// fails leaves an earlier FILE as it was.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// The node budget of each puzzle's grading.
    #[arg(long, value_name = "N", default_value_t = sudoku_generator::GRADER_BUDGET,
          value_parser = at_least(1))]
    pub max_nodes: u64,

    /// No summary (the count of each difficulty) on the terminal; warnings and errors still
    /// show.
    #[command(flatten)]
    pub quiet: Quiet,
}

/// The help's examples and notes, with the ladder of difficulties as
/// [`Difficulty`](sudoku_generator::Difficulty) states it.
fn grade_after_help() -> String {
    let ladder: Vec<String> = sudoku_generator::Difficulty::ALL
        .iter()
        .map(|d| {
            let techniques: Vec<String> = d.techniques().iter().map(|t| t.to_string()).collect();
            let needs = match techniques.as_slice() {
                [] => "a guess: every technique gets stuck".to_string(),
                [one] => format!("{one}s"),
                some => some.join(", "),
            };
            format!("  {:<12}  {needs}", d.name())
        })
        .collect();
    format!(
        "Examples:
  sudoku-lab grade ../shared/corpora/norvig_sudoku-top95.txt -o top95.grades.csv
      every puzzle of the file graded, the CSV in top95.grades.csv, the count of each
      difficulty on the terminal
  sudoku-lab grade \\
      '.43.8.25.6.............1.949....4.7....6.8....1.2....382.5.............5.34.9.71.'
      one puzzle: its CSV line on stdout (expert: an X-wing is its hardest step)
  sudoku-lab generate --count 10 --seed 1 --difficulty expert --max-attempts 100000 \\
      | sudoku-lab grade -q -
      puzzles made at a difficulty, graded again

The grade is the logic strategy's (the catalogue's `logic`: a person's techniques, the weakest
first, then a guess when every one is stuck), from a uniqueness check (limit 2). A puzzle
solved without a guess has the difficulty of the strongest technique it needed; one that
needed a guess is beyond:
{}
Columns: corpus, index, line, name (as bench's CSV), puzzle, status (unique, not_unique,
no_solution, budget_exhausted), nodes (1 + the guesses), technique (the strongest step the
solve took, at any node), difficulty (for a unique puzzle only). `generate --difficulty NAME`
makes puzzles of a difficulty.
Exit status: 0 ok, 1 error (a puzzle that does not parse, a file that cannot be read or
written), 2 usage error.",
        ladder.join("\n")
    )
}
