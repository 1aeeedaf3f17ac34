//! The isomorphs example's command line and input: a count of 0 is a usage error, and a
//! malformed line is told. Run from the example `cargo test` builds (see
//! `sudoku_testkit::usage::example`).

use sudoku_testkit::usage::{corpus_with_a_line_not_utf8, example};

/// It wrote nothing, and exited 0.
#[test]
fn a_count_of_0_is_a_usage_error() {
    let out = example("isomorphs").args(["c.txt", "0"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("COUNT 0: "), "{err}");
    assert!(err.contains("usage: isomorphs FILE COUNT"), "{err}");
}

/// It skipped it silently.
#[test]
fn a_malformed_line_is_told_and_the_puzzles_after_it_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.txt");
    std::fs::write(&path, corpus_with_a_line_not_utf8()).unwrap();
    let out = example("isomorphs").arg(&path).arg("2").output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 4);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        format!(
            "isomorphs: malformed line skipped: {}:2:1: the puzzle is not valid UTF-8\n",
            path.display()
        )
    );
}
