//! The reduce strategy (limit 1) over the standard sets (`common`): the seed puzzles,
//! top95, every 5th of magictour top1465 and every 100th of the 17-clue puzzles;
//! throughput in puzzles. Run with `cargo bench --bench reduce`.

mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use sudoku_reduce::Reduce;

fn reduce(c: &mut Criterion) {
    common::bench_standard_sets(c, "reduce", &Reduce);
}

criterion_group!(benches, reduce);
criterion_main!(benches);
