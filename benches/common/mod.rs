//! The puzzle sets every bench shares, read once, before any timing.
//!
//! - `seeds`: the puzzles quoted in the seed essays (`data/seeds.txt`);
//! - `top95`: Norvig's top95, all 95;
//! - `top1465/5`: every 5th puzzle of magictour's top1465 (293);
//! - `17clue/100`: every 100th puzzle of the 49,158 17-clue puzzles (492).
//!
//! The corpora are read from `../shared/corpora/` by relative path.
// Not every bench uses every helper.
#![allow(dead_code)]

use std::hint::black_box;
use std::time::Duration;

use sudoku_core::{CorpusReader, Grid, Limits, Solver, Status};

/// A named set of puzzles.
pub struct Set {
    /// The set's name in criterion's reports.
    pub name: &'static str,
    /// The puzzles.
    pub puzzles: Vec<Grid>,
}

/// Every `step`-th puzzle of a file (a path relative to the workspace root).
pub fn read(path: &str, step: usize) -> Vec<Grid> {
    let path = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    CorpusReader::open(&path)
        .unwrap_or_else(|e| panic!("{e}"))
        .map(|p| p.unwrap_or_else(|e| panic!("{e}")).grid)
        .step_by(step)
        .collect()
}

/// Every `step`-th puzzle of a file of `../shared/corpora/`.
pub fn corpus(file: &str, step: usize) -> Vec<Grid> {
    read(&format!("../shared/corpora/{file}"), step)
}

/// The seed puzzles of `data/seeds.txt`.
pub fn seeds() -> Vec<Grid> {
    read("data/seeds.txt", 1)
}

/// The four standard sets, in the order above.
pub fn standard_sets() -> Vec<Set> {
    vec![
        Set {
            name: "seeds",
            puzzles: seeds(),
        },
        Set {
            name: "top95",
            puzzles: corpus("norvig_sudoku-top95.txt", 1),
        },
        Set {
            name: "top1465/5",
            puzzles: corpus("puzzles3_magictour_top1465", 5),
        },
        Set {
            name: "17clue/100",
            puzzles: corpus("puzzles2_17_clue", 100),
        },
    ]
}

/// Whether `solver` finishes every puzzle of `puzzles` under `limits` within `max_nodes`
/// nodes each (checked once, before any timing, stopping at the first that does not):
/// a set out of a strategy's reach is left out of its group rather than timed for minutes.
pub fn within_reach(
    solver: &dyn Solver,
    puzzles: &[Grid],
    limits: &Limits,
    max_nodes: u64,
) -> bool {
    let limits = limits.with_max_nodes(max_nodes);
    puzzles
        .iter()
        .all(|p| solver.solve(p, &limits).status != Status::BudgetExhausted)
}

/// One criterion group named `group`: `solver` over the standard sets within its reach
/// (see [`within_reach`]) under `limits`, throughput in puzzles (criterion's time per
/// element is the time per puzzle).
pub fn bench_standard_sets(
    c: &mut criterion::Criterion,
    group: &str,
    solver: &dyn Solver,
    limits: &Limits,
    max_nodes: u64,
) {
    let mut g = c.benchmark_group(group);
    g.sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    for set in standard_sets() {
        if !within_reach(solver, &set.puzzles, limits, max_nodes) {
            eprintln!(
                "{group}: {} left out (a puzzle needs more than {max_nodes} nodes)",
                set.name
            );
            continue;
        }
        let puzzles = set.puzzles;
        g.throughput(criterion::Throughput::Elements(puzzles.len() as u64));
        g.bench_function(set.name, |b| {
            b.iter(|| {
                for p in &puzzles {
                    black_box(solver.solve(black_box(p), limits));
                }
            })
        });
    }
    g.finish();
}
