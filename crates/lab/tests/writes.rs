//! A run's writing under faults, end to end: a disk that fills (the file size limit, and a
//! real full file system where the tests may mount one), an output folder removed while
//! the run goes, an output named by a link.
//!
//! Every check is of what the files and messages say, never of a time; the bounds are
//! liveness bounds (a run that never ends fails the test after many seconds).

mod common;

use std::path::Path;

use common::{lab, read_rows, write, TOP1};
use sudoku_reports::{Sidecar, State};
use tempfile::TempDir;

/// Puzzles in the corpus of the full-disk tests: far more than their files hold.
const PUZZLES: usize = 3000;

/// A corpus of [`PUZZLES`] puzzles (TOP1 over and over, which norvig solves at once).
fn many_puzzles(dir: &TempDir) -> std::path::PathBuf {
    write(dir, "c.txt", &format!("{TOP1}\n").repeat(PUZZLES))
}

/// The sidecar beside `csv`, which must be there.
fn sidecar_of(csv: &Path) -> Sidecar {
    Sidecar::read_beside(csv).unwrap().expect("a sidecar")
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
    let run = common::lab_with_file_limit(128 * 1024)
        .args(["bench", "-s", "norvig", "-j", "1", "-q", "--wide"])
        .arg(&corpus)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("File too large"), "{stderr}");
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
