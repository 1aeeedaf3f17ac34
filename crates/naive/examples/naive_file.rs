//! Solves every puzzle of a corpus file with the naive strategy and prints the CSV of
//! `../shared/reference/naive_ref.c`, so that the two outputs can be diffed and the two
//! programs timed side by side (whole process, one thread):
//!
//! ```text
//! cargo run --release -p sudoku-naive --example naive_file -- FILE [LIMIT]
//! ```
//!
//! Columns: `index,puzzle,status,nodes,backtracks,solutions,solution`; the puzzle with
//! `.` for an empty cell, the status `ok` or `budget`, the first solution found (empty if
//! none). A malformed line is reported on stderr and skipped, as `naive_ref` skips it.

use std::error::Error;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use sudoku_core::{CorpusReader, Limits, Solver, Status};
use sudoku_naive::Naive;
use sudoku_testkit::usage;

/// The usage line.
const USAGE: &str =
    "usage: naive_file FILE [LIMIT] (LIMIT: the solutions to look for, 1 by default)";

fn run(path: &str, limit: u64) -> Result<(), Box<dyn Error>> {
    let limits = Limits::solutions(limit);
    let reader = CorpusReader::open(path)?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    writeln!(
        out,
        "index,puzzle,status,nodes,backtracks,solutions,solution"
    )?;
    for puzzle in reader {
        let puzzle = match puzzle {
            Ok(p) => p,
            Err(e) if e.is_malformed_line() => {
                eprintln!("skipped: {e}");
                continue;
            }
            Err(e) => return Err(e.into()),
        };
        let outcome = Naive.solve(&puzzle.grid, &limits);
        let status = match outcome.status {
            Status::BudgetExhausted => "budget",
            Status::Solved | Status::NoSolution => "ok",
        };
        let solution = outcome.solution.map(|g| g.to_line()).unwrap_or_default();
        writeln!(
            out,
            "{},{},{},{},{},{},{}",
            puzzle.index,
            puzzle.grid.to_line(),
            status,
            outcome.counters.nodes,
            outcome.counters.backtracks,
            outcome.solutions,
            solution
        )?;
    }
    out.flush()?;
    Ok(())
}

fn main() -> ExitCode {
    let args = usage::Args::new(USAGE);
    args.at_most(2);
    let path = args.required(0, "FILE, a corpus file");
    let limit: u64 = args.parsed_or(1, "a count of solutions (LIMIT)", 1);
    match run(path, limit) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("naive_file: {e}");
            ExitCode::FAILURE
        }
    }
}
