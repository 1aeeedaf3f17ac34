//! Criterion bench of the reduce strategy (limit 1): top95 and the first 500 of the
//! 17-clue corpus, throughput in puzzles.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sudoku_core::{Grid, Limits, Solver, Status};
use sudoku_reduce::Reduce;

const TOP95: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/corpora/norvig_sudoku-top95.txt"
);
const SEVENTEEN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/corpora/puzzles2_17_clue"
);

/// The first `limit` puzzles of a one-puzzle-per-line corpus (comments skipped).
fn load(path: &str, limit: usize) -> Vec<Grid> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| Grid::parse(l).ok())
        .take(limit)
        .collect()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("reduce");
    group.sample_size(20);
    for (name, path, limit) in [("top95", TOP95, usize::MAX), ("17clue-500", SEVENTEEN, 500)] {
        let puzzles = load(path, limit);
        assert!(!puzzles.is_empty(), "{path}: no puzzles");
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                for p in &puzzles {
                    let out = Reduce.solve(black_box(p), &Limits::FIRST);
                    debug_assert_eq!(out.status, Status::Solved);
                    black_box(out);
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
