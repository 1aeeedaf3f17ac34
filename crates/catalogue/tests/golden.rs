//! The contract of every catalogue strategy, against every golden file of
//! `../shared/reference/golden/` (an essay version against its fast sibling's):
//!
//! - plain: status, nodes, backtracks, solutions and the first solution equal the golden
//!   row, puzzle by puzzle;
//! - observed: the same, and the tries and backtracks of the event stream equal
//!   `nodes - 1` and `backtracks`.
//!
//! One trial per (strategy, golden file, mode), so that
//! `cargo test --release -p sudoku-catalogue --test golden -- NAME` runs one strategy's.
//! Golden files of a size a strategy does not support are skipped (and listed as ignored).

use libtest_mimic::{Arguments, Failed, Trial};
use sudoku_catalogue::CATALOGUE;
use sudoku_testkit::{compare_with_golden, golden_files, golden_rows, supports_file, Mode};

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    for strategy in CATALOGUE.iter().filter(|s| s.exact) {
        let files = golden_files(strategy.golden_name());
        for file in files {
            let stem = file.path.file_stem().unwrap().to_string_lossy().to_string();
            let supported = supports_file(strategy.solver().as_ref(), &file);
            for mode in [Mode::Plain, Mode::Observed] {
                let name = format!("{}::{stem}::{mode:?}", strategy.name).to_lowercase();
                let file = file.clone();
                let trial = Trial::test(name, move || {
                    let solver = strategy.solver();
                    let mismatches = compare_with_golden(solver.as_ref(), &file, mode);
                    if mismatches.is_empty() {
                        return Ok(());
                    }
                    Err(Failed::from(format!(
                        "{} of {} rows differ; first ones:\n{:#?}",
                        mismatches.len(),
                        golden_rows(&file).len(),
                        &mismatches[..mismatches.len().min(10)]
                    )))
                });
                trials.push(trial.with_ignored_flag(!supported));
            }
        }
    }
    assert!(!trials.is_empty(), "no golden files found");
    libtest_mimic::run(&args, trials).exit();
}
