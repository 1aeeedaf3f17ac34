//! A fixed workload, for instruction counts (`valgrind --tool=callgrind`): solves every
//! `STEP`-th puzzle of a corpus file with one encoding, first solution only, and prints
//! the puzzles, the total nodes and backtracks, and the wall time per puzzle.
//!
//! ```text
//! cargo build --release -p sudoku-sat --example sat_workload
//! valgrind --tool=callgrind target/release/examples/sat_workload FILE [minimal|extended] [STEP]
//! ```

use std::time::Instant;

use sudoku_core::{CorpusReader, Grid, Limits, Solver};
use sudoku_sat::Sat;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .expect("usage: workload FILE [minimal|extended] [STEP]");
    let sat = match args.next().as_deref() {
        None | Some("extended") => Sat::EXTENDED,
        Some("minimal") => Sat::MINIMAL,
        Some(other) => panic!("{other}: minimal or extended"),
    };
    let step = args.next().map_or(1, |s| s.parse().expect("a step"));
    let puzzles: Vec<Grid> = CorpusReader::open(&path)
        .unwrap_or_else(|e| panic!("{e}"))
        .map(|p| p.unwrap_or_else(|e| panic!("{e}")).grid)
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
