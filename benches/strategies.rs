//! Every exact strategy of the catalogue over the standard sets of `common` (the seed
//! puzzles, top95, every 5th of magictour's top1465, every 100th of the 17-clue puzzles):
//! the first solution (group `NAME`) and a uniqueness check (group `NAME/unique`, limit
//! 2, as tdoku's benchmark checks), throughput in puzzles. A new strategy of the
//! catalogue is benched here without any edit.
//!
//! A set with a puzzle that needs more than a million nodes is left out of a strategy's
//! group (naive on the 17-clue puzzles takes billions; `benches/naive.rs` times naive on
//! the grids within its reach, in nodes per second). Stochastic strategies are left out:
//! the runner's `bench` measures them with their success rate.
//!
//! Run with `cargo bench --bench strategies`, one strategy with
//! `cargo bench --bench strategies -- 'norvig/'`.

mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use sudoku_catalogue::CATALOGUE;
use sudoku_core::{Limits, Size};

/// The nodes a strategy may need on one puzzle of a set it is timed on.
const REACH: u64 = 1_000_000;

fn strategies(c: &mut Criterion) {
    for strategy in CATALOGUE
        .iter()
        .filter(|s| s.exact && s.sizes().contains(&Size::NINE))
    {
        let solver = strategy.solver();
        common::bench_standard_sets(c, strategy.name, solver.as_ref(), &Limits::FIRST, REACH);
        let unique = format!("{}/unique", strategy.name);
        common::bench_standard_sets(c, &unique, solver.as_ref(), &Limits::UNIQUENESS, REACH);
    }
}

criterion_group!(benches, strategies);
criterion_main!(benches);
