//! A fixed workload for instruction counts: the reduce strategy's plain solve over every
//! puzzle of a corpus file, once, printing the total nodes and backtracks (so that the
//! work cannot be optimised away and two builds can be checked to do the same search).
//!
//! ```text
//! cargo build --release -p sudoku-reduce --example reduce_work
//! valgrind --tool=callgrind target/release/examples/reduce_work FILE [LIMIT [essay]]
//! ```
//!
//! The file is read before the solves; compare the instruction counts of two builds on
//! the same file and limit (the reading costs both the same). With `essay`, the solver
//! is `reduce-essay` instead of `reduce`.

use std::error::Error;
use std::process::ExitCode;

use sudoku_core::{CorpusReader, Grid, Limits, Solver};
use sudoku_reduce::{Reduce, ReduceEssay};
use sudoku_testkit::usage;

/// The usage line.
const USAGE: &str = "usage: reduce_work FILE [LIMIT [essay]] (LIMIT: the solutions to look \
for, 1 by default; essay: reduce-essay instead of reduce)";

fn run(path: &str, limit: u64, solver: &dyn Solver) -> Result<(), Box<dyn Error>> {
    let puzzles: Vec<Grid> = CorpusReader::open(path)?
        .map(|p| p.map(|p| p.grid))
        .collect::<Result<_, _>>()?;
    let limits = Limits::solutions(limit);
    let (mut nodes, mut backtracks) = (0u64, 0u64);
    for puzzle in &puzzles {
        let outcome = solver.solve(std::hint::black_box(puzzle), &limits);
        nodes += outcome.counters.nodes;
        backtracks += outcome.counters.backtracks;
    }
    println!(
        "{}: {} puzzles, limit {limit}: {nodes} nodes, {backtracks} backtracks",
        solver.name(),
        puzzles.len()
    );
    Ok(())
}

fn main() -> ExitCode {
    let args = usage::Args::new(USAGE);
    args.at_most(3);
    let path = args.required(0, "FILE, a corpus file");
    let limit: u64 = args.parsed_or(1, "a count of solutions (LIMIT)", 1);
    let solver: &dyn Solver = match args.get(2) {
        None => &Reduce,
        Some("essay") => &ReduceEssay,
        Some(other) => args.fail(format_args!("{other:?}: the only option is `essay`")),
    };
    match run(path, limit, solver) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("reduce_work: {e}");
            ExitCode::FAILURE
        }
    }
}
