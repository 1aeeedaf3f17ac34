//! The machine's own share of the spread `benches/stability.sh` measures: the default
//! run's solvers over the given corpora, every puzzle solved by each of them in turn on
//! `THREADS` threads (2, as the default run), each solve timed by the wall clock around the
//! solver's call and nothing else: no reading, checking, writing or re-timing in the
//! timed part or beside it. It prints the solve times as CSV (`corpus,solver,status,
//! nanoseconds`), the columns `stability.sh` reads of a run's CSV.
//!
//! Run five times, the spread of a group's mean against norvig's is what this machine
//! gives a loop that only solves; what `sudoku-lab bench` reads above it is the runner's.
//!
//! ```text
//! cargo run --release --example noise_floor -- CORPUS... > run.csv
//! ```

use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use sudoku_core::{Grid, Limits, Size, Solver};
use sudoku_testkit::usage;

/// Worker threads, as the default run.
const THREADS: usize = 2;

/// One solve's time.
struct Timed {
    corpus: usize,
    solver: usize,
    nanoseconds: u128,
}

/// The usage line.
const USAGE: &str = "usage: noise_floor CORPUS...";

fn main() -> ExitCode {
    let args = usage::Args::new(USAGE);
    if args.words().is_empty() {
        args.fail("no corpus given");
    }
    let strategies: Vec<_> = sudoku_catalogue::default_run().collect();
    let solvers: Vec<Box<dyn Solver>> = strategies.iter().map(|s| s.solver()).collect();
    let limits: Vec<Limits> = strategies
        .iter()
        .map(|s| Limits::FIRST.with_max_nodes(s.default_max_nodes(Size::NINE)))
        .collect();
    let mut times = Vec::new();
    for (corpus, path) in args.words().iter().enumerate() {
        let mut puzzles = args.grids(path, usize::MAX);
        puzzles.retain(|g| g.size() == Size::NINE);
        times.extend(solve_all(corpus, &puzzles, &solvers, &limits));
    }
    println!("corpus,solver,status,nanoseconds");
    for t in times {
        let (path, name) = (&args.words()[t.corpus], strategies[t.solver].name);
        println!("{path},{name},solved,{}", t.nanoseconds);
    }
    ExitCode::SUCCESS
}

/// Every puzzle solved by every solver in turn, the threads taking one puzzle at a time
/// from a shared count; the solve times.
fn solve_all(
    corpus: usize,
    puzzles: &[Grid],
    solvers: &[Box<dyn Solver>],
    limits: &[Limits],
) -> Vec<Timed> {
    let next = AtomicUsize::new(0);
    let times = Mutex::new(Vec::with_capacity(puzzles.len() * solvers.len()));
    std::thread::scope(|scope| {
        for _ in 0..THREADS {
            scope.spawn(|| {
                let mut mine = Vec::new();
                while let Some(puzzle) = puzzles.get(next.fetch_add(1, Ordering::Relaxed)) {
                    for (solver, (s, limits)) in solvers.iter().zip(limits).enumerate() {
                        let start = Instant::now();
                        let outcome = s.solve(puzzle, limits);
                        let nanoseconds = start.elapsed().as_nanos();
                        std::hint::black_box(outcome);
                        mine.push(Timed {
                            corpus,
                            solver,
                            nanoseconds,
                        });
                    }
                }
                times.lock().unwrap_or_else(|e| e.into_inner()).extend(mine);
            });
        }
    });
    times.into_inner().unwrap_or_else(|e| e.into_inner())
}
