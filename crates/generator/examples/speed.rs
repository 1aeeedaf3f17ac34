//! The generator's speed, and QQWing's beside it (a benchmark, not a test).
//!
//! `cargo run --release -p sudoku-generator --example speed -- COUNT THREADS [SIZE] [CHECKER] [SYMMETRY]`
//! prints puzzles per second and what the digger did per puzzle (`-` for the default
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

use sudoku_generator::{Generator, Options, Run};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map(String::as_str);
    let count: u64 = arg(0).unwrap_or("1000").parse().expect("a count");
    let threads: usize = arg(1).unwrap_or("1").parse().expect("a thread count");
    let options = Options {
        size: arg(2).unwrap_or("9x9").parse().expect("a size"),
        checker: arg(3).filter(|c| *c != "-").map(str::to_string),
        symmetry: arg(4).unwrap_or("none").parse().expect("a symmetry"),
        ..Options::default()
    };
    let generator = Arc::new(Generator::new(options).expect("options"));
    let checker = generator.checker();
    let run = Run {
        seed: 1,
        count,
        threads,
    };
    let start = Instant::now();
    let (mut givens, mut checks, mut forced, mut unknown) = (0, 0, 0, 0);
    for p in generator.stream(run, Arc::new(|_| {})).expect("a run") {
        let p = p.expect("a puzzle");
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
