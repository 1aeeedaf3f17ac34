//! `examples/bare_loop.rs`, the floor of `benches/runner_overhead.sh`: its answer on a
//! corpus, and its exits on bad input. `cargo test` builds the examples before the tests;
//! the example is found beside this test's binary (see `sudoku_testkit::usage::example`).

use std::process::Output;

use sudoku_testkit::usage::example;

/// Runs the example with `args`, from the root of the repository.
fn bare_loop(args: &[&str]) -> Output {
    example("bare_loop")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the example runs")
}

#[test]
fn it_times_every_puzzle_and_prints_the_ratio_last() {
    let out = bare_loop(&["data/seeds.txt", "2", "dlx"]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let puzzles = std::fs::read_to_string("data/seeds.txt").unwrap();
    let expected = sudoku_core::corpus::CorpusReader::new(puzzles.as_bytes(), "seeds")
        .filter(Result::is_ok)
        .count();
    assert!(text.starts_with(&format!("puzzles {expected} ")), "{text}");
    let ratio: f64 = text.split_whitespace().last().unwrap().parse().unwrap();
    assert!(ratio > 0.0, "{text}");
}

#[test]
fn bad_input_exits_with_a_message() {
    for (args, code, says) in [
        (&["no/such/corpus"][..], 1, "no/such/corpus"),
        (&["README.md"][..], 1, "no puzzle in README.md"),
        (&["data/seeds.txt", "two"][..], 2, "usage: bare_loop"),
        (&["data/seeds.txt", "0"][..], 2, "usage: bare_loop"),
        (
            &["data/seeds.txt", "2", "nosuch"][..],
            2,
            "no solver named nosuch",
        ),
        (&[][..], 2, "usage: bare_loop"),
        (
            &["data/seeds.txt", "2", "dlx", "more"][..],
            2,
            "unexpected argument \"more\"",
        ),
    ] {
        let out = bare_loop(args);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {out:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn help_prints_the_usage_line() {
    for flag in ["-h", "--help"] {
        let out = bare_loop(&["data/seeds.txt", flag]);
        assert_eq!(out.status.code(), Some(0), "{flag}: {out:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.starts_with("usage: bare_loop CORPUS"),
            "{flag}: {text}"
        );
    }
}
