//! Records that cannot lie: a run's rows known by their content, a corpus by its bytes
//! (issue 47). `--resume` and `merge` keep exactly one row per (corpus, index, solver),
//! `--resume` each with the puzzle the corpus gives at that index now (`merge` trusts the
//! corpus its shards fingerprinted), or refuse, naming what differs; a
//! corpus changed under a run fails it; `compare --fail-above` refuses rows that are not
//! the run's.

mod common;

use std::path::Path;

use common::{read_rows, TestCommand};

/// The first `n` puzzles of Norvig's top95, from puzzle `from`, a line each.
fn top95(from: usize, n: usize) -> String {
    let text =
        std::fs::read_to_string(sudoku_testkit::corpus_path("norvig_sudoku-top95.txt")).unwrap();
    let lines: Vec<&str> = text.lines().skip(from).take(n).collect();
    format!("{}\n", lines.join("\n"))
}

/// Makes the finished run of `r.csv` in `dir` look interrupted, as a run stopped by
/// Ctrl-C leaves it: `r.interrupted.*`, its sidecar saying `rows`.
fn as_interrupted(dir: &Path, rows: u64) {
    for ext in ["csv", "run.toml", "summary.md"] {
        std::fs::rename(
            dir.join(format!("r.{ext}")),
            dir.join(format!("r.interrupted.{ext}")),
        )
        .unwrap();
    }
    let sidecar = dir.join("r.interrupted.run.toml");
    let text = std::fs::read_to_string(&sidecar).unwrap();
    let text = text.replace("state = \"finished\"", "state = \"interrupted\"");
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let at = lines.iter().position(|l| l.starts_with("rows = ")).unwrap();
    lines[at] = format!("rows = {rows}");
    std::fs::write(&sidecar, lines.join("\n") + "\n").unwrap();
}

/// The first case: a run stopped, its corpus replaced by other puzzles under the
/// same path, resumed. It ended `finished`, exit 0, its rows of puzzles the corpus no longer
/// holds at their index; it is refused, naming the corpus and the puzzles that differ.
#[test]
fn resume_refuses_rows_of_a_corpus_that_changed_since() {
    let t = TestCommand::new();
    let dir = t.dir();
    t.file("c.txt", &top95(0, 6));
    assert_eq!(run_in(dir, &RESUME[..9]).code, Some(0));
    as_interrupted(dir, 12);
    t.file("c.txt", &top95(10, 6));
    let out = run_in(dir, &RESUME[..10]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(
        out.stderr.contains(
            "--resume: r.interrupted.csv: 6 of the 6 puzzles it holds are not the corpus's at \
             their index now (c.txt index 0 (line 1): another puzzle there now; …)"
        ),
        "{}",
        out.stderr
    );
    assert!(!dir.join("r.csv").exists());
}

/// Runs `args` in `dir`.
fn run_in(dir: &Path, args: &[&str]) -> common::Outcome {
    let mut cmd = common::lab_process();
    cmd.current_dir(dir)
        .args(args)
        .stdin(std::process::Stdio::null());
    common::outcome(cmd.output().unwrap())
}

/// A bench of `c.txt` with naive and dlx into `r.csv` (`[..9]`), then `--resume`
/// (`[..10]`).
const RESUME: [&str; 10] = [
    "bench",
    "c.txt",
    "-s",
    "naive,dlx",
    "-j",
    "1",
    "-o",
    "r.csv",
    "-q",
    "--resume",
];

/// A finished run whose corpus has grown since is not "nothing left to do": its rows are
/// checked against the corpus and kept, and the new puzzles solved. One whose corpus is
/// as it was is.
#[test]
fn a_finished_run_whose_corpus_grew_solves_the_new_puzzles() {
    let t = TestCommand::new();
    t.file("c.txt", &top95(0, 4));
    let dir = t.dir();
    let resume = &RESUME[..];
    assert_eq!(run_in(dir, &resume[..9]).code, Some(0));
    let same = run_in(dir, resume);
    assert!(
        same.stderr
            .contains("--resume: r.csv is a finished run: nothing is left to do"),
        "{}",
        same.stderr
    );
    t.file("c.txt", &top95(0, 7));
    let grown = run_in(dir, resume);
    assert_eq!(grown.code, Some(0), "{}", grown.stderr);
    assert!(
        grown.stderr.contains(
            "--resume: a corpus is not known to be the one the run of r.csv read: c.txt (then "
        ),
        "{}",
        grown.stderr
    );
    let rows = read_rows(&dir.join("r.csv"));
    let indexes: Vec<u64> = rows.iter().map(|r| r.index).collect();
    assert_eq!(indexes, [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]);
    // Cut short: the rows past its end are not the corpus's.
    t.file("c.txt", &top95(0, 5));
    let cut = run_in(dir, resume);
    assert_eq!(cut.code, Some(1), "{}", cut.stderr);
    assert!(
        cut.stderr
            .contains("2 of the 7 puzzles it holds are not the corpus's at their index now"),
        "{}",
        cut.stderr
    );
    assert!(cut
        .stderr
        .contains("index 5 (line 6): past the corpus's end now"));
}

/// An edit of a CSV's lines.
type Edit = fn(&mut Vec<String>);

/// The edited CSVs: a row duplicated (601 rows in a 600-row run, 301 puzzles of
/// 300 in the summary), a row's index edited (two rows missing), a puzzle's rows moved to
/// an index the run had not reached: each refused, naming the puzzle.
#[test]
fn resume_refuses_a_csv_whose_rows_were_copied_moved_or_taken_out() {
    let t = TestCommand::new();
    t.file("c.txt", &top95(0, 6));
    let dir = t.dir();
    let edits: [(&str, Edit, &str); 4] = [
        (
            "a row duplicated",
            |l| l.insert(3, l[3].clone()),
            "puzzle 1 of c.txt (line 2): its rows are of solvers [naive, naive, dlx], \
             where the run's are [naive, dlx]",
        ),
        (
            "a row's index edited",
            |l| l[3] = l[3].replacen(",1,2,", ",2,2,", 1),
            "puzzle 2 of c.txt (line 2): its rows are of solvers [naive], where the \
             run's are [naive, dlx]",
        ),
        (
            "a row taken out",
            |l| {
                l.remove(4);
            },
            "puzzle 1 of c.txt (line 2): its rows are of solvers [naive], where the \
             run's are [naive, dlx]",
        ),
        (
            "a puzzle's rows moved past the others",
            |l| {
                l[1] = l[1].replacen(",0,1,", ",9,1,", 1);
                l[2] = l[2].replacen(",0,1,", ",9,1,", 1);
                let moved: Vec<String> = l.drain(1..3).collect();
                l.extend(moved);
            },
            "c.txt index 9 (line 1): past the corpus's end now",
        ),
    ];
    for (what, edit, said) in edits {
        for name in ["r.interrupted.csv", "r.interrupted.run.toml", "r.csv"] {
            let _ = std::fs::remove_file(dir.join(name));
        }
        assert_eq!(run_in(dir, &RESUME[..9]).code, Some(0), "{what}");
        let csv = std::fs::read_to_string(dir.join("r.csv")).unwrap();
        let mut lines: Vec<String> = csv.lines().map(String::from).collect();
        edit(&mut lines);
        let rows = lines.len() as u64 - 1;
        std::fs::write(dir.join("r.csv"), lines.join("\n") + "\n").unwrap();
        as_interrupted(dir, rows);
        let out = run_in(dir, &RESUME[..10]);
        assert_eq!(out.code, Some(1), "{what}: {}", out.stderr);
        assert!(out.stderr.contains(said), "{what}: {}", out.stderr);
        assert!(!dir.join("r.csv").exists(), "{what}");
    }
}

/// The truncation: a corpus cut short in place while the run reads it ended
/// `finished`, exit 0, with fewer puzzles. The run fails, naming the corpus; one removed
/// meanwhile fails it too, saying so (it said `now not known`).
#[test]
fn a_corpus_cut_short_while_the_run_reads_it_fails_the_run() {
    type Change = fn(&Path) -> std::io::Result<()>;
    let cut: Change = |c| std::fs::File::options().write(true).open(c)?.set_len(100);
    let changes = [
        (cut, ", now 100 bytes, xxh3 "),
        (
            |c| std::fs::remove_file(c),
            ", now it cannot be read: No such file",
        ),
    ];
    for (change, now) in changes {
        let t = TestCommand::new();
        let corpus = t.file("c.txt", &top95(0, 20));
        let dir = t.dir();
        let slow = "cmd:e=sh -c 'while read l; do sleep 0.05; echo none; done'";
        let mut cmd = common::lab_process();
        cmd.current_dir(dir)
            .args(["bench", "c.txt", "-s", slow, "-j", "1", "-o", "r.csv", "-q"])
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        let mut child = cmd.spawn().unwrap();
        let running = dir.join("r.running.run.toml");
        common::wait_for(&mut child, "the run's sidecar", || running.exists());
        change(&corpus).unwrap();
        let out = common::outcome(child.wait_with_output().unwrap());
        assert_eq!(out.code, Some(1), "{}", out.stderr);
        let said = "error: the corpus changed while the run read it: c.txt (then ";
        assert!(out.stderr.contains(said), "{}", out.stderr);
        assert!(out.stderr.contains(now), "{}", out.stderr);
        assert!(dir.join("r.failed.csv").exists());
        assert!(!dir.join("r.csv").exists());
    }
}

/// Shards: the same corpus by a relative and an absolute path is one corpus (refused
/// before, on the path text); one path that held two contents is refused (merged before,
/// half the rows of another corpus); a shard with a row duplicated and another taken out
/// (its count as its sidecar says) is refused (merged before: 96 and 94 puzzles of 95).
#[test]
fn merge_knows_a_corpus_by_its_content_and_a_shards_rows_by_theirs() {
    let t = TestCommand::new();
    let dir = t.dir();
    t.file("c.txt", &top95(0, 8));
    let absolute = dir.join("c.txt").display().to_string();
    let shard = |corpus: &str, k: &str, out: &str| {
        let args = [
            "bench",
            corpus,
            "-s",
            "naive,dlx",
            "-j",
            "1",
            "--shard",
            k,
            "-o",
            out,
            "-q",
        ];
        let out = run_in(dir, &args);
        assert_eq!(out.code, Some(0), "{}", out.stderr);
    };
    shard("c.txt", "1/2", "s1.csv");
    shard(&absolute, "2/2", "s2.csv");
    let merged = run_in(dir, &["merge", "s1.csv", "s2.csv", "-o", "m.csv", "-q"]);
    assert_eq!(merged.code, Some(0), "{}", merged.stderr);
    let rows = read_rows(&dir.join("m.csv"));
    assert_eq!(rows.len(), 16);
    assert!(rows.iter().all(|r| &*r.corpus == "c.txt"));
    // Shard 2 of another content under the same path.
    t.file("c.txt", &top95(20, 8));
    shard("c.txt", "2/2", "s2.csv");
    let refused = run_in(dir, &["merge", "s1.csv", "s2.csv", "-o", "m2.csv", "-q"]);
    assert_eq!(refused.code, Some(1), "{}", refused.stderr);
    assert!(
        refused.stderr.contains(
            "s1.csv and s2.csv are not shards of one run (first vs second): corpus: c.txt ("
        ),
        "{}",
        refused.stderr
    );
    // Shard 2 of the first content, a row duplicated and another taken out.
    t.file("c.txt", &top95(0, 8));
    shard("c.txt", "2/2", "s2.csv");
    let csv = std::fs::read_to_string(dir.join("s2.csv")).unwrap();
    let mut lines: Vec<&str> = csv.lines().collect();
    lines.insert(1, lines[1]);
    lines.remove(6);
    std::fs::write(dir.join("s2.csv"), lines.join("\n") + "\n").unwrap();
    let refused = run_in(dir, &["merge", "s1.csv", "s2.csv", "-o", "m3.csv", "-q"]);
    assert_eq!(refused.code, Some(1), "{}", refused.stderr);
    assert!(
        refused.stderr.contains("s2.csv: puzzle ")
            && refused
                .stderr
                .contains("[naive, naive, dlx], where the run's are [naive, dlx]: not the shard's"),
        "{}",
        refused.stderr
    );
    assert!(!dir.join("m3.csv").exists());
    // Shard 2 with its last puzzle's rows moved to an index of shard 1's share, past the
    // others.
    shard("c.txt", "2/2", "s2.csv");
    let two = sudoku_engine::Shard::new(2, 2).unwrap();
    let theirs = (100..102).find(|&i| !two.contains("c.txt", i)).unwrap();
    let csv = std::fs::read_to_string(dir.join("s2.csv")).unwrap();
    let last = read_rows(&dir.join("s2.csv")).last().unwrap().index;
    let moved = csv.replace(&format!("c.txt,{last},"), &format!("c.txt,{theirs},"));
    assert_ne!(moved, csv);
    std::fs::write(dir.join("s2.csv"), moved).unwrap();
    let refused = run_in(dir, &["merge", "s1.csv", "s2.csv", "-o", "m4.csv", "-q"]);
    assert_eq!(refused.code, Some(1), "{}", refused.stderr);
    assert!(
        refused.stderr.contains(&format!(
            "s2.csv: puzzle {theirs} of c.txt (line {}): not a puzzle of the shard's share 2/2",
            last + 1
        )),
        "{}",
        refused.stderr
    );
}

/// `compare --fail-above` passed when B held 99 of the 190 rows its sidecar says it
/// wrote: a gate on rows that are not the run's is refused; without the gate, warned of.
#[test]
fn compare_fail_above_refuses_a_run_short_of_its_rows() {
    let t = TestCommand::new();
    let dir = t.dir();
    t.file("c.txt", &top95(0, 6));
    assert_eq!(run_in(dir, &RESUME[..9]).code, Some(0));
    let csv = std::fs::read_to_string(dir.join("r.csv")).unwrap();
    let half: Vec<&str> = csv.lines().take(7).collect();
    std::fs::write(dir.join("b.csv"), half.join("\n") + "\n").unwrap();
    std::fs::copy(dir.join("r.run.toml"), dir.join("b.run.toml")).unwrap();
    let gate = run_in(dir, &["compare", "r.csv", "b.csv", "--fail-above", "5"]);
    assert_eq!(gate.code, Some(1), "{}", gate.stderr);
    let short = common::said::not_as_written(6, 12);
    assert!(
        gate.stderr
            .contains(&format!("error: --fail-above: B (b.csv): {short}.")),
        "{}",
        gate.stderr
    );
    let shown = run_in(dir, &["compare", "r.csv", "b.csv"]);
    assert_eq!(shown.code, Some(0), "{}", shown.stderr);
    assert!(shown.stderr.contains("warning: B (b.csv): 6 rows, where"));
}
