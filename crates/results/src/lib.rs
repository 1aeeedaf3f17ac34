//! The result records of sudoku-lab: what one solve of one puzzle by one solver gave.
//!
//! - [`Row`]: the one result row, with its [`Status`]; the CSV's [`COLUMNS`] are its
//!   fields, and [`header_line`] their line;
//! - [`grid_text`]: a grid as a row holds it, [`NO_GRID`] where it holds none.
//!
//! A crate of types only: the engine (`sudoku-engine`) makes rows, the reports
//! (`sudoku-reports`) write and show them, and neither needs the other for it.
#![deny(missing_docs)]

mod row;
mod status;

pub use row::{
    grid_text, header_line, is_results_header, GridText, Row, COLUMNS, GRID_TEXT_INLINE, NO_GRID,
};
pub use status::Status;
