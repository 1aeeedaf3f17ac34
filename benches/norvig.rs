//! The norvig strategy (limit 1) over the standard sets (`common`): the seed puzzles,
//! top95, every 5th of magictour top1465 and every 100th of the 17-clue puzzles;
//! throughput in puzzles. The yardstick is tdoku's C++ port of this very
//! algorithm, measured on the same machine in the same run.
//! Run with `cargo bench --bench norvig`.

mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use sudoku_norvig::Norvig;

fn norvig(c: &mut Criterion) {
    common::bench_standard_sets(c, "norvig", &Norvig);
}

criterion_group!(benches, norvig);
criterion_main!(benches);
