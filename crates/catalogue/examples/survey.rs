//! The figure of the anneal lesson (`book/src/lessons/anneal.md`): per corpus, the share of puzzles each
//! strategy solves within its default node budget and the time it takes per puzzle,
//! one puzzle at a time on one thread. Time is the thread's CPU time (the wall clock
//! where there is no such clock), so that other work on a shared machine counts as
//! little as it can.
//!
//! ```text
//! cargo run --release -p sudoku-catalogue --example survey -- [--first N] [--seed S] [--solvers a,b]
//! ```
//!
//! `--first N` takes the first N puzzles of each corpus (default 100); the solvers are
//! `anneal` and the exact strategies of the catalogue unless `--solvers` names others.

use std::time::{Duration, Instant};

use sudoku_catalogue::{find, Options, Strategy, CATALOGUE, DEFAULT_SEED};
use sudoku_core::{Grid, Limits, Status};
use sudoku_testkit::usage;

/// The public corpora beside the workspace.
const CORPUS_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/corpora");

/// The corpora of the figure: a name and a file of `../shared/corpora/`.
const CORPORA: [(&str, &str); 5] = [
    ("easy50", "norvig_sudoku-easy50.txt"),
    ("kaggle", "kaggle_bryanpark_sudoku_first20000.csv"),
    ("top95", "norvig_sudoku-top95.txt"),
    ("top1465", "puzzles3_magictour_top1465"),
    ("17-clue", "puzzles2_17_clue"),
];

struct Args {
    first: usize,
    seed: u64,
    solvers: Vec<&'static Strategy>,
}

/// The usage line.
const USAGE: &str = "usage: survey [--first N] [--seed S] [--solvers a,b]";

fn args() -> (Args, usage::Args) {
    let mut args = Args {
        first: 100,
        seed: DEFAULT_SEED,
        solvers: CATALOGUE
            .iter()
            .filter(|s| s.name == "anneal" || (s.exact && s.essay_of.is_none()))
            .collect(),
    };
    let line = usage::Args::new(USAGE);
    let mut words = line.words().iter();
    while let Some(flag) = words.next() {
        let Some(value) = words.next() else {
            line.fail(format_args!("{flag} needs a value"))
        };
        match flag.as_str() {
            "--first" => args.first = line.parse(value, "a count of puzzles"),
            "--seed" => args.seed = line.parse(value, "a seed"),
            "--solvers" => args.solvers = solvers(&line, value),
            _ => line.fail(format_args!("unknown flag {flag:?}")),
        }
    }
    if args.first == 0 {
        line.fail("--first 0: take at least 1 puzzle");
    }
    (args, line)
}

/// The strategies of a comma-separated list.
fn solvers(line: &usage::Args, list: &str) -> Vec<&'static Strategy> {
    list.split(',')
        .map(|n| find(n).unwrap_or_else(|| line.fail(format_args!("unknown solver {n:?}"))))
        .collect()
}

/// The first puzzles of a file of the public corpora, or the end of the run naming it.
fn puzzles(line: &usage::Args, file: &str, first: usize) -> Vec<Grid> {
    line.corpus(format!("{CORPUS_DIR}/{file}"))
        .take(first)
        .map(|p| p.unwrap_or_else(|e| line.error(e)).grid)
        .collect()
}

/// The CPU time this thread has run (`CLOCK_THREAD_CPUTIME_ID`).
#[cfg(unix)]
fn thread_cpu_time() -> Option<Duration> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the call's duration.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (status == 0).then(|| Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32))
}

/// No thread CPU clock here: the wall clock serves.
#[cfg(not(unix))]
fn thread_cpu_time() -> Option<Duration> {
    None
}

/// How long `f` took: CPU time where it can be read, wall-clock time otherwise.
fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let (cpu, wall) = (thread_cpu_time(), Instant::now());
    let out = f();
    let took = match (cpu, thread_cpu_time()) {
        (Some(a), Some(b)) => b - a,
        _ => wall.elapsed(),
    };
    (out, took)
}

fn main() {
    let (args, line) = args();
    let options = Options { seed: args.seed };
    println!(
        "| corpus | solver | solved | time per puzzle | nodes per puzzle (median) |\n\
         |---|---|---:|---:|---:|"
    );
    for (name, file) in CORPORA {
        let puzzles = puzzles(&line, file, args.first);
        for strategy in &args.solvers {
            let solver = strategy.solver_with(&options);
            let (mut solved, mut time, mut nodes) = (0, Duration::ZERO, Vec::new());
            for puzzle in &puzzles {
                let limits =
                    Limits::FIRST.with_max_nodes(strategy.default_max_nodes(puzzle.size()));
                let (out, took) = timed(|| solver.solve(puzzle, &limits));
                time += took;
                line.check_solution(strategy.name, puzzle, out.solution.as_ref());
                solved += u64::from(out.status == Status::Solved);
                nodes.push(out.counters.nodes);
            }
            nodes.sort_unstable();
            println!(
                "| {name} ({}) | {} | {:.1}% | {:.3} ms | {} |",
                puzzles.len(),
                strategy.name,
                100.0 * solved as f64 / puzzles.len() as f64,
                time.as_secs_f64() * 1e3 / puzzles.len() as f64,
                nodes[nodes.len() / 2],
            );
        }
    }
}
