//! Times the bands solver over a file of puzzles, the way tdoku's `run_benchmark`
//! does: every 9x9 puzzle of the file, solved over and over, first solution (`1`) or
//! uniqueness check (`2`). The file is read as `sudoku-lab bench` reads a corpus (one
//! puzzle per line, comments, a header, a solution or a label after the puzzle): a
//! malformed line is skipped, and said on stderr; puzzles of another size are left out.
//!
//! ```text
//! cargo run --release -p sudoku-bands --example bands_speed -- FILE [LIMIT] [SECONDS|xREPS]
//! ```
//!
//! With `SECONDS` (default 2) it solves the whole file again and again for that long
//! and prints microseconds per puzzle (wall time); with `xREPS` (`x20`) it solves the
//! file exactly that many times, for a fixed workload to time with `perf stat`.
//!
//! Beside tdoku's harness (built from its public source, outside this repository), on
//! the same file, in turns: `-r 0` keeps the puzzles as they are, `-n` the number of
//! puzzles makes the file the whole data set, `-f` stops at the first solution.
//!
//! ```text
//! run_benchmark -s tdoku,jsolve,fsss2 -t 3 -w 1 -r 0 -n 1465 -f FILE   # limit 1
//! speed FILE 1 3
//! run_benchmark -s tdoku,jsolve,fsss2 -t 3 -w 1 -r 0 -n 1465 FILE      # limit 2
//! speed FILE 2 3
//! ```
//!
//! On a file of a few puzzles the first solution is a matter of luck (is the branch tried
//! first the right one?): compare on random isomorphs of them, the same for both solvers
//! (`cargo run --release -p sudoku-engine --example isomorphs -- FILE 50 > ISO`, then
//! both on `ISO`, `-r 0` for `run_benchmark`).
use std::time::Instant;

use sudoku_bands::Bands;
use sudoku_core::{Limits, Size, Solver};
use sudoku_testkit::usage;

/// The usage line.
const USAGE: &str = "usage: bands_speed FILE [LIMIT] [SECONDS|xREPS] (LIMIT 2 and \
SECONDS 2 by default; xREPS: the file REPS times over)";

fn main() {
    let args = usage::Args::new(USAGE);
    args.at_most(3);
    let path = args.required(0, "FILE, a file of puzzles");
    let limit: u64 = args.parsed_or(1, "a solution limit (LIMIT)", 2);
    let time = args.get(2).unwrap_or("2");
    let (reps, seconds) = match time.strip_prefix('x') {
        Some(n) => match n.parse::<u64>() {
            Ok(reps @ 1..) => (reps, f64::INFINITY),
            _ => args.fail(format_args!(
                "{time:?} is not xREPS, x and a count of 1 or more"
            )),
        },
        None => match time.parse::<f64>() {
            Ok(seconds) if seconds.is_finite() && seconds >= 0.0 => (u64::MAX, seconds),
            _ => args.fail(format_args!("{time:?} is neither SECONDS nor xREPS")),
        },
    };
    let mut puzzles = args.grids(path, usize::MAX);
    puzzles.retain(|g| g.size() == Size::NINE);
    if puzzles.is_empty() {
        args.error(format_args!("{path}: no 9x9 puzzle"));
    }
    let limits = Limits::solutions(limit);
    let (mut tries, mut solutions, mut solved) = (0u64, 0u64, 0u64);
    let start = Instant::now();
    for _ in 0..reps {
        for p in &puzzles {
            let out = Bands.solve(std::hint::black_box(p), &limits);
            tries += out.counters.nodes - 1;
            solutions += out.solutions;
        }
        solved += puzzles.len() as u64;
        if start.elapsed().as_secs_f64() >= seconds {
            break;
        }
    }
    let us = start.elapsed().as_secs_f64() * 1e6 / solved as f64;
    println!(
        "bands {path}: {} puzzles x {}, {us:.2} us/puzzle wall, {:.2} tries/puzzle, {solutions} solutions",
        puzzles.len(),
        solved / puzzles.len() as u64,
        tries as f64 / solved as f64,
    );
}
