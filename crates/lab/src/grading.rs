//! `sudoku-lab grade`: each puzzle's difficulty (the book's "Grading"), a CSV of one
//! [`GradeRow`] per puzzle, and the count of each difficulty on the terminal.

use std::collections::HashMap;
use std::io::{self, Write};

use anyhow::{Context, Result};
use serde::Serialize;
use sudoku_core::Puzzle;
use sudoku_generator::{grade, Difficulty, Grade, Verdict, GRADER};
use sudoku_reports::wording::plural;
use sudoku_results::{grid_text, GridText};

use crate::cli::GradeArgs;
use crate::input::Input;
use crate::ui::Align::{Left, Right};
use crate::{ui, RunEnd};

/// One line of the CSV: the columns are the book's ("Grading", "The CSV").
#[derive(Debug, Serialize)]
pub struct GradeRow<'a> {
    pub corpus: &'a str,
    pub index: u64,
    pub line: u64,
    pub name: Option<&'a str>,
    pub puzzle: GridText,
    pub status: &'static str,
    pub nodes: u64,
    pub technique: Option<&'static str>,
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

/// A verdict in the summary's words.
fn word(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Unique(d) => d.name(),
        Verdict::NotUnique => "not unique",
        Verdict::NoSolution => "no solution",
        Verdict::Undecided => "undecided",
    }
}

/// The summary: the count and share of each difficulty, then of each other verdict met.
fn summary(tally: &HashMap<&str, u64>, input: &str) -> String {
    let total: u64 = tally.values().sum();
    let share = |n: u64| match total {
        0 => "-".to_string(),
        t => format!("{:.0}%", 100.0 * n as f64 / t as f64),
    };
    let others = ["not unique", "no solution", "undecided"];
    let met = others.into_iter().filter(|w| tally.contains_key(w));
    let shown = (Difficulty::ALL.iter().map(|d| d.name()).chain(met)).map(|name| {
        let n = tally.get(name).copied().unwrap_or(0);
        [name.to_string(), n.to_string(), share(n)]
    });
    let mut rows = vec![["difficulty", "puzzles", "share"].map(String::from)];
    rows.extend(shown);
    let s = plural(total);
    let head = format!("graded {total} puzzle{s} of {input} with {GRADER} (limit 2):\n");
    head + &ui::table(&rows, [Left, Right, Right])
}

/// Runs `grade`: see `sudoku-lab grade --help`.
pub fn grade_puzzles(args: &GradeArgs) -> Result<RunEnd> {
    let input = Input::from_args(&args.puzzles);
    input.refuse_as_output("--out", args.out.as_deref())?;
    let mut puzzles = input.puzzles()?;
    let corpus = puzzles.name.clone();
    let grader = sudoku_catalogue::find(GRADER)
        .context("the catalogue has no logic strategy to grade with")?
        .solver();
    let mut bytes = Vec::new();
    let mut csv = csv::Writer::from_writer(match args.out {
        Some(_) => Sink::File(&mut bytes),
        None => Sink::Stdout,
    });
    let mut tally = HashMap::new();
    // The rows graded before an error are kept: the output holds them.
    let mut end = Ok(RunEnd::Finished);
    let chosen: Box<dyn Iterator<Item = Result<Puzzle>>> = match args.puzzles.index {
        Some(index) => Box::new(std::iter::once(puzzles.nth_puzzle(index))),
        None => Box::new(puzzles),
    };
    for puzzle in chosen {
        let puzzle = match puzzle {
            Ok(p) => p,
            Err(e) => {
                end = Err(e);
                break;
            }
        };
        let graded = grade(grader.as_ref(), &puzzle.grid, args.max_nodes);
        *tally.entry(word(graded.verdict)).or_default() += 1;
        csv.serialize(GradeRow::new(&corpus, &puzzle, &graded))?;
        if args.out.is_none() {
            // Streamed, so that a pipe reads each row as it comes; a reader gone ends it.
            csv.flush()?;
            if !ui::stdout_open() {
                break;
            }
        }
    }
    csv.flush()?;
    drop(csv);
    match &args.out {
        Some(path) => {
            // Through a link, the file it leads to, as every output is written.
            let path = sudoku_reports::staged::through_links(path)?;
            sudoku_reports::staged::write_whole(&path, &bytes)?;
        }
        None => ui::stdout_written()?,
    }
    if !args.quiet.quiet {
        // On stderr: stdout may be the CSV's.
        ui::plain(summary(&tally, &corpus).trim_end());
    }
    end
}
