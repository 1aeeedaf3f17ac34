//! A rough timing of the logic levels against norvig, in the same run, on one corpus
//! (the issue's speed goal: the full level within 2x of norvig per puzzle on top1465).
//! Criterion benches are the real measure; this is for a quick look on a busy machine:
//! the best of a few rounds, interleaved, and the ratio.
//!
//! ```text
//! cargo run --release -p sudoku-logic --example versus_norvig -- ../shared/corpora/puzzles3_magictour_top1465 [ROUNDS [SOLVERS]]
//! ```
//!
//! `SOLVERS`: `norvig` and the logic levels to time, by name, comma-separated (default
//! `norvig,logic-singles,logic-locked,logic-subsets,logic`); ratios are to the first.

use std::hint::black_box;
use std::time::{Duration, Instant};

use sudoku_core::{CorpusReader, Grid, Limits, Solver};
use sudoku_logic::{Level, Logic};
use sudoku_norvig::Norvig;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a corpus file");
    let rounds: usize = args
        .next()
        .map_or(5, |r| r.parse().expect("a number of rounds"));
    let puzzles: Vec<Grid> = CorpusReader::open(&path)
        .unwrap_or_else(|e| panic!("{e}"))
        .map(|p| p.unwrap_or_else(|e| panic!("{e}")).grid)
        .collect();
    let names = args
        .next()
        .unwrap_or_else(|| "norvig,logic-singles,logic-locked,logic-subsets,logic".into());
    let mut solvers: Vec<Box<dyn Solver>> = Vec::new();
    for name in names.split(',') {
        if name == "norvig" {
            solvers.push(Box::new(Norvig));
            continue;
        }
        let level = Level::ALL.into_iter().find(|l| l.name() == name);
        solvers.push(Box::new(Logic::new(level.expect("norvig or a level name"))));
    }
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
