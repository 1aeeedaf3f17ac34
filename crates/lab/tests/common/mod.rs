//! What the end-to-end tests share: the binary, a CSV read back, corpora written.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Child, Output};
use std::time::{Duration, Instant};

use assert_cmd::Command;
use sudoku_reports::Row;
use tempfile::TempDir;

pub const BIN: &str = env!("CARGO_BIN_EXE_sudoku-lab");
pub const TOP1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// The binary, with no colour or logging from the environment.
pub fn lab() -> Command {
    let mut cmd = Command::new(BIN);
    cmd.env_remove("RUST_LOG")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("NO_COLOR");
    cmd
}

/// The rows of a CSV the runner wrote (its header checked).
pub fn read_rows(csv: &Path) -> Vec<Row> {
    let mut reader = csv::Reader::from_path(csv).unwrap();
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(header, sudoku_reports::COLUMNS);
    reader
        .deserialize()
        .map(|r| r.expect("a readable row"))
        .collect()
}

/// Writes `text` as `name` in `dir`.
pub fn write(dir: &TempDir, name: &str, text: &str) -> PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The binary run with its files limited to `bytes` (a multiple of 512; `ulimit -f`, and
/// SIGXFSZ ignored): a write past the limit fails with "File too large", as on a full
/// disk.
#[cfg(unix)]
pub fn lab_with_file_limit(bytes: u64) -> Command {
    let mut cmd = Command::new("sh");
    cmd.env_remove("RUST_LOG")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("NO_COLOR")
        .arg("-c")
        .arg(format!(
            r#"trap "" XFSZ; ulimit -f {}; exec "$0" "$@""#,
            bytes / 512
        ))
        .arg(BIN);
    cmd
}

/// Far more than any run of the tests may take: reaching it means the run hangs.
pub const HANG: Duration = Duration::from_secs(30);

/// Waits until `ready` holds, failing the test after [`HANG`] or when `child` ends first.
pub fn wait_for(child: &mut Child, what: &str, ready: impl Fn() -> bool) {
    let start = Instant::now();
    while !ready() {
        assert!(start.elapsed() < HANG, "{what}: never happened");
        assert!(child.try_wait().unwrap().is_none(), "{what}: the run ended");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Sends SIGTERM to `child` and waits for it to end (failing after [`HANG`]).
#[cfg(unix)]
pub fn terminate(child: Child) -> Output {
    signal(child, &["-TERM"])
}

/// Sends `signals` (`kill`'s options: `-TERM`, `-INT`) to `child`, one after the other,
/// and waits for it to end (failing after [`HANG`]). Two signals of one kind may reach the
/// process as one: send two kinds for two interrupts.
#[cfg(unix)]
pub fn signal(mut child: Child, signals: &[&str]) -> Output {
    for signal in signals {
        let sent = std::process::Command::new("kill")
            .args([*signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
    }
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > HANG {
            let _ = child.kill();
            panic!("the interrupt was not seen");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}
