//! Where puzzles come from: corpus files (a folder stands for its corpus files), stdin, or
//! the seed puzzles built into the engine.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};

use sudoku_core::corpus::corpus_files;
use sudoku_core::CorpusError;

/// The puzzles of `data/seeds.txt` (the essays' grids), built in, so that a run needs no
/// file at all.
pub const SEEDS: &str = include_str!("../../../data/seeds.txt");

/// A corpus to read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A corpus file.
    File(PathBuf),
    /// The standard input.
    Stdin,
    /// The seed puzzles built in ([`SEEDS`]).
    BuiltIn,
}

impl Source {
    /// The corpus's name, as rows and messages give it: the path as given, `stdin`, or
    /// `data/seeds.txt (built in)`.
    pub fn name(&self) -> String {
        match self {
            Source::File(p) => p.display().to_string(),
            Source::Stdin => "stdin".to_string(),
            Source::BuiltIn => "data/seeds.txt (built in)".to_string(),
        }
    }

    /// Opens the corpus for reading.
    ///
    /// # Errors
    ///
    /// When the file cannot be opened.
    pub fn open(&self) -> Result<Box<dyn BufRead>, CorpusError> {
        Ok(match self {
            Source::File(p) => {
                let file = File::open(p).map_err(|reason| CorpusError::Open {
                    path: p.display().to_string(),
                    reason,
                })?;
                Box::new(BufReader::with_capacity(1 << 16, file))
            }
            Source::Stdin => Box::new(io::stdin().lock()),
            Source::BuiltIn => Box::new(SEEDS.as_bytes()),
        })
    }

    /// Whether the corpus can be read twice (a regular file, or the built-in seeds): only
    /// such a corpus may be counted before the run.
    pub fn rereadable(&self) -> bool {
        match self {
            Source::File(p) => std::fs::metadata(p).is_ok_and(|m| m.is_file()),
            Source::Stdin => false,
            Source::BuiltIn => true,
        }
    }
}

/// The corpora the paths of a command line stand for, in order: `-` is stdin, a folder
/// its corpus files (sorted), a file itself. Every file is opened once here, so that a
/// missing or unreadable one stops the run before any work.
///
/// # Errors
///
/// The first path that cannot be read, or a folder without any corpus file.
pub fn sources(paths: &[PathBuf]) -> Result<Vec<Source>, CorpusError> {
    let mut out = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            out.push(Source::Stdin);
            continue;
        }
        for file in corpus_files(path)? {
            check_readable(&file)?;
            out.push(Source::File(file));
        }
    }
    Ok(out)
}

fn check_readable(file: &Path) -> Result<(), CorpusError> {
    let open = |reason| CorpusError::Open {
        path: file.display().to_string(),
        reason,
    };
    if file.is_dir() {
        return Err(open(io::Error::other("is a folder, not a file")));
    }
    File::open(file).map(drop).map_err(open)
}
