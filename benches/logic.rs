//! The logic strategy (limit 1) over the standard sets (`common`): the seed puzzles,
//! top95, every 5th of magictour top1465 and every 100th of the 17-clue puzzles;
//! throughput in puzzles. Its speed goal: the full level within 2x of norvig per puzzle
//! on top1465 (`cargo bench --bench norvig` on the same machine, same run). The singles
//! level makes norvig's very search tree, so the two show what the general machinery
//! costs; the full level makes five times fewer tries.
//! Run with `cargo bench --bench logic`.

mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use sudoku_logic::{Level, Logic};

fn logic(c: &mut Criterion) {
    common::bench_standard_sets(c, "logic", &Logic::default());
    common::bench_standard_sets(c, "logic-singles", &Logic::new(Level::SINGLES));
}

criterion_group!(benches, logic);
criterion_main!(benches);
