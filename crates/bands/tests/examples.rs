//! The bands_speed example's input: a line that is not UTF-8 is one malformed line, told,
//! not the end of the file. Run from the example `cargo test` builds (see
//! `sudoku_testkit::usage::example`).

use sudoku_testkit::usage::{corpus_with_a_line_not_utf8, example};

/// It stopped there, silently, and timed the puzzles before it only.
#[test]
fn a_line_that_is_not_utf8_is_told_and_the_puzzles_after_it_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.txt");
    std::fs::write(&path, corpus_with_a_line_not_utf8()).unwrap();
    let file = path.to_str().unwrap();
    let out = example("bands_speed")
        .args([file, "1", "x1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with(&format!("bands {file}: 2 puzzles x 1, ")),
        "{text}"
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        format!("bands_speed: malformed line skipped: {file}:2:1: the puzzle is not valid UTF-8\n")
    );
}

#[test]
fn a_file_without_a_9x9_puzzle_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("four.txt");
    std::fs::write(&path, "1.3..2..........\n").unwrap();
    let out = example("bands_speed")
        .arg(&path)
        .args(["1", "x1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        format!("bands_speed: {}: no 9x9 puzzle\n", path.display())
    );
}
