//! Reading the rows of a CSV written by the runner, one at a time, each error naming its line.

use std::io::{Read, Take};

use crate::bounded::{open_stream, LineBound, CSV};
use std::path::{Path, PathBuf};

use crate::error::{shown, Error};
use sudoku_results::{Row, COLUMNS};

/// The columns a row cannot do without (`name` and `original` came later: older CSVs lack
/// them).
fn required() -> impl Iterator<Item = &'static str> {
    COLUMNS
        .into_iter()
        .filter(|&c| c != "name" && c != "original" && c != "retimed")
}

/// What a CSV error says, without the csv crate's record number and byte offset (the
/// message names the line): a file that is not UTF-8 text (a binary file, a spreadsheet,
/// another encoding), whose bytes it would quote, and a row of too many or too few fields
/// in words; else the csv crate's words.
pub(crate) fn reason(e: &csv::Error) -> String {
    match e.kind() {
        csv::ErrorKind::Utf8 { .. } => {
            "not UTF-8 text (a binary file, or text in another encoding)".into()
        }
        csv::ErrorKind::UnequalLengths {
            expected_len, len, ..
        } => format!("{len} fields, where the header has {expected_len}"),
        csv::ErrorKind::Io(err) => err.to_string(),
        _ => e.to_string(),
    }
}

/// What a row that cannot be read, or read as a [`Row`], says (`record`, under `headers`):
/// a second header, as two CSVs joined whole leave; else the column, by name and place,
/// and why; else [`reason`].
pub(crate) fn row_reason(
    e: &csv::Error,
    headers: &csv::StringRecord,
    record: &csv::StringRecord,
) -> String {
    // The record holds the line's fields after these errors only.
    let read = matches!(
        e.kind(),
        csv::ErrorKind::Deserialize { .. } | csv::ErrorKind::UnequalLengths { .. }
    );
    if read && looks_like_a_header(record) {
        return "a header, not a row: two CSVs joined with both their headers? (join them \
without the second's first line: tail -n +2)"
            .into();
    }
    let csv::ErrorKind::Deserialize { err, .. } = e.kind() else {
        return format!("malformed row: {}", reason(e));
    };
    match err
        .field()
        .and_then(|i| Some((i, headers.get(usize::try_from(i).ok()?)?)))
    {
        Some((i, name)) => format!(
            "malformed row: column {name} ({}): {}",
            ordinal(i + 1),
            err.kind()
        ),
        None => format!("malformed row: {}", err.kind()),
    }
}

/// Whether a record is a header of sudoku-lab's rather than a row: each of its fields a
/// column's name, `corpus` among them.
fn looks_like_a_header(record: &csv::StringRecord) -> bool {
    record.iter().any(|f| f == "corpus") && record.iter().all(|f| COLUMNS.contains(&f))
}

/// `n` as an English ordinal: `1st`, `2nd`, `3rd`, `4th`, `11th`, `12th`, `21st`.
fn ordinal(n: u64) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The rows of a CSV, read one at a time (see [`read_rows`]).
pub struct Rows {
    reader: csv::Reader<LineBound<Take<Box<dyn Read + Send>>>>,
    headers: csv::StringRecord,
    record: csv::StringRecord,
    path: PathBuf,
    last_line: u64,
}

/// Opens a CSV written by `sudoku-lab bench` and checks its header.
///
/// # Errors
///
/// When the file cannot be opened, is neither a regular file nor a pipe a program writes
/// (a folder, a device, a FIFO no one writes: see [`crate::bounded`]), or its header lacks
/// a column of [`COLUMNS`].
pub fn read_rows(path: &Path) -> Result<Rows, Error> {
    read_rows_within(path, u64::MAX)
}

/// [`read_rows`] of the first `bytes` bytes of the file only (the rows a run that continues
/// it keeps, see [`crate::done`]).
///
/// # Errors
///
/// As [`read_rows`].
pub fn read_rows_within(path: &Path, bytes: u64) -> Result<Rows, Error> {
    let file = open_stream(path, CSV)?;
    let mut reader = csv::Reader::from_reader(LineBound::new(file.take(bytes)));
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
                    row_reason(&e, &self.headers, &self.record),
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
                .map_err(|e| malformed(line, row_reason(&e, &self.headers, &self.record))),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::done::done_in;

    /// The header a run writes.
    const HEADER: &str = "corpus,index,line,name,solver,limit,status,solutions,nodes,backtracks,\
nanoseconds,median_nanoseconds,retimed,puzzle,solution,original\n";

    /// A row a run writes, its time `ns`.
    fn line(ns: &str) -> String {
        format!(
            "c.txt,0,1,,dlx,1,solved,1,5,1,{ns},7,0,1.3.|.4..|2...|1..4,1234|3412|2143|4321,-\n"
        )
    }

    /// The first error of reading `text` as a CSV named `bad.csv`, whole.
    fn first_error(text: &str) -> String {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bad.csv");
        std::fs::write(&path, text).unwrap();
        let err = read_rows(&path)
            .unwrap()
            .find_map(Result::err)
            .expect("an error")
            .to_string();
        err.replace(&shown(&path), "bad.csv")
    }

    #[test]
    fn a_malformed_field_is_named_by_its_column() {
        let text = format!("{HEADER}{}{}", line("5"), line("-5"));
        assert_eq!(
            first_error(&text),
            "bad.csv: line 3: malformed row: column nanoseconds (11th): invalid digit found \
in string"
        );
        let text = format!("{HEADER}{}", line("5").replacen(",0,", ",x,", 1));
        assert_eq!(
            first_error(&text),
            "bad.csv: line 2: malformed row: column index (2nd): invalid digit found in string"
        );
    }

    #[test]
    fn a_row_of_another_length_says_how_many_fields_it_has() {
        let text = format!("{HEADER}{}c,0,1,dlx\n", line("5"));
        assert_eq!(
            first_error(&text),
            "bad.csv: line 3: malformed row: 4 fields, where the header has 16"
        );
    }

    #[test]
    fn a_second_header_is_named_as_such() {
        let joined = "bad.csv: line 3: a header, not a row: two CSVs joined with both their \
headers? (join them without the second's first line: tail -n +2)";
        let text = format!("{HEADER}{}{HEADER}{}", line("5"), line("6"));
        assert_eq!(first_error(&text), joined);
        // The header of a version before the `original` column: one field fewer.
        let older = HEADER.replace(",original", "");
        let text = format!("{HEADER}{}{older}{}", line("5"), line("6"));
        assert_eq!(first_error(&text), joined);
    }

    #[test]
    fn resume_names_a_malformed_row_alike() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bad.csv");
        for (text, reason) in [
            (
                format!("{HEADER}{}{}", line("-5"), line("5")),
                "line 2: malformed row: column nanoseconds (11th): invalid digit found in string",
            ),
            (
                format!("{HEADER}{}{HEADER}{}", line("5"), line("6")),
                "line 3: a header, not a row",
            ),
        ] {
            std::fs::write(&path, text).unwrap();
            let err = done_in(&path, None, &|_| Ok(())).unwrap_err().to_string();
            assert!(err.contains(reason), "{err}");
        }
    }

    #[test]
    fn ordinals_in_english() {
        let got: Vec<String> = [1, 2, 3, 4, 10, 11, 12, 13, 15, 21, 22, 23, 101, 111, 112]
            .into_iter()
            .map(ordinal)
            .collect();
        assert_eq!(
            got,
            [
                "1st", "2nd", "3rd", "4th", "10th", "11th", "12th", "13th", "15th", "21st", "22nd",
                "23rd", "101st", "111th", "112th"
            ]
        );
    }
}
