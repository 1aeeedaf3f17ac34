//! One staged output for every file the program writes: `X.running.EXT`, created
//! exclusively and locked, renamed ([`tempfile`]'s `persist`) at the end to the name of how
//! the command ended; the rules are the book's "What a stopped run leaves". A device, a
//! pipe or a socket is written as it is; whole small files go through [`write_whole`].

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

use crate::sidecar::{tagged_path, State};
use crate::{shown, Error};

/// The word in the name of a killed writer's file, once the next writer moved it aside.
pub const KILLED: &str = "killed";

/// The words in the other names a file takes (`X.TAG.EXT`).
const TAGS: [&str; 4] = ["running", "interrupted", "failed", KILLED];

/// The word in the name of a file that ended in `state` (`None`: finished).
fn tag(state: State) -> Option<&'static str> {
    let states = [State::Running, State::Interrupted, State::Failed];
    let mut tags = states.into_iter().zip(TAGS);
    tags.find(|(s, _)| *s == state).map(|(_, tag)| tag)
}

/// How the names of a staged output are made: the files written as one (a file alone, or
/// a run's CSV, summary and sidecar), and how a name takes a tag.
#[derive(Debug)]
pub(crate) struct Names {
    /// The files written as one, from the first one's name (the first first).
    pub(crate) group: fn(&Path) -> Vec<PathBuf>,
    /// The stem and extension of a tagged name without (see [`tagged_path`]).
    pub(crate) default: (&'static str, Option<&'static str>),
}

/// A file written alone.
const FILE: Names = Names {
    group: |path: &Path| vec![path.to_path_buf()],
    default: ("out", None),
};

impl Names {
    fn tagged(&self, path: &Path, tag: &str) -> PathBuf {
        tagged_path(path, tag, self.default)
    }

    /// Every name an output `path` may write or replace.
    pub(crate) fn every_name(&self, path: &Path) -> Vec<PathBuf> {
        let tagged = TAGS.iter().map(|t| self.tagged(path, t));
        std::iter::once(path.to_path_buf())
            .chain(tagged)
            .flat_map(|p| (self.group)(&p))
            .collect()
    }

    /// Starts writing `path` under its running name, created exclusively and locked. A
    /// file there already is refused when locked; else it is a killed writer's: removed
    /// when it holds at most `empty` bytes, or moved aside (where it went is returned).
    pub(crate) fn start(
        &self,
        path: &Path,
        empty: u64,
    ) -> Result<(NamedTempFile, Option<Placed>), Error> {
        check_a_file(path)?;
        let running = self.tagged(path, "running");
        let folder = folder_of(&running)?;
        let mut moved = None;
        for _ in 0..3 {
            let created = new_file()
                .prefix(running.file_name().unwrap_or_default())
                .rand_bytes(0)
                .tempfile_in(folder);
            match created {
                Ok(file) if locked_elsewhere(file.as_file()) => {
                    let _ = file.keep();
                    break;
                }
                Ok(file) => return Ok((file, moved)),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
                Err(source) => {
                    let path = shown(&running);
                    return Err(Error::Write { path, source });
                }
            }
            if locked_elsewhere(fs_err::File::open(&running)?.file()) {
                break;
            }
            if std::fs::metadata(&running).map_or(0, |m| m.len()) <= empty {
                fs_err::remove_file(&running)?;
            } else {
                let to = self.tagged(path, KILLED);
                let kept = self.make_room(path, KILLED)?;
                self.move_group(&running, &to)?;
                moved = Some(Placed { path: to, kept });
            }
        }
        Err(Error::Busy {
            path: shown(&running),
            output: shown(path),
        })
    }

    /// Where an output `target` goes once it ended in `state`, and where an earlier
    /// unfinished file of that name went, unless the writing `continued` it.
    pub(crate) fn end(
        &self,
        target: &Path,
        state: State,
        continued: Option<&Path>,
    ) -> Result<Placed, Error> {
        let path = tag(state).map_or(target.to_path_buf(), |tag| self.tagged(target, tag));
        let kept = match tag(state) {
            Some(tag) if state != State::Running && continued != Some(&path) => {
                self.make_room(target, tag)?
            }
            _ => None,
        };
        Ok(Placed { path, kept })
    }

    /// Moves the files of `target` tagged `tag` to the first free `TAG.N`, N = 2, 3, ...
    fn make_room(&self, target: &Path, tag: &str) -> Result<Option<PathBuf>, Error> {
        let taken = |p: &Path| (self.group)(p).iter().any(|f| f.symlink_metadata().is_ok());
        let at = self.tagged(target, tag);
        if !taken(&at) {
            return Ok(None);
        }
        let free = (2..)
            .map(|n| self.tagged(target, &format!("{tag}.{n}")))
            .find(|p| !taken(p))
            .expect("a free name");
        self.move_group(&at, &free)?;
        Ok(Some(free))
    }

    /// Renames the files of `from` that are there to those of `to`, the first one last.
    fn move_group(&self, from: &Path, to: &Path) -> Result<(), Error> {
        let pairs = (self.group)(from).into_iter().zip((self.group)(to));
        for (from, to) in pairs.rev() {
            if from.symlink_metadata().is_ok() {
                fs_err::rename(from, to)?;
            }
        }
        Ok(())
    }
}

/// A file being written under its running name.
#[derive(Debug)]
pub struct Staged {
    /// The name asked for, through links.
    target: PathBuf,
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
    /// Where an earlier unfinished file under that name went.
    pub kept: Option<PathBuf>,
}

impl Staged {
    /// Starts writing `path` as `X.running.EXT` ([`Error::Busy`] when another writer has
    /// it); where a killed writer's file there went.
    pub fn open(path: &Path) -> Result<(Staged, Option<Placed>), Error> {
        crate::claims::check_names_a_file(path)?;
        let target = through_links(path)?;
        if std::fs::metadata(&target).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
            let file = fs_err::OpenOptions::new().write(true).open(&target)?;
            let file = Running::Direct(file.into_parts().0);
            return Ok((Staged { target, file }, None));
        }
        let (file, aside) = FILE.start(&target, 0)?;
        let file = Running::Staged(file);
        Ok((Staged { target, file }, aside))
    }

    /// Every name a file written as `path` may take: none of them may be an input.
    pub fn every_name(path: &Path) -> Vec<PathBuf> {
        FILE.every_name(path)
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

    /// Ends the writing in `state`: the file made durable, then renamed to the name of
    /// `state`; one that cannot be stays under its running name.
    pub fn place(self, state: State) -> Result<Placed, Error> {
        let Running::Staged(file) = self.file else {
            let path = self.target;
            return Ok(Placed { path, kept: None });
        };
        match FILE.end(&self.target, state, None) {
            Ok(placed) => persist(file, &placed.path).map(|()| placed),
            Err(e) => {
                let _ = file.keep();
                Err(e)
            }
        }
    }
}

/// Makes `file` durable and renames it to `to`; when that fails it stays where it is.
pub(crate) fn persist(file: NamedTempFile, to: &Path) -> Result<(), Error> {
    let from = shown(file.path());
    if let Err(source) = file.as_file().sync_data() {
        let _ = file.keep();
        return Err(Error::Write { path: from, source });
    }
    file.persist(to).map(drop).map_err(|e| {
        let _ = e.file.keep();
        let (to, source) = (shown(to), e.error);
        Error::Rename { from, to, source }
    })
}

/// The folder of `path`, created when missing.
pub(crate) fn folder_of(path: &Path) -> Result<&Path, Error> {
    let folder = folder(path);
    fs_err::create_dir_all(folder)?;
    Ok(folder)
}

/// The folder of `path` (`.` for a bare name).
pub(crate) fn folder(path: &Path) -> &Path {
    let folder = path.parent().filter(|d| !d.as_os_str().is_empty());
    folder.unwrap_or(Path::new("."))
}

/// Whether another process holds a lock on `file`; takes it otherwise.
fn locked_elsewhere(file: &File) -> bool {
    matches!(fs4::fs_std::FileExt::try_lock_exclusive(file), Ok(false))
}

/// Refuses an output that is a folder or a device, which a rename would fail on or replace.
fn check_a_file(path: &Path) -> Result<(), Error> {
    let what = match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => "a folder is in the way",
        Ok(meta) if !meta.is_file() => {
            "not a regular file (a device, a pipe, a socket): name a file"
        }
        _ => return Ok(()),
    };
    Err(Error::InTheWay {
        path: shown(path),
        what,
    })
}

/// A builder of the files the program writes: created with the mode any new file gets
/// (0666 less the umask, as a shell's `>` creates it), not a temporary file's 0600.
fn new_file() -> tempfile::Builder<'static, 'static> {
    let mut builder = tempfile::Builder::new();
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    builder
}

/// Writes a whole file: to a temporary file beside it (`.NAME.XXXXXX`), renamed over it,
/// so that a reader sees the old file or the new one.
pub fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    check_a_file(path)?;
    let failed = |source| Error::Write {
        path: shown(path),
        source,
    };
    let mut name = std::ffi::OsString::from(".");
    name.push(path.file_name().unwrap_or_default());
    name.push(".");
    let mut file = (new_file().prefix(&name).tempfile_in(folder_of(path)?)).map_err(failed)?;
    file.write_all(bytes).map_err(failed)?;
    file.persist(path).map_err(|e| failed(e.error))?;
    Ok(())
}

/// The file `path` names for a writer: `path`, unless it is a symbolic link that leads to
/// a regular file or to nothing yet: then that file, its folder canonical, so that the
/// link keeps leading to the result and two names share one lock. A loop is an error.
pub fn through_links(path: &Path) -> Result<PathBuf, Error> {
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Ok(path.to_path_buf());
    }
    let mut target = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::read_link(&target) {
            Ok(leads_to) => target = folder(&target).join(leads_to),
            Err(_) if target == path => return Ok(target),
            Err(_) => {
                let (folder, name) = (folder(&target), target.file_name().unwrap_or_default());
                return Ok(folder
                    .canonicalize()
                    .map_or(target.clone(), |f| f.join(name)));
            }
        }
    }
    Err(Error::Write {
        path: shown(path),
        source: io::Error::other("too many levels of symbolic links (a loop?)"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let follow = |name| through_links(&d.join(name));
        let a = real.join("sub/a.csv");
        assert_eq!(follow("b.csv").unwrap(), a);
        assert_eq!(follow("sub/c.csv").unwrap(), a);
        assert_eq!(follow("dangling.csv").unwrap(), real.join("sub/new.csv"));
        for name in ["sub/a.csv", "none.csv", "folder.csv"] {
            assert_eq!(follow(name).unwrap(), d.join(name));
        }
        let looped = follow("loop1.csv").unwrap_err().to_string();
        assert!(looped.contains("too many levels"), "{looped}");
    }
}
