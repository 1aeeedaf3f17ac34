//! The result records of sudoku-lab: what one solve of one puzzle by one solver gave.
//!
//! - [`Row`]: the one result row, with its [`Status`] and what the disturbance check made
//!   of its time ([`Retimed`]); the CSV's [`COLUMNS`] are its fields, and [`header_line`]
//!   their line;
//! - [`grid_text`]: a grid as a row holds it, [`NO_GRID`] where it holds none;
//! - [`stats`]: the robust statistics of every time figure (median, percentiles, MAD, the
//!   bootstrap interval of a ratio of medians), and [`format_time`], the one way a time is
//!   shown.
//!
//! The engine (`sudoku-engine`) makes rows, the reports (`sudoku-reports`) write and show
//! them, and neither needs the other for it. The statistics live here, below both, because
//! both take them: the engine the median of a row's passes (`--repeat`), the reports and
//! the runner (`summary`, `compare`, `solve`, the plots) the figures of a group; one rule
//! then gives one figure wherever it is read.
#![deny(missing_docs)]

mod retimed;
mod row;
pub mod stats;
mod status;
mod time;

pub use retimed::{Retimed, RETIME_BELOW};
pub use row::{
    grid_text, header_line, is_results_header, reads_as_results, GridText, Row, COLUMNS,
    GRID_TEXT_INLINE, NO_GRID,
};
pub use status::Status;
pub use time::format_time;
