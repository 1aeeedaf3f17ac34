//! The simonis example's command line: a count that is not one, or 0, is a usage error
//! (exit 2, with the usage line), a folder that is not one an error naming it (exit 1).
//! (A whole run takes minutes: the lesson gives its output.)

use std::process::Output;

use sudoku_testkit::usage::example;

fn simonis(args: &[&str]) -> Output {
    example("simonis").args(args).output().unwrap()
}

#[test]
fn a_count_that_is_not_one_is_a_usage_error() {
    for (arg, problem) in [
        ("many", "\"many\" is not a count of puzzles (or `all`)"),
        (
            "0",
            "COUNT_17 0: take at least one puzzle of the 17-clue set",
        ),
    ] {
        let out = simonis(&[arg]);
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.starts_with(problem), "{err}");
        assert!(
            err.contains("usage: simonis [COUNT_17] [CORPORA_DIR]"),
            "{err}"
        );
    }
}

#[test]
fn a_corpora_folder_that_is_not_one_is_named() {
    let out = simonis(&["10", "/no/such/folder"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        "simonis: /no/such/folder: not a folder (CORPORA_DIR: the public corpora)\n"
    );
}
