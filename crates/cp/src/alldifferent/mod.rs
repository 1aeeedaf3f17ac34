//! The `alldifferent` constraint on its own: its variables' domains as bit masks (bit `v`
//! for value `v`, values `0..32`, at most 32 variables), and the filters of the three
//! levels of consistency, each taking one constraint's domains and narrowing them.
//!
//! - forward checking needs no filter of its own: the strategy takes the value of each
//!   assigned cell from the cell's peers (see the [crate documentation](crate));
//! - [`bounds()`]: bounds consistency, by Hall intervals;
//! - [`regin()`]: generalised (hyper-) arc consistency, by Régin's matching algorithm.
//!
//! They know nothing of sudoku: the strategy gathers a unit's cells, calls the filter and
//! tells what it removed. So they can be checked on any small constraint against the
//! definitions themselves (the tests do, against the [essay](crate::essay)'s versions and
//! against enumeration).

mod bounds;
mod matching;
mod regin;

pub use bounds::bounds;
pub use matching::Matching;
pub use regin::regin;

/// The constraint has no solution: its variables cannot all take different values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Violated;
