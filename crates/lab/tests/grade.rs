//! `grade`, `generate --difficulty`, and the widths of what `compare`, `solve` and `trace`
//! print to a terminal.

mod common;

use common::{lab, write, TOP1};
use predicates::prelude::*;
use tempfile::TempDir;

/// easy50 #6: the full logic level needs an X-wing, and no guess.
const X_WING: &str =
    ".43.8.25.6.............1.949....4.7....6.8....1.2....382.5.............5.34.9.71.";
/// Naked singles alone solve it (a generated puzzle, graded simple).
const SIMPLE: &str =
    "4.87..9..23.....4..9..5.1.......2...9.4..67..6...97...812.39............3...1.2..";
/// Four solutions at least.
const OPEN: &str =
    ".....6....59.....82....8....45........3........6..3.54...325..6..................";

fn stdout(args: &[&str], dir: &TempDir) -> (String, String) {
    let out = lab().current_dir(dir.path()).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = |b: &[u8]| String::from_utf8(b.to_vec()).unwrap();
    (text(&out.stdout), text(&out.stderr))
}

/// The CSV's rows as maps from column to value.
fn read_csv(csv: &str) -> Vec<std::collections::HashMap<String, String>> {
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let header = reader.headers().unwrap().clone();
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            header
                .iter()
                .zip(r.iter())
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

/// Each puzzle gets a row: its status, the technique and difficulty of a unique one; the
/// count of each difficulty goes to stderr, the CSV to stdout or `-o`.
#[test]
fn grade_gives_each_puzzle_its_difficulty() {
    let dir = TempDir::new().unwrap();
    let clash = format!("4{}", &TOP1[1..]).replacen('.', "4", 1);
    write(
        &dir,
        "p.txt",
        &format!("{SIMPLE}\n{X_WING} easy50 #6\n{TOP1}\n{OPEN}\n{clash}\n"),
    );
    let (csv, summary) = stdout(&["grade", "p.txt"], &dir);
    let rows = read_csv(&csv);
    let column = |name: &str| -> Vec<&str> { rows.iter().map(|r| r[name].as_str()).collect() };
    assert_eq!(
        column("status"),
        ["unique", "unique", "unique", "not_unique", "no_solution"]
    );
    assert_eq!(
        column("difficulty"),
        ["simple", "expert", "intermediate", "", ""]
    );
    assert_eq!(
        column("technique")[..3],
        ["naked_single", "x_wing", "locked_candidates"]
    );
    assert_eq!(column("nodes")[..3], ["1", "1", "1"]);
    assert_eq!(column("name")[1], "easy50 #6");
    assert_eq!(column("index"), ["0", "1", "2", "3", "4"]);
    assert!(
        summary.starts_with("graded 5 puzzles of p.txt with logic (limit 2):\n"),
        "{summary}"
    );
    assert!(
        summary.contains("expert              1    20%\n"),
        "{summary}"
    );
    assert!(
        summary.contains("not unique          1    20%\n"),
        "{summary}"
    );
    // To a file: the same rows.
    let (out, _) = stdout(&["grade", "-q", "p.txt", "-o", "g.csv"], &dir);
    assert_eq!(out, "");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("g.csv")).unwrap(),
        csv
    );
    // One puzzle of the file, and a puzzle given as text.
    let (one, _) = stdout(&["grade", "-q", "--corpus", "p.txt", "--index", "1"], &dir);
    assert_eq!(read_csv(&one)[0]["difficulty"], "expert");
    let (text, _) = stdout(&["grade", "-q", X_WING], &dir);
    assert_eq!(read_csv(&text)[0]["corpus"], "the argument");
}

/// A search that needs a guess is `beyond`; a budget too small to tell is said so, and
/// the puzzle has no difficulty.
#[test]
fn a_guess_is_beyond_and_a_budget_that_ran_out_grades_nothing() {
    let dir = TempDir::new().unwrap();
    // top95 #3: the logic strategy has to guess (7 nodes for a uniqueness check).
    let guess = "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....";
    let (csv, _) = stdout(&["grade", "-q", guess], &dir);
    let row = &read_csv(&csv)[0];
    assert_eq!(row["difficulty"], "beyond", "{csv}");
    assert_ne!(row["nodes"], "1");
    let (csv, _) = stdout(&["grade", "-q", guess, "--max-nodes", "2"], &dir);
    let row = &read_csv(&csv)[0];
    assert_eq!(
        (row["status"].as_str(), row["difficulty"].as_str()),
        ("budget_exhausted", "")
    );
}

/// A reader of the CSV that goes away (`grade big.txt | head -1`) ends the grading, as it
/// ends `solve`'s: the summary counts the puzzles graded before, not the whole input (the
/// old code graded every puzzle into the closed pipe).
#[test]
fn a_reader_gone_ends_the_grading() {
    use std::io::{BufRead, BufReader};
    let dir = TempDir::new().unwrap();
    let puzzles = 20_000;
    let corpus = write(&dir, "big.txt", &format!("{X_WING}\n").repeat(puzzles));
    let mut child = common::lab_process()
        .arg("grade")
        .arg(&corpus)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut header = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut header)
        .unwrap();
    assert!(header.starts_with("corpus,index,line"), "{header}");
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let graded: usize = (stderr
        .strip_prefix("graded ")
        .and_then(|s| s.split(' ').next()))
    .and_then(|n| n.parse().ok())
    .unwrap_or_else(|| panic!("{stderr}"));
    assert!(graded < puzzles, "{stderr}");
}

/// An output that is the file of puzzles is a usage error, as it is for `trace` and
/// `bench`, and the file is left untouched (grades written over it would lose it).
#[test]
fn an_output_over_the_puzzles_is_refused() {
    let dir = TempDir::new().unwrap();
    let corpus = write(&dir, "c.txt", &format!("{X_WING}\n"));
    lab()
        .current_dir(dir.path())
        .args(["grade", "c.txt", "-o", "c.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "error: --out c.txt is the file of puzzles",
        ));
    assert_eq!(
        std::fs::read_to_string(corpus).unwrap(),
        format!("{X_WING}\n")
    );
}

/// `-o` a link writes the file it leads to, the link kept, as every output is written
/// (the book's "Bad input"): the old code put the CSV in the link's place.
#[cfg(unix)]
#[test]
fn an_output_named_by_a_link_is_the_file_it_leads_to() {
    let dir = TempDir::new().unwrap();
    write(&dir, "c.txt", &format!("{X_WING}\n"));
    std::os::unix::fs::symlink("g.csv", dir.path().join("lk.csv")).unwrap();
    stdout(&["grade", "-q", "c.txt", "-o", "lk.csv"], &dir);
    let link = dir.path().join("lk.csv");
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    let csv = std::fs::read_to_string(dir.path().join("g.csv")).unwrap();
    assert_eq!(read_csv(&csv)[0]["difficulty"], "expert", "{csv}");
}

/// `generate --difficulty NAME` makes puzzles that `grade` grades NAME, at every rung.
#[test]
fn generated_puzzles_have_the_difficulty_asked_for() {
    let dir = TempDir::new().unwrap();
    for difficulty in ["simple", "easy", "intermediate", "expert", "beyond"] {
        let (puzzles, _) = stdout(
            &[
                "generate",
                "-q",
                "--count",
                "3",
                "--seed",
                "5",
                "--difficulty",
                difficulty,
                "--max-attempts",
                "100000",
                "-o",
                "g.txt",
            ],
            &dir,
        );
        assert_eq!(puzzles, "");
        let header = std::fs::read_to_string(dir.path().join("g.txt")).unwrap();
        assert!(
            header.contains(&format!("--difficulty {difficulty}")),
            "{header}"
        );
        let (csv, _) = stdout(&["grade", "-q", "g.txt"], &dir);
        let rows = read_csv(&csv);
        assert_eq!(rows.len(), 3);
        assert!(
            rows.iter().all(|r| r["difficulty"] == difficulty),
            "{difficulty}: {csv}"
        );
    }
}

/// A grade outside the difficulty asked for is a target no puzzle meets: a usage error
/// naming both, before anything runs; a difficulty not on the ladder lists the ladder.
#[test]
fn a_difficulty_no_puzzle_can_have_is_a_usage_error() {
    // `generate` of one puzzle with `targets`, refused (exit status 2): its stderr.
    let refused = |targets: &[&str]| -> String {
        let out = lab()
            .args(["generate", "--count", "1", "--seed", "1"])
            .args(targets)
            .assert()
            .code(2)
            .stdout("");
        String::from_utf8(out.get_output().stderr.clone()).unwrap()
    };
    let err = refused(&["--difficulty", "easy", "--grade", "x_wing"]);
    assert!(
        err.starts_with(
            "error: a puzzle graded X-wing is expert, not easy (--difficulty easy takes --grade hidden_single), so none meets \
             both\n",
        ),
        "{err}"
    );
    let err = refused(&["--difficulty", "beyond", "--grade", "naked_single"]);
    assert!(
        err.contains(
            "(--difficulty beyond takes no --grade: a --grade puzzle is solved without search)"
        ),
        "{err}"
    );
    let err = refused(&["--difficulty", "hard"]);
    assert!(
        err.contains("[possible values: simple, easy, intermediate, expert, beyond]"),
        "{err}"
    );
    // Naked singles solve every 4x4 puzzle with one solution.
    for (target, value, said) in [
        ("--difficulty", "easy", "easy"),
        ("--grade", "hidden_single", "graded hidden_single"),
    ] {
        let err = refused(&["--size", "4x4", target, value]);
        assert!(
            err.starts_with(&format!(
                "error: no 4x4 puzzle with one solution is {said}: naked singles solve every \
                 one (an exhaustive search of the 4x4 puzzles)\n"
            )),
            "{err}"
        );
    }
    let dir = TempDir::new().unwrap();
    let args = [
        "generate", "-q", "--count", "2", "--seed", "1", "--size", "4x4",
    ];
    let (puzzles, _) = stdout(&[&args[..], &["--difficulty", "simple"]].concat(), &dir);
    assert_eq!(puzzles.lines().filter(|l| !l.starts_with('#')).count(), 2);
}

/// A misspelt solver is told the closest name of the catalogue.
#[test]
fn a_misspelt_solver_gets_did_you_mean() {
    lab()
        .args(["solve", "-s", "dlx,nrovig", TOP1])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unknown solver \"nrovig\" (did you mean norvig?): the solvers are naive,",
        ));
}

/// The widest line of `text`, in characters.
fn widest(text: &str) -> usize {
    text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
}

/// `compare` (its table with the catalogue's longest names, and its notes), `solve
/// --limit 2` and `--limit 4` (solutions side by side, and their caption), and `trace` fit
/// 100 columns: compare was 133 wide, its legend one line of 334 characters, and solve's
/// caption 157.
#[test]
fn compare_solve_and_trace_fit_100_columns() {
    let dir = TempDir::new().unwrap();
    let longest = sudoku_catalogue::names().max_by_key(|n| n.len()).unwrap();
    let solvers = format!("dlx,{longest}");
    let corpus = "kaggle_bryanpark_sudoku_first20000_like.txt";
    write(&dir, corpus, &format!("{TOP1}\n{X_WING}\n"));
    for out in ["a.csv", "b.csv"] {
        stdout(&["bench", "-q", "-s", &solvers, corpus, "-o", out], &dir);
    }
    let (text, _) = stdout(&["compare", "a.csv", "b.csv"], &dir);
    assert!(
        text.contains(longest) && text.contains("percentile bootstrap"),
        "{text}"
    );
    assert!(widest(&text) <= 100, "{text}");
    for limit in ["2", "4"] {
        let (text, _) = stdout(&["solve", "-l", limit, OPEN], &dir);
        assert!(text.contains("* marks the"), "{text}");
        assert!(widest(&text) <= 100, "{text}");
    }
    let (text, _) = stdout(&["solve", "-l", "2", TOP1], &dir);
    assert!(text.contains("unique: "), "{text}");
    assert!(widest(&text) <= 100, "{text}");
    for solver in ["naive", "norvig", "dlx", "logic"] {
        let (text, _) = stdout(
            &[
                "trace",
                "-s",
                solver,
                "--max-events",
                "20000",
                "--grid",
                "all",
                TOP1,
            ],
            &dir,
        );
        assert!(widest(&text) <= 100, "{solver}: {text}");
    }
}
