//! The reports of sudoku-lab: what a run's results are and how they are shown.
//!
//! - [`staged`]: the one way every output is written (a running name, a lock, a place by
//!   how the command ended); [`Output`]: a run's three files staged as one; [`CsvWriter`]:
//!   its rows, in whole chunks;
//! - [`read_rows`]: a CSV read back, row by row, within bounds ([`bounded`]);
//! - [`Summary`]: per corpus × solver, as a text table or Markdown;
//! - [`Sidecar`]: what makes a run reproducible, as TOML beside its CSV; [`settings`]:
//!   whether two runs were made the same way;
//! - [`plot`]: the SVG figures of a CSV.
//!
//! The rows themselves are `sudoku_results::Row`: this crate knows nothing of how they
//! are made.
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
pub use sidecar::{RunFiles, Said, Sidecar, State};
pub use staged::Staged;
pub use summary::{Summary, View};
pub use write::CsvWriter;
