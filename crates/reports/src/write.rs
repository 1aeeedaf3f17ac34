//! The write path: every file a run writes goes through here (the CSV in whole chunks, the
//! sidecar and the summary in one write each), so that there is one place to harden.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::error::{shown, Error};
use crate::row::{Row, COLUMNS};

/// Puzzles whose rows are appended to the CSV in one write.
pub const CHUNK: usize = 256;
/// Rows waiting are also appended at least this often (see [`CsvWriter::flush_if_due`]).
pub const FLUSH_EVERY: Duration = Duration::from_secs(1);

/// Creates the folder of `path` when it is missing.
fn create_parent(path: &Path) -> Result<(), Error> {
    match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) => std::fs::create_dir_all(dir).map_err(|source| Error::CreateDir {
            path: shown(dir),
            source,
        }),
        None => Ok(()),
    }
}

/// Writes a whole file in one write (its folder created when missing).
///
/// # Errors
///
/// When the folder or the file cannot be created or written.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    create_parent(path)?;
    std::fs::write(path, bytes).map_err(|source| Error::Write {
        path: shown(path),
        source,
    })
}

/// The CSV header line.
pub fn header_line() -> Vec<u8> {
    let mut line = COLUMNS.join(",").into_bytes();
    line.push(b'\n');
    line
}

/// Appends one CSV field: quoted (with `"` doubled) when it holds a comma, a quote or a
/// line break, as the `csv` crate writes it.
fn field(out: &mut Vec<u8>, text: &[u8]) {
    // The four all sort below `-`: one pass that the compiler vectorises rules out most
    // fields (a grid's text has no such byte) before the exact test.
    let low = text.iter().fold(false, |any, &b| any | (b < b'-'));
    if low
        && text
            .iter()
            .any(|&b| matches!(b, b',' | b'"' | b'\n' | b'\r'))
    {
        out.push(b'"');
        for &b in text {
            if b == b'"' {
                out.push(b'"');
            }
            out.push(b);
        }
        out.push(b'"');
    } else {
        out.extend_from_slice(text);
    }
}

fn number(out: &mut Vec<u8>, n: u64) {
    out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

/// Appends a row as one CSV line, its fields in the order of [`COLUMNS`].
///
/// Written by hand rather than through serde: it runs once per solve on the run's hot
/// path, and a test holds it byte for byte to what the `csv` crate writes (and reads back).
pub fn encode_row(out: &mut Vec<u8>, row: &Row) {
    field(out, row.corpus.as_bytes());
    out.push(b',');
    number(out, row.index);
    out.push(b',');
    number(out, row.line);
    out.push(b',');
    field(out, row.name.as_deref().unwrap_or("").as_bytes());
    out.push(b',');
    field(out, row.solver.as_bytes());
    out.push(b',');
    number(out, row.limit);
    out.push(b',');
    field(out, row.status.as_str().as_bytes());
    for n in [
        row.solutions,
        row.nodes,
        row.backtracks,
        row.nanoseconds,
        row.median_nanoseconds,
    ] {
        out.push(b',');
        number(out, n);
    }
    out.push(b',');
    field(out, row.puzzle.as_bytes());
    out.push(b',');
    field(out, row.solution.as_bytes());
    out.push(b',');
    field(out, row.original.as_deref().unwrap_or("").as_bytes());
    out.push(b'\n');
}

/// The CSV of a run, written while the run goes: the header at once, then the rows in
/// whole chunks, each in one write, so that a run stopped half-way leaves a file whose
/// every row is complete.
#[derive(Debug)]
pub struct CsvWriter {
    file: File,
    path: PathBuf,
    pending: Vec<u8>,
    pending_rows: u64,
    pending_puzzles: usize,
    last_write: Instant,
    rows: u64,
    failed: bool,
}

impl CsvWriter {
    /// Creates (or truncates) the CSV at `path`, its folder when missing, and writes the
    /// header.
    ///
    /// # Errors
    ///
    /// When the folder or the file cannot be created or written.
    pub fn create(path: &Path) -> Result<CsvWriter, Error> {
        create_parent(path)?;
        let file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(path)
            .map_err(|source| Error::Create {
                path: shown(path),
                source,
            })?;
        let mut writer = CsvWriter {
            file,
            path: path.to_path_buf(),
            pending: header_line(),
            pending_rows: 0,
            pending_puzzles: 0,
            last_write: Instant::now(),
            rows: 0,
            failed: false,
        };
        writer.flush()?;
        Ok(writer)
    }

    /// Opens the CSV at `path`, which holds `rows` rows already, to append rows to it (a
    /// run resumed: see `sudoku-lab bench --resume`); its header is not written again.
    ///
    /// # Errors
    ///
    /// When the file cannot be opened for appending.
    pub fn append(path: &Path, rows: u64) -> Result<CsvWriter, Error> {
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|source| Error::Create {
                path: shown(path),
                source,
            })?;
        Ok(CsvWriter {
            file,
            path: path.to_path_buf(),
            pending: Vec::new(),
            pending_rows: 0,
            pending_puzzles: 0,
            last_write: Instant::now(),
            rows,
            failed: false,
        })
    }

    /// Adds the rows of one puzzle; they are written with the chunk they complete.
    ///
    /// # Errors
    ///
    /// When a chunk cannot be written (nothing more is written after that).
    pub fn push(&mut self, rows: &[Row]) -> Result<(), Error> {
        for row in rows {
            encode_row(&mut self.pending, row);
        }
        self.pending_rows += rows.len() as u64;
        self.pending_puzzles += 1;
        if self.pending_puzzles >= CHUNK {
            self.flush()?;
        }
        Ok(())
    }

    /// Writes the rows waiting when [`FLUSH_EVERY`] has passed since the last write.
    ///
    /// # Errors
    ///
    /// When they cannot be written.
    pub fn flush_if_due(&mut self) -> Result<(), Error> {
        if self.pending.is_empty() || self.last_write.elapsed() < FLUSH_EVERY {
            return Ok(());
        }
        self.flush()
    }

    /// Writes the rows waiting, in one write.
    ///
    /// # Errors
    ///
    /// When they cannot be written (or an earlier write failed).
    pub fn flush(&mut self) -> Result<(), Error> {
        if self.failed {
            return Err(Error::Write {
                path: shown(&self.path),
                source: std::io::Error::other("an earlier write failed"),
            });
        }
        if !self.pending.is_empty() {
            if let Err(source) = self.file.write_all(&self.pending) {
                self.failed = true;
                return Err(Error::Write {
                    path: shown(&self.path),
                    source,
                });
            }
            self.pending.clear();
        }
        self.rows += self.pending_rows;
        self.pending_rows = 0;
        self.pending_puzzles = 0;
        self.last_write = Instant::now();
        Ok(())
    }

    /// Rows written to the file so far.
    pub fn rows(&self) -> u64 {
        self.rows
    }

    /// The CSV's path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::status::Status;

    fn row(corpus: &str, name: Option<&str>, status: Status) -> Row {
        Row {
            corpus: Arc::from(corpus),
            index: 1,
            line: 2,
            name: name.map(Arc::from),
            solver: Arc::from("dlx"),
            limit: 1,
            status,
            solutions: 1,
            nodes: 3,
            backtracks: 4,
            nanoseconds: 5,
            median_nanoseconds: 6,
            puzzle: Arc::from("1.3.|.4..|2...|1..4"),
            solution: String::new(),
            original: None,
            problem: Some("not written".into()),
        }
    }

    #[test]
    fn rows_are_written_as_the_csv_crate_writes_and_reads_them() {
        let rows = [
            row(
                "a,b \"c\".txt",
                Some("AI \"Escargot\", 2006"),
                Status::Solved,
            ),
            row("plain.txt", None, Status::Unknown("stalled".into())),
            Row {
                original: Some(Arc::from("1234|3412|2143|4321")),
                ..row("line\nbreak", Some("x"), Status::Wrong)
            },
        ];
        let mut ours = header_line();
        for r in &rows {
            encode_row(&mut ours, r);
        }
        let mut theirs = csv::Writer::from_writer(Vec::new());
        for r in &rows {
            theirs.serialize(r).unwrap();
        }
        let theirs = theirs.into_inner().unwrap();
        assert_eq!(String::from_utf8(ours.clone()), String::from_utf8(theirs));
        let mut reader = csv::Reader::from_reader(&ours[..]);
        let back: Vec<Row> = reader.deserialize().map(Result::unwrap).collect();
        let without_problems: Vec<Row> = rows
            .iter()
            .map(|r| Row {
                problem: None,
                ..r.clone()
            })
            .collect();
        assert_eq!(back, without_problems);
    }

    #[test]
    fn the_writer_appends_whole_chunks() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new/folder/r.csv");
        let mut w = CsvWriter::create(&path).unwrap();
        let r = row("c", None, Status::Solved);
        for _ in 0..CHUNK - 1 {
            w.push(std::slice::from_ref(&r)).unwrap();
        }
        assert_eq!(std::fs::read(&path).unwrap(), header_line());
        assert_eq!(w.rows(), 0);
        w.push(&[r.clone(), r]).unwrap();
        assert_eq!(w.rows(), CHUNK as u64 + 1);
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text.lines().count(), CHUNK + 2);
    }
}
