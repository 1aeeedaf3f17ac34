//! A fixed workload, for instruction counts (`valgrind --tool=callgrind`): solves every
//! `STEP`-th puzzle of a corpus file with one encoding, first solution only, and prints
//! the puzzles, the total nodes and backtracks, and the wall time per puzzle.
//!
//! ```text
//! cargo build --release -p sudoku-sat --example sat_workload
//! valgrind --tool=callgrind target/release/examples/sat_workload FILE [minimal|extended] [STEP]
//! ```

use std::time::Instant;

use sudoku_core::{Grid, Limits, Solver};
use sudoku_sat::Sat;
use sudoku_testkit::usage;

/// The usage line.
const USAGE: &str = "usage: sat_workload FILE [minimal|extended] [STEP] (extended and \
every puzzle, STEP 1, by default)";

fn main() {
    let args = usage::Args::new(USAGE);
    args.at_most(3);
    let path = args.required(0, "FILE, a corpus file");
    let sat = match args.get(1) {
        None | Some("extended") => Sat::EXTENDED,
        Some("minimal") => Sat::MINIMAL,
        Some(other) => args.fail(format_args!("{other:?} is neither minimal nor extended")),
    };
    let step: usize = args.parsed_or(2, "a step (STEP)", 1);
    if step == 0 {
        args.fail("STEP 0: take every STEP-th puzzle, STEP 1 or more");
    }
    let puzzles: Vec<Grid> = args
        .corpus(path)
        .map(|p| p.unwrap_or_else(|e| args.error(e)).grid)
        .step_by(step)
        .collect();
    let (mut nodes, mut backtracks) = (0, 0);
    let start = Instant::now();
    for puzzle in &puzzles {
        let out = sat.solve(puzzle, &Limits::FIRST);
        nodes += out.counters.nodes;
        backtracks += out.counters.backtracks;
    }
    let elapsed = start.elapsed();
    println!(
        "{}: {} puzzles, {nodes} nodes, {backtracks} backtracks, {:.1} µs per puzzle",
        sat.name(),
        puzzles.len(),
        elapsed.as_secs_f64() * 1e6 / puzzles.len() as f64
    );
}
