//! Rough timings of norvig and norvig-essay on a corpus (not a benchmark: a look).
//! `cargo run --release -p sudoku-norvig --example timing -- FILE [LIMIT] [COUNT]`
//! (e.g. `../shared/corpora/16x16Dataset.csv`); the first solve of each solver, which
//! builds the tables of the size, is left out.
use std::time::Instant;
use sudoku_core::{CorpusReader, Limits, Solver};
use sudoku_norvig::{Norvig, NorvigEssay};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let number = |i: usize, default| args.get(i).map_or(Some(default), |a| a.parse().ok());
    let (Some(file), Some(limit), Some(count)) = (args.get(1), number(2, 1), number(3, 0)) else {
        eprintln!("usage: timing FILE [LIMIT] [COUNT] (COUNT 0 = every puzzle)");
        std::process::exit(2);
    };
    let count = if count == 0 {
        usize::MAX
    } else {
        count as usize
    };
    let puzzles: Vec<_> = match CorpusReader::open(file) {
        Ok(reader) => reader
            .take(count)
            .filter_map(|p| p.ok())
            .map(|p| p.grid)
            .collect(),
        Err(e) => {
            eprintln!("{file}: {e}");
            std::process::exit(1);
        }
    };
    if puzzles.is_empty() {
        eprintln!("{file}: no puzzle");
        std::process::exit(1);
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
