//! `sudoku-lab trace`: its counters are `bench`'s and `solve`'s, the text reads in the
//! classic words, long searches go to a file, the page is written, and every bad input
//! gets a clear message and the runner's exit status.

mod common;

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::Stdio;

#[cfg(unix)]
use common::lab_with_file_limit;
use common::{lab, read_rows, write, TOP1};
use predicates::prelude::*;
use serde_json::Value;
use sudoku_testkit::seeds::SPANISH_2;
use tempfile::TempDir;

/// The node budget of the contract test: naive's and anneal's long searches stop there
/// (the budget's own case is part of the contract).
const CAP: &str = "2000";

fn seeds() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/seeds.txt")
}

fn stdout(args: &[&str]) -> String {
    let out = lab().args(args).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

/// (tries, backtracks) counted from the event lines, and the summary line, per solver.
fn count_events(jsonl: &str) -> HashMap<String, (u64, u64, Value)> {
    let mut counts: HashMap<String, (u64, u64)> = HashMap::new();
    let mut out = HashMap::new();
    for line in jsonl.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let solver = v["solver"].as_str().unwrap().to_string();
        let c = counts.entry(solver.clone()).or_default();
        match v["event"].as_str().unwrap() {
            "try" => c.0 += 1,
            "backtrack" => c.1 += 1,
            "swap" => {
                c.0 += 1;
                c.1 += u64::from(v["accepted"] == false);
            }
            "generation" => c.0 += 1,
            "node" => {
                c.0 += 1;
                c.1 += u64::from(v["taken_back"] == true);
            }
            "summary" => {
                out.insert(solver, (c.0, c.1, v));
            }
            _ => {}
        }
    }
    out
}

/// The issue's "done when": for every strategy of the catalogue on every seed puzzle,
/// under limits 1 and 2, the try and backtrack events of `trace --format jsonl` count
/// `nodes - 1` and `backtracks` of `bench`'s CSV, and `solve` shows the same counters.
#[test]
fn trace_counts_the_nodes_and_backtracks_of_bench_and_solve_for_every_strategy() {
    let dir = TempDir::new().unwrap();
    let seeds = seeds();
    let seeds = seeds.to_str().unwrap();
    for limit in ["1", "2"] {
        let csv = dir.path().join(format!("limit{limit}.csv"));
        lab()
            .args(["bench", "-q", "-s", "all", "--max-nodes", CAP, "-l", limit])
            .arg(seeds)
            .arg("-o")
            .arg(&csv)
            .assert()
            .success();
        let rows = read_rows(&csv);
        assert_eq!(rows.len(), 5 * sudoku_catalogue::CATALOGUE.len());
        let solve = stdout(&["solve", "-s", "all", "--max-nodes", CAP, "-l", limit, seeds]);
        for index in 0..5u64 {
            let i = index.to_string();
            let jsonl = stdout(&[
                "trace",
                seeds,
                "--index",
                &i,
                "-s",
                "all",
                "--max-nodes",
                CAP,
                "-l",
                limit,
                "--format",
                "jsonl",
                "--max-events",
                "all",
            ]);
            let counted = count_events(&jsonl);
            let report = solve
                .split(&format!("seeds.txt: puzzle {index}, "))
                .nth(1)
                .unwrap();
            for row in rows.iter().filter(|r| r.index == index) {
                let what = format!("{} on seed {index}, limit {limit}", row.solver);
                let (tries, backtracks, summary) = &counted[&*row.solver];
                assert_eq!(tries + 1, row.nodes, "{what}");
                assert_eq!(*backtracks, row.backtracks, "{what}");
                assert_eq!(summary["nodes"], row.nodes, "{what}");
                assert_eq!(summary["status"], row.status.as_str(), "{what}");
                assert_eq!(summary["solutions"], row.solutions, "{what}");
                let counters = format!(
                    "{}, {}",
                    people(row.nodes, "node"),
                    people(row.backtracks, "backtrack")
                );
                let line = report
                    .lines()
                    .find(|l| l.starts_with(&format!("{}: ", row.solver)))
                    .unwrap();
                assert!(line.contains(&counters), "{what}: {line} ({counters})");
            }
        }
    }
}

/// `1 node`, `2,000 nodes`.
fn people(n: u64, word: &str) -> String {
    sudoku_trace::people::count(n, word, &format!("{word}s"))
}

#[test]
fn the_text_trace_reads_in_the_classic_words_and_ends_with_the_counters() {
    let seeds = seeds();
    let text = stdout(&[
        "trace",
        seeds.to_str().unwrap(),
        "--index",
        "2",
        "--solver",
        "reduce",
        "--grid",
        "initial,tries",
    ]);
    assert!(text.starts_with("# reduce: "), "{text}");
    assert!(text.contains(&format!("# puzzle {SPANISH_2}\n")));
    assert!(text.contains("\neliminate 2 from r1c2 (given)\n"));
    assert!(text.contains("\nchoose r5c4 (3 candidates, the fewest)\n"));
    assert!(text.contains("only place for 5 in row 6 is r6c5\n"));
    assert!(text.contains("\nafter the initial propagation:\n"));
    // Past ten levels, the indentation ends with the depth: `    (11) try r7c8 = 5`.
    fn unindented(l: &str) -> &str {
        let l = l.trim_start();
        l.strip_prefix('(')
            .and_then(|l| l.split_once(") "))
            .map_or(l, |(_, rest)| rest)
    }
    let tries = text
        .lines()
        .filter(|l| unindented(l).starts_with("try r"))
        .count();
    assert_eq!(tries, 16);
    assert!(text.contains(&format!("\n{}(11) try r", " ".repeat(15))));
    // The grid before each try; before the first, the one after the initial propagation.
    assert_eq!(text.matches("before the try:\n").count(), tries - 1);
    assert!(text.ends_with(
        "# reduce: solved, 1 solution, 17 nodes, 0 backtracks\n\
         # 521 events: 16 tries, 1 solution, 48 assignments, 440 eliminations, 16 choices\n"
    ));
    let dlx = stdout(&["trace", "-s", "dlx", "--grid", "never", TOP1]);
    assert!(dlx.contains("cover column \""), "{dlx}");
    assert!(!dlx.contains(" |"), "no grid: {dlx}");
}

#[test]
fn max_events_stops_the_printing_and_not_the_counting() {
    let text = stdout(&[
        "trace",
        "-s",
        "reduce",
        "--max-events",
        "10",
        "--grid",
        "never",
        SPANISH_2,
    ]);
    assert_eq!(text.lines().filter(|l| !l.starts_with('#')).count(), 10);
    assert!(text.ends_with(
        "# only the first 10 events are printed (max events 10): 511 more counted, not printed\n"
    ));
    let jsonl = stdout(&[
        "trace",
        "-s",
        "reduce,dlx",
        "--format",
        "jsonl",
        "--max-events",
        "0",
        SPANISH_2,
    ]);
    let lines: Vec<Value> = jsonl
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "two summaries: {jsonl}");
    assert_eq!(lines[0]["event"], "summary");
    assert_eq!(
        (&lines[0]["nodes"], &lines[0]["printed"]),
        (&Value::from(17), &Value::from(0))
    );
    assert_eq!(lines[1]["solver"], "dlx");
}

/// On a terminal (a pseudo-terminal of `script`, util-linux's), the Polish grid's naive
/// trace (734,845 events) stops after the first 1,000, its last line says how many were
/// not printed, and a note on stderr how to get them all; every line fits 100 columns
/// however deep the search. To a pipe the trace is whole.
#[cfg(unix)]
#[test]
fn a_trace_to_a_terminal_is_bounded_and_says_how_to_get_the_rest() {
    let seeds = seeds();
    let dir = TempDir::new().unwrap();
    let err = dir.path().join("err.txt");
    let command = format!(
        "{} trace -s naive --grid never {} 2>{}",
        common::BIN,
        seeds.display(),
        err.display()
    );
    let out = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .expect("script (util-linux) runs");
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap().replace("\r\n", "\n");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.iter().filter(|l| !l.starts_with('#')).count(), 1_000);
    assert_eq!(
        lines[lines.len() - 1],
        "# only the first 1,000 events are printed (max events 1,000): 733,845 more counted, \
         not printed"
    );
    let note = std::fs::read_to_string(&err).unwrap();
    assert!(
        note.ends_with(
            "note: naive: 733,845 events not printed to the terminal: --max-events all prints \
             them, -o FILE writes them to a file\n"
        ),
        "{note}"
    );
    assert!(lines.iter().all(|l| l.chars().count() <= 100), "{text}");
    // To a pipe: every event, and no such line.
    let piped = stdout(&["trace", "-s", "norvig", "--grid", "never", TOP1]);
    let events = piped.lines().filter(|l| !l.starts_with('#')).count();
    assert!(events > 1_000, "{events}");
    assert!(!piped.contains("more counted"));
}

/// The Polish grid's 301,535 naive nodes, every event of them, to a file.
#[test]
fn the_polish_grid_traces_to_a_file_in_full() {
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("polish.txt");
    lab()
        .args(["trace", "-s", "naive", "--grid", "never", "-o"])
        .arg(&out)
        .arg(seeds())
        .assert()
        .success()
        .stdout("")
        .stderr("");
    let file = std::fs::File::open(&out).unwrap();
    let lines: Vec<String> = BufReader::new(file).lines().map(Result::unwrap).collect();
    let footer = &lines[lines.len() - 2..];
    assert_eq!(
        footer,
        [
            "# naive: solved, 1 solution, 301,535 nodes, 301,478 backtracks",
            "# 734,845 events: 301,534 tries, 301,478 backtracks, 1 solution, 131,832 dead ends"
        ]
    );
    assert_eq!(lines.len(), 3 + 734_845 + 2);
}

/// An output that is the file of puzzles is a usage error, the file untouched; a file of
/// puzzles under the name `-o t.txt` is written under while it goes is moved aside as a
/// killed run's file, and a note says where.
#[test]
fn an_output_over_the_puzzles_is_refused() {
    let dir = TempDir::new().unwrap();
    write(&dir, "t.txt", &format!("{TOP1}\n"));
    lab()
        .current_dir(dir.path())
        .args(["trace", "t.txt", "--html", "t.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--html t.txt is the file of puzzles",
        ));
    let kept = std::fs::read_to_string(dir.path().join("t.txt")).unwrap();
    assert_eq!(kept, format!("{TOP1}\n"));
    write(&dir, "t.running.txt", &format!("{TOP1}\n"));
    lab()
        .current_dir(dir.path())
        .args(["trace", "t.running.txt", "-o", "t.txt"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "an earlier trace on t.txt was killed: what it wrote is now in t.killed.txt",
        ));
    let kept = std::fs::read_to_string(dir.path().join("t.killed.txt")).unwrap();
    assert_eq!(kept, format!("{TOP1}\n"));
}

/// `--out` and `--html` replace an earlier file only with a whole one: a write that fails
/// (here the file size limit, as a full disk) removes what was written and leaves the
/// earlier file as it was; a trace that ends replaces it.
#[cfg(unix)]
#[test]
fn a_trace_that_cannot_be_written_leaves_the_earlier_file() {
    let dir = TempDir::new().unwrap();
    for (flag, start) in [("--out", "# dlx"), ("--html", "<!DOCTYPE html>")] {
        let out = write(&dir, "t.txt", "earlier\n");
        lab_with_file_limit(4096)
            .args(["trace", "-s", "dlx", "--max-events", "all", flag])
            .arg(&out)
            .arg(TOP1)
            .assert()
            .code(1)
            .stderr(predicate::str::contains(format!(
                "error: {}, removed ({} not touched): cannot write the trace: File too large",
                dir.path().join("t.running.txt").display(),
                out.display()
            )));
        assert_eq!(
            std::fs::read_to_string(&out).unwrap(),
            "earlier\n",
            "{flag}"
        );
        assert!(!dir.path().join("t.running.txt").exists(), "{flag}");
        lab()
            .args(["trace", "-s", "dlx", flag])
            .arg(&out)
            .arg(TOP1)
            .assert()
            .success();
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(text.starts_with(start), "{flag}: {}", &text[..40]);
    }
}

/// A trace written whole whose sync to the disk at its end fails (every `fdatasync` fails
/// here, as on a disk that fails to write back) ends as one that cannot be written: the
/// file removed, the error naming it and what failed, exit 1, an earlier file as it was.
/// It stayed under its running name (`t.running.txt`), as a killed trace's.
#[cfg(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]
#[test]
fn a_trace_that_cannot_be_made_durable_is_not_put_in_place() {
    let dir = TempDir::new().unwrap();
    for flag in ["--out", "--html"] {
        let out = write(&dir, "t.txt", "earlier\n");
        let running = dir.path().join("t.running.txt");
        let run = common::lab_with_failing_sync()
            .args(["trace", "-s", "dlx", flag])
            .arg(&out)
            .arg(TOP1)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(1), "{flag}: {stderr}");
        assert_eq!(
            stderr,
            format!(
                "error: {}: cannot write: Input/output error (os error 5)\n",
                running.display(),
            ),
            "{flag}"
        );
        // Left under its running name, as a killed trace's.
        std::fs::remove_file(&running).unwrap();
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "earlier\n");
    }
}

#[test]
fn the_page_is_one_file_and_the_command_says_what_it_holds() {
    let dir = TempDir::new().unwrap();
    let page = dir.path().join("spanish.html");
    let trace = dir.path().join("spanish.jsonl");
    lab()
        .args(["trace", "-s", "reduce,dlx", "--html"])
        .arg(&page)
        .arg("--format=jsonl")
        .arg("-o")
        .arg(&trace)
        .arg(SPANISH_2)
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "reduce: solved, 1 solution, 17 nodes, 0 backtracks; 521 events, all on the page\n\
             dlx: solved, 1 solution, ",
        ))
        .stdout(predicate::str::contains("#play=max"));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"), "{}", &html[..100]);
    assert!(!html.contains("<script src") && !html.contains("<link"));
    let jsonl = std::fs::read_to_string(&trace).unwrap();
    assert_eq!(count_events(&jsonl)["reduce"].0, 16);
}

/// The page's data, as its script reads it.
fn page_data(html: &str) -> Value {
    let open = "<script id=\"trace-data\" type=\"application/json\">";
    let from = html.find(open).unwrap() + open.len();
    let to = from + html[from..].find("</script>").unwrap();
    serde_json::from_str(&html[from..to]).unwrap()
}

/// The same command writes the same page, byte for byte (a page committed or diffed does
/// not churn): it held the time of a plain solve of each strategy, which differs from run
/// to run. `--time-plain` adds it, with `--html` only.
#[test]
fn the_same_command_writes_the_same_page() {
    let dir = TempDir::new().unwrap();
    let written = |name: &str, extra: &[&str]| {
        let page = dir.path().join(name);
        lab()
            .args(["trace", "-s", "all", "--max-nodes", CAP, "--html"])
            .arg(&page)
            .args(extra)
            .arg(SPANISH_2)
            .assert()
            .success();
        std::fs::read_to_string(&page).unwrap()
    };
    let first = written("1.html", &[]);
    assert!(first == written("2.html", &[]), "two runs wrote two pages");
    let runs = |html: &str| page_data(html)["runs"].as_array().unwrap().clone();
    assert!(runs(&first).iter().all(|r| r["plain_ns"].is_null()));
    let timed = runs(&written("timed.html", &["--time-plain"]));
    assert_eq!(timed.len(), runs(&first).len());
    assert!(timed.iter().all(|r| r["plain_ns"].is_u64()), "{timed:?}");
    lab()
        .args(["trace", "--time-plain", SPANISH_2])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--html <FILE>"));
}

/// A device given as `--html` is written as it is, and the command does not ask to open it
/// in a browser.
#[cfg(unix)]
#[test]
fn a_page_written_to_a_device_is_not_offered_to_a_browser() {
    lab()
        .args(["trace", "-s", "reduce", "--html", "/dev/null", SPANISH_2])
        .assert()
        .success()
        .stdout(predicate::str::ends_with(
            "0 backtracks; 521 events, all on the page\nwrote the page to /dev/null\n",
        ));
}

#[test]
fn the_puzzle_comes_from_the_argument_a_file_or_stdin_at_any_size() {
    let dir = TempDir::new().unwrap();
    let file = write(&dir, "two.txt", &format!("# two\n{TOP1}\n{SPANISH_2}\n"));
    let file = file.to_str().unwrap();
    let reduce = |rest: &[&str]| {
        let args: Vec<&str> = ["trace", "-s", "reduce", "--grid", "never"]
            .iter()
            .chain(rest)
            .copied()
            .collect();
        stdout(&args)
    };
    let by_file = reduce(&["--index", "1", file]);
    let by_corpus = reduce(&["--index", "1", "--corpus", file]);
    let by_argument = reduce(&[SPANISH_2]);
    assert_eq!(by_file, by_argument);
    assert_eq!(by_corpus, by_argument);
    let by_stdin = lab()
        .args([
            "trace", "-s", "reduce", "--grid", "never", "-", "--index", "1",
        ])
        .write_stdin(format!("{TOP1}\n{SPANISH_2}\n"))
        .assert()
        .success();
    assert_eq!(
        String::from_utf8_lossy(&by_stdin.get_output().stdout),
        by_argument
    );

    for (file, side) in [("4x4.txt", 4), ("25x25.txt", 25)] {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../data")
            .join(file);
        let text = stdout(&[
            "trace",
            "-s",
            "dlx,norvig",
            "--index",
            "0",
            path.to_str().unwrap(),
        ]);
        assert_eq!(text.matches("the solution:\n").count(), 2, "{file}");
        assert!(text.contains(&format!("r{side}c{side}")), "{file}");
    }
}

#[test]
fn bad_input_says_what_is_wrong() {
    let dir = TempDir::new().unwrap();
    let seeds = seeds();
    let seeds = seeds.to_str().unwrap();
    let out = dir.path().join("x.txt");
    let out = out.to_str().unwrap();
    let usage: &[(&[&str], &str)] = &[
        (
            &["trace", "--format", "xml", TOP1],
            "invalid value 'xml' for '--format <FORMAT>'",
        ),
        (
            &["trace", "--grid", "sometimes", TOP1],
            "unknown grid point \"sometimes\"",
        ),
        (
            &["trace", "--max-events", "lots", TOP1],
            "'lots' for '--max-events <N|all>': expected a count of events",
        ),
        (&["trace", "-s", "fast", TOP1], "unknown solver \"fast\""),
        (
            &["trace", "-s", "cmd:cat", TOP1],
            "error: cat cannot be traced: only the catalogue's strategies tell their steps",
        ),
        (
            &["trace", "-l", "0", TOP1],
            "invalid value '0' for '--limit <N>'",
        ),
        (&["trace", "--corpus", seeds, TOP1], "cannot be used with"),
        (&["trace", seeds, "-o", seeds], "--out"),
    ];
    for (args, message) in usage {
        lab()
            .args(*args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(*message));
    }
    assert!(
        std::fs::read_to_string(seeds).unwrap().contains("Polish"),
        "the input is intact"
    );
    // `--out` and `--html` naming one file: the page, then the trace over it.
    lab()
        .args(["trace", "-s", "dlx", TOP1, "-o", out, "--html", out])
        .assert()
        .success();
    let text = std::fs::read_to_string(out).unwrap();
    assert!(
        text.starts_with("# dlx: ") && !text.contains("<html"),
        "{text}"
    );
    let errors: &[(&[&str], &str, &str)] = &[
        (
            &["trace", seeds, "--index", "5"],
            "",
            "data/seeds.txt has no puzzle of index 5 (puzzles read: 5)",
        ),
        (
            &["trace", "--index", "1", TOP1],
            "",
            "error: the argument has no puzzle of index 1 (puzzles read: 1)",
        ),
        (&["trace", "-"], "", "error: stdin holds no puzzle"),
        (
            &["trace"],
            "# only a comment\n",
            "error: stdin holds no puzzle",
        ),
        (
            &["trace", "123"],
            "",
            "error: 123: no such file, and not a puzzle: expected 16 (4x4), 81 (9x9), 256 (16x16) or 625 (25x25) cells, found 3",
        ),
        (
            &["trace", "-"],
            "4.....8.5.3..x\n",
            "error: stdin:1:14: unexpected character 'x'",
        ),
        (
            &["trace", "nope/none.txt"],
            "",
            "error: nope/none.txt: no such file, and not a puzzle: expected 16 (4x4)",
        ),
        (
            &["trace", "nope/none.txt", "--index", "0", "-s", "norvig"],
            "",
            "error: nope/none.txt: no such file, and not a puzzle: expected 16 (4x4)",
        ),
    ];
    for (args, stdin, message) in errors {
        lab()
            .args(*args)
            .write_stdin(*stdin)
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains(*message));
    }
}

/// `trace … | head -1`: the pipe closes, the command ends quietly.
#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_the_trace_quietly() {
    let mut child = common::lab_process()
        .args([
            "trace",
            "-s",
            "naive",
            "--max-events",
            "all",
            "--index",
            "0",
        ])
        .arg(seeds())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("# naive: "));
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

/// `trace --html /dev/stdout | head -c 100` and `trace -o /dev/stdout | head -1`: the
/// output given by name is the pipe, which closes; the command ends quietly, as with
/// stdout (it said `error: /dev/stdout, removed (/dev/stdout not touched): cannot write
/// the trace: Broken pipe`, exit 1).
#[cfg(target_os = "linux")]
#[test]
fn a_closed_pipe_named_as_the_output_ends_the_trace_quietly() {
    for output in [["--html", "/dev/stdout"], ["-o", "/dev/stdout"]] {
        let mut child = common::lab_process()
            .args(["trace", "-s", "naive,norvig,dlx", "--index", "0"])
            .args(["--max-events", "all"])
            .args(output)
            .arg(seeds())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        assert!(!first.is_empty(), "{output:?}");
        let out = child.wait_with_output().unwrap();
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{output:?}");
        assert_eq!(out.status.code(), Some(0), "{output:?}");
    }
}

/// A device that cannot be written (`/dev/full`) as `--html` or `--out` is an error
/// naming it, and nothing was removed: it said `/dev/full, removed (/dev/full not
/// touched)`.
#[cfg(target_os = "linux")]
#[test]
fn a_device_that_cannot_be_written_is_named_and_not_said_removed() {
    for flag in ["--html", "-o"] {
        lab()
            .args(["trace", "-s", "dlx", "--index", "0", flag, "/dev/full"])
            .arg(seeds())
            .assert()
            .code(1)
            .stderr(predicate::str::ends_with(
                "error: /dev/full: cannot write the trace: No space left on device (os \
                 error 28)\n",
            ));
    }
}

/// trace takes the catalogue's strategies only, so its help offers no `cmd:` program (as
/// bench's and solve's do).
#[test]
fn the_help_offers_only_what_trace_takes() {
    let help = |command: &str| {
        let out = lab().args([command, "--help"]).assert().success();
        String::from_utf8(out.get_output().stdout.clone()).unwrap()
    };
    let trace = help("trace");
    assert!(
        trace.contains("Strategies to trace, comma-separated"),
        "{trace}"
    );
    assert!(!trace.contains("cmd:"), "{trace}");
    for command in ["bench", "solve"] {
        let text = help(command);
        assert!(
            text.contains("`cmd:[NAME=]COMMAND` = any program"),
            "{text}"
        );
    }
}

/// `trace` does not stop cleanly (the book's "What a stopped run leaves"): SIGTERM ends it
/// at once, by the signal, its running file left as a killed run's, which the next trace
/// on that output moves aside, with a note.
#[cfg(unix)]
#[test]
fn an_interrupted_trace_leaves_its_file_as_a_killed_one() {
    let dir = TempDir::new().unwrap();
    let (out, running) = (dir.path().join("t.txt"), dir.path().join("t.running.txt"));
    // Hard1 under naive-essay: millions of events, far longer than the wait below.
    let mut child = common::lab_process()
        .args(["trace", "-s", "naive-essay", "--index", "4", "-o"])
        .arg(&out)
        .arg(seeds())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let written = || std::fs::metadata(&running).is_ok_and(|m| m.len() > 0);
    common::wait_for(&mut child, "the trace written", written);
    common::died_of(&common::terminate(child), libc::SIGTERM);
    assert!(running.exists() && !out.exists());
    let mut again = lab();
    again
        .args(["trace", "-s", "dlx", "-o"])
        .arg(&out)
        .arg(seeds());
    let stderr = String::from_utf8(again.assert().success().get_output().stderr.clone());
    let killed = dir.path().join("t.killed.txt");
    let note = format!(
        "note: an earlier trace on {} was killed: what it wrote is now in {}",
        out.display(),
        killed.display()
    );
    assert!(stderr.unwrap().contains(&note));
    assert!(killed.exists() && out.exists() && !running.exists());
}
