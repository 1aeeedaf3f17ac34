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
    let failed = disk.path().join("r.failed.csv");
    let puzzles = whole_puzzles_of_two(&failed);
    let summary = disk.path().join("r.failed.summary.md");
    let wrote = format!("wrote {} ({} rows)", failed.display(), 2 * puzzles);
    if summary.exists() {
        let text = std::fs::read_to_string(&summary).unwrap();
        assert!(text.contains(&format!("| norvig | {puzzles} |")), "{text}");
        assert!(
            stderr.contains(&format!("{wrote}, {}", summary.display())),
            "{stderr}"
        );
    } else {
        let without = format!("{wrote} and {}, without a summary", sidecar_path(&failed));
        assert!(stderr.contains(&without), "{stderr}");
    }
    // Continued elsewhere (this disk has no room for more).
    let elsewhere = dir.path().join("r.csv");
    for name in ["r.failed.csv", "r.failed.run.toml"] {
        std::fs::copy(disk.path().join(name), dir.path().join(name)).unwrap();
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
    assert_eq!(sidecar_of(&elsewhere).resumed_puzzles, puzzles);
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

/// The sidecar's name beside `csv`, as messages show it.
fn sidecar_path(csv: &Path) -> String {
    sudoku_reports::RunFiles::beside(csv)
        .sidecar
        .display()
        .to_string()
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

/// A run on `out/x.csv` in `dir` (its puzzles from stdin) whose output folder is removed
/// once the first row is in its running CSV: the run, the folder, the running CSV.
fn folder_removed_after_one_row(dir: &TempDir) -> (Child, PathBuf, PathBuf) {
    let folder = dir.path().join("out");
    let (child, _, running) = run_after_one_row(&folder);
    std::fs::remove_dir_all(&folder).unwrap();
    (child, folder, running)
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

/// Waits for `child` to end by itself (failing the test after [`common::HANG`]): its
/// output. Its stdin, if piped, stays open until then.
fn ended_by_itself(child: Child) -> std::process::Output {
    common::ended(child, "the run did not end by itself")
}

/// What a run says of its CSV `running` gone with its folder `folder`, `rows` rows in it.
fn gone_with_its_folder(running: &Path, folder: &Path, rows: u64) -> String {
    format!(
        "{}: removed or moved while the run went (its folder {} too): the {} written to it \
{} not there, and no sidecar or summary was written beside them",
        running.display(),
        folder.display(),
        if rows == 1 {
            "1 row".to_string()
        } else {
            format!("{rows} rows")
        },
        if rows == 1 { "is" } else { "are" }
    )
}

/// An output folder removed after the run's first row, while the run waits for more on a
/// stdin that stays open: the run notices it on its own (it looks on its progress tick),
/// stops as an interrupt would stop it, and fails (exit 1), the error said once, the
/// summary it prints saying FAILED with that error, not that it came after its last row;
/// the folder is not made again. It waited for its input without end, and said that its
/// CSV was gone only once its input ended.
#[cfg(unix)]
#[test]
fn a_run_whose_output_folder_is_removed_stops_by_itself_and_fails() {
    let dir = TempDir::new().unwrap();
    let (child, folder, running) = folder_removed_after_one_row(&dir);
    let output = ended_by_itself(child);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    let gone = gone_with_its_folder(&running, &folder, 1);
    let told = format!(
        "FAILED: an error stopped the run; these are the rows written before it.\nThe error \
that stopped it: {gone}\n"
    );
    assert!(stdout.ends_with(&told), "{stdout}");
    assert!(!stdout.contains("after its last row"), "{stdout}");
    assert_eq!(stderr, format!("error: {gone}\n"));
    assert!(!folder.exists(), "the folder made again");
}

/// An output folder removed while an interrupted run still waits for the solve under way
/// (its solver holds it until told to end, then crashes: a row): the run says that its CSV
/// is gone and how many rows went with it, does not make the folder again for a sidecar
/// or a summary of rows that are not there, and dies of the interrupt. The folder is
/// removed after the interrupt, so that the run cannot have stopped by itself before it
/// (see [`a_run_whose_output_folder_is_removed_stops_by_itself_and_fails`]): it was
/// removed first, then the run interrupted, a race since the run looks for its CSV.
#[cfg(unix)]
#[test]
fn an_output_folder_removed_while_the_run_goes_is_said_and_not_made_again() {
    let dir = TempDir::new().unwrap();
    let folder = dir.path().join("out");
    let (mut child, stderr) = held_run(&dir, &folder.join("r.csv"));
    let sent = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    // The handler has set the flag once it says so.
    wait_for(&mut child, "the interrupt seen", || {
        std::fs::read_to_string(&stderr).is_ok_and(|t| t.contains("interrupted: finishing"))
    });
    std::fs::remove_dir_all(&folder).unwrap();
    std::fs::write(dir.path().join("go"), "").unwrap();
    let output = ended_by_itself(child);
    common::died_of(&output, libc::SIGTERM);
    let stderr = std::fs::read_to_string(&stderr).unwrap();
    let running = folder.join("r.running.csv");
    let said = format!("error: {}\n", gone_with_its_folder(&running, &folder, 1));
    assert!(stderr.ends_with(&said), "{stderr}");
    assert!(!stderr.contains("holds every row"), "{stderr}");
    assert!(!folder.exists(), "the folder made again");
}

/// The running CSV alone removed, and the run finishing: an error (exit 1) that says so,
/// and no file under the names asked for.
#[cfg(unix)]
#[test]
fn a_running_csv_removed_while_the_run_goes_is_said_and_nothing_is_renamed() {
    let dir = TempDir::new().unwrap();
    let (mut child, _, running) = run_after_one_row(dir.path());
    std::fs::remove_file(&running).unwrap();
    drop(child.stdin.take());
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    let said = format!(
        "error: {}: removed or moved while the run went: the 1 row written to it is not \
there, and no sidecar or summary was written beside them\n",
        running.display()
    );
    assert!(stderr.ends_with(&said), "{stderr}");
    assert!(!stderr.contains("wrote"), "{stderr}");
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    // The sidecar of the run's start, which says it is running, and tells of no row.
    assert_eq!(names, ["x.running.run.toml"]);
}

/// A `cmd:` solver (a shell script in `dir`) that answers the question every new child is
/// asked, then, given a puzzle, makes the file `started` in `dir` and answers no more: the
/// run waits for it (up to its `--timeout`) until it is interrupted twice, the first
/// interrupt waiting for the solve under way. Its input closed (the run gone), it exits.
fn stalled_solver(dir: &TempDir) -> String {
    write(
        dir,
        "stall.sh",
        "read first; echo \"$first\"\nread puzzle; : > started; read never\n",
    );
    "cmd:sh stall.sh".into()
}

/// `bench` of `corpus` into `out` with a solver that stalls (see [`stalled_solver`]),
/// spawned in `dir`, once its puzzle is under way.
fn stalled_run(dir: &TempDir, out: &Path) -> Child {
    run_under_way(dir, out, &stalled_solver(dir), Stdio::piped())
}

/// `bench` into `out`, spawned in `dir`, with a solver (a shell script in `dir`) that,
/// given its puzzle, makes `started` in `dir` and holds it until a file `go` is there, then
/// exits without an answer (the row says `crashed`), once its puzzle is under way; its
/// stderr goes to a file, returned, that can be read while it runs.
fn held_run(dir: &TempDir, out: &Path) -> (Child, PathBuf) {
    write(
        dir,
        "held.sh",
        "read first; echo \"$first\"\nread puzzle; : > started\n\
         while [ ! -e go ]; do sleep 0.02; done\n",
    );
    let stderr = dir.path().join("stderr.txt");
    let file = std::fs::File::create(&stderr).unwrap();
    let child = run_under_way(dir, out, "cmd:sh held.sh", file.into());
    (child, stderr)
}

/// `bench` of a corpus of one puzzle into `out` with `solver`, on one thread, spawned in
/// `dir`, its stderr to `stderr`, once `solver` made the file `started` in `dir`.
fn run_under_way(dir: &TempDir, out: &Path, solver: &str, stderr: Stdio) -> Child {
    let started = dir.path().join("started");
    let _ = std::fs::remove_file(&started);
    let corpus = write(dir, "c.txt", &format!("{TOP1}\n"));
    let mut child = common::lab_process()
        .env_remove("RUST_LOG")
        .env_remove("NO_COLOR")
        .current_dir(dir.path())
        .args(["bench", "-j", "1", "-q", "--timeout", "600", "-s", solver])
        .arg(&corpus)
        .arg("-o")
        .arg(out)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .unwrap();
    wait_for(&mut child, "the puzzle under way", || started.exists());
    child
}

/// A second interrupt exits at once, saying where the rows written so far are: in the
/// running CSV, its sidecar beside it, when they are there; it said so also of a CSV
/// removed, or moved, its folder with it, while the run went. It now says that the file
/// is no longer there.
#[cfg(unix)]
#[test]
fn a_second_interrupt_says_where_the_rows_are_as_they_are() {
    let dir = TempDir::new().unwrap();
    let folder = dir.path().join("out");
    let running = folder.join("r.running.csv");
    let again = |remove: &dyn Fn(), says: &str| {
        let child = stalled_run(&dir, &folder.join("r.csv"));
        remove();
        let output = common::signal(child, &["-INT", "-TERM"]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        common::died_of(&output, libc::SIGTERM);
        let said = format!("interrupted again: exiting now{says}\n");
        assert!(stderr.ends_with(&said), "{stderr}");
    };
    again(
        &|| {},
        &format!(
            " (the rows written so far stay in {}, its sidecar saying running)",
            running.display()
        ),
    );
    assert_eq!(read_rows(&running), []);
    let sidecar = sidecar_of(&running);
    assert_eq!(sidecar.state, State::Running);
    let gone = |why: &str| {
        format!(
            "; {}, where the rows went, was removed or moved while the run went{why}: the \
             rows written to it are not there",
            running.display()
        )
    };
    again(
        &|| std::fs::remove_dir_all(&folder).unwrap(),
        &gone(&format!(" (its folder {} too)", folder.display())),
    );
    assert!(!folder.exists(), "the folder made again");
    again(&|| std::fs::remove_file(&running).unwrap(), &gone(""));
    again(
        &|| std::fs::remove_file(sidecar_path(&running)).unwrap(),
        &format!(
            " (the rows written so far stay in {}, without the sidecar the run wrote beside \
             it, removed meanwhile)",
            running.display()
        ),
    );
}

/// A CSV that cannot be renamed into place at the end (a folder took its final name while
/// the run went) stays under its running name with its sidecar beside it, and no summary
/// under the names of rows that are not there; the messages say so, and the sidecar says
/// that the run failed, with the error the run printed, so that `summary` of the CSV says
/// what the run said (it said `finished`).
#[cfg(unix)]
#[test]
fn a_csv_that_cannot_be_put_in_place_keeps_its_sidecar_beside_it() {
    let dir = TempDir::new().unwrap();
    let (mut child, out, running) = run_after_one_row(dir.path());
    std::fs::create_dir(&out).unwrap();
    std::fs::write(out.join("in the way"), "").unwrap();
    drop(child.stdin.take());
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    let sidecar = dir.path().join("x.running.run.toml");
    let wrote = format!(
        "wrote {} (1 row) and {}, without a summary",
        running.display(),
        sidecar.display()
    );
    assert!(stderr.contains(&wrote), "{stderr}");
    assert!(stderr.contains("cannot rename to"), "{stderr}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("FAILED: an error stopped the run")
            && stdout.contains("as its files were put in place: ")
            && stdout.contains("cannot rename to"),
        "{stdout}"
    );
    assert!(!dir.path().join("x.run.toml").exists());
    assert!(!dir.path().join("x.summary.md").exists());
    let told = sidecar_of(&running);
    assert_eq!((told.state, told.rows), (State::Failed.into(), 1));
    assert_eq!(told.csv, running.display().to_string());
    let error = told.error.expect("the error");
    assert!(
        error.starts_with("after its last row, as its files were put in place: ")
            && stdout.contains(&error),
        "{error}"
    );
    let again = lab().arg("summary").arg(&running).output().unwrap();
    let again = String::from_utf8_lossy(&again.stdout);
    assert!(
        again.contains("FAILED: an error stopped the run") && again.contains(&error),
        "{again}"
    );
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
        "error: the run finished, but its summary file could not be written: {}: cannot write: a folder is in the way
",
        md.display()
    );
    assert!(stderr.ends_with(&said), "{stderr}");
    let told = sidecar_of(&out);
    assert_eq!((told.state, told.rows), (State::Finished.into(), 1));
    let again = lab().arg("summary").arg(&out).output().unwrap();
    assert_eq!(again.status.code(), Some(0));
    let again = String::from_utf8_lossy(&again.stdout);
    assert!(!again.contains("FAILED"), "{again}");
    assert_eq!(read_rows(&out).len(), 1);
}

/// `--out` a link to nothing yet whose path goes into a folder that is not there and back
/// out of it (`../s3/missing/../y.csv`) is refused, naming the link and the folder, and
/// nothing is made: the run made the folder `missing` (empty, named by no one but the
/// link's `..`) and wrote `s3/y.csv`.
#[cfg(unix)]
#[test]
fn an_output_link_through_a_missing_folder_and_back_is_refused() {
    let dir = TempDir::new().unwrap();
    let corpus = write(&dir, "c.txt", &format!("{TOP1}\n"));
    let (s3, w) = (dir.path().join("s3"), dir.path().join("w"));
    std::fs::create_dir(&s3).unwrap();
    std::fs::create_dir(&w).unwrap();
    std::os::unix::fs::symlink("../s3/nofolder2/../y.csv", w.join("c.csv")).unwrap();
    let said = "error: c.csv: cannot create: it is a link to ../s3/nofolder2/../y.csv, through \
../s3/nofolder2, a folder that is not there, and back out of it (..): the link leads to no \
file, and would lead to one only once that folder is made; make it, or name another output\n";
    let run = lab()
        .current_dir(&w)
        .args(["bench", "-s", "dlx", "-q", "-o", "c.csv"])
        .arg(&corpus)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr, said);
    assert_eq!(std::fs::read_dir(&s3).unwrap().count(), 0, "s3 holds files");
    assert_eq!(std::fs::read_dir(&w).unwrap().count(), 1, "w holds files");
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
    // Refused naming the link as typed, with the file, as generate and trace name theirs
    // (bench and merge named the file alone, a name the command line does not hold).
    let busy = format!(
        "error: {}, a link to {}: another sudoku-lab run is writing this output ({} is \
         locked)",
        b.display(),
        dir.path().canonicalize().unwrap().join("a.csv").display(),
        dir.path().join("a.running.csv").display()
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

/// A second interrupt after the run's files were put in place, while it says how it ended
/// (its stdout full: a reader that does not read), names the CSV where its rows are now:
/// it said that the running CSV, renamed by then, was removed or moved, its rows not there.
#[cfg(unix)]
#[test]
fn a_second_interrupt_after_the_files_are_in_place_names_them_there() {
    use std::io::Read;
    use std::os::unix::net::UnixStream;
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("x.csv");
    let (mut reader, mut full) = UnixStream::pair().unwrap();
    full.set_nonblocking(true).unwrap();
    let chunk = [b'.'; 4096];
    while full.write(&chunk).is_ok() {}
    full.set_nonblocking(false).unwrap();
    let mut child = common::lab_process()
        .env_remove("RUST_LOG")
        .env_remove("NO_COLOR")
        .args(["bench", "-s", "dlx", "-j", "1", "-q", "-", "-o"])
        .arg(&out)
        .stdin(Stdio::piped())
        .stdout(std::os::fd::OwnedFd::from(full))
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let running = dir.path().join("x.running.csv");
    one_row(&mut child, &running);
    let placed = dir.path().join("x.interrupted.csv");
    let interrupt = |signal: &str| {
        let sent = std::process::Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
    };
    interrupt("-INT");
    wait_for(&mut child, "the files in place", || placed.exists());
    let output = common::signal(child, &["-TERM"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    common::died_of(&output, libc::SIGTERM);
    let said = format!(
        "interrupted again: exiting now (the run had ended: its rows are in {})\n",
        placed.display()
    );
    assert!(stderr.ends_with(&said), "{stderr}");
    assert_eq!(read_rows(&placed).len(), 1);
    let mut rest = Vec::new();
    reader.read_to_end(&mut rest).unwrap();
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
    assert_eq!(String::from_utf8_lossy(&output.stderr), "interrupted\n");
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
    assert!(!dir.path().join("r.csv").exists(), "a second run");
}
