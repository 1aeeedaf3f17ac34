//! What can go wrong while reading or writing a report: each error names its file.

use std::io;
use std::path::Path;

use thiserror::Error;

/// An error of the reports: reading a CSV or a sidecar, writing a file, drawing a figure.
#[derive(Debug, Error)]
pub enum Error {
    /// A file system error, naming its file (through `fs-err`).
    #[error(transparent)]
    Io(#[from] io::Error),
    /// A name an output would take is something a file cannot replace.
    #[error("{path}: cannot create: {what}")]
    InTheWay {
        /// The name.
        path: String,
        /// What is there.
        what: &'static str,
    },
    /// An output named as a folder (`newdir/`): it names a file.
    #[error("{path}: names a folder, not a file: name the output file (such as {example})")]
    NamesAFolder {
        /// The output as given.
        path: String,
        /// A file in that folder.
        example: String,
    },
    /// The summary and sidecar of an output are another run's (the same stem, another
    /// CSV): see [`crate::claims`].
    #[error(
        "{path}: {files} are the files of the run whose CSV is {other} (one stem names one \
run: x and x.csv both write x.run.toml): a run on {path} would replace them; name another \
output, or remove that run's files"
    )]
    Claimed {
        /// The output asked for.
        path: String,
        /// The files it would replace.
        files: String,
        /// The other run's CSV.
        other: String,
    },
    /// Another run holds the output.
    #[error(
        "{output}: another sudoku-lab run is writing this output ({path} is locked): wait \
for it to end, or name another output"
    )]
    Busy {
        /// The locked file.
        path: String,
        /// The output asked for.
        output: String,
    },
    /// A file cannot be put under its final name.
    #[error("{from}: cannot rename to {to}: {source}")]
    Rename {
        /// The file.
        from: String,
        /// Its final name.
        to: String,
        /// Why.
        source: io::Error,
    },
    /// Writing to an output file, or making it durable (fsync), failed.
    #[error("{path}: cannot write: {source}")]
    Write {
        /// The file.
        path: String,
        /// Why.
        source: io::Error,
    },
    /// An input file cannot be opened.
    #[error("{path}: cannot open: {source}")]
    Open {
        /// The file.
        path: String,
        /// Why.
        source: io::Error,
    },
    /// An input file does not hold what it should (at a line, when one is known).
    #[error("{path}: {}{reason}", .line.map_or(String::new(), |n| format!("line {n}: ")))]
    Malformed {
        /// The file.
        path: String,
        /// The 1-based line.
        line: Option<u64>,
        /// What is wrong.
        reason: String,
    },
    /// A figure cannot be drawn.
    #[error("{path}: cannot draw: {reason}")]
    Draw {
        /// The figure's file.
        path: String,
        /// Why (the plotting library's message).
        reason: String,
    },
    /// A figure of more corpora than a figure shows (see [`crate::plot::MAX_PANELS`]).
    #[error(
        "{corpora} corpora: a figure draws a panel for each, at most {max}; plot a run over \
fewer corpora (bench them in groups, or join small corpora into one file)"
    )]
    TooManyPanels {
        /// The corpora of the runs.
        corpora: usize,
        /// The most a figure draws.
        max: usize,
    },
    /// A figure asked for at a size too small for its panels and their legends.
    #[error("a figure of {size} pixels is too small for its corpora: {least} at least")]
    FigureSize {
        /// The size asked for, `WIDTHxHEIGHT`.
        size: String,
        /// The least size that fits, `WIDTHxHEIGHT`.
        least: String,
    },
}

impl Error {
    pub(crate) fn open(path: &Path, source: io::Error) -> Error {
        let path = shown(path);
        Error::Open { path, source }
    }

    pub(crate) fn malformed(path: &Path, line: u64, reason: impl Into<String>) -> Error {
        let (path, line, reason) = (shown(path), Some(line), reason.into());
        Error::Malformed { path, line, reason }
    }

    pub(crate) fn empty(path: &Path, reason: impl Into<String>) -> Error {
        let (path, line, reason) = (shown(path), None, reason.into());
        Error::Malformed { path, line, reason }
    }
}

/// The text of a path in messages.
pub(crate) fn shown(path: &Path) -> String {
    path.display().to_string()
}
