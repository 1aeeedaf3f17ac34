//! The norvig strategy (limit 1) over the standard sets (`common`): the seed puzzles,
//! top95, every 5th of magictour top1465 and every 100th of the 17-clue puzzles. One
//! iteration solves every puzzle of the set once; throughput is in puzzles, so
//! criterion's time per element is the time per puzzle.
//!
//! The yardstick is tdoku's C++ port of this very algorithm, measured on the
//! same machine in the same run. Run with `cargo bench --bench norvig`.

mod common;

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sudoku_core::{Limits, Solver};
use sudoku_norvig::Norvig;

fn norvig(c: &mut Criterion) {
    let mut group = c.benchmark_group("norvig");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    for set in common::standard_sets() {
        let puzzles = set.puzzles;
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function(set.name, |b| {
            b.iter(|| {
                for p in &puzzles {
                    black_box(Norvig.solve(black_box(p), &Limits::FIRST));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, norvig);
criterion_main!(benches);
