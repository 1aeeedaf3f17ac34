//! One staged output for every file the program writes: a running name, a lock, and a
//! place chosen by how the command ended.
//!
//! A file `X.EXT` is written as `X.running.EXT`, created exclusively and locked, so that a
//! second writer of the same output is refused ([`Error::Busy`]). At the end it is renamed
//! ([`tempfile`]'s `persist`) to the name of how the command ended:
//!
//! | how it ended | its name | an earlier `X.EXT` |
//! |---|---|---|
//! | finished | `X.EXT` | replaced |
//! | interrupted | `X.interrupted.EXT` | kept |
//! | failed | `X.failed.EXT` | kept |
//! | killed (no chance to end) | `X.running.EXT`, moved to `X.killed.EXT` by the next writer | kept |
//!
//! A command that drops its output without placing it (it failed before writing anything
//! worth keeping, a trace or a merge cut short) has it removed by [`Drop`]. A file that
//! cannot be renamed stays under its running name, as a killed writer's. An earlier
//! unfinished file under the name a file is to take (`X.interrupted.EXT`, ...) moves to
//! the first free numbered name (`X.interrupted.2.EXT`), unless the new file continued it:
//! no row already computed is lost, and the unnumbered name is always the latest.
//!
//! A name that is a device, a pipe or a socket (`/dev/null`, `/dev/stdout`) is written as
//! it is. Whole small files (a sidecar, a summary, a figure) go through [`write_whole`]: a
//! temporary file beside them, renamed over them.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

use crate::error::{shown, Error};
use crate::sidecar::{tagged_path, State};

/// The word in the name of a killed writer's file, once the next writer moved it aside.
pub const KILLED: &str = "killed";

/// The words in the other names a file takes (`X.TAG.EXT`).
pub const TAGS: [&str; 4] = ["running", "interrupted", "failed", KILLED];

/// The word in the name of a file that ended in `state` (`None`: finished, the name asked
/// for).
pub fn tag(state: State) -> Option<&'static str> {
    match state {
        State::Finished => None,
        State::Running => Some("running"),
        State::Interrupted => Some("interrupted"),
        State::Failed => Some("failed"),
    }
}

/// A file being written under its running name (see the [module](self)).
#[derive(Debug)]
pub struct Staged {
    /// The name asked for (a link followed to the file it leads to).
    target: PathBuf,
    /// The file.
    file: Running,
}

/// Where a [`Staged`] file is while it is written.
#[derive(Debug)]
enum Running {
    /// `X.running.EXT`, locked; removed when dropped unplaced.
    Staged(NamedTempFile),
    /// A device, a pipe or a socket, written as it is.
    Direct(File),
}

/// Where a file went once placed, and where an earlier file of that name went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    /// Its name now.
    pub path: PathBuf,
    /// Where an earlier unfinished file under that name went (a numbered name).
    pub kept: Option<PathBuf>,
}

impl Staged {
    /// Starts writing `path`: `X.running.EXT` created and locked (a killed writer's file
    /// there moved aside to `X.killed.EXT` first: where it went is returned).
    ///
    /// # Errors
    ///
    /// [`Error::Busy`] when another process writes it; [`Error::InTheWay`] when one of its
    /// names is a folder or a device; [`Error::NamesAFolder`] when `path` ends with a `/`;
    /// an I/O error naming the file otherwise.
    pub fn open(path: &Path) -> Result<(Staged, Option<Placed>), Error> {
        crate::claims::check_names_a_file(path)?;
        let path = through_links(path)?;
        if std::fs::metadata(&path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
            let file = fs_err::OpenOptions::new().write(true).open(&path)?;
            let file = Running::Direct(file.into_parts().0);
            return Ok((Staged { target: path, file }, None));
        }
        check_names(&Staged::every_name(&path))?;
        let running = tagged_path(&path, "running", ("out", None));
        let (file, aside) = create_locked(&running, &path, 0, |from| {
            let to = tagged_path(&path, KILLED, ("out", None));
            let kept = make_room(&to, |n| {
                tagged_path(&path, &numbered(KILLED, n), ("out", None))
            })?;
            fs_err::rename(from, &to)?;
            Ok(Placed { path: to, kept })
        })?;
        let file = Running::Staged(file);
        Ok((Staged { target: path, file }, aside))
    }

    /// Every name a file written as `path` may take: none of them may be an input.
    pub fn every_name(path: &Path) -> Vec<PathBuf> {
        std::iter::once(path.to_path_buf())
            .chain(TAGS.iter().map(|t| tagged_path(path, t, ("out", None))))
            .collect()
    }

    /// The name asked for (the file a link leads to).
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// The name of the file while it is written.
    pub fn running(&self) -> &Path {
        match &self.file {
            Running::Staged(file) => file.path(),
            Running::Direct(_) => &self.target,
        }
    }

    /// Whether it is a device, a pipe or a socket, written as it is.
    pub fn is_direct(&self) -> bool {
        matches!(self.file, Running::Direct(_))
    }

    /// The file written.
    pub fn file(&mut self) -> &mut File {
        match &mut self.file {
            Running::Staged(file) => file.as_file_mut(),
            Running::Direct(file) => file,
        }
    }

    /// The name the file takes once the writing ended in `state`.
    pub fn ended(&self, state: State) -> PathBuf {
        match tag(state).filter(|_| !self.is_direct()) {
            None => self.target.clone(),
            Some(tag) => tagged_path(&self.target, tag, ("out", None)),
        }
    }

    /// Ends the writing in `state`: the file made durable, then renamed to the name of
    /// `state` (an earlier unfinished file of that name kept under a numbered one first).
    ///
    /// # Errors
    ///
    /// When it cannot be synced or renamed: it then stays under its running name.
    pub fn place(self, state: State) -> Result<Placed, Error> {
        let end = self.ended(state);
        let file = match self.file {
            Running::Direct(_) => {
                return Ok(Placed {
                    path: end,
                    kept: None,
                })
            }
            Running::Staged(file) => file,
        };
        let kept = match state {
            State::Finished => None,
            _ => make_room(&end, |n| {
                let tag = tag(state).unwrap_or(KILLED);
                tagged_path(&self.target, &numbered(tag, n), ("out", None))
            })?,
        };
        persist(file, &end)?;
        Ok(Placed { path: end, kept })
    }
}

/// `TAG.N`: the word of a numbered name.
pub(crate) fn numbered(tag: &str, n: u64) -> String {
    format!("{tag}.{n}")
}

/// Makes `file` durable and renames it to `to`; when that fails it stays under its running
/// name (not removed).
pub(crate) fn persist(file: NamedTempFile, to: &Path) -> Result<(), Error> {
    let from = file.path().to_path_buf();
    if let Err(e) = file.as_file().sync_data() {
        let _ = file.keep();
        return Err(Error::Sync {
            path: shown(&from),
            source: e,
        });
    }
    file.persist(to).map(drop).map_err(|e| {
        let _ = e.file.keep();
        Error::Rename {
            from: shown(&from),
            to: shown(to),
            source: e.error,
        }
    })
}

/// Creates `running` exclusively and locks it. When a file is there: refused when it is
/// locked (another writer's); else a killed writer's, removed when it holds at most `empty`
/// bytes, or moved by `aside` (which says where), and the name taken again.
pub(crate) fn create_locked(
    running: &Path,
    output: &Path,
    empty: u64,
    mut aside: impl FnMut(&Path) -> Result<Placed, Error>,
) -> Result<(NamedTempFile, Option<Placed>), Error> {
    let folder = folder_of(running)?;
    let name = running.file_name().unwrap_or_default();
    let mut moved = None;
    for _ in 0..3 {
        let created = tempfile::Builder::new()
            .prefix(name)
            .rand_bytes(0)
            .tempfile_in(folder);
        match created {
            Ok(file) => {
                if locked_elsewhere(file.as_file()) {
                    let _ = file.keep();
                    break;
                }
                return Ok((file, moved));
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => {
                return Err(Error::Write {
                    path: shown(running),
                    source: e,
                })
            }
        }
        let earlier = fs_err::File::open(running)?;
        if locked_elsewhere(earlier.file()) {
            break;
        }
        drop(earlier);
        if std::fs::metadata(running).map_or(0, |m| m.len()) <= empty {
            fs_err::remove_file(running)?;
        } else {
            moved = Some(aside(running)?);
        }
    }
    Err(Error::Busy {
        path: shown(running),
        output: shown(output),
    })
}

/// The folder of `path`, created when missing; something on its way that is not a folder
/// is named as such ([`Error::NotAFolder`]).
pub fn folder_of(path: &Path) -> Result<&Path, Error> {
    let folder = path.parent().filter(|d| !d.as_os_str().is_empty());
    let folder = folder.unwrap_or(Path::new("."));
    fs_err::create_dir_all(folder).map_err(|e| {
        let there = folder
            .ancestors()
            .find_map(|a| Some((a, std::fs::metadata(a).ok()?)));
        match there {
            Some((path, meta)) if !meta.is_dir() => Error::NotAFolder { path: shown(path) },
            _ => Error::Io(e),
        }
    })?;
    Ok(folder)
}

/// Whether another process holds a lock on `file`; takes it otherwise (a file system
/// without locks goes unlocked).
fn locked_elsewhere(file: &File) -> bool {
    matches!(fs4::fs_std::FileExt::try_lock_exclusive(file), Ok(false))
}

/// Moves a file at `path` out of the way to the first free `name(n)`, n = 2, 3, ...;
/// where it went.
pub(crate) fn make_room(
    path: &Path,
    name: impl Fn(u64) -> PathBuf,
) -> Result<Option<PathBuf>, Error> {
    if std::fs::symlink_metadata(path).is_err() {
        return Ok(None);
    }
    let free = (2..)
        .map(name)
        .find(|p| std::fs::symlink_metadata(p).is_err());
    let free = free.expect("a free numbered name");
    fs_err::rename(path, &free)?;
    Ok(Some(free))
}

/// Refuses names that are a folder or a device: a file renamed into place would replace
/// them, or could not.
///
/// # Errors
///
/// [`Error::InTheWay`] naming the first.
pub fn check_names<P: AsRef<Path>>(names: &[P]) -> Result<(), Error> {
    for name in names {
        let name = name.as_ref();
        if let Ok(meta) = std::fs::metadata(name) {
            let what = if meta.is_dir() {
                "a folder is in the way"
            } else if !meta.is_file() {
                "not a regular file (a device such as /dev/null, a named pipe or a socket): \
files are written beside it and renamed into place, which would replace it; name a file"
            } else {
                continue;
            };
            return Err(Error::InTheWay {
                path: shown(name),
                what,
            });
        }
    }
    Ok(())
}

/// Writes a whole file: to a temporary file beside it (its folder created when missing),
/// then renamed over it, so that a reader sees the old file or the new one.
///
/// # Errors
///
/// When a folder or a device is at `path`, or the file cannot be written (the old file is
/// then left as it was).
pub fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    if let Err(Error::InTheWay { what, .. }) = check_names(&[path]) {
        let source = io::Error::other(what);
        return Err(Error::Write {
            path: shown(path),
            source,
        });
    }
    let folder = folder_of(path)?;
    let mut prefix = std::ffi::OsString::from(".");
    prefix.push(path.file_name().unwrap_or_default());
    prefix.push(".");
    let write_error = |source| Error::Write {
        path: shown(path),
        source,
    };
    let mut file = tempfile::Builder::new()
        .prefix(&prefix)
        .tempfile_in(folder)
        .map_err(write_error)?;
    file.write_all(bytes).map_err(write_error)?;
    file.persist(path).map_err(|e| write_error(e.error))?;
    Ok(())
}

/// The file `path` names for a writer: `path`, unless it is a symbolic link that leads
/// (through every link on the way) to a regular file or to nothing yet: then that file,
/// so that the link keeps leading to the result and two writers by two names share one
/// lock. A link to anything else is left as it is.
///
/// # Errors
///
/// When a link cannot be read, or leads through more than 40 (a loop).
pub fn through_links(path: &Path) -> Result<PathBuf, Error> {
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Ok(path.to_path_buf());
    }
    let mut target = path.to_path_buf();
    for _ in 0..40 {
        if !std::fs::symlink_metadata(&target).is_ok_and(|m| m.is_symlink()) {
            if target == path {
                return Ok(target);
            }
            return Ok(canonical_folder(target));
        }
        let leads_to = fs_err::read_link(&target)?;
        target = target
            .parent()
            .map_or(leads_to.clone(), |f| f.join(&leads_to));
    }
    Err(Error::Write {
        path: shown(path),
        source: io::Error::other("too many levels of symbolic links (a loop?)"),
    })
}

/// `path` with its folder in canonical form, when the folder is there.
fn canonical_folder(path: PathBuf) -> PathBuf {
    let (Some(folder), Some(name)) = (path.parent(), path.file_name()) else {
        return path;
    };
    let folder = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    folder.canonicalize().map_or(path.clone(), |f| f.join(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_placed_by_how_it_ended_and_an_earlier_one_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.txt");
        std::fs::write(&path, "earlier").unwrap();
        for round in 0..2 {
            let (mut staged, aside) = Staged::open(&path).unwrap();
            assert_eq!(aside, None);
            assert_eq!(staged.running(), dir.path().join("p.running.txt"));
            assert!(matches!(Staged::open(&path), Err(Error::Busy { .. })));
            staged.file().write_all(b"new").unwrap();
            let placed = staged.place(State::Interrupted).unwrap();
            assert_eq!(placed.path, dir.path().join("p.interrupted.txt"));
            let second = (round == 1).then(|| dir.path().join("p.interrupted.2.txt"));
            assert_eq!(placed.kept, second);
        }
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "earlier");
        let (staged, _) = Staged::open(&path).unwrap();
        staged.place(State::Finished).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "");
    }

    #[test]
    fn a_file_dropped_unplaced_is_removed_and_a_killed_ones_moved_aside() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.txt");
        drop(Staged::open(&path).unwrap());
        assert!(!dir.path().join("p.running.txt").exists());
        std::fs::write(dir.path().join("p.running.txt"), "killed").unwrap();
        let (_staged, aside) = Staged::open(&path).unwrap();
        let aside = aside.unwrap();
        assert_eq!(aside.path, dir.path().join("p.killed.txt"));
        assert_eq!(std::fs::read_to_string(aside.path).unwrap(), "killed");
    }

    #[test]
    fn a_folder_in_the_way_is_named() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("p.failed.txt")).unwrap();
        let err = Staged::open(&dir.path().join("p.txt")).unwrap_err();
        assert!(err.to_string().ends_with("a folder is in the way"), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn links_are_followed_to_a_file_and_nothing_else() {
        use std::os::unix::fs::symlink;
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().canonicalize().unwrap();
        let d = dir.path();
        std::fs::create_dir(d.join("sub")).unwrap();
        std::fs::write(d.join("sub/a.csv"), "").unwrap();
        symlink("sub/a.csv", d.join("b.csv")).unwrap();
        symlink("../b.csv", d.join("sub/c.csv")).unwrap();
        symlink(d.join("sub/new.csv"), d.join("dangling.csv")).unwrap();
        symlink("sub", d.join("folder.csv")).unwrap();
        symlink("loop2.csv", d.join("loop1.csv")).unwrap();
        symlink("loop1.csv", d.join("loop2.csv")).unwrap();
        let a = real.join("sub/a.csv");
        assert_eq!(through_links(&d.join("b.csv")).unwrap(), a);
        assert_eq!(through_links(&d.join("sub/c.csv")).unwrap(), a);
        assert_eq!(
            through_links(&d.join("dangling.csv")).unwrap(),
            real.join("sub/new.csv")
        );
        for name in ["sub/a.csv", "none.csv", "folder.csv"] {
            assert_eq!(through_links(&d.join(name)).unwrap(), d.join(name));
        }
        let looped = through_links(&d.join("loop1.csv")).unwrap_err().to_string();
        assert!(looped.contains("too many levels"), "{looped}");
    }
}
