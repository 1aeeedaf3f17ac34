//! The shared model of sudoku-lab.
//!
//! - [`Size`]: grid sizes from 4x4 to 25x25 (box size 2 to 5), 9x9 the classic one;
//! - [`Grid`]: the cells of a puzzle, parsing as Norvig's `grid_values`, display as
//!   Norvig's `display`, at any size;
//! - [`Geometry`]: units and peers of any size, built once per size; [`units`]: the same
//!   for 9x9 as `const` tables, for the fast paths;
//! - [`Candidates`]: the digits each cell of a 9x9 grid may still hold, as 9-bit masks;
//!   [`DigitSet`]: a set of digits at any size, for the essay versions;
//! - [`corpus`]: the streaming corpus reader;
//! - [`event`]: the events every strategy reports, and the [`Observer`] that receives them;
//! - the [`Solver`] trait with its [`Limits`], [`Counters`], [`Tally`] and [`Outcome`].
//!
//! This crate knows no strategy: each lives in its own crate behind [`Solver`].
#![deny(missing_docs)]

pub mod candidates;
pub mod corpus;
pub mod cover;
pub mod digit_set;
pub mod event;
pub mod geometry;
pub mod grid;
pub mod size;
pub mod solver;
pub mod units;

pub use candidates::Candidates;
pub use corpus::{CorpusError, CorpusReader, Puzzle};
pub use digit_set::DigitSet;
pub use event::{Choice, Contradiction, Event, EventCount, Observer, Rule, Technique};
pub use geometry::Geometry;
pub use grid::{Grid, GridError, SolutionError};
pub use size::Size;
pub use solver::{Counters, Limits, Outcome, Search, Solver, Status, Tally};
