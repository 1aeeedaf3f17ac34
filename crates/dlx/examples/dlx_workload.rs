//! A fixed workload, for instruction counts and rough timings: solves the puzzles of a
//! file (one per line, the first CSV field; lines that are not a grid are skipped),
//! first solution only, and prints how many it solved, the total nodes, the events
//! seen, and the median and mean wall time per puzzle.
//!
//! ```text
//! cargo build --release -p sudoku-dlx --example dlx_workload
//! valgrind --tool=callgrind target/release/examples/dlx_workload FILE [COUNT] [plain|observed|essay]
//! ```
//!
//! `plain` (the default) runs `Dlx::solve`; `observed` runs `Dlx::solve_observed` with
//! an observer that counts the events; `essay` runs `DlxEssay::solve`.

use std::io::BufRead;
use std::time::{Duration, Instant};

use sudoku_core::{Event, Grid, Limits, Outcome, Solver};
use sudoku_dlx::{Dlx, DlxEssay};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .expect("usage: workload FILE [COUNT] [plain|observed|essay]");
    let count: usize = args
        .next()
        .map_or(usize::MAX, |n| n.parse().expect("a count"));
    let mode = args.next().unwrap_or_else(|| "plain".into());
    let file = std::fs::File::open(&path).expect("a readable file");
    let puzzles: Vec<Grid> = std::io::BufReader::new(file)
        .lines()
        .map_while(Result::ok)
        .filter_map(|line| line.split(',').next()?.trim().parse().ok())
        .take(count)
        .collect();
    let (mut nodes, mut events) = (0u64, 0u64);
    let mut times = Vec::with_capacity(puzzles.len());
    for puzzle in &puzzles {
        let start = Instant::now();
        let out = match mode.as_str() {
            "observed" => solve_observed(puzzle, &mut events),
            "essay" => DlxEssay.solve(puzzle, &Limits::FIRST),
            _ => Dlx.solve(puzzle, &Limits::FIRST),
        };
        times.push(start.elapsed());
        nodes += out.counters.nodes;
    }
    times.sort();
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    let mean = times.iter().sum::<Duration>() / times.len().max(1) as u32;
    println!(
        "{} puzzles, {nodes} nodes, {events} events; median {median:?}, mean {mean:?}",
        puzzles.len()
    );
}

/// `Dlx::solve_observed` with an observer that counts the events.
fn solve_observed(puzzle: &Grid, events: &mut u64) -> Outcome {
    let mut count = |_: Event| *events += 1;
    Dlx.solve_observed(puzzle, &Limits::FIRST, &mut count)
}
