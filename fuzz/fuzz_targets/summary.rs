//! The summary of a run (`sudoku-lab summary X.csv`), from any bytes as its CSV and, after
//! the input's first NUL, any text as its sidecar `X.run.toml` (none without a NUL): no
//! panic, in the text tables (narrow and wide) and the Markdown; it reads when the rows and
//! the sidecar do, and its counts of puzzles and wrong rows are the rows'.
#![no_main]

use std::path::Path;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use sudoku_reports::{read_rows, Sidecar, Summary, View};
use sudoku_results::{Row, Status};

/// A folder for the files of every input, made once.
fn folder() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().unwrap()).path()
}

/// The rows of the CSV at `path`, if it and every row read.
fn rows_of(path: &Path) -> Option<Vec<Row>> {
    read_rows(path).ok()?.collect::<Result<_, _>>().ok()
}

/// The summary's counts are the rows': its puzzles and its wrong rows.
fn check_counts(summary: &Summary, rows: &[Row]) {
    let wrong = rows.iter().filter(|r| r.status == Status::Wrong).count();
    assert_eq!(summary.wrong(), wrong as u64);
    // A puzzle is counted when its corpus or index is not the row before's.
    let changes = rows
        .windows(2)
        .filter(|w| (&w[0].corpus, w[0].index) != (&w[1].corpus, w[1].index))
        .count();
    let puzzles = if rows.is_empty() { 0 } else { changes + 1 };
    assert_eq!(summary.puzzles(), puzzles as u64);
}

/// The summary of the CSV at `path` as `sudoku-lab summary` makes it: its rows, then what
/// its sidecar adds.
fn summary_of(path: &Path) -> Result<Summary, sudoku_reports::Error> {
    let mut summary = Summary::new();
    summary.recount(path)?;
    if let Some(sidecar) = Sidecar::read_beside(path)? {
        summary.apply_sidecar(&sidecar);
    }
    Ok(summary)
}

fuzz_target!(|data: &[u8]| {
    let (csv, sidecar) = match data.iter().position(|&b| b == 0) {
        Some(at) => (&data[..at], Some(&data[at + 1..])),
        None => (data, None),
    };
    let path = folder().join("r.csv");
    let beside = folder().join("r.run.toml");
    std::fs::write(&path, csv).unwrap();
    match sidecar {
        Some(text) => std::fs::write(&beside, text).unwrap(),
        None => drop(std::fs::remove_file(&beside)),
    }
    let summary = match summary_of(&path) {
        Ok(summary) => summary,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            let sidecar_reads = sidecar.is_none_or(|text| {
                std::str::from_utf8(text).is_ok_and(|t| Sidecar::parse(t, &beside).is_ok())
            });
            assert!(
                rows_of(&path).is_none() || !sidecar_reads,
                "the rows and the sidecar read, the summary does not: {e}"
            );
            return;
        }
    };
    let rows = rows_of(&path).expect("the rows of a summary that reads read");
    check_counts(&summary, &rows);
    for view in [View::Narrow, View::Wide] {
        assert!(!summary.to_text(view).is_empty());
    }
    assert!(!summary.to_markdown().is_empty());
});
