//! The write path: every file a run writes goes through here, so that there is one place
//! to harden.
//!
//! - The CSV ([`CsvWriter`]) is appended in whole chunks by a thread of its own: every
//!   [`CHUNK`] puzzles, and at most [`FLUSH_EVERY`] after a row is complete whatever the
//!   run is doing (a slow solve on one thread, a slow stdin). A write that fails part of
//!   the way (a disk that fills) is cut back to the end of the last puzzle whose rows all
//!   reached the file, so that the file keeps as many whole puzzles as fit, every row in
//!   it whole (and `--resume` can take its last puzzle as done). The thread
//!   makes the file durable as it goes (every [`SYNC_EVERY`] bytes) and once more at the
//!   close, before the file is renamed into place; it starts each chunk's way to the disk
//!   as it writes it ([`ChunkFile::start_sync`]), so that the close waits for little. Its
//!   rows are encoded on the run's thread as they are pushed ([`RowEncoder`];
//!   [`encode_row`] for a row on its own).
//! - Other files ([`write_file`]: the sidecar, the summary, the figures) are written to a
//!   temporary file beside them and renamed over them: a reader sees the old file or the
//!   new one, never half of one.
//! - An output named by a symbolic link is the file the link leads to ([`through_links`]).

use std::fs::{File, OpenOptions};
use std::io::{self, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::error::{shown, Error};
#[cfg(test)]
use sudoku_results::is_results_header;
use sudoku_results::{header_line, Row};

mod encode;
mod links;
mod whole;
pub use encode::{encode_row, RowEncoder};
pub use links::through_links;
pub(crate) use whole::{create_folder, create_parent};
pub use whole::{
    hold_whole_writes, in_the_way, overwrite_in_place, try_hold_whole_writes, write_file,
    write_file_else_in_place,
};

/// Puzzles whose rows are appended to the CSV in one write: about 70 kB of norvig's rows.
/// Small enough that the last chunk, which the close writes and syncs while the run waits,
/// is little (at 1024, the close of a top1465 run took 0.2 ms more); large enough that the
/// writes cost the run nothing it can measure (a 17-clue run writes 190 of them).
pub const CHUNK: usize = 256;
/// A complete row reaches the file at most this long after it came (sooner with the chunk
/// it completes, a flush or the close).
pub const FLUSH_EVERY: Duration = Duration::from_secs(1);
/// The writing thread makes the file durable each time this many bytes were written since
/// it last did, while the run goes on: the sync at the close, which the run waits for,
/// then has at most this much left to do.
pub const SYNC_EVERY: u64 = 1 << 20;
/// How often a flush or a close looks whether the writing thread ended without closing
/// the file (a panic), while it waits to hear from it.
const THREAD_LOOK: Duration = Duration::from_millis(10);

/// What a CSV is written to: a file, or (in tests) anything that can be written and cut
/// back.
pub trait ChunkFile: Write + Send + 'static {
    /// Cuts the file back to its first `len` bytes, after a write that failed, so that it
    /// ends with a whole row.
    ///
    /// # Errors
    ///
    /// When it cannot be cut.
    fn cut(&mut self, len: u64) -> io::Result<()>;

    /// Makes what was written durable, before the file is renamed into place.
    ///
    /// # Errors
    ///
    /// When the device says it could not.
    fn sync(&mut self) -> io::Result<()> {
        Ok(())
    }

    /// Asks the system to start writing what was written to the device, without waiting:
    /// the sync that follows (the next [`SYNC_EVERY`] or the close, which the run waits
    /// for) then finds most of it on its way. A hint only: it may do nothing.
    fn start_sync(&mut self) {}
}

impl ChunkFile for File {
    fn cut(&mut self, len: u64) -> io::Result<()> {
        self.set_len(len)?;
        self.seek(SeekFrom::Start(len)).map(drop)
    }

    fn sync(&mut self) -> io::Result<()> {
        self.sync_data()
    }

    /// `sync_file_range` with `SYNC_FILE_RANGE_WRITE` over the whole file, on Linux: the
    /// writeback of its dirty pages starts now (nothing is waited for, and nothing is made
    /// durable: the device's cache is flushed by [`ChunkFile::sync`] only).
    #[cfg(target_os = "linux")]
    fn start_sync(&mut self) {
        use std::os::fd::AsRawFd;
        // SAFETY: the descriptor is this open file's; an offset and a length of 0 ask for
        // the whole file, and the call reads and writes no memory of this process.
        let _ =
            unsafe { libc::sync_file_range(self.as_raw_fd(), 0, 0, libc::SYNC_FILE_RANGE_WRITE) };
    }
}

/// What the run and the writing thread share.
#[derive(Default)]
struct Pending {
    /// Rows encoded, not yet handed to the file: their bytes.
    bytes: Vec<u8>,
    /// Per puzzle pushed since, where its rows end in `bytes`, and the rows up to there.
    ends: Vec<(usize, u64)>,
    /// The buffers the thread last wrote, emptied: the next `bytes` and `ends`, so that
    /// the buffers keep their size from chunk to chunk instead of growing again each time.
    spare: (Vec<u8>, Vec<(usize, u64)>),
    /// Rows in `bytes`.
    waiting_rows: u64,
    /// Rows in the file, every one whole.
    written: u64,
    /// Puzzles whose rows are all in the file (a puzzle of no rows included).
    written_puzzles: u64,
    /// The error that stopped the writing, until it is reported.
    error: Option<Error>,
    failed: bool,
    /// Write what waits now (a [`CsvWriter::flush`] waits for it).
    flush: bool,
    /// Write what waits, then stop.
    closing: bool,
    /// The writing thread has stopped.
    closed: bool,
}

struct Shared {
    pending: Mutex<Pending>,
    /// Rung by the run when there is work, by the thread when it wrote.
    bell: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Pending> {
        self.pending.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The CSV of a run, written while the run goes: the header at once, then the rows in
/// whole chunks by a thread of its own, each chunk in one write, so that a run stopped
/// half-way (or a disk that fills: it keeps the whole puzzles that fit) leaves a file
/// whose every row is complete.
pub struct CsvWriter {
    shared: Arc<Shared>,
    /// The writing thread (see [`CsvWriter::start`]).
    writer: Writer,
    path: PathBuf,
    /// Encodes the rows on the run's thread, before they are handed to the writing one.
    encoder: RowEncoder,
    /// Puzzles pushed.
    pushed: u64,
}

/// The writing thread of a [`CsvWriter`].
enum Writer {
    /// Not started yet: the file, its header written, and its length.
    Waiting(Box<dyn ChunkFile>, u64),
    /// At work, or done: it ends on its own once the CSV is closed (nothing joins it).
    Started(JoinHandle<()>),
    /// It could not be started (the writing failed).
    Missing,
}

impl std::fmt::Debug for CsvWriter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CsvWriter")
            .field("path", &self.path)
            .field("rows", &self.rows())
            .finish()
    }
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
        CsvWriter::new(file, path)
    }

    /// Writes the header to `file` (empty, open for writing), then its rows as they come;
    /// `path` names it in errors. The writing thread starts with the first rows.
    ///
    /// # Errors
    ///
    /// When the header cannot be written.
    pub fn new<F: ChunkFile>(mut file: F, path: &Path) -> Result<CsvWriter, Error> {
        let write_error = |source| Error::Write {
            path: shown(path),
            source,
        };
        let header = header_line();
        file.write_all(&header).map_err(write_error)?;
        Ok(CsvWriter {
            shared: Arc::new(Shared {
                pending: Mutex::new(Pending::default()),
                bell: Condvar::new(),
            }),
            writer: Writer::Waiting(Box::new(file), header.len() as u64),
            path: path.to_path_buf(),
            encoder: RowEncoder::default(),
            pushed: 0,
        })
    }

    /// Starts the writing thread, with the first rows (or a flush, or the close): a run's
    /// opening does not wait for a thread to start, which on a virtual machine of two
    /// cores took a tenth of a millisecond and at times a whole one, while the workers
    /// waited for their first lines.
    ///
    /// # Errors
    ///
    /// When the thread cannot start (then nothing is written after the header).
    fn start(&mut self) -> Result<(), Error> {
        let (file, written) = match std::mem::replace(&mut self.writer, Writer::Missing) {
            Writer::Waiting(file, written) => (file, written),
            started_or_missing => {
                self.writer = started_or_missing;
                return Ok(());
            }
        };
        let (shared, path) = (self.shared.clone(), self.path.clone());
        let spawned = std::thread::Builder::new()
            .name("sudoku-lab-csv".into())
            .spawn(move || write_rows(file, written, &shared, &path));
        match spawned {
            Ok(thread) => {
                self.writer = Writer::Started(thread);
                Ok(())
            }
            Err(source) => {
                let mut p = self.shared.lock();
                p.failed = true;
                p.closed = true;
                Err(Error::Write {
                    path: shown(&self.path),
                    source,
                })
            }
        }
    }

    /// Adds the rows of one puzzle; they are written with the chunk they complete, or at
    /// most [`FLUSH_EVERY`] after they came.
    ///
    /// # Errors
    ///
    /// When an earlier chunk could not be written (its error, the first time; nothing
    /// more is written after it).
    pub fn push(&mut self, rows: &[Row]) -> Result<(), Error> {
        self.start()?;
        let mut p = self.shared.lock();
        if p.failed {
            return Err(self.take_error(&mut p));
        }
        if p.closed {
            return Err(Error::Write {
                path: shown(&self.path),
                source: io::Error::other("the CSV is closed"),
            });
        }
        for row in rows {
            self.encoder.encode(&mut p.bytes, row);
        }
        p.waiting_rows += rows.len() as u64;
        let end = (p.bytes.len(), p.waiting_rows);
        p.ends.push(end);
        self.pushed += 1;
        // The thread is told once, when a chunk is complete; rows that make no chunk are
        // written by its own timer.
        if p.ends.len() == CHUNK {
            self.shared.bell.notify_all();
        }
        Ok(())
    }

    /// The rows are written on their own: this only reports a write that failed.
    ///
    /// # Errors
    ///
    /// When a chunk could not be written.
    pub fn flush_if_due(&mut self) -> Result<(), Error> {
        let mut p = self.shared.lock();
        self.check_thread(&mut p);
        if p.failed {
            return Err(self.take_error(&mut p));
        }
        Ok(())
    }

    /// Writes the rows waiting, and waits until they are in the file.
    ///
    /// # Errors
    ///
    /// When they cannot be written (or an earlier write failed).
    pub fn flush(&mut self) -> Result<(), Error> {
        self.start()?;
        let mut p = self.shared.lock();
        p.flush = true;
        self.shared.bell.notify_all();
        let mut p = self.wait_until(p, |p| !p.flush || p.failed);
        if p.failed {
            return Err(self.take_error(&mut p));
        }
        Ok(())
    }

    /// Writes the rows waiting, makes the file durable and stops writing (pushing after
    /// this fails). It returns once the writing thread has closed the file, without
    /// waiting for that thread's own end.
    ///
    /// # Errors
    ///
    /// When the rows cannot be written (or an earlier write failed).
    pub fn close(&mut self) -> Result<(), Error> {
        self.start()?;
        let mut p = self.shared.lock();
        p.closing = true;
        self.shared.bell.notify_all();
        // Until the thread has closed the file: it ends on its own after that.
        let mut p = self.wait_until(p, |_| false);
        if p.failed {
            return Err(self.take_error(&mut p));
        }
        Ok(())
    }

    /// Waits until `done` holds of what the run and the thread share, or the thread has
    /// closed the file (or ended without closing it, see [`CsvWriter::check_thread`]).
    fn wait_until<'a>(
        &'a self,
        mut p: MutexGuard<'a, Pending>,
        done: impl Fn(&Pending) -> bool,
    ) -> MutexGuard<'a, Pending> {
        loop {
            self.check_thread(&mut p);
            if done(&p) || p.closed {
                return p;
            }
            p = self
                .shared
                .bell
                .wait_timeout(p, THREAD_LOOK)
                .map_or_else(|e| e.into_inner().0, |(p, _)| p);
        }
    }

    /// A writing thread that ended without closing the file panicked: the rows pushed
    /// since its last write are not in the file, and the writing has failed.
    fn check_thread(&self, p: &mut Pending) {
        let ended = match &self.writer {
            Writer::Started(thread) => thread.is_finished(),
            Writer::Waiting(..) | Writer::Missing => false,
        };
        if !p.closed && ended {
            p.closed = true;
            p.failed = true;
            p.error.get_or_insert_with(|| Error::Write {
                path: shown(&self.path),
                source: io::Error::other("the writing thread stopped before the close"),
            });
        }
    }

    /// Rows in the file so far, every one whole.
    pub fn rows(&self) -> u64 {
        self.shared.lock().written
    }

    /// Puzzles whose rows are all in the file so far: the first this many pushed (a write
    /// that failed leaves out the puzzles after them, pushed but not written).
    pub fn puzzles(&self) -> u64 {
        self.shared.lock().written_puzzles
    }

    /// Puzzles pushed (see [`CsvWriter::push`]), written or not.
    pub fn pushed(&self) -> u64 {
        self.pushed
    }

    /// The CSV's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The error that stopped the writing: itself the first time, then a reminder.
    fn take_error(&self, p: &mut Pending) -> Error {
        p.error.take().unwrap_or_else(|| Error::Write {
            path: shown(&self.path),
            source: io::Error::other("an earlier write failed"),
        })
    }
}

impl Drop for CsvWriter {
    /// Closes the CSV (see [`CsvWriter::close`]); the writing thread, done with the file,
    /// ends on its own.
    fn drop(&mut self) {
        let _ = self.close();
    }
}

/// The writing thread: waits for a chunk, a flush, the close or [`FLUSH_EVERY`] after
/// the previous write when rows wait (it looks every [`FLUSH_EVERY`] when none do), then
/// writes what waits in one write. `written` is the length of the file, every row in it
/// whole.
fn write_rows(mut file: Box<dyn ChunkFile>, mut written: u64, shared: &Shared, path: &Path) {
    let mut last_write = Instant::now();
    // The header is written, not yet durable.
    let mut unsynced = written;
    loop {
        let chunk = next_chunk(shared, last_write);
        let (mut kept, mut result) = write_chunk(&mut *file, written, &chunk);
        if result.is_ok() {
            unsynced += chunk.bytes.len() as u64;
            if unsynced > 0 && (chunk.closing || unsynced >= SYNC_EVERY) {
                unsynced = 0;
                if let Err(e) = file.sync() {
                    // What reached the device is not known: the chunk is not counted, and
                    // not left in the file either.
                    let _ = file.cut(written);
                    (kept, result) = (Kept::default(), Err(e));
                }
            } else if !chunk.bytes.is_empty() {
                file.start_sync();
            }
        }
        last_write = Instant::now();
        written += kept.bytes;
        if chunk.closing || result.is_err() {
            // The file is closed before the run hears that the thread is done with it:
            // the run does not wait for the thread's own end (its exit unmaps its stacks,
            // a tenth of a millisecond and more on a virtual machine).
            drop(file);
            settle(shared, chunk, (kept, result), true, path);
            return;
        }
        settle(shared, chunk, (kept, result), false, path);
    }
}

/// What the writing thread takes to write at once.
struct Chunk {
    /// The rows of the puzzles.
    bytes: Vec<u8>,
    /// Per puzzle, where its rows end in `bytes`, and the rows up to its end.
    ends: Vec<(usize, u64)>,
    closing: bool,
    flushing: bool,
}

/// What of a chunk is in the file, whole.
#[derive(Debug, Default, Clone, Copy)]
struct Kept {
    bytes: u64,
    rows: u64,
    puzzles: u64,
}

/// Waits until a chunk is due (see [`write_rows`]; `last_write` is when the previous one
/// was written), then takes what waits.
fn next_chunk(shared: &Shared, last_write: Instant) -> Chunk {
    let mut p = shared.lock();
    loop {
        let due = !p.bytes.is_empty() && last_write.elapsed() >= FLUSH_EVERY;
        if p.closing || p.flush || p.ends.len() >= CHUNK || due {
            break;
        }
        // With nothing waiting, a whole period: a row that comes during it is written at
        // its end, at most FLUSH_EVERY after it came.
        let wait = if p.bytes.is_empty() {
            FLUSH_EVERY
        } else {
            FLUSH_EVERY.saturating_sub(last_write.elapsed())
        };
        p = shared
            .bell
            .wait_timeout(p, wait)
            .map_or_else(|e| e.into_inner().0, |(p, _)| p);
    }
    p.waiting_rows = 0;
    let (spare, spare_ends) = std::mem::take(&mut p.spare);
    Chunk {
        bytes: std::mem::replace(&mut p.bytes, spare),
        ends: std::mem::replace(&mut p.ends, spare_ends),
        closing: p.closing,
        flushing: p.flush,
    }
}

/// Appends `chunk` to `file`, whose first `len` bytes are whole rows. A write that fails
/// part of the way (a disk that fills) keeps the puzzles whose rows all reached the file
/// and cuts the file back to their end, so that it holds as many whole puzzles as fit,
/// every row whole; what is kept, and how the write went.
fn write_chunk(file: &mut dyn ChunkFile, len: u64, chunk: &Chunk) -> (Kept, io::Result<()>) {
    let bytes = &chunk.bytes;
    let mut done = 0;
    let result = loop {
        if done == bytes.len() {
            break Ok(());
        }
        match file.write(&bytes[done..]) {
            Ok(0) => break Err(io::ErrorKind::WriteZero.into()),
            Ok(n) => done += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => break Err(e),
        }
    };
    let ends = &chunk.ends;
    let fit = match result {
        Ok(()) => ends.len(),
        Err(_) => ends.partition_point(|&(end, _)| end <= done),
    };
    let (bytes, rows) = fit.checked_sub(1).map_or((0, 0), |last| ends[last]);
    let kept = Kept {
        bytes: bytes as u64,
        rows,
        puzzles: fit as u64,
    };
    if result.is_err() {
        // A short write leaves part of a row: the file goes back to its last whole puzzle.
        let _ = file.cut(len + kept.bytes);
    }
    (kept, result)
}

/// Tells the run how the write of `chunk` went (`written`: what of it is in the file,
/// and its result): the rows and puzzles it made whole, and its error; a flush answered;
/// `stop` when the thread stops. The chunk's buffers are kept for the next one.
fn settle(shared: &Shared, chunk: Chunk, written: (Kept, io::Result<()>), stop: bool, path: &Path) {
    let (kept, result) = written;
    let Chunk {
        mut bytes,
        mut ends,
        flushing,
        ..
    } = chunk;
    let mut p = shared.lock();
    p.written += kept.rows;
    p.written_puzzles += kept.puzzles;
    if let Err(source) = result {
        p.error = Some(Error::Write {
            path: shown(path),
            source,
        });
        p.failed = true;
    }
    bytes.clear();
    ends.clear();
    p.spare = (bytes, ends);
    // A flush asked for while this write was under way waits for the next one: it has
    // rows this one did not take.
    if flushing {
        p.flush = false;
    }
    p.closed |= stop;
    shared.bell.notify_all();
}

#[cfg(test)]
mod tests {
    use crate::GridText;
    use std::sync::Arc;

    use super::*;
    use sudoku_results::Status;

    #[test]
    fn a_row_without_a_solution_or_an_original_writes_a_dash_in_both() {
        let row = Row {
            corpus: Arc::from("c.txt"),
            index: 0,
            line: 1,
            name: None,
            solver: Arc::from("naive"),
            limit: 1,
            status: Status::BudgetExhausted,
            solutions: 0,
            nodes: 5,
            backtracks: 1,
            nanoseconds: 7,
            median_nanoseconds: 7,
            retimed: sudoku_results::Retimed::Trusted(2),
            puzzle: "1.3.|.4..|2...|1..4".into(),
            solution: GridText::new(),
            original: None,
            problem: None,
        };
        let mut ours = Vec::new();
        encode_row(&mut ours, &row);
        assert_eq!(
            String::from_utf8(ours).unwrap(),
            "c.txt,0,1,,naive,1,budget_exhausted,0,5,1,7,7,2,1.3.|.4..|2...|1..4,-,-\n"
        );
        let mut theirs = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(Vec::new());
        theirs.serialize(&row).unwrap();
        assert!(theirs.into_inner().unwrap().ends_with(b",-,-\n"));
    }

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
            retimed: sudoku_results::Retimed::Disturbed,
            puzzle: "1.3.|.4..|2...|1..4".into(),
            solution: GridText::new(),
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
                original: Some(Box::new("1234|3412|2143|4321".into())),
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

    /// A file on a disk with `room` bytes left: a write past it is cut short, and the
    /// next one fails.
    #[derive(Clone)]
    struct Disk {
        data: Arc<std::sync::Mutex<Vec<u8>>>,
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

    #[test]
    fn the_writer_appends_whole_chunks() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new/folder/r.csv");
        let mut w = CsvWriter::create(&path).unwrap();
        let r = row("c", None, Status::Solved);
        for _ in 0..CHUNK + 10 {
            w.push(&[r.clone(), r.clone()]).unwrap();
        }
        w.flush().unwrap();
        assert_eq!(w.rows(), 2 * (CHUNK as u64 + 10));
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text.lines().count(), 2 * (CHUNK + 10) + 1);
        w.close().unwrap();
        assert!(w.push(&[r]).is_err(), "closed");
    }

    #[test]
    fn a_full_disk_keeps_the_whole_puzzles_that_fit_and_names_the_file() {
        let data = Arc::new(std::sync::Mutex::new(Vec::new()));
        let r = row("c", None, Status::Solved);
        let mut one = Vec::new();
        encode_row(&mut one, &r);
        // Puzzles of two rows each; room for the header, 10 of them, one row and a half.
        let room = header_line().len() + 21 * one.len() + one.len() / 2;
        let disk = Disk {
            data: data.clone(),
            room,
        };
        let path = Path::new("full/r.csv");
        let mut w = CsvWriter::new(disk, path).unwrap();
        let mut first_error = None;
        for _ in 0..2 * CHUNK {
            if let Err(e) = w.push(&[r.clone(), r.clone()]) {
                first_error = Some(e);
                break;
            }
        }
        let error = match first_error {
            Some(e) => e,
            None => w.close().unwrap_err(),
        };
        assert_eq!(
            error.to_string(),
            "full/r.csv: cannot write: No space left on device"
        );
        let again = w.close().unwrap_err().to_string();
        assert_eq!(again, "full/r.csv: cannot write: an earlier write failed");
        let text = String::from_utf8(data.lock().unwrap().clone()).unwrap();
        // Not the chunk whose write failed, nor the row of the 11th puzzle that fit: the
        // 10 puzzles whose rows all did.
        assert_eq!(text.len(), header_line().len() + 20 * one.len());
        let rows: Vec<Row> = csv::Reader::from_reader(text.as_bytes())
            .deserialize()
            .map(Result::unwrap)
            .collect();
        assert_eq!(rows.len(), 20);
        assert_eq!((w.rows(), w.puzzles()), (20, 10));
        assert!(w.pushed() > w.puzzles());
    }

    /// A file that keeps, at each sync, its length and the length of the write before it;
    /// its syncs fail when asked to.
    #[derive(Clone, Default)]
    struct Journal {
        log: Arc<std::sync::Mutex<JournalLog>>,
        failing: bool,
    }

    #[derive(Clone, Default)]
    struct JournalLog {
        len: usize,
        last_write: usize,
        syncs: Vec<(usize, usize)>,
    }

    impl Write for Journal {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            let mut log = self.log.lock().unwrap();
            log.len += buf.len();
            log.last_write = buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl ChunkFile for Journal {
        fn cut(&mut self, len: u64) -> io::Result<()> {
            self.log.lock().unwrap().len = len as usize;
            Ok(())
        }
        fn sync(&mut self) -> io::Result<()> {
            if self.failing {
                return Err(io::Error::other("Input/output error"));
            }
            let mut log = self.log.lock().unwrap();
            let at = (log.len, log.last_write);
            log.syncs.push(at);
            Ok(())
        }
    }

    #[test]
    fn the_file_is_made_durable_as_it_grows_and_at_the_close() {
        let journal = Journal::default();
        let mut w = CsvWriter::new(journal.clone(), Path::new("r.csv")).unwrap();
        let r = row("c", None, Status::Solved);
        let mut one = Vec::new();
        encode_row(&mut one, &r);
        let chunks = 3 * SYNC_EVERY as usize / (CHUNK * one.len()) + 1;
        for _ in 0..chunks {
            for _ in 0..CHUNK {
                w.push(std::slice::from_ref(&r)).unwrap();
            }
            // Each write then holds a chunk at most.
            w.flush().unwrap();
        }
        w.close().unwrap();
        let log = journal.log.lock().unwrap().clone();
        assert_eq!(log.len, header_line().len() + chunks * CHUNK * one.len());
        assert_eq!(log.syncs.last().unwrap().0, log.len, "the close syncs all");
        assert!(
            log.syncs.len() >= 3,
            "two syncs while writing, one at the close"
        );
        let mut synced = 0;
        for (i, &(at, last_write)) in log.syncs.iter().enumerate() {
            let unsynced = at - synced;
            // The sync comes with the first write that brings SYNC_EVERY bytes...
            assert!(unsynced - last_write < SYNC_EVERY as usize, "{i}");
            // ... and not before, but at the close.
            assert!(
                i + 1 == log.syncs.len() || unsynced >= SYNC_EVERY as usize,
                "{i}"
            );
            synced = at;
        }
    }

    /// A file that takes the header, then panics on the first write of rows (a bug in
    /// the writing thread, in effect).
    struct PanicsAfterHeader(bool);

    impl Write for PanicsAfterHeader {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            assert!(!self.0, "a bug in the writing thread");
            self.0 = true;
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl ChunkFile for PanicsAfterHeader {
        fn cut(&mut self, _: u64) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_writing_thread_that_panicked_is_reported_by_the_flush_and_the_close() {
        let mut w = CsvWriter::new(PanicsAfterHeader(false), Path::new("r.csv")).unwrap();
        w.push(&[row("c", None, Status::Solved)]).unwrap();
        let error = w.flush().unwrap_err();
        assert_eq!(
            error.to_string(),
            "r.csv: cannot write: the writing thread stopped before the close"
        );
        let again = w.close().unwrap_err().to_string();
        assert_eq!(again, "r.csv: cannot write: an earlier write failed");
        assert_eq!(w.rows(), 0);
    }

    #[test]
    fn a_csv_without_rows_is_made_durable_too() {
        let journal = Journal::default();
        CsvWriter::new(journal.clone(), Path::new("r.csv"))
            .unwrap()
            .close()
            .unwrap();
        let log = journal.log.lock().unwrap().clone();
        assert_eq!(log.syncs, [(header_line().len(), header_line().len())]);
    }

    #[test]
    fn a_sync_that_fails_stops_the_writing_and_names_the_file() {
        let journal = Journal {
            failing: true,
            ..Journal::default()
        };
        let mut w = CsvWriter::new(journal.clone(), Path::new("r.csv")).unwrap();
        let r = row("c", None, Status::Solved);
        let mut first_error = None;
        for _ in 0..2 * SYNC_EVERY as usize {
            if let Err(e) = w.push(std::slice::from_ref(&r)) {
                first_error = Some(e);
                break;
            }
        }
        let error = first_error.expect("the failed sync is reported while the run goes");
        assert_eq!(error.to_string(), "r.csv: cannot write: Input/output error");
        // The chunk whose sync failed is neither counted nor left in the file.
        let mut one = Vec::new();
        encode_row(&mut one, &r);
        let len = journal.log.lock().unwrap().len;
        assert_eq!(len, header_line().len() + w.rows() as usize * one.len());
    }

    #[test]
    fn a_row_reaches_the_file_within_about_a_second_unasked() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.csv");
        let mut w = CsvWriter::create(&path).unwrap();
        w.push(&[row("c", None, Status::Solved)]).unwrap();
        // No flush, no tick: the writing thread writes it on its own.
        let start = Instant::now();
        while std::fs::read_to_string(&path).unwrap().lines().count() < 2 {
            assert!(start.elapsed() < Duration::from_secs(30), "never written");
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(w.rows(), 1);
    }

    #[test]
    fn results_headers_are_told_from_corpora() {
        assert!(is_results_header(&header_line()));
        assert!(is_results_header(
            b"\xEF\xBB\xBFcorpus,index,line,solver,limit"
        ));
        assert!(!is_results_header(b"quizzes,solutions"));
        assert!(!is_results_header(b"corpus,index"));
    }
}
