//! A rough look at the generator's speed (not a benchmark: the machine is shared).
//!
//! `cargo run --release -p sudoku-generator --example speed -- COUNT THREADS [SIZE] [CHECKER] [SYMMETRY]`
//! prints puzzles per second and what the digger did per puzzle.

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
