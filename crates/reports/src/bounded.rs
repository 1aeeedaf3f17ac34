//! Reading what a run wrote, within bounds: whatever file a reader is given (a FIFO no one
//! writes, `/dev/zero`, a 3 GB line), it answers at once, in little memory, and says what
//! is wrong (the book's "Bounded readers"). Opening a FIFO waits for a writer and a device
//! may never end, so both are looked at before they are opened.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use crate::Error;

/// The largest sidecar read: a run over 10,000 corpora writes about 1.5 MB.
pub const SIDECAR_BYTES: u64 = 4 << 20;

/// The longest CSV line read: a row of a 25×25 puzzle with a long name is a few KB.
pub const LINE_BYTES: usize = 1 << 20;

/// What a CSV a run wrote is, in the messages of what reads one.
pub const CSV: &str = "a CSV of sudoku-lab";

/// Opens `path`, `what` it should be (`a CSV of sudoku-lab`), only when it is a regular
/// file (links followed): a folder, a FIFO or a device is refused before it is opened.
pub fn open_regular(path: &Path, what: &str) -> Result<File, Error> {
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => {
            let reason = format!("not a regular file (a folder, a FIFO, a device), not {what}");
            Err(Error::empty(path, reason))
        }
        _ => File::open(path).map_err(|e| Error::open(path, e)),
    }
}

/// Opens the CSV at `path` to be read once, as it comes: a regular file, or a pipe that a
/// writer holds.
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
    use std::fs::OpenOptions;
    use std::io::{self, Read};
    use std::os::unix::fs::OpenOptionsExt;
    use std::path::Path;

    use rustix::fs::{fcntl_getfl, fcntl_setfl, OFlags};

    use crate::Error;

    /// Opens the FIFO at `path` without waiting, and reads it once without waiting: end of
    /// file is a FIFO no writer holds. Then it is read as any file, its first bytes first.
    pub(super) fn open(path: &Path, what: &str) -> Result<Box<dyn Read + Send>, Error> {
        let failed = |e| Error::open(path, e);
        let mut file = OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(path)
            .map_err(failed)?;
        let mut first = vec![0u8; 1 << 16];
        let n = match file.read(&mut first) {
            Ok(0) => {
                let reason = "a FIFO (named pipe) that no program writes: nothing to read";
                return Err(Error::empty(path, format!("{reason}, not {what}")));
            }
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => 0,
            Err(e) => return Err(failed(e)),
        };
        first.truncate(n);
        // Reads wait again.
        let flags = fcntl_getfl(&file).map_err(|e| failed(e.into()))?;
        fcntl_setfl(&file, flags - OFlags::NONBLOCK).map_err(|e| failed(e.into()))?;
        Ok(Box::new(io::Cursor::new(first).chain(file)))
    }
}

/// The text of the small file at `path` (a sidecar), `None` when there is none; refused
/// when it is no regular file, over `cap` bytes or not UTF-8.
pub fn read_small(path: &Path, what: &str, cap: u64) -> Result<Option<String>, Error> {
    let file = match open_regular(path, what) {
        Err(Error::Open { source, .. }) if source.kind() == io::ErrorKind::NotFound => {
            return Ok(None)
        }
        file => file?,
    };
    let mut text = Vec::new();
    let read = file.take(cap + 1).read_to_end(&mut text);
    if read.map_err(|e| Error::open(path, e))? as u64 > cap {
        return Err(Error::empty(
            path,
            format!("over {cap} bytes: too large for {what}"),
        ));
    }
    String::from_utf8(text)
        .map(Some)
        .map_err(|_| Error::empty(path, format!("not UTF-8 text: not {what}")))
}

/// A reader that fails once a line runs longer than its bound: the csv crate holds a line
/// whole.
#[derive(Debug)]
pub struct LineBound<R> {
    inner: R,
    /// Bytes since the last `\n`.
    run: usize,
    bound: usize,
}

impl<R: Read> LineBound<R> {
    /// `inner`, whose lines may be at most `bound` bytes long ([`LINE_BYTES`] for a CSV).
    pub fn new(inner: R, bound: usize) -> LineBound<R> {
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
        // The first piece goes on the line before; each other one starts a line.
        for (i, piece) in buf[..n].split(|&b| b == b'\n').enumerate() {
            self.run = piece.len() + if i == 0 { self.run } else { 0 };
            if self.run > self.bound {
                let what = format!("a line longer than {} bytes: not {CSV}", self.bound);
                return Err(io::Error::new(io::ErrorKind::InvalidData, what));
            }
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(err
            .to_string()
            .contains("(a folder, a FIFO, a device), not a sidecar"));
        let none = read_small(&dir.path().join("none"), "a sidecar", 10).unwrap();
        assert_eq!(none, None);
    }
}
