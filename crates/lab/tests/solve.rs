//! `sudoku-lab solve`, made for people: several solutions marked, "unique" when
//! proved, each solver against the fastest, puzzles from an argument, a file,
//! `--corpus FILE --index N` or stdin, every size, words rather than codes, and a clear
//! message for each bad input.

mod common;

use std::collections::HashSet;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::Stdio;

use common::{lab, write, TOP1};
use predicates::prelude::*;
use sudoku_core::Grid;
use sudoku_testkit::seeds::{HARD1, POLISH, SPANISH_2};
use tempfile::TempDir;

fn seeds() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/seeds.txt")
}

fn stdout(args: &[&str]) -> String {
    let out = lab().args(args).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

/// The grids of the `solution N: …` lines.
fn solution_lines(text: &str) -> Vec<Grid> {
    text.lines()
        .filter_map(|l| l.strip_prefix("solution ")?.split_once(": "))
        .map(|(_, line)| Grid::parse(line).unwrap())
        .collect()
}

#[test]
fn several_solutions_are_shown_with_their_differences_marked() {
    let text = stdout(&["solve", "-s", "dlx", "-l", "3", HARD1]);
    assert!(
        text.contains("dlx: solved, 3 solutions (limit 3), 80 nodes, 15 backtracks, "),
        "{text}"
    );
    assert!(text.contains(
        "3 solutions found (the limit: there may be more): the puzzle is not unique.\n\
         The first 3, in the order dlx found them; * marks the 9 cells where they differ (r4c8, \
         r4c9, r8c3,\nr8c6, r8c8, r8c9, r9c3, r9c6, r9c8):\nsolution 1: "
    ));
    let marked = |line: &str| text.lines().filter(|l| *l == line).count();
    assert_eq!(marked("1 4 5 |6 8 2 |7 3*9*"), 2, "{text}");
    assert_eq!(marked("1 4 5 |6 8 2 |7 9*3*"), 1, "{text}");
    let hard1 = Grid::parse(HARD1).unwrap();
    let grids = solution_lines(&text);
    assert_eq!(grids.len(), 3);
    assert!(grids.iter().all(|g| g.is_solution_of(&hard1)));
    assert_eq!(grids.iter().collect::<HashSet<_>>().len(), 3);

    // Up to four are shown, whatever the limit.
    let many = stdout(&["solve", "-s", "dlx", "-l", "50", HARD1]);
    assert!(many.contains("50 solutions found (the limit: there may be more)"));
    assert_eq!(solution_lines(&many).len(), 4);
}

#[test]
fn unique_when_the_search_proved_it() {
    // The fastest exact solver of the run shows the solutions: either, here.
    let text = stdout(&["solve", "-s", "dlx,norvig", "-l", "2", POLISH]);
    assert!(
        text.contains("unique: dlx's search ran to its end")
            || text.contains("unique: norvig's search ran to its end"),
        "{text}"
    );
    let one = stdout(&["solve", "-s", "dlx", "-l", "2", POLISH]);
    assert!(one
        .contains("unique: dlx's search ran to its end and found no other solution (limit 2):\n"));
    // The Spanish essay's second grid has two solutions: not unique.
    let two = stdout(&["solve", "-s", "reduce", "-l", "2", SPANISH_2]);
    assert!(
        two.contains("2 solutions found (the limit: there may be more)"),
        "{two}"
    );
    assert_eq!(solution_lines(&two).len(), 2);
    // Under limit 1, the first solution and how to check it.
    let first = stdout(&["solve", "-s", "dlx", POLISH]);
    assert!(first.contains("the solution (-l 2 checks whether it is unique):\n"));
}

#[test]
fn solvers_that_find_different_first_solutions_say_so() {
    let text = stdout(&["solve", "-s", "naive,norvig,dlx", HARD1]);
    assert!(text.contains(
        "the solvers found 3 different first solutions: the puzzle is not unique.\n\
         The solutions, each with the solvers that found it first; * marks the 60 cells"
    ));
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("naive: ")).collect();
    assert_eq!(
        lines.len(),
        2,
        "the solver's line and its solution's: {text}"
    );
}

/// Each solver has its line; with two or more, a last line puts each against the fastest
/// (a table repeated the lines' figures before it).
#[test]
fn a_list_of_solvers_ends_with_each_against_the_fastest() {
    let text = stdout(&["solve", "-s", "all", "--max-nodes", "2000", SPANISH_2]);
    for strategy in sudoku_catalogue::CATALOGUE {
        let line = format!("\n{}: ", strategy.name);
        assert!(text.contains(&line), "{text}");
    }
    assert!(
        text.contains("\nreduce: solved, 1 solution (limit 1), 17 nodes, 0 backtracks, "),
        "{text}"
    );
    // anneal is not exact: the budget stops it, and it reads so.
    assert!(
        text.contains("\nanneal: budget exhausted, 0 solutions (limit 1), 2,000 nodes, "),
        "{text}"
    );
    let (_, against) = text.split_once("\nagainst the fastest: ").unwrap();
    let against = against.replace('\n', " ");
    let each: Vec<&str> = against.trim_end().split(", ").collect();
    assert_eq!(each.len(), sudoku_catalogue::CATALOGUE.len(), "{text}");
    for (said, strategy) in each.iter().zip(sudoku_catalogue::CATALOGUE) {
        assert!(said.starts_with(&format!("{} ", strategy.name)), "{said}");
    }
    assert!(each.iter().any(|said| said.ends_with(" fastest")), "{text}");
    assert!(against.contains("anneal > "), "{text}");
    // One solver: no such line.
    assert!(!stdout(&["solve", "-s", "dlx", SPANISH_2]).contains("against the fastest"));
}

#[test]
fn words_for_people() {
    let no_solution = format!("12345678.........9{}", ".".repeat(63));
    let text = stdout(&["solve", "-s", "norvig", &no_solution]);
    assert!(
        text.contains("norvig: no solution, 1 node, 0 backtracks, "),
        "{text}"
    );
    assert!(!text.contains("no_solution") && !text.contains("0 solutions"));
    let clash = format!("11{}", ".".repeat(79));
    let text = stdout(&["solve", "-s", "dlx", "-l", "2", &clash]);
    assert!(
        text.contains("the givens clash (1 pair of peers)\n"),
        "{text}"
    );
    assert!(
        text.contains("no solution: dlx's search ran to its end\n"),
        "{text}"
    );
    let text = stdout(&["solve", "-s", "naive", "--max-nodes", "1000", HARD1]);
    assert!(
        text.contains("naive: budget exhausted, 0 solutions (limit 1), 1,000 nodes, "),
        "{text}"
    );
}

#[test]
fn puzzles_come_from_a_file_the_corpus_option_or_stdin_each_in_turn() {
    let dir = TempDir::new().unwrap();
    let file = write(
        &dir,
        "three.txt",
        &format!("# three\n{TOP1}\n\n{POLISH} polish\n{SPANISH_2}\n"),
    );
    let file = file.to_str().unwrap();
    let all = stdout(&["solve", "-s", "dlx", file]);
    assert_eq!(all.matches("dlx: solved, 1 solution (limit 1)").count(), 3);
    assert!(all.contains(&format!("{file}: puzzle 1, line 4 (polish)\n{POLISH}\n")));
    let one = stdout(&["solve", "-s", "dlx", "--corpus", file, "--index", "2"]);
    assert!(
        one.starts_with(&format!("{file}: puzzle 2, line 5\n{SPANISH_2}\n")),
        "{one}"
    );
    assert_eq!(one.matches("dlx: solved").count(), 1);
    let untimed = |text: &str| text.split(" backtracks, ").next().unwrap().to_string();
    let by_file = stdout(&["solve", "-s", "dlx", file, "--index", "2"]);
    assert_eq!(untimed(&one), untimed(&by_file));

    let piped = lab()
        .args(["solve", "-s", "dlx", "-"])
        .write_stdin(format!("{TOP1}\r\n{SPANISH_2}\n"))
        .assert()
        .success();
    let piped = String::from_utf8(piped.get_output().stdout.clone()).unwrap();
    assert!(piped.starts_with(&format!("stdin: puzzle 0, line 1\n{TOP1}\n")));
    assert!(piped.contains(&format!("\n\nstdin: puzzle 1, line 2\n{SPANISH_2}\n")));

    // One grid pretty-printed over several lines, as solve prints it.
    let pretty = Grid::parse(POLISH).unwrap().to_string();
    lab()
        .args(["solve", "-s", "dlx"])
        .write_stdin(pretty)
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "stdin: puzzle 0, line 1\n{POLISH}\n"
        )));

    // Stdin past 1 MiB is streamed, as a file is: its last puzzle is there.
    let big = format!("{TOP1}\n").repeat((1 << 20) / 82 + 1) + &format!("{POLISH}\n");
    let last = (1 << 20) / 82 + 1;
    lab()
        .args(["solve", "-s", "dlx", "-", "--index", &last.to_string()])
        .write_stdin(big)
        .assert()
        .success()
        .stdout(predicate::str::starts_with(format!(
            "stdin: puzzle {last}, line {}\n{POLISH}\n",
            last + 1
        )));
}

#[test]
fn every_size_the_strategies_take() {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data");
    let four = stdout(
        &["solve", "-s", "naive,dlx", "-l", "2", "--index", "0"]
            .into_iter()
            .chain([data.join("4x4.txt").to_str().unwrap()])
            .collect::<Vec<_>>(),
    );
    assert!(four.contains("unique: "), "{four}");
    assert!(four.contains("----+----\n"));
    let empty4 = "................";
    let text = stdout(&["solve", "-s", "dlx", "-l", "3", empty4]);
    assert!(text.contains("3 solutions found"), "{text}");
    let twenty_five = stdout(&[
        "solve",
        "-s",
        "dlx",
        "--index",
        "0",
        data.join("25x25.txt").to_str().unwrap(),
    ]);
    assert!(
        twenty_five.contains("dlx: solved, 1 solution (limit 1)"),
        "{twenty_five}"
    );
}

/// A puzzle no solver of the list takes (`-s bands` on a 4x4 grid) is skipped with a word,
/// and when that leaves nothing solved at all the command fails, as `bench` (no row) and
/// `trace` do; it ended with exit status 0, nothing solved. One puzzle solved is enough.
#[test]
fn nothing_solved_as_no_solver_takes_the_size_is_an_error() {
    let four = ".34....1...3.2.4";
    lab()
        .args(["solve", "-s", "bands,bands-essay", four])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "bands: skipped: it does not solve 4x4 grids (it takes 9x9)\n",
        ))
        .stderr(predicate::str::ends_with(
            "error: no solver of the list solves 4x4 grids: nothing was solved\n",
        ));
    lab()
        .args(["solve", "-s", "bands", "-"])
        .write_stdin(format!("{four}\n{four}\n"))
        .assert()
        .code(1);
    lab()
        .args(["solve", "-s", "bands", "-"])
        .write_stdin(format!("{four}\n{TOP1}\n"))
        .assert()
        .success()
        .stdout(predicate::str::contains("bands: solved, 1 solution"));
}

#[test]
fn bad_input_says_what_is_wrong() {
    let seeds = seeds();
    let seeds = seeds.to_str().unwrap();
    let usage: &[(&[&str], &str)] = &[
        (&["solve", "--corpus", seeds, TOP1], "cannot be used with"),
        (
            &["solve", "-l", "0", TOP1],
            "invalid value '0' for '--limit <N>'",
        ),
        (
            &["solve", "--index", "x", seeds],
            "invalid value 'x' for '--index <N>'",
        ),
        (&["solve", "-s", "fast", TOP1], "unknown solver \"fast\""),
    ];
    for (args, message) in usage {
        lab()
            .args(*args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(*message));
    }
    let errors: &[(&[&str], String, &str)] = &[
        (
            &["solve", seeds, "--index", "7"],
            String::new(),
            "data/seeds.txt has no puzzle of index 7 (puzzles read: 5)",
        ),
        (
            &["solve", "--index", "1", TOP1],
            String::new(),
            "error: the argument has no puzzle of index 1 (puzzles read: 1)",
        ),
        (
            &["solve", "-"],
            String::new(),
            "error: stdin holds no puzzle",
        ),
        (
            &["solve"],
            "\n# nothing\n".into(),
            "error: stdin holds no puzzle",
        ),
        (
            &["solve", "123"],
            String::new(),
            "error: 123: no such file, and not a puzzle: expected 16 (4x4), 81 (9x9), 256 (16x16) or 625 (25x25) cells, found 3",
        ),
        (
            &["solve", "-"],
            format!("{}\n", &TOP1[..80]),
            "error: stdin:1:1: expected 16 (4x4), 81 (9x9), 256 (16x16) or 625 (25x25) cells, found 80",
        ),
        (
            &["solve", "data/nope.txt"],
            String::new(),
            "error: data/nope.txt: no such file, and not a puzzle: expected 16 (4x4)",
        ),
        (
            &["solve", "data/nope.txt", "--index", "0"],
            String::new(),
            "error: data/nope.txt: no such file, and not a puzzle: expected 16 (4x4)",
        ),
    ];
    for (args, stdin, message) in errors {
        lab()
            .args(*args)
            .write_stdin(stdin.as_str())
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains(*message));
    }
    // A malformed line among good ones is named and skipped.
    lab()
        .args(["solve", "-s", "dlx", "-"])
        .write_stdin(format!("{TOP1}\n12x\n"))
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "warning: stdin:2:3: unexpected character 'x'",
        ))
        .stderr(predicate::str::contains("(line skipped)"));
}

/// `solve`, `trace` and `grade` name the first 10 malformed lines of an input and count
/// the others, as `bench` does (the book's "Bad input"): a binary file is not thousands of
/// warnings.
#[test]
fn malformed_lines_past_the_tenth_are_counted_not_each_named() {
    let dir = TempDir::new().unwrap();
    let bad = "1234\n".repeat(30);
    let corpus = write(&dir, "bad.txt", &format!("{bad}{TOP1}\n"));
    let corpus = corpus.to_str().unwrap();
    let counted =
        format!("warning: {corpus}: 30 malformed lines skipped in all, the first 10 shown");
    for args in [
        ["solve", "-s", "dlx", corpus],
        ["trace", "-s", "dlx", corpus],
        ["grade", "-q", "--", corpus],
    ] {
        let out = lab().args(args).assert().success();
        let stderr = String::from_utf8_lossy(&out.get_output().stderr);
        let named = stderr.matches("(line skipped)").count();
        assert_eq!(named, 10, "{args:?}: {stderr}");
        assert!(stderr.contains(&counted), "{args:?}: {stderr}");
    }
}

/// `solve … | head -1`: the pipe closes, the command ends quietly.
#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_solve_quietly() {
    let mut child = common::lab_process()
        .args(["solve", "-s", "dlx", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let text = format!("{TOP1}\n").repeat(2000);
    let mut stdin = child.stdin.take().unwrap();
    std::thread::spawn(move || {
        use std::io::Write;
        let _ = stdin.write_all(text.as_bytes());
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "stdin: puzzle 0, line 1\n");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

/// A `cmd:` solver that crashes has status `crashed` and its reason on a `why:` line, and
/// the exit status is 0, as its row in bench: no solution failed a check (it was told
/// `WRONG:`, exit 3); a wrong answer stays `WRONG:`, exit 3.
#[test]
fn a_command_that_crashes_is_no_wrong_solution() {
    let misbehave = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/misbehave.py");
    let solver = |mode: &str| format!("cmd:{mode}=python3 {} {mode}", misbehave.display());
    let text = stdout(&["solve", "-s", &solver("crash"), TOP1]);
    assert!(
        text.contains("\ncrash: crashed, 0 solutions (limit 1), 0 nodes, 0 backtracks\n  why: "),
        "{text}"
    );
    assert!(text.contains("exited with status 3"), "{text}");
    assert!(!text.contains("WRONG"), "{text}");
    lab()
        .args(["solve", "-s", &solver("wrong"), TOP1])
        .assert()
        .code(3)
        .stdout(predicate::str::contains(
            "\nwrong: WRONG, 1 solution (limit 1), ",
        ))
        .stdout(predicate::str::contains("\nWRONG: the solution "));
}

/// A `cmd:` child that crashed is not asked again as a quick solve is timed again: it was
/// started three times, and a command that never answered waited three time limits.
#[test]
fn a_command_that_crashed_is_started_once() {
    let dir = TempDir::new().unwrap();
    let solver = "cmd:crash=sh -c 'echo started >> starts.txt; read l; echo none; exit 3'";
    let out = lab()
        .current_dir(dir.path())
        .args(["solve", "-s", solver, TOP1])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(text.contains("\ncrash: crashed, "), "{text}");
    let starts = std::fs::read_to_string(dir.path().join("starts.txt")).unwrap();
    assert_eq!(starts.lines().count(), 1, "{text}");
}

/// The solution of [`TOP1`].
const TOP1_SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

/// A `cmd:` solver that answers `none` to every puzzle.
const SAYS_NONE: &str = "cmd:nothing=sh -c 'while read l; do echo none; done'";

/// A puzzle's known solution, given on its line, is checked as `bench` checks it (the
/// engine's check): a solver that says there is none is wrong (solve dropped it, and
/// said `no solution`, exit 0, where bench's row said `wrong`).
#[test]
fn a_known_solution_is_checked_as_bench_checks_it() {
    let dir = TempDir::new().unwrap();
    let file = write(&dir, "known.csv", &format!("{TOP1},{TOP1_SOLUTION}\n"));
    let file = file.to_str().unwrap();
    lab()
        .args(["solve", "-s", SAYS_NONE, file])
        .assert()
        .code(3)
        .stdout(predicate::str::contains(
            "\nnothing: WRONG, 0 solutions (limit 1), 0 nodes, 0 backtracks, ",
        ))
        .stdout(predicate::str::contains(
            "\nWRONG: no_solution, but the corpus gives a solution\n",
        ));
    // Without the known solution, `none` is an answer like any other.
    let bare = write(&dir, "bare.txt", &format!("{TOP1}\n"));
    lab()
        .args(["solve", "-s", SAYS_NONE, bare.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "\nnothing: no solution, 0 nodes, ",
        ));
    // bench says the same of the same line.
    lab()
        .current_dir(dir.path())
        .args(["bench", "-q", "-s", SAYS_NONE, "known.csv", "-o", "r.csv"])
        .assert()
        .code(3);
    let csv = std::fs::read_to_string(dir.path().join("r.csv")).unwrap();
    assert!(csv.contains(",nothing,1,wrong,0,0,0,"), "{csv}");
}

/// `--timeout` is bench's: the same option, meaning and default, declared once (solve had
/// none: a `cmd:` solver always got 10 s per answer).
#[test]
fn timeout_is_benchs() {
    let misbehave = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/misbehave.py");
    let stall = format!("cmd:stall=python3 {} stall", misbehave.display());
    let text = stdout(&["solve", "-s", &stall, "--timeout", "300ms", TOP1]);
    assert!(
        text.contains(
            "\nstall: timed out, 0 solutions (limit 1), 0 nodes, 0 backtracks, > 300 ms\n"
        ) && text.contains("\n  why: no answer within 0.3 s\n"),
        "{text}"
    );
    let option = |command: &str| {
        let help = stdout(&[command, "--help"]);
        let (_, from) = help.split_once("      --timeout <SECONDS>\n").unwrap();
        from.split("\n\n").next().unwrap().to_string()
    };
    assert_eq!(option("solve"), option("bench"));
    assert!(
        option("solve").ends_with("[default: 10]"),
        "{}",
        option("solve")
    );
}

/// `--seed` is bench's and trace's: solve of a stochastic strategy with a seed gives
/// bench's counters for that seed (solve had no `--seed`: anneal always ran with 2007, so
/// a row of `bench --seed 1` could not be looked at again).
#[test]
fn seed_is_benchs() {
    let dir = TempDir::new().unwrap();
    let corpus = write(&dir, "c.txt", &format!("{SPANISH_2}\n"));
    let out = dir.path().join("r.csv");
    let line = |seed: &str| {
        let text = stdout(&[
            "solve",
            "-s",
            "anneal",
            "--max-nodes",
            "300000",
            "--seed",
            seed,
            SPANISH_2,
        ]);
        let line = text.lines().find(|l| l.starts_with("anneal: ")).unwrap();
        line.rsplit_once(", ").unwrap().0.to_string()
    };
    for seed in ["1", "5"] {
        lab()
            .args(["bench", "-q", "-s", "anneal", "--max-nodes", "300000"])
            .args(["--seed", seed])
            .arg(&corpus)
            .arg("--out")
            .arg(&out)
            .assert()
            .success();
        let row = &common::read_rows(&out)[0];
        let counters = format!(
            "{} nodes, {} backtracks",
            sudoku_trace::people::thousands(row.nodes),
            sudoku_trace::people::thousands(row.backtracks)
        );
        assert!(
            line(seed).ends_with(&counters),
            "{} against {counters}",
            line(seed)
        );
    }
    assert_ne!(line("1"), line("5"));
}
