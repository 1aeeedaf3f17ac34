//! The runner's command line under random arguments and corpora: `sudoku-lab` (the binary
//! named by `SUDOKU_LAB_BIN`) never panics, never hangs, never exits with a status it does
//! not document (0, 1 or 2 here, and 4 for `compare`: 3 would be a wrong answer), and every
//! results CSV it leaves is whole: it reads back, with as many rows as its sidecar says,
//! and no sidecar is left saying `running`.
//!
//! The input is split at its first NUL: before it, up to three commands run one after the
//! other in the same folder (the word `;` separates them), so that a later one meets what
//! an earlier one left (`bench --shard` then `merge`, a failed run then `--resume`,
//! `generate -o` then `bench` on its file); after it, the corpus, written as `c.txt`,
//! `c.csv` and `dir/c.txt`. In a command, a byte below the vocabulary's length is a word
//! of it; any other byte starts a raw argument, up to the next byte 0x01, that never
//! starts with `-`. Every run is bounded: `--max-nodes` at most 100 000 (added when
//! missing to `bench`, `solve`, `trace` and `grade`), `--repeat` at most 3, `--threads` at most 4,
//! `generate`'s `--count` at most 3 and `--max-attempts` at most 50, `compare`'s
//! `--resamples` at most 1000. Not drawn: `cmd:` solvers (a raw argument that names one
//! is defused: a mutation could spell any program) and `--warmup` (seconds of solving each
//! run).
#![no_main]

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use libfuzzer_sys::fuzz_target;
use sudoku_reports::{read_rows, Sidecar, State};

/// Far more than any bounded run here takes: reaching it is a hang.
const HANG: Duration = Duration::from_secs(60);

const TOP1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

const WORDS: &[&str] = &[
    "bench",
    "solve",
    "summary",
    "plot",
    "completions",
    "man",
    "-s",
    "--solvers",
    "dlx",
    "norvig",
    "naive",
    "reduce",
    "dlx,norvig",
    "naive,dlx,reduce",
    "-l",
    "--limit",
    "--max-nodes",
    "-j",
    "--threads",
    "--repeat",
    "-o",
    "--out",
    "--strict",
    "-n",
    "--first",
    "-q",
    "--quiet",
    "--wide",
    "--progress-every",
    "--out-dir",
    "0",
    "1",
    "2",
    "3",
    "17",
    "-1",
    "c.txt",
    "c.csv",
    "dir",
    "-",
    "r.csv",
    "o.csv",
    "r.running.csv",
    "out/r.csv",
    "bash",
    TOP1,
    "r.run.toml",
    "--help",
    "--version",
    SEPARATOR,
    "generate",
    "trace",
    "merge",
    "compare",
    "--resume",
    "--shard",
    "1/2",
    "2/2",
    "--seed",
    "--count",
    "--size",
    "4x4",
    "16x16",
    "--symmetry",
    "rotate180",
    "--givens",
    "22..26",
    "--grade",
    "x_wing",
    "--max-attempts",
    "--html",
    "p.html",
    "--format",
    "jsonl",
    "p.txt",
    "--corpus",
    "--index",
    "--fail-above",
    "r.failed.csv",
    "r.killed.csv",
    // Appended, so that the bytes of the words above keep them: an option added since
    // (trace's --time-plain), options the list lacked, and values they take.
    "--time-plain",
    "--markdown",
    "--resamples",
    "--grid",
    "tries",
    "all",
    "--max-events",
    "--no-minimal",
    "--nodes",
    "naive:10..1000",
    "--permute",
    "--pin",
    "none",
    "--timeout",
    "--solver",
    "--color",
    "always",
    // plot's options for slides, and values they take.
    "--figure",
    "time",
    "svg,png",
    "1280x720",
    "--title",
    "--name",
    // grade, and generate's --difficulty.
    "grade",
    "--difficulty",
    "expert",
];

/// The word between two commands of one input.
const SEPARATOR: &str = ";";

/// Commands at most in one input.
const COMMANDS: usize = 3;

/// Caps on the values of options that set how much a run does.
const CAPS: &[(&str, u64)] = &[
    ("--max-nodes", 100_000),
    ("--repeat", 3),
    ("-j", 4),
    ("--threads", 4),
    ("--count", 3),
    ("-n", 3),
    ("--max-attempts", 50),
    ("--resamples", 1000),
];

/// The commands of `spec`, each one's arguments.
fn commands(spec: &[u8]) -> Vec<Vec<OsString>> {
    let separator = WORDS.iter().position(|w| *w == SEPARATOR).unwrap() as u8;
    spec.split(|&b| b == separator)
        .take(COMMANDS)
        .map(arguments)
        .collect()
}

/// Makes a raw argument name no `cmd:` solver (`cmd:` becomes `cmd_`): a mutated input
/// would otherwise have the runner start whatever program its bytes spell.
fn defuse_programs(raw: &mut [u8]) {
    for i in 0..raw.len().saturating_sub(3) {
        if raw[i..].starts_with(b"cmd:") {
            raw[i + 3] = b'_';
        }
    }
}

fn arguments(spec: &[u8]) -> Vec<OsString> {
    let mut args = Vec::new();
    let mut bytes = spec.iter().copied().peekable();
    while let Some(b) = bytes.next() {
        if usize::from(b) < WORDS.len() {
            args.push(OsString::from(WORDS[usize::from(b)]));
            continue;
        }
        let mut raw = vec![b];
        while let Some(&c) = bytes.peek() {
            bytes.next();
            if c == 1 {
                break;
            }
            raw.push(c);
        }
        if raw[0] == b'-' {
            raw.insert(0, b'x');
        }
        defuse_programs(&mut raw);
        args.push(OsString::from_vec(raw));
    }
    for i in 1..args.len() {
        let capped = CAPS.iter().find(|(name, _)| args[i - 1] == *name);
        if let Some(&(_, cap)) = capped {
            let too_much = args[i]
                .to_str()
                .and_then(|v| v.parse::<u64>().ok())
                .is_none_or(|v| v > cap);
            if too_much {
                args[i] = cap.to_string().into();
            }
        }
    }
    let solves = matches!(
        args.first().and_then(|a| a.to_str()),
        Some("bench" | "solve" | "trace" | "grade")
    );
    if solves && !args.iter().any(|a| a == "--max-nodes") {
        args.extend(["--max-nodes".into(), "100000".into()]);
    }
    args
}

/// Every results CSV in `dir` reads back whole, with its sidecar's count of rows.
fn check_outputs(dir: &Path, args: &[Vec<OsString>]) {
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if !path.file_name().unwrap().as_bytes().ends_with(b".csv") {
                continue;
            }
            let Ok(Some(sidecar)) = Sidecar::read_beside(&path) else {
                continue;
            };
            assert_ne!(
                sidecar.state,
                State::Running,
                "{args:?} left {}",
                path.display()
            );
            let mut rows = 0;
            for row in read_rows(&path).unwrap_or_else(|e| panic!("{args:?}: {e}")) {
                row.unwrap_or_else(|e| panic!("{args:?}: {e}"));
                rows += 1;
            }
            assert_eq!(rows, sidecar.rows, "{args:?}: {}", path.display());
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some(bin) = std::env::var_os("SUDOKU_LAB_BIN") else {
        eprintln!("set SUDOKU_LAB_BIN to a sudoku-lab binary built in release mode");
        std::process::exit(2);
    };
    let (spec, corpus) = match data.iter().position(|&b| b == 0) {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (data, &b""[..]),
    };
    if corpus.len() > 4096 || spec.len() > 128 {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("c.txt"), corpus).unwrap();
    std::fs::write(dir.path().join("c.csv"), corpus).unwrap();
    std::fs::create_dir(dir.path().join("dir")).unwrap();
    std::fs::write(dir.path().join("dir/c.txt"), corpus).unwrap();
    let commands = commands(spec);
    for args in &commands {
        run(&bin, dir.path(), args);
    }
    check_outputs(dir.path(), &commands);
});

/// Runs `bin` with `args` in `dir`: it ends within [`HANG`], without a panic, with a
/// status it documents.
fn run(bin: &OsStr, dir: &Path, args: &[OsString]) {
    let log = dir.join("stderr.log");
    let mut child = Command::new(bin)
        .args(args)
        .current_dir(dir)
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > HANG {
            let _ = child.kill();
            panic!("{args:?} hangs");
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let status = child.wait().unwrap();
    let stderr = String::from_utf8_lossy(&std::fs::read(&log).unwrap()).into_owned();
    // A panic's own line (a message may quote a word of the input, such as "panicked").
    let panicked = stderr
        .lines()
        .any(|l| l.starts_with("thread '") && l.contains("' panicked at "));
    assert!(!panicked, "{args:?}: {stderr}");
    let compare = args.first().is_some_and(|a| a == "compare");
    assert!(
        matches!(status.code(), Some(0..=2)) || (compare && status.code() == Some(4)),
        "{args:?}: exit {status:?}: {stderr}"
    );
}
