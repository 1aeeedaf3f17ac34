//! The CSV of a run, written on the thread that delivers the rows.
//!
//! Rows are encoded ([`encode_row`]: see [`encoder`] for why by hand) into a buffer that
//! reaches the file every [`CHUNK`] puzzles, and at most [`FLUSH_EVERY`] after a puzzle is
//! complete. A write that fails part of the way (a full disk) is cut back to the end of the
//! last puzzle whose rows all reached the file, so that every row is whole and `--resume`
//! can take its last puzzle as done.

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
/// The writeback of this many bytes written is started at once (see `start_writeback`).
const WRITEBACK_EVERY: u64 = 1 << 20;

/// Where a puzzle's rows end in the buffer, and the rows in the buffer up to there.
#[derive(Debug, Clone, Copy)]
struct End {
    byte: usize,
    rows: u64,
}

/// The CSV of a run: the header at once, then the rows in whole chunks.
#[derive(Debug)]
pub struct CsvWriter {
    file: File,
    path: PathBuf,
    /// Rows encoded, not yet written, and per puzzle where its rows end.
    buffer: Vec<u8>,
    ends: Vec<End>,
    /// Bytes, rows and puzzles in the file, every row whole.
    len: u64,
    rows: u64,
    puzzles: u64,
    pushed: u64,
    /// When the buffer was last written.
    last: Instant,
    /// A write failed: nothing more is written.
    failed: bool,
    /// Bytes whose writeback was started.
    hinted: u64,
}

impl CsvWriter {
    /// Writes the header to `file` (empty), then its rows as they come; `path` names it.
    pub fn new(mut file: File, path: &Path) -> Result<CsvWriter, Error> {
        let header = header_line();
        file.write_all(&header).map_err(|source| Error::Write {
            path: shown(path),
            source,
        })?;
        Ok(CsvWriter {
            file,
            path: path.to_path_buf(),
            buffer: Vec::with_capacity(1 << 16),
            ends: Vec::with_capacity(CHUNK),
            len: header.len() as u64,
            rows: 0,
            puzzles: 0,
            pushed: 0,
            last: Instant::now(),
            failed: false,
            hinted: 0,
        })
    }

    /// Adds the rows of one puzzle, written with the chunk they complete or when due.
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
    pub fn flush_if_due(&mut self) -> Result<(), Error> {
        if self.last.elapsed() >= FLUSH_EVERY {
            self.flush()?;
        }
        Ok(())
    }

    /// Writes the rows waiting.
    pub fn flush(&mut self) -> Result<(), Error> {
        self.check()?;
        self.write_out()
    }

    /// Writes the rows waiting and makes the file durable.
    pub fn close(&mut self) -> Result<(), Error> {
        self.flush()?;
        self.file.sync_data().map_err(|e| self.error(e))
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

    fn check(&mut self) -> Result<(), Error> {
        match self.failed {
            false => Ok(()),
            true => Err(self.error(io::Error::other("an earlier write failed"))),
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
        let result = self.file.write_all(&self.buffer);
        // How much reached the file: all of it, or where a failed write left the file.
        let done = match result {
            Ok(()) => self.buffer.len(),
            Err(_) => {
                (self.file.stream_position()).map_or(0, |at| at.saturating_sub(self.len) as usize)
            }
        };
        let fit = self.ends.partition_point(|end| end.byte <= done);
        if let Some(end) = fit.checked_sub(1).map(|last| self.ends[last]) {
            self.len += end.byte as u64;
            self.rows += end.rows;
        }
        self.puzzles += fit as u64;
        if result.is_ok() && self.len - self.hinted >= WRITEBACK_EVERY {
            start_writeback(&self.file, self.hinted, self.len);
            self.hinted = self.len;
        }
        self.buffer.clear();
        self.ends.clear();
        result.map_err(|e| {
            let _ = self.file.set_len(self.len);
            let _ = self.file.seek(SeekFrom::Start(self.len));
            self.error(e)
        })
    }
}

/// Asks the system to start writing the file's dirty pages to the device now, without
/// waiting (Linux's `sync_file_range`): the sync at the close then finds most of them
/// written, rather than waiting for all of a run's CSV at its end. A hint: it may do
/// nothing. On the 17-clue run (`bench -j 2 -s norvig`, a 13 MB CSV, a run of about
/// 0.19 s) the final sync waited 10 to 12 ms without it, under 1 ms with it (`strace -T`).
#[cfg(target_os = "linux")]
fn start_writeback(file: &File, from: u64, to: u64) {
    use std::os::fd::AsRawFd;
    let (Ok(at), Ok(len)) = (i64::try_from(from), i64::try_from(to - from)) else {
        return;
    };
    // SAFETY: a valid descriptor and a range of it; the call only starts writeback.
    unsafe { libc::sync_file_range(file.as_raw_fd(), at, len, libc::SYNC_FILE_RANGE_WRITE) };
}

/// No hint off Linux.
#[cfg(not(target_os = "linux"))]
fn start_writeback(_: &File, _: u64, _: u64) {}

#[cfg(test)]
mod tests {
    use super::encoder::tests::row;
    use super::*;

    /// Rows wait for their chunk or the flush. (A full disk: see the lab's `writes` tests.)
    #[test]
    fn rows_wait_for_their_chunk_or_the_flush() {
        let file = tempfile::NamedTempFile::new().unwrap();
        let mut w = CsvWriter::new(file.reopen().unwrap(), file.path()).unwrap();
        w.push(&[row(1)]).unwrap();
        assert_eq!(w.rows(), 0);
        w.flush().unwrap();
        assert_eq!(w.rows(), 1);
        (0..CHUNK).for_each(|_| w.push(&[row(1)]).unwrap());
        let want = CHUNK as u64 + 1;
        assert_eq!((w.rows(), w.puzzles(), w.pushed()), (want, want, want));
        let lines = std::fs::read(file.path()).unwrap();
        assert_eq!(lines.iter().filter(|&&b| b == b'\n').count(), CHUNK + 2);
    }
}
