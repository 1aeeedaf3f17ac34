//! What a run leaves and shows: CSVs that data tools read as they are, named puzzles, the
//! summary a person reads, progress without a terminal, the warning of a run heading for
//! hours.

mod common;

use std::path::Path;
use std::process::Command as Process;

use common::{lab, read_rows, write, TOP1};
use predicates::prelude::*;
use sudoku_results::Status;
use sudoku_testkit::corpus_path;
use sudoku_testkit::seeds::{ANTI_BRUTE_FORCE, HARD1};
use tempfile::TempDir;

/// What the data-tool tests run: both libraries, no options, on the runner's CSV at
/// `argv[1]`: every grid column a column of strings in each, on every row; then the
/// checks of [`FIRST_ROW`], when given.
const DATAFRAMES: &str = r#"
import sys
import pandas as pd
import polars as pl

path = sys.argv[1]
p = pd.read_csv(path)
q = pl.read_csv(path)
for col in ("puzzle", "solution", "original"):
    bad = [v for v in p[col] if not isinstance(v, str)]
    assert not bad, f"pandas reads {col} as {p[col].dtype}, a row as {type(bad[0]).__name__}: {bad[0]!r}"
    assert q.schema[col] == pl.String, f"polars reads {col} as {q.schema[col]}"
    assert q[col].null_count() == 0, f"polars reads {q[col].null_count()} {col} as null"
assert len(p) == len(q) > 0
"#;

/// The data-tool test's checks of a run with solutions and names: the first row's puzzle
/// and solution (`argv[2]`, `argv[3]`) as the runner wrote them, and a puzzle's name.
const FIRST_ROW: &str = r#"
puzzle, solution = sys.argv[2:4]
assert p["puzzle"][0] == puzzle and p["solution"][0] == solution, (p["puzzle"][0], p["solution"][0])
assert q["solution"][0] == solution
names = [n for n in p["name"] if isinstance(n, str)]
assert "Norvig hard1 (NOT a proper sudoku: many solutions)" in names, names
"#;

/// Runs `script` (after [`DATAFRAMES`]) on the CSV at `csv` with `args`, and checks it
/// read `rows` rows.
fn dataframes(csv: &Path, script: &str, args: &[&str], rows: usize) {
    let python = Process::new("python3")
        .arg("-c")
        .arg(format!("{DATAFRAMES}{script}print(\"ok\", len(p))\n"))
        .arg(csv)
        .args(args)
        .output()
        .unwrap_or_else(|e| {
            panic!(
                "python3 cannot be run ({e}): this test needs python3 with pandas and polars \
                 (`.ci/run` installs them: python3 -m pip install pandas polars)"
            )
        });
    let stderr = String::from_utf8_lossy(&python.stderr);
    assert!(
        !stderr.contains("ModuleNotFoundError"),
        "pandas or polars is missing: `python3 -m pip install pandas polars` (as .ci/run \
         does)\n{stderr}"
    );
    assert!(python.status.success(), "{}: {stderr}", csv.display());
    assert_eq!(
        String::from_utf8_lossy(&python.stdout).trim(),
        format!("ok {rows}")
    );
}

/// `pandas.read_csv` and `polars.read_csv`, with no options, load the runner's CSV with
/// puzzles and solutions as strings (run by `.ci/run`, which installs both when missing).
#[test]
fn pandas_and_polars_read_the_csv_as_it_is() {
    sudoku_testkit::require(sudoku_testkit::Tool::Pandas);
    sudoku_testkit::require(sudoku_testkit::Tool::Polars);
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("df.csv");
    lab()
        .args(["bench", "-s", "norvig,dlx", "-l", "2", "-q", "-o"])
        .arg(&out)
        .arg(corpus_path("kaggle_bryanpark_sudoku_first20000.csv"))
        .arg(corpus_path("famous_hardest_named.tsv"))
        .args(["-n", "20"])
        .assert()
        .success();
    let rows = read_rows(&out);
    dataframes(
        &out,
        FIRST_ROW,
        &[&rows[0].puzzle, rows[0].solution.as_str()],
        rows.len(),
    );
}

/// The grid columns stay strings for pandas and polars when no row has a solution: every
/// row over its budget, or every puzzle without a solution (an empty column would be read
/// as numbers, or nulls).
#[test]
fn pandas_and_polars_read_grids_as_strings_when_no_row_has_a_solution() {
    sudoku_testkit::require(sudoku_testkit::Tool::Pandas);
    sudoku_testkit::require(sudoku_testkit::Tool::Polars);
    let dir = TempDir::new().unwrap();
    let budget = dir.path().join("budget.csv");
    lab()
        .args(["bench", "-s", "naive", "--max-nodes", "5", "-q", "-o"])
        .arg(&budget)
        .arg(corpus_path("norvig_sudoku-hardest.txt"))
        .assert()
        .success();
    // Two 1s in the first row: no solution.
    let clash = format!("11{}\n1.1{}\n", &TOP1[2..], &TOP1[3..]);
    let none = dir.path().join("none.csv");
    lab()
        .args(["bench", "-s", "dlx,norvig", "-q", "-o"])
        .arg(&none)
        .arg(write(&dir, "clash.txt", &clash))
        .assert()
        .success();
    for (csv, status) in [
        (&budget, Status::BudgetExhausted),
        (&none, Status::NoSolution),
    ] {
        let rows = read_rows(csv);
        assert!(rows
            .iter()
            .all(|r| r.status == status && r.solution.is_empty()));
        dataframes(csv, "", &[], rows.len());
    }
}

#[test]
fn puzzles_and_solutions_have_a_bar_between_rows_and_read_back_as_puzzles() {
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("bars.csv");
    lab()
        .args(["bench", "-s", "dlx", "-q", "-o"])
        .arg(&out)
        .arg(write(&dir, "one.txt", &format!("{TOP1}\n")))
        .assert()
        .success();
    let rows = read_rows(&out);
    assert_eq!(
        &*rows[0].puzzle,
        "4.....8.5|.3.......|...7.....|.2.....6.|....8.4..|....1....|...6.3.7.|5..2.....|1.4......"
    );
    assert_eq!(rows[0].solution.split('|').count(), 9);
    // A CSV's puzzle is a puzzle for `solve` and for the corpus reader.
    lab()
        .args(["solve", "-s", "dlx", &rows[0].puzzle])
        .assert()
        .success()
        .stdout(predicate::str::contains(TOP1));
    let again = dir.path().join("again.csv");
    lab()
        .args(["bench", "-", "-s", "dlx", "-q", "-o"])
        .arg(&again)
        .write_stdin(format!("{}\n", rows[0].puzzle))
        .assert()
        .success();
    assert_eq!(read_rows(&again)[0].puzzle, rows[0].puzzle);
}

#[test]
fn a_label_after_the_puzzle_is_its_name() {
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("named.csv");
    lab()
        .args(["bench", "-s", "dlx", "-q", "-o"])
        .arg(&out)
        .arg(corpus_path("famous_hardest_named.tsv"))
        .assert()
        .success();
    let rows = read_rows(&out);
    let hard1 = rows
        .iter()
        .find(|r| r.puzzle.replace('|', "") == HARD1)
        .unwrap();
    assert_eq!(
        hard1.name.as_deref(),
        Some("Norvig hard1 (NOT a proper sudoku: many solutions)")
    );
    assert!(rows.iter().all(|r| r.name.is_some()));
}

#[test]
fn the_summary_fits_100_columns_with_short_names_and_wide_keeps_every_column() {
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("s.csv");
    let top1465 = corpus_path("puzzles3_magictour_top1465");
    let run = lab()
        .args(["bench", "-l", "2", "-n", "3", "--progress-every", "0", "-o"])
        .arg(&out)
        .arg(&top1465)
        .arg(corpus_path("norvig_sudoku-hardest.txt"))
        .assert()
        .success();
    let narrow = String::from_utf8(run.get_output().stdout.clone()).unwrap();
    for line in narrow.lines() {
        assert!(line.chars().count() <= 100, "{line}");
    }
    let header: Vec<&str> = narrow
        .lines()
        .next()
        .unwrap()
        .split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    assert!(header.contains(&"2+ sol"), "{narrow}");
    let first = narrow.lines().nth(1).unwrap();
    assert!(
        first.starts_with("puzzles3") && first.contains("top1465  naive"),
        "{narrow}"
    );
    assert!(!narrow.contains("/shared/"), "{narrow}");
    assert!(
        narrow.contains("core/s: puzzles per second of solve time on one core"),
        "{narrow}"
    );
    assert!(narrow.contains("Wall clock: "), "{narrow}");
    let md = std::fs::read_to_string(dir.path().join("s.summary.md")).unwrap();
    assert!(
        md.contains(&format!("| {} | naive |", top1465.display())),
        "{md}"
    );
    let wide = lab()
        .args(["summary", "--wide"])
        .arg(&out)
        .assert()
        .success();
    let wide = String::from_utf8(wide.get_output().stdout.clone()).unwrap();
    for column in [
        "2+ solutions",
        "puzzles/s per core",
        "p90",
        "max nodes",
        "mean backtracks",
    ] {
        assert!(wide.contains(column), "{column}: {wide}");
    }
    assert!(wide.contains(&top1465.display().to_string()));
    let again = lab().arg("summary").arg(&out).assert().success();
    assert_eq!(
        String::from_utf8(again.get_output().stdout.clone()).unwrap(),
        narrow
    );
}

#[test]
fn an_unknown_status_is_reported_as_unknown_not_wrong() {
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("u.csv");
    lab()
        .args(["bench", "-s", "dlx", "-q", "-o"])
        .arg(&out)
        .arg(write(&dir, "c.txt", &format!("{TOP1}\n{TOP1}\n")))
        .assert()
        .success();
    let text = std::fs::read_to_string(&out).unwrap();
    let edited = text.replacen(",solved,", ",stalled,", 1);
    std::fs::write(&out, edited).unwrap();
    lab()
        .arg("summary")
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "unknown: a status this version does not know (no time figure counts it);",
        ))
        .stdout(predicate::str::contains("WRONG").not());
    assert_eq!(read_rows(&out)[0].status, Status::Unknown("stalled".into()));
    let figures = dir.path().join("fig");
    lab()
        .arg("plot")
        .arg(&out)
        .arg("--out-dir")
        .arg(&figures)
        .assert()
        .success();
}

/// `summary` of `csv` fails (exit 1) with `message` on stderr.
fn summary_refuses(csv: &std::path::Path, message: &str) {
    lab()
        .arg("summary")
        .arg(csv)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(message));
}

/// A CSV of one dlx row, written by the runner into `dir` as `name`.
fn one_row_csv(dir: &TempDir, name: &str) -> std::path::PathBuf {
    let out = dir.path().join(name);
    lab()
        .args(["bench", "-s", "dlx", "-q", "-o"])
        .arg(&out)
        .arg(write(dir, "c.txt", &format!("{TOP1}\n")))
        .assert()
        .success();
    out
}

#[test]
fn a_foreign_csv_or_sidecar_is_named() {
    let dir = TempDir::new().unwrap();
    let foreign = write(&dir, "f.csv", "a,b\n1,2\n");
    summary_refuses(
        &foreign,
        "f.csv: line 1: not a CSV of sudoku-lab: no column `corpus`",
    );
    let out = one_row_csv(&dir, "r.csv");
    std::fs::write(dir.path().join("r.run.toml"), "threads = \"two\"\n").unwrap();
    lab()
        .arg("summary")
        .arg(&out)
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "r.run.toml: line 1: not a sudoku-lab sidecar",
        ));
}

/// A folder given as a run's CSV (to `summary`, `plot`, `compare`) is refused as no regular
/// file, before it is read.
#[test]
fn a_folder_given_as_a_csv_is_named_so() {
    let dir = TempDir::new().unwrap();
    let out = one_row_csv(&dir, "r.csv");
    let folder = dir.path().join("runs");
    std::fs::create_dir(&folder).unwrap();
    let said = format!(
        "error: {}: not a regular file (a folder, a FIFO, a device), not a CSV of sudoku-lab\n",
        folder.display()
    );
    for args in [
        vec!["summary"],
        vec!["plot"],
        vec!["compare", out.to_str().unwrap()],
    ] {
        lab()
            .args(&args)
            .arg(&folder)
            .assert()
            .code(1)
            .stderr(predicate::str::diff(said.clone()));
    }
}

/// Bytes that are not UTF-8 (a binary file, another encoding) are named so, with their
/// line, not quoted from the csv crate.
#[test]
fn a_csv_that_is_not_utf8_text_is_named_so() {
    let dir = TempDir::new().unwrap();
    let binary = dir.path().join("b.csv");
    std::fs::write(&binary, b"\x7fELF\x02\x01\x01\0\0\0\xa0\xfe\n").unwrap();
    summary_refuses(
        &binary,
        "b.csv: line 1: cannot read the header: not UTF-8 text (a binary file, or text in another encoding)",
    );
    // The CSV's one row again, its solver's name spoilt.
    let mut text = std::fs::read(one_row_csv(&dir, "r.csv")).unwrap();
    let start = text[..text.len() - 1]
        .iter()
        .rposition(|&b| b == b'\n')
        .unwrap();
    let mut row = text[start + 1..].to_vec();
    let solver = row.windows(5).position(|w| w == b",dlx,").unwrap();
    row[solver + 1] = 0xFF;
    text.extend(row);
    let spoilt = dir.path().join("s.csv");
    std::fs::write(&spoilt, text).unwrap();
    summary_refuses(
        &spoilt,
        "s.csv: line 3: malformed row: not UTF-8 text (a binary file, or text in another encoding)",
    );
}

/// A row that is not a row names its column by name, in words (not the csv
/// crate's record and byte); a second header, as two CSVs joined whole leave, is one.
#[test]
fn a_malformed_row_even_a_second_header_names_its_column() {
    let dir = TempDir::new().unwrap();
    let text = std::fs::read_to_string(one_row_csv(&dir, "r.csv")).unwrap();
    let (header, row) = text.split_once('\n').unwrap();
    let mut fields: Vec<&str> = row.trim_end().split(',').collect();
    fields[10] = "-5";
    let negative = write(&dir, "nsneg.csv", &format!("{text}{}\n", fields.join(",")));
    summary_refuses(
        &negative,
        "nsneg.csv: line 3: malformed row: column nanoseconds: invalid digit found in \
string\n",
    );
    let joined = write(&dir, "joined.csv", &format!("{text}{header}\n{row}"));
    summary_refuses(
        &joined,
        "joined.csv: line 3: malformed row: column index: invalid digit found in string",
    );
}

/// A budget under which naive solves the puzzle made against brute force, in about 0.2 s:
/// a slow solve, where progress lines come between.
const SLOW_BUDGET: &str = "200000000";

/// Without a terminal (a cluster job, CI), a plain progress line every few seconds.
#[test]
fn progress_lines_without_a_terminal() {
    let dir = TempDir::new().unwrap();
    let corpus = write(
        &dir,
        "slow.txt",
        &format!("{ANTI_BRUTE_FORCE}\n").repeat(12),
    );
    // One thread solves on the reading thread, in chunks of about 20 ms: progress between.
    // Naive solves the puzzle in about 0.2 s under a budget of its own (its default stops
    // it within milliseconds).
    let stderr = |extra: &[&str], out: &str| {
        let run = lab()
            .args(["bench", "-s", "naive", "-j", "1", "--progress-every", "1"])
            .args(["--max-nodes", SLOW_BUDGET])
            .args(extra)
            .arg("-o")
            .arg(dir.path().join(out))
            .arg(&corpus)
            .assert()
            .success();
        String::from_utf8(run.get_output().stderr.clone()).unwrap()
    };
    let shown = stderr(&[], "p.csv");
    // The total is counted half a second in, so the first line (a second in) has it: the run
    // may end before a second line.
    let line = shown
        .lines()
        .find(|l| l.starts_with("progress: ") && l.contains(" of 12 puzzles ("))
        .unwrap_or_else(|| panic!("no progress line with the total:\n{shown}"));
    assert!(
        line.contains(" puzzles/s, ") && line.contains(" elapsed"),
        "{line}"
    );
    assert!(!stderr(&["-q", "-n", "5"], "q.csv").contains("progress: "));
}

/// The total a progress line states is what the run solves: a shard's share (16 of 64
/// puzzles, as shard 1/4), then, the shard continued with `--resume` after 4 of them, the
/// 12 left. Both lines said `of 64 puzzles`, the corpus's (the shard's bar never reached
/// 100%).
#[test]
fn progress_counts_a_shards_share_and_what_a_resume_leaves() {
    let dir = TempDir::new().unwrap();
    let corpus = write(
        &dir,
        "slow.txt",
        &format!("{ANTI_BRUTE_FORCE}\n").repeat(64),
    );
    let out = dir.path().join("s.csv");
    // One thread solves a puzzle in about 0.2 s (under a budget of its own): the 12 left
    // take more than the second before the first line.
    let stderr = || {
        let run = lab()
            .args(["bench", "-s", "naive", "-j", "1", "--progress-every", "1"])
            .args(["--max-nodes", SLOW_BUDGET])
            .args(["--shard", "1/4", "--resume", "-o"])
            .arg(&out)
            .arg(&corpus)
            .assert()
            .success();
        String::from_utf8(run.get_output().stderr.clone()).unwrap()
    };
    let totals = |shown: &str| -> Vec<String> {
        shown
            .lines()
            .filter_map(|l| l.strip_prefix("progress: "))
            .filter_map(|l| l.split_once(" of ").map(|(_, t)| t.to_string()))
            .filter_map(|t| t.split_once(" (").map(|(n, _)| n.to_string()))
            .collect()
    };
    let shown = stderr();
    let first = totals(&shown);
    assert!(!first.is_empty(), "no progress line with a total:\n{shown}");
    assert!(first.iter().all(|t| t == "16 puzzles"), "{shown}");
    // As an interrupt after 4 puzzles leaves the shard (one row each).
    let text = std::fs::read_to_string(&out).unwrap();
    let four: String = text.split_inclusive('\n').take(5).collect();
    std::fs::write(dir.path().join("s.interrupted.csv"), four).unwrap();
    let sidecar = std::fs::read_to_string(dir.path().join("s.run.toml")).unwrap();
    let said = sidecar
        .replace("state = \"finished\"", "state = \"interrupted\"")
        .replace("\nrows = 16\n", "\nrows = 4\n");
    assert!(said.contains("\nrows = 4\n"), "{said}");
    std::fs::write(dir.path().join("s.interrupted.run.toml"), said).unwrap();
    std::fs::remove_file(&out).unwrap();
    let shown = stderr();
    assert!(
        shown.contains("(4 puzzles kept, the others solved now)"),
        "{shown}"
    );
    let resumed = totals(&shown);
    assert!(
        !resumed.is_empty(),
        "no progress line with a total:\n{shown}"
    );
    assert!(resumed.iter().all(|t| t == "12 puzzles"), "{shown}");
}

/// A run heading for a long time is told so early, with how to bound it: naive on 300,000 copies of a puzzle made against brute force, each solve
/// stopped by its default budget (5 to 7 ms here: about half an hour on one thread).
#[cfg(unix)]
#[test]
fn a_run_heading_for_hours_gets_a_warning() {
    use std::io::Read as _;
    use std::time::{Duration, Instant};
    let dir = TempDir::new().unwrap();
    let corpus = write(
        &dir,
        "long.txt",
        &format!("{ANTI_BRUTE_FORCE}\n").repeat(300_000),
    );
    let mut child = common::lab_process()
        .args(["bench", "-s", "naive,dlx", "-j", "1", "-o"])
        .arg(dir.path().join("long.csv"))
        .arg(&corpus)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let mut buf = [0u8; 4096];
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(120) && !text.contains("--solvers\n") {
            match stderr.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => text.push_str(&String::from_utf8_lossy(&buf[..n])),
            }
        }
        text
    });
    let text = reader.join().unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        text.contains("warning: ")
            && text.contains(" puzzles done in ")
            && text.contains(": at that pace, this run will take about ")
            && text.contains(" in all; bound it with --max-nodes, --first or --solvers"),
        "{text}"
    );
}

/// A run's files get the mode any new file gets (0666 less the umask: 0644 under 0022), as
/// a shell's `>` creates one, so that the group reading a shared results folder reads
/// them; a temporary file's 0600 left them to their owner.
#[cfg(unix)]
#[test]
fn a_runs_files_are_created_with_the_umasks_mode() {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    let dir = TempDir::new().unwrap();
    let corpus = write(&dir, "c.txt", &format!("{TOP1}\n"));
    let out = dir.path().join("r.csv");
    let mut cmd = common::lab_process();
    // SAFETY: `umask` is async-signal-safe, as the child's code before `exec` must be.
    unsafe {
        cmd.pre_exec(|| {
            libc::umask(0o022);
            Ok(())
        });
    }
    let ran = cmd
        .args(["bench", "-q", "-s", "dlx", "-o"])
        .arg(&out)
        .arg(&corpus);
    assert!(ran.status().unwrap().success());
    for name in ["r.csv", "r.summary.md", "r.run.toml"] {
        let mode = std::fs::metadata(dir.path().join(name))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o644, "{name}: {:o}", mode & 0o777);
    }
}
