//! `examples/noise_floor.rs`, the floor of `benches/stability.sh --floor`: a row per puzzle
//! and default solver, in the columns the script reads, and its exits on bad input.

use sudoku_testkit::usage::example;

#[test]
fn it_times_every_puzzle_with_every_default_solver() {
    let out = example("noise_floor")
        .arg("data/seeds.txt")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the example runs");
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("corpus,solver,status,nanoseconds"));
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    let seeds = std::fs::read_to_string("data/seeds.txt").unwrap();
    let puzzles = sudoku_core::corpus::CorpusReader::new(seeds.as_bytes(), "seeds")
        .filter(Result::is_ok)
        .count();
    let solvers: Vec<&str> = sudoku_catalogue::default_run().map(|s| s.name).collect();
    assert_eq!(rows.len(), puzzles * solvers.len(), "{text}");
    for solver in &solvers {
        let mine = rows.iter().filter(|r| r[1] == *solver).count();
        assert_eq!(mine, puzzles, "{solver}: {text}");
    }
    assert!(rows
        .iter()
        .all(|r| r[0] == "data/seeds.txt" && r[3].parse::<u64>().is_ok()));
}

#[test]
fn bad_input_exits_with_a_message() {
    for (args, code, says) in [
        (&[][..], 2, "usage: noise_floor"),
        (&["no/such/corpus"][..], 1, "no/such/corpus"),
    ] {
        let out = example("noise_floor")
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("the example runs");
        assert_eq!(out.status.code(), Some(code), "{args:?}: {out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
}
