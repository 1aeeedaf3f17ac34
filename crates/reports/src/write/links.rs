//! Where an output named by a symbolic link is written: the file the link leads to
//! ([`through_links`]), so that the link keeps leading to the result and two runs on one
//! file by two names see the same lock.

use std::io;
use std::path::{Component, Path, PathBuf};

use crate::error::{shown, Error};

/// Symbolic links followed to a file, at most (as the system's own limit).
const LINKS_FOLLOWED: usize = 40;

/// The file `path` names for a run that writes it: `path` itself, unless it is a symbolic
/// link that leads (through every link on the way, a relative one read from its own
/// folder) to a regular file or to nothing yet; then that file, in its folder's canonical
/// form. A run on a link then writes the file the link leads to, so that the link keeps
/// leading to it (renaming a file onto the link's name would replace the link), and two
/// runs on one file by two names see the same lock. A link to something else than a file
/// (a folder, a device, the pipe of `/dev/stdout`) is left as it is: refused by the name
/// given (see [`in_the_way`](super::in_the_way)), or written as it is where a device is welcome.
///
/// A link to nothing yet whose path goes into a folder that is not there and back out of
/// it (`../s3/missing/../y.csv`) is refused (see `into_missing_and_out`): the system
/// does not take `missing/..` as `s3` until `missing` is there, so the link leads to no
/// file, and writing through it would make a folder that the run only goes back out of.
/// A link into a missing folder, not back out, leads to the file once its folder is made
/// (as an `--out` in a missing folder): that folder is made.
///
/// # Errors
///
/// When a link cannot be read, leads through more than 40 links (a loop), or through a
/// missing folder and back out of it.
pub fn through_links(path: &Path) -> Result<PathBuf, Error> {
    let unreadable = |source| Error::Create {
        path: shown(path),
        source,
    };
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        // A folder, a device, a pipe (`/dev/stdout`, whose links end in no file name).
        return Ok(path.to_path_buf());
    }
    let mut target = path.to_path_buf();
    for _ in 0..LINKS_FOLLOWED {
        let is_link = std::fs::symlink_metadata(&target).is_ok_and(|m| m.is_symlink());
        if !is_link {
            if let Some(missing) = into_missing_and_out(&target).filter(|_| target != path) {
                return Err(unreadable(io::Error::other(format!(
                    "it is a link to {}, through {}, a folder that is not there, and back out \
of it (..): the link leads to no file, and would lead to one only once that folder is made; \
make it, or name another output",
                    target.display(),
                    missing.display()
                ))));
            }
            return Ok(if target == path {
                target
            } else {
                canonical_folder(target)
            });
        }
        let leads_to = std::fs::read_link(&target).map_err(unreadable)?;
        target = match target.parent() {
            Some(folder) => folder.join(leads_to),
            None => leads_to,
        };
    }
    Err(unreadable(io::Error::other(
        "too many levels of symbolic links (a loop?)",
    )))
}

/// The first folder on `path` that is not there, when `path` goes back out of it (a `..`
/// after it): `../s3/missing` of `../s3/missing/../y.csv`. `None` when every folder
/// before each `..` is there.
fn into_missing_and_out(path: &Path) -> Option<PathBuf> {
    let mut so_far = PathBuf::new();
    let mut missing = None;
    for part in path.components() {
        if part == Component::ParentDir && missing.is_some() {
            return missing;
        }
        so_far.push(part);
        if missing.is_none() && !so_far.exists() {
            missing = Some(so_far.clone());
        }
    }
    None
}

/// `path` with its folder in canonical form (links and `..` resolved), when the folder is
/// there.
fn canonical_folder(path: PathBuf) -> PathBuf {
    let (Some(folder), Some(name)) = (path.parent(), path.file_name()) else {
        return path;
    };
    let folder = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    match folder.canonicalize() {
        Ok(folder) => folder.join(name),
        Err(_) => path,
    }
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
        let a = real.join("sub/a.csv");
        assert_eq!(through_links(&d.join("b.csv")).unwrap(), a);
        assert_eq!(through_links(&d.join("sub/c.csv")).unwrap(), a);
        assert_eq!(
            through_links(&d.join("dangling.csv")).unwrap(),
            real.join("sub/new.csv")
        );
        // Not links, or not to a file: as given.
        for name in ["sub/a.csv", "none.csv", "folder.csv"] {
            assert_eq!(through_links(&d.join(name)).unwrap(), d.join(name));
        }
        // Into a missing folder and back out: refused, the folder not made.
        symlink("sub/missing/../y.csv", d.join("back.csv")).unwrap();
        let back = through_links(&d.join("back.csv")).unwrap_err().to_string();
        assert!(
            back.contains(&format!(
                "it is a link to {}, through {}, a folder that is not there",
                d.join("sub/missing/../y.csv").display(),
                d.join("sub/missing").display()
            )),
            "{back}"
        );
        assert!(!d.join("sub/missing").exists());
        // Into a missing folder only: the file there, once the folder is made.
        symlink("sub/new/y.csv", d.join("into.csv")).unwrap();
        assert_eq!(
            through_links(&d.join("into.csv")).unwrap(),
            d.join("sub/new/y.csv")
        );
        let looped = through_links(&d.join("loop1.csv")).unwrap_err().to_string();
        assert!(
            looped.contains("too many levels of symbolic links"),
            "{looped}"
        );
    }
}
