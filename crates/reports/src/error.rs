//! What can go wrong while reading or writing a report: each error names its file.

use std::io;

use thiserror::Error;

/// An error of the reports: reading a CSV or a sidecar, writing a file, drawing a figure.
#[derive(Debug, Error)]
pub enum Error {
    /// A folder for an output cannot be created.
    #[error("{path}: cannot create the folder: {source}")]
    CreateDir {
        /// The folder.
        path: String,
        /// Why.
        source: io::Error,
    },
    /// The folder for an output is something else: a file, a device.
    #[error("{path}: not a folder (a file or a device is there): the output cannot go in it")]
    NotAFolder {
        /// The path.
        path: String,
    },
    /// An output file cannot be created.
    #[error("{path}: cannot create: {source}")]
    Create {
        /// The file.
        path: String,
        /// Why.
        source: io::Error,
    },
    /// Another run holds the output.
    #[error(
        "{csv}: another sudoku-lab run is writing this output ({path} is locked): wait for it \
to end, or name another output"
    )]
    Busy {
        /// The locked file.
        path: String,
        /// The output asked for.
        csv: String,
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
    /// An output file cannot be made durable: its data may not have reached the disk
    /// (`fdatasync` failed: an I/O error, a full disk on a network file system).
    #[error("{path}: cannot make it durable (fsync): {source}")]
    Sync {
        /// The file.
        path: String,
        /// Why.
        source: io::Error,
    },
    /// A run's CSV is no longer where it was written: removed or moved while the run went
    /// (its folder with it, or another file put under its name).
    #[error(
        "{path}: removed or moved while the run went{why}: the {rows} row{} written to it {} \
not there, and no sidecar or summary was written beside them",
        crate::units::plural(*rows),
        crate::units::is_are(*rows)
    )]
    Gone {
        /// Where the CSV was.
        path: String,
        /// What is there now, in parentheses (empty when nothing is).
        why: String,
        /// The rows written to it.
        rows: u64,
    },
    /// A file written under its running name (see [`crate::streamed`]) is no longer under
    /// it at its end: removed or moved while it was written (its folder with it), or
    /// another file put under the name. Nothing is renamed: the file written, wherever it
    /// is, and the file under its running name are left as they are.
    #[error(
        "{path}: removed or moved while it was written{why}: not renamed to {to}; what is \
under either name is left as it is"
    )]
    Moved {
        /// The running name.
        path: String,
        /// What is there now, in parentheses (empty when nothing is).
        why: String,
        /// The name it was to take.
        to: String,
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
