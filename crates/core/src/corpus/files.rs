//! The corpus files a path stands for: a file is itself, a folder its corpus files.

use std::fmt;
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

/// An entry of a folder of corpora named as a corpus file that leads to no file: a link
/// whose target is missing, a loop of links, or an entry that cannot be looked at. It is
/// left out, and said to be.
#[derive(Debug)]
pub struct LeftOut {
    /// The entry.
    pub path: PathBuf,
    /// Where it links to, when it is a link.
    pub target: Option<PathBuf>,
    /// Why it leads to no file.
    pub reason: io::Error,
}

impl fmt::Display for LeftOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.target {
            Some(target) => write!(
                f,
                "{}: a link to {} that leads to no file ({}): left out",
                self.path.display(),
                target.display(),
                self.reason
            ),
            None => write!(
                f,
                "{}: cannot be looked at ({}): left out",
                self.path.display(),
                self.reason
            ),
        }
    }
}

/// The corpus files of a path ([`folder_files`]), and the entries of its folder left out
/// as they lead to no file.
#[derive(Debug, Default)]
pub struct CorpusFiles {
    /// The corpus files, in order.
    pub files: Vec<PathBuf>,
    /// The entries named as corpus files that lead to no file (a dangling link, a loop).
    pub left_out: Vec<LeftOut>,
}

/// Expands a path into corpus files: a file is itself; a folder gives its corpus files
/// ([`is_corpus_file_name`]), sorted by name, not recursing. A folder without any is an
/// error. The entries left out as they lead to no file are dropped: see [`folder_files`]
/// to be told of them.
pub fn corpus_files(path: impl AsRef<Path>) -> Result<Vec<PathBuf>, CorpusError> {
    folder_files(path).map(|found| found.files)
}

/// Expands a path into corpus files, as [`corpus_files`] does, and names the entries of a
/// folder that are named as corpus files but lead to no file (a link whose target is
/// missing, a loop of links: [`LeftOut`]), sorted by name: they are left out, and the
/// caller says so. A folder, a FIFO or a device in a folder is left out unsaid: a folder
/// stands for its files.
pub fn folder_files(path: impl AsRef<Path>) -> Result<CorpusFiles, CorpusError> {
    let path = path.as_ref();
    let open_error = |reason: io::Error| CorpusError::Open {
        path: path.display().to_string(),
        reason,
    };
    let meta = std::fs::metadata(path).map_err(open_error)?;
    if !meta.is_dir() {
        return Ok(CorpusFiles {
            files: vec![path.to_path_buf()],
            left_out: Vec::new(),
        });
    }
    let mut found = CorpusFiles::default();
    for entry in std::fs::read_dir(path).map_err(open_error)? {
        let p = entry.map_err(open_error)?.path();
        if !is_corpus_file_name(&p) {
            continue;
        }
        match std::fs::metadata(&p) {
            Ok(meta) if meta.is_file() => found.files.push(p),
            Ok(_) => {}
            Err(reason) => found.left_out.push(LeftOut {
                target: std::fs::read_link(&p).ok(),
                path: p,
                reason,
            }),
        }
    }
    if found.files.is_empty() {
        return Err(CorpusError::EmptyFolder {
            path: path.display().to_string(),
        });
    }
    found.files.sort();
    found.left_out.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(found)
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
