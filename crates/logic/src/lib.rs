//! The logic strategy (docs to come).
#![deny(missing_docs)]

mod essay;
mod fast;
mod level;
#[cfg(test)]
mod technique_tests;

pub use level::{Level, LEVEL_COUNT};

use sudoku_core::{Grid, Limits, Observer, Outcome, Size, Solver};

/// The logic strategy at one [`Level`] (the full level by default).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Logic {
    level: Level,
}

impl Logic {
    /// The strategy at `level`.
    pub const fn new(level: Level) -> Logic {
        Logic { level }
    }

    /// Its level.
    pub const fn level(&self) -> Level {
        self.level
    }

    /// Solves `puzzle` within `limits`, telling `observer` every step.
    pub fn solve_with<O: Observer + ?Sized>(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut O,
    ) -> Outcome {
        if puzzle.size() == Size::NINE {
            fast::solve(puzzle, limits, self.level, observer)
        } else {
            essay::solve(puzzle, limits, self.level, observer)
        }
    }
}

impl Solver for Logic {
    fn name(&self) -> &'static str {
        self.level.name()
    }

    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        self.solve_with(puzzle, limits, &mut ())
    }

    fn solve_observed(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut dyn Observer,
    ) -> Outcome {
        self.solve_with(puzzle, limits, observer)
    }

    fn supports(&self, _size: Size) -> bool {
        true
    }
}

/// The essay version of the logic strategy at one [`Level`]: the same steps as
/// [`Logic`], in the same order, in a puzzle book's words, at every size.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LogicEssay {
    level: Level,
}

impl LogicEssay {
    /// The essay version at `level`.
    pub const fn new(level: Level) -> LogicEssay {
        LogicEssay { level }
    }

    /// Its level.
    pub const fn level(&self) -> Level {
        self.level
    }

    /// Solves `puzzle` within `limits`, telling `observer` every step.
    pub fn solve_with<O: Observer + ?Sized>(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut O,
    ) -> Outcome {
        essay::solve(puzzle, limits, self.level, observer)
    }
}

impl Solver for LogicEssay {
    fn name(&self) -> &'static str {
        self.level.essay_name()
    }

    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        self.solve_with(puzzle, limits, &mut ())
    }

    fn solve_observed(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut dyn Observer,
    ) -> Outcome {
        self.solve_with(puzzle, limits, observer)
    }

    fn supports(&self, _size: Size) -> bool {
        true
    }
}
