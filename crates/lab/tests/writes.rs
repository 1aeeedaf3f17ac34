//! A run's writing under faults, end to end: a disk that fills (the file size limit, and a
//! real full file system where the tests may mount one), an output folder removed while
//! the run goes (and what a second interrupt says of it), an output named by a link, a
//! run interrupted in a shell loop (the loop stops), a signal ignored from the start (kept
//! ignored).
//!
//! Every check is of what the files and messages say, never of a time; the bounds are
//! liveness bounds (a run that never ends fails the test after many seconds).

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};

#[cfg(unix)]
use common::terminate;
use common::{lab, read_rows, wait_for, write, TOP1};
use sudoku_reports::{Sidecar, State};
use tempfile::TempDir;

/// Puzzles in the corpus of the full-disk tests: far more than their files hold.
const PUZZLES: usize = 3000;

/// A corpus of [`PUZZLES`] puzzles (TOP1 over and over, which norvig solves at once).
fn many_puzzles(dir: &TempDir) -> PathBuf {
    write(dir, "c.txt", &format!("{TOP1}\n").repeat(PUZZLES))
}

/// The sidecar beside `csv`, which must be there.
fn sidecar_of(csv: &Path) -> Sidecar {
    Sidecar::read_beside(csv).unwrap().expect("a sidecar")
}

/// Runs `bench` (`lab`, a runner command with what it needs: a file size limit, say) of
/// `solvers` on `corpus` into `out`, with `extra` arguments, and checks that a full disk
/// stopped it: exit 1, `error` said. Its output, and its stderr as text.
fn run_on_a_full_disk(
    mut lab: assert_cmd::Command,
    (solvers, extra): (&str, &[&str]),
    (corpus, out): (&Path, &Path),
    error: &str,
) -> (std::process::Output, String) {
    let run = lab
        .args(["bench", "-s", solvers, "-q"])
        .args(extra)
        .arg(corpus)
        .arg("-o")
        .arg(out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(error), "{stderr}");
    (run, stderr)
}

/// A run stopped by a full disk: its sidecar and its summary count the puzzles whose rows
/// are in its CSV, not those solved after them whose rows never reached it, so that the
/// summary printed at its end is the one `summary` makes of the file.
#[cfg(unix)]
#[test]
fn a_run_stopped_by_a_full_disk_counts_the_puzzles_in_its_csv() {
    let dir = TempDir::new().unwrap();
    let corpus = many_puzzles(&dir);
    let out = dir.path().join("r.csv");
    let (run, _) = run_on_a_full_disk(
        common::lab_with_file_limit(128 * 1024),
        ("norvig", &["-j", "1", "--wide"]),
        (&corpus, &out),
        "File too large",
    );
    let failed = dir.path().join("r.failed.csv");
    let rows = read_rows(&failed).len() as u64;
    assert!(
        rows < PUZZLES as u64,
        "the limit stopped the run: {rows} rows"
    );
    let sidecar = sidecar_of(&failed);
    assert_eq!(sidecar.state, State::Failed);
    // One solver: a row per puzzle.
    assert_eq!((sidecar.rows, sidecar.puzzles), (rows, rows));
    assert_eq!(sidecar.corpus.len(), 1);
    assert_eq!(sidecar.corpus[0].puzzles, rows);
    let again = lab()
        .args(["summary", "--wide"])
        .arg(&failed)
        .output()
        .unwrap();
    assert!(again.status.success());
    assert_eq!(
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&again.stdout),
        "the summary printed at the end is the file's"
    );
    let markdown = std::fs::read_to_string(dir.path().join("r.failed.summary.md")).unwrap();
    let line = markdown.lines().find(|l| l.contains("| norvig |"));
    // No line at all when no row reached the file.
    let counted = format!("| norvig | {rows} | {rows} |");
    assert!(
        line.is_none_or(|l| l.contains(&counted)),
        "{line:?}, {rows} rows"
    );
}

/// Checks that the CSV at `csv` holds whole puzzles of two rows each (norvig's and
/// dlx's), as many as its sidecar says; their count.
fn whole_puzzles_of_two(csv: &Path) -> u64 {
    let rows = read_rows(csv);
    assert_eq!(rows.len() % 2, 0, "a puzzle cut in two");
    for pair in rows.chunks(2) {
        assert_eq!(pair[0].index, pair[1].index, "a puzzle cut in two");
        assert_eq!((&*pair[0].solver, &*pair[1].solver), ("norvig", "dlx"));
    }
    let sidecar = sidecar_of(csv);
    assert_eq!(sidecar.state, State::Failed);
    let puzzles = rows.len() as u64 / 2;
    assert_eq!((sidecar.rows, sidecar.puzzles), (2 * puzzles, puzzles));
    puzzles
}

/// The bytes of the last puzzle's rows in the CSV at `csv` (two lines).
fn last_puzzle_bytes(csv: &Path) -> u64 {
    let text = std::fs::read_to_string(csv).unwrap();
    text.lines().rev().take(2).map(|l| l.len() as u64 + 1).sum()
}

/// A write that fails part of the way keeps the whole puzzles that fit: with room for
/// less than a chunk of them, the file holds as many as fit (the old cut back to the last
/// whole chunk kept none), each with all its rows, as many as its sidecar says.
#[cfg(unix)]
#[test]
fn a_full_disk_keeps_every_whole_puzzle_that_fits() {
    let dir = TempDir::new().unwrap();
    let corpus = many_puzzles(&dir);
    let out = dir.path().join("r.csv");
    let limit = 32 * 1024;
    let (_, stderr) = run_on_a_full_disk(
        common::lab_with_file_limit(limit),
        ("norvig,dlx", &["-j", "1"]),
        (&corpus, &out),
        "File too large",
    );
    let failed = dir.path().join("r.failed.csv");
    let puzzles = whole_puzzles_of_two(&failed);
    assert!(puzzles > 0, "no puzzle kept: {stderr}");
    // The next puzzle did not fit: there is less room left than a puzzle takes (twice the
    // last one's, whatever the digits of its times).
    let len = std::fs::metadata(&failed).unwrap().len();
    assert!(len <= limit, "{len}");
    assert!(
        limit - len < 2 * last_puzzle_bytes(&failed),
        "{len} of {limit}"
    );
}

/// A file system of its own (tmpfs) of a given size, mounted on a temporary folder and
/// unmounted when dropped: a disk that fills, as a real one does.
struct SmallDisk {
    dir: TempDir,
}

impl SmallDisk {
    /// Mounts one of `size` (`1M`), or says why it cannot (not root, no `mount`, a
    /// container without the right to mount) and gives `None`: the test is then skipped.
    fn mount(size: &str) -> Option<SmallDisk> {
        let dir = TempDir::new().unwrap();
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .output();
        match mounted {
            Ok(out) if out.status.success() => Some(SmallDisk { dir }),
            Ok(out) => {
                let why = String::from_utf8_lossy(&out.stderr);
                eprintln!(
                    "skipped: cannot mount a tmpfs ({}): run as root",
                    why.trim()
                );
                None
            }
            Err(e) => {
                eprintln!("skipped: cannot run mount ({e})");
                None
            }
        }
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg(self.dir.path())
            .status();
    }
}

/// On a real disk that fills (a 1 MiB tmpfs), the run keeps the whole puzzles that fit,
/// and its sidecar (written over the one of its start when there is no room for another)
/// says how many; the summary is there when it found room, and the messages say which.
/// A `--resume` continues the rows kept, their last puzzle included.
#[cfg(unix)]
#[test]
fn a_full_file_system_keeps_whole_puzzles_a_sidecar_and_resumes() {
    let Some(disk) = SmallDisk::mount("1M") else {
        return;
    };
    let dir = TempDir::new().unwrap();
    let corpus = many_puzzles(&dir);
    let out = disk.path().join("r.csv");
    let (_, stderr) = run_on_a_full_disk(
        lab(),
        ("norvig,dlx", &["-j", "1"]),
        (&corpus, &out),
        "No space left on device",
    );
    // A disk with no room for the sidecar at the end: the files keep their running names,
    // as a killed run's, and the rows in them are whole.
    let failed = disk.path().join("r.failed.csv");
    let (kept, tag) = if failed.exists() {
        (failed.clone(), "failed")
    } else {
        (disk.path().join("r.running.csv"), "running")
    };
    let rows = read_rows(&kept);
    assert!(rows
        .chunks(2)
        .all(|p| p.len() == 2 && p[0].index == p[1].index));
    let puzzles = rows.len() as u64 / 2;
    if tag == "failed" {
        assert_eq!(whole_puzzles_of_two(&failed), puzzles);
        assert!(stderr.contains(&format!(
            "wrote {} ({} rows)",
            failed.display(),
            2 * puzzles
        )));
    }
    // Continued elsewhere (this disk has no room for more).
    let elsewhere = dir.path().join("r.csv");
    for ext in ["csv", "run.toml"] {
        let name = format!("r.{tag}.{ext}");
        std::fs::copy(disk.path().join(&name), dir.path().join(&name)).unwrap();
    }
    lab()
        .args(["bench", "-s", "norvig,dlx", "-j", "1", "-q", "--resume"])
        .arg(&corpus)
        .arg("-o")
        .arg(&elsewhere)
        .assert()
        .success();
    let rows = read_rows(&elsewhere);
    assert_eq!(rows.len(), 2 * PUZZLES);
    let indexes: Vec<u64> = rows.iter().step_by(2).map(|r| r.index).collect();
    assert_eq!(indexes, (0..PUZZLES as u64).collect::<Vec<_>>());
    let resumed = sidecar_of(&elsewhere).resumed_puzzles;
    // A killed run's last puzzle is solved again (the kill may have cut it).
    assert!(
        resumed == puzzles || (tag == "running" && resumed + 1 == puzzles),
        "{resumed}"
    );
}

/// A run on a disk already full cannot write its CSV's header: it fails (exit 1) and
/// leaves nothing there, where it left an empty `r.running.csv` (its lock file).
#[cfg(unix)]
#[test]
fn a_run_on_a_full_file_system_leaves_no_file() {
    let Some(disk) = SmallDisk::mount("64k") else {
        return;
    };
    let filler = disk.path().join("filler");
    let mut file = std::fs::File::create(&filler).unwrap();
    let block = vec![b'x'; 4096];
    while file.write_all(&block).is_ok() {}
    drop(file);
    let dir = TempDir::new().unwrap();
    let corpus = write(&dir, "c.txt", &format!("{TOP1}\n"));
    run_on_a_full_disk(
        lab(),
        ("dlx", &[]),
        (&corpus, &disk.path().join("r.csv")),
        "No space left on device",
    );
    let left: Vec<_> = std::fs::read_dir(disk.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, ["filler"]);
}

/// `bench` of the puzzles written to its stdin (dlx, one thread) into `out`, spawned.
fn bench_from_stdin(out: &Path) -> Child {
    common::lab_process()
        .env_remove("RUST_LOG")
        .env_remove("NO_COLOR")
        .args(["bench", "-s", "dlx", "-j", "1", "-q", "-", "-o"])
        .arg(out)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Gives the run `child` a puzzle and waits until its row is in `running` (the run goes
/// on, waiting for more).
fn one_row(child: &mut Child, running: &Path) {
    writeln!(child.stdin.as_mut().unwrap(), "{TOP1}").unwrap();
    let lines = || std::fs::read_to_string(running).map_or(0, |t| t.lines().count());
    wait_for(child, "the row in the file", || lines() == 2);
}

/// A run on `x.csv` in `folder` (its puzzles from stdin) once the first row is in its
/// running CSV: the run, its output, the running CSV.
fn run_after_one_row(folder: &Path) -> (Child, PathBuf, PathBuf) {
    let out = folder.join("x.csv");
    let mut child = bench_from_stdin(&out);
    let running = folder.join("x.running.csv");
    one_row(&mut child, &running);
    (child, out, running)
}

/// A run whose summary file alone cannot be written (a folder took its name while the run
/// went) finished: its CSV and sidecar are in place, the sidecar saying `finished`; the
/// summary it prints says so, as `summary` of its CSV does, and the error says that only
/// the summary file is missing (exit 1). It printed FAILED, beside a sidecar saying
/// finished.
#[cfg(unix)]
#[test]
fn a_run_whose_summary_file_cannot_be_written_finished_and_says_so() {
    let dir = TempDir::new().unwrap();
    let (mut child, out, _) = run_after_one_row(dir.path());
    let md = dir.path().join("x.summary.md");
    std::fs::create_dir(&md).unwrap();
    drop(child.stdin.take());
    let output = child.wait_with_output().unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(!stdout.contains("FAILED"), "{stdout}");
    let wrote = format!(
        "wrote {} (1 row) and {}, without a summary (see the error below; `sudoku-lab summary {}` prints it again)
",
        out.display(),
        dir.path().join("x.run.toml").display(),
        out.display()
    );
    assert!(stderr.contains(&wrote), "{stderr}");
    let said = format!(
        "error: {}: cannot create: a folder is in the way
",
        md.display()
    );
    assert!(stderr.ends_with(&said), "{stderr}");
    let told = sidecar_of(&out);
    assert_eq!((told.state, told.rows), (State::Finished, 1));
    let again = lab().arg("summary").arg(&out).output().unwrap();
    assert_eq!(again.status.code(), Some(0));
    let again = String::from_utf8_lossy(&again.stdout);
    assert!(!again.contains("FAILED"), "{again}");
    assert_eq!(read_rows(&out).len(), 1);
}

/// A run whose output folder is removed while it goes goes on, and fails at its end, as
/// its CSV cannot be renamed (exit 1, the rename named). Its sidecar, written again in the
/// folder the end recreates, keeps its running name and says how the run ended and the
/// rows it wrote (the book's "The staged output"), not `running`.
#[cfg(unix)]
#[test]
fn a_run_whose_output_folder_was_removed_fails_at_its_end() {
    let dir = TempDir::new().unwrap();
    let folder = dir.path().join("out");
    let (mut child, out, running) = run_after_one_row(&folder);
    std::fs::remove_dir_all(&folder).unwrap();
    drop(child.stdin.take());
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    let said = format!("{}: cannot rename to {}", running.display(), out.display());
    assert!(stderr.contains(&said), "{stderr}");
    assert!(!out.exists() && !running.exists());
    let left = sidecar_of(&running);
    assert_eq!((left.state, left.rows), (State::Finished, 1));
}

/// `--out` given as a link to a run's output is that output: a second run on it while the
/// first one goes is refused (the lock is the file's, whatever its name), and a run on the
/// link writes the file it leads to, its sidecar and summary beside that file, the link
/// kept (not replaced by a file of its own); `summary` of the link finds the sidecar.
#[cfg(unix)]
#[test]
fn an_output_named_by_a_link_is_the_file_it_leads_to() {
    let dir = TempDir::new().unwrap();
    let corpus = write(&dir, "c.txt", &format!("{TOP1}\n{TOP1}\n"));
    let (a, b) = (dir.path().join("a.csv"), dir.path().join("b.csv"));
    std::os::unix::fs::symlink("a.csv", &b).unwrap();
    let on_link = |command: &mut assert_cmd::Command| {
        command
            .args(["bench", "-s", "dlx", "-q"])
            .arg(&corpus)
            .arg("-o")
            .arg(&b)
            .output()
            .unwrap()
    };
    // A shard of the corpus, for a merge by the link.
    let shard = dir.path().join("s.csv");
    let made = lab()
        .args(["bench", "-s", "dlx", "-q", "--shard", "1/1", "-o"])
        .arg(&shard)
        .arg(&corpus)
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    let mut first = bench_from_stdin(&a);
    one_row(&mut first, &dir.path().join("a.running.csv"));
    // Refused naming the file the link leads to.
    let real = dir.path().canonicalize().unwrap();
    let busy = format!(
        "error: {}: another sudoku-lab run is writing this output ({} is locked)",
        real.join("a.csv").display(),
        real.join("a.running.csv").display()
    );
    let refused = on_link(&mut lab());
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(&busy), "{stderr}");
    let merge = lab()
        .args(["merge", "-q", "-o"])
        .arg(&b)
        .arg(&shard)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&merge.stderr);
    assert_eq!(merge.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(&busy), "{stderr}");
    common::died_of(&terminate(first), libc::SIGTERM);

    let run = on_link(&mut lab());
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    let note = format!(
        "note: --out {} is a link to {}: that file is written",
        b.display(),
        a.canonicalize().unwrap().display()
    );
    assert!(stderr.contains(&note), "{stderr}");
    assert!(std::fs::symlink_metadata(&b).unwrap().is_symlink());
    assert_eq!(std::fs::read_link(&b).unwrap(), Path::new("a.csv"));
    assert_eq!(read_rows(&a).len(), 2);
    assert_eq!(sidecar_of(&a).state, State::Finished);
    assert!(!dir.path().join("b.run.toml").exists());
    assert!(!dir.path().join("b.summary.md").exists());
    assert_eq!(sidecar_of(&b).rows, 2, "the sidecar read through the link");
}

/// Every file a command writes takes the mode any program's file takes, 0666 less the
/// umask (0644 under the usual 022), as the builds before the staged output wrote them: a
/// temporary file's 0600 hid a run's results from the other users of a shared machine.
#[cfg(unix)]
#[test]
fn written_files_take_the_umask_not_a_temporary_files_mode() {
    use std::os::unix::fs::PermissionsExt;
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let umask = status
        .lines()
        .find_map(|l| l.strip_prefix("Umask:"))
        .unwrap();
    let mode = 0o666 & !u32::from_str_radix(umask.trim(), 8).unwrap();
    let dir = TempDir::new().unwrap();
    let corpus = write(&dir, "c.txt", &format!("{TOP1}\n"));
    let out = |name: &str| dir.path().join(name);
    let commands: [(&[&str], &str); 4] = [
        (&["bench", "-s", "dlx", "-q", "-o"], "b.csv"),
        (&["trace", "-s", "dlx", "-o"], "t.txt"),
        (&["grade", "-q", "-o"], "g.csv"),
        (&["trace", "-s", "dlx", "--html"], "p.html"),
    ];
    for (args, name) in commands {
        let run = lab()
            .args(args)
            .arg(out(name))
            .arg(&corpus)
            .output()
            .unwrap();
        assert!(run.status.success(), "{run:?}");
    }
    let made = lab()
        .args(["generate", "-n", "1", "--seed", "1", "-q", "-o"])
        .arg(out("p.txt"))
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    for name in [
        "b.csv",
        "b.summary.md",
        "b.run.toml",
        "t.txt",
        "g.csv",
        "p.html",
        "p.txt",
    ] {
        let got = std::fs::metadata(out(name)).unwrap().permissions().mode() & 0o777;
        assert_eq!(
            got, mode,
            "{name}: {got:o}, where the umask {umask} gives {mode:o}"
        );
    }
}

/// A run started with SIGHUP or SIGINT ignored (`nohup`; a script's background job, `trap ''
/// INT`) goes on through it, as POSIX tools do: the handler took it for an interrupt, and a
/// run under `nohup` stopped when its terminal closed. The ignored signal is sent, then
/// SIGTERM: the run stops once, cleanly, by SIGTERM (should both wait for the handler at
/// once, it is given the lower number first: the old code took the ignored one for the
/// first interrupt and SIGTERM for a second, 'interrupted again: exiting now').
#[cfg(unix)]
#[test]
fn a_signal_ignored_from_the_start_stays_ignored() {
    use std::os::unix::process::CommandExt;
    for ignored in [libc::SIGHUP, libc::SIGINT] {
        let dir = TempDir::new().unwrap();
        let out = dir.path().join("x.csv");
        let mut cmd = common::lab_process();
        cmd.env_remove("RUST_LOG")
            .env_remove("NO_COLOR")
            .args(["bench", "-s", "dlx", "-j", "1", "-q", "-", "-o"])
            .arg(&out)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // SAFETY: `signal` is async-signal-safe, as the child's code before `exec` must be.
        unsafe {
            cmd.pre_exec(move || {
                libc::signal(ignored, libc::SIG_IGN);
                Ok(())
            });
        }
        let mut child = cmd.spawn().unwrap();
        one_row(&mut child, &dir.path().join("x.running.csv"));
        let pid = libc::pid_t::try_from(child.id()).unwrap();
        // SAFETY: `kill` takes plain numbers.
        assert_eq!(unsafe { libc::kill(pid, ignored) }, 0);
        let output = terminate(child);
        common::died_of(&output, libc::SIGTERM);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(
            stderr.matches("interrupted: finishing").count(),
            1,
            "{stderr}"
        );
        assert!(!stderr.contains("interrupted again"), "{stderr}");
        assert_eq!(read_rows(&dir.path().join("x.interrupted.csv")).len(), 1);
    }
}

/// A Ctrl-C in a shell loop of `solve`s stops the loop: `solve` does not stop cleanly, so
/// the interrupt ends it at once, and it dies of it, as the shell waits to see before it
/// stops too ("wait and cooperative exit"). It exited with status 130, and the loop went
/// on to the next solve. The first solve never ends by itself: naive, in reading order,
/// meets the contradiction of this puzzle in its last cell only; the next ones (dlx) end
/// at once.
#[cfg(unix)]
#[test]
fn a_ctrl_c_stops_a_shell_loop_of_solves() {
    let dir = TempDir::new().unwrap();
    let endless = format!("........9{}12345678.", ".".repeat(63));
    let (mut job, stdout) = common::shell_job(
        dir.path(),
        r#"for s in naive dlx dlx; do "$0" solve -s "$s" --max-nodes 1000000000000 "$1"; echo next; done"#,
        &[&endless],
    );
    // `solve` prints the puzzle before it solves it.
    wait_for(&mut job, "the first solve under way", || {
        std::fs::read_to_string(&stdout).is_ok_and(|t| t.contains('\n'))
    });
    let output = common::signal_group(job, libc::SIGINT);
    common::died_of(&output, libc::SIGINT);
    // `solve` does not watch for interrupts: the signal's default ends it, silently.
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    let said = std::fs::read_to_string(&stdout).unwrap();
    assert_eq!(said.matches(&endless).count(), 1, "{said}");
    assert!(!said.lines().any(|l| l == "next"), "{said}");
}

/// A Ctrl-C in a shell loop of `bench`es ends the run under way cleanly (its rows kept as
/// `X.interrupted.*`), then stops the loop: the run dies of the interrupt after its
/// cleanup. It exited with status 130, and the loop went on to the next run (here on a
/// file, made at once).
#[cfg(unix)]
#[test]
fn a_ctrl_c_ends_a_bench_cleanly_and_stops_its_shell_loop() {
    let dir = TempDir::new().unwrap();
    let corpus = write(&dir, "c.txt", &format!("{TOP1}\n"));
    let (mut job, stdout) = common::shell_job(
        dir.path(),
        r#"for c in - "$1"; do "$0" bench -q -s dlx -j 1 "$c" -o r.csv; echo next; done"#,
        &[corpus.to_str().unwrap()],
    );
    one_row(&mut job, &dir.path().join("r.running.csv"));
    let output = common::signal_group(job, libc::SIGINT);
    common::died_of(&output, libc::SIGINT);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let kept = "interrupted: r.interrupted.csv holds every row completed before the interrupt";
    assert!(stderr.contains(kept), "{stderr}");
    assert_eq!(read_rows(&dir.path().join("r.interrupted.csv")).len(), 1);
    assert_eq!(
        sidecar_of(&dir.path().join("r.interrupted.csv")).state,
        State::Interrupted
    );
    assert!(dir.path().join("r.interrupted.summary.md").exists());
    let said = std::fs::read_to_string(&stdout).unwrap();
    assert!(!said.lines().any(|l| l == "next"), "{said}");
    // `-q` hides the summary of a run that finished only (its --help, the book's "bench").
    assert!(said.contains("INTERRUPTED: the sidecar says"), "{said}");
    assert!(!dir.path().join("r.csv").exists(), "a second run");
}
