//! Whole files ([`write_file`]: the sidecar, the summary, the figures): written to a
//! temporary file beside them and renamed over them, so that a reader sees the old file or
//! the new one, never half of one; or, on a disk with no room for the temporary file, over
//! the old one in place ([`write_file_else_in_place`]).

use std::fs::OpenOptions;
use std::io::{self, Write};
use std::path::Path;
use std::sync::{Mutex, MutexGuard};

use crate::error::{shown, Error};

/// Creates the folder of `path` when it is missing.
pub(crate) fn create_parent(path: &Path) -> Result<(), Error> {
    match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) => create_folder(dir),
        None => Ok(()),
    }
}

/// Creates the folder `dir` and those above it when they are missing; something on its
/// path that is not a folder (a file, a device such as `/dev/null`) is named as such
/// ([`Error::NotAFolder`]), where the system says only `File exists` or `Not a directory`.
pub(crate) fn create_folder(dir: &Path) -> Result<(), Error> {
    std::fs::create_dir_all(dir).map_err(|source| {
        let there = dir
            .ancestors()
            .find_map(|a| Some((a, std::fs::metadata(a).ok()?)));
        match there {
            Some((path, meta)) if !meta.is_dir() => Error::NotAFolder { path: shown(path) },
            _ => Error::CreateDir {
                path: shown(dir),
                source,
            },
        }
    })
}

/// What is at `path` that a file written there would replace or could not be written
/// over, if anything: a folder, or something other than a regular file (a device such as
/// `/dev/null`, a named pipe, a socket), which renaming a file into place would replace
/// (run as root, a run on `/dev/null` would make it a file). `None` when `path` is free or
/// a regular file. A link is followed: a link to a device is in the way too.
pub fn in_the_way(path: &Path) -> Option<&'static str> {
    let meta = std::fs::metadata(path).ok()?;
    if meta.is_dir() {
        Some("a folder is in the way")
    } else if meta.is_file() {
        None
    } else {
        Some(
            "not a regular file (a device such as /dev/null, a named pipe or a socket): files \
are written beside it and renamed into place, which would replace it; name a file",
        )
    }
}

/// Held while [`write_file`] writes its temporary file and renames it into place: see
/// [`hold_whole_writes`].
static WHOLE: Mutex<()> = Mutex::new(());

/// Waits for the whole-file write under way, if any, to put its file in place (or remove
/// its temporary file), and holds off the next while the guard lives: a process about to
/// exit at once (the interrupt handler of `sudoku-lab`) takes it first, so that no
/// temporary file (`.X.tmp-PID`) of a sidecar, a summary or a figure is left behind.
pub fn hold_whole_writes() -> MutexGuard<'static, ()> {
    WHOLE.lock().unwrap_or_else(|e| e.into_inner())
}

/// [`hold_whole_writes`] if no whole-file write is under way now, else `WouldBlock`: for
/// a caller that waits only so long (a write stuck on a disk that does not answer).
///
/// # Errors
///
/// `WouldBlock` while a write is under way (`Poisoned`, holding the guard, after a panic
/// in one).
pub fn try_hold_whole_writes() -> std::sync::TryLockResult<MutexGuard<'static, ()>> {
    WHOLE.try_lock()
}

/// Writes a whole file: to a temporary file beside it (its folder created when missing),
/// then renamed over it, so that the file is either the old one or the new one, whole. A
/// process that exits at once meanwhile waits for it (see [`hold_whole_writes`]).
///
/// # Errors
///
/// When something other than a file is at `path` (see [`in_the_way`]), or when the folder
/// or the file cannot be created or written (the temporary file is then removed, the old
/// file left as it was).
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    if let Some(what) = in_the_way(path) {
        return Err(Error::Write {
            path: shown(path),
            source: io::Error::other(what),
        });
    }
    create_parent(path)?;
    let mut name = std::ffi::OsString::from(".");
    name.push(path.file_name().unwrap_or(path.as_os_str()));
    name.push(format!(".tmp-{}", std::process::id()));
    let temporary = path.with_file_name(name);
    let _held = hold_whole_writes();
    let written = std::fs::write(&temporary, bytes).map_err(|source| Error::Write {
        path: shown(path),
        source,
    });
    let renamed = written.and_then(|()| {
        std::fs::rename(&temporary, path).map_err(|source| Error::Write {
            path: shown(path),
            source,
        })
    });
    if renamed.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    renamed
}

/// Writes a whole file as [`write_file`] does, or, when the disk (or the quota) has no
/// room for the temporary file beside it, over the file already there, in place
/// ([`overwrite_in_place`]): a run's sidecar at its end, where the CSV took the last of the
/// room, replaces the one written at its start.
///
/// # Errors
///
/// [`write_file`]'s error, when the file cannot be written either way.
pub fn write_file_else_in_place(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let error = match write_file(path, bytes) {
        Ok(()) => return Ok(()),
        Err(e) => e,
    };
    let no_room = matches!(&error, Error::Write { source, .. }
        if matches!(source.kind(), io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded));
    if no_room && overwrite_in_place(path, bytes).is_ok() {
        return Ok(());
    }
    Err(error)
}

/// Writes `bytes` over the regular file at `path`, in the room it already takes on the
/// disk (its blocks), so that a disk without a free block takes them: refused when they
/// need more room than that. Not whole-or-nothing as [`write_file`] is: a crash in the
/// middle of it can leave a mix of the old text and the new.
///
/// # Errors
///
/// When the file is not there, takes too little room, or cannot be written.
pub fn overwrite_in_place(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let error = |source| Error::Write {
        path: shown(path),
        source,
    };
    let mut file = OpenOptions::new()
        .write(true)
        .truncate(false)
        .open(path)
        .map_err(error)?;
    let meta = file.metadata().map_err(error)?;
    if !meta.is_file() || (bytes.len() as u64) > room_taken(&meta) {
        return Err(error(io::Error::from(io::ErrorKind::StorageFull)));
    }
    file.write_all(bytes)
        .and_then(|()| file.set_len(bytes.len() as u64))
        .and_then(|()| file.sync_data())
        .map_err(error)
}

/// The bytes a file takes on the disk: its blocks.
#[cfg(unix)]
fn room_taken(meta: &std::fs::Metadata) -> u64 {
    use std::os::unix::fs::MetadataExt;
    meta.blocks() * 512
}

#[cfg(not(unix))]
fn room_taken(meta: &std::fs::Metadata) -> u64 {
    meta.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A whole file is written while no one holds the writes (a process exiting at once
    /// holds them): it is then written whole, and no temporary file is left beside it.
    #[test]
    fn a_whole_file_is_written_once_the_writes_are_let_go() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f.svg");
        let held = hold_whole_writes();
        let writer = {
            let path = path.clone();
            std::thread::spawn(move || write_file(&path, b"<svg/>"))
        };
        let names = || std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(names(), 0, "written while the writes were held");
        drop(held);
        writer.join().unwrap().unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"<svg/>");
        assert_eq!(names(), 1, "a temporary file left beside it");
    }

    #[test]
    fn a_file_is_written_over_in_place_only_within_the_room_it_takes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.toml");
        std::fs::write(&path, vec![b'#'; 8192]).unwrap();
        overwrite_in_place(&path, b"state = \"failed\"\n").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"state = \"failed\"\n");
        let more = vec![b'#'; 1 << 20];
        let refused = overwrite_in_place(&path, &more).unwrap_err();
        assert!(refused
            .to_string()
            .starts_with(&format!("{}: cannot write", path.display())));
        assert_eq!(std::fs::read(&path).unwrap(), b"state = \"failed\"\n");
        assert!(overwrite_in_place(&dir.path().join("missing"), b"x").is_err());
    }
}
