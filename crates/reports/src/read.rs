//! Reading the rows of a CSV written by the runner, one at a time, each error naming its line.

use std::fs::File;
use std::io::{Read, Take};
use std::path::{Path, PathBuf};

use crate::error::{shown, Error};
use crate::row::{Row, COLUMNS};

/// The columns a row cannot do without (`name` and `original` came later: older CSVs lack
/// them).
fn required() -> impl Iterator<Item = &'static str> {
    COLUMNS
        .into_iter()
        .filter(|&c| c != "name" && c != "original")
}

/// What a CSV error says: the csv crate's words, except for a file that is not UTF-8 text
/// (a binary file, a spreadsheet, another encoding), whose bytes it would quote.
pub(crate) fn reason(e: &csv::Error) -> String {
    match e.kind() {
        csv::ErrorKind::Utf8 { .. } => {
            "not UTF-8 text (a binary file, or text in another encoding)".into()
        }
        _ => e.to_string(),
    }
}

/// The rows of a CSV, read one at a time (see [`read_rows`]).
pub struct Rows {
    reader: csv::Reader<Take<File>>,
    headers: csv::StringRecord,
    record: csv::StringRecord,
    path: PathBuf,
    last_line: u64,
}

/// Opens a CSV written by `sudoku-lab bench` and checks its header.
///
/// # Errors
///
/// When the file cannot be opened, or its header lacks a column of [`COLUMNS`].
pub fn read_rows(path: &Path) -> Result<Rows, Error> {
    read_rows_within(path, u64::MAX)
}

/// [`read_rows`] of the first `bytes` bytes of the file only (the rows a run that continues
/// it keeps, see [`crate::resume`]).
///
/// # Errors
///
/// As [`read_rows`].
pub fn read_rows_within(path: &Path, bytes: u64) -> Result<Rows, Error> {
    let file = File::open(path).map_err(|source| Error::Open {
        path: shown(path),
        source,
    })?;
    let mut reader = csv::Reader::from_reader(file.take(bytes));
    let headers = reader
        .headers()
        .map_err(|e| Error::Malformed {
            path: shown(path),
            line: 1,
            reason: format!("cannot read the header: {}", reason(&e)),
        })?
        .clone();
    if headers.is_empty() {
        return Err(Error::Empty {
            path: shown(path),
            reason: "an empty file, not a CSV of sudoku-lab".into(),
        });
    }
    if let Some(missing) = required().find(|c| !headers.iter().any(|h| h == *c)) {
        return Err(Error::Malformed {
            path: shown(path),
            line: 1,
            reason: format!("not a CSV of sudoku-lab: no column `{missing}`"),
        });
    }
    Ok(Rows {
        reader,
        headers,
        record: csv::StringRecord::new(),
        path: path.to_path_buf(),
        last_line: 1,
    })
}

impl Iterator for Rows {
    type Item = Result<Row, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        let malformed = |line: u64, reason: String| Error::Malformed {
            path: shown(&self.path),
            line,
            reason,
        };
        match self.reader.read_record(&mut self.record) {
            Ok(false) => return None,
            Ok(true) => {}
            Err(e) => {
                let line = e.position().map_or(self.last_line + 1, csv::Position::line);
                return Some(Err(malformed(
                    line,
                    format!("malformed row: {}", reason(&e)),
                )));
            }
        }
        let line = self
            .record
            .position()
            .map_or(self.last_line + 1, csv::Position::line);
        self.last_line = line;
        Some(
            self.record
                .deserialize(Some(&self.headers))
                .map_err(|e| malformed(line, format!("malformed row: {e}"))),
        )
    }
}
