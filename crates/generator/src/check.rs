//! The uniqueness check: an exact strategy of the catalogue, asked for two solutions.

use sudoku_catalogue::Strategy;
use sudoku_core::{Grid, Limits, Size, Solver, Status};

/// The catalogue strategy that checks uniqueness at `size` unless told otherwise: the
/// fastest exact one on the puzzles the digger asks about (measured: see the crate docs).
/// Bands takes 9x9 only; norvig is the faster of the others at 4x4 and 16x16, dlx at 25x25.
pub fn default_checker(size: Size) -> &'static str {
    if size == Size::NINE {
        "bands"
    } else if size == Size::TWENTY_FIVE {
        "dlx"
    } else {
        "norvig"
    }
}

/// What a check found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Exactly one solution.
    Unique,
    /// Two solutions or more (or none).
    NotUnique,
    /// The node budget ran out first: not known.
    Unknown,
}

/// An exact strategy with a node budget, asked whether a puzzle has one solution.
pub struct Checker {
    name: &'static str,
    solver: Box<dyn Solver>,
    limits: Limits,
}

impl std::fmt::Debug for Checker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Checker")
            .field("name", &self.name)
            .field("limits", &self.limits)
            .finish()
    }
}

impl Checker {
    /// The check by `strategy` within `max_nodes` nodes per puzzle.
    pub fn new(strategy: &'static Strategy, max_nodes: u64) -> Checker {
        Checker {
            name: strategy.name,
            solver: strategy.solver(),
            limits: Limits::UNIQUENESS.with_max_nodes(max_nodes),
        }
    }

    /// The strategy's name.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Whether `puzzle` has exactly one solution.
    pub fn verdict(&self, puzzle: &Grid) -> Verdict {
        let outcome = self.solver.solve(puzzle, &self.limits);
        match (outcome.status, outcome.solutions) {
            (Status::Solved, 1) => Verdict::Unique,
            (Status::BudgetExhausted, _) if outcome.solutions < 2 => Verdict::Unknown,
            _ => Verdict::NotUnique,
        }
    }
}
