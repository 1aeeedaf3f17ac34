//! The sat strategy (limit 1), both encodings, over the standard sets (`common`): the
//! seed puzzles, top95, every 5th of magictour top1465 and every 100th of the 17-clue
//! puzzles; throughput in puzzles. The yardstick is tdoku's `run_benchmark`
//! with `minisat_augmented`, measured on the same machine in the same run (the crate
//! documentation of `sudoku-sat` has the figures and how tdoku was built).
//! Run with `cargo bench --bench sat`.

mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use sudoku_core::Solver;
use sudoku_sat::Sat;

fn sat(c: &mut Criterion) {
    for sat in [Sat::EXTENDED, Sat::MINIMAL] {
        common::bench_standard_sets(c, sat.name(), &sat);
    }
}

criterion_group!(benches, sat);
criterion_main!(benches);
