//! What an output's name claims, checked before any work by every command that writes
//! files: it names a file, and its stem names one run (see the book's "Runs: what they
//! are known by", Outputs).

use std::path::{Path, PathBuf};

use crate::bounded::{open_regular, CSV};
use crate::sidecar::RunFiles;
use crate::{shown, Error};
use sudoku_results::reads_as_results;

/// Refuses an output `path` that ends with a separator, or whose last component is not a
/// name (`.`, `..`, a root): [`Error::NamesAFolder`].
pub fn check_names_a_file(path: &Path) -> Result<(), Error> {
    let text = path.as_os_str().as_encoded_bytes();
    let slash = text
        .last()
        .is_some_and(|&b| std::path::is_separator(b.into()));
    if !slash && path.file_name().is_some() {
        return Ok(());
    }
    let folder = shown(path);
    let example = Path::new(folder.trim_end_matches(std::path::is_separator)).join("bench.csv");
    Err(Error::NamesAFolder {
        path: folder,
        example: shown(&example),
    })
}

/// Refuses a run whose CSV is `csv` when its summary or sidecar is there and belongs to
/// another CSV of the same stem beside it (`x` for `x.csv`): [`Error::Claimed`].
pub fn check_unclaimed(csv: &Path) -> Result<(), Error> {
    let files = RunFiles::beside(csv);
    let ours = [&files.summary, &files.sidecar]
        .into_iter()
        .filter(|p| p.is_file());
    let ours: Vec<String> = ours.map(|p| shown(p)).collect();
    let Some(other) = ours.first().and_then(|_| other_csv(csv)) else {
        return Ok(());
    };
    Err(Error::Claimed {
        path: shown(csv),
        files: ours.join(" and "),
        other: shown(&other),
    })
}

/// The first other run's CSV beside `csv` of its stem (`x` or `x.tsv` for `x.csv`).
fn other_csv(csv: &Path) -> Option<PathBuf> {
    let stem = csv.file_stem().filter(|s| !s.is_empty())?;
    let name = csv.file_name()?;
    std::fs::read_dir(crate::staged::folder(csv))
        .ok()?
        .filter_map(Result::ok)
        .filter(|e| e.file_name() != name)
        .filter(|e| Path::new(&e.file_name()).file_stem() == Some(stem))
        .filter(|e| open_regular(&e.path(), CSV).is_ok_and(reads_as_results))
        .map(|e| csv.with_file_name(e.file_name()))
        .min()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_output_names_a_file() {
        for folder in ["newdir/", "a/b/", ".", "..", "a/..", "/"] {
            let err = check_names_a_file(Path::new(folder)).unwrap_err();
            assert!(matches!(err, Error::NamesAFolder { .. }), "{folder}");
        }
        for file in ["r.csv", "a/r.csv", "./r", "../r.csv"] {
            check_names_a_file(Path::new(file)).unwrap();
        }
    }
}
