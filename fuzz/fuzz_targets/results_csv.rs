//! The results CSV reader (`read_rows`, which `summary`, `compare`, `merge` and `plot`
//! read a run with, and `done_in`, which `--resume` reads it with) on any bytes as a CSV:
//! no panic, and every error says something. What it reads, written again by the
//! project's writer (`encode_row`), reads back equal and
//! writes the same bytes again. What `done_in` keeps reads back as the first rows of the
//! file, as `read_rows` reads them. (The summary of the rows: the `summary` target.)
#![no_main]

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use sudoku_reports::done::done_in;
use sudoku_reports::read_rows;
use sudoku_reports::write::encode_row;
use sudoku_results::{header_line, Row};

/// A folder for the files of every input, made once (a folder per input costs more than
/// the reading).
fn folder() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().unwrap()).path()
}

/// The rows of the CSV at `path`, in order, `None` for one that does not read; `None` when
/// the file is not a results CSV at all (its header).
fn rows_of(path: &Path) -> Option<Vec<Option<Row>>> {
    let rows = match read_rows(path) {
        Ok(rows) => rows,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return None;
        }
    };
    let read = rows.map(|row| match row {
        Ok(row) => Some(row),
        Err(e) => {
            assert!(!e.to_string().is_empty());
            None
        }
    });
    Some(read.collect())
}

/// The rows as the project writes them: its header, then each row by [`encode_row`].
fn written(rows: &[Row]) -> Vec<u8> {
    let mut bytes = header_line();
    for row in rows {
        encode_row(&mut bytes, row);
    }
    bytes
}

/// What `--resume` keeps of the file at `path`, when it would continue it (told the file
/// holds `whole` rows, or not told): the first of the rows `read_rows` reads there.
fn check_resume(path: &Path, read: &[Option<Row>], whole: Option<u64>) {
    // Any rows of a puzzle pass: the reading itself is fuzzed, not the rule of a run.
    let done = match done_in(path, whole, &|_| Ok(())) {
        Ok(done) => done,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    let kept: Vec<Option<Row>> = done.rows(path).unwrap().map(Result::ok).collect();
    assert_eq!(kept.len() as u64, done.rows);
    assert!(done.count() <= done.rows);
    assert!(
        kept.len() <= read.len(),
        "done_in kept more rows than there are"
    );
    assert!(
        kept.iter().all(Option::is_some),
        "a row done_in kept does not read"
    );
    assert_eq!(kept[..], read[..kept.len()], "kept rows differ");
}

fuzz_target!(|data: &[u8]| {
    let input: PathBuf = folder().join("r.csv");
    std::fs::write(&input, data).unwrap();
    let Some(read) = rows_of(&input) else {
        return;
    };
    check_resume(&input, &read, None);
    check_resume(&input, &read, Some(read.len() as u64));
    let read: Vec<Row> = read.into_iter().flatten().collect();
    let bytes = written(&read);
    let output = folder().join("w.csv");
    std::fs::write(&output, &bytes).unwrap();
    let again = rows_of(&output).expect("the header the project writes reads");
    let again: Vec<Row> = again
        .into_iter()
        .map(|row| row.expect("a row the project wrote reads"))
        .collect();
    assert_eq!(again, read, "rows read, written and read again differ");
    assert_eq!(written(&again), bytes, "written twice, the bytes differ");
});
