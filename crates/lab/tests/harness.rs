//! The benchmark harness end to end: isomorphs, warm-up and pinning, `cmd:` solvers,
//! shards (by hand, from Slurm or Kubernetes, through GNU parallel), `merge`, `--resume`,
//! `compare` and the plot of two runs. Small corpora, release mode; no timing asserted.

mod common;

use std::path::{Path, PathBuf};

use common::{lab, read_rows, usage_error, write, TOP1};
use sudoku_reports::Sidecar;
use sudoku_results::{Row, Status};
use tempfile::TempDir;

/// Twelve puzzles: Norvig's easy50's first twelve (quick for every solver, Python too).
fn easy(dir: &TempDir) -> PathBuf {
    let text = std::fs::read_to_string(corpus("norvig_sudoku-easy50.txt")).unwrap();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(12)
        .collect();
    write(dir, "easy12.txt", &(lines.join("\n") + "\n"))
}

fn corpus(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpora")
        .join(name)
}

fn fixture(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
        .display()
        .to_string()
}

/// What must be equal between two runs of the same puzzles: all but the times.
fn counters(rows: &[Row]) -> Vec<String> {
    rows.iter()
        .map(|r| {
            format!(
                "{} {} {} {} {} {} {} {} {} {:?}",
                file_name(&r.corpus),
                r.index,
                r.line,
                r.solver,
                r.status,
                r.solutions,
                r.nodes,
                r.backtracks,
                r.puzzle,
                r.original
            )
        })
        .collect()
}

fn file_name(path: &str) -> String {
    Path::new(path)
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into()
}

/// The usage line of `merge`, as its usage errors give it.
const MERGE: &str = "merge [OPTIONS] --out <FILE.csv> <SHARD.csv>...";

/// A writer of the named pipe at `path` that holds it (opened read-write, which waits for
/// no reader): a shard read from it waits for what it writes, as one whose writer is slow
/// does. A pipe no program writes is refused at once.
#[cfg(unix)]
fn held(path: &Path) -> std::fs::File {
    std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(path)
        .unwrap()
}

fn sidecar(csv: &Path) -> Sidecar {
    Sidecar::read_beside(csv).unwrap().unwrap()
}

/// `bench` in `dir` with `args`, asserting its exit status; its stderr.
fn bench(dir: &TempDir, args: &[&str], status: i32) -> String {
    let out = lab()
        .current_dir(dir.path())
        .arg("bench")
        .arg("-q")
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(status), "{args:?}: {stderr}");
    stderr
}

/// A command in `dir`, its exit status asserted; (stdout, stderr).
fn run(dir: &TempDir, args: &[&str], status: i32) -> (String, String) {
    let out = lab().current_dir(dir.path()).args(args).output().unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(
        out.status.code(),
        Some(status),
        "{args:?}: {stdout}{stderr}"
    );
    (stdout, stderr)
}

#[test]
fn permute_solves_the_same_isomorph_for_any_thread_count_and_keeps_the_original() {
    let dir = tempfile::tempdir().unwrap();
    let c = easy(&dir).display().to_string();
    for (threads, out) in [("1", "a.csv"), ("2", "b.csv")] {
        let args = [
            "-s",
            "naive,dlx",
            "--permute",
            "7",
            "-j",
            threads,
            "-o",
            out,
        ];
        bench(&dir, &[&[c.as_str()][..], &args].concat(), 0);
    }
    bench(
        &dir,
        &[&c, "-s", "naive,dlx", "--permute", "8", "-o", "c.csv"],
        0,
    );
    bench(&dir, &[&c, "-s", "naive,dlx", "-o", "plain.csv"], 0);
    let a = read_rows(&dir.path().join("a.csv"));
    let plain = read_rows(&dir.path().join("plain.csv"));
    assert_eq!(a.len(), 24);
    assert_eq!(
        counters(&a),
        counters(&read_rows(&dir.path().join("b.csv")))
    );
    let other = read_rows(&dir.path().join("c.csv"));
    assert_ne!(
        a.iter().map(|r| r.puzzle.clone()).collect::<Vec<_>>(),
        other.iter().map(|r| r.puzzle.clone()).collect::<Vec<_>>()
    );
    for (r, p) in a.iter().zip(&plain) {
        assert_eq!((r.index, r.line, &r.solver), (p.index, p.line, &p.solver));
        assert_eq!(r.status, Status::Solved, "{r:?}");
        assert_eq!(
            r.original.as_deref().map(|t| t.as_str()),
            Some(&*p.puzzle),
            "the corpus's puzzle kept"
        );
        assert_ne!(r.puzzle, p.puzzle, "an isomorph solved");
        let givens = |t: &str| t.chars().filter(|c| c.is_ascii_digit()).count();
        assert_eq!(givens(&r.puzzle), givens(&p.puzzle));
    }
    assert!(plain.iter().all(|r| r.original.is_none()));
    assert_eq!(sidecar(&dir.path().join("a.csv")).permute, Some(7));
}

#[test]
fn the_warmup_is_not_part_of_the_runs_time() {
    let dir = tempfile::tempdir().unwrap();
    let c = easy(&dir).display().to_string();
    for threads in ["1", "2"] {
        let args = [
            &c, "-s", "dlx", "-j", threads, "--warmup", "2", "-o", "w.csv",
        ];
        let (out, _) = run(&dir, &[&["bench"][..], &args].concat(), 0);
        let s = sidecar(&dir.path().join("w.csv"));
        // Twelve easy puzzles take milliseconds, after two seconds of warm-up.
        assert!(s.seconds < 2.0, "-j {threads}: {} s", s.seconds);
        // The summary's wall clock, as `(12 puzzles in 2.6 ms, ...`.
        let took = out
            .split("puzzles in ")
            .nth(1)
            .and_then(|t| t.split(',').next());
        let seconds = match took.and_then(|t| t.split_once(' ')) {
            Some((n, "s")) => n.parse::<f64>().unwrap(),
            Some((n, "ms")) => n.parse::<f64>().unwrap() / 1e3,
            Some((n, "µs")) => n.parse::<f64>().unwrap() / 1e6,
            _ => panic!("-j {threads}: no wall clock in {out}"),
        };
        assert!(seconds < 2.0, "-j {threads}: {out}");
    }
}

#[test]
fn warmup_and_pin_are_recorded_and_change_no_count() {
    let dir = tempfile::tempdir().unwrap();
    let c = easy(&dir).display().to_string();
    bench(&dir, &[&c, "-s", "dlx", "-o", "plain.csv"], 0);
    bench(
        &dir,
        &[
            &c,
            "-s",
            "dlx",
            "--warmup",
            "50ms",
            "--pin",
            "0",
            "-o",
            "pinned.csv",
        ],
        0,
    );
    let plain = read_rows(&dir.path().join("plain.csv"));
    let pinned = read_rows(&dir.path().join("pinned.csv"));
    assert_eq!(counters(&plain), counters(&pinned));
    let s = sidecar(&dir.path().join("pinned.csv"));
    assert_eq!((s.pin, s.warmup, s.threads), (vec![0], Some(0.05), 1));
    assert!(!s.cpu.is_empty());
    // `auto`, the default: pinned when there is a worker on every core, and only then.
    let here = sudoku_engine::cores();
    let all = here.len().max(2).to_string();
    let on_every_core = if here.len() >= 2 { here } else { Vec::new() };
    for (args, pin) in [
        (vec!["-j", "1"], Vec::new()),
        (vec!["-j", all.as_str()], on_every_core),
        (vec!["-j", all.as_str(), "--pin", "none"], Vec::new()),
    ] {
        let mut line = vec![c.as_str(), "-s", "dlx", "-o", "auto.csv"];
        line.extend(&args);
        bench(&dir, &line, 0);
        assert_eq!(sidecar(&dir.path().join("auto.csv")).pin, pin, "{args:?}");
    }
    let err = bench(&dir, &[&c, "--pin", "99999", "-o", "x.csv"], 2);
    assert!(err.contains("--pin: no core 99999 here"), "{err}");
    let err = bench(&dir, &[&c, "--pin", "0", "-j", "2", "-o", "x.csv"], 2);
    assert!(
        err.contains("-j 2: --pin gives 1 core to pin 2 threads to"),
        "{err}"
    );
    let err = bench(&dir, &[&c, "--warmup", "soon", "-o", "x.csv"], 2);
    assert!(err.contains("expected seconds"), "{err}");
    // A duration an instant cannot reach is refused as the same number of seconds is.
    for option in ["--warmup", "--timeout"] {
        for long in ["584542046090y", "1e10"] {
            let err = bench(&dir, &[&c, option, long, "-o", "x.csv"], 2);
            assert!(err.contains("expected a time under 1000000000 s"), "{err}");
        }
    }
}

#[test]
fn a_python_solver_sits_in_the_same_csv_and_misbehaviour_gets_a_status() {
    let dir = tempfile::tempdir().unwrap();
    let c = easy(&dir).display().to_string();
    let solvers = format!(
        "dlx,cmd:python3 {},cmd:liar=python3 {} wrong 4,cmd:crash=python3 {} crash 4,\
         cmd:stall=python3 {} stall 4",
        fixture("solver.py"),
        fixture("misbehave.py"),
        fixture("misbehave.py"),
        fixture("misbehave.py")
    );
    let err = bench(
        &dir,
        &[
            &c,
            "-s",
            &solvers,
            "--timeout",
            "3",
            "-j",
            "2",
            "-o",
            "r.csv",
        ],
        3,
    );
    assert!(err.contains("liar"), "the wrong answers are told: {err}");
    let rows = read_rows(&dir.path().join("r.csv"));
    assert_eq!(rows.len(), 12 * 5);
    let of = |name: &str| -> Vec<&Row> { rows.iter().filter(|r| &*r.solver == name).collect() };
    assert!(of("solver")
        .iter()
        .all(|r| r.status == Status::Solved && r.nodes >= 1));
    // Puzzles whose line starts with 4 are the ones each misbehaving child spoils.
    for (name, spoiled) in [
        ("liar", Status::Wrong),
        ("crash", Status::Crashed),
        ("stall", Status::Timeout),
    ] {
        for r in of(name) {
            let want = if r.original.as_deref().unwrap_or(&r.puzzle).starts_with('4') {
                &spoiled
            } else {
                &Status::Solved
            };
            assert_eq!(&r.status, want, "{name}: {r:?}");
        }
    }
    let s = sidecar(&dir.path().join("r.csv"));
    assert_eq!(s.timeout, Some(3.0));
    assert_eq!(
        s.solver[1].command.as_deref(),
        Some(&*format!("python3 {}", fixture("solver.py")))
    );
    let (out, _) = run(&dir, &["summary", "r.csv"], 3);
    assert!(out.contains("solver") && out.contains("liar"), "{out}");
    let err = bench(&dir, &[&c, "-s", "cmd:dlx=python3 x.py", "-o", "x.csv"], 2);
    assert!(err.contains("cmd: solver name \"dlx\" is taken"), "{err}");
    let err = bench(&dir, &[&c, "-s", "cmd:python3 'open", "-o", "x.csv"], 2);
    assert!(err.contains("unclosed quote"), "{err}");
    let err = bench(&dir, &[&c, "-s", "cmd:/no/such/solver", "-o", "x.csv"], 1);
    assert!(err.contains("/no/such/solver"), "{err}");
}

/// A wrong answer is told twice, as the book's bad-input table shows: on stderr as it comes, with what the
/// check found; after the summary, listed without it (the CSV does not keep it, and
/// `summary` lists the rows alike). `cat` answers each puzzle with the puzzle itself.
#[test]
fn a_wrong_answer_is_told_with_its_reason_then_listed() {
    let dir = tempfile::tempdir().unwrap();
    write(&dir, "one.txt", &format!("{TOP1}\n"));
    let (out, err) = run(
        &dir,
        &[
            "bench",
            "--progress-every",
            "0",
            "one.txt",
            "-s",
            "cmd:cat",
            "-o",
            "r.csv",
        ],
        3,
    );
    assert!(
        err.starts_with(&format!(
            "WRONG: one.txt:1 (index 0) cat: the solution {TOP1} does not solve the puzzle: \
             cell r1c2 is empty\n"
        )),
        "{err}"
    );
    let listed = "WRONG: 1 solution failed its check:\n- one.txt:1 (index 0) cat\n";
    assert!(out.ends_with(listed), "{out}");
    let (out, _) = run(&dir, &["summary", "r.csv"], 3);
    assert!(out.contains(listed), "{out}");
}

#[test]
fn a_command_that_cannot_start_is_named_as_the_user_wrote_it() {
    let dir = tempfile::tempdir().unwrap();
    let c = easy(&dir).display().to_string();
    let solvers = "dlx,cmd:mine=/no/such/solver --fast";
    let err = bench(&dir, &[&c, "-s", solvers, "-o", "x.csv"], 1);
    assert!(
        err.starts_with(
            "error: cmd:mine=/no/such/solver --fast: cannot start \"/no/such/solver\": No such \
             file or directory"
        ),
        "{err}"
    );
    assert!(!dir.path().join("x.csv").exists());
}

/// Runs the two corpora in `n` shards as `s{k}.csv` and whole as `one.csv`.
fn shards_and_one(dir: &TempDir, n: u64) -> Vec<String> {
    let c = easy(dir).display().to_string();
    let hard = corpus("norvig_sudoku-top95.txt").display().to_string();
    let common = [c.as_str(), &hard, "-s", "dlx,norvig", "--first", "12"];
    bench(dir, &[&common[..], &["-o", "one.csv"]].concat(), 0);
    (1..=n)
        .map(|k| {
            let (shard, out) = (format!("{k}/{n}"), format!("s{k}.csv"));
            bench(
                dir,
                &[&common[..], &["--shard", &shard, "-o", &out]].concat(),
                0,
            );
            out
        })
        .collect()
}

#[test]
fn a_shard_that_gets_no_puzzle_finishes_and_merges() {
    let dir = tempfile::tempdir().unwrap();
    let c = easy(&dir).display().to_string();
    let common = [c.as_str(), "-s", "dlx", "--first", "2"];
    bench(&dir, &[&common[..], &["-o", "one.csv"]].concat(), 0);
    // Two puzzles in three shards: one shard reads both and solves neither.
    let shards: Vec<String> = (1..=3)
        .map(|k| {
            let (shard, out) = (format!("{k}/3"), format!("s{k}.csv"));
            bench(
                &dir,
                &[&common[..], &["--shard", &shard, "-o", &out]].concat(),
                0,
            );
            out
        })
        .collect();
    let empty = shards
        .iter()
        .filter(|s| read_rows(&dir.path().join(s)).is_empty())
        .count();
    assert_eq!(empty, 1, "{shards:?}");
    let args = [
        &["merge", "-o", "m.csv"][..],
        &shards.iter().map(String::as_str).collect::<Vec<_>>(),
    ]
    .concat();
    run(&dir, &args, 0);
    assert_eq!(
        counters(&read_rows(&dir.path().join("m.csv"))),
        counters(&read_rows(&dir.path().join("one.csv")))
    );
}

#[test]
fn shards_share_the_puzzles_and_merge_into_the_single_run() {
    let dir = tempfile::tempdir().unwrap();
    let shards = shards_and_one(&dir, 3);
    let one = read_rows(&dir.path().join("one.csv"));
    let mut sizes = Vec::new();
    for s in &shards {
        let rows = read_rows(&dir.path().join(s));
        sizes.push(rows.len());
        assert!(rows
            .windows(2)
            .all(|w| (&w[0].corpus, w[0].index) <= (&w[1].corpus, w[1].index)
                || w[0].corpus != w[1].corpus));
    }
    assert_eq!(sizes.iter().sum::<usize>(), one.len(), "{sizes:?}");
    assert!(
        sizes.iter().all(|&n| (14..=18).contains(&n)),
        "even shares: {sizes:?}"
    );
    // Merged in any order, the shards are the single run, row for row.
    let (out, _) = run(
        &dir,
        &["merge", "-o", "m.csv", &shards[2], &shards[0], &shards[1]],
        0,
    );
    assert!(out.contains("dlx"), "{out}");
    assert_eq!(
        counters(&read_rows(&dir.path().join("m.csv"))),
        counters(&one)
    );
    let m = sidecar(&dir.path().join("m.csv"));
    assert_eq!((m.shard, m.puzzles, m.rows), (None, 24, 48));
    assert_eq!(merged_from(&m), ["1/3 s1.csv", "2/3 s2.csv", "3/3 s3.csv"]);
    assert_eq!(
        m.corpus.iter().map(|c| c.puzzles).collect::<Vec<_>>(),
        [12, 12]
    );
    assert!(dir.path().join("m.summary.md").exists());
}

/// Shards run on different machines (a cluster) merge, and the merged sidecar claims no
/// shard's CPU for the others: each model once, in the shards' order, and a note, in the
/// summary too, naming each shard's; its date is the earliest shard's start. It copied
/// the first shard's CPU and date.
#[test]
fn shards_of_different_machines_merge_with_each_cpu_and_the_earliest_start() {
    let dir = tempfile::tempdir().unwrap();
    let c = easy(&dir).display().to_string();
    for k in 1..=3 {
        let (shard, out) = (format!("{k}/3"), format!("s{k}.csv"));
        bench(&dir, &[&c, "-s", "dlx", "--shard", &shard, "-o", &out], 0);
    }
    // Shards of one machine: its CPU, no note.
    run(
        &dir,
        &["merge", "-o", "one.csv", "s1.csv", "s2.csv", "s3.csv"],
        0,
    );
    let one = sidecar(&dir.path().join("one.csv"));
    assert_eq!(one.cpu, sidecar(&dir.path().join("s1.csv")).cpu);
    assert!(
        !one.notes.iter().any(|n| n.starts_with("CPU")),
        "{:?}",
        one.notes
    );

    let xeon = "Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz";
    for (k, cpu, date) in [
        (1, "AMD EPYC 7B13", "2026-01-02T10:00:00Z"),
        (2, xeon, "2026-01-01T23:00:00Z"),
        (3, "AMD EPYC 7B13", "2026-01-02T09:00:00Z"),
    ] {
        let path = dir.path().join(format!("s{k}.run.toml"));
        let text = std::fs::read_to_string(&path).unwrap();
        let edited: Vec<String> = text
            .lines()
            .map(|l| match l.split_once(" = ") {
                Some(("cpu", _)) => format!("cpu = \"{cpu}\""),
                Some(("date", _)) => format!("date = \"{date}\""),
                _ => l.to_string(),
            })
            .collect();
        std::fs::write(&path, edited.join("\n") + "\n").unwrap();
    }
    run(
        &dir,
        &["merge", "-o", "m.csv", "s3.csv", "s1.csv", "s2.csv"],
        0,
    );
    let m = sidecar(&dir.path().join("m.csv"));
    assert_eq!(m.cpu, format!("AMD EPYC 7B13; {xeon}"));
    assert_eq!(m.date, "2026-01-01T23:00:00Z");
    let note = format!(
        "CPU: the shards ran on different CPUs (1/3 on AMD EPYC 7B13; 2/3 on {xeon}; 3/3 on \
         AMD EPYC 7B13)."
    );
    assert!(m.notes.contains(&note), "{:?}", m.notes);
    let summary = std::fs::read_to_string(dir.path().join("m.summary.md")).unwrap();
    assert!(summary.contains(&note), "{summary}");
}

#[test]
fn merge_refuses_gaps_overlaps_other_runs_and_foreign_files() {
    let dir = tempfile::tempdir().unwrap();
    let s = shards_and_one(&dir, 2);
    let refused = |args: &[&str], says: &str| {
        let (_, err) = run(&dir, &[&["merge", "-o", "m.csv"], args].concat(), 1);
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!dir.path().join("m.csv").exists(), "nothing written");
    };
    refused(
        &[&s[0]],
        "a merge needs each of the 2 shares once, where the shards are 1/2 (s1.csv)",
    );
    // One file named twice holds its share twice: the same refusal as two files of one
    // share (exit 1).
    refused(
        &[&s[0], &s[1], "./s2.csv"],
        "the shards are 1/2 (s1.csv), 2/2 (s2.csv), 2/2 (./s2.csv)",
    );
    for ext in ["csv", "run.toml"] {
        let from = dir.path().join(format!("s2.{ext}"));
        std::fs::copy(from, dir.path().join(format!("copy.{ext}"))).unwrap();
    }
    refused(
        &[&s[0], &s[1], "copy.csv"],
        "the shards are 1/2 (s1.csv), 2/2 (s2.csv), 2/2 (copy.csv)",
    );
    refused(
        &["one.csv", &s[1]],
        "one.csv: not a shard (its sidecar gives no shard K/N of a run)",
    );
    refused(&[&s[0], "nothing.csv"], "nothing.csv: no sidecar beside it");
    let c = easy(&dir).display().to_string();
    bench(
        &dir,
        &[&c, "-s", "dlx", "--shard", "2/2", "-o", "other.csv"],
        0,
    );
    refused(
        &[&s[0], "other.csv"],
        "s1.csv and other.csv are not shards of one run",
    );
    refused(
        &[&s[0], "other.csv"],
        "solver: dlx (20000000 nodes), norvig",
    );
    bench(
        &dir,
        &[&c, "-s", "dlx,norvig", "--shard", "2/3", "-o", "three.csv"],
        0,
    );
    refused(&[&s[0], "three.csv"], "shard count: 2 vs 3");
    // The output one of the shards: a usage error (exit 2), as bench's output that is one
    // of its corpora is (it exited 1).
    let (_, err) = run(&dir, &["merge", "-o", &s[0], &s[0], &s[1]], 2);
    assert!(
        err.contains("error: --out s1.csv may write s1.csv, a file of the shard s1.csv: choose another --out\n"),
        "{err}"
    );
    // Through a link, the refusal names the link as given, then the shard it leads to, and
    // no note says first that the shard is written: it named the shard alone, after that
    // note.
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("s1.csv", dir.path().join("lk.csv")).unwrap();
        let (_, err) = run(&dir, &["merge", "-o", "lk.csv", &s[0], &s[1]], 2);
        let target = std::fs::canonicalize(dir.path().join("s1.csv")).unwrap();
        let says = format!(
            "--out lk.csv, a link to {t}, may write {t}, a file of the shard s1.csv: choose \
             another --out",
            t = target.display()
        );
        assert!(err.contains(&says), "{err}");
        assert!(!err.contains("note:"), "{err}");
        std::fs::remove_file(dir.path().join("lk.csv")).unwrap();
    }
    // A shard under one of the names the output takes while it is written or if it fails.
    for ext in ["csv", "run.toml"] {
        let from = dir.path().join(format!("s1.{ext}"));
        std::fs::copy(from, dir.path().join(format!("m.failed.{ext}"))).unwrap();
    }
    let (_, err) = run(&dir, &["merge", "-o", "m.csv", "m.failed.csv", &s[1]], 2);
    assert!(
        err.contains(
            "error: --out m.csv may write m.failed.csv, a file of the shard m.failed.csv: \
             choose another --out\n"
        ),
        "{err}"
    );
    // A shard with a row lost since it was written, or one added: its sidecar tells.
    let s2 = dir.path().join("s2.csv");
    let whole = std::fs::read_to_string(&s2).unwrap();
    let rows = whole.lines().count() - 1;
    let last = whole.trim_end().rsplit_once('\n').unwrap().1;
    let cut = whole.strip_suffix(&format!("{last}\n")).unwrap();
    // Named by the puzzle whose rows are not one per solver; by the count when a whole
    // puzzle's rows are gone.
    let hard_name = corpus("norvig_sudoku-top95.txt").display().to_string();
    let (second_last, _) = cut.trim_end().rsplit_once('\n').unwrap();
    for (text, says) in [
        (
            cut.to_string(),
            "s2.csv: puzzle 11 of ".to_string()
                + &hard_name
                + " (line 12): its rows are of solvers [dlx], where the run's are [dlx, norvig]",
        ),
        (
            format!("{whole}{last}\n"),
            "its rows are of solvers [dlx, norvig, norvig], where".into(),
        ),
        (
            format!("{second_last}\n"),
            format!("s2.csv: {}", common::said::not_as_written(rows - 2, rows)),
        ),
    ] {
        std::fs::write(&s2, text).unwrap();
        refused(&[&s[0], &s[1]], &says);
    }
    std::fs::write(&s2, &whole).unwrap();
    let unfinished = std::fs::read_to_string(dir.path().join("s2.run.toml"))
        .unwrap()
        .replace("state = \"finished\"", "state = \"interrupted\"");
    std::fs::write(dir.path().join("s2.run.toml"), unfinished).unwrap();
    refused(
        &[&s[0], &s[1]],
        "s2.csv: not a finished shard: the sidecar says",
    );
}

/// An `--out` one of whose files (its CSV, summary or sidecar, under the name given or
/// those of a merge going or ended) is a file of a shard (the shard, its summary, its
/// sidecar, under the names of a run of it going or ended) is refused as a usage error,
/// naming `--out` as typed and the shard's file, and nothing is written: `-o
/// s1.running.csv` would put the merge where a run of shard 1 writes (a later `bench -o
/// s1.csv` would take it for a killed run of it), and `-o s1.txt` its summary and sidecar
/// over shard 1's.
#[test]
fn merge_refuses_an_out_whose_files_are_a_shards() {
    let dir = tempfile::tempdir().unwrap();
    let c = easy(&dir).display().to_string();
    for k in ["1/2", "2/2"] {
        let out = format!("s{}.csv", &k[..1]);
        bench(&dir, &[&c, "-s", "dlx", "--shard", k, "-o", &out], 0);
    }
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    let listing = || {
        let mut names: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_file())
            .map(|p| {
                (
                    file_name(&p.display().to_string()),
                    std::fs::read(&p).unwrap(),
                )
            })
            .collect();
        names.sort();
        names
    };
    let before = listing();
    // Each name a merge on `out` may write that is a file of a shard: which, and whose.
    for (out, says) in [
        (
            "s1.running.csv",
            "s1.running.csv, a file of the shard s1.csv",
        ),
        (
            "sub/../s1.running.csv",
            "sub/../s1.running.csv, a file of the shard s1.csv",
        ),
        (
            "s1.interrupted.csv",
            "s1.interrupted.csv, a file of the shard s1.csv",
        ),
        ("s1.failed.csv", "s1.failed.csv, a file of the shard s1.csv"),
        ("s1.killed.csv", "s1.killed.csv, a file of the shard s1.csv"),
        ("s1.txt", "s1.summary.md, a file of the shard s1.csv"),
        ("s2.run.toml", "s2.run.toml, a file of the shard s2.csv"),
        (
            "s2.running.run.toml",
            "s2.running.run.toml, a file of the shard s2.csv",
        ),
    ] {
        let (stdout, err) = run(&dir, &["merge", "-o", out, "s1.csv", "s2.csv"], 2);
        let message = format!("--out {out} may write {says}: choose another --out");
        assert_eq!(err, usage_error(MERGE, &message), "{out}");
        assert_eq!(stdout, "", "{out}");
        assert!(listing() == before, "{out}: a file written or changed");
    }
    run(&dir, &["merge", "-o", "sub/m.csv", "s1.csv", "s2.csv"], 0);
}

/// `COMMAND --help`, its words joined by single spaces (as clap wraps them to the width).
fn help_of(command: &str) -> String {
    let out = lab().args([command, "--help"]).assert().success();
    let help = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    help.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `merge --help` leaves what the shards must share to the book.
#[test]
fn merge_help_points_to_the_book() {
    let help = help_of("merge");
    assert!(
        help.contains("the book's \"Shards, merge and resume\" tells the rest."),
        "{help}"
    );
}

/// A merge writes its rows beside the output (`m.running.csv`, as a run does) and renames
/// them into place once whole: one that fails half-way (a shard's row is broken after many good ones) leaves the earlier
/// merge as it was, and no partial file.
#[test]
fn a_merge_that_fails_half_way_leaves_the_earlier_merge_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let s = shards_and_one(&dir, 2);
    run(&dir, &["merge", "-o", "m.csv", &s[0], &s[1]], 0);
    let merged = std::fs::read(dir.path().join("m.csv")).unwrap();
    let second = dir.path().join(&s[1]);
    let text = std::fs::read_to_string(&second).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    let last = lines.len() - 1;
    lines[last] = "a,broken,row";
    std::fs::write(&second, lines.join("\n") + "\n").unwrap();
    let (_, err) = run(&dir, &["merge", "-o", "m.csv", &s[0], &s[1]], 1);
    assert!(err.contains("malformed row"), "{err}");
    assert_eq!(std::fs::read(dir.path().join("m.csv")).unwrap(), merged);
    assert!(!dir.path().join("m.running.csv").exists());
}

/// A merge writes its sidecar (`state = "running"`, the shards named) before its first
/// row, as a run does: the rows of a merge that is killed are never without it. Here the
/// merge waits on a shard that is a named pipe whose writer writes nothing (one that no
/// program writes is refused at once).
#[cfg(unix)]
#[test]
fn a_merge_under_way_has_its_sidecar_beside_its_rows() {
    let dir = tempfile::tempdir().unwrap();
    let s = shards_and_one(&dir, 2);
    std::fs::remove_file(dir.path().join(&s[1])).unwrap();
    let _writer = held(&sudoku_testkit::mkfifo(dir.path(), &s[1]));
    let mut merge = common::lab_process()
        .current_dir(dir.path())
        .args(["merge", "-o", "m.csv", &s[0], &s[1]])
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let sidecar = dir.path().join("m.running.run.toml");
    let start = std::time::Instant::now();
    let toml = loop {
        let read = std::fs::read_to_string(&sidecar);
        let ended = merge.try_wait().unwrap().is_some();
        if read.is_ok() || ended || start.elapsed().as_secs() > 30 {
            break read;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    // Stopped before anything is asserted: a failing test leaves no merge waiting.
    merge.kill().unwrap();
    merge.wait().unwrap();
    let toml = toml.expect("the merge's sidecar, before its first row");
    let running = Sidecar::parse(&toml, &sidecar).unwrap();
    assert_eq!(running.state, sudoku_reports::State::Running);
    assert_eq!(merged_from(&running), ["1/2 s1.csv", "2/2 s2.csv"]);
    assert_eq!(running.shard, None);
}

/// An interrupt ends a merge at once (it dies of it), as a kill does: its files stay under
/// their running names (`m.running.csv` and its sidecar saying running), for the next run on
/// the output to move aside; an earlier merge stays as it was. Here the merge waits on a
/// shard that is a named pipe whose writer writes nothing.
#[cfg(unix)]
#[test]
fn an_interrupted_merge_is_left_as_a_killed_one() {
    let dir = tempfile::tempdir().unwrap();
    let s = shards_and_one(&dir, 2);
    run(&dir, &["merge", "-o", "m.csv", &s[0], &s[1]], 0);
    let merged = std::fs::read(dir.path().join("m.csv")).unwrap();
    let shard = dir.path().join(&s[1]);
    std::fs::rename(&shard, dir.path().join("kept.csv")).unwrap();
    let writer = held(&sudoku_testkit::mkfifo(dir.path(), &s[1]));
    let mut merge = common::lab_process()
        .current_dir(dir.path())
        .args(["merge", "-o", "m.csv", &s[0], &s[1]])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let sidecar = dir.path().join("m.running.run.toml");
    common::wait_for(&mut merge, "the merge's sidecar", || sidecar.exists());
    let output = common::signal(merge, &[libc::SIGINT]);
    common::died_of(&output, libc::SIGINT);
    drop(writer);
    assert!(sidecar.exists(), "m.running.run.toml, as a killed run's");
    assert_eq!(std::fs::read(dir.path().join("m.csv")).unwrap(), merged);
    std::fs::remove_file(&shard).unwrap();
    std::fs::rename(dir.path().join("kept.csv"), &shard).unwrap();
    // The killed merge had written no row: its files are removed, not moved aside.
    run(&dir, &["merge", "-o", "m.csv", &s[0], &s[1]], 0);
    assert!(!sidecar.exists());
    assert_eq!(std::fs::read(dir.path().join("m.csv")).unwrap(), merged);
}

/// A merge whose summary file alone cannot be written (a folder took its name while the
/// merge waited on a shard, a named pipe) finished, as a run does: its CSV and sidecar are
/// in place, the sidecar saying `finished`, it prints its summary and what it wrote, and the
/// error names the file (exit 1). It exited 1 with the error alone, no summary printed.
#[cfg(unix)]
#[test]
fn a_merge_whose_summary_file_cannot_be_written_finished_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let s = shards_and_one(&dir, 2);
    let rows = std::fs::read(dir.path().join(&s[1])).unwrap();
    std::fs::remove_file(dir.path().join(&s[1])).unwrap();
    let mut writer = held(&sudoku_testkit::mkfifo(dir.path(), &s[1]));
    let mut merge = common::lab_process()
        .current_dir(dir.path())
        .args(["merge", "-o", "m.csv", &s[0], &s[1]])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let running = dir.path().join("m.running.run.toml");
    common::wait_for(&mut merge, "the merge's sidecar", || running.exists());
    std::fs::create_dir(dir.path().join("m.summary.md")).unwrap();
    std::io::Write::write_all(&mut writer, &rows).unwrap();
    drop(writer);
    let output = merge.wait_with_output().unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    let (again, _) = run(&dir, &["summary", "m.csv"], 0);
    assert_eq!(stdout, again);
    assert!(
        stdout.contains("dlx") && !stdout.contains("FAILED"),
        "{stdout}"
    );
    assert_eq!(
        stderr,
        "wrote m.csv (48 rows from 2 shards) and m.run.toml, without a summary (see the error \
         below; `sudoku-lab summary m.csv` prints it again)\nerror: m.summary.md: cannot \
         create: a folder is in the way\n"
    );
    let m = sidecar(&dir.path().join("m.csv"));
    assert_eq!(
        (m.state, m.rows, m.error),
        (sudoku_reports::State::Finished, 48, None)
    );
    assert!(dir.path().join("m.summary.md").is_dir());
    assert!(!dir.path().join("m.running.csv").exists());
}

/// `merge -q` (or `--quiet`) is taken, as bench's is, with its meaning: no summary and no
/// line of what was written (a merge shows no progress); the notes (here, of an earlier
/// merge that was killed) still show, and the files are the same as without it. It was
/// refused as an unknown argument (exit 2).
#[test]
fn merge_takes_quiet_as_bench_does() {
    let dir = tempfile::tempdir().unwrap();
    let s = shards_and_one(&dir, 2);
    let mut written = Vec::new();
    for quiet in [None, Some("-q"), Some("--quiet")] {
        // The files of a killed merge on m.csv, for the next to move aside, saying so.
        std::fs::copy(dir.path().join(&s[0]), dir.path().join("m.running.csv")).unwrap();
        let sidecar = std::fs::read_to_string(dir.path().join("s1.run.toml")).unwrap();
        let running = sidecar.replace("state = \"finished\"", "state = \"running\"");
        assert_ne!(running, sidecar);
        write(&dir, "m.running.run.toml", &running);
        let args = [&["merge"], quiet.as_slice(), &["-o", "m.csv", &s[0], &s[1]]].concat();
        let (stdout, stderr) = run(&dir, &args, 0);
        let note = "note: an earlier run on m.csv was killed: its rows are now in m.killed.csv\n";
        match quiet {
            None => {
                assert!(stdout.contains("Wall clock: "), "{stdout}");
                assert_eq!(
                    stderr,
                    format!(
                        "{note}wrote m.csv (48 rows from 2 shards), m.summary.md and m.run.toml\n"
                    )
                );
            }
            Some(_) => assert_eq!((stdout.as_str(), stderr.as_str()), ("", note), "{quiet:?}"),
        }
        written.push(std::fs::read_to_string(dir.path().join("m.summary.md")).unwrap());
        for name in ["m.killed.csv", "m.killed.run.toml"] {
            std::fs::remove_file(dir.path().join(name)).unwrap();
        }
    }
    // The summary file says the wall clock of each merge: the lines without it.
    let timeless = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| !l.starts_with("Wall clock"))
            .map(str::to_string)
            .collect()
    };
    assert!(
        written
            .iter()
            .all(|md| timeless(md) == timeless(&written[0])),
        "{written:?}"
    );
}

/// A merge of shards one of which was continued with `--resume` times that one since its
/// resumption and the others whole: its summary said `puzzles/s since --resume`, as if the
/// whole run had been resumed, and its sidecar listed the first shard's resumptions (none
/// here) as the run's. The summary's clock is of the whole run, the puzzles copied said
/// apart; the sidecar lists each resumption after its shard.
#[test]
fn a_merge_lists_the_resumptions_of_its_shards() {
    let dir = tempfile::tempdir().unwrap();
    let c = easy(&dir).display().to_string();
    let shard = |k: &str, extra: &[&str]| {
        let args = [c.as_str(), "-s", "dlx", "--shard", k, "-o"];
        let out = format!("s{}.csv", &k[..1]);
        bench(&dir, &[&args[..], &[&out], extra].concat(), 0);
    };
    shard("1/2", &[]);
    shard("2/2", &[]);
    // Shard 2 as an interrupt after its first puzzle leaves it (one row), then resumed.
    let path = |name: &str| dir.path().join(name);
    let text = std::fs::read_to_string(path("s2.csv")).unwrap();
    let first: String = text.split_inclusive('\n').take(2).collect();
    write(&dir, "s2.interrupted.csv", &first);
    let finished = std::fs::read_to_string(path("s2.run.toml")).unwrap();
    write(
        &dir,
        "s2.interrupted.run.toml",
        &as_unfinished(&finished, "interrupted", 1),
    );
    for name in ["s2.csv", "s2.run.toml", "s2.summary.md"] {
        std::fs::remove_file(path(name)).unwrap();
    }
    shard("2/2", &["--resume"]);
    let resumed = sidecar(&path("s2.csv"));
    assert_eq!((resumed.resumed.len(), resumed.resumed_puzzles), (1, 1));
    run(&dir, &["merge", "-o", "m.csv", "s1.csv", "s2.csv"], 0);
    let (summary, _) = run(&dir, &["summary", "m.csv"], 0);
    let markdown = std::fs::read_to_string(path("m.summary.md")).unwrap();
    for text in [summary, markdown] {
        assert!(!text.contains("since --resume"), "{text}");
        assert!(
            text.contains(" puzzles/s for the whole run (11 puzzles in ")
                && text.contains("The 1 puzzle copied by --resume is not timed here."),
            "{text}"
        );
    }
    let m = sidecar(&path("m.csv"));
    let shard = Some(sudoku_reports::sidecar::ShardEntry { k: 2, n: 2 });
    let continued = sudoku_reports::sidecar::Resumption {
        shard,
        ..resumed.resumed[0].clone()
    };
    assert_eq!(m.resumed, [continued]);
}

#[test]
fn shard_auto_reads_slurm_and_kubernetes() {
    let dir = tempfile::tempdir().unwrap();
    let c = easy(&dir).display().to_string();
    let auto = |env: &[(&str, &str)], shard: &str, out: &str, status: i32| {
        let mut cmd = lab();
        for v in [
            "SLURM_ARRAY_TASK_ID",
            "SLURM_ARRAY_TASK_MIN",
            "SLURM_ARRAY_TASK_COUNT",
            "SLURM_ARRAY_TASK_STEP",
            "JOB_COMPLETION_INDEX",
        ] {
            cmd.env_remove(v);
        }
        cmd.envs(env.iter().copied());
        let o = cmd
            .current_dir(dir.path())
            .args(["bench", "-q", &c, "-s", "dlx", "--shard", shard, "-o", out])
            .output()
            .unwrap();
        assert_eq!(
            o.status.code(),
            Some(status),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        String::from_utf8_lossy(&o.stderr).into_owned()
    };
    bench(
        &dir,
        &[&c, "-s", "dlx", "--shard", "2/3", "-o", "fixed.csv"],
        0,
    );
    let slurm = [
        ("SLURM_ARRAY_TASK_ID", "2"),
        ("SLURM_ARRAY_TASK_MIN", "1"),
        ("SLURM_ARRAY_TASK_COUNT", "3"),
    ];
    auto(&slurm, "auto", "slurm.csv", 0);
    auto(&[("JOB_COMPLETION_INDEX", "1")], "auto/3", "k8s.csv", 0);
    let fixed = counters(&read_rows(&dir.path().join("fixed.csv")));
    for out in ["slurm.csv", "k8s.csv"] {
        assert_eq!(counters(&read_rows(&dir.path().join(out))), fixed, "{out}");
        let shard = sidecar(&dir.path().join(out)).shard.map(|s| s.to_string());
        assert_eq!(shard.as_deref(), Some("2/3"));
    }
    let err = auto(&[], "auto", "x.csv", 2);
    assert!(
        err.contains("--shard auto: neither a task of a Slurm job array"),
        "{err}"
    );
    let err = auto(&[("JOB_COMPLETION_INDEX", "0")], "auto", "x.csv", 2);
    assert!(
        err.contains("nor, with auto/N, of a Kubernetes indexed Job"),
        "{err}"
    );
    let err = bench(&dir, &[&c, "--shard", "4/3", "-o", "x.csv"], 2);
    assert!(err.contains("is not a shard K/N"), "{err}");
}

#[test]
fn resume_keeps_an_interrupted_runs_last_puzzle_when_its_rows_are_all_there() {
    let dir = tempfile::tempdir().unwrap();
    let c = easy(&dir).display().to_string();
    let args = [c.as_str(), "-s", "dlx,norvig", "-o", "r.csv", "--resume"];
    bench(&dir, &args, 0);
    let path = dir.path().join("r.csv");
    let text = std::fs::read_to_string(&path).unwrap();
    let finished = std::fs::read_to_string(dir.path().join("r.run.toml")).unwrap();
    // Five whole puzzles (two rows each), as an interrupted run leaves them, its sidecar
    // saying 10 rows; then saying fewer (the last puzzle is solved again, as a kill may
    // have cut it), then more: rows lost since, which no resumption would solve again.
    let five: String = text.split_inclusive('\n').take(11).collect();
    for (said, kept) in [(10, Some(5)), (9, Some(4)), (11, None)] {
        if path.exists() {
            std::fs::remove_file(&path).unwrap();
        }
        write(&dir, "r.interrupted.csv", &five);
        let said_text = finished
            .replace("state = \"finished\"", "state = \"interrupted\"")
            .replace("rows = 24\n", &format!("rows = {said}\n"));
        assert!(
            said_text.contains(&format!("rows = {said}\n")),
            "{said_text}"
        );
        write(&dir, "r.interrupted.run.toml", &said_text);
        let Some(kept) = kept else {
            let err = bench(&dir, &args, 1);
            let lost = common::said::not_as_written(10, 11);
            let says = format!("r.interrupted.csv: line 11: {lost}, so it cannot be continued");
            assert!(err.contains(&says), "{err}");
            continue;
        };
        let err = bench(&dir, &args, 0);
        assert!(
            err.contains(&format!(
                "continuing r.interrupted.csv ({kept} puzzles kept"
            )),
            "{said}: {err}"
        );
        assert_eq!(sidecar(&path).resumed_puzzles, kept, "{said}");
    }
}

#[test]
fn resume_continues_the_latest_unfinished_run_and_refuses_another() {
    let dir = tempfile::tempdir().unwrap();
    let c = easy(&dir).display().to_string();
    let args = [c.as_str(), "-s", "dlx,norvig", "-o", "r.csv", "--resume"];
    bench(&dir, &args, 0); // nothing to continue: a fresh run
    let path = dir.path().join("r.csv");
    let whole = read_rows(&path);
    let err = bench(&dir, &args, 0);
    assert!(
        err.contains("r.csv is a finished run: nothing is left to do"),
        "{err}"
    );
    // A finished run made another way does not hold what is asked for: refused, named.
    let other = [c.as_str(), "-s", "dlx", "-o", "r.csv", "--resume"];
    let err = bench(&dir, &other, 2);
    assert!(
        err.contains("r.csv was made another way (earlier vs now): solver"),
        "{err}"
    );
    assert_eq!(read_rows(&path), whole);
    assert!(!dir.path().join("r.running.csv").exists());
    let text = std::fs::read(&path).unwrap();
    let finished = std::fs::read_to_string(dir.path().join("r.run.toml")).unwrap();
    // An unfinished run's files, cut in the middle of a line after a few puzzles.
    let unfinished = |tag: &str, state: &str| {
        let header = text.iter().position(|&b| b == b'\n').unwrap();
        let csv = dir.path().join(format!("r.{tag}.csv"));
        let mut cut = &text[..header + (text.len() - header) * 2 / 5];
        if state != "running" {
            // A run that ended so as to say it wrote whole puzzles (two rows each).
            let whole = |t: &[u8]| t.iter().rposition(|&b| b == b'\n').unwrap() + 1;
            cut = &cut[..whole(cut)];
            if cut.iter().filter(|&&b| b == b'\n').count() % 2 == 0 {
                cut = &cut[..whole(&cut[..cut.len() - 1])];
            }
        }
        std::fs::write(&csv, cut).unwrap();
        // The finished run's CSV, written a moment ago, made older: a file's time moves by
        // the kernel's tick (a few ms), so two files written within one tick are as old
        // as each other, and the finished one would then count as the latest.
        let earlier = std::time::SystemTime::now() - std::time::Duration::from_secs(60);
        let finished_csv = std::fs::File::options().write(true).open(&path).unwrap();
        finished_csv.set_modified(earlier).unwrap();
        let rows = read_rows_lenient(&csv);
        write(
            &dir,
            &format!("r.{tag}.run.toml"),
            &as_unfinished(&finished, state, rows),
        );
        rows
    };
    for (tag, state, from) in [
        ("running", "running", "r.killed.csv"),
        ("interrupted", "interrupted", "r.interrupted.csv"),
    ] {
        let cut = unfinished(tag, state);
        assert!(0 < cut && cut < 24, "the kill left {cut} rows");
        let err = bench(&dir, &args, 0);
        assert!(
            err.contains(&format!("--resume: continuing {from}")),
            "{err}"
        );
        assert_eq!(counters(&read_rows(&path)), counters(&whole));
        let s = sidecar(&path);
        assert_eq!((s.puzzles, s.rows, s.resumed.len()), (12, 24, 1));
        assert!(s.resumed[0].command.contains("--resume"));
        assert!(s.corpus.iter().all(|c| c.skipped == 0), "{:?}", s.corpus);
        // The whole puzzles of the cut CSV (two rows each) are copied, not timed again.
        assert_eq!(s.resumed_puzzles, cut as u64 / 2);
        let (summary, _) = run(&dir, &["summary", "r.csv"], 0);
        assert!(summary.contains("12"), "{summary}");
        let timed = 12 - s.resumed_puzzles;
        assert!(
            summary.contains(&format!("puzzles/s for the whole run ({timed} puzzles in "))
                && summary.contains(&format!(
                    "The {} puzzles copied by --resume are not timed here.",
                    s.resumed_puzzles
                )),
            "{summary}"
        );
    }
    unfinished("running", "running");
    let err = bench(&dir, &[&c, "-s", "dlx", "-o", "r.csv", "--resume"], 2);
    assert!(
        err.contains("--resume: r.killed.csv was made another way (earlier vs now): solver: "),
        "{err}"
    );
    assert!(!dir.path().join("r.running.csv").exists());
    std::fs::remove_file(dir.path().join("r.killed.run.toml")).unwrap();
    let err = bench(&dir, &args, 1);
    assert!(
        err.contains("--resume: r.killed.csv: no sidecar beside it"),
        "{err}"
    );
    write(&dir, "r.killed.run.toml", &finished);
    std::fs::write(dir.path().join("r.killed.csv"), "a,b\n1,2\n").unwrap();
    let err = bench(&dir, &args, 1);
    assert!(
        err.contains("r.killed.csv: line 1: not a CSV of sudoku-lab: no column `corpus`"),
        "{err}"
    );
}

#[test]
fn the_seed_makes_anneal_repeatable_and_is_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let c = easy(&dir).display().to_string();
    let run = |out: &str, seed: &[&str]| {
        let mut args = vec![c.as_str(), "-s", "anneal", "--first", "3", "-o", out];
        args.extend_from_slice(seed);
        bench(&dir, &args, 0);
        let path = dir.path().join(out);
        (counters(&read_rows(&path)), sidecar(&path).seed)
    };
    let (a, seed) = run("a.csv", &["--seed", "7"]);
    let (b, _) = run("b.csv", &["--seed", "7"]);
    assert_eq!((a == b, seed), (true, Some(7)));
    let (_, seed) = run("d.csv", &[]);
    assert_eq!(seed, Some(sudoku_catalogue::DEFAULT_SEED));
}

/// Whole rows of a CSV cut short.
/// Runs last written at the same instant (a file system with coarse times): the
/// finished one wins the tie, then a killed, a failed, an interrupted one.
/// A `--resume` run writes its sidecar before it copies the earlier run's rows: killed
/// while it copies, it leaves them beside a sidecar that the next `--resume` continues
/// (without one, every later `--resume` was refused).
#[test]
fn resume_writes_its_sidecar_before_it_copies_the_earlier_rows() {
    let dir = tempfile::tempdir().unwrap();
    let c = corpus("puzzles2_17_clue").display().to_string();
    let args = [c.as_str(), "-s", "dlx", "-n", "30000", "-o", "r.csv"];
    bench(&dir, &args, 0);
    for ext in ["csv", "run.toml"] {
        let from = dir.path().join(format!("r.{ext}"));
        std::fs::rename(from, dir.path().join(format!("r.interrupted.{ext}"))).unwrap();
    }
    let sidecar = dir.path().join("r.interrupted.run.toml");
    let text = std::fs::read_to_string(&sidecar).unwrap();
    write(
        &dir,
        "r.interrupted.run.toml",
        &as_unfinished(&text, "interrupted", 30000),
    );
    let mut child = common::lab_process()
        .current_dir(dir.path())
        .args([&["bench", "-q"][..], &args, &["--resume"]].concat())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // As soon as the running CSV holds more than its header, its sidecar is there.
    let (running, beside) = (
        dir.path().join("r.running.csv"),
        dir.path().join("r.running.run.toml"),
    );
    let header = sudoku_results::COLUMNS.join(",").len() as u64 + 1;
    let mut seen = false;
    while child.try_wait().unwrap().is_none() {
        if std::fs::metadata(&running).is_ok_and(|m| m.len() > header) {
            seen = true;
            assert!(
                beside.exists(),
                "rows copied into {running:?} with no sidecar beside it"
            );
            break;
        }
    }
    let _ = child.kill();
    child.wait().unwrap();
    assert!(
        seen || dir.path().join("r.csv").exists(),
        "the run neither copied nor ended"
    );
}

#[test]
fn resume_breaks_a_tie_of_times_in_a_stated_order() {
    let dir = tempfile::tempdir().unwrap();
    let c = easy(&dir).display().to_string();
    let args = [c.as_str(), "-s", "dlx", "-o", "r.csv", "--resume"];
    bench(&dir, &args, 0);
    let finished = std::fs::read_to_string(dir.path().join("r.run.toml")).unwrap();
    let text = std::fs::read(dir.path().join("r.csv")).unwrap();
    let instant = std::time::SystemTime::now() - std::time::Duration::from_secs(60);
    let same_time = |name: &str| {
        let file = std::fs::File::options()
            .write(true)
            .open(dir.path().join(name))
            .unwrap();
        file.set_modified(instant).unwrap();
    };
    // Two unfinished runs of the same settings, the first half of the finished one's rows.
    for (tag, state) in [("interrupted", "interrupted"), ("failed", "failed")] {
        let csv = dir.path().join(format!("r.{tag}.csv"));
        std::fs::write(&csv, &text[..text.len() / 2]).unwrap();
        let rows = read_rows_lenient(&csv);
        write(
            &dir,
            &format!("r.{tag}.run.toml"),
            &as_unfinished(&finished, state, rows),
        );
    }
    for name in ["r.csv", "r.interrupted.csv", "r.failed.csv"] {
        same_time(name);
    }
    let err = bench(&dir, &args, 0);
    assert!(
        err.contains("r.csv is a finished run: nothing is left to do"),
        "{err}"
    );
    std::fs::remove_file(dir.path().join("r.csv")).unwrap();
    let err = bench(&dir, &args, 0);
    assert!(err.contains("--resume: continuing r.failed.csv"), "{err}");
}

/// A finished run's sidecar text made that of an unfinished one (`state`) that wrote
/// `rows` rows, as such a run's sidecar says.
fn as_unfinished(finished: &str, state: &str, rows: usize) -> String {
    let text = finished
        .replace("state = \"finished\"", &format!("state = \"{state}\""))
        .lines()
        .map(|l| match l.starts_with("rows = ") {
            true => format!("rows = {rows}\n"),
            false => format!("{l}\n"),
        })
        .collect::<String>();
    assert!(text.contains(&format!("state = \"{state}\"\n")), "{text}");
    text
}

fn read_rows_lenient(path: &Path) -> usize {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .skip(1)
        .filter(|l| l.matches(',').count() >= sudoku_results::COLUMNS.len() - 1)
        .count()
}

/// `a.csv` with every time multiplied by `factor`, as `name` (and its sidecar).
fn slowed(dir: &TempDir, name: &str, factor: u64) {
    edited(dir, name, |rows| {
        for r in rows {
            r.nanoseconds = r.nanoseconds.max(1) * factor;
            r.median_nanoseconds = r.nanoseconds;
        }
    });
}

/// `a.csv` with its rows changed by `edit`, as `name` (and its sidecar, a copy of a's).
fn edited(dir: &TempDir, name: &str, edit: impl FnOnce(&mut Vec<Row>)) {
    let mut rows = read_rows(&dir.path().join("a.csv"));
    edit(&mut rows);
    let mut w = csv::Writer::from_path(dir.path().join(name)).unwrap();
    for r in &rows {
        w.serialize(r).unwrap();
    }
    w.flush().unwrap();
    let stem = name.trim_end_matches(".csv");
    std::fs::copy(
        dir.path().join("a.run.toml"),
        dir.path().join(format!("{stem}.run.toml")),
    )
    .unwrap();
}

#[test]
fn compare_gives_ratios_with_intervals_lists_changed_counters_first_and_gates() {
    let dir = tempfile::tempdir().unwrap();
    let c = easy(&dir).display().to_string();
    bench(&dir, &[&c, "-s", "dlx,naive", "-o", "a.csv"], 0);
    slowed(&dir, "twice.csv", 2);
    let (out, _) = run(&dir, &["compare", "a.csv", "a.csv"], 0);
    assert!(out.contains("B/A") && out.contains("95% interval"), "{out}");
    assert!(out.contains("1.000  1.000..1.000"), "{out}");
    assert!(out.contains("percentile bootstrap"), "{out}");
    assert!(!out.contains("COUNTERS CHANGED"), "{out}");
    let (out, _) = run(&dir, &["compare", "a.csv", "twice.csv"], 0);
    assert!(out.contains("2.000  2.000..2.000"), "{out}");
    run(
        &dir,
        &["compare", "a.csv", "twice.csv", "--fail-above", "150"],
        0,
    );
    let (_, err) = run(
        &dir,
        &["compare", "a.csv", "twice.csv", "--fail-above", "50"],
        4,
    );
    assert!(
        err.contains("easy12.txt dlx: 100.0% slower (95% interval 2.000..2.000), above 50%"),
        "{err}"
    );
    // A node budget changes naive's counters: listed first, and a gate fails on it.
    bench(
        &dir,
        &[&c, "-s", "dlx,naive", "--max-nodes", "30", "-o", "cut.csv"],
        0,
    );
    let (out, _) = run(&dir, &["compare", "a.csv", "cut.csv"], 0);
    assert!(out.starts_with("COUNTERS CHANGED"), "{out}");
    assert!(out.contains("status solved → budget_exhausted"), "{out}");
    assert!(
        out.contains("The runs were made with other settings (A vs B): solver: "),
        "{out}"
    );
    let (md, err) = run(
        &dir,
        &[
            "compare",
            "a.csv",
            "cut.csv",
            "--markdown",
            "--fail-above",
            "1000",
        ],
        4,
    );
    assert!(
        md.starts_with("## sudoku-lab compare\n\n### Counters changed"),
        "{md}"
    );
    assert!(
        md.contains("| corpus | solver | puzzles | both solved | A median |"),
        "{md}"
    );
    assert!(err.contains("counters changed on"), "{err}");
    // Bad input.
    let (_, err) = run(&dir, &["compare", "a.csv", "missing.csv"], 1);
    assert!(err.contains("missing.csv"), "{err}");
    write(&dir, "foreign.csv", "name,score\nx,1\n");
    let (_, err) = run(&dir, &["compare", "a.csv", "foreign.csv"], 1);
    assert!(
        err.contains("foreign.csv: line 1: not a CSV of sudoku-lab"),
        "{err}"
    );
    let other = corpus("norvig_sudoku-hardest.txt").display().to_string();
    bench(&dir, &[&other, "-s", "dlx", "-o", "other.csv"], 0);
    let (_, err) = run(&dir, &["compare", "a.csv", "other.csv"], 1);
    assert!(err.contains("have no puzzle in common"), "{err}");
}

#[test]
fn compare_counts_the_puzzles_it_times_and_tells_an_unfinished_run() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(easy(&dir)).unwrap();
    // A corpus whose name holds a `|`, which would end a Markdown cell.
    write(&dir, "x|y.txt", &text);
    bench(&dir, &["x|y.txt", "-s", "dlx,naive", "-o", "a.csv"], 0);
    let cut = [
        "x|y.txt",
        "-s",
        "dlx,naive",
        "--max-nodes",
        "300",
        "-o",
        "cut.csv",
    ];
    bench(&dir, &cut, 0);
    let solved = |name: &str| -> std::collections::HashSet<u64> {
        let rows = read_rows(&dir.path().join(name));
        let naive = rows.into_iter().filter(|r| &*r.solver == "naive");
        naive
            .filter(|r| r.status == Status::Solved)
            .map(|r| r.index)
            .collect()
    };
    let both = solved("a.csv").intersection(&solved("cut.csv")).count();
    assert!(0 < both && both < 12, "{both}");
    let (out, _) = run(&dir, &["compare", "a.csv", "cut.csv"], 0);
    // The corpus heads its lines, dlx's and naive's.
    let mut lines = out.lines().skip_while(|l| *l != "x|y.txt").skip(1);
    let (dlx, naive) = (lines.next().unwrap(), lines.next().unwrap());
    assert!(dlx.starts_with("  dlx "), "{out}");
    assert!(naive.starts_with("  naive "), "{out}");
    assert_eq!(naive.split_whitespace().nth(1), Some("12"), "{out}");
    let told = naive.split_whitespace().nth(2).map(str::to_string);
    assert_eq!(told, Some(both.to_string()), "{out}");
    let (md, _) = run(&dir, &["compare", "a.csv", "a.csv", "--markdown"], 0);
    assert!(md.contains("\n| x\\|y.txt | dlx | 12 | 12 |"), "{md}");
    // A run whose sidecar says it did not finish: told, and a gate fails on it.
    std::fs::copy(dir.path().join("a.csv"), dir.path().join("b.csv")).unwrap();
    let sidecar = std::fs::read_to_string(dir.path().join("a.run.toml")).unwrap();
    write(
        &dir,
        "b.run.toml",
        &as_unfinished(&sidecar, "interrupted", 24),
    );
    let said = "B (b.csv) may not be the whole run: the sidecar says the run was interrupted.";
    let (out, _) = run(&dir, &["compare", "a.csv", "b.csv"], 0);
    assert!(out.contains(said), "{out}");
    let (_, err) = run(
        &dir,
        &["compare", "a.csv", "b.csv", "--fail-above", "50"],
        4,
    );
    assert!(err.contains(said), "{err}");
}

/// Of a puzzle's rows, the last in the CSV is compared; an example names a puzzle that
/// differs by its index and line. A run given as a pipe (`compare a.csv <(ssh host cat
/// b.csv)`, `/dev/stdin`) is read once, and compared as a file is.
#[test]
fn the_last_row_of_a_puzzle_is_compared_and_named_by_its_index() {
    let dir = tempfile::tempdir().unwrap();
    let c = easy(&dir).display().to_string();
    bench(&dir, &[&c, "-s", "dlx", "-o", "a.csv"], 0);
    let mut rows = read_rows(&dir.path().join("a.csv"));
    let mut edited = rows[0].clone();
    let first = edited.puzzle.to_string();
    edited.puzzle = first
        .replacen(|c: char| c.is_ascii_digit(), ".", 1)
        .as_str()
        .into();
    rows.push(edited);
    let mut w = csv::Writer::from_path(dir.path().join("b.csv")).unwrap();
    for r in &rows {
        w.serialize(r).unwrap();
    }
    w.flush().unwrap();
    let (out, _) = run(&dir, &["compare", "a.csv", "b.csv"], 0);
    let told = "index 0 (line 1): puzzle differs\n";
    assert!(out.contains(told), "{out}");
    let b = std::fs::read(dir.path().join("b.csv")).unwrap();
    let piped = lab()
        .current_dir(dir.path())
        .args(["compare", "a.csv", "/dev/stdin"])
        .write_stdin(b)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&piped.stdout);
    let stderr = String::from_utf8_lossy(&piped.stderr);
    assert_eq!(piped.status.code(), Some(0), "{stdout}{stderr}");
    assert!(stdout.contains(told), "{stdout}");
}

/// Two runs with no puzzle in common (two shards of one corpus) compared nothing: an error
/// (exit status 1), not a table of zeros that a gate passed (exit status 0). A solver of
/// the runs that pairs no puzzle while another does is said to, and not counted by the
/// gate.
#[test]
fn compare_of_runs_with_no_puzzle_in_common_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let c = easy(&dir).display().to_string();
    for k in ["1", "2"] {
        let (shard, out) = (format!("{k}/2"), format!("s{k}.csv"));
        bench(&dir, &[&c, "-s", "dlx", "--shard", &shard, "-o", &out], 0);
    }
    let said = "error: s1.csv and s2.csv have no puzzle in common (by corpus, solver and \
index): nothing was compared\n";
    for gate in [&[][..], &["--fail-above", "5"]] {
        let args: Vec<&str> = ["compare", "s1.csv", "s2.csv"]
            .iter()
            .chain(gate)
            .copied()
            .collect();
        let (out, err) = run(&dir, &args, 1);
        assert_eq!((out.as_str(), err.as_str()), ("", said));
    }
    // naive's puzzles in B under other indexes: dlx compared, naive said to pair none.
    bench(&dir, &[&c, "-s", "dlx,naive", "-o", "a.csv"], 0);
    edited(&dir, "b.csv", |rows| {
        for r in rows.iter_mut().filter(|r| &*r.solver == "naive") {
            r.index += 100;
        }
    });
    let (out, err) = run(
        &dir,
        &["compare", "a.csv", "b.csv", "--fail-above", "50"],
        0,
    );
    assert!(
        // The notes are wrapped at 100 columns: read as one line.
        out.replace('\n', " ")
            .contains(" easy12.txt naive: 12 puzzles in A only, 12 in B only (not compared). "),
        "{out}"
    );
    assert!(!out.contains("easy12.txt dlx: "), "{out}");
    assert_eq!(err, "");
}

/// Rows of one index whose puzzles differ are not the same puzzle: a run of another corpus
/// saved under the same file name, or of other isomorphs (`--permute`), is said to hold
/// other puzzles, and not timed against A (its times were: a ratio of different puzzles'
/// medians). Their puzzles still count as changed counters, which the gate fails on.
#[test]
fn compare_does_not_time_different_puzzles_against_each_other() {
    let dir = tempfile::tempdir().unwrap();
    let c = easy(&dir).display().to_string();
    let text = std::fs::read_to_string(corpus("norvig_sudoku-easy50.txt")).unwrap();
    let others: Vec<&str> = text.lines().skip(20).take(12).collect();
    std::fs::create_dir_all(dir.path().join("other")).unwrap();
    write(&dir, "other/easy12.txt", &(others.join("\n") + "\n"));
    bench(&dir, &[&c, "-s", "dlx", "-o", "a.csv"], 0);
    bench(&dir, &["other/easy12.txt", "-s", "dlx", "-o", "b.csv"], 0);
    bench(&dir, &[&c, "-s", "dlx", "--permute", "7", "-o", "p.csv"], 0);
    let dlx = |out: &str| -> Vec<String> {
        let line = out.lines().find(|l| l.starts_with("  dlx "));
        let cells = line.unwrap_or_else(|| panic!("{out}")).split_whitespace();
        cells.skip(1).take(5).map(str::to_string).collect()
    };
    let (out, _) = run(&dir, &["compare", "a.csv", "b.csv"], 0);
    assert_eq!(dlx(&out), ["12", "0", "-", "-", "-"], "{out}");
    let differ = " easy12.txt dlx: 12 of 12 puzzles differ between A and B (another corpus \
under one name, or other isomorphs): not timed. ";
    assert!(out.replace('\n', " ").contains(differ), "{out}");
    let (_, err) = run(
        &dir,
        &["compare", "a.csv", "b.csv", "--fail-above", "1000"],
        4,
    );
    assert_eq!(
        err,
        "error: easy12.txt dlx: counters changed on 12 puzzles\n"
    );
    let (out, _) = run(&dir, &["compare", "a.csv", "p.csv"], 0);
    assert_eq!(dlx(&out), ["12", "0", "-", "-", "-"], "{out}");
    assert!(out.replace('\n', " ").contains(differ), "{out}");
    // A run against itself times every puzzle, and says nothing of them.
    let (out, _) = run(&dir, &["compare", "p.csv", "p.csv"], 0);
    assert_eq!(dlx(&out)[..2], ["12", "12"], "{out}");
    assert!(!out.contains("not timed"), "{out}");
}

/// `compare` counts its puzzles as the runner does: `1 puzzle`, `2 puzzles` (it wrote
/// `1 puzzle(s)`).
#[test]
fn compare_counts_puzzles_in_the_number_they_take() {
    let dir = tempfile::tempdir().unwrap();
    let c = easy(&dir).display().to_string();
    bench(&dir, &[&c, "-s", "dlx", "-o", "a.csv"], 0);
    edited(&dir, "b.csv", |rows| {
        rows.pop();
        rows[0].nodes += 1;
    });
    // Its sidecar says the rows it holds (a run's rows as they were written).
    let b = dir.path().join("b.run.toml");
    let text = std::fs::read_to_string(&b).unwrap();
    std::fs::write(&b, text.replace("\nrows = 12\n", "\nrows = 11\n")).unwrap();
    let (out, err) = run(
        &dir,
        &["compare", "a.csv", "b.csv", "--fail-above", "1000"],
        4,
    );
    assert!(
        out.contains("\n  easy12.txt dlx: 1 of 11 puzzles\n"),
        "{out}"
    );
    assert!(
        out.contains("\neasy12.txt dlx: 1 puzzle in A only, 0 in B only (not compared).\n"),
        "{out}"
    );
    assert_eq!(err, "error: easy12.txt dlx: counters changed on 1 puzzle\n");
    let (out, _) = run(&dir, &["compare", "b.csv", "a.csv"], 0);
    assert!(
        out.contains("\neasy12.txt dlx: 0 puzzles in A only, 1 in B only (not compared).\n"),
        "{out}"
    );
}

/// Two runs on one figure; one whose sidecar says it did not finish is named in the
/// title and in a warning.
#[test]
fn plot_draws_two_runs_on_one_figure() {
    let dir = tempfile::tempdir().unwrap();
    let c = easy(&dir).display().to_string();
    bench(&dir, &[&c, "-s", "dlx", "-o", "main.csv"], 0);
    bench(&dir, &[&c, "-s", "dlx", "-o", "branch.csv"], 0);
    let sidecar = dir.path().join("branch.run.toml");
    let text = std::fs::read_to_string(&sidecar).unwrap();
    let interrupted = text.replace("state = \"finished\"", "state = \"interrupted\"");
    std::fs::write(&sidecar, interrupted).unwrap();
    let (out, err) = run(
        &dir,
        &["plot", "main.csv", "branch.csv", "--out-dir", "fig"],
        0,
    );
    assert_eq!(out.lines().count(), 2, "{out}");
    let said = "warning: branch.csv: INTERRUPTED: the sidecar says the run was interrupted.\n";
    assert_eq!(err, said);
    let svg = std::fs::read_to_string(dir.path().join("fig/main-vs-branch.time.svg")).unwrap();
    assert!(svg.contains("dlx (main)") && svg.contains("dlx (branch)"));
    assert!(
        svg.contains("main vs branch (branch: INTERRUPTED)"),
        "the title"
    );
    assert!(dir.path().join("fig/main-vs-branch.nodes.svg").exists());
    run(&dir, &["plot", "main.csv", "nothing.csv"], 1);
}

/// `x/c.txt` (easy12's first 3 puzzles) and `y/c.txt` (its next 2) in `dir`.
fn two_corpora_of_one_name(dir: &tempfile::TempDir) {
    let text = std::fs::read_to_string(easy(dir)).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    std::fs::create_dir_all(dir.path().join("x")).unwrap();
    std::fs::create_dir_all(dir.path().join("y")).unwrap();
    write(dir, "x/c.txt", &(lines[..3].join("\n") + "\n"));
    write(dir, "y/c.txt", &(lines[3..5].join("\n") + "\n"));
}

/// Two corpora of a run that share a file name (`x/c.txt`, `y/c.txt`) stay two in `compare`
/// and in the plot of two runs, named by their paths: they were pooled under `c.txt`, the
/// rows of one index taken for one puzzle (y's puzzle 0 in place of x's), y left unsaid.
#[test]
fn compare_and_plot_keep_two_corpora_of_one_file_name_apart() {
    let dir = tempfile::tempdir().unwrap();
    two_corpora_of_one_name(&dir);
    for out in ["a.csv", "b.csv"] {
        bench(&dir, &["x/c.txt", "y/c.txt", "-s", "dlx", "-o", out], 0);
    }
    let (out, _) = run(&dir, &["compare", "a.csv", "b.csv"], 0);
    // Each corpus heads its lines.
    let puzzles = |corpus: &str| {
        let mut lines = out.lines().skip_while(|l| *l != corpus);
        let line = lines.nth(1);
        line.and_then(|l| l.split_whitespace().nth(1).map(str::to_string))
    };
    assert_eq!(puzzles("x/c.txt"), Some("3".into()), "{out}");
    assert_eq!(puzzles("y/c.txt"), Some("2".into()), "{out}");
    assert_eq!(puzzles("c.txt"), None, "{out}");
    run(&dir, &["plot", "a.csv", "b.csv"], 0);
    let svg = std::fs::read_to_string(dir.path().join("a-vs-b.time.svg")).unwrap();
    assert!(svg.contains("x/c.txt (3 puzzles)"), "{svg}");
    assert!(svg.contains("y/c.txt (2 puzzles)"), "{svg}");
}

/// A file name two corpora of one run share names its corpora by their paths in both runs:
/// `x/c.txt` alone in B was `c.txt` there, so that A's `x/c.txt` was "in A only", B's
/// `c.txt` "in B only", and with no other corpus nothing was compared (exit 1).
#[test]
fn compare_and_plot_match_a_corpus_whose_file_name_the_other_run_shares() {
    let dir = tempfile::tempdir().unwrap();
    two_corpora_of_one_name(&dir);
    bench(&dir, &["x/c.txt", "y/c.txt", "-s", "dlx", "-o", "a.csv"], 0);
    bench(&dir, &["x/c.txt", "-s", "dlx", "-o", "b.csv"], 0);
    let (out, _) = run(&dir, &["compare", "a.csv", "b.csv"], 0);
    let mut x = out.lines().skip_while(|l| *l != "x/c.txt");
    let paired = x.nth(1).and_then(|l| l.split_whitespace().nth(1));
    assert_eq!(paired, Some("3"), "{out}");
    assert!(out.contains("In A only: y/c.txt dlx."), "{out}");
    assert!(!out.contains("In B only"), "{out}");
    run(&dir, &["plot", "a.csv", "b.csv"], 0);
    let svg = std::fs::read_to_string(dir.path().join("a-vs-b.time.svg")).unwrap();
    assert_eq!(
        svg.matches("c.txt (3 puzzles)").count(),
        1,
        "one panel of x/c.txt"
    );
}

#[test]
fn gnu_parallel_runs_the_shards_and_their_merge_is_the_single_run() {
    sudoku_testkit::require(sudoku_testkit::Tool::Parallel);
    let dir = tempfile::tempdir().unwrap();
    let c = easy(&dir).display().to_string();
    bench(&dir, &[&c, "-s", "dlx,norvig", "-o", "one.csv"], 0);
    let bin = common::BIN;
    let status = std::process::Command::new("parallel")
        .current_dir(dir.path())
        .args(["--will-cite", "--halt", "now,fail=1", "-j", "2"])
        .arg(format!(
            "{bin} bench -q {c} -s dlx,norvig -j 1 --shard {{}}/4 -o shard{{}}.csv"
        ))
        .args([":::", "1", "2", "3", "4"])
        .env("PARALLEL_HOME", dir.path())
        .status()
        .unwrap();
    assert!(status.success());
    let shards: Vec<String> = (1..=4).map(|k| format!("shard{k}.csv")).collect();
    let args: Vec<&str> = ["merge", "-o", "all.csv"]
        .into_iter()
        .chain(shards.iter().map(String::as_str))
        .collect();
    run(&dir, &args, 0);
    assert_eq!(
        counters(&read_rows(&dir.path().join("all.csv"))),
        counters(&read_rows(&dir.path().join("one.csv")))
    );
}

/// A shard's summary, printed by the run, written beside it, and printed again by
/// `summary`, says it is one shard of the run, its wall clock the shard's (only its
/// sidecar said so: the clock read `for the whole run`).
#[test]
fn a_shards_summary_says_it_is_one() {
    let dir = tempfile::tempdir().unwrap();
    let c = easy(&dir).display().to_string();
    let (out, _) = run(
        &dir,
        &[
            "bench",
            "--progress-every",
            "0",
            &c,
            "-s",
            "dlx",
            "--first",
            "6",
            "--shard",
            "2/3",
            "-o",
            "s2.csv",
        ],
        0,
    );
    let line = "\nShard 2/3: one share of the run's puzzles (sudoku-lab merge joins the shards \
into the whole run).\nWall clock: ";
    assert!(out.contains(line), "{out}");
    assert!(out.contains(" puzzles/s for shard 2/3 ("), "{out}");
    assert!(!out.contains("whole run ("), "{out}");
    let markdown = std::fs::read_to_string(dir.path().join("s2.summary.md")).unwrap();
    assert!(
        markdown.starts_with("# sudoku-lab summary: shard 2/3\n"),
        "{markdown}"
    );
    let (again, _) = run(&dir, &["summary", "s2.csv"], 0);
    assert!(again.contains(line), "{again}");
}

/// A run without a sidecar beside its CSV is said to have none, so that its settings and
/// how it ended are not known (nothing was said: only a sidecar read and unfinished was
/// noted). It is no regression for `--fail-above`, as nothing says the run did not finish.
#[test]
fn compare_tells_a_run_without_a_sidecar() {
    let dir = tempfile::tempdir().unwrap();
    let c = easy(&dir).display().to_string();
    bench(&dir, &[&c, "-s", "dlx", "--first", "5", "-o", "a.csv"], 0);
    std::fs::copy(dir.path().join("a.csv"), dir.path().join("five.csv")).unwrap();
    let said = |which: &str, csv: &str, stem: &str| {
        format!("{which} ({csv}): sidecar not used: {stem}.run.toml not found. ")
    };
    // The notes are wrapped at 100 columns (as text, not as Markdown): read as one line.
    let run = |dir: &tempfile::TempDir, args: &[&str], code: i32| {
        let (out, err) = run(dir, args, code);
        (out.replace('\n', " "), err)
    };
    let (out, _) = run(&dir, &["compare", "a.csv", "five.csv"], 0);
    assert!(out.contains(&said("B", "five.csv", "five")), "{out}");
    assert!(!out.contains("A (a.csv): sidecar"), "{out}");
    let (out, _) = run(&dir, &["compare", "five.csv", "a.csv", "--markdown"], 0);
    assert!(out.contains(&said("A", "five.csv", "five")), "{out}");
    let (out, err) = run(
        &dir,
        &["compare", "five.csv", "five.csv", "--fail-above", "50"],
        0,
    );
    assert!(out.contains(&said("A", "five.csv", "five")), "{out}");
    assert!(out.contains(&said("B", "five.csv", "five")), "{out}");
    assert_eq!(err, "");
    let (out, _) = run(&dir, &["compare", "a.csv", "a.csv"], 0);
    assert!(!out.contains("sidecar"), "{out}");
    // One that cannot be read is not used either, and said so.
    write(&dir, "five.run.toml", "threads = \"two\"\n");
    let (out, _) = run(&dir, &["compare", "a.csv", "five.csv"], 0);
    let said = "B (five.csv): sidecar not used: five.run.toml: line 1: not a sudoku-lab sidecar";
    assert!(out.contains(said), "{out}");
}

/// A `cmd:` solver that never answers one puzzle (`timeout` after `--timeout`): its wait is
/// not a solve time, and no time figure counts it (`Row::solve_time`): the summary's
/// puzzles/s per core and its maximum are those of the puzzles answered, in the run's
/// summary and in `summary` of its CSV; `compare` times the puzzles both runs solved. The
/// timeout leaves the other puzzles' answers two seconds, which a loaded machine needs.
#[test]
fn a_timed_out_solve_counts_in_no_time_figure() {
    let dir = tempfile::tempdir().unwrap();
    let c = easy(&dir).display().to_string();
    let solvers = format!("cmd:stall=python3 {} stall 4", fixture("misbehave.py"));
    let args = [&c, "-s", &solvers, "--timeout", "2", "-o", "r.csv"];
    bench(&dir, &args, 0);
    let rows = read_rows(&dir.path().join("r.csv"));
    let answered: Vec<&Row> = rows.iter().filter(|r| r.status == Status::Solved).collect();
    let timed_out = rows.iter().filter(|r| r.status == Status::Timeout).count();
    assert_eq!((rows.len(), answered.len(), timed_out), (12, 11, 1));
    let total: u64 = answered.iter().map(|r| r.nanoseconds).sum();
    let rate = answered.len() as f64 / (total as f64 / 1e9);
    let rate = if rate < 100.0 {
        format!("{rate:.1}")
    } else {
        format!("{rate:.0}")
    };
    let max = answered.iter().map(|r| r.nanoseconds).max().unwrap();
    let max = sudoku_results::format_time(max as f64);
    let (wide, _) = run(&dir, &["summary", "r.csv", "--wide"], 0);
    let cells = |line: &str| -> Vec<String> {
        line.split("  ")
            .map(str::trim)
            .filter(|f| !f.is_empty())
            .map(str::to_string)
            .collect()
    };
    let header = cells(wide.lines().next().unwrap());
    let line = cells(wide.lines().find(|l| l.contains("stall")).unwrap());
    let cell = |name: &str| line[header.iter().position(|h| h == name).unwrap()].clone();
    assert_eq!(
        [cell("puzzles/s per core"), cell("max"), cell("timeout")],
        [rate.clone(), max.clone(), "1".to_string()],
        "{wide}"
    );
    assert!(
        wide.contains(
            "of the puzzles answered (timeout, crashed and unknown rows have no solve time"
        ),
        "{wide}"
    );
    let md = std::fs::read_to_string(dir.path().join("r.summary.md")).unwrap();
    let row = md.lines().find(|l| l.contains("| stall |")).unwrap();
    assert!(
        row.contains(&format!("| {rate} |")) && row.contains(&format!("| {max} |")),
        "{md}"
    );
    let (out, _) = run(&dir, &["compare", "r.csv", "r.csv"], 0);
    let stall = out.lines().find(|l| l.contains(" stall ")).unwrap();
    assert_eq!(stall.split_whitespace().nth(2), Some("11"), "{out}");
}

/// The shards a merge's sidecar lists, as `K/N CSV`.
fn merged_from(sidecar: &Sidecar) -> Vec<String> {
    let each = sidecar.merged_from.iter();
    each.map(|m| format!("{} {}", m.shard, m.csv)).collect()
}
