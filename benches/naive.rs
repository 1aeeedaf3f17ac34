//! Criterion benchmarks of the naive strategy, reporting nodes per second.
//!
//! Three inputs, each read once outside the timed closure:
//!
//! - the Polish essay's grid (301 535 nodes);
//! - Wikipedia's anti-brute-force grid (69 175 317 nodes);
//! - a sample of Norvig's top95: every 12th puzzle (8 puzzles, 11 million nodes).
//!
//! (The 17-clue set is left out: some of its puzzles take the naive search billions
//! of nodes.) Each group's throughput is the number of nodes one iteration visits, so criterion
//! prints nodes per second (`elem/s`). Run with `cargo bench --bench naive`.

mod common;

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sudoku_core::{Grid, Limits, Solver, Status};
use sudoku_naive::Naive;

const POLISH: &str =
    ".58.....317..5...8......1...........4.7.8...6.83.6..1791...3.7...6....8........34";
const ANTI_BRUTE_FORCE: &str =
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";

/// Solves every puzzle once (untimed): the nodes one iteration visits.
fn nodes_of(puzzles: &[Grid]) -> u64 {
    puzzles
        .iter()
        .map(|p| {
            let out = Naive.solve(p, &Limits::FIRST);
            assert_eq!(out.status, Status::Solved, "{}", p.to_line());
            out.counters.nodes
        })
        .sum()
}

/// One group: solve `puzzles` under the first-solution limit, nodes as throughput.
fn bench_set(c: &mut Criterion, name: &str, puzzles: &[Grid], samples: usize, secs: u64) {
    let nodes = nodes_of(puzzles);
    let mut group = c.benchmark_group(format!("naive/{name}"));
    group
        .throughput(Throughput::Elements(nodes))
        .sample_size(samples)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(secs));
    group.bench_function("nodes", |b| {
        b.iter(|| {
            let mut total = 0u64;
            for p in puzzles {
                total += Naive.solve(black_box(p), &Limits::FIRST).counters.nodes;
            }
            black_box(total)
        })
    });
    group.finish();
}

fn naive(c: &mut Criterion) {
    let polish: Grid = POLISH.parse().unwrap();
    let anti: Grid = ANTI_BRUTE_FORCE.parse().unwrap();
    bench_set(c, "polish", &[polish], 20, 3);
    bench_set(c, "anti_brute_force", &[anti], 10, 10);
    bench_set(
        c,
        "top95/12",
        &common::corpus("norvig_sudoku-top95.txt", 12),
        10,
        6,
    );
}

criterion_group!(benches, naive);
criterion_main!(benches);
