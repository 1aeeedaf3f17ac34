//! The cp strategies: sudoku as a constraint problem (Simonis 2005).
#![deny(missing_docs)]

pub mod alldifferent;
pub mod essay;
mod search;
mod store;

pub use essay::CpEssay;

use sudoku_core::{Grid, Limits, Observer, Outcome, Search, Size};

/// How strongly each `alldifferent` constraint is propagated: Simonis's three levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Consistency {
    /// Forward checking (`fc`): the digit of an assigned cell leaves its unit.
    Forward,
    /// Bounds consistency (`bc`): forward checking, and the Hall intervals.
    Bounds,
    /// Generalised (hyper-) arc consistency (`gac`): Régin's matching filter.
    Generalised,
}

impl Consistency {
    /// The three levels, weakest first.
    pub const ALL: [Consistency; 3] = [
        Consistency::Forward,
        Consistency::Bounds,
        Consistency::Generalised,
    ];

    /// Its short name: `fc`, `bc`, `gac`.
    pub const fn name(self) -> &'static str {
        match self {
            Consistency::Forward => "fc",
            Consistency::Bounds => "bc",
            Consistency::Generalised => "gac",
        }
    }
}

/// The cp strategy at one level of consistency, the fast path (`cp-fc`, `cp-bc`,
/// `cp-gac`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cp {
    consistency: Consistency,
}

impl Cp {
    /// Forward checking (`cp-fc`).
    pub const FORWARD: Cp = Cp::new(Consistency::Forward);
    /// Bounds consistency (`cp-bc`).
    pub const BOUNDS: Cp = Cp::new(Consistency::Bounds);
    /// Generalised arc consistency (`cp-gac`).
    pub const GENERALISED: Cp = Cp::new(Consistency::Generalised);

    /// The strategy at one level of consistency.
    pub const fn new(consistency: Consistency) -> Cp {
        Cp { consistency }
    }

    /// Its level of consistency.
    pub const fn consistency(&self) -> Consistency {
        self.consistency
    }
}

impl Search for Cp {
    fn name(&self) -> &'static str {
        match self.consistency {
            Consistency::Forward => "cp-fc",
            Consistency::Bounds => "cp-bc",
            Consistency::Generalised => "cp-gac",
        }
    }

    fn search<O: Observer + ?Sized>(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut O,
    ) -> Outcome {
        search::solve(self.consistency, puzzle, limits, observer)
    }

    fn supports(&self, _size: Size) -> bool {
        true
    }
}

sudoku_core::solver_from_search!(Cp);
