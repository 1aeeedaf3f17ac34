//! The bands strategy over the standard sets (`common`): the seed puzzles, top95, every
//! 5th of magictour top1465 and every 100th of the 17-clue puzzles, first solution;
//! then a uniqueness-check group (limit 2) over the same sets and the hardest puzzles
//! of `../shared/corpora/` (Norvig's hardest, the famous named ones). Throughput in
//! puzzles. The yardstick is tdoku (and jsolve, fsss2), measured with its own
//! `run_benchmark` on the same machine in the same run; see the README.
//! Run with `cargo bench --bench bands`.

mod common;

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sudoku_bands::Bands;
use sudoku_core::{Limits, Solver};

fn bands(c: &mut Criterion) {
    common::bench_standard_sets(c, "bands", &Bands);
}

fn bands_unique(c: &mut Criterion) {
    let mut sets = common::standard_sets();
    sets.push(common::Set {
        name: "hardest",
        puzzles: [
            common::corpus("norvig_sudoku-hardest.txt", 1),
            common::corpus("famous_hardest_named.tsv", 1),
        ]
        .concat(),
    });
    let mut g = c.benchmark_group("bands-unique");
    g.sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    for set in sets {
        let puzzles = set.puzzles;
        g.throughput(Throughput::Elements(puzzles.len() as u64));
        g.bench_function(set.name, |b| {
            b.iter(|| {
                for p in &puzzles {
                    black_box(Bands.solve(black_box(p), &Limits::UNIQUENESS));
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bands, bands_unique);
criterion_main!(benches);
