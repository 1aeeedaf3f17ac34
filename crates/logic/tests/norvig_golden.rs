//! The singles level is Norvig's propagation and search: its counts and first solutions
//! equal norvig's golden files, puzzle by puzzle, plain and observed.

use sudoku_logic::{Level, Logic};
use sudoku_testkit::{compare_with_golden, golden_files, supports_file, Mode};

#[test]
fn the_singles_level_equals_norvig_on_every_golden_file() {
    let solver = Logic::new(Level::SINGLES);
    let mut checked = 0;
    for file in golden_files("norvig") {
        if !supports_file(&solver, &file) {
            continue;
        }
        for mode in [Mode::Plain, Mode::Observed] {
            let mismatches = compare_with_golden(&solver, &file, mode);
            assert!(
                mismatches.is_empty(),
                "{}: {} differ, first: {:?}",
                file.path.display(),
                mismatches.len(),
                mismatches.first()
            );
        }
        checked += 1;
    }
    assert!(checked >= 7, "only {checked} golden files");
}
