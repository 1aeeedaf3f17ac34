//! The dlx strategy (work in progress: this stub only rejects every puzzle).
#![deny(missing_docs)]

use sudoku_core::{Grid, Limits, Outcome, Solver};

/// The dlx strategy.
#[derive(Debug, Clone, Copy, Default)]
pub struct Dlx;

impl Solver for Dlx {
    fn name(&self) -> &'static str {
        "dlx"
    }
    fn solve(&self, _puzzle: &Grid, _limits: &Limits) -> Outcome {
        Outcome::rejected_at_root()
    }
}
