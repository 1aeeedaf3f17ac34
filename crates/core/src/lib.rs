//! The shared model of sudoku-lab.
//!
//! - [`Grid`]: 81 cells, parsing as Norvig's `grid_values`, display as Norvig's `display`;
//! - [`Candidates`]: the digits each cell may still hold, as 9-bit masks;
//! - [`units`]: units, peers and boxes as `const` tables shared by every strategy;
//! - [`corpus`]: the streaming corpus reader;
//! - the [`Solver`] trait with its [`Limits`], [`Counters`] and [`Outcome`].
//!
//! This crate knows no strategy: each lives in its own crate behind [`Solver`].
#![deny(missing_docs)]

pub mod candidates;
pub mod corpus;
pub mod grid;
pub mod solver;
pub mod units;

pub use candidates::Candidates;
pub use corpus::{CorpusError, CorpusReader, Puzzle};
pub use grid::{Grid, GridError, SolutionError};
pub use solver::{Counters, Limits, Outcome, Solver, Status, Tally};
