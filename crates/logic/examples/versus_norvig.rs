//! A rough timing of the logic levels against norvig, in the same run, on one corpus
//! (the issue's speed goal: the full level within 2x of norvig per puzzle on top1465).
//! Criterion benches are the real measure; this is for a quick look on a busy machine:
//! the best of a few rounds, interleaved, and the ratio.
//!
//! ```text
//! cargo run --release -p sudoku-logic --example versus_norvig -- [CORPUS [ROUNDS [SOLVERS]]]
//! ```
//!
//! `CORPUS`: top1465 (`../shared/corpora/puzzles3_magictour_top1465`) by default.
//! `SOLVERS`: `norvig` and the logic levels to time, by name, comma-separated (default
//! `norvig,logic-singles,logic-locked,logic-subsets,logic`); ratios are to the first.

use std::hint::black_box;
use std::time::{Duration, Instant};

use sudoku_core::{Grid, Limits, Solver};
use sudoku_logic::{Level, Logic};
use sudoku_norvig::Norvig;
use sudoku_testkit::usage;

/// The usage line.
const USAGE: &str = "usage: versus_norvig [CORPUS [ROUNDS [SOLVERS]]] (CORPUS: top1465 of \
../shared/corpora by default; SOLVERS: norvig and logic levels, comma-separated)";

/// The corpus of the logic lesson's figure: top1465.
const DEFAULT_CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/corpora/puzzles3_magictour_top1465"
);

fn main() {
    let args = usage::Args::new(USAGE);
    args.at_most(3);
    let path = args.get(0).unwrap_or(DEFAULT_CORPUS);
    let rounds: usize = args.parsed_or(1, "a number of rounds", 5);
    if rounds == 0 {
        args.fail("ROUNDS 0: time at least 1 round");
    }
    let puzzles: Vec<Grid> = args
        .corpus(path)
        .map(|p| p.map(|p| p.grid))
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| args.error(e));
    let names = args
        .get(2)
        .unwrap_or("norvig,logic-singles,logic-locked,logic-subsets,logic");
    let solvers: Vec<Box<dyn Solver>> = names.split(',').map(|n| solver(&args, n)).collect();
    let mut best = vec![Duration::MAX; solvers.len()];
    let mut nodes = vec![0u64; solvers.len()];
    for _ in 0..rounds {
        for (i, solver) in solvers.iter().enumerate() {
            let start = Instant::now();
            let mut n = 0;
            for p in &puzzles {
                n += black_box(solver.solve(black_box(p), &Limits::FIRST))
                    .counters
                    .nodes;
            }
            best[i] = best[i].min(start.elapsed());
            nodes[i] = n;
        }
    }
    let per = |d: Duration| d.as_secs_f64() * 1e6 / puzzles.len() as f64;
    println!("{} puzzles, best of {rounds} rounds", puzzles.len());
    for (i, solver) in solvers.iter().enumerate() {
        println!(
            "{:<16} {:>9.2} us/puzzle  {:>5.2}x  {:>9} nodes",
            solver.name(),
            per(best[i]),
            best[i].as_secs_f64() / best[0].as_secs_f64(),
            nodes[i]
        );
    }
}

/// norvig, or the logic strategy at the level `name`.
fn solver(args: &usage::Args, name: &str) -> Box<dyn Solver> {
    if name == "norvig" {
        return Box::new(Norvig);
    }
    match Level::ALL.into_iter().find(|l| l.name() == name) {
        Some(level) => Box::new(Logic::new(level)),
        None => args.fail(format_args!("{name:?} is neither norvig nor a level name")),
    }
}
