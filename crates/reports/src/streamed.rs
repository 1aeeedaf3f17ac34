//! A file written as it goes (the puzzles of `generate -o`, a trace), kept as a run's CSV
//! is (see [`crate::output`]): an earlier file of the same name is replaced only by one
//! written to its end.
//!
//! A file `X.txt` is written as `X.running.txt`, locked (a second writer of the same name
//! is refused), then renamed by how the writing ended:
//!
//! | how it ends | the file | an earlier `X.txt` |
//! |---|---|---|
//! | finished | `X.txt` | replaced |
//! | interrupted | `X.interrupted.txt` | kept |
//! | failed | `X.failed.txt` (or removed, when nothing in it is worth keeping) | kept |
//! | killed | `X.running.txt`, moved aside to `X.killed.txt` by the next writer | kept |
//!
//! An earlier unfinished file under the name a file takes (`X.killed.txt`,
//! `X.interrupted.txt`, `X.failed.txt`) is kept under a numbered name (`X.killed.2.txt`,
//! see [`crate::leftover`]): nothing continues such a file, so it holds what no other does.
//!
//! The rename goes by name: a running name that no longer leads to the file written at its
//! end (moved away, another file put under the name) is not renamed, so that the other file
//! does not take the name asked for, and both are left as they are ([`Error::Moved`]); a
//! removal alike touches only the file written.
//!
//! A name that is a device, a named pipe or a socket (`/dev/null`, `/dev/stdout`, a shell's
//! `>(gzip > x.gz)`) is written as it is: there is no earlier file to keep, and a rename
//! would replace it.

use std::fs::File;
use std::io::{self, BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use crate::error::{shown, Error};
use crate::leftover::make_room_for_file;
use crate::output::{
    check_output_names, gone_why, lock, names_the_same, rename, tag, RunningFile, KILLED, TAGS,
};
use crate::sidecar::{tagged_path, State};
use crate::write::through_links;

/// Where a file went once its writing ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    /// The file's name now.
    pub path: PathBuf,
    /// Where an earlier unfinished file under that name went (see [`crate::leftover`]).
    pub kept: Option<PathBuf>,
}

/// A file kept only whole that could not be put in place (see [`Streamed::finish_whole`]).
#[derive(Debug)]
pub struct Unplaced {
    /// What went wrong.
    pub error: Error,
    /// Whether the file was removed: not when its running name no longer names it
    /// ([`Error::Moved`]), nor when it is a device, a pipe or a socket, nor when the
    /// removal failed.
    pub removed: bool,
}

/// A file being written under its running name (see the [module](self)).
#[derive(Debug)]
pub struct Streamed {
    /// The name asked for: the file's once it is finished.
    target: PathBuf,
    /// Its name while it is written.
    running: PathBuf,
    writer: BufWriter<File>,
    /// Where a killed writer's file was moved aside, if there was one.
    moved_aside: Option<PathBuf>,
    /// Where an older killed writer's file went to make room for it.
    kept: Option<PathBuf>,
    /// Written as it is, under its own name: a device, a pipe or a socket.
    direct: bool,
    /// Made durable by [`Streamed::make_durable`], nothing written since.
    durable: bool,
}

impl Streamed {
    /// Every name a file written as `path` may take: none of them may be an input.
    pub fn every_name(path: &Path) -> Vec<PathBuf> {
        let mut names = vec![path.to_path_buf()];
        for tag in TAGS {
            names.push(tagged(path, tag));
        }
        names
    }

    /// Starts writing `path`: its folder created when missing, `X.running.EXT` created and
    /// locked, empty (the file of a killed writer moved aside to `X.killed.EXT` first).
    /// Nothing under `path` is touched. A `path` that is a link to a file stands for that
    /// file (see [`through_links`]).
    ///
    /// # Errors
    ///
    /// When another process writes the same file ([`Error::Busy`]), when one of its names
    /// is taken by something other than a file (a folder, a device), or when the file
    /// cannot be created.
    pub fn open(path: &Path) -> Result<Streamed, Error> {
        // A link: the file it leads to is written, and the link kept.
        let asked = path;
        let path = &through_links(path)?;
        if std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
            return Streamed::direct(path);
        }
        check_output_names(&Streamed::every_name(path))?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            crate::write::create_folder(dir)?;
        }
        let running = tagged(path, "running");
        let (mut moved_aside, mut kept) = (None, None);
        let file = loop {
            let file = lock(&running, path).map_err(|e| busy_as_asked(e, asked, path))?;
            if file.metadata().map_or(0, |m| m.len()) == 0 {
                break file;
            }
            // What a killed writer wrote: kept under another name.
            let aside = tagged(path, KILLED);
            kept = make_room_for_file(&aside, |n| tagged(path, &format!("{KILLED}.{n}")))?.or(kept);
            rename(&running, &aside)?;
            moved_aside = Some(aside);
        };
        Ok(Streamed {
            target: path.to_path_buf(),
            running,
            writer: BufWriter::new(file),
            moved_aside,
            kept,
            direct: false,
            durable: false,
        })
    }

    /// Writes to `path`, a device, a pipe or a socket, as it is.
    fn direct(path: &Path) -> Result<Streamed, Error> {
        let file = File::options()
            .write(true)
            .open(path)
            .map_err(|source| Error::Create {
                path: shown(path),
                source,
            })?;
        Ok(Streamed {
            target: path.to_path_buf(),
            running: path.to_path_buf(),
            writer: BufWriter::new(file),
            moved_aside: None,
            kept: None,
            direct: true,
            durable: false,
        })
    }

    /// The name of the file while it is written.
    pub fn running(&self) -> &Path {
        &self.running
    }

    /// The file while it is written, as another thread may look at it (see
    /// [`RunningFile`]); `None` for a device, a pipe or a socket, written as it is.
    pub fn running_file(&self) -> Option<RunningFile> {
        (!self.direct).then(|| RunningFile::of(&self.running, self.writer.get_ref()))
    }

    /// Where a killed writer's file was moved aside, if [`Streamed::open`] found one.
    pub fn moved_aside(&self) -> Option<&Path> {
        self.moved_aside.as_deref()
    }

    /// Where an older killed writer's file went to make room for the one moved aside.
    pub fn kept(&self) -> Option<&Path> {
        self.kept.as_deref()
    }

    /// The name of the file once the writing ended in `state` (a device's own, whatever
    /// the state).
    pub fn ended(&self, state: State) -> PathBuf {
        match tag(state).filter(|_| !self.direct) {
            None => self.target.clone(),
            Some(tag) => tagged(&self.target, tag),
        }
    }

    /// Writes what is buffered and makes the file durable (`fdatasync`), as
    /// [`Streamed::finish`] does before it puts a finished file in place (it does not do
    /// it again when nothing was written since). A device, a pipe or a socket is written
    /// only: it cannot be made durable. A writer that keeps a file only whole (a trace)
    /// calls this first, and removes the file when it fails ([`Streamed::discard`]),
    /// where [`Streamed::finish`] would leave it under its running name, as a killed
    /// writer's.
    ///
    /// # Errors
    ///
    /// [`Error::Write`] when what is buffered cannot be written, [`Error::Sync`] when the
    /// file cannot be made durable: what it holds may not be on the disk.
    pub fn make_durable(&mut self) -> Result<(), Error> {
        self.writer.flush().map_err(|source| Error::Write {
            path: shown(&self.running),
            source,
        })?;
        if !self.direct {
            self.writer
                .get_ref()
                .sync_data()
                .map_err(|source| Error::Sync {
                    path: shown(&self.running),
                    source,
                })?;
        }
        self.durable = true;
        Ok(())
    }

    /// Writes `bytes` over those at offset `at` of the file, in place, through the file
    /// written (what is buffered is written first, and the writing goes on at the end): a
    /// file put under its running name since, the written one renamed away, is not
    /// touched.
    ///
    /// # Errors
    ///
    /// When the file cannot be written, or is a device, a pipe or a socket (written as it
    /// is: [`io::ErrorKind::Unsupported`]).
    pub fn write_at(&mut self, at: u64, bytes: &[u8]) -> io::Result<()> {
        if self.direct {
            return Err(io::Error::new(
                io::ErrorKind::Unsupported,
                "a device, a pipe or a socket cannot be written in place",
            ));
        }
        self.durable = false;
        self.writer.flush()?;
        write_in_place(self.writer.get_ref(), at, bytes)
    }

    /// Ends the writing in `state`: what is buffered written, the file made durable (see
    /// [`Streamed::make_durable`]), then renamed to the name of `state` (see
    /// [`Streamed::ended`]), which is returned (an earlier unfinished file of that name
    /// kept under a numbered one first). A file that is not whole anyway (`state` is not
    /// [`State::Finished`]) is renamed even when what was buffered cannot be written
    /// (after a write that failed, say): the bytes that reached it are kept.
    ///
    /// # Errors
    ///
    /// When the file cannot be renamed, or, finished, cannot be written
    /// ([`Error::Write`]) or made durable ([`Error::Sync`]): it then stays under its
    /// running name. When that name no longer names the file written (removed or moved
    /// meanwhile, another file put under it: [`Error::Moved`]), nothing is renamed: the
    /// other file is not put under the name of the one written.
    pub fn finish(self, state: State) -> Result<Placed, Error> {
        self.end(state).map_err(|(e, _)| e)
    }

    /// Ends the writing of a file kept only whole (a trace), finished: as
    /// [`Streamed::finish`] in [`State::Finished`], but a file that cannot be put in
    /// place (its rename refused) is removed, as [`Streamed::discard`] removes it, rather
    /// than left under its running name to be taken for a killed writer's.
    ///
    /// # Errors
    ///
    /// [`Unplaced`]: what went wrong, and whether the file was removed; a file whose running
    /// name no longer names it ([`Error::Moved`]) is left as it is, and so is the file
    /// under that name.
    pub fn finish_whole(self) -> Result<Placed, Unplaced> {
        let (running, direct) = (self.running.clone(), self.direct);
        self.end(State::Finished).map_err(|(error, file)| {
            let moved = matches!(error, Error::Moved { .. });
            let removed = !direct && !moved && remove_if_named(&running, &file);
            Unplaced { error, removed }
        })
    }

    /// [`Streamed::finish`], giving back with the error the file written, still locked.
    fn end(self, state: State) -> Result<Placed, (Error, File)> {
        let (file, written) = match self.writer.into_inner() {
            Ok(file) => (file, Ok(())),
            Err(e) => {
                let (error, writer) = e.into_parts();
                (writer.into_parts().0, Err(error))
            }
        };
        if self.direct {
            // Nothing to make durable (a pipe cannot be synced) nor to rename.
            let path = self.running.clone();
            return match written {
                Ok(()) => Ok(Placed { path, kept: None }),
                Err(source) => Err((
                    Error::Write {
                        path: shown(&self.running),
                        source,
                    },
                    file,
                )),
            };
        }
        let path = || shown(&self.running);
        let durable = match written {
            Err(source) => Err(Error::Write {
                path: path(),
                source,
            }),
            Ok(()) if self.durable => Ok(()),
            Ok(()) => file.sync_data().map_err(|source| Error::Sync {
                path: path(),
                source,
            }),
        };
        if let (Err(e), State::Finished) = (durable, state) {
            return Err((e, file));
        }
        match put_in_place(&self.target, (&self.running, &file), state) {
            Ok(placed) => Ok(placed),
            Err(e) => Err((e, file)),
        }
    }

    /// Ends a writing that failed part of the way (a full disk): what is buffered is
    /// dropped, not written again, so that the file is what reached it, and `keep`, given
    /// the file written (its handle, not its name, which may name another file by now),
    /// says whether anything in it is worth keeping, and may write in it (see
    /// [`write_in_place`]). Kept, it is
    /// put under the name of a failed writing, as [`Streamed::finish`] puts it (`Some`);
    /// else it is removed (`None`), and an earlier file of that name stays as it was. A
    /// device, a pipe or a socket is left as it is (`Some`, its own name).
    ///
    /// # Errors
    ///
    /// When the file cannot be renamed: it then stays under its running name.
    pub fn finish_failed(self, keep: impl FnOnce(&File) -> bool) -> Result<Option<Placed>, Error> {
        let Streamed {
            target,
            running,
            writer,
            direct,
            ..
        } = self;
        // Locked until it is renamed or removed.
        let (file, _unwritten) = writer.into_parts();
        if direct {
            return Ok(Some(Placed {
                path: running,
                kept: None,
            }));
        }
        if !keep(&file) {
            remove_if_named(&running, &file);
            return Ok(None);
        }
        let _ = file.sync_data();
        put_in_place(&target, (&running, &file), State::Failed).map(Some)
    }

    /// Removes the file: what was written is not worth keeping (an earlier file under the
    /// name asked for stays as it was). Only while its running name names it: another file
    /// put under that name meanwhile is not touched.
    pub fn discard(self) {
        let Streamed {
            running,
            writer,
            direct,
            ..
        } = self;
        if !direct {
            remove_if_named(&running, writer.get_ref());
        }
        // Unlocked once removed: a writer that opens the name now makes a new file.
        drop(writer.into_parts());
    }
}

impl Write for Streamed {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.durable = false;
        self.writer.write(bytes)
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.durable = false;
        self.writer.write_all(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }
}

/// Writes `bytes` over those at offset `at` of `file`, through its handle, then puts its
/// position back where it was (the end, where the writing goes on).
///
/// # Errors
///
/// When `file` cannot be written or its position moved.
pub fn write_in_place(mut file: &File, at: u64, bytes: &[u8]) -> io::Result<()> {
    let end = file.stream_position()?;
    file.seek(SeekFrom::Start(at))?;
    let written = file.write_all(bytes);
    file.seek(SeekFrom::Start(end))?;
    written
}

/// Removes `path` while it names the open `file` (the same device and inode): whether it
/// was removed.
fn remove_if_named(path: &Path, file: &File) -> bool {
    names_the_same(path, file) && std::fs::remove_file(path).is_ok()
}

/// Renames the file `running`, written for `target` (its name, and the file written), to
/// the name of a writing that ended in `state` (see [`Streamed::ended`]), an earlier
/// unfinished file of that name kept under a numbered one first (see
/// [`crate::leftover`]); nothing, and [`Error::Moved`], when the name no longer names the
/// file written, as the rename goes by name.
fn put_in_place(
    target: &Path,
    (running, file): (&Path, &File),
    state: State,
) -> Result<Placed, Error> {
    let tag = tag(state).filter(|_| state != State::Finished);
    let end = tag.map_or_else(|| target.to_path_buf(), |tag| tagged(target, tag));
    if !names_the_same(running, file) {
        return Err(Error::Moved {
            path: shown(running),
            why: gone_why(running),
            to: shown(&end),
        });
    }
    let kept = match tag {
        Some(tag) => make_room_for_file(&end, |n| tagged(target, &format!("{tag}.{n}")))?,
        None => None,
    };
    rename(running, &end)?;
    Ok(Placed { path: end, kept })
}

/// The refusal of an output that another process writes ([`Error::Busy`]), naming it as
/// it was `asked` for (a link, with the `file` it leads to: `link.txt, a link to
/// /data/p.txt`), where it named the file alone, a name the command line does not hold.
/// Any other error as it is. Every writer's refusal goes through it: [`Streamed::open`]'s,
/// and that of a run's [`Output`](crate::Output), opened at the file its `--out` leads to.
pub fn busy_as_asked(e: Error, asked: &Path, file: &Path) -> Error {
    match e {
        Error::Busy { path, .. } if asked != file => Error::Busy {
            path,
            csv: format!("{}, a link to {}", asked.display(), file.display()),
        },
        e => e,
    }
}

/// `X.EXT` → `X.TAG.EXT` (`X` → `X.TAG`).
fn tagged(path: &Path, tag: &str) -> PathBuf {
    tagged_path(path, tag, ("out", None))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(path: &Path, text: &str, state: State) -> Result<PathBuf, Error> {
        let mut file = Streamed::open(path)?;
        file.write_all(text.as_bytes()).unwrap();
        file.finish(state).map(|placed| placed.path)
    }

    #[test]
    fn a_finished_file_replaces_the_earlier_one_and_the_others_keep_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.txt");
        std::fs::write(&path, "old\n").unwrap();
        for (state, name) in [
            (State::Interrupted, "p.interrupted.txt"),
            (State::Failed, "p.failed.txt"),
        ] {
            let end = written(&path, "partial\n", state).unwrap();
            assert_eq!(end, dir.path().join(name));
            assert_eq!(std::fs::read_to_string(&end).unwrap(), "partial\n");
            assert_eq!(std::fs::read_to_string(&path).unwrap(), "old\n");
        }
        // A second interrupted file keeps the first (nothing continues a file).
        let again = written(&path, "again\n", State::Interrupted).unwrap();
        assert_eq!(std::fs::read_to_string(&again).unwrap(), "again\n");
        let kept = dir.path().join("p.interrupted.2.txt");
        assert_eq!(std::fs::read_to_string(kept).unwrap(), "partial\n");
        assert_eq!(written(&path, "new\n", State::Finished).unwrap(), path);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new\n");
        assert!(!dir.path().join("p.running.txt").exists());
    }

    /// A second writer through a link is refused naming the link as given, and the file
    /// it leads to: it named the file alone.
    #[cfg(unix)]
    #[test]
    fn a_busy_output_asked_through_a_link_is_named_as_given() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("p.txt");
        let link = dir.path().join("link.txt");
        std::os::unix::fs::symlink(&file, &link).unwrap();
        let first = Streamed::open(&file).unwrap();
        let refused = Streamed::open(&link).err().unwrap().to_string();
        assert_eq!(
            refused,
            format!(
                "{}, a link to {}: another sudoku-lab run is writing this output ({} is \
                 locked): wait for it to end, or name another output",
                link.display(),
                file.display(),
                first.running().display()
            )
        );
        let refused = Streamed::open(&file).err().unwrap().to_string();
        assert!(
            refused.starts_with(&format!("{}: another", file.display())),
            "{refused}"
        );
        first.discard();
    }

    #[test]
    fn while_it_is_written_the_name_is_taken_and_the_earlier_file_is_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("trace");
        let mut file = Streamed::open(&path).unwrap();
        assert_eq!(file.running(), dir.path().join("sub").join("trace.running"));
        file.write_all(b"line\n").unwrap();
        file.flush().unwrap();
        assert!(matches!(Streamed::open(&path), Err(Error::Busy { .. })));
        assert!(!path.exists());
        file.discard();
        assert!(!dir.path().join("sub").join("trace.running").exists());
        assert!(!path.exists());
    }

    /// Removed from another thread (an interrupt's handler) only while its name names the
    /// file written: another file made under the name since is not touched.
    #[test]
    fn a_running_file_is_removed_only_while_its_name_is_its_own() {
        use crate::output::Removal;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.txt");
        let file = Streamed::open(&path).unwrap();
        let running = file.running_file().unwrap();
        let beside = dir.path().join("beside");
        std::fs::write(&beside, "x").unwrap();
        assert!(matches!(
            running.remove(std::slice::from_ref(&beside)),
            Removal::Removed
        ));
        assert!(!file.running().exists() && !beside.exists());
        // Still open, as the writer holds it: its inode is not another file's.
        let other = Streamed::open(&path).unwrap();
        assert!(matches!(running.remove(&[]), Removal::Gone(_)));
        assert!(other.running().exists());
        drop(file);
        assert!(Streamed::open(Path::new("/dev/null"))
            .unwrap()
            .running_file()
            .is_none());
    }

    /// A writing that failed keeps what reached the file, what was buffered dropped, or
    /// nothing when the file holds nothing worth keeping.
    #[test]
    fn a_failed_writing_keeps_what_reached_the_file_or_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.txt");
        let mut file = Streamed::open(&path).unwrap();
        file.write_all(b"reached\n").unwrap();
        file.flush().unwrap();
        file.write_all(b"buffered\n").unwrap();
        let placed = file.finish_failed(|f| f.metadata().unwrap().len() > 0);
        let placed = placed.unwrap().unwrap();
        assert_eq!(placed.path, dir.path().join("p.failed.txt"));
        assert_eq!(std::fs::read_to_string(&placed.path).unwrap(), "reached\n");
        let mut file = Streamed::open(&path).unwrap();
        file.write_all(b"buffered\n").unwrap();
        assert!(file.finish_failed(|_| false).unwrap().is_none());
        assert!(!dir.path().join("p.running.txt").exists());
        assert_eq!(std::fs::read_to_string(&placed.path).unwrap(), "reached\n");
    }

    /// A file whose running name leads to another file at its end (the one written moved
    /// away, another put under the name) is not renamed: the other file is not put under
    /// the name asked for, and both are left as they are, the error saying so; it was
    /// renamed by name, the other file taking the place of the one written. A writing kept
    /// only whole leaves them too; and a file removed meanwhile is said so alike.
    #[cfg(unix)]
    #[test]
    fn a_running_name_that_leads_to_another_file_is_not_renamed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.txt");
        std::fs::write(&path, "earlier\n").unwrap();
        let moved = dir.path().join("moved.txt");
        let swapped = |file: &mut Streamed| {
            file.write_all(b"written\n").unwrap();
            file.flush().unwrap();
            std::fs::rename(file.running(), &moved).unwrap();
            std::fs::write(file.running(), "another\n").unwrap();
        };
        let running = dir.path().join("p.running.txt");
        let said = |to: &str| {
            format!(
                "{}: removed or moved while it was written (another file has its name now): \
                 not renamed to {}; what is under either name is left as it is",
                running.display(),
                dir.path().join(to).display()
            )
        };
        let left = || {
            assert_eq!(std::fs::read_to_string(&running).unwrap(), "another\n");
            assert_eq!(std::fs::read_to_string(&moved).unwrap(), "written\n");
            assert_eq!(std::fs::read_to_string(&path).unwrap(), "earlier\n");
            std::fs::remove_file(&running).unwrap();
        };
        for (state, to) in [
            (State::Finished, "p.txt"),
            (State::Interrupted, "p.interrupted.txt"),
        ] {
            let mut file = Streamed::open(&path).unwrap();
            swapped(&mut file);
            let e = file.finish(state).unwrap_err();
            assert_eq!(e.to_string(), said(to));
            assert!(!dir.path().join(to).exists() || to == "p.txt");
            left();
        }
        let mut file = Streamed::open(&path).unwrap();
        swapped(&mut file);
        let unplaced = file.finish_whole().unwrap_err();
        assert_eq!(
            (unplaced.error.to_string(), unplaced.removed),
            (said("p.txt"), false)
        );
        left();
        let mut file = Streamed::open(&path).unwrap();
        swapped(&mut file);
        file.discard();
        left();
        let mut file = Streamed::open(&path).unwrap();
        file.write_all(b"written\n").unwrap();
        std::fs::remove_file(file.running()).unwrap();
        let e = file.finish(State::Finished).unwrap_err();
        assert!(
            matches!(&e, Error::Moved { why, .. } if why.is_empty()),
            "{e}"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "earlier\n");
    }

    /// A file kept only whole whose rename is refused (a folder took the name asked for)
    /// is removed, not left under its running name as a killed writer's.
    #[cfg(unix)]
    #[test]
    fn a_whole_file_that_cannot_be_put_in_place_is_removed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.txt");
        let mut file = Streamed::open(&path).unwrap();
        file.write_all(b"trace\n").unwrap();
        std::fs::create_dir(&path).unwrap();
        std::fs::write(path.join("in the way"), "").unwrap();
        let unplaced = file.finish_whole().unwrap_err();
        assert!(
            matches!(unplaced.error, Error::Rename { .. }),
            "{unplaced:?}"
        );
        assert!(unplaced.removed);
        assert!(!dir.path().join("t.running.txt").exists());
        assert!(path.join("in the way").exists());
    }

    #[test]
    fn a_killed_writers_file_is_moved_aside_not_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.txt");
        std::fs::write(dir.path().join("p.running.txt"), "killed\n").unwrap();
        let file = Streamed::open(&path).unwrap();
        let aside = dir.path().join("p.killed.txt");
        assert_eq!(file.moved_aside(), Some(aside.as_path()));
        assert_eq!(std::fs::read_to_string(&aside).unwrap(), "killed\n");
        file.finish(State::Finished).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "");
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_written_as_it_is() {
        let null = Path::new("/dev/null");
        for state in [State::Finished, State::Failed] {
            let mut file = Streamed::open(null).unwrap();
            assert_eq!(file.running(), null);
            file.write_all(b"line\n").unwrap();
            assert_eq!(file.finish(state).unwrap().path, null);
        }
        Streamed::open(null).unwrap().discard();
        assert!(null.exists());
    }

    #[test]
    fn a_folder_under_one_of_its_names_is_refused_before_anything_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.txt");
        std::fs::create_dir(dir.path().join("p.failed.txt")).unwrap();
        let e = Streamed::open(&path).unwrap_err();
        assert!(e.to_string().contains("p.failed.txt"), "{e}");
        assert!(!dir.path().join("p.running.txt").exists());
    }
}
