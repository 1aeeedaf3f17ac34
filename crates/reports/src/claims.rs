//! What an output's name claims, checked before any work: one rule for every command
//! that writes files.
//!
//! - An output names a file: one that ends with a `/` (or is `.`, `..`) names a folder,
//!   and is refused before any work ([`Error::NamesAFolder`]).
//! - The stem names a run: `-o x`, `-o x.csv` and `-o x.tsv` all write `x.summary.md` and
//!   `x.run.toml` (see [`RunFiles::beside`]). A run on one of them is refused when another
//!   CSV of that stem is there beside those files ([`Error::Claimed`]): it would replace the
//!   other run's summary and sidecar, and leave its CSV described by a sidecar of another
//!   run (a file of that stem that is not a run's CSV, a corpus `x.txt`, claims nothing).
//!   A run again on the same name replaces its own files.

use std::path::{Component, Path, PathBuf};

use crate::sidecar::RunFiles;
use crate::{shown, Error};
use sudoku_results::reads_as_results;

/// Refuses an output `path` that names a folder: it ends with a separator, or its last
/// component is not a name (`.`, `..`, a root): [`Error::NamesAFolder`].
pub fn check_names_a_file(path: &Path) -> Result<(), Error> {
    let text = path.as_os_str().as_encoded_bytes();
    let slash = text
        .last()
        .is_some_and(|&b| std::path::is_separator(char::from(b)));
    let named = matches!(path.components().next_back(), Some(Component::Normal(_)));
    if slash || !named {
        let folder = shown(path);
        let example = Path::new(folder.trim_end_matches(std::path::is_separator)).join("bench.csv");
        return Err(Error::NamesAFolder {
            path: folder,
            example: shown(&example),
        });
    }
    Ok(())
}

/// Refuses a run whose CSV is `csv` when its summary or sidecar is there and belongs to
/// another CSV of the same stem, beside it (`x` for `x.csv`): [`Error::Claimed`], naming
/// the files and the other CSV (see the [module](self)).
pub fn check_unclaimed(csv: &Path) -> Result<(), Error> {
    let files = RunFiles::beside(csv);
    let ours: Vec<&Path> = [&files.summary, &files.sidecar]
        .into_iter()
        .map(PathBuf::as_path)
        .filter(|p| p.is_file())
        .collect();
    if ours.is_empty() {
        return Ok(());
    }
    let Some(other) = other_csv(csv) else {
        return Ok(());
    };
    let names: Vec<String> = ours.iter().map(|p| shown(p)).collect();
    Err(Error::Claimed {
        path: shown(csv),
        files: names.join(" and "),
        other: shown(&other),
    })
}

/// Another file beside `csv` whose run's files are `csv`'s (the same stem: `x` or `x.tsv`
/// for `x.csv`), if any: the first in the folder's order of names.
fn other_csv(csv: &Path) -> Option<PathBuf> {
    let stem = csv.file_stem().filter(|s| !s.is_empty())?;
    let name = csv.file_name()?;
    std::fs::read_dir(crate::staged::folder(csv))
        .ok()?
        .filter_map(Result::ok)
        .filter(|e| e.file_name() != name)
        .filter(|e| Path::new(&e.file_name()).file_stem() == Some(stem))
        .filter(|e| is_results_csv(&e.path()))
        .map(|e| csv.with_file_name(e.file_name()))
        .min()
}

/// Whether the file at `path` is a regular file that starts with the runner's header: a
/// run's CSV, not a corpus of the same stem (`x.txt` beside `x.csv`).
fn is_results_csv(path: &Path) -> bool {
    crate::bounded::open_regular(path, crate::bounded::CSV).is_ok_and(reads_as_results)
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

    #[test]
    fn one_stem_is_one_run_whatever_its_extension() {
        let dir = tempfile::tempdir().unwrap();
        let at = |name: &str| dir.path().join(name);
        for name in ["x.summary.md", "x.run.toml"] {
            std::fs::write(at(name), "").unwrap();
        }
        // A corpus of the stem is no run's CSV.
        std::fs::write(at("x.txt"), "1.3..4..2...1..4\n").unwrap();
        check_unclaimed(&at("x.csv")).unwrap();
        std::fs::write(at("x"), sudoku_results::header_line()).unwrap();
        // The same run again: its own files.
        check_unclaimed(&at("x")).unwrap();
        let err = check_unclaimed(&at("x.csv")).unwrap_err().to_string();
        assert!(err.contains("x.run.toml are the files of the run"), "{err}");
        assert!(
            err.contains(&format!("whose CSV is {}", at("x").display())),
            "{err}"
        );
        // Another stem, or no files of the run there: nothing is claimed.
        check_unclaimed(&at("y.csv")).unwrap();
        std::fs::remove_file(at("x.summary.md")).unwrap();
        std::fs::remove_file(at("x.run.toml")).unwrap();
        check_unclaimed(&at("x.csv")).unwrap();
    }
}
