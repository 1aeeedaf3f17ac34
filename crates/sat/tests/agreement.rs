//! Both encodings agree with dlx on every puzzle of every dlx golden file (9x9, and the
//! 4x4, 16x16 and 25x25 ones): the same solution count under limit 1 and limit 2, and
//! the same solution whenever the puzzle has only one. The SAT counters have no golden
//! file: the SAT solver's decisions are its own.
//!
//! A golden file under limit 1 does not say whether its puzzle is unique: the count
//! under limit 2 comes from a limit-2 golden file of the same corpus (any strategy's:
//! the count is strategy-independent), or else from dlx run beside, at the sizes it
//! supports. Where neither says, a puzzle the solver finds unique must still have the
//! golden solution.
//!
//! One trial per (encoding, golden file):
//! `cargo test --release -p sudoku-sat --test agreement -- extended`.

use libtest_mimic::{Arguments, Failed, Trial};
use sudoku_core::{Grid, Limits, Outcome, Solver, Status};
use sudoku_dlx::Dlx;
use sudoku_sat::{Encoding, Sat};
use sudoku_testkit::{all_golden_files, golden_files, golden_rows, GoldenFile, GoldenRow};

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    for encoding in Encoding::ALL {
        for file in golden_files("dlx") {
            let stem = file.path.file_stem().unwrap().to_string_lossy().to_string();
            let name = format!("{}::{stem}", encoding.name());
            trials.push(Trial::test(name, move || agree(Sat::new(encoding), &file)));
        }
    }
    assert!(!trials.is_empty(), "no dlx golden file found");
    libtest_mimic::run(&args, trials).exit();
}

/// The solution counts under limit 2 of `file`'s puzzles, by index, from any
/// limit-2 golden file of its corpus.
fn counts_under_limit_two(file: &GoldenFile) -> Option<Vec<u64>> {
    let twin = all_golden_files()
        .into_iter()
        .find(|f| f.corpus == file.corpus && f.limit == 2)?;
    Some(golden_rows(&twin).iter().map(|r| r.solutions).collect())
}

/// Every row of `file`, spread over the machine's cores.
fn agree(sat: Sat, file: &GoldenFile) -> Result<(), Failed> {
    let rows = golden_rows(file);
    let counts = counts_under_limit_two(file);
    let counts = counts.as_deref();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = rows.len().div_ceil(threads).max(1);
    let problems: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = rows
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .filter_map(|row| check(sat, row, counts))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a solve panicked"))
            .collect()
    });
    if problems.is_empty() {
        return Ok(());
    }
    Err(format!(
        "{} of {} rows disagree; first ones:\n{}",
        problems.len(),
        rows.len(),
        problems[..problems.len().min(10)].join("\n")
    )
    .into())
}

/// The solution count of `puzzle` under limit 2: from the golden counts, or from dlx.
fn count_under_limit_two(puzzle: &Grid, row: &GoldenRow, counts: Option<&[u64]>) -> Option<u64> {
    match counts {
        Some(counts) => Some(counts[row.index as usize]),
        None => Dlx
            .supports(puzzle.size())
            .then(|| Dlx.solve(puzzle, &Limits::UNIQUENESS).solutions),
    }
}

/// What is wrong with `sat` on one row, if anything.
fn check(sat: Sat, row: &GoldenRow, counts: Option<&[u64]>) -> Option<String> {
    let puzzle = Grid::parse(&row.puzzle).expect("golden puzzle parses");
    let golden = (!row.solution.is_empty())
        .then(|| Grid::parse(&row.solution).expect("golden solution parses"));
    let first = sat.solve(&puzzle, &Limits::FIRST);
    let second = sat.solve(&puzzle, &Limits::UNIQUENESS);
    let known = count_under_limit_two(&puzzle, row, counts);
    // Unknown: the solver's own count, checked below against the golden solution.
    let count = known.unwrap_or(second.solutions);
    let wrong = |what: &str, out: &Outcome| {
        Some(format!(
            "#{} {what}: {:?} {} solutions, golden {} (under limit 2: {known:?})",
            row.index, out.status, out.solutions, row.solutions
        ))
    };
    if first.solutions != row.solutions.min(1) {
        return wrong("count under limit 1", &first);
    }
    for (out, expected) in [(&first, count.min(1)), (&second, count)] {
        let status = if expected == 0 {
            Status::NoSolution
        } else {
            Status::Solved
        };
        if out.status != status || out.solutions != expected {
            return wrong("count", out);
        }
        match out.solution {
            Some(s) if !s.is_solution_of(&puzzle) => return wrong("not a solution", out),
            Some(s) if count == 1 && Some(s) != golden => return wrong("another solution", out),
            _ => {}
        }
    }
    None
}
