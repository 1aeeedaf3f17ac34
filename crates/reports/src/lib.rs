//! The reports of sudoku-lab: a run's output files staged ([`staged`], [`Output`]), its CSV
//! written and read back ([`CsvWriter`], [`read_rows`]), its [`Summary`], its [`Sidecar`]
//! and its [`plot`]s. The rows are `sudoku_results::Row`, made elsewhere.
#![deny(missing_docs)]

pub mod bounded;
pub mod claims;
pub mod done;
mod errors;
pub mod fingerprint;
pub mod identity;
pub mod output;
pub mod read;
pub mod settings;
pub mod sidecar;
pub mod staged;
pub mod summary;
pub mod wording;
pub mod write;

pub mod plot;

pub(crate) use errors::shown;
pub use errors::Error;
pub use output::Output;
pub use read::{read_rows, Rows};
pub use sidecar::{RunFiles, Sidecar, State};
pub use staged::Staged;
pub use summary::{Summary, View};
pub use write::CsvWriter;
