//! Reading the rows of a CSV written by the runner, one at a time, each error naming its line.

use std::io::{Read, Take};
use std::path::{Path, PathBuf};

use crate::bounded::{open_stream, LineBound, CSV, LINE_BYTES};
use crate::Error;
use sudoku_results::{Row, COLUMNS};

/// What a CSV error says, in words where the csv crate would quote bytes or counts, and
/// without its record number and byte offset (the message names the line); a field that
/// does not read, by its column's name in `headers`.
fn reason(e: &csv::Error, headers: &csv::StringRecord) -> String {
    match e.kind() {
        csv::ErrorKind::Utf8 { .. } => {
            "not UTF-8 text (a binary file, or text in another encoding)".into()
        }
        csv::ErrorKind::UnequalLengths {
            expected_len, len, ..
        } => format!("{len} fields, where the header has {expected_len}"),
        csv::ErrorKind::Deserialize { err, .. } => {
            match err.field().and_then(|i| headers.get(i as usize)) {
                Some(name) => format!("column {name}: {}", err.kind()),
                None => err.kind().to_string(),
            }
        }
        csv::ErrorKind::Io(err) => err.to_string(),
        _ => e.to_string(),
    }
}

/// The rows of a CSV, read one at a time (see [`read_rows`]).
pub struct Rows {
    pub(crate) rows: csv::DeserializeRecordsIntoIter<LineBound<Take<Box<dyn Read + Send>>>, Row>,
    headers: csv::StringRecord,
    path: PathBuf,
}

/// Opens a CSV written by `sudoku-lab bench` (a regular file or a pipe a program writes:
/// see [`crate::bounded`]).
pub fn read_rows(path: &Path) -> Result<Rows, Error> {
    Rows::new(open_stream(path, CSV)?, u64::MAX, path)
}

impl Rows {
    /// The rows of the first `bytes` bytes of `source`, the CSV at `path`, after its header,
    /// which must have every column of [`COLUMNS`].
    pub(crate) fn new(
        source: Box<dyn Read + Send>,
        bytes: u64,
        path: &Path,
    ) -> Result<Rows, Error> {
        let source = LineBound::new(source.take(bytes), LINE_BYTES);
        let mut reader = csv::Reader::from_reader(source);
        let headers = reader.headers().map_err(|e| {
            let reason = reason(&e, &csv::StringRecord::new());
            let reason = format!("cannot read the header: {reason}");
            Error::malformed(path, 1, reason)
        })?;
        if headers.is_empty() {
            return Err(Error::empty(path, "an empty file, not a CSV of sudoku-lab"));
        }
        // `name`, `original` and `retimed` came later: older CSVs lack them.
        let optional = ["name", "original", "retimed"];
        let lacks = |c: &&str| !optional.contains(c) && !headers.iter().any(|h| h == *c);
        if let Some(missing) = COLUMNS.into_iter().find(lacks) {
            let reason = format!("not a CSV of sudoku-lab: no column `{missing}`");
            return Err(Error::malformed(path, 1, reason));
        }
        Ok(Rows {
            headers: headers.clone(),
            rows: reader.into_deserialize(),
            path: path.to_path_buf(),
        })
    }

    /// Where the reading is.
    pub(crate) fn at(&self) -> &csv::Position {
        self.rows.reader().position()
    }
}

impl Iterator for Rows {
    type Item = Result<Row, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        let row = self.rows.next()?;
        Some(row.map_err(|e| {
            // An error of the reading itself (a line too long) is at the line it reached.
            let line = e.position().unwrap_or(self.at()).line();
            let reason = format!("malformed row: {}", reason(&e, &self.headers));
            Error::malformed(&self.path, line, reason)
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::identity::tests::{row, P};
    use crate::shown;

    /// A row of another length is named by its count of fields (a malformed field, and a
    /// second header as one, are pinned by `outputs.rs`'s
    /// `a_malformed_row_even_a_second_header_names_its_column`).
    #[test]
    fn a_row_of_another_length_says_its_count_of_fields() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bad.csv");
        let mut text = sudoku_results::header_line();
        crate::write::encode_row(&mut text, &row(0, "dlx", P));
        std::fs::write(&path, [&text[..], b"c,0,1,dlx\n"].concat()).unwrap();
        let err = read_rows(&path).unwrap().find_map(Result::err).unwrap();
        let says = "line 3: malformed row: 4 fields, where the header has 16";
        assert_eq!(err.to_string(), format!("{}: {says}", shown(&path)));
    }
}
