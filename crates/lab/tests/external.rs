//! `cmd:` solvers end to end, as a run meets them: the runner's own want of files is never a
//! solver's row; a run stopped longer than `--timeout` charges no child for it; `bench`
//! says once per child why rows crashed or timed out; a comma a command quotes stays in
//! it. Needs sh and python3.

#![cfg(unix)]

mod common;

use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use common::{default_signals, fixture, lab, read_rows, write, BIN};
use sudoku_results::Status;
use tempfile::TempDir;

/// The first puzzles of Norvig's easy50, each with an empty cell (`.`).
const EASY: [&str; 4] = [
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    "2...8.3...6..7..84.3.5..2.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3",
    "......9.7...42.18....7.5.261..9.4....5.....4....5.7..992.1.8....34.59...5.7......",
    ".3..5..4...8.1.5..46.....12.7.5.2.8....6.3....4.1.9.3.25.....98..1.2.6...8..6..2.",
];

/// `count` puzzles, [`EASY`]'s over and over, as `name` in `dir`.
fn corpus(dir: &TempDir, name: &str, count: usize) -> PathBuf {
    let lines: Vec<&str> = EASY.iter().copied().cycle().take(count).collect();
    write(dir, name, &(lines.join("\n") + "\n"))
}

/// The binary run by `sh` with its limit of open files set to `files` (`ulimit -n`, as
/// in the issue), in `dir`.
fn lab_with_files(dir: &TempDir, files: u32, args: &[&str]) -> Output {
    let mut cmd = std::process::Command::new("sh");
    cmd.current_dir(dir.path())
        .env_remove("RUST_LOG")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("NO_COLOR")
        .arg("-c")
        .arg(format!(r#"ulimit -n {files}; exec "$0" "$@""#))
        .arg(BIN)
        .args(args);
    default_signals(&mut cmd);
    cmd.output().unwrap()
}

/// A child that answers `none` to each puzzle a tenth of a second after it, so that every
/// worker holds a child of its own at once.
const SLOW_NONE: &str = "cmd:e=sh -c 'while read l; do sleep 0.1; echo none; done'";

/// The issue's run (`ulimit -n 1024`, `-j 400`: 414 rows `crashed`, exit 0, as the
/// runner's own `pipe2` failed), made small: the children take what files the runner may
/// open, fewer than one per worker, the other workers waiting for one; every row is the
/// child's answer, and the runner says why there are fewer children. With too few files for
/// one child per worker, each solver keeps one.
#[test]
fn the_runners_want_of_files_is_never_a_solvers_row() {
    let dir = tempfile::tempdir().unwrap();
    corpus(&dir, "c.txt", 200);
    let args = [
        "bench", "c.txt", "-s", SLOW_NONE, "-j", "100", "-o", "r.csv", "-q",
    ];
    let out = lab_with_files(&dir, 256, &args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let rows = read_rows(&dir.path().join("r.csv"));
    assert_eq!(rows.len(), 200);
    let statuses: Vec<&Status> = rows.iter().map(|r| &r.status).collect();
    assert!(
        rows.iter().all(|r| r.status == Status::NoSolution),
        "{statuses:?}\n{err}"
    );
    assert!(
        err.contains("children each at most, not one per worker (100): the runner may open 256 files (ulimit -n)"),
        "{err}"
    );
    let out = lab_with_files(&dir, 40, &args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert_eq!(read_rows(&dir.path().join("r.csv")).len(), 200);
    assert!(err.contains("1 child each at most"), "{err}");
}

/// A script that solves each puzzle after a fifth of a second of its own CPU time (a
/// stopped child does not get through it), writing its process ID to `pid` first.
fn busy_solver(dir: &TempDir, pid: &Path) -> PathBuf {
    let script = format!(
        r#"import os, sys, time
sys.path.insert(0, {fixtures:?})
from solver import solve
for line in sys.stdin:
    puzzle = line.strip()
    if "." in puzzle:
        with open({pid:?}, "w") as f:
            f.write(str(os.getpid()))
        start = time.process_time()
        while time.process_time() - start < 0.2:
            pass
    print(solve(puzzle), flush=True)
"#,
        fixtures = fixture(""),
        pid = pid.display().to_string(),
    );
    write(dir, "busy.py", &script)
}

/// The pid the busy solver writes to `path`, once the file holds all of it (it is created
/// before it is written: a read in between finds it empty).
fn read_pid(path: &Path) -> u32 {
    let until = Instant::now() + Duration::from_secs(60);
    loop {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        match text.trim().parse() {
            Ok(pid) => return pid,
            Err(e) if Instant::now() >= until => panic!("no pid in {}: {e}", path.display()),
            Err(_) => std::thread::sleep(Duration::from_millis(5)),
        }
    }
}

fn signal(pid: u32, signal: libc::c_int) {
    // SAFETY: `kill` takes plain integers.
    assert_eq!(unsafe { libc::kill(pid as libc::pid_t, signal) }, 0);
}

/// A run stopped (SIGSTOP, with its child) for longer than `--timeout`, while its child
/// works on a puzzle, then continued: the child's answer, which comes after, is its row's,
/// not a timeout (the runner charged the child for its own stop). The time limit is
/// generous, the machine may be busy: the answer takes a fifth of a second of CPU.
#[test]
fn a_run_stopped_longer_than_its_timeout_records_no_timeout() {
    let dir = tempfile::tempdir().unwrap();
    corpus(&dir, "c.txt", 2);
    let pid = dir.path().join("child.pid");
    let script = busy_solver(&dir, &pid);
    let solver = format!("cmd:busy=python3 {}", script.display());
    let mut runner = common::lab_process();
    runner
        .current_dir(dir.path())
        .args([
            "bench",
            "c.txt",
            "-s",
            &solver,
            "--timeout",
            "6",
            "-o",
            "r.csv",
            "-q",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let runner = runner.spawn().unwrap();
    let child = read_pid(&pid);
    signal(runner.id(), libc::SIGSTOP);
    signal(child, libc::SIGSTOP);
    std::thread::sleep(Duration::from_secs(8));
    signal(child, libc::SIGCONT);
    signal(runner.id(), libc::SIGCONT);
    let out = runner.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let rows = read_rows(&dir.path().join("r.csv"));
    let statuses: Vec<&Status> = rows.iter().map(|r| &r.status).collect();
    assert_eq!(statuses, [&Status::Solved; 2], "{err}");
}

/// The warnings of `bench c.txt -j 1 -q -o r.csv` with `args` in `dir`, which exits 0.
fn warnings(dir: &TempDir, args: &[&str]) -> Vec<String> {
    let out = lab()
        .current_dir(dir.path())
        .args(["bench", "c.txt", "-j", "1", "-o", "r.csv", "-q"])
        .args(args)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let told = err.lines().filter(|l| l.starts_with("warning: "));
    told.map(String::from).collect()
}

/// `bench` says why rows crashed or timed out, as `solve` does (the exit status and the
/// last words on stderr; the time limit), once per child, not once per row: a child that
/// crashes on every puzzle is told three times, then given up, for five rows.
#[test]
fn bench_says_why_a_child_crashed_or_timed_out_once_per_child() {
    let dir = tempfile::tempdir().unwrap();
    corpus(&dir, "c.txt", 5);
    let crash = format!("cmd:crash=python3 {} crash ''", fixture("misbehave.py"));
    let stall = format!("cmd:stall=python3 {} stall '..3'", fixture("misbehave.py"));
    let mut told = warnings(
        &dir,
        &["-s", &format!("{crash},{stall}"), "--timeout", "0.5"],
    );
    let crashed = |line: u64| {
        format!(
            "warning: crash on c.txt:{line}: crashed: exited with status 3; its last words \
             on stderr: giving up on {}",
            &EASY[(line as usize - 1) % 4][..9]
        )
    };
    let timed_out = |line: u64| format!("warning: stall on c.txt:{line}: no answer within 0.5 s");
    let mut want = vec![
        crashed(1),
        crashed(2),
        crashed(3),
        "warning: crash on c.txt:3: crashed 3 times in a row: not restarted".to_string(),
    ];
    want.extend([timed_out(1), timed_out(5)]);
    told.sort();
    want.sort();
    assert_eq!(told, want);
    let rows = read_rows(&dir.path().join("r.csv"));
    assert_eq!(rows.len(), 10);
}

/// A comma a `cmd:` command quotes stays in the command (the list was cut at every comma:
/// the command's quote was left unclosed, a usage error).
#[test]
fn a_quoted_comma_stays_in_a_command() {
    let dir = tempfile::tempdir().unwrap();
    corpus(&dir, "c.txt", 1);
    let solver = r#"cmd:x=sh -c 'printf "%s\n" "$1" > arg.txt; while read l; do echo none; done' sh 'a,b',dlx"#;
    let out = lab()
        .current_dir(dir.path())
        .args(["bench", "c.txt", "-s", solver, "-o", "r.csv", "-q"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let arg = std::fs::read_to_string(dir.path().join("arg.txt")).unwrap();
    assert_eq!(arg, "a,b\n");
    let rows = read_rows(&dir.path().join("r.csv"));
    let solvers: Vec<&str> = rows.iter().map(|r| &*r.solver).collect();
    assert_eq!(solvers, ["x", "dlx"]);
}

/// A child that fails in a later `--repeat` pass, or in the warm-up, is told with where it
/// failed, the puzzle's place or the warm-up (both were told without a place: `warning:
/// once: crashed: …`).
#[test]
fn a_child_is_told_where_it_failed_in_a_later_pass_and_in_the_warm_up() {
    let dir = tempfile::tempdir().unwrap();
    corpus(&dir, "c.txt", 2);
    // It answers its first question and one puzzle, then exits.
    let solver = "cmd:once=sh -c 'read l; echo none; read l; echo none; exit 3'";
    for (option, value, place) in [
        ("--repeat", "3", "warning: once on c.txt:"),
        ("--warmup", "0.2", "warning: once in the warm-up: crashed: "),
    ] {
        let told = warnings(&dir, &["-s", solver, option, value]);
        assert!(told.iter().any(|l| l.starts_with(place)), "{told:?}");
        let placed = |l: &String| l.starts_with(place) || l.starts_with("warning: once on c.txt:");
        assert!(told.iter().all(placed), "{told:?}");
    }
}

/// `SUDOKU_LAB_MAX_NODES` reaches a child with `--max-nodes`, and only then: one in the
/// runner's environment is not passed on (it was, a budget the sidecar did not record).
#[test]
fn a_child_gets_the_runs_budget_and_no_other() {
    let dir = tempfile::tempdir().unwrap();
    corpus(&dir, "c.txt", 1);
    let solver = r#"cmd:e=sh -c 'echo "${SUDOKU_LAB_MAX_NODES-unset}" > env.txt; while read l; do echo none; done'"#;
    for (args, want) in [(vec![], "unset\n"), (vec!["--max-nodes", "77"], "77\n")] {
        let out = lab()
            .current_dir(dir.path())
            .env("SUDOKU_LAB_MAX_NODES", "5")
            .args(["bench", "c.txt", "-s", solver, "-o", "r.csv", "-q"])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let env = std::fs::read_to_string(dir.path().join("env.txt")).unwrap();
        assert_eq!(env, want);
    }
}
