//! A run never writes over what it reads: a corpus that is one of the run's outputs (by
//! device and inode: a hard link, stdin redirected from it) is refused before anything is
//! opened for writing.

use std::path::Path;

use sudoku_engine::Source;
use sudoku_reports::Output;

use crate::usage_error::Usage;

/// Refuses, as a [`Usage`] error, a run over `sources` one of which is a file the run on
/// `csv` may write under any of its names (`asked`: the `--out` given, `csv` or a link to
/// it).
pub fn check(sources: &[Source], asked: &Path, csv: &Path) -> Result<(), Usage> {
    let outputs: Vec<_> = (Output::every_name(csv).iter())
        .filter_map(|p| identity(p))
        .collect();
    for source in sources {
        let id = match source {
            Source::File(path) => identity(path),
            Source::Stdin if !outputs.is_empty() => stdin_identity(),
            Source::Stdin | Source::BuiltIn => None,
        };
        if id.is_some_and(|id| outputs.contains(&id)) {
            return Err(Usage(format!(
                "the corpus {} is the output of this run ({}): the run would overwrite what \
                 it reads; choose another --out",
                source.name(),
                out_told(asked, csv)
            )));
        }
    }
    Ok(())
}

/// `--out b.csv, a link to /data/a.csv`, or `--out a.csv`.
pub(crate) fn out_told(asked: &Path, csv: &Path) -> String {
    if asked == csv {
        format!("--out {}", asked.display())
    } else {
        format!("--out {}, a link to {}", asked.display(), csv.display())
    }
}

/// What tells one file from another: its device and inode.
#[cfg(unix)]
fn identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

/// The identity of what stdin reads.
#[cfg(unix)]
fn stdin_identity() -> Option<(u64, u64)> {
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;
    let fd = std::io::stdin().as_fd().try_clone_to_owned().ok()?;
    let meta = std::fs::File::from(fd).metadata().ok()?;
    Some((meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn identity(path: &Path) -> Option<std::path::PathBuf> {
    std::fs::canonicalize(path).ok()
}

#[cfg(not(unix))]
fn stdin_identity() -> Option<std::path::PathBuf> {
    None
}
