//! The sat strategy: sudoku as a satisfiability problem (docs to come).
#![deny(missing_docs)]

pub mod encoding;
mod givens;
mod hooks;
mod search;

pub use encoding::{Cnf, Encoding};
use sudoku_core::{Grid, Limits, Observer, Outcome, Size, Solver};

/// Sudoku as CNF, in one of Lynce and Ouaknine's encodings, solved by batsat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sat {
    encoding: Encoding,
}

impl Sat {
    /// The minimal encoding (`sat-minimal`).
    pub const MINIMAL: Sat = Sat::new(Encoding::Minimal);
    /// The extended encoding (`sat-extended`).
    pub const EXTENDED: Sat = Sat::new(Encoding::Extended);

    /// The strategy with `encoding`.
    pub const fn new(encoding: Encoding) -> Sat {
        Sat { encoding }
    }

    /// Its encoding.
    pub const fn encoding(&self) -> Encoding {
        self.encoding
    }
}

impl Solver for Sat {
    fn name(&self) -> &'static str {
        match self.encoding {
            Encoding::Minimal => "sat-minimal",
            Encoding::Extended => "sat-extended",
        }
    }

    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        search::solve(puzzle, self.encoding, limits, &mut ())
    }

    fn solve_observed(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut dyn Observer,
    ) -> Outcome {
        search::solve(puzzle, self.encoding, limits, observer)
    }

    fn supports(&self, _size: Size) -> bool {
        true
    }
}
