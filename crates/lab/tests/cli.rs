//! End-to-end tests of the `sudoku-lab` binary: golden counts through the CSV, thread
//! independence, bad input of every kind, the other commands, and interrupts.

mod common;

use std::path::Path;

use common::{lab, read_rows, write, TOP1};
use predicates::prelude::*;
use sudoku_core::Size;
use sudoku_results::{Row, Status};
use sudoku_testkit::seeds::{ANTI_BRUTE_FORCE, HARD1};
use sudoku_testkit::{corpus_path, golden_files, golden_rows};
use tempfile::TempDir;

/// Runs `bench` over `corpus` with `extra` options into a fresh CSV; returns its rows.
fn bench(dir: &TempDir, corpus: &Path, extra: &[&str]) -> Vec<Row> {
    let out = dir.path().join("out/bench.csv");
    lab()
        .arg("bench")
        .arg(corpus)
        .args(extra)
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    read_rows(&out)
}

/// The golden file of `strategy` on `corpus` under `limit`, reproduced through the
/// runner's CSV: every row's status, nodes, backtracks, solutions and solution.
fn golden_through_the_runner(strategy: &str, corpus: &str, limit: u64) {
    let file = golden_files(strategy)
        .into_iter()
        .find(|f| f.corpus == corpus && f.limit == limit)
        .unwrap_or_else(|| panic!("no golden file {strategy}.{corpus}.limit{limit}"));
    let golden = golden_rows(&file);
    let (path, first) = sudoku_testkit::corpus_of(corpus).expect("the corpus file");
    let dir = TempDir::new().unwrap();
    let limit_arg = limit.to_string();
    let first_arg = first.map(|n| n.to_string());
    let mut extra = vec![
        "--solvers",
        strategy,
        "--limit",
        &limit_arg,
        "--threads",
        "2",
    ];
    if let Some(n) = &first_arg {
        extra.extend(["--first", n.as_str()]);
    }
    let rows = bench(&dir, &path, &extra);
    assert_eq!(rows.len(), golden.len(), "{}", file.path.display());
    for (row, want) in rows.iter().zip(&golden) {
        let status = match (want.status.as_str(), want.solutions) {
            ("ok", 0) => Status::NoSolution,
            ("ok", _) => Status::Solved,
            _ => Status::BudgetExhausted,
        };
        assert_eq!(
            (
                row.index,
                &*row.solver,
                row.limit,
                &row.status,
                row.nodes,
                row.backtracks,
                row.solutions,
                dots(&row.solution),
                dots(&row.puzzle),
            ),
            (
                want.index,
                strategy,
                limit,
                &status,
                want.nodes,
                want.backtracks,
                want.solutions,
                dots(&want.solution),
                dots(&want.puzzle),
            ),
            "{} row {}",
            file.path.display(),
            want.index
        );
    }
}

#[test]
fn golden_naive_easy50_limit2() {
    golden_through_the_runner("naive", "norvig_sudoku-easy50", 2);
}

#[test]
fn golden_reduce_top95_limit2() {
    golden_through_the_runner("reduce", "norvig_sudoku-top95", 2);
}

#[test]
fn golden_norvig_hardest_limit1() {
    golden_through_the_runner("norvig", "norvig_sudoku-hardest", 1);
}

#[test]
fn golden_norvig_top95_limit2() {
    golden_through_the_runner("norvig", "norvig_sudoku-top95", 2);
}

#[test]
fn golden_dlx_top95_limit1() {
    golden_through_the_runner("dlx", "norvig_sudoku-top95", 1);
}

/// `--first 2000` reads the first 2000 puzzles, as the `-first2000` golden files do
/// (the kaggle CSV carries known solutions, which the runner checks too).
#[test]
fn golden_dlx_kaggle_first2000_limit1() {
    golden_through_the_runner("dlx", "kaggle-first2000", 1);
}

#[test]
fn golden_reduce_17clue_first2000_limit1() {
    golden_through_the_runner("reduce", "17clue-first2000", 1);
}

/// A grid on one line, `.` for empty cells, whatever its notation (`0`s, `|` between
/// rows); empty for no grid.
fn dots(grid: &str) -> String {
    if grid.is_empty() {
        return String::new();
    }
    grid.parse::<sudoku_core::Grid>()
        .expect("a grid parses")
        .to_line()
}

/// Everything but the times.
fn counts(rows: &[Row]) -> Vec<Row> {
    rows.iter()
        .map(|r| Row {
            nanoseconds: 0,
            median_nanoseconds: 0,
            retimed: sudoku_results::Retimed::Unchecked,
            ..r.clone()
        })
        .collect()
}

#[test]
fn one_and_two_threads_give_the_same_rows_in_input_order() {
    let dir = TempDir::new().unwrap();
    let top95 = corpus_path("norvig_sudoku-top95.txt");
    let hardest = corpus_path("norvig_sudoku-hardest.txt");
    let run = |threads: &str| {
        let out = dir.path().join(format!("t{threads}.csv"));
        lab()
            .args([
                "bench",
                "--solvers",
                "dlx,norvig,reduce",
                "--threads",
                threads,
            ])
            .arg(&top95)
            .arg(&hardest)
            .arg("--out")
            .arg(&out)
            .assert()
            .success();
        read_rows(&out)
    };
    let one = counts(&run("1"));
    let two = counts(&run("2"));
    assert_eq!(one.len(), (95 + 11) * 3);
    assert_eq!(one, two);
    // Input order: corpus as given, index ascending, solvers as listed.
    let mut expected = Vec::new();
    for (corpus, n) in [(&top95, 95u64), (&hardest, 11)] {
        for index in 0..n {
            for solver in ["dlx", "norvig", "reduce"] {
                expected.push((corpus.display().to_string(), index, solver.to_string()));
            }
        }
    }
    let got: Vec<_> = one
        .iter()
        .map(|r| (r.corpus.to_string(), r.index, r.solver.to_string()))
        .collect();
    assert_eq!(got, expected);
    assert!(one.iter().all(|r| r.status == Status::Solved));
}

#[test]
fn malformed_lines_are_reported_and_skipped_by_default() {
    let dir = TempDir::new().unwrap();
    let bad = format!("{TOP1}\n{}x{}\n{TOP1}\n", &TOP1[..4], &TOP1[5..]);
    let corpus = write(&dir, "bad.txt", &bad);
    let out = dir.path().join("r/bench.csv");
    lab()
        .args(["bench", "--solvers", "dlx"])
        .arg(&corpus)
        .arg("--out")
        .arg(&out)
        .assert()
        .success()
        .stderr(predicate::str::contains(format!(
            "{}:2:5: unexpected character 'x' in the puzzle",
            corpus.display()
        )))
        .stdout(predicate::str::contains(format!(
            "Malformed lines skipped: 1 ({}: 1).",
            corpus.display()
        )));
    let rows = read_rows(&out);
    let got: Vec<_> = rows
        .iter()
        .map(|r| (r.index, r.line, r.status.clone()))
        .collect();
    assert_eq!(got, [(0, 1, Status::Solved), (1, 3, Status::Solved)]);
    let md = std::fs::read_to_string(dir.path().join("r/bench.summary.md")).unwrap();
    assert!(md.contains("Malformed lines skipped: 1"), "{md}");
}

#[test]
fn strict_stops_at_the_first_malformed_line_and_keeps_the_rows_before() {
    let dir = TempDir::new().unwrap();
    let bad = format!("{TOP1}\n{TOP1}\n{}\n{TOP1}\n", &TOP1[..80]);
    let corpus = write(&dir, "bad.txt", &bad);
    let out = dir.path().join("bench.csv");
    lab()
        .args(["bench", "--strict", "--solvers", "dlx,norvig"])
        .arg(&corpus)
        .arg("--out")
        .arg(&out)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!(
            "{}:3:1: expected 16 (4x4), 81 (9x9), 256 (16x16) or 625 (25x25) cells, found 80 (--strict",
            corpus.display()
        )));
    // A failed run keeps its rows under a name that says so.
    assert!(!out.exists());
    let rows = read_rows(&dir.path().join("bench.failed.csv"));
    let got: Vec<_> = rows.iter().map(|r| (r.index, &*r.solver)).collect();
    assert_eq!(got, [(0, "dlx"), (0, "norvig"), (1, "dlx"), (1, "norvig")]);
    let sidecar = std::fs::read_to_string(dir.path().join("bench.failed.run.toml")).unwrap();
    assert!(sidecar.contains("state = \"failed\""), "{sidecar}");
}

/// Runs `bench` with `args` over `corpus` into a CSV beside it, which succeeds and warns
/// of `warning` (after `FILE:`); the CSV's rows.
fn bench_warning(corpus: &Path, args: &[&str], warning: &str) -> Vec<Row> {
    let out = corpus.with_extension("out.csv");
    let said = format!("{}:{warning}", corpus.display());
    let bench = lab()
        .arg("bench")
        .args(args)
        .arg(corpus)
        .arg("--out")
        .arg(&out)
        .assert();
    bench.success().stderr(predicate::str::contains(said));
    read_rows(&out)
}

#[test]
fn a_wrong_known_solution_is_a_malformed_line() {
    let dir = TempDir::new().unwrap();
    let quiz = "004300209005009001070060043006002087190007400050083000600000105003508690042910300";
    let sol = "864371259325849761971265843436192587198657432257483916689734125713528694542916378";
    let mut wrong = sol.as_bytes().to_vec();
    wrong.swap(0, 1);
    let wrong = String::from_utf8(wrong).unwrap();
    let corpus = write(
        &dir,
        "k.csv",
        &format!("quizzes,solutions\n{quiz},{sol}\n{quiz},{wrong}\n"),
    );
    let warning = "3:83: the known solution does not solve the puzzle";
    let rows = bench_warning(&corpus, &["--solvers", "norvig,dlx"], warning);
    assert_eq!(rows.len(), 2);
    assert!(rows
        .iter()
        .all(|r| r.status == Status::Solved && r.solution.replace('|', "") == sol));
}

/// Kaggle's 3-million set puts an id before each puzzle: its header names the puzzles'
/// column, which every chunk the workers parse follows (a chunk starts after the header).
#[test]
fn a_corpus_whose_header_names_the_puzzles_column_is_read_by_every_worker() {
    let dir = TempDir::new().unwrap();
    let top95 = std::fs::read_to_string(corpus_path("norvig_sudoku-top95.txt")).unwrap();
    let puzzles: Vec<&str> = top95.lines().take(40).collect();
    // Each line's name is what follows its puzzle (no solution given): clues, difficulty.
    let names: Vec<String> = (puzzles.iter().enumerate())
        .map(|(id, p)| format!("{},0.{id}", p.bytes().filter(u8::is_ascii_digit).count()))
        .collect();
    let mut text = String::from("id,puzzle,solution,clues,difficulty\n");
    for (id, (puzzle, name)) in puzzles.iter().zip(&names).enumerate() {
        text += &format!("{id},{puzzle},,{name}\n");
    }
    text += &format!("{TOP1}\n");
    let corpus = write(&dir, "3m.csv", &text);
    let warning = "42: the line has no field 2, the puzzles' column in the header";
    let rows = bench_warning(&corpus, &["-j", "2", "--solvers", "dlx"], warning);
    let got: Vec<(String, Option<String>)> = (rows.iter())
        .map(|r| {
            (
                r.puzzle.replace('|', ""),
                r.name.as_deref().map(String::from),
            )
        })
        .collect();
    let want: Vec<(String, Option<String>)> = (puzzles.iter().zip(names))
        .map(|(p, name)| (p.to_string(), Some(name)))
        .collect();
    assert_eq!(got, want);
    assert!(rows.iter().all(|r| r.status == Status::Solved));
}

#[test]
fn an_empty_file_is_a_failed_run_that_leaves_an_earlier_result_as_it_was() {
    let dir = TempDir::new().unwrap();
    let corpus = write(&dir, "empty.txt", "");
    let out = dir.path().join("e.csv");
    let earlier = "an earlier result\n";
    std::fs::write(&out, earlier).unwrap();
    lab()
        .args(["bench", "--solvers", "dlx"])
        .arg(&corpus)
        .arg("--out")
        .arg(&out)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!(
            "warning: {}: no puzzles",
            corpus.display()
        )))
        .stderr(predicate::str::contains(
            "error: no puzzle read: every corpus was empty or malformed",
        ))
        .stdout(predicate::str::contains("No rows.\n"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), earlier);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("e.failed.csv")).unwrap(),
        format!("{}\n", sudoku_results::COLUMNS.join(","))
    );
    let sidecar = std::fs::read_to_string(dir.path().join("e.failed.run.toml")).unwrap();
    assert!(
        sidecar.contains("state = \"failed\"\npuzzles = 0\n"),
        "{sidecar}"
    );
}

/// A run that read puzzles but wrote no row, as no solver it runs solves their size
/// (bands on 4x4 puzzles), is a failed run: exit 1, the solver and the size named, no
/// rate of puzzles solved, an earlier result kept. One solver that takes them is enough
/// for the run to finish.
#[test]
fn a_run_whose_every_puzzle_is_skipped_fails_naming_the_solver_and_the_size() {
    let dir = TempDir::new().unwrap();
    let corpus = write(&dir, "four.txt", "1.3..2..........\n..3.....2..1....\n");
    let out = dir.path().join("f.csv");
    let earlier = "an earlier result\n";
    std::fs::write(&out, earlier).unwrap();
    let said = "no row: every puzzle read was skipped, as no solver of the run solves its size: \
                bands does not solve 4x4 puzzles (2 of them; it takes 9x9)";
    lab()
        .args(["bench", "-q", "--solvers", "bands"])
        .arg(&corpus)
        .arg("--out")
        .arg(&out)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!("error: {said}\n")))
        .stdout(predicate::str::contains("No rows.\n"))
        .stdout(predicate::str::contains("puzzles/s").not());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), earlier);
    let summary = std::fs::read_to_string(dir.path().join("f.failed.summary.md")).unwrap();
    assert!(!summary.contains("Wall clock"), "{summary}");
    assert!(
        summary.contains(&format!("The error that stopped it: {said}\n")),
        "{summary}"
    );
    let sidecar = std::fs::read_to_string(dir.path().join("f.failed.run.toml")).unwrap();
    assert!(
        sidecar.contains("state = \"failed\"\npuzzles = 2\nrows = 0\n"),
        "{sidecar}"
    );
    assert!(
        sidecar.contains(&format!("error = \"{said}\"")),
        "{sidecar}"
    );
    lab()
        .args(["bench", "--progress-every", "0", "--solvers", "bands,dlx"])
        .arg(&corpus)
        .arg("--out")
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Skipped: bands does not solve 4x4 puzzles (2 of them, no rows).",
        ));
    assert_eq!(read_rows(&out).len(), 2);
}

/// The wall-clock rate of a run some of whose puzzles no solver of it solves (bands on
/// three 4x4 puzzles and two 9x9 ones) is of the puzzles with rows, and says how many were
/// read: it was of every puzzle read ("5 puzzles"), though 2 got rows. The sidecar's
/// `puzzles` is still every puzzle read; `summary` of the CSV prints the run's line.
#[test]
fn the_wall_clock_rate_is_of_the_puzzles_with_rows() {
    let dir = TempDir::new().unwrap();
    write(&dir, "four.txt", &"1.3..2..........\n".repeat(3));
    write(&dir, "nine.txt", &format!("{TOP1}\n").repeat(2));
    let run = |args: &[&str]| {
        let out = lab().current_dir(dir.path()).args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stdout = String::from_utf8(out.stdout).unwrap();
        let line = stdout.lines().find(|l| l.starts_with("Wall clock: "));
        line.expect("a wall-clock line").to_string()
    };
    let clock = run(&[
        "bench",
        "--progress-every",
        "0",
        "-s",
        "bands",
        "four.txt",
        "nine.txt",
        "-o",
        "r.csv",
    ]);
    let sidecar = sudoku_reports::Sidecar::read_beside(&dir.path().join("r.csv"))
        .unwrap()
        .unwrap();
    assert_eq!((sidecar.puzzles, sidecar.rows), (5, 2));
    // As the summary gives a rate: one decimal below 100 per second, none above.
    let per_second = 2.0 / sidecar.seconds;
    let rate = if per_second < 100.0 {
        format!("{per_second:.1}")
    } else {
        format!("{per_second:.0}")
    };
    let told = format!(
        "Wall clock: {rate} puzzles/s for the whole run (5 puzzles read, 2 of them with rows, in "
    );
    assert!(clock.starts_with(&told), "{clock}");
    assert_eq!(run(&["summary", "r.csv"]), clock);
}

/// A shard whose share holds only puzzles no solver of the run solves (a 4x4 puzzle under
/// bands, the 9x9 one another shard's) finishes with no row, its skips noted: it failed
/// ("no row"), and the merge of the shards, whose other shard solved the 9x9 puzzle, was
/// refused (the shard did not finish), however often it was run again. A corpus whose
/// puzzles are all the other shard's is not said to have none.
#[test]
fn a_shard_whose_share_is_all_skipped_finishes_and_merges() {
    let dir = TempDir::new().unwrap();
    write(&dir, "small.txt", "1.3..2..........\n");
    write(&dir, "nine.txt", &format!("{TOP1}\n"));
    let run = |args: &[&str]| lab().current_dir(dir.path()).args(args).assert();
    let mut rows = Vec::new();
    for k in ["1", "2"] {
        let shard = format!("{k}/2");
        let out = format!("s{k}.csv");
        run(&[
            "bench",
            "-q",
            "-s",
            "bands",
            "small.txt",
            "nine.txt",
            "--shard",
            &shard,
            "-o",
            &out,
        ])
        .success()
        .stderr(predicate::str::contains("no puzzles").not());
        rows.push(read_rows(&dir.path().join(&out)).len());
    }
    rows.sort_unstable();
    assert_eq!(rows, [0, 1], "one shard has the 4x4 puzzle alone");
    run(&["merge", "-o", "m.csv", "s1.csv", "s2.csv"]).success();
    assert_eq!(read_rows(&dir.path().join("m.csv")).len(), 1);
}

/// Shards whose rows total none (every puzzle read of a size no solver of the run solves)
/// each finish, as a shard cannot know that the others have none either; their merge
/// fails as the run made in one piece does ("no row", exit 1, `m.failed.*`, an earlier
/// `m.csv` kept), naming the solver and the size skipped, the shards' counts added up. It
/// finished with no row (exit 0), its note saying one shard's count.
#[test]
fn a_merge_of_shards_without_a_row_fails_as_the_run_in_one_piece() {
    let dir = TempDir::new().unwrap();
    write(&dir, "small.txt", "1.3..2..........\n.2..3..1..4.....\n");
    let run = |args: &[&str]| lab().current_dir(dir.path()).args(args).assert();
    let bench = ["bench", "-q", "-s", "bands", "small.txt", "-o"];
    let one = run(&[&bench[..], &["one.csv"]].concat()).code(1);
    let said = String::from_utf8_lossy(&one.get_output().stderr).into_owned();
    let error = said
        .lines()
        .find(|l| l.starts_with("error: no row: "))
        .unwrap_or_else(|| panic!("{said}"))
        .to_string();
    assert!(error.ends_with("bands does not solve 4x4 puzzles (2 of them; it takes 9x9)"));
    for k in ["1", "2"] {
        let (shard, out) = (format!("{k}/2"), format!("s{k}.csv"));
        run(&[&bench[..], &[&out, "--shard", &shard]].concat()).success();
        assert!(read_rows(&dir.path().join(&out)).is_empty());
    }
    write(&dir, "m.csv", "earlier\n");
    run(&["merge", "-o", "m.csv", "s1.csv", "s2.csv"])
        .code(1)
        .stderr(predicate::str::contains(format!("{error}\n")))
        .stderr(predicate::str::contains(
            "wrote m.failed.csv (0 rows from 2 shards), m.failed.summary.md and \
             m.failed.run.toml",
        ));
    let text = |name: &str| std::fs::read_to_string(dir.path().join(name)).unwrap();
    assert_eq!(text("m.csv"), "earlier\n");
    let sidecar = text("m.failed.run.toml");
    assert!(sidecar.contains("state = \"failed\""), "{sidecar}");
    assert!(
        sidecar.contains("[[skipped]]\nsolver = \"bands\"\nsize = \"4x4\"\npuzzles = 2\n"),
        "{sidecar}"
    );
    assert!(!dir.path().join("m.running.csv").exists());
}

#[test]
fn missing_files_and_empty_folders_are_errors() {
    let dir = TempDir::new().unwrap();
    let missing = dir.path().join("nope.txt");
    lab()
        .arg("bench")
        .arg(&missing)
        .arg("--out")
        .arg(dir.path().join("m.csv"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!(
            "{}: cannot open",
            missing.display()
        )));
    let folder = dir.path().join("folder");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("notes.md"), "# not a corpus").unwrap();
    lab()
        .arg("bench")
        .arg(&folder)
        .arg("--out")
        .arg(dir.path().join("m.csv"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no corpus files in this folder"));
}

#[test]
fn a_folder_gives_its_corpus_files_in_name_order() {
    let dir = TempDir::new().unwrap();
    let folder = dir.path().join("c");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("b.txt"), format!("{TOP1}\n")).unwrap();
    std::fs::write(folder.join("a.sdk"), format!("{TOP1}\n{TOP1}\n")).unwrap();
    std::fs::write(folder.join("README.md"), "not a corpus").unwrap();
    let rows = bench(&dir, &folder, &["--solvers", "dlx"]);
    let got: Vec<_> = rows
        .iter()
        .map(|r| {
            let name = Path::new(&*r.corpus).file_name().unwrap().to_string_lossy();
            (name.to_string(), r.index)
        })
        .collect();
    assert_eq!(
        got,
        [
            ("a.sdk".into(), 0),
            ("a.sdk".into(), 1),
            ("b.txt".into(), 0)
        ]
    );
}

#[test]
fn limit_2_on_hard1_finds_two_solutions() {
    let dir = TempDir::new().unwrap();
    let corpus = write(&dir, "hard1.txt", &format!("{HARD1}\n"));
    let rows = bench(&dir, &corpus, &["--solvers", "dlx,norvig", "--limit", "2"]);
    assert_eq!(rows.len(), 2);
    for r in &rows {
        assert_eq!(
            (&r.status, r.solutions, r.limit),
            (&Status::Solved, 2, 2),
            "{r:?}"
        );
    }
    assert_eq!(&*rows[1].solver, "norvig");
    assert_eq!(rows[1].nodes, 658_727);
}

#[test]
fn clashing_givens_empty_grid_and_the_budget() {
    let dir = TempDir::new().unwrap();
    let clash = format!("11{}", &".".repeat(79));
    let empty = ".".repeat(81);
    let corpus = write(&dir, "edge.txt", &format!("{clash}\n{empty}\n"));
    let rows = bench(&dir, &corpus, &["--limit", "2"]);
    let solvers = sudoku_catalogue::default_run().count();
    assert_eq!(rows.len(), 2 * solvers);
    for r in &rows[..solvers] {
        assert_eq!(
            (&r.status, r.solutions, r.nodes),
            (&Status::NoSolution, 0, 1),
            "{r:?}"
        );
    }
    for r in &rows[solvers..] {
        assert_eq!((&r.status, r.solutions), (&Status::Solved, 2), "{r:?}");
    }

    let corpus = write(&dir, "abf.txt", &format!("{ANTI_BRUTE_FORCE}\n"));
    let rows = bench(
        &dir,
        &corpus,
        &["--solvers", "naive", "--max-nodes", "10000"],
    );
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].status, Status::BudgetExhausted);
    assert!(rows[0].nodes <= 10_000, "{:?}", rows[0]);
    assert_eq!(rows[0].solution, "");
}

#[test]
fn summary_reprints_the_table_of_a_run() {
    let dir = TempDir::new().unwrap();
    let bad = format!("{TOP1}\nnot a puzzle\n{HARD1}\n");
    let corpus = write(&dir, "s.txt", &bad);
    let out = dir.path().join("s.csv");
    let run = lab()
        .args(["bench", "--solvers", "norvig,dlx"])
        .arg(&corpus)
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    let table = String::from_utf8(run.get_output().stdout.clone()).unwrap();
    assert!(table.contains("Malformed lines skipped: 1"), "{table}");
    lab()
        .arg("summary")
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::eq(table.as_str()));
    let sidecar = std::fs::read_to_string(dir.path().join("s.run.toml")).unwrap();
    for key in [
        "command = ",
        "version = ",
        "git_commit = ",
        "rustc = ",
        "cpu = ",
        "threads = ",
        "date = ",
        "state = \"finished\"",
        "[[solver]]\nname = \"norvig\"\nmax_nodes = 10000000\n",
        "malformed = 1\n",
    ] {
        assert!(sidecar.contains(key), "{key} missing:\n{sidecar}");
    }
    lab()
        .arg("summary")
        .arg(dir.path().join("none.csv"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("none.csv: cannot open"));
    lab()
        .args(["summary", "--wide"])
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::str::contains("mean backtracks"))
        .stderr(predicate::str::is_empty());
    // Its rows doubled since the run: the sidecar tells, and the summary says so. It
    // gives no rate: the run's clock over twice its puzzles, counted from the rows, was
    // twice the run's rate.
    let text = std::fs::read_to_string(&out).unwrap();
    let rows = text.lines().count() - 1;
    let body: String = text.split_inclusive('\n').skip(1).collect();
    std::fs::write(&out, format!("{text}{body}")).unwrap();
    // The summary of `out`, without a wall-clock rate, and what it says on stderr.
    let without_rate = |said: String| {
        lab()
            .arg("summary")
            .arg(&out)
            .assert()
            .success()
            .stdout(predicate::str::contains("Wall clock").not())
            .stderr(predicate::str::contains(said));
    };
    without_rate(format!(
        "s.csv: {}: the summary is of the rows as they are now, not of the run, and gives no \
         wall-clock rate",
        common::said::not_as_written(2 * rows, rows)
    ));
    // A sidecar without a key a run writes (made by hand, cut short) is malformed: the
    // summary goes on without it, so without a wall-clock rate.
    std::fs::write(&out, &text).unwrap();
    let sidecar = dir.path().join("s.run.toml");
    let whole = std::fs::read_to_string(&sidecar).unwrap();
    let kept = whole.lines().filter(|l| !l.starts_with("rows = "));
    std::fs::write(&sidecar, kept.map(|l| format!("{l}\n")).collect::<String>()).unwrap();
    without_rate(format!(
        "warning: {}: line 1: not a sudoku-lab sidecar: missing field `rows` (the summary goes \
         on without it)\n",
        sidecar.display()
    ));
}

#[test]
fn solve_shows_the_grid_and_each_solver() {
    let out = lab()
        .args(["solve", "--solver", "dlx,norvig", TOP1])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("4 . . |. . . |8 . 5 \n"), "{text}");
    assert!(
        text.contains("dlx: solved, 1 solution (limit 1), "),
        "{text}"
    );
    assert!(
        text.contains("norvig: solved, 1 solution (limit 1), "),
        "{text}"
    );
    assert!(
        text.contains(
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
        ),
        "{text}"
    );
    lab()
        .args(["solve", "--solvers", "dlx", "-l", "2"])
        .write_stdin(format!("{HARD1}\n"))
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "dlx: solved, 2 solutions (limit 2)",
        ));
    lab()
        .args(["solve", "123"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "expected 16 (4x4), 81 (9x9), 256 (16x16) or 625 (25x25) cells, found 3",
        ));
}

/// A run stopped by SIGTERM dies of it and leaves a CSV that parses, in order, with the
/// rows completed, and says so.
#[cfg(unix)]
#[test]
fn sigterm_leaves_a_readable_csv() {
    use std::time::{Duration, Instant};
    let dir = TempDir::new().unwrap();
    let text = format!("{ANTI_BRUTE_FORCE}\n").repeat(2000);
    let corpus = write(&dir, "long.txt", &text);
    let out = dir.path().join("long.csv");
    let running = dir.path().join("long.running.csv");
    let mut child = common::lab_process()
        .args([
            "bench",
            "--solvers",
            "naive",
            "--threads",
            "1",
            "--max-nodes",
            "2000000",
        ])
        .arg(&corpus)
        .arg("--out")
        .arg(&out)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for the first rows to reach the file.
    let start = Instant::now();
    while std::fs::read_to_string(&running).map_or(0, |t| t.lines().count()) < 2 {
        assert!(start.elapsed() < Duration::from_secs(60), "no rows written");
        assert!(child.try_wait().unwrap().is_none(), "the run ended early");
        std::thread::sleep(Duration::from_millis(50));
    }
    let status = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    common::died_of(&output, libc::SIGTERM);
    assert!(stderr.contains("interrupted"), "{stderr}");
    assert!(!out.exists() && !running.exists());
    let rows = read_rows(&dir.path().join("long.interrupted.csv"));
    assert!(!rows.is_empty() && rows.len() < 2000, "{} rows", rows.len());
    let indices: Vec<u64> = rows.iter().map(|r| r.index).collect();
    assert_eq!(indices, (0..rows.len() as u64).collect::<Vec<_>>());
    // Every row is the same solve of the same puzzle.
    let cost = |r: &Row| (r.status.clone(), r.nodes, r.backtracks, r.solutions);
    assert!(rows.iter().all(|r| cost(r) == cost(&rows[0])));
    let md = std::fs::read_to_string(dir.path().join("long.interrupted.summary.md")).unwrap();
    assert!(md.contains("**INTERRUPTED**"), "{md}");
    let sidecar = std::fs::read_to_string(dir.path().join("long.interrupted.run.toml")).unwrap();
    assert!(sidecar.contains("state = \"interrupted\""), "{sidecar}");
    assert_eq!(rows[0].status, Status::BudgetExhausted);
}

#[test]
fn plot_draws_the_figures_of_a_run() {
    let dir = TempDir::new().unwrap();
    let rows = bench(
        &dir,
        &corpus_path("norvig_sudoku-hardest.txt"),
        &["--solvers", "norvig,dlx"],
    );
    assert_eq!(rows.len(), 22);
    let csv = dir.path().join("out/bench.csv");
    let figures = dir.path().join("fig");
    lab()
        .arg("plot")
        .arg(&csv)
        .arg("--out-dir")
        .arg(&figures)
        .assert()
        .success()
        .stdout(predicate::str::contains("bench.time.svg"));
    for name in ["bench.time.svg", "bench.nodes.svg"] {
        let svg = std::fs::read_to_string(figures.join(name)).unwrap();
        assert!(svg.starts_with("<svg"), "{name}");
        // The panel is named by the corpus's file stem, not by the path bench was given.
        assert!(
            svg.contains("\nnorvig_sudoku-hardest (11 puzzles)\n"),
            "{name}"
        );
        assert!(!svg.contains("corpora/"), "{name}");
    }
    // A figure for a slide: one figure, in PNG, its size, its title, its file's name.
    lab()
        .arg("plot")
        .arg(&csv)
        .args([
            "--figure", "time", "--format", "png,svg", "--size", "1280x720",
        ])
        .args(["--title", "Eleven hard puzzles", "--name", "slide", "-o"])
        .arg(&figures)
        .assert()
        .success()
        .stdout(format!(
            "{}\n{}\n",
            figures.join("slide.png").display(),
            figures.join("slide.svg").display()
        ));
    let png = std::fs::read(figures.join("slide.png")).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    let svg = std::fs::read_to_string(figures.join("slide.svg")).unwrap();
    assert!(svg.starts_with("<svg width=\"1280\" height=\"720\""));
    assert!(svg.contains("\nEleven hard puzzles\n"));
    for (size, says) in [
        (
            "1280",
            "'1280' for '--size <WxH>': expected WIDTHxHEIGHT, 100 to 8000 pixels each",
        ),
        (
            "90x720",
            "'90x720' for '--size <WxH>': expected WIDTHxHEIGHT, 100 to 8000 pixels each",
        ),
    ] {
        lab()
            .arg("plot")
            .arg(&csv)
            .args(["--size", size])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(says));
    }
    lab()
        .arg("plot")
        .arg(&csv)
        .args(["--size", "600x200"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("600x200 pixels is too small"));
    // An empty name is refused: it would name hidden files, `.time.svg` and `.nodes.svg`.
    lab()
        .arg("plot")
        .arg(&csv)
        .args(["--name", ""])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "a value is required for '--name <NAME>'",
        ));
}

#[test]
fn stdin_is_a_corpus_and_repeat_keeps_min_and_median() {
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("stdin.csv");
    lab()
        .args([
            "bench",
            "-",
            "--solvers",
            "norvig",
            "--repeat",
            "5",
            "--threads",
            "1",
        ])
        .arg("--out")
        .arg(&out)
        .write_stdin(format!("# two puzzles\n{TOP1}\n\n{HARD1}\n"))
        .assert()
        .success();
    let rows = read_rows(&out);
    let got: Vec<_> = rows
        .iter()
        .map(|r| (&*r.corpus, r.index, r.line, r.status.clone()))
        .collect();
    assert_eq!(
        got,
        [
            ("stdin", 0, 2, Status::Solved),
            ("stdin", 1, 4, Status::Solved)
        ]
    );
    assert!(rows
        .iter()
        .all(|r| r.nanoseconds > 0 && r.nanoseconds <= r.median_nanoseconds));
}

#[test]
fn help_teaches_with_examples_and_gives_the_defaults() {
    let help = lab().args(["bench", "--help"]).assert().success();
    let text = String::from_utf8(help.get_output().stdout.clone()).unwrap();
    // Its words joined by single spaces, as clap wraps them to the width.
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let default_run: Vec<&str> = sudoku_catalogue::default_run().map(|s| s.name).collect();
    let default_run = format!("[default: {}]", default_run.join(","));
    let naive_budget = format!(
        "digits ascending; budget {}",
        sudoku_catalogue::NAIVE_BUDGET
    );
    for needle in [
        "Examples:",
        "[default: data/seeds.txt data/bench]",
        "[default: results/bench.csv]",
        default_run.as_str(),
        naive_budget.as_str(),
        "Knuth's Algorithm X",
        "results/bench.summary.md",
        "results/bench.run.toml",
        "-s, --solvers <LIST>",
        "[alias: --solver]",
    ] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
    lab().args(["bench", "--limit", "0"]).assert().code(2);
}

/// The main command with its defaults: from the repository, `data/seeds.txt` and the
/// generated corpora of `data/bench/`; from a folder without them, the seed puzzles built
/// into the binary. Either way every solver solves every seed puzzle, with the essays'
/// counts, or stops at its default budget (naive on the puzzle made against brute force).
#[test]
fn bench_with_its_defaults_reads_the_seed_puzzles() {
    let dir = TempDir::new().unwrap();
    lab()
        .current_dir(dir.path())
        .args(["bench", "-q"])
        .assert()
        .success()
        .stderr(predicate::str::contains("built into sudoku-lab"))
        .stderr(predicate::str::contains(
            "no data/bench here: its graded corpora are skipped",
        ));
    let rows = read_rows(&dir.path().join("results/bench.csv"));
    assert!(dir.path().join("results/bench.summary.md").is_file());
    assert!(dir.path().join("results/bench.run.toml").is_file());
    assert_eq!(rows.len(), 5 * sudoku_catalogue::default_run().count());
    let at_budget = |r: &Row| {
        let budget = sudoku_catalogue::find(&r.solver)
            .unwrap()
            .default_max_nodes(Size::NINE);
        r.status == Status::BudgetExhausted && r.nodes == budget
    };
    assert!(rows
        .iter()
        .all(|r| r.status == Status::Solved || at_budget(r)));
    assert!(rows
        .iter()
        .all(|r| &*r.corpus == "data/seeds.txt (built in)"));
    let polish = rows
        .iter()
        .find(|r| &*r.solver == "naive" && r.index == 0)
        .unwrap();
    assert_eq!((polish.nodes, polish.backtracks), (301_535, 301_478));

    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = dir.path().join("repo.csv");
    lab()
        .current_dir(&repo)
        .args(["bench", "-q", "--solvers", "dlx", "--out"])
        .arg(&out)
        .assert()
        .success();
    let rows = read_rows(&out);
    assert!(rows.iter().all(|r| r.status == Status::Solved));
    let seeds = rows.iter().filter(|r| &*r.corpus == "data/seeds.txt");
    assert_eq!(seeds.count(), 5);
    // Then every file of data/bench, sorted, with as many puzzles as its header says.
    let mut files: Vec<_> = std::fs::read_dir(repo.join("data/bench"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut corpora: Vec<(&str, usize)> = Vec::new();
    for r in &rows[5..] {
        match corpora.last_mut() {
            Some((name, n)) if *name == &*r.corpus => *n += 1,
            _ => corpora.push((&r.corpus, 1)),
        }
    }
    let expected: Vec<(String, usize)> = files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            let count = text.lines().filter(|l| !l.starts_with('#')).count();
            let name = f.strip_prefix(&repo).unwrap().display().to_string();
            (name, count)
        })
        .collect();
    let got: Vec<(String, usize)> = corpora.iter().map(|(n, c)| (n.to_string(), *c)).collect();
    assert_eq!(got, expected);
}

/// The merge of shards run on different thread counts gives no thread count in its wall
/// clock (it gave shard 1's, "2 threads, all solvers", for the whole run) and notes each
/// shard's, in its summary and in `summary` of its CSV; shards on one count keep it. Either
/// way the line below the clock says that it is the slowest shard's, the whole run's only
/// if the shards ran side by side (nothing said it but the note of different counts).
#[test]
fn a_merge_of_shards_on_different_thread_counts_names_each() {
    let dir = TempDir::new().unwrap();
    write(&dir, "c.txt", &format!("{TOP1}\n{HARD1}\n").repeat(3));
    let run = |args: &[&str]| lab().current_dir(dir.path()).args(args).assert();
    let shard = |k: &str, threads: &str| {
        let (share, out) = (format!("{k}/2"), format!("s{k}.csv"));
        let args = ["bench", "-q", "-s", "dlx", "-j", threads, "--pin", "none"];
        run(&[&args[..], &["c.txt", "--shard", &share, "-o", &out]].concat()).success();
    };
    let clock = |out: &str| {
        let text = String::from_utf8(run(&["summary", out]).success().get_output().stdout.clone())
            .unwrap();
        text.lines()
            .filter(|l| {
                ["Wall clock", "The wall clock", "Threads"]
                    .iter()
                    .any(|s| l.starts_with(s))
            })
            .map(str::to_string)
            .collect::<Vec<String>>()
    };
    let slowest =
        "The wall clock is the slowest shard's: the whole run's only if the shards ran side by side.";
    shard("1", "1");
    shard("2", "1");
    run(&["merge", "-o", "same.csv", "s1.csv", "s2.csv"])
        .success()
        .stdout(predicate::str::contains(format!(
            "all solvers).\n{slowest}\n"
        )));
    let same = clock("same.csv");
    assert!(
        same.len() == 2 && same[0].contains(", 1 thread, all solvers)") && same[1] == slowest,
        "{same:?}"
    );
    shard("2", "2");
    run(&["merge", "-o", "m.csv", "s1.csv", "s2.csv"])
        .success()
        .stdout(predicate::str::contains("thread, all solvers").not());
    let told = clock("m.csv");
    assert!(
        told[0].ends_with(", all solvers).") && !told[0].contains("thread") && told[1] == slowest,
        "{told:?}"
    );
    assert!(
        told.iter()
            .any(|l| l == "Threads: the shards ran on different counts (1/2 on 1, 2/2 on 2)."),
        "{told:?}"
    );
}
