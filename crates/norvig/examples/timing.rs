//! Rough timings of norvig and norvig-essay on a corpus (not a benchmark: a look).
//! `cargo run --release -p sudoku-norvig --example timing -- FILE [LIMIT] [COUNT]`
//! (e.g. `../shared/corpora/16x16Dataset.csv`); the first solve of each solver, which
//! builds the tables of the size, is left out.
use std::time::Instant;
use sudoku_core::{Limits, Solver};
use sudoku_norvig::{Norvig, NorvigEssay};
use sudoku_testkit::usage;

/// The usage line.
const USAGE: &str = "usage: timing FILE [LIMIT] [COUNT] (LIMIT 1 by default; COUNT 0 = every \
puzzle, the default)";

fn main() {
    let args = usage::Args::new(USAGE);
    args.at_most(3);
    let file = args.required(0, "FILE, a corpus file");
    let limit: u64 = args.parsed_or(1, "a count of solutions (LIMIT)", 1);
    let count: u64 = args.parsed_or(2, "a count of puzzles (COUNT)", 0);
    let count = if count == 0 {
        usize::MAX
    } else {
        usize::try_from(count).unwrap_or(usize::MAX)
    };
    let puzzles: Vec<_> = args
        .corpus(file)
        .take(count)
        .filter_map(|p| p.ok())
        .map(|p| p.grid)
        .collect();
    if puzzles.is_empty() {
        args.error(format_args!("{file}: no puzzle"));
    }
    let solvers: [&dyn Solver; 2] = [&Norvig, &NorvigEssay];
    for solver in solvers {
        // The first solve of a size builds its tables: not part of the timings.
        solver.solve(&puzzles[0], &Limits::solutions(limit));
        let mut times = Vec::new();
        let mut nodes = 0;
        for p in &puzzles {
            let start = Instant::now();
            let out = solver.solve(p, &Limits::solutions(limit));
            times.push(start.elapsed().as_secs_f64() * 1e3);
            nodes += out.counters.nodes;
        }
        times.sort_by(f64::total_cmp);
        let total: f64 = times.iter().sum();
        println!(
            "{:>13}: {} puzzles, {nodes} nodes, median {:.3} ms, p90 {:.3} ms, max {:.3} ms, total {:.1} ms",
            solver.name(),
            times.len(),
            times[times.len() / 2],
            times[times.len() * 9 / 10],
            times[times.len() - 1],
            total
        );
    }
}
