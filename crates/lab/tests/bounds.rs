//! Bounded readers and up-front refusals (issue 47): whatever a command that reads a run is
//! given, it answers at once, in little memory; an output that cannot be written, or whose
//! files are another run's, is refused before any work; what a report shows of a corpus's
//! name is never read as HTML; a figure is of a size a viewer shows.

mod common;

use std::path::Path;
use std::time::Duration;

use common::{read_rows, TestCommand, TOP1};

/// Runs `args` in `dir`, stdin empty, killed if it runs past 60 s (a reader that hangs).
fn run_in(dir: &Path, args: &[&str]) -> common::Outcome {
    let mut cmd = common::lab_process();
    cmd.current_dir(dir)
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let child = cmd.spawn().unwrap();
    common::outcome(wait_at_most(child, Duration::from_secs(60)))
}

/// The output of `child`, killed when it has not ended after `limit`.
fn wait_at_most(mut child: std::process::Child, limit: Duration) -> std::process::Output {
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            child.kill().unwrap();
            panic!("still running after {limit:?}: it hangs");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// A finished run of `c.txt` (TOP1) into `r.csv` in `dir`.
fn a_run(t: &TestCommand) {
    t.file("c.txt", &format!("{TOP1}\n"));
    let out = run_in(
        t.dir(),
        &["bench", "c.txt", "-s", "dlx", "-o", "r.csv", "-q"],
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
}

/// A FIFO no program writes, given as a CSV to `summary`, `compare`, `plot` and `merge`,
/// or as a sidecar: each errors at once (a FIFO sidecar blocked forever).
#[cfg(unix)]
#[test]
fn a_fifo_no_one_writes_is_refused_at_once() {
    let t = TestCommand::new();
    a_run(&t);
    let dir = t.dir();
    sudoku_testkit::mkfifo(dir, "f.csv");
    for args in [
        vec!["summary", "f.csv"],
        vec!["compare", "r.csv", "f.csv"],
        vec!["plot", "f.csv"],
    ] {
        let out = run_in(dir, &args);
        assert_eq!(out.code, Some(1), "{args:?}: {}", out.stderr);
        assert!(
            out.stderr
                .contains("f.csv: a FIFO (named pipe) that no program writes: nothing to read"),
            "{args:?}: {}",
            out.stderr
        );
    }
    // A sidecar that is a FIFO: refused before it is opened.
    std::fs::remove_file(dir.join("r.run.toml")).unwrap();
    sudoku_testkit::mkfifo(dir, "r.run.toml");
    let out = run_in(dir, &["summary", "r.csv"]);
    assert!(
        out.stderr
            .contains("r.run.toml: not a regular file (a folder, a FIFO, a device), not a sidecar"),
        "{}",
        out.stderr
    );
}

/// A sidecar that leads to `/dev/zero` (7-8 GB read in 20 s) and a sparse 3 GB CSV (7.5 GB
/// of memory for `summary`, 10.6 GB for `compare`): each refused at once, without reading
/// it whole.
#[cfg(unix)]
#[test]
fn a_device_or_a_huge_line_is_refused_without_reading_it_whole() {
    let t = TestCommand::new();
    a_run(&t);
    let dir = t.dir();
    std::fs::remove_file(dir.join("r.run.toml")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.join("r.run.toml")).unwrap();
    let out = run_in(dir, &["summary", "r.csv"]);
    assert!(
        out.stderr
            .contains("r.run.toml: not a regular file (a folder, a FIFO, a device), not a sidecar"),
        "{}",
        out.stderr
    );
    let sparse = std::fs::File::create(dir.join("s.csv")).unwrap();
    sparse.set_len(3 << 30).unwrap();
    for args in [vec!["summary", "s.csv"], vec!["compare", "s.csv", "r.csv"]] {
        let out = run_in(dir, &args);
        assert_eq!(out.code, Some(1), "{args:?}: {}", out.stderr);
        assert!(
            out.stderr.contains("a line longer than 1048576 bytes"),
            "{args:?}: {}",
            out.stderr
        );
    }
}

/// `-o newdir/` ran the whole run, then failed to put its files in place; it is refused
/// before any work, and writes nothing. So is it for `generate` and `merge`.
#[test]
fn an_output_that_names_a_folder_is_refused_before_any_work() {
    let t = TestCommand::new();
    t.file("c.txt", &format!("{TOP1}\n"));
    let dir = t.dir();
    let out = run_in(dir, &["bench", "c.txt", "-s", "dlx", "-o", "newdir/", "-q"]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert_eq!(
        out.stderr,
        "error: newdir/: names a folder, not a file: name the output file (such as \
         newdir/bench.csv)\n"
    );
    let out = run_in(
        dir,
        &["generate", "-n", "1", "--seed", "1", "-o", "newdir/", "-q"],
    );
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(out.stderr.contains("newdir/: names a folder"));
    let left: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, ["c.txt"]);
}

/// `-o x` then `-o x.csv`: both runs' files are `x.summary.md` and `x.run.toml`, and the
/// second replaced the first's silently. One stem names one run: the second is refused,
/// naming the other run's CSV; a run again on its own name replaces its own files.
#[test]
fn two_outputs_of_one_stem_are_one_run() {
    let t = TestCommand::new();
    t.file("x.txt", &format!("{TOP1}\n"));
    let dir = t.dir();
    let bench = |out: &str| run_in(dir, &["bench", "x.txt", "-s", "dlx", "-o", out, "-q"]);
    assert_eq!(bench("x").code, Some(0));
    let out = bench("x.csv");
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(
        out.stderr.contains(
            "x.csv: x.summary.md and x.run.toml are the files of the run whose CSV is x (one \
             stem names one run"
        ),
        "{}",
        out.stderr
    );
    assert!(!dir.join("x.csv").exists());
    assert_eq!(bench("x").code, Some(0), "the same run again");
}

/// A corpus named with HTML went into `summary.md`, and `compare --markdown`'s table, as
/// HTML (a script, a comment that hides the rest): it is written as text.
#[cfg(unix)]
#[test]
fn a_summary_and_compare_show_a_corpus_name_as_text_not_html() {
    let t = TestCommand::new();
    let name = "<img src=x onerror=alert(1)>&.txt";
    t.file(name, &format!("{TOP1}\nnot a puzzle\n"));
    let out = run_in(t.dir(), &["bench", name, "-s", "dlx", "-o", "r.csv", "-q"]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let md = std::fs::read_to_string(t.dir().join("r.summary.md")).unwrap();
    assert!(!md.contains("<img"), "{md}");
    assert!(
        md.contains("&lt;img src=x onerror=alert(1)&gt;&amp;.txt"),
        "{md}"
    );
    let rows = read_rows(&t.dir().join("r.csv"));
    assert_eq!(&*rows[0].corpus, name, "the CSV keeps the name as it is");
    let out = run_in(t.dir(), &["compare", "r.csv", "r.csv", "--markdown"]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(!out.stdout.contains("<img"), "{}", out.stdout);
    assert!(out.stdout.contains("| &lt;img src=x"), "{}", out.stdout);
}

/// `plot` of nine runs was refused by clap with `unexpected value 'r9.csv' for
/// '<FILE.csv>...' found; no more were expected`, which did not say that eight is the most.
#[test]
fn plot_of_more_runs_than_a_figure_shows_says_the_most() {
    let t = TestCommand::new();
    let dir = t.dir();
    std::fs::write(dir.join("c.txt"), format!("{TOP1}\n")).unwrap();
    let out = run_in(dir, &["bench", "c.txt", "-s", "dlx", "-o", "r.csv", "-q"]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let plot = |runs: usize| {
        let args = ["plot"]
            .into_iter()
            .chain(std::iter::repeat_n("r.csv", runs));
        run_in(dir, &args.collect::<Vec<_>>())
    };
    let out = plot(9);
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    let said = "error: 9 runs given: a figure draws at most 8";
    assert!(out.stderr.starts_with(said), "{}", out.stderr);
    assert_eq!(plot(8).code, Some(0));
}

/// `plot` of a run over 10,000 corpora is refused (its figure would be hundreds of MB of
/// SVG): a figure draws at most 64 panels, and says what to do with more.
#[test]
fn plot_refuses_more_corpora_than_a_figure_shows() {
    let t = TestCommand::new();
    let dir = t.dir();
    std::fs::create_dir(dir.join("many")).unwrap();
    for i in 0..65 {
        std::fs::write(dir.join(format!("many/c{i:02}.txt")), format!("{TOP1}\n")).unwrap();
    }
    let out = run_in(dir, &["bench", "many", "-s", "dlx", "-o", "r.csv", "-q"]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let out = run_in(dir, &["plot", "r.csv"]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(
        out.stderr
            .contains("65 corpora: a figure draws a panel for each, at most 64"),
        "{}",
        out.stderr
    );
    assert!(!dir.join("r.time.svg").exists());
}
