//! The figures of the crate docs and the SAT lesson (`book/src/lessons/sat.md`): per corpus and encoding, the share of
//! puzzles solved without a decision, the mean decisions and conflicts, and the time
//! per puzzle beside the four classic strategies.
//!
//! ```text
//! cargo run --release -p sudoku-sat --example figures [-- CORPUS_DIR]
//! ```
//!
//! One thread; each timing is the fastest of three passes over the set (first
//! solution, default node budgets), so that the ratios of one run can be quoted on a
//! shared machine. The corpora are read from `../shared/corpora/` unless a folder is
//! given. A wrong solution is a solver bug: the example stops there, naming the solver and
//! the puzzle (exit status 1).

use std::time::{Duration, Instant};

use sudoku_core::{Grid, Limits, Solver, Status};
use sudoku_dlx::Dlx;
use sudoku_naive::Naive;
use sudoku_norvig::Norvig;
use sudoku_reduce::Reduce;
use sudoku_sat::Sat;
use sudoku_testkit::usage;

/// The usage line.
const USAGE: &str = "usage: figures [CORPUS_DIR] (the folder of the public corpora; \
../shared/corpora beside the workspace by default)";

/// The public corpora beside the workspace.
const DEFAULT_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/corpora");

/// A named set: every `step`-th of the first `take` puzzles of a corpus file.
struct Set {
    name: &'static str,
    file: &'static str,
    step: usize,
    take: usize,
    /// Whether naive runs on it (it takes minutes on the hard sets).
    naive: bool,
}

const ALL: usize = usize::MAX;

const fn set(name: &'static str, file: &'static str, step: usize, take: usize, naive: bool) -> Set {
    Set {
        name,
        file,
        step,
        take,
        naive,
    }
}

const SETS: [Set; 5] = [
    set("top95", "norvig_sudoku-top95.txt", 1, ALL, true),
    set("top1465", "puzzles3_magictour_top1465", 1, ALL, false),
    set("17-clue, all", "puzzles2_17_clue", 1, ALL, false),
    set("17-clue, every 100th", "puzzles2_17_clue", 100, ALL, false),
    set(
        "kaggle, first 2000",
        "kaggle_bryanpark_sudoku_first20000.csv",
        1,
        2000,
        true,
    ),
];

/// The strategies timed beside sat, with their catalogue budgets.
fn classic() -> Vec<(&'static str, Box<dyn Solver>, u64)> {
    vec![
        ("naive", Box::new(Naive), 200_000_000),
        ("reduce", Box::new(Reduce), 5_000_000),
        ("norvig", Box::new(Norvig), 10_000_000),
        ("dlx", Box::new(Dlx), 20_000_000),
    ]
}

fn main() {
    let args = usage::Args::new(USAGE);
    args.at_most(1);
    let dir = args.folder(0, "CORPUS_DIR: the public corpora", DEFAULT_DIR);
    for set in &SETS {
        let puzzles: Vec<Grid> = args
            .corpus(format!("{dir}/{}", set.file))
            .map(|p| p.unwrap_or_else(|e| args.error(e)).grid)
            .take(set.take)
            .step_by(set.step)
            .collect();
        println!("## {} ({} puzzles)", set.name, puzzles.len());
        println!("| strategy | no decision | mean nodes | mean backtracks | µs/puzzle |");
        println!("|---|---:|---:|---:|---:|");
        let full_set = set.step == 1 && puzzles.len() > 10_000;
        for sat in [Sat::MINIMAL, Sat::EXTENDED] {
            row(&args, sat.name(), &sat, &puzzles, (20_000, !full_set));
        }
        if !full_set {
            for (name, solver, budget) in classic() {
                if name != "naive" || set.naive {
                    row(&args, name, solver.as_ref(), &puzzles, (budget, true));
                }
            }
        }
    }
}

/// One line of the table: counters from one pass, time the fastest of three (`timed`)
/// under a node `budget`. A wrong solution ends the example (see
/// [`usage::Args::check_solution`]).
fn row(
    args: &usage::Args,
    name: &str,
    solver: &dyn Solver,
    puzzles: &[Grid],
    (budget, timed): (u64, bool),
) {
    let limits = Limits::FIRST.with_max_nodes(budget);
    let (mut nodes, mut backtracks, mut at_root, mut exhausted) = (0u64, 0u64, 0u64, 0u64);
    let mut best = Duration::MAX;
    for pass in 0..if timed { 3 } else { 1 } {
        let start = Instant::now();
        for p in puzzles {
            let out = solver.solve(p, &limits);
            if pass == 0 {
                args.check_solution(name, p, out.solution.as_ref());
                nodes += out.counters.nodes;
                backtracks += out.counters.backtracks;
                at_root += u64::from(out.counters.nodes == 1);
                exhausted += u64::from(out.status == Status::BudgetExhausted);
            }
        }
        best = best.min(start.elapsed());
    }
    let n = puzzles.len() as f64;
    let time = if timed {
        format!("{:.1}", best.as_secs_f64() * 1e6 / n)
    } else {
        "-".to_string()
    };
    let note = if exhausted > 0 {
        format!(" ({exhausted} over budget)")
    } else {
        String::new()
    };
    println!(
        "| {name}{note} | {:.1}% | {:.1} | {:.1} | {time} |",
        100.0 * at_root as f64 / n,
        nodes as f64 / n,
        backtracks as f64 / n,
    );
}
