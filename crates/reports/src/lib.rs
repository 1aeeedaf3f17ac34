//! The reports of sudoku-lab: what a run's results are and how they are shown.
//!
//! - [`Row`]: the one result row of a (puzzle, solver) solve, with its [`Status`];
//! - [`write`](mod@write): the write path, the CSV in whole chunks and the other files;
//! - [`Output`]: a run's files from its start to its end (locked, renamed by how it ended);
//! - [`read_rows`]: a CSV read back, row by row;
//! - [`Summary`]: per corpus × solver, as a text table or Markdown;
//! - [`Sidecar`]: what makes a run reproducible, as TOML beside its CSV; [`settings`]:
//!   whether two runs were made the same way;
//! - [`plot`] (feature `plot`, on by default): the SVG figures of a CSV.
//!
//! It knows nothing of how rows are made: the engine (`sudoku-engine`) makes them, the
//! runner (`sudoku-lab`) shows them.
#![deny(missing_docs)]

mod error;
pub mod leftover;
pub mod output;
pub mod read;
pub mod resume;
pub mod settings;
pub mod sidecar;
pub mod streamed;
pub mod summary;
pub mod units;
pub mod write;

#[cfg(feature = "plot")]
pub mod plot;

pub use error::Error;
pub use output::{check_output_names, Output};
pub use read::{read_rows, Rows};
pub use sidecar::{RunFiles, Said, Sidecar, State};
pub use streamed::{busy_as_asked, Streamed};
pub use sudoku_results::{grid_text, GridText, Row, Status, COLUMNS, NO_GRID};
pub use summary::{Summary, View};
pub use write::CsvWriter;
