//! `sudoku-lab grade`: each puzzle's difficulty, as QQWing users expect it, from the logic
//! strategy's public outcome (`sudoku_generator::grade`): a CSV of one [`GradeRow`] per
//! puzzle, and the count of each difficulty on the terminal.

use std::io::{self, Write};

use anyhow::{Context, Result};
use serde::Serialize;
use sudoku_core::Puzzle;
use sudoku_generator::{grade, Difficulty, Grade, Verdict, GRADER};
use sudoku_reports::wording::plural;
use sudoku_results::{grid_text, GridText};

use crate::cli::GradeArgs;
use crate::input::Input;
use crate::{ui, RunEnd};

/// One line of the CSV: the puzzle as bench's rows name it (corpus, index, line, name,
/// puzzle), then its grade.
#[derive(Debug, Serialize)]
pub struct GradeRow<'a> {
    /// The input, as messages name it (the file as given, `stdin`, `the argument`).
    pub corpus: &'a str,
    /// 0-based index among the input's puzzles.
    pub index: u64,
    /// 1-based line of the input.
    pub line: u64,
    /// The label after the puzzle on its line, if any.
    pub name: Option<&'a str>,
    /// The puzzle, as bench's CSV writes a grid.
    pub puzzle: GridText,
    /// `unique`, `not_unique`, `no_solution` or `budget_exhausted` ([`Verdict::name`]).
    pub status: &'static str,
    /// The grader's nodes: `1 + tries`.
    pub nodes: u64,
    /// The strongest technique of the solve, at any node (empty when none).
    pub technique: Option<&'static str>,
    /// The difficulty, for a unique puzzle (empty otherwise).
    pub difficulty: Option<&'static str>,
}

impl<'a> GradeRow<'a> {
    /// The row of `puzzle` of the input `corpus`, graded `grade`.
    fn new(corpus: &'a str, puzzle: &'a Puzzle, grade: &Grade) -> GradeRow<'a> {
        GradeRow {
            corpus,
            index: puzzle.index,
            line: puzzle.line,
            name: puzzle.label.as_deref(),
            puzzle: grid_text(&puzzle.grid),
            status: grade.verdict.name(),
            nodes: grade.nodes,
            technique: grade.technique.map(|t| t.name()),
            difficulty: grade.verdict.difficulty().map(Difficulty::name),
        }
    }
}

/// Where the CSV goes: the bytes of a file written whole at the end, or stdout as it comes
/// (through [`ui::out`], which a closed pipe ends quietly).
enum Sink<'a> {
    File(&'a mut Vec<u8>),
    Stdout,
}

impl Write for Sink<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Sink::File(bytes) => bytes.extend_from_slice(buf),
            Sink::Stdout => ui::out(String::from_utf8_lossy(buf)),
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The verdicts that give no difficulty, in the summary's words and order.
const NO_DIFFICULTY: [&str; 3] = ["not unique", "no solution", "undecided"];

/// How many puzzles had each verdict: the unique ones by difficulty (in the order of
/// [`Difficulty::ALL`]), the others as [`NO_DIFFICULTY`] lists them.
#[derive(Debug, Default)]
struct Tally {
    by_difficulty: [u64; Difficulty::ALL.len()],
    no_difficulty: [u64; NO_DIFFICULTY.len()],
}

impl Tally {
    fn add(&mut self, verdict: Verdict) {
        match verdict {
            Verdict::Unique(d) => self.by_difficulty[d as usize] += 1,
            Verdict::NotUnique => self.no_difficulty[0] += 1,
            Verdict::NoSolution => self.no_difficulty[1] += 1,
            Verdict::Undecided => self.no_difficulty[2] += 1,
        }
    }

    /// The summary: a line, then the count and share of each difficulty, then the puzzles
    /// with no difficulty, when there are some.
    fn text(&self, input: &str) -> String {
        let total: u64 = self.by_difficulty.iter().chain(&self.no_difficulty).sum();
        let share = |n: u64| match total {
            0 => "-".to_string(),
            t => format!("{:.0}%", 100.0 * n as f64 / t as f64),
        };
        let mut out = format!(
            "graded {total} puzzle{} of {input} with {GRADER} (limit 2):\n",
            plural(total)
        );
        out.push_str("difficulty    puzzles  share\n");
        let rows = Difficulty::ALL
            .iter()
            .map(|d| (d.name(), self.by_difficulty[*d as usize]))
            .chain(
                NO_DIFFICULTY
                    .into_iter()
                    .zip(self.no_difficulty)
                    .filter(|(_, n)| *n > 0),
            );
        for (name, n) in rows {
            out.push_str(&format!("{name:<12}  {n:>7}  {:>5}\n", share(n)));
        }
        out
    }
}

/// Runs `grade`: see `sudoku-lab grade --help`.
pub fn grade_puzzles(args: &GradeArgs) -> Result<RunEnd> {
    let input = Input::from_args(&args.puzzles)?;
    let mut puzzles = input.puzzles()?;
    let corpus = puzzles.name().to_string();
    let grader = sudoku_catalogue::find(GRADER)
        .context("the catalogue has no logic strategy to grade with")?
        .solver();
    let mut bytes = Vec::new();
    let mut csv = csv::Writer::from_writer(match args.out {
        Some(_) => Sink::File(&mut bytes),
        None => Sink::Stdout,
    });
    let mut tally = Tally::default();
    let mut failed = None;
    let chosen: Box<dyn Iterator<Item = Result<Puzzle>>> = match args.puzzles.index {
        Some(index) => Box::new(std::iter::once(puzzles.nth_puzzle(index))),
        None => Box::new(puzzles),
    };
    for puzzle in chosen {
        let puzzle = match puzzle {
            Ok(p) => p,
            Err(e) => {
                failed = Some(e);
                break;
            }
        };
        let graded = grade(grader.as_ref(), &puzzle.grid, args.max_nodes);
        tally.add(graded.verdict);
        csv.serialize(GradeRow::new(&corpus, &puzzle, &graded))?;
        if args.out.is_none() {
            // Streamed, so that a pipe reads each row as it comes.
            csv.flush()?;
        }
    }
    csv.flush()?;
    drop(csv);
    match &args.out {
        // The rows graded before an error are kept: the file holds them.
        Some(path) => sudoku_reports::staged::write_whole(path, &bytes)?,
        None => ui::stdout_written()?,
    }
    if !args.quiet.quiet {
        // On stderr: stdout may be the CSV's.
        ui::plain(tally.text(&corpus).trim_end());
    }
    match failed {
        Some(e) => Err(e),
        None => Ok(RunEnd::Finished),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Grid;

    #[test]
    fn the_summary_counts_each_difficulty() {
        let mut tally = Tally::default();
        for v in [
            Verdict::Unique(Difficulty::Easy),
            Verdict::Unique(Difficulty::Easy),
            Verdict::Unique(Difficulty::Beyond),
            Verdict::NotUnique,
        ] {
            tally.add(v);
        }
        assert_eq!(
            tally.text("f.txt"),
            "graded 4 puzzles of f.txt with logic (limit 2):\n\
             difficulty    puzzles  share\n\
             simple              0     0%\n\
             easy                2    50%\n\
             intermediate        0     0%\n\
             expert              0     0%\n\
             beyond              1    25%\n\
             not unique          1    25%\n"
        );
    }

    #[test]
    fn a_row_names_the_puzzle_and_its_grade() {
        let grid: Grid =
            ".43.8.25.6.............1.949....4.7....6.8....1.2....382.5.............5.34.9.71."
                .parse()
                .unwrap();
        let puzzle = Puzzle {
            grid,
            solution: None,
            label: Some("easy50 #6".into()),
            line: 7,
            index: 6,
        };
        let grader = sudoku_catalogue::find(GRADER).unwrap().solver();
        let graded = grade(grader.as_ref(), &grid, 1_000_000);
        let mut csv = csv::Writer::from_writer(Vec::new());
        csv.serialize(GradeRow::new("easy50.txt", &puzzle, &graded))
            .unwrap();
        let text = String::from_utf8(csv.into_inner().unwrap()).unwrap();
        assert_eq!(
            text,
            "corpus,index,line,name,puzzle,status,nodes,technique,difficulty\n\
             easy50.txt,6,7,easy50 #6,.43.8.25.|6........|.....1.94|9....4.7.|...6.8...|\
             .1.2....3|82.5.....|........5|.34.9.71.,unique,1,x_wing,expert\n"
        );
    }
}
