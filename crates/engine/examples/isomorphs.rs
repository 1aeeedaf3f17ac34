//! Writes random isomorphs of a corpus's puzzles, one 81-character line each: for every
//! seed from 1 to `COUNT` (1 or more), every puzzle in the isomorph that `sudoku-lab bench
//! --permute SEED` solves in its place (relabelled digits, rows and columns shuffled within
//! and across bands and stacks, a transposition or not). The corpus is read as `bench`
//! reads it: a malformed line is skipped, and said on stderr.
//!
//! ```text
//! cargo run --release -p sudoku-engine --example isomorphs -- FILE COUNT > ISOMORPHS
//! ```
//!
//! A benchmark over a few puzzles measures the luck of their orientation as much as the
//! solver: the branch tried first is right or wrong by the order of the digits and cells.
//! tdoku's `run_benchmark` permutes the puzzles it loads at random for that reason (its
//! default `-r 1`); this file lets two solvers meet on the same isomorphs (`-r 0` on it).
use std::io::{BufWriter, Write};
use std::process::ExitCode;

use sudoku_engine::Isomorph;
use sudoku_testkit::usage;

/// The usage line.
const USAGE: &str =
    "usage: isomorphs FILE COUNT (a corpus, and how many isomorphs of each puzzle, 1 or more)";

fn main() -> ExitCode {
    let args = usage::Args::new(USAGE);
    args.at_most(2);
    let path = args.required(0, "FILE, a corpus file");
    let count: u64 = args.parse(
        args.required(1, "COUNT, the isomorphs of each puzzle"),
        "a count of isomorphs (COUNT)",
    );
    if count == 0 {
        args.fail("COUNT 0: no isomorph to write; say 1 or more");
    }
    let puzzles = args.puzzles(path, usize::MAX);
    let mut out = BufWriter::new(std::io::stdout().lock());
    for seed in 1..=count {
        for p in &puzzles {
            let iso = Isomorph::of(seed, path, p.index, p.grid.size()).apply(&p.grid);
            if writeln!(out, "{}", iso.to_line()).is_err() {
                return ExitCode::FAILURE;
            }
        }
    }
    if out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
