//! The norvig strategy (work in progress: this stub only rejects every puzzle).
#![deny(missing_docs)]

use sudoku_core::{Grid, Limits, Outcome, Solver};

/// The norvig strategy.
#[derive(Debug, Clone, Copy, Default)]
pub struct Norvig;

impl Solver for Norvig {
    fn name(&self) -> &'static str {
        "norvig"
    }
    fn solve(&self, _puzzle: &Grid, _limits: &Limits) -> Outcome {
        Outcome::rejected_at_root()
    }
}
