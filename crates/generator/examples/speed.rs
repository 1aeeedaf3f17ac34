//! The generator's speed, and QQWing's beside it (a benchmark, not a test).
//!
//! `cargo run --release -p sudoku-generator --example speed -- [COUNT] [THREADS] [SIZE] [CHECKER] [SYMMETRY]`
//! (1000 puzzles on 1 thread by default) prints puzzles per second and what the digger did per puzzle (`-` for the default
//! checker). To compare with QQWing (`apt-get install qqwing`) on the same settings
//! (unique, minimal, no difficulty target, no symmetry), alternate the two, A B A B, and
//! compare puzzles per second (the clock) or per CPU second (`%U`):
//!
//! ```text
//! cargo build --release -p sudoku-generator --example speed
//! G=$CARGO_TARGET_DIR/release/examples/speed   # or target/release/examples/speed
//! for round in 1 2; do
//!   /usr/bin/time -f "A qqwing 1000, 1 thread: %e s wall, %U s user" qqwing --generate 1000 --one-line > /dev/null
//!   /usr/bin/time -f "B generator 10000, 1 thread: %e s wall, %U s user" $G 10000 1 > /dev/null
//!   /usr/bin/time -f "A qqwing 2x500, 2 processes: %e s wall, %U s user" \
//!     bash -c 'qqwing --generate 500 --one-line > /dev/null & qqwing --generate 500 --one-line > /dev/null; wait'
//!   /usr/bin/time -f "B generator 10000, 2 threads: %e s wall, %U s user" $G 10000 2 > /dev/null
//! done
//! ```
//!
//! QQWing runs on one thread, so "all threads" for it is one process per core.

use std::sync::Arc;
use std::time::Instant;

use sudoku_core::Size;
use sudoku_generator::{Generator, Options, Run, Symmetry};
use sudoku_testkit::usage;

/// The usage line.
const USAGE: &str = "usage: speed [COUNT] [THREADS] [SIZE] [CHECKER] [SYMMETRY] (defaults: \
1000 puzzles, 1 thread (0: one per core), 9x9, - for the default checker, none)";

fn main() {
    let args = usage::Args::new(USAGE);
    args.at_most(5);
    let count: u64 = args.parsed_or(0, "a count of puzzles (COUNT)", 1000);
    if count == 0 {
        args.fail("COUNT 0: generate at least 1 puzzle");
    }
    let threads: usize = args.parsed_or(1, "a thread count (THREADS)", 1);
    let options = Options {
        size: match args.get(2).map(str::parse) {
            None => Size::NINE,
            Some(Ok(size)) => size,
            Some(Err(e)) => args.fail(e),
        },
        checker: args.get(3).filter(|c| *c != "-").map(str::to_string),
        symmetry: match args.get(4).map(str::parse) {
            None => Symmetry::None,
            Some(Ok(symmetry)) => symmetry,
            Some(Err(e)) => args.fail(e),
        },
        ..Options::default()
    };
    let generator = Arc::new(Generator::new(options).unwrap_or_else(|e| args.fail(e)));
    let checker = generator.checker();
    let run = Run {
        seed: 1,
        count,
        threads,
    };
    let start = Instant::now();
    let (mut givens, mut checks, mut forced, mut unknown) = (0, 0, 0, 0);
    let puzzles = generator
        .stream(run, Arc::new(|_| {}))
        .unwrap_or_else(|e| args.error(e));
    for p in puzzles {
        let p = p.unwrap_or_else(|e| args.error(e));
        givens += p.puzzle.givens() as u64;
        checks += p.dig.checks;
        forced += p.dig.forced;
        unknown += p.dig.unknown;
    }
    let secs = start.elapsed().as_secs_f64();
    let per = |x: u64| x as f64 / count as f64;
    println!(
        "{count} puzzles, {threads} threads, checker {checker}: {secs:.3} s, {:.0} puzzles/s; per puzzle: {:.1} givens, {:.1} checks, {:.1} forced, {:.2} unknown",
        count as f64 / secs,
        per(givens),
        per(checks),
        per(forced),
        per(unknown)
    );
}
