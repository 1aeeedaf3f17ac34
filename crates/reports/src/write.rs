//! The CSV of a run, written on the thread that delivers the rows.
//!
//! Rows are encoded ([`encode_row`]: see [`encoder`] for why by hand) into a buffer, and
//! the buffer reaches the file in whole chunks: every [`CHUNK`] puzzles, and at most
//! [`FLUSH_EVERY`] after a puzzle is complete (the run's tick). A write that fails part of
//! the way (a disk that fills) is cut back to the end of the last puzzle whose rows all
//! reached the file: every row in the file is whole, and `--resume` can take its last
//! puzzle as done. The file is made durable at the close, before it is renamed into place.

use std::fs::File;
use std::io::{self, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::{shown, Error};
use sudoku_results::{header_line, Row};

pub mod encoder;
pub use encoder::encode_row;

/// Puzzles whose rows are appended to the CSV in one write.
pub const CHUNK: usize = 256;
/// A complete row reaches the file at most about this long after it came.
pub const FLUSH_EVERY: Duration = Duration::from_secs(1);

/// What a CSV is written to: a file, or (in tests) anything that can be written and cut
/// back.
pub trait ChunkFile: Write + Send {
    /// Cuts the file back to its first `len` bytes, after a write that failed.
    ///
    /// # Errors
    ///
    /// When it cannot be cut.
    fn cut(&mut self, len: u64) -> io::Result<()>;

    /// Makes what was written durable.
    ///
    /// # Errors
    ///
    /// When the device says it could not.
    fn sync(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl ChunkFile for File {
    fn cut(&mut self, len: u64) -> io::Result<()> {
        self.set_len(len)?;
        self.seek(SeekFrom::Start(len)).map(drop)
    }

    fn sync(&mut self) -> io::Result<()> {
        self.sync_data()
    }
}

/// Where a puzzle's rows end in the buffer, and the rows in the buffer up to there.
#[derive(Debug, Clone, Copy)]
struct End {
    byte: usize,
    rows: u64,
}

/// The CSV of a run: the header at once, then the rows in whole chunks.
pub struct CsvWriter {
    file: Box<dyn ChunkFile>,
    path: PathBuf,
    /// Rows encoded, not yet written.
    buffer: Vec<u8>,
    /// Per puzzle in the buffer, where its rows end.
    ends: Vec<End>,
    /// Bytes in the file, every row whole.
    len: u64,
    /// Rows in the file.
    rows: u64,
    /// Puzzles in the file.
    puzzles: u64,
    /// Puzzles pushed, written or not.
    pushed: u64,
    /// When the buffer was last written.
    last: Instant,
    /// A write failed: nothing more is written.
    failed: bool,
}

impl std::fmt::Debug for CsvWriter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CsvWriter")
            .field("path", &self.path)
            .field("rows", &self.rows)
            .finish()
    }
}

impl CsvWriter {
    /// Writes the header to `file` (empty, open for writing), then its rows as they come;
    /// `path` names it in errors.
    ///
    /// # Errors
    ///
    /// When the header cannot be written.
    pub fn new<F: ChunkFile + 'static>(mut file: F, path: &Path) -> Result<CsvWriter, Error> {
        let header = header_line();
        file.write_all(&header).map_err(|source| Error::Write {
            path: shown(path),
            source,
        })?;
        Ok(CsvWriter {
            file: Box::new(file),
            path: path.to_path_buf(),
            buffer: Vec::with_capacity(1 << 16),
            ends: Vec::with_capacity(CHUNK),
            len: header.len() as u64,
            rows: 0,
            puzzles: 0,
            pushed: 0,
            last: Instant::now(),
            failed: false,
        })
    }

    /// Adds the rows of one puzzle; they are written with the chunk they complete, or by
    /// [`CsvWriter::flush_if_due`].
    ///
    /// # Errors
    ///
    /// When a chunk cannot be written, or an earlier one could not.
    pub fn push(&mut self, rows: &[Row]) -> Result<(), Error> {
        self.check()?;
        for row in rows {
            encode_row(&mut self.buffer, row);
        }
        let before = self.ends.last().map_or(0, |end| end.rows);
        self.ends.push(End {
            byte: self.buffer.len(),
            rows: before + rows.len() as u64,
        });
        self.pushed += 1;
        if self.ends.len() >= CHUNK {
            self.write_out()?;
        }
        Ok(())
    }

    /// Writes the rows waiting when the last write is [`FLUSH_EVERY`] old.
    ///
    /// # Errors
    ///
    /// When they cannot be written.
    pub fn flush_if_due(&mut self) -> Result<(), Error> {
        if self.last.elapsed() >= FLUSH_EVERY {
            self.flush()?;
        }
        Ok(())
    }

    /// Writes the rows waiting.
    ///
    /// # Errors
    ///
    /// When they cannot be written (or an earlier write failed).
    pub fn flush(&mut self) -> Result<(), Error> {
        self.check()?;
        self.write_out()
    }

    /// Writes the rows waiting and makes the file durable.
    ///
    /// # Errors
    ///
    /// When they cannot be written or synced (or an earlier write failed).
    pub fn close(&mut self) -> Result<(), Error> {
        self.flush()?;
        self.file.sync().map_err(|e| self.error(e))
    }

    /// Rows in the file so far, every one whole.
    pub fn rows(&self) -> u64 {
        self.rows
    }

    /// Puzzles whose rows are all in the file so far: the first this many pushed.
    pub fn puzzles(&self) -> u64 {
        self.puzzles
    }

    /// Puzzles pushed, written or not.
    pub fn pushed(&self) -> u64 {
        self.pushed
    }

    /// The CSV's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// An earlier write failed: an error saying so.
    fn check(&self) -> Result<(), Error> {
        match self.failed {
            false => Ok(()),
            true => Err(Error::Write {
                path: shown(&self.path),
                source: io::Error::other("an earlier write failed"),
            }),
        }
    }

    /// Stops the writing on `source`.
    fn error(&mut self, source: io::Error) -> Error {
        self.failed = true;
        Error::Write {
            path: shown(&self.path),
            source,
        }
    }

    /// Writes the buffer; on a failure, keeps the whole puzzles that reached the file and
    /// cuts the rest.
    fn write_out(&mut self) -> Result<(), Error> {
        self.last = Instant::now();
        let (done, result) = write_counted(&mut *self.file, &self.buffer);
        let fit = self.ends.partition_point(|end| end.byte <= done);
        if let Some(end) = fit.checked_sub(1).map(|last| self.ends[last]) {
            self.len += end.byte as u64;
            self.rows += end.rows;
        }
        self.puzzles += fit as u64;
        self.buffer.clear();
        self.ends.clear();
        result.map_err(|e| {
            let _ = self.file.cut(self.len);
            self.error(e)
        })
    }
}

/// Writes all of `bytes` to `file` as `write_all` does, and says how many reached it.
fn write_counted(file: &mut dyn ChunkFile, bytes: &[u8]) -> (usize, io::Result<()>) {
    let mut done = 0;
    while done < bytes.len() {
        match file.write(&bytes[done..]) {
            Ok(0) => return (done, Err(io::ErrorKind::WriteZero.into())),
            Ok(n) => done += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return (done, Err(e)),
        }
    }
    (done, Ok(()))
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::encoder::tests::row;
    use super::*;
    use sudoku_results::{is_results_header, Status};

    /// A file on a disk with `room` bytes left: a write past it is cut short, and the
    /// next one fails.
    #[derive(Clone)]
    struct Disk {
        data: Arc<Mutex<Vec<u8>>>,
        room: usize,
    }

    impl Write for Disk {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            let mut data = self.data.lock().unwrap();
            let n = buf.len().min(self.room.saturating_sub(data.len()));
            if n == 0 {
                return Err(io::Error::new(
                    io::ErrorKind::StorageFull,
                    "No space left on device",
                ));
            }
            data.extend_from_slice(&buf[..n]);
            Ok(n)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl ChunkFile for Disk {
        fn cut(&mut self, len: u64) -> io::Result<()> {
            self.data.lock().unwrap().truncate(len as usize);
            Ok(())
        }
    }

    fn disk(room: usize) -> (Disk, Arc<Mutex<Vec<u8>>>) {
        let data = Arc::new(Mutex::new(Vec::new()));
        (
            Disk {
                data: data.clone(),
                room,
            },
            data,
        )
    }

    #[test]
    fn rows_read_back_as_they_were_written() {
        let rows = [
            Row {
                corpus: Arc::from("a,b \"c\".txt"),
                name: Some(Arc::from("AI \"Escargot\", 2006")),
                problem: Some("not written".into()),
                ..row(1)
            },
            Row {
                status: Status::Unknown("stalled".into()),
                ..row(3)
            },
            Row {
                corpus: Arc::from("line\nbreak"),
                ..row(4)
            },
        ];
        let (file, data) = disk(usize::MAX);
        let mut w = CsvWriter::new(file, Path::new("r.csv")).unwrap();
        w.push(&rows).unwrap();
        w.close().unwrap();
        let text = data.lock().unwrap().clone();
        assert!(is_results_header(&text));
        let back: Vec<Row> = csv::Reader::from_reader(&text[..])
            .deserialize()
            .map(Result::unwrap)
            .collect();
        let sent: Vec<Row> = rows
            .iter()
            .map(|r| Row {
                problem: None,
                ..r.clone()
            })
            .collect();
        assert_eq!(back, sent);
        let text = String::from_utf8(text).unwrap();
        assert!(text.contains(",..3.|.4..|2...|1..4,-,-\n"), "{text}");
    }

    #[test]
    fn a_full_disk_keeps_the_whole_puzzles_that_fit_and_names_the_file() {
        let r = row(1);
        let mut one = Vec::new();
        encode_row(&mut one, &r);
        let one = one.len();
        // Puzzles of two rows each; room for the header, 10 of them and a row and a half.
        let (file, data) = disk(header_line().len() + 21 * one + one / 2);
        let mut w = CsvWriter::new(file, Path::new("full/r.csv")).unwrap();
        let mut first_error = None;
        for _ in 0..2 * CHUNK {
            if let Err(e) = w.push(&[r.clone(), r.clone()]) {
                first_error = Some(e);
                break;
            }
        }
        let error = first_error.unwrap_or_else(|| w.close().unwrap_err());
        assert_eq!(
            error.to_string(),
            "full/r.csv: cannot write: No space left on device"
        );
        let again = w.close().unwrap_err().to_string();
        assert_eq!(again, "full/r.csv: cannot write: an earlier write failed");
        assert_eq!(data.lock().unwrap().len(), header_line().len() + 20 * one);
        assert_eq!((w.rows(), w.puzzles()), (20, 10));
        assert!(w.pushed() > w.puzzles());
    }

    #[test]
    fn rows_wait_for_their_chunk_or_the_flush() {
        let (file, data) = disk(usize::MAX);
        let mut w = CsvWriter::new(file, Path::new("r.csv")).unwrap();
        let r = row(1);
        w.push(std::slice::from_ref(&r)).unwrap();
        assert_eq!(w.rows(), 0);
        w.flush().unwrap();
        assert_eq!(w.rows(), 1);
        for _ in 0..CHUNK {
            w.push(std::slice::from_ref(&r)).unwrap();
        }
        assert_eq!(
            (w.rows(), w.puzzles()),
            (CHUNK as u64 + 1, CHUNK as u64 + 1)
        );
        let lines = data.lock().unwrap().iter().filter(|&&b| b == b'\n').count();
        assert_eq!(lines, CHUNK + 2);
    }
}
