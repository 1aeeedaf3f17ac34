//! The dlx_workload example's command line and input: a count of 0 is a usage error, and
//! a line that is not UTF-8 is one malformed line, told, not the end of the file. Run from
//! the example `cargo test` builds (see `sudoku_testkit::usage::example`).

use std::process::Output;

use sudoku_testkit::usage::{corpus_with_a_line_not_utf8, example};

/// dlx_workload run with `args`.
fn dlx_workload(args: &[&str]) -> Output {
    example("dlx_workload").args(args).output().unwrap()
}

#[test]
fn a_count_of_0_is_a_usage_error() {
    let out = dlx_workload(&["corpus.txt", "0"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("COUNT 0: "), "{err}");
    assert!(err.contains("usage: dlx_workload FILE [COUNT]"), "{err}");
}

/// It stopped there, silently, and solved the puzzles before it only.
#[test]
fn a_line_that_is_not_utf8_is_told_and_the_puzzles_after_it_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.txt");
    std::fs::write(&path, corpus_with_a_line_not_utf8()).unwrap();
    let out = dlx_workload(&[path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("2 puzzles, "), "{text}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        format!(
            "dlx_workload: malformed line skipped: {}:2:1: the puzzle is not valid UTF-8\n",
            path.display()
        )
    );
}
