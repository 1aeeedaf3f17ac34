//! The corpus files a path stands for: a file is itself, a folder its corpus files.

use std::io;
use std::path::{Path, PathBuf};

use super::CorpusError;

/// The file extensions taken as corpus files inside a folder (besides no extension).
pub const CORPUS_EXTENSIONS: [&str; 4] = ["txt", "csv", "tsv", "sdk"];

/// Whether a file found in a folder is a corpus file: not hidden (its name does not
/// start with `.`), and its extension one of [`CORPUS_EXTENSIONS`] (any case) or none.
/// Names that are not UTF-8 are judged by their readable part, never skipped for it.
pub fn is_corpus_file_name(path: &Path) -> bool {
    let Some(name) = path.file_name() else {
        return false;
    };
    let name = name.to_string_lossy();
    if name.starts_with('.') {
        return false;
    }
    match path.extension() {
        None => true,
        Some(ext) => {
            let ext = ext.to_string_lossy().to_ascii_lowercase();
            CORPUS_EXTENSIONS.contains(&ext.as_str())
        }
    }
}

/// Expands a path into corpus files: a file is itself; a folder gives its corpus files
/// ([`is_corpus_file_name`]), sorted by name, not recursing. A folder without any is an
/// error.
pub fn corpus_files(path: impl AsRef<Path>) -> Result<Vec<PathBuf>, CorpusError> {
    let path = path.as_ref();
    let open_error = |reason: io::Error| CorpusError::Open {
        path: path.display().to_string(),
        reason,
    };
    let meta = std::fs::metadata(path).map_err(open_error)?;
    if !meta.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut files = Vec::new();
    for entry in std::fs::read_dir(path).map_err(open_error)? {
        let p = entry.map_err(open_error)?.path();
        if is_corpus_file_name(&p) && p.is_file() {
            files.push(p);
        }
    }
    if files.is_empty() {
        return Err(CorpusError::EmptyFolder {
            path: path.display().to_string(),
        });
    }
    files.sort();
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corpus_file_names() {
        for yes in ["a.txt", "B.CSV", "top1465", "x.sdk"] {
            assert!(is_corpus_file_name(Path::new(yes)), "{yes}");
        }
        for no in [".hidden.txt", "notes.md", "run.toml"] {
            assert!(!is_corpus_file_name(Path::new(no)), "{no}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_name_that_is_not_utf8_is_still_a_corpus_file() {
        use std::ffi::OsStr;
        use std::os::unix::ffi::OsStrExt;
        let name = OsStr::from_bytes(b"caf\xe9.txt");
        assert!(is_corpus_file_name(Path::new(name)));
    }
}
