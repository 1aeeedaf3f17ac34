//! A fixed workload for instruction counts: solves the puzzles of a file (one per line,
//! the first CSV field; lines that are not a grid are skipped), first solution only,
//! and prints how many it solved and the total nodes.
//!
//! ```text
//! cargo build --release -p sudoku-dlx --example workload
//! valgrind --tool=callgrind target/release/examples/workload FILE [COUNT] [observed]
//! ```
//!
//! With `observed`, every solve goes through `solve_observed` with an observer that
//! counts the events.

use std::io::BufRead;

use sudoku_core::{Event, Grid, Limits, Solver};
use sudoku_dlx::Dlx;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .expect("usage: workload FILE [COUNT] [observed]");
    let count: usize = args
        .next()
        .map_or(usize::MAX, |n| n.parse().expect("a count"));
    let observed = args.next().as_deref() == Some("observed");
    let file = std::fs::File::open(&path).expect("a readable file");
    let puzzles: Vec<Grid> = std::io::BufReader::new(file)
        .lines()
        .map_while(Result::ok)
        .filter_map(|line| line.split(',').next()?.trim().parse().ok())
        .take(count)
        .collect();
    let (mut nodes, mut events) = (0u64, 0u64);
    for puzzle in &puzzles {
        let out = if observed {
            solve_observed(puzzle, &mut events)
        } else {
            Dlx.solve(puzzle, &Limits::FIRST)
        };
        nodes += out.counters.nodes;
    }
    println!("{} puzzles, {nodes} nodes, {events} events", puzzles.len());
}

/// `solve_observed` with an observer that counts the events.
fn solve_observed(puzzle: &Grid, events: &mut u64) -> sudoku_core::Outcome {
    let mut count = |_: Event| *events += 1;
    Dlx.solve_observed(puzzle, &Limits::FIRST, &mut count)
}
