//! The floor of the runner's own cost on this machine: the puzzles of a corpus solved by a
//! bare loop on `THREADS` threads, each solve timed as the runner times it (the wall time of
//! the solver's call), and nothing else in the timed part. The puzzles are read and parsed
//! before it; nothing is checked, kept or written. The threads take the puzzles 64 at a
//! time from a shared count, so that they end together.
//!
//! It prints the wall time of the loop times the threads over the sum of the solve times:
//! the figure `benches/runner_overhead.sh` gives for `sudoku-lab bench`. What the runner
//! reads above this floor is its own cost (reading, checking, ordering, summing, writing);
//! what the floor reads above 1.00 is the machine's (starting threads, the last puzzles of
//! a thread that ends first, the clock reads).
//!
//! ```text
//! cargo run --release --example bare_loop -- CORPUS [THREADS] [SOLVER]
//! ```
//!
//! `THREADS` defaults to 2, `SOLVER` to norvig; the first solution, within the solver's
//! default node budget (as `sudoku-lab bench` solves by default).

use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use sudoku_core::corpus::CorpusReader;
use sudoku_core::{Grid, Limits, Size, Solver};
use sudoku_testkit::usage;

/// Puzzles a thread takes at a time.
const BLOCK: usize = 64;

/// The usage line.
const USAGE: &str = "usage: bare_loop CORPUS [THREADS] [SOLVER] (THREADS 2 and SOLVER norvig by \
default)";

fn main() -> ExitCode {
    let args = usage::Args::new(USAGE);
    args.at_most(3);
    let path = args.required(0, "CORPUS, a corpus file");
    let threads: usize = args.parsed_or(1, "a thread count (THREADS)", 2);
    if threads == 0 {
        args.fail("THREADS 0: solve on at least 1 thread");
    }
    let name = args.get(2).unwrap_or("norvig");
    let Some(strategy) = sudoku_catalogue::find(name) else {
        args.fail(format_args!("no solver named {name}"));
    };
    let puzzles = match read(path) {
        Ok(puzzles) if !puzzles.is_empty() => puzzles,
        Ok(_) => args.error(format_args!("no puzzle in {path}")),
        Err(e) => args.error(e),
    };
    let solver = strategy.solver();
    let limits = Limits::FIRST.with_max_nodes(strategy.default_max_nodes(Size::NINE));
    let start = Instant::now();
    let solving = solve_all(&puzzles, solver.as_ref(), &limits, threads);
    let wall = start.elapsed().as_secs_f64();
    let ratio = wall * threads as f64 / solving;
    println!(
        "puzzles {}  wall {wall:.6} s  solve times {solving:.6} s  \
         wall x threads / solve times {ratio:.4}",
        puzzles.len()
    );
    ExitCode::SUCCESS
}

/// The puzzles of the corpus at `path` (its malformed lines left out).
fn read(path: &str) -> Result<Vec<Grid>, sudoku_core::corpus::CorpusError> {
    Ok(CorpusReader::open(path)?
        .filter_map(Result::ok)
        .map(|p| p.grid)
        .collect())
}

/// Solves every puzzle within `limits` on `threads` threads; the sum of the solve times,
/// in seconds.
fn solve_all(puzzles: &[Grid], solver: &dyn Solver, limits: &Limits, threads: usize) -> f64 {
    let next = AtomicUsize::new(0);
    let nanoseconds: u128 = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| scope.spawn(|| solve_blocks(puzzles, solver, limits, &next)))
            .collect();
        // A solver that panics is a bug: the loop stops with it.
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .sum()
    });
    nanoseconds as f64 / 1e9
}

/// One thread's share: blocks of [`BLOCK`] puzzles until none is left; the sum of its
/// solve times in nanoseconds.
fn solve_blocks(
    puzzles: &[Grid],
    solver: &dyn Solver,
    limits: &Limits,
    next: &AtomicUsize,
) -> u128 {
    let mut sum = 0;
    loop {
        let first = next.fetch_add(BLOCK, Ordering::Relaxed);
        let Some(block) = puzzles.get(first..(first + BLOCK).min(puzzles.len())) else {
            return sum;
        };
        if block.is_empty() {
            return sum;
        }
        for puzzle in block {
            let start = Instant::now();
            let outcome = solver.solve(puzzle, limits);
            sum += start.elapsed().as_nanos();
            std::hint::black_box(outcome);
        }
    }
}
