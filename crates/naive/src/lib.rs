//! The naive strategy (work in progress: this stub only rejects every puzzle).
#![deny(missing_docs)]

use sudoku_core::{Grid, Limits, Outcome, Solver};

/// The naive strategy.
#[derive(Debug, Clone, Copy, Default)]
pub struct Naive;

impl Solver for Naive {
    fn name(&self) -> &'static str {
        "naive"
    }
    fn solve(&self, _puzzle: &Grid, _limits: &Limits) -> Outcome {
        Outcome::rejected_at_root()
    }
}
