//! The runner under faults, end to end: the output is never an input, an earlier result is
//! replaced only by a run that finished, a second run on one output is refused, file names
//! that are not UTF-8, closed pipes, interrupts while the reader waits, rows of a slow
//! stdin reaching the file, reports of runs that did not finish, sidecars that leave out a
//! setting or a count, a corpus given twice, `generate -o` stopped or killed.
//!
//! The bounds here are liveness bounds (a run that never ends fails the test after many
//! seconds), never timings.

mod common;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};

use assert_cmd::assert::OutputAssertExt;
#[cfg(unix)]
use common::lab_with_file_limit;
#[cfg(unix)]
use common::terminate;
use common::{lab, lab_process, read_rows, usage_error, wait_for, write, TOP1};
use predicates::prelude::*;
use tempfile::TempDir;

/// `args` (a second run on the output `out`, which another holds) is refused: exit 1,
/// naming the output and its locked running file `running`.
fn refused_as_busy(args: &[&OsStr], out: &Path, running: &Path) {
    lab()
        .args(args)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(common::said::busy(out, running)));
}

/// `bench -j 2` over two puzzles in `run`'s folder into `r.csv`, by a `cmd:` solver that
/// answers the first and never the second (an empty grid): after an interrupt the run waits
/// on that solve, up to `--timeout 3`. Started, and waited for until the first row is
/// written.
#[cfg(unix)]
fn stalled_run(run: &mut common::TestCommand) -> Child {
    run.file("c.txt", &format!("{TOP1}\n{}\n", ".".repeat(81)));
    let solver = "cmd:stall=sh -c 'while read p; do case $p in *[1-9]*) echo none;; \
                  *) read p;; esac; done'";
    let running = run.path("r.running.csv");
    let mut child = run
        .args(["bench", "-j", "2", "--timeout", "3", "-s", solver])
        .args(["-o", "r.csv", "c.txt"])
        .spawn();
    wait_for(&mut child, "the first row", || {
        std::fs::read_to_string(&running).is_ok_and(|t| t.lines().count() > 1)
    });
    child
}

/// A second interrupt ends a run at once, as a kill does: its rows stay under the running
/// names, beside the sidecar of its start (`state = "running"`), and the next run on the
/// output moves them aside and `--resume` continues them.
#[cfg(unix)]
#[test]
fn a_second_interrupt_is_a_kill_whose_rows_the_next_run_continues() {
    use common::{outcome, said, TestCommand};
    let mut run = TestCommand::new();
    let first = stalled_run(&mut run);
    let ended = outcome(common::interrupt_twice(first));
    assert!(
        matches!(ended.signal, Some(libc::SIGINT | libc::SIGTERM)),
        "{ended:?}"
    );
    let (running, sidecar) = (run.path("r.running.csv"), run.path("r.running.run.toml"));
    assert!(running.exists() && sidecar.exists(), "{ended:?}");
    let again = run.args(["--resume"]).run();
    assert_eq!(again.code, Some(0), "{again:?}");
    assert!(
        again
            .stderr
            .contains(&said::moved_aside("r.csv", "r.killed.csv")),
        "{}",
        again.stderr
    );
    assert_eq!(read_rows(&run.path("r.csv")).len(), 2);
    assert!(!running.exists());
}

/// Signals that come at once are one interrupt, as GNU `timeout` sends one (to the command,
/// then to its process group): the run stops cleanly, its rows named interrupted.
#[cfg(unix)]
#[test]
fn signals_sent_at_once_are_one_interrupt() {
    let mut run = common::TestCommand::new();
    let child = stalled_run(&mut run);
    // Two kinds, which never reach the process as one.
    let ended = common::outcome(common::signal(child, &[libc::SIGTERM, libc::SIGINT]));
    assert!(
        matches!(ended.signal, Some(libc::SIGINT | libc::SIGTERM)),
        "{ended:?}"
    );
    assert!(!run.path("r.running.csv").exists(), "{ended:?}");
    assert_eq!(read_rows(&run.path("r.interrupted.csv")).len(), 2);
}

/// Interrupts `child` (SIGTERM), checks that it dies of it and that its stderr `says`
/// what it does first; its stderr.
#[cfg(unix)]
fn interrupted(child: Child, says: &str) -> String {
    let output = terminate(child);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    common::died_of(&output, libc::SIGTERM);
    assert!(stderr.contains(says), "{stderr}");
    stderr
}

/// `bench` on `corpus` (`-` for stdin) into `out`, spawned with its stdin piped.
fn spawn_bench(corpus: &Path, out: &Path, extra: &[&str]) -> Child {
    common::lab_process()
        .args(["bench", "-s", "dlx", "--threads", "1"])
        .args(extra)
        .arg(corpus)
        .arg("--out")
        .arg(out)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The `state` a sidecar gives.
fn state_in(sidecar: &Path) -> String {
    let toml = std::fs::read_to_string(sidecar).unwrap();
    let line = toml.lines().find(|l| l.starts_with("state = ")).unwrap();
    line["state = ".len()..].trim_matches('"').to_string()
}

fn lines(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}

#[test]
fn the_output_is_never_one_of_the_inputs() {
    let dir = TempDir::new().unwrap();
    let corpus = write(&dir, "c.txt", &format!("{TOP1}\n"));
    let refused = |out: &Path| {
        predicate::str::contains(format!(
            "error: the corpus {} is the output of this run (--out {}",
            corpus.display(),
            out.display()
        ))
    };
    lab()
        .args(["bench", "-s", "dlx"])
        .arg(&corpus)
        .arg("--out")
        .arg(&corpus)
        .assert()
        .code(2)
        .stderr(refused(&corpus));
    // The same file under another name (a hard link) is the same file.
    let link = dir.path().join("link.csv");
    std::fs::hard_link(&corpus, &link).unwrap();
    lab()
        .args(["bench", "-s", "dlx"])
        .arg(&corpus)
        .arg("--out")
        .arg(&link)
        .assert()
        .code(2)
        .stderr(refused(&link));
    assert_eq!(
        std::fs::read_to_string(&corpus).unwrap(),
        format!("{TOP1}\n")
    );
    assert!(!dir.path().join("link.running.csv").exists());
}

/// An output named by a symbolic link to one of the corpora is refused, the message naming
/// the link as given and the file it leads to: it named only the file, a name the command
/// line does not hold, after a note that said the file is written. Nothing else is said.
#[cfg(unix)]
#[test]
fn an_output_that_is_a_link_to_a_corpus_is_named_as_given() {
    let dir = TempDir::new().unwrap();
    let corpus = write(&dir, "target.txt", &format!("{TOP1}\n"));
    std::os::unix::fs::symlink("target.txt", dir.path().join("b.csv")).unwrap();
    let message = format!(
        "the corpus target.txt is the output of this run (--out b.csv, a link to {}): the run \
         would overwrite what it reads; choose another --out",
        corpus.canonicalize().unwrap().display()
    );
    let said = usage_error("bench [OPTIONS] [CORPUS]...", &message);
    lab()
        .current_dir(dir.path())
        .args(["bench", "-s", "dlx", "target.txt", "-o", "b.csv"])
        .assert()
        .code(2)
        .stderr(said);
    assert_eq!(
        std::fs::read_to_string(&corpus).unwrap(),
        format!("{TOP1}\n")
    );
}

#[cfg(unix)]
#[test]
fn stdin_read_from_the_output_is_refused() {
    let dir = TempDir::new().unwrap();
    let out = write(&dir, "o.csv", &format!("{TOP1}\n"));
    lab_process()
        .args(["bench", "-s", "dlx", "-", "--out"])
        .arg(&out)
        .stdin(std::fs::File::open(&out).unwrap())
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "error: the corpus stdin is the output of this run",
        ));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), format!("{TOP1}\n"));
}

#[test]
fn results_csvs_in_a_folder_of_corpora_are_left_out() {
    let dir = TempDir::new().unwrap();
    let corpora = dir.path().join("corpora");
    std::fs::create_dir(&corpora).unwrap();
    std::fs::write(corpora.join("c.txt"), format!("{TOP1}\n")).unwrap();
    let out = corpora.join("r.csv");
    for _ in 0..2 {
        lab()
            .args(["bench", "-s", "dlx", "-q"])
            .arg(&corpora)
            .arg("--out")
            .arg(&out)
            .assert()
            .success();
        assert_eq!(read_rows(&out).len(), 1);
    }
    lab()
        .args(["bench", "-s", "dlx", "-q"])
        .arg(&corpora)
        .arg("--out")
        .arg(dir.path().join("elsewhere.csv"))
        .assert()
        .success()
        .stderr(predicate::str::contains(format!(
            "note: {}: a results CSV of sudoku-lab (its first line is the runner's header), \
not a corpus: left out",
            out.display()
        )));
}

#[test]
fn an_earlier_result_is_replaced_only_by_a_run_that_finished() {
    let dir = TempDir::new().unwrap();
    let out = write(&dir, "r.csv", "earlier\n");
    let bad = write(&dir, "bad.txt", &format!("{TOP1}\n{}\n", &TOP1[..80]));
    lab()
        .args(["bench", "-s", "dlx", "--strict"])
        .arg(&bad)
        .arg("--out")
        .arg(&out)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!(
            "stopped: the 1 row completed before the error is in {} ({} is as it was)",
            dir.path().join("r.failed.csv").display(),
            out.display()
        )));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "earlier\n");
    assert_eq!(read_rows(&dir.path().join("r.failed.csv")).len(), 1);
    let sidecar = dir.path().join("r.failed.run.toml");
    assert_eq!(state_in(&sidecar), "failed");
    let toml = std::fs::read_to_string(sidecar).unwrap();
    assert!(toml.contains("rows = 1\n"), "{toml}");
    assert!(!dir.path().join("r.running.csv").exists());

    let good = write(&dir, "good.txt", &format!("{TOP1}\n{TOP1}\n"));
    lab()
        .args(["bench", "-s", "dlx", "-q"])
        .arg(&good)
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    assert_eq!(read_rows(&out).len(), 2);
    assert_eq!(state_in(&dir.path().join("r.run.toml")), "finished");
}

/// A run that fails, as an earlier one did on the same output, keeps the earlier one's
/// rows under a numbered name (`r.failed.2.csv`), unless it continued that run
/// (`--resume`): then it holds them, and replaces it.
#[test]
fn an_unfinished_run_is_replaced_only_by_the_run_that_continued_it() {
    let dir = TempDir::new().unwrap();
    let bad = write(&dir, "bad.txt", &format!("{TOP1}\n{}\n", &TOP1[..80]));
    let failing = |extra: &[&str]| {
        let out = lab()
            .current_dir(dir.path())
            .args(["bench", "-s", "dlx", "--strict", "-o", "r.csv"])
            .arg(&bad)
            .args(extra)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        String::from_utf8(out.stderr).unwrap()
    };
    let note = "note: the earlier unfinished run under the same name, which this one did not \
                continue, is kept as r.failed.2.csv";
    assert!(!failing(&[]).contains("is kept as"));
    let first = std::fs::read(dir.path().join("r.failed.csv")).unwrap();
    let stderr = failing(&[]);
    assert!(stderr.contains(note), "{stderr}");
    assert_eq!(
        std::fs::read(dir.path().join("r.failed.2.csv")).unwrap(),
        first
    );
    assert_eq!(state_in(&dir.path().join("r.failed.2.run.toml")), "failed");
    assert!(dir.path().join("r.failed.2.summary.md").exists());
    assert_eq!(read_rows(&dir.path().join("r.failed.csv")).len(), 1);

    let stderr = failing(&["--resume"]);
    assert!(
        stderr.contains("--resume: continuing r.failed.csv"),
        "{stderr}"
    );
    assert!(!stderr.contains("is kept as"), "{stderr}");
    assert!(!dir.path().join("r.failed.3.csv").exists());
    let toml = std::fs::read_to_string(dir.path().join("r.failed.run.toml")).unwrap();
    assert!(toml.contains("[[resumed]]"), "{toml}");
}

/// A killed run's rows moved aside do not replace those of an older killed run that it
/// did not continue: those go to a numbered name, and the note says so.
#[test]
fn a_killed_run_moved_aside_keeps_an_older_one_it_did_not_continue() {
    let dir = TempDir::new().unwrap();
    let header = sudoku_results::COLUMNS.join(",");
    let leftover = |tag: &str, date: &str| {
        write(
            &dir,
            &format!("r.{tag}.csv"),
            &format!("{header}\nrows of {date}\n"),
        );
        let toml = format!("state = \"running\"\ndate = \"{date}\"\n");
        write(&dir, &format!("r.{tag}.run.toml"), &toml);
    };
    leftover("killed", "2026-01-01T00:00:00Z");
    leftover("running", "2026-01-02T00:00:00Z");
    let good = write(&dir, "good.txt", &format!("{TOP1}\n"));
    lab()
        .current_dir(dir.path())
        .args(["bench", "-s", "dlx", "-o", "r.csv"])
        .arg(&good)
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "note: an earlier run on r.csv was killed: its rows are now in r.killed.csv \
             (those of an older killed run, which it did not continue, are kept as \
             r.killed.2.csv)",
        ));
    let rows_of = |name: &str| std::fs::read_to_string(dir.path().join(name)).unwrap();
    assert!(rows_of("r.killed.csv").ends_with("rows of 2026-01-02T00:00:00Z\n"));
    assert!(rows_of("r.killed.2.csv").ends_with("rows of 2026-01-01T00:00:00Z\n"));
    assert!(rows_of("r.killed.2.run.toml").contains("2026-01-01"));
    assert_eq!(read_rows(&dir.path().join("r.csv")).len(), 1);
}

/// A run waiting on an idle stdin holds its output: a second run on it is refused, and
/// the first one's interrupt is seen although its reader is blocked.
#[cfg(unix)]
#[test]
fn a_second_run_on_one_output_is_refused_and_an_idle_stdin_is_interrupted() {
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("r.csv");
    let running = dir.path().join("r.running.run.toml");
    let mut first = spawn_bench(Path::new("-"), &out, &[]);
    wait_for(&mut first, "the first run's sidecar", || running.exists());
    let corpus = write(&dir, "c.txt", &format!("{TOP1}\n"));
    let args = ["bench", "-s", "dlx"].map(OsStr::new);
    refused_as_busy(
        &[
            &args[..],
            &[corpus.as_os_str(), OsStr::new("--out"), out.as_os_str()],
        ]
        .concat(),
        &out,
        &dir.path().join("r.running.csv"),
    );
    let says = common::said::interrupted(&dir.path().join("r.interrupted.csv"));
    interrupted(first, &says);
    assert!(read_rows(&dir.path().join("r.interrupted.csv")).is_empty());
    assert!(!out.exists());
}

#[cfg(unix)]
#[test]
fn a_fifo_without_a_writer_is_interrupted() {
    let dir = TempDir::new().unwrap();
    let fifo = sudoku_testkit::mkfifo(dir.path(), "fifo");
    let out = dir.path().join("r.csv");
    let mut child = spawn_bench(&fifo, &out, &[]);
    wait_for(&mut child, "the run's sidecar", || {
        dir.path().join("r.running.run.toml").exists()
    });
    let output = terminate(child);
    common::died_of(&output, libc::SIGTERM);
    assert_eq!(
        state_in(&dir.path().join("r.interrupted.run.toml")),
        "interrupted"
    );
}

/// The signals process `pid` catches (`SigCgt` in `/proc/PID/status`), while it runs.
#[cfg(target_os = "linux")]
fn caught(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find_map(|l| l.strip_prefix("SigCgt:"))?;
    u64::from_str_radix(line.trim(), 16).ok()
}

/// A Ctrl-C in the first milliseconds, while the command line is read, is handled: the run
/// says `interrupted`, then dies of it, or ends with its own status; it is never killed by
/// the signal before its handler has said a word. The handler was installed only once the
/// command line was read: a command line of 100,000 corpora, read in tens of
/// milliseconds, died of the SIGINT sent 10 ms after the Rust runtime was up (it catches
/// SIGSEGV then, for stack overflows), 5 times of 5. A SIGINT before the runtime is up
/// (the loader's milliseconds) still kills any program: none is sent then.
#[cfg(target_os = "linux")]
#[test]
fn an_interrupt_while_the_command_line_is_read_is_handled() {
    use common::HANG;
    use std::os::unix::process::ExitStatusExt;
    use std::time::{Duration, Instant};
    const SIGINT: u64 = 1 << (2 - 1);
    const SIGSEGV: u64 = 1 << (11 - 1);
    let dir = TempDir::new().unwrap();
    let many = vec!["x"; 100_000];
    // Five trials; a run that ended before this thread saw its runtime up (this thread
    // not scheduled for its 70 ms, on a loaded machine) is no trial: another is started,
    // 20 at most.
    let mut trials = 0;
    for _ in 0..20 {
        if trials == 5 {
            break;
        }
        let mut child = lab_process()
            .current_dir(dir.path())
            .args(["bench", "-q", "-s", "dlx", "-o", "r.csv"])
            .args(&many)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let pid = child.id();
        let start = Instant::now();
        let mut ended = false;
        while caught(pid).is_none_or(|c| c & SIGSEGV == 0) {
            assert!(start.elapsed() < HANG, "the runner never started");
            ended = child.try_wait().unwrap().is_some();
            if ended {
                break;
            }
        }
        if ended {
            continue;
        }
        trials += 1;
        // As soon as the runner catches SIGINT, or 10 ms after its start when it does not.
        let start = Instant::now();
        while caught(pid).is_some_and(|c| c & SIGINT == 0)
            && start.elapsed() < Duration::from_millis(10)
        {}
        let sent = std::process::Command::new("kill")
            .args(["-INT", &pid.to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        match output.status.signal() {
            // Before the run watches, the signal's default; after, its own end.
            Some(libc::SIGINT) => assert!(
                stderr.is_empty() || stderr.starts_with("interrupted"),
                "killed by the signal: {stderr}"
            ),
            _ => assert_eq!(output.status.code(), Some(1), "{stderr}"),
        }
    }
    assert!(
        trials >= 3,
        "{trials} trials of 20 runs: each ended before it was seen"
    );
}

/// An output that is something else than a file (a named pipe here, as `/dev/null` would be
/// a device) is refused before anything is written: renaming the run's files into place
/// would replace it (run as root, `-o /dev/null` once made `/dev/null` a file). A link to
/// it is refused too; the same holds for `merge` and for `plot`'s figures.
#[cfg(unix)]
#[test]
fn an_output_that_is_not_a_file_is_refused_and_left_as_it_is() {
    use std::os::unix::fs::FileTypeExt;
    let dir = TempDir::new().unwrap();
    let corpus = write(&dir, "c.txt", &format!("{TOP1}\n"));
    let fifo = sudoku_testkit::mkfifo(dir.path(), "pipe.csv");
    let link = dir.path().join("link.csv");
    std::os::unix::fs::symlink(&fifo, &link).unwrap();
    let refused = |name: &Path| {
        predicate::str::contains(format!(
            "error: {}: cannot create: not a regular file (a device, a pipe, a socket): name a file",
            name.display()
        ))
    };
    for out in [&fifo, &link] {
        lab()
            .args(["bench", "-q", "-s", "dlx", "-o"])
            .arg(out)
            .arg(&corpus)
            .assert()
            .code(1)
            .stderr(refused(out));
    }
    let run = dir.path().join("run.csv");
    lab()
        .args(["bench", "-q", "-s", "dlx", "--shard", "1/1", "-o"])
        .arg(&run)
        .arg(&corpus)
        .assert()
        .success();
    lab()
        .args(["merge", "-o"])
        .arg(&fifo)
        .arg(&run)
        .assert()
        .code(1)
        .stderr(refused(&fifo));
    let figure = dir.path().join("run.time.svg");
    std::os::unix::fs::symlink(&fifo, &figure).unwrap();
    lab()
        .args(["plot", "--out-dir"])
        .arg(dir.path())
        .arg(&run)
        .assert()
        .code(1)
        .stderr(refused(&figure));
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert!(std::fs::symlink_metadata(&figure).unwrap().is_symlink());
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.starts_with("pipe") || n.starts_with("link"))
        .collect();
    assert_eq!(left.len(), 2, "nothing written beside them: {left:?}");
}

/// An output's folder that is something else (a file, a device) is refused with the
/// system's words, naming the folder.
#[cfg(unix)]
#[test]
fn an_output_folder_that_is_not_a_folder_is_refused() {
    let dir = TempDir::new().unwrap();
    let corpus = write(&dir, "c.txt", &format!("{TOP1}\n"));
    let run = dir.path().join("run.csv");
    lab()
        .args(["bench", "-q", "-s", "dlx", "-o"])
        .arg(&run)
        .arg(&corpus)
        .assert()
        .success();
    let refused = |folder: &Path, why: &str| {
        predicate::str::diff(format!(
            "error: failed to create directory `{}`: {why}\n",
            folder.display()
        ))
    };
    let in_a_file = corpus.join("figures");
    for (out_dir, why) in [
        (Path::new("/dev/null"), "File exists (os error 17)"),
        (&in_a_file, "Not a directory (os error 20)"),
    ] {
        lab()
            .args(["plot", "-o"])
            .arg(out_dir)
            .arg(&run)
            .assert()
            .code(1)
            .stderr(refused(out_dir, why));
    }
    lab()
        .args(["bench", "-q", "-s", "dlx", "-o"])
        .arg(corpus.join("deeper/r.csv"))
        .arg(&corpus)
        .assert()
        .code(1)
        .stderr(refused(
            &corpus.join("deeper"),
            "Not a directory (os error 20)",
        ));
}

/// A line written to a stdin that stays open is solved and its row reaches the file
/// while the run goes on (with one thread, far from a chunk of puzzles).
#[cfg(unix)]
#[test]
fn the_row_of_a_slow_stdin_reaches_the_file_while_the_run_goes_on() {
    use std::io::Write;
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("r.csv");
    let running = dir.path().join("r.running.csv");
    let mut child = spawn_bench(Path::new("-"), &out, &[]);
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(format!("{TOP1}\n").as_bytes()).unwrap();
    stdin.flush().unwrap();
    wait_for(&mut child, "the first row in the file", || {
        lines(&running) == 2
    });
    stdin.write_all(format!("{TOP1}\n").as_bytes()).unwrap();
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    assert_eq!(read_rows(&out).len(), 2);
}

/// A file whose name is not UTF-8, as a corpus and as `--out`: read, written, named.
#[cfg(unix)]
#[test]
fn names_that_are_not_utf8_are_read_and_written() {
    use std::os::unix::ffi::OsStrExt;
    let dir = TempDir::new().unwrap();
    let corpus = dir.path().join(std::ffi::OsStr::from_bytes(b"c\xff.txt"));
    std::fs::write(&corpus, format!("{TOP1}\n")).unwrap();
    let out = dir.path().join(std::ffi::OsStr::from_bytes(b"r\xfe.csv"));
    lab()
        .args(["bench", "-s", "dlx", "-q"])
        .arg(&corpus)
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    let rows = read_rows(&out);
    assert_eq!(rows.len(), 1);
    assert_eq!(*rows[0].corpus, *corpus.to_string_lossy());
    let sidecar = dir
        .path()
        .join(std::ffi::OsStr::from_bytes(b"r\xfe.run.toml"));
    let toml = std::fs::read_to_string(sidecar).unwrap();
    assert!(toml.contains("c\u{FFFD}.txt"), "{toml}");
    // A folder holding it reads it too.
    let folder_out = dir.path().join("folder.csv");
    lab()
        .args(["bench", "-s", "dlx", "-q"])
        .arg(dir.path())
        .arg("--out")
        .arg(&folder_out)
        .assert()
        .success();
    assert_eq!(read_rows(&folder_out).len(), 1);
}

/// The write end of a pipe whose reader is gone.
#[cfg(unix)]
fn closed_pipe() -> std::io::PipeWriter {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    writer
}

/// A closed stdout or stderr ends that output quietly: the run (or merge) completes its
/// files.
#[cfg(unix)]
#[test]
fn a_closed_stdout_or_stderr_is_quiet_and_the_files_are_complete() {
    let dir = TempDir::new().unwrap();
    let corpus = write(&dir, "c.txt", &format!("{TOP1}\n{TOP1}\n"));
    for (name, closed_stdout) in [("o.csv", true), ("e.csv", false)] {
        let out = dir.path().join(name);
        let mut cmd = lab_process();
        cmd.args(["bench", "-s", "dlx,norvig"])
            .arg(&corpus)
            .arg("--out")
            .arg(&out);
        let assert = if closed_stdout {
            cmd.stdout(closed_pipe()).assert()
        } else {
            cmd.stderr(closed_pipe()).assert()
        };
        let assert = assert.success();
        if closed_stdout {
            assert.stderr(predicate::str::contains("panicked").not());
        }
        assert_eq!(read_rows(&out).len(), 4);
        assert_eq!(state_in(&out.with_extension("run.toml")), "finished");
    }
    let out = dir.path().join("o.csv");
    for command in ["summary", "plot"] {
        lab_process()
            .arg(command)
            .arg(&out)
            .stdout(closed_pipe())
            .assert()
            .success()
            .stderr(predicate::str::contains("panicked").not());
    }
    assert!(dir.path().join("o.time.svg").exists());
    // A merge printed its summary with print!, which panicked (exit 101) on a closed stdout.
    for k in ["1/2", "2/2"] {
        lab_process()
            .current_dir(dir.path())
            .args(["bench", "-q", "-s", "dlx", "c.txt", "--shard", k, "-o"])
            .arg(format!("s{}.csv", &k[..1]))
            .assert()
            .success();
    }
    lab_process()
        .current_dir(dir.path())
        .args(["merge", "-o", "m.csv", "s1.csv", "s2.csv"])
        .stdout(closed_pipe())
        .assert()
        .success()
        .stderr(predicate::str::contains("panicked").not());
    assert_eq!(read_rows(&dir.path().join("m.csv")).len(), 2);
    assert_eq!(state_in(&dir.path().join("m.run.toml")), "finished");
}

/// A command whose product is what it prints fails, naming stdout, when that cannot be
/// written (a full disk: `/dev/full`), where `compare` panicked (exit 101) and the others
/// ended well (exit 0) with their output lost; `compare --fail-above` too, and what
/// `trace --html` says of the page it wrote.
#[cfg(target_os = "linux")]
#[test]
fn a_command_whose_stdout_cannot_be_written_fails_and_says_so() {
    let dir = TempDir::new().unwrap();
    let corpus = write(&dir, "c.txt", &format!("{TOP1}\n"));
    let out = dir.path().join("o.csv");
    lab()
        .args(["bench", "-q", "-s", "dlx"])
        .arg(&corpus)
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap()
    };
    let o = out.to_str().unwrap();
    let page = dir.path().join("p.html");
    let page = page.to_str().unwrap();
    for args in [
        vec!["summary", o],
        vec!["trace", "-s", "dlx", TOP1, "--html", page],
        vec!["compare", o, o],
        vec!["compare", o, o, "--fail-above", "5"],
        vec!["plot", o],
        vec!["completions", "bash"],
        vec!["man"],
        vec!["man", "bench"],
    ] {
        lab_process()
            .args(&args)
            .stdout(full())
            .assert()
            .code(1)
            .stderr(predicate::str::contains("panicked").not())
            .stderr(predicate::str::ends_with(
                "error: stdout: No space left on device (os error 28)\n",
            ));
    }
}

/// `summary` and `plot` of a run whose sidecar says it did not finish say so.
#[test]
fn reports_of_a_run_that_did_not_finish_say_so() {
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("r.csv");
    lab()
        .args(["bench", "-s", "dlx", "-q"])
        .arg(write(&dir, "c.txt", &format!("{TOP1}\n")))
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    let sidecar: PathBuf = dir.path().join("r.run.toml");
    let finished = std::fs::read_to_string(&sidecar).unwrap();
    for (state, alarm) in [("running", "NOT FINISHED"), ("failed", "FAILED")] {
        let edited = finished.replace("state = \"finished\"", &format!("state = \"{state}\""));
        std::fs::write(&sidecar, edited).unwrap();
        lab()
            .arg("summary")
            .arg(&out)
            .assert()
            .success()
            .stdout(predicate::str::contains(format!("\n{alarm}: ")));
        lab()
            .arg("plot")
            .arg(&out)
            .assert()
            .success()
            .stderr(predicate::str::contains(format!(
                "warning: {}: {alarm}: ",
                out.display()
            )));
        let svg = std::fs::read_to_string(dir.path().join("r.time.svg")).unwrap();
        assert!(svg.contains(&format!("r ({alarm})")), "{state}");
    }
}

/// A sidecar without a key a run writes from its start (empty, made by hand, cut short),
/// or with a state this version does not know, is malformed, named with its line:
/// `summary` and `compare` go on without it, `merge` refuses the shard (exit 1).
#[test]
fn a_sidecar_without_a_key_or_with_an_unknown_state_is_malformed() {
    let dir = TempDir::new().unwrap();
    write(&dir, "c.txt", &format!("{TOP1}\n{TOP1}\n"));
    let run = |args: &[&str]| lab().current_dir(dir.path()).args(args).assert();
    for k in ["1", "2"] {
        let (shard, out) = (format!("{k}/2"), format!("s{k}.csv"));
        run(&[
            "bench", "-s", "dlx", "-q", "c.txt", "--shard", &shard, "-o", &out,
        ])
        .success();
    }
    // The whole run, which compares with a shard (two shards pair no puzzle: an error).
    run(&["bench", "-s", "dlx", "-q", "c.txt", "--out", "w.csv"]).success();
    let sidecar = dir.path().join("s2.run.toml");
    let finished = std::fs::read_to_string(&sidecar).unwrap();
    let without = |key: &str| {
        let kept = finished
            .lines()
            .filter(|l| !l.starts_with(&format!("{key} = ")));
        kept.map(|l| format!("{l}\n")).collect::<String>()
    };
    let cases = [
        (String::new(), "line 1", "missing field `command`"),
        (without("state"), "line 1", "missing field `state`"),
        (without("limit"), "line 1", "missing field `limit`"),
        (without("malformed"), "line ", "missing field `malformed`"),
        (
            finished.replace("state = \"finished\"", "state = \"paused\""),
            "line ",
            "unknown variant `paused`",
        ),
    ];
    let says = |what: &str| predicate::str::contains(what.to_string());
    for (text, line, why) in cases {
        std::fs::write(&sidecar, &text).unwrap();
        let said = format!("s2.run.toml: {line}");
        run(&["summary", "s2.csv"])
            .success()
            .stderr(says(&said).and(says(why)))
            .stderr(says("(the summary goes on without it)"))
            .stdout(says("Wall clock").not());
        // The notes are wrapped at 100 columns: read as one line.
        let compared = run(&["compare", "w.csv", "s2.csv"]).success();
        let out = String::from_utf8_lossy(&compared.get_output().stdout).replace('\n', " ");
        let not_used = "B (s2.csv): sidecar not used: ";
        assert!(out.contains(not_used) && out.contains(why), "{out}");
        run(&["merge", "-o", "m.csv", "s1.csv", "s2.csv"])
            .code(1)
            .stderr(says(&format!("error: {said}")).and(says(why)));
        assert!(!dir.path().join("m.csv").exists(), "{why}");
    }
}

/// A setting a run's sidecar leaves out as not set (`first`) is compared.
#[test]
fn compare_names_a_setting_set_in_one_run_only() {
    let dir = TempDir::new().unwrap();
    write(&dir, "c.txt", &format!("{TOP1}\n{TOP1}\n"));
    let run = |args: &[&str]| lab().current_dir(dir.path()).args(args).assert();
    run(&["bench", "-s", "dlx", "-q", "c.txt", "-o", "a.csv"]).success();
    run(&[
        "bench", "-s", "dlx", "-q", "c.txt", "-n", "1", "-o", "b.csv",
    ])
    .success();
    run(&["compare", "a.csv", "b.csv"])
        .success()
        .stdout(predicate::str::contains(
            "\nThe runs were made with other settings (A vs B): first: (none) vs 1.\n",
        ))
        .stdout(predicate::str::contains("sidecar").not());
}

/// The sidecar of a CSV named by a link is read beside the file the link leads to, and
/// named there: compare named one beside the link (l.run.toml), which is not.
#[cfg(unix)]
#[test]
fn compare_names_the_sidecar_it_read_beside_a_link() {
    let dir = TempDir::new().unwrap();
    write(&dir, "c.txt", &format!("{TOP1}\n"));
    let run = |args: &[&str]| lab().current_dir(dir.path()).args(args).assert();
    run(&["bench", "-s", "dlx", "-q", "c.txt", "-o", "a.csv"]).success();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    std::fs::copy(dir.path().join("a.csv"), dir.path().join("sub/b.csv")).unwrap();
    std::fs::write(dir.path().join("sub/b.run.toml"), "state = \"finished\"\n").unwrap();
    std::os::unix::fs::symlink("sub/b.csv", dir.path().join("l.csv")).unwrap();
    let sidecar = dir.path().canonicalize().unwrap().join("sub/b.run.toml");
    // The notes are wrapped at 100 columns: read as one line.
    let compared = run(&["compare", "a.csv", "l.csv"]).success();
    let out = String::from_utf8_lossy(&compared.get_output().stdout).replace('\n', " ");
    let said = format!(
        "B (l.csv): sidecar not used: {}: line 1: not a sudoku-lab sidecar: missing field",
        sidecar.display()
    );
    assert!(out.contains(&said), "{out}");
}

/// The sidecar of the run `--resume` continues without a key a run writes (here `limit`)
/// is refused as malformed (exit 1), naming it and its line, and nothing is written.
#[test]
fn resume_refuses_a_sidecar_without_a_key() {
    let dir = TempDir::new().unwrap();
    write(&dir, "c.txt", &format!("{TOP1}\n{TOP1}\n"));
    let run = |args: &[&str]| lab().current_dir(dir.path()).args(args).assert();
    run(&["bench", "-s", "dlx", "-q", "c.txt", "-o", "x.csv"]).success();
    let csv = dir.path().join("r.interrupted.csv");
    std::fs::copy(dir.path().join("x.csv"), csv).unwrap();
    let x = std::fs::read_to_string(dir.path().join("x.run.toml")).unwrap();
    let interrupted = x
        .replace("state = \"finished\"", "state = \"interrupted\"")
        .replace("\nlimit = 1\n", "\n");
    std::fs::write(dir.path().join("r.interrupted.run.toml"), interrupted).unwrap();
    run(&[
        "bench", "-s", "dlx", "-q", "c.txt", "-o", "r.csv", "--resume",
    ])
    .code(1)
    .stderr(predicate::str::contains(
        "r.interrupted.run.toml: line 1: not a sudoku-lab sidecar: missing field `limit`",
    ));
    assert!(!dir.path().join("r.csv").exists());
}

#[test]
fn the_same_file_twice_is_two_corpora() {
    let dir = TempDir::new().unwrap();
    let corpus = write(&dir, "c.txt", &format!("{TOP1}\n"));
    let out = dir.path().join("r.csv");
    lab()
        .args(["bench", "-s", "dlx", "-q"])
        .arg(&corpus)
        .arg(&corpus)
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    let rows = read_rows(&out);
    let keys: Vec<(String, u64)> = rows
        .iter()
        .map(|r| (r.corpus.to_string(), r.index))
        .collect();
    let name = corpus.display().to_string();
    assert_eq!(keys, [(name.clone(), 0), (format!("{name} (2)"), 0)]);
}

/// `generate -o link.txt`, a link to another file, names it as typed, with the file it
/// leads to: in a note at its start, as bench does, and in the refusal of a second run
/// while one writes the file; its end names the file written.
#[cfg(unix)]
#[test]
fn generate_through_a_link_names_it_as_typed() {
    let dir = TempDir::new().unwrap();
    std::fs::create_dir(dir.path().join("real")).unwrap();
    std::os::unix::fs::symlink("real/p.txt", dir.path().join("link.txt")).unwrap();
    let file = dir
        .path()
        .canonicalize()
        .unwrap()
        .join("real")
        .join("p.txt");
    let through_link = |count: &str| {
        lab()
            .current_dir(dir.path())
            .args([
                "generate", "--count", count, "--seed", "1", "-o", "link.txt",
            ])
            .output()
            .unwrap()
    };
    let done = through_link("2");
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert!(done.status.success(), "{stderr}");
    let note = format!(
        "note: --out link.txt is a link to {}: that file is written (the link keeps leading \
         to it), and the run's other files go beside it\n",
        file.display()
    );
    let wrote = format!("wrote 2 puzzles to {} (", file.display());
    assert!(stderr.starts_with(&note), "{stderr}");
    assert!(stderr[note.len()..].starts_with(&wrote), "{stderr}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        text.lines().filter(|l| !l.starts_with('#')).count(),
        2,
        "{text}"
    );

    let running = dir.path().join("real").join("p.running.txt");
    let mut first = lab_process()
        .args(["generate", "--count", "1000000", "--seed", "1", "-q", "-o"])
        .arg(&file)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for(&mut first, "puzzles written", || {
        std::fs::metadata(&running).is_ok_and(|m| m.len() > 0)
    });
    let refused = through_link("1");
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(1), "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "error: {}: another sudoku-lab run is writing this output ({} is locked): wait \
             for it to end, or name another output\n",
            file.display(),
            file.with_file_name("p.running.txt").display()
        )
    );
    common::died_of(&terminate(first), libc::SIGTERM);
}

/// `generate -o X.txt`, like a run: interrupted, its puzzles are kept in
/// `X.interrupted.txt` (ending with the line that says where it stopped) and an earlier
/// `X.txt` stays as it was; killed, its file stays as `X.running.txt`, which the next one
/// moves aside to `X.killed.txt`; finished, it replaces `X.txt`. A second one on the same
/// file while one goes is refused.
#[cfg(unix)]
#[test]
fn generate_replaces_its_file_only_when_it_finished() {
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("p.txt");
    let running = dir.path().join("p.running.txt");
    std::fs::write(&out, "earlier\n").unwrap();
    let start = || {
        lab_process()
            .args(["generate", "--count", "1000000", "--seed", "1", "-q", "-o"])
            .arg(&out)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let written = || std::fs::metadata(&running).is_ok_and(|m| m.len() > 0);

    let mut child = start();
    wait_for(&mut child, "puzzles written", written);
    let args = ["generate", "--count", "1", "--seed", "2", "-o"].map(OsStr::new);
    refused_as_busy(&[&args[..], &[out.as_os_str()]].concat(), &out, &running);
    interrupted(
        child,
        "interrupted: stopping the puzzles under way at their next attempt and keeping those \
         made",
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "earlier\n");
    assert!(!running.exists());
    let text = std::fs::read_to_string(dir.path().join("p.interrupted.txt")).unwrap();
    let puzzles = text.lines().filter(|l| !l.starts_with('#')).count();
    assert!(puzzles > 0);
    assert_eq!(
        text.lines().last().unwrap(),
        format!("# interrupted after {puzzles} of 1000000 puzzles")
    );
    // The header says what was asked for, the last line what the file holds.
    let header: Vec<&str> = text.lines().take(2).collect();
    assert!(header[0].starts_with("# sudoku-lab generate --count 1000000 --seed 1 "));
    assert!(
        header[1].starts_with("# 1000000 minimal 9x9 puzzles, each with one solution"),
        "{}",
        header[1]
    );

    let mut child = start();
    wait_for(&mut child, "puzzles written", written);
    child.kill().unwrap();
    child.wait().unwrap();
    let killed = std::fs::read(&running).unwrap();
    lab()
        .args(["generate", "--count", "2", "--seed", "1", "-o"])
        .arg(&out)
        .assert()
        .success()
        .stderr(predicate::str::contains(format!(
            "note: an earlier generate on {} was killed: its puzzles are now in {}",
            out.display(),
            dir.path().join("p.killed.txt").display()
        )));
    assert_eq!(
        std::fs::read(dir.path().join("p.killed.txt")).unwrap(),
        killed
    );
    assert!(!running.exists());
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(text.lines().filter(|l| !l.starts_with('#')).count(), 2);
}

/// A killed `generate -o`'s puzzles moved aside do not replace those of an older killed
/// one: nothing continues a file of puzzles, so the older file is kept, numbered.
#[test]
fn a_killed_generate_moved_aside_keeps_the_older_one() {
    let dir = TempDir::new().unwrap();
    write(&dir, "p.killed.txt", "older puzzles\n");
    write(&dir, "p.running.txt", "newer puzzles\n");
    lab()
        .current_dir(dir.path())
        .args(["generate", "--count", "1", "--seed", "1", "-o", "p.txt"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "note: an earlier generate on p.txt was killed: its puzzles are now in \
             p.killed.txt (those of an older killed generate, which it did not continue, are \
             kept as p.killed.2.txt)",
        ));
    let text = |name: &str| std::fs::read_to_string(dir.path().join(name)).unwrap();
    assert_eq!(text("p.killed.txt"), "newer puzzles\n");
    assert_eq!(text("p.killed.2.txt"), "older puzzles\n");
}

/// A `generate -o` whose writing fails (the file size limit, as a full disk) keeps the
/// whole puzzles that reached the file in `X.failed.txt`, its header saying how many (it
/// said the count asked for), says how many are there, and leaves `X.txt` as it was; with
/// none there (no room even for the header), it removes the file and says so, where it
/// said "the puzzles written before it are in X.failed.txt" of an empty file.
#[cfg(unix)]
#[test]
fn a_generate_that_cannot_write_keeps_what_it_wrote_beside_the_earlier_file() {
    let dir = TempDir::new().unwrap();
    let out = write(&dir, "p.txt", "earlier\n");
    let failed = dir.path().join("p.failed.txt");
    let generate = |limit: u64| {
        let run = lab_with_file_limit(limit)
            .args(["generate", "--count", "1000", "--seed", "1", "-q", "-o"])
            .arg(&out)
            .assert()
            .code(1);
        String::from_utf8_lossy(&run.get_output().stderr).into_owned()
    };
    let cannot = format!(
        "error: cannot write {}: File too large (os error 27)",
        dir.path().join("p.running.txt").display()
    );
    let stderr = generate(4096);
    let kept = std::fs::read_to_string(&failed).unwrap();
    assert_eq!(kept.len(), 4096);
    let told = format!("{cannot} (what reached it is in {})", failed.display());
    assert!(stderr.contains(&told), "{stderr}");
    assert!(!dir.path().join("p.running.txt").exists());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "earlier\n");
    assert!(kept.starts_with("# sudoku-lab generate --count 1000 --seed 1"));
}

/// A `generate -o` that made its count but whose file cannot be made durable (every
/// `fdatasync` fails here, as on a disk that fails to write back) keeps its puzzles as a
/// failed run's, says so and leaves `X.txt` as it was: the file stayed under its running
/// name, as a killed run's, for the next run to move aside.
#[cfg(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]
#[test]
fn a_generate_whose_file_cannot_be_made_durable_keeps_it_as_failed() {
    let dir = TempDir::new().unwrap();
    let out = write(&dir, "p.txt", "earlier\n");
    let (running, failed) = (
        dir.path().join("p.running.txt"),
        dir.path().join("p.failed.txt"),
    );
    let run = common::lab_with_failing_sync()
        .args(["generate", "--count", "3", "--seed", "1", "-q", "-o"])
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "error: {}: cannot write: Input/output error (os error 5)\n",
            running.display(),
        )
    );
    // Left under its running name, as a killed run's.
    assert!(!failed.exists());
    let text = std::fs::read_to_string(&running).unwrap();
    assert_eq!(text.lines().filter(|l| !l.starts_with('#')).count(), 3);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "earlier\n");
}

/// `trace -o` and `trace --html` do not stop cleanly: an interrupt ends them at once (they
/// die of it), as a kill does: the unfinished file stays under its running name, and the
/// next trace on the name moves it aside (`note: an earlier trace on tr.txt was killed`).
/// An earlier file of the name stays as it was.
#[cfg(unix)]
#[test]
fn an_interrupted_trace_leaves_no_running_file() {
    let dir = TempDir::new().unwrap();
    // 9 in the last column and 1 to 8 in the last row: naive, in reading order, meets the
    // contradiction in the last cell only, and searches without end.
    let endless = format!("........9{}12345678.", ".".repeat(63));
    for (flag, name) in [("-o", "tr.txt"), ("--html", "tr.html")] {
        let out = write(&dir, name, "earlier\n");
        let running = out.with_extension(format!("running.{}", &name[3..]));
        let mut child = lab_process()
            .current_dir(dir.path())
            .args(["trace", "-s", "naive", "--max-nodes", "1000000000000"])
            .args(["--max-events", "1000", flag, name, &endless])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The page is written at the end, the text trace as it goes.
        wait_for(&mut child, "the trace under way", || {
            std::fs::metadata(&running).is_ok_and(|m| flag == "--html" || m.len() > 0)
        });
        let output = common::signal(child, &[libc::SIGINT]);
        common::died_of(&output, libc::SIGINT);
        assert!(running.exists(), "{flag}: left as a killed trace's");
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "earlier\n");
        lab()
            .current_dir(dir.path())
            .args(["trace", "-s", "dlx", flag, name, TOP1])
            .assert()
            .success();
        // The page is written at its end: an empty running file is removed, a text trace
        // moved aside.
        assert!(!running.exists(), "{flag}: moved aside");
        let _ = std::fs::remove_file(dir.path().join(format!("tr.killed.{}", &name[3..])));
        std::fs::remove_file(&out).unwrap();
    }
}

/// An interrupt ends `trace -o` and `generate -o` (the second one) whose output is a named
/// pipe no one reads, whose opening blocks: the handler waited for the opening to end, as
/// it waits for the command to tell it what it writes, and the command could be ended by
/// SIGKILL alone (SIGINT and SIGTERM were caught and waited too).
#[cfg(target_os = "linux")]
#[test]
fn an_interrupt_ends_a_command_whose_output_is_a_pipe_no_one_reads() {
    use std::os::unix::fs::FileTypeExt;
    let dir = TempDir::new().unwrap();
    let fifo = sudoku_testkit::mkfifo(dir.path(), "pipe.txt");
    let runs: [(&[&str], bool); 2] = [
        (&["trace", "-s", "dlx", "-o", "pipe.txt", TOP1], false),
        (
            &[
                "generate", "--count", "2", "--seed", "1", "-q", "-o", "pipe.txt",
            ],
            true,
        ),
    ];
    for (args, twice) in runs {
        let mut child = lab_process()
            .current_dir(dir.path())
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Linux's name for where a process waits on a named pipe's other end.
        let wchan = format!("/proc/{}/wchan", child.id());
        wait_for(&mut child, "the opening of the pipe", || {
            std::fs::read_to_string(&wchan).is_ok_and(|w| w == "wait_for_partner")
        });
        let output = match twice {
            true => common::interrupt_twice(child),
            false => common::signal(child, &[libc::SIGINT]),
        };
        use std::os::unix::process::ExitStatusExt;
        let died = output.status.signal();
        assert!(
            matches!(died, Some(libc::SIGINT | libc::SIGTERM)),
            "{args:?}: {died:?}"
        );
    }
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
}

/// A first interrupt stops `generate`'s puzzles under way at their next attempt, even for a
/// rare target (17 givens, which almost no attempt reaches, under `--max-attempts` of a
/// billion: days): the run ends as an interrupted run, its file named so, without a
/// second interrupt.
#[cfg(unix)]
#[test]
fn a_first_interrupt_stops_generate_at_its_next_attempt() {
    let dir = TempDir::new().unwrap();
    let running = dir.path().join("p.running.txt");
    let mut child = lab_process()
        .current_dir(dir.path())
        .args(["generate", "--count", "3", "--seed", "1", "-q", "-j", "1"])
        .args([
            "--givens",
            "17..17",
            "--max-attempts",
            "1000000000",
            "-o",
            "p.txt",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for(&mut child, "the file opened", || running.exists());
    let output = common::signal(child, &[libc::SIGTERM]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    common::died_of(&output, libc::SIGTERM);
    assert!(
        stderr.contains("wrote 0 puzzles to p.interrupted.txt"),
        "{stderr}"
    );
    let text = std::fs::read_to_string(dir.path().join("p.interrupted.txt")).unwrap();
    assert!(
        text.ends_with("# interrupted after 0 of 3 puzzles\n"),
        "{text}"
    );
    assert!(!running.exists());
}

/// The rows a run wrote are counted in words, `1 row` and `2 rows`, in what it wrote and
/// where a failed run's rows are.
#[test]
fn one_row_is_one_row() {
    let dir = TempDir::new().unwrap();
    let two = write(&dir, "two.txt", &format!("{TOP1}\n{TOP1}\n"));
    let out = dir.path().join("r.csv");
    for (first, said) in [("1", "(1 row), "), ("2", "(2 rows), ")] {
        lab()
            .args(["bench", "--progress-every", "0", "-s", "dlx", "-n", first])
            .arg(&two)
            .arg("--out")
            .arg(&out)
            .assert()
            .success()
            .stderr(predicate::str::contains(format!(
                "wrote {} {said}",
                out.display()
            )));
    }
    let bad = write(
        &dir,
        "bad.txt",
        &format!("{TOP1}\n{TOP1}\n{}\n", &TOP1[..80]),
    );
    lab()
        .args(["bench", "-q", "-s", "dlx", "--strict"])
        .arg(&bad)
        .arg("--out")
        .arg(&out)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!(
            "stopped: the 2 rows completed before the error are in {} ({} is as it was)",
            dir.path().join("r.failed.csv").display(),
            out.display()
        )));
}
