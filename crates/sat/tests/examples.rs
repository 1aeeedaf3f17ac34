//! The figures example on small corpora: its tables, every solution checked (a wrong one
//! ends it with the solver and the puzzle, exit 1: `sudoku_testkit::usage`'s tests show the
//! message), and its command line. Run from the example `cargo test` builds (see
//! `sudoku_testkit::usage::example`).

use sudoku_testkit::seeds::{HARD1, POLISH, SPANISH_1, SPANISH_2};
use sudoku_testkit::usage::example;

#[test]
fn figures_gives_a_table_per_set_of_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    let two = format!("{POLISH}\n{SPANISH_2}\n");
    for file in [
        "norvig_sudoku-top95.txt",
        "puzzles3_magictour_top1465",
        "puzzles2_17_clue",
    ] {
        std::fs::write(dir.path().join(file), &two).unwrap();
    }
    let kaggle = format!("quizzes,solutions\n{SPANISH_1}\n{HARD1}\n");
    std::fs::write(
        dir.path().join("kaggle_bryanpark_sudoku_first20000.csv"),
        kaggle,
    )
    .unwrap();
    let out = example("figures").arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    for set in ["top95", "top1465", "17-clue, all", "kaggle, first 2000"] {
        assert!(text.contains(&format!("## {set} (2 puzzles)\n")), "{text}");
    }
    assert!(text.contains("\n| dlx | "), "{text}");
}

#[test]
fn figures_says_what_is_wrong_with_its_command_line() {
    let out = example("figures").args(["a", "b"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let out = example("figures").arg("no/such/folder").output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("figures: no/such/folder: not a folder"),
        "{err}"
    );
}
