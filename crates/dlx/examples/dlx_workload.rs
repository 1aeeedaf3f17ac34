//! A fixed workload, for instruction counts and rough timings: solves the puzzles of a
//! corpus (read as `sudoku-lab bench` reads it; a malformed line is skipped, and said on
//! stderr), first solution only, and prints how many it solved, the total nodes, the
//! events seen, and the median and mean wall time per puzzle.
//!
//! ```text
//! cargo build --release -p sudoku-dlx --example dlx_workload
//! valgrind --tool=callgrind target/release/examples/dlx_workload FILE [COUNT] [plain|observed|essay]
//! ```
//!
//! `plain` (the default) runs `Dlx::solve`; `observed` runs `Dlx::solve_observed` with
//! an observer that counts the events; `essay` runs `DlxEssay::solve`.

use std::time::{Duration, Instant};

use sudoku_core::{Event, Grid, Limits, Outcome, Solver};
use sudoku_dlx::{Dlx, DlxEssay};
use sudoku_testkit::usage;

/// The usage line.
const USAGE: &str = "usage: dlx_workload FILE [COUNT] [plain|observed|essay] (COUNT: the \
first COUNT puzzles only, 1 or more; every puzzle by default)";

fn main() {
    let args = usage::Args::new(USAGE);
    args.at_most(3);
    let path = args.required(0, "FILE, a file of puzzles");
    let count: usize = args.parsed_or(1, "a count of puzzles (COUNT)", usize::MAX);
    if count == 0 {
        args.fail("COUNT 0: no puzzle to solve; say 1 or more, or leave it out for all");
    }
    let mode = args.get(2).unwrap_or("plain");
    if !["plain", "observed", "essay"].contains(&mode) {
        args.fail(format_args!("{mode:?} is not plain, observed or essay"));
    }
    let puzzles = args.grids(path, count);
    let (mut nodes, mut events) = (0u64, 0u64);
    let mut times = Vec::with_capacity(puzzles.len());
    for puzzle in &puzzles {
        let start = Instant::now();
        let out = match mode {
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
