//! The norvig strategy (limit 1) over top95, a sample of magictour top1465 and a sample
//! of the 17-clue set. One iteration solves every puzzle of the set once; throughput is
//! in puzzles, so criterion's time per element is the time per puzzle.
//!
//! The yardstick is tdoku's C++ port of this very algorithm, measured on the
//! same machine in the same run; the figures go in the closing note.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sudoku_core::{CorpusReader, Grid, Limits, Solver};
use sudoku_norvig::Norvig;

const CORPORA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpora/");

/// Every `step`-th puzzle of a corpus, read once, before any timing.
fn sample(file: &str, step: usize) -> Vec<Grid> {
    let path = format!("{CORPORA}{file}");
    let reader = CorpusReader::open(&path).unwrap_or_else(|e| panic!("{e}"));
    reader
        .map(|p| p.unwrap_or_else(|e| panic!("{e}")).grid)
        .step_by(step)
        .collect()
}

fn norvig(c: &mut Criterion) {
    let sets = [
        ("top95", sample("norvig_sudoku-top95.txt", 1)),
        // 293 puzzles: every 5th of the 1465.
        ("top1465_every5th", sample("puzzles3_magictour_top1465", 5)),
        // 492 puzzles: every 100th of the 49158.
        ("17clue_every100th", sample("puzzles2_17_clue", 100)),
    ];
    let mut group = c.benchmark_group("norvig");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    for (name, puzzles) in &sets {
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function(*name, |b| {
            b.iter(|| {
                for p in puzzles {
                    black_box(Norvig.solve(black_box(p), &Limits::FIRST));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, norvig);
criterion_main!(benches);
