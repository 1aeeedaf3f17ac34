//! What can go wrong while reading or writing a report: each error names its file.

use std::io;

use thiserror::Error;

/// An error of the reports: reading a CSV or a sidecar, writing a file, drawing a figure.
#[derive(Debug, Error)]
pub enum Error {
    /// A file system error, naming its file (through `fs-err`).
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The folder for an output is something else: a file, a device.
    #[error("{path}: not a folder (a file or a device is there): the output cannot go in it")]
    NotAFolder {
        /// The path.
        path: String,
    },
    /// A name an output would take is something a file cannot replace.
    #[error("{path}: cannot create: {what}")]
    InTheWay {
        /// The name.
        path: String,
        /// What is there.
        what: &'static str,
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
    /// An output file cannot be made durable: its data may not have reached the disk.
    #[error("{path}: cannot make it durable (fsync): {source}")]
    Sync {
        /// The file.
        path: String,
        /// Why.
        source: io::Error,
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
    /// Writing to an output file failed.
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
    /// A line of an input file cannot be read as what it should be.
    #[error("{path}: line {line}: {reason}")]
    Malformed {
        /// The file.
        path: String,
        /// The 1-based line.
        line: u64,
        /// What is wrong.
        reason: String,
    },
    /// A file holds nothing to report on.
    #[error("{path}: {reason}")]
    Empty {
        /// The file.
        path: String,
        /// What is missing.
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
    /// A figure asked for at a size too small for its panels and their legends.
    #[error("a figure of {size} pixels is too small for its corpora: {least} at least")]
    FigureSize {
        /// The size asked for, `WIDTHxHEIGHT`.
        size: String,
        /// The least size that fits, `WIDTHxHEIGHT`.
        least: String,
    },
}

/// The text of a path in messages.
pub(crate) fn shown(path: &std::path::Path) -> String {
    path.display().to_string()
}
