//! Reading what a run wrote, within bounds: whatever file a reader is given (a FIFO no one
//! writes, `/dev/zero`, a 3 GB file without a line break), it answers at once, with
//! little memory, and says what is wrong.
//!
//! - a sidecar is read only from a regular file: a FIFO, a device or a socket is refused
//!   before it is opened (opening a FIFO waits for a writer; a device may never end);
//! - a CSV is read from a regular file, or from a pipe (`compare <(…) <(…)`) opened
//!   without waiting for a writer: a FIFO no one writes is refused at once, as it gives
//!   nothing; a device, a socket or a folder is refused before it is opened;
//! - a sidecar is small: one larger than [`SIDECAR_BYTES`] is refused unread;
//! - a CSV is read a row at a time, and a line longer than [`LINE_BYTES`] ends the
//!   reading with an error ([`LineBound`]): the csv crate would hold it whole.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use crate::error::{shown, Error};

/// The largest sidecar read: a run over 10,000 corpora writes about 1.5 MB (each
/// `[[corpus]]` with its fingerprint).
pub const SIDECAR_BYTES: u64 = 4 << 20;

/// The longest CSV line read: a row of a 25×25 puzzle with a long name is a few KB.
pub const LINE_BYTES: usize = 1 << 20;

/// What a CSV a run wrote is, in the messages of what reads one.
pub const CSV: &str = "a CSV of sudoku-lab";

/// What a file that is not a regular file is, in words; `None` for a regular file.
fn not_regular(meta: &std::fs::Metadata) -> Option<&'static str> {
    let kind = meta.file_type();
    if kind.is_file() {
        return None;
    }
    if kind.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("a FIFO (named pipe)");
        }
        if kind.is_char_device() || kind.is_block_device() {
            return Some("a device");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a regular file")
}

/// Opens `path`, `what` it should be (`a CSV of sudoku-lab`, `a sidecar`), only when it is
/// a regular file (links followed): anything else is refused before it is opened.
///
/// # Errors
///
/// [`Error::Open`] when it cannot be opened (`NotFound` among them), [`Error::Empty`]
/// naming what it is when it is not a regular file.
pub fn open_regular(path: &Path, what: &str) -> Result<File, Error> {
    let open = |source| Error::Open {
        path: shown(path),
        source,
    };
    let meta = std::fs::metadata(path).map_err(open)?;
    if let Some(kind) = not_regular(&meta) {
        let hint = if meta.is_dir() && what == CSV {
            ": name the CSV of a run in it"
        } else if meta.is_dir() {
            ": name the file"
        } else {
            ", which may never end: copy it to a file first"
        };
        return Err(Error::Empty {
            path: shown(path),
            reason: format!("{kind}, not {what}{hint}"),
        });
    }
    let file = File::open(path).map_err(open)?;
    // Checked again on what was opened: the name may lead elsewhere by now.
    match file.metadata().ok().as_ref().and_then(not_regular) {
        None => Ok(file),
        Some(kind) => Err(Error::Empty {
            path: shown(path),
            reason: format!("{kind}, not {what}"),
        }),
    }
}

/// Opens the CSV at `path` to be read once, as it comes: a regular file, or a pipe that a
/// writer holds (see the [module](self)).
///
/// # Errors
///
/// As [`open_regular`]; for a pipe, when no writer holds it (nothing would ever come).
pub fn open_stream(path: &Path, what: &str) -> Result<Box<dyn Read + Send>, Error> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if std::fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo()) {
            return pipe::open(path, what);
        }
    }
    Ok(Box::new(open_regular(path, what)?))
}

#[cfg(unix)]
mod pipe {
    use std::fs::{File, OpenOptions};
    use std::io::{self, Read};
    use std::os::unix::fs::OpenOptionsExt;
    use std::os::unix::io::AsRawFd;
    use std::path::Path;

    use crate::error::{shown, Error};

    /// Opens the FIFO at `path` without waiting for a writer, and reads it once without
    /// waiting: nothing at all (end of file) is a FIFO no writer holds. Then it is read
    /// as any file, waiting for what comes, its first bytes first.
    pub(super) fn open(path: &Path, what: &str) -> Result<Box<dyn Read + Send>, Error> {
        let failed = |source| Error::Open {
            path: shown(path),
            source,
        };
        let mut file = OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(path)
            .map_err(failed)?;
        let mut first = vec![0u8; 1 << 16];
        let n = loop {
            match file.read(&mut first) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break usize::MAX,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(failed(e)),
            }
        };
        if n == 0 {
            return Err(Error::Empty {
                path: shown(path),
                reason: format!(
                    "a FIFO (named pipe) that no program writes: nothing to read, not {what}"
                ),
            });
        }
        first.truncate(if n == usize::MAX { 0 } else { n });
        blocking(&file).map_err(failed)?;
        Ok(Box::new(io::Cursor::new(first).chain(file)))
    }

    /// Makes reads of `file` wait again.
    fn blocking(file: &File) -> io::Result<()> {
        let fd = file.as_raw_fd();
        // SAFETY: `fd` is an open descriptor owned by `file` for the whole call; F_GETFL
        // and F_SETFL read and set its status flags only.
        let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
        if flags < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: as above.
        if unsafe { libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK) } < 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(())
    }
}

/// The text of the small file at `path` (a sidecar), `None` when there is none.
///
/// # Errors
///
/// When it is not a regular file, is larger than `cap` bytes, is not UTF-8, or cannot be
/// read.
pub fn read_small(path: &Path, what: &str, cap: u64) -> Result<Option<String>, Error> {
    let file = match open_regular(path, what) {
        Ok(file) => file,
        Err(Error::Open { source, .. }) if source.kind() == io::ErrorKind::NotFound => {
            return Ok(None)
        }
        Err(e) => return Err(e),
    };
    let too_big = |bytes: u64| Error::Empty {
        path: shown(path),
        reason: format!("{bytes} bytes or more: too large for {what} (at most {cap})"),
    };
    let len = file.metadata().map(|m| m.len()).unwrap_or(0);
    if len > cap {
        return Err(too_big(len));
    }
    let mut text = Vec::new();
    file.take(cap + 1)
        .read_to_end(&mut text)
        .map_err(|source| Error::Open {
            path: shown(path),
            source,
        })?;
    if text.len() as u64 > cap {
        return Err(too_big(text.len() as u64));
    }
    String::from_utf8(text).map(Some).map_err(|_| Error::Empty {
        path: shown(path),
        reason: format!("not UTF-8 text: not {what}"),
    })
}

/// A reader that fails once a line runs longer than its bound without a line break: what
/// reads it (the csv crate) holds a line whole.
#[derive(Debug)]
pub struct LineBound<R> {
    inner: R,
    /// Bytes since the last `\n`.
    run: usize,
    bound: usize,
}

impl<R: Read> LineBound<R> {
    /// `inner`, whose lines may be at most [`LINE_BYTES`] long.
    pub fn new(inner: R) -> LineBound<R> {
        LineBound::with_bound(inner, LINE_BYTES)
    }

    /// `inner`, whose lines may be at most `bound` bytes long.
    pub fn with_bound(inner: R, bound: usize) -> LineBound<R> {
        LineBound {
            inner,
            run: 0,
            bound,
        }
    }
}

impl<R: Read> Read for LineBound<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        for &b in &buf[..n] {
            if b == b'\n' {
                self.run = 0;
            } else {
                self.run += 1;
                if self.run > self.bound {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        format!(
                            "a line longer than {} bytes: not a CSV of sudoku-lab",
                            self.bound
                        ),
                    ));
                }
            }
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_past_its_bound_is_an_error_not_memory() {
        let mut ok = LineBound::with_bound(&b"abc\ndef\n"[..], 3);
        let mut text = String::new();
        ok.read_to_string(&mut text).unwrap();
        assert_eq!(text, "abc\ndef\n");
        let long = io::repeat(0).take(1 << 30);
        let mut bounded = LineBound::with_bound(long, 1 << 16);
        let err = io::copy(&mut bounded, &mut io::sink()).unwrap_err();
        assert!(err.to_string().contains("longer than 65536 bytes"), "{err}");
    }

    #[test]
    fn a_sidecar_too_large_or_a_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("big.run.toml");
        std::fs::File::create(&big)
            .unwrap()
            .set_len(SIDECAR_BYTES + 1)
            .unwrap();
        let err = read_small(&big, "a sidecar", SIDECAR_BYTES).unwrap_err();
        assert!(err.to_string().contains("too large for a sidecar"), "{err}");
        let err = read_small(dir.path(), "a sidecar", 10).unwrap_err();
        assert!(err.to_string().contains("a folder, not a sidecar"), "{err}");
        let none = read_small(&dir.path().join("none"), "a sidecar", 10).unwrap();
        assert_eq!(none, None);
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_refused_before_it_is_read() {
        let err = open_regular(Path::new("/dev/zero"), "a CSV").unwrap_err();
        assert!(err.to_string().contains("a device, not a CSV"), "{err}");
        let err = open_stream(Path::new("/dev/zero"), "a CSV").err().unwrap();
        assert!(err.to_string().contains("a device, not a CSV"), "{err}");
    }

    /// A FIFO no program writes is refused at once (opened, it would wait for a writer
    /// forever); one a program writes is read as it comes.
    #[cfg(unix)]
    #[test]
    fn a_fifo_without_a_writer_is_refused_and_one_with_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("r.csv");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let err = open_stream(&fifo, "a CSV").err().unwrap();
        assert!(err.to_string().contains("no program writes"), "{err}");
        let err = read_small(&fifo, "a sidecar", 10).unwrap_err();
        assert!(
            err.to_string()
                .contains("a FIFO (named pipe), not a sidecar"),
            "{err}"
        );
        let writer = {
            let fifo = fifo.clone();
            std::thread::spawn(move || {
                // Blocks until the reader below is there... which opens without waiting:
                // so the writer opens first, read-write, to hold the pipe.
                let mut w = std::fs::OpenOptions::new()
                    .read(true)
                    .write(true)
                    .open(&fifo)
                    .unwrap();
                std::io::Write::write_all(&mut w, b"a,b\n").unwrap();
                w
            })
        };
        let held = writer.join().unwrap();
        let mut text = vec![0u8; 4];
        let mut stream = open_stream(&fifo, "a CSV").unwrap();
        stream.read_exact(&mut text).unwrap();
        assert_eq!(text, b"a,b\n");
        drop(held);
    }
}
