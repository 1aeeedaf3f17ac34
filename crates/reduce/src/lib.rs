//! The reduce strategy (work in progress: this stub only rejects every puzzle).
#![deny(missing_docs)]

use sudoku_core::{Grid, Limits, Outcome, Solver};

/// The reduce strategy.
#[derive(Debug, Clone, Copy, Default)]
pub struct Reduce;

impl Solver for Reduce {
    fn name(&self) -> &'static str {
        "reduce"
    }
    fn solve(&self, _puzzle: &Grid, _limits: &Limits) -> Outcome {
        Outcome::rejected_at_root()
    }
}
