//! A solver in a run, with the limits of each of its solves.

use std::sync::Arc;

use sudoku_core::{Limits, Solver};

/// A solver entered in a run: any [`Solver`] (a catalogue strategy or one of your own) and
/// the limits of each solve (solution limit, node budget).
pub struct Contender {
    name: Arc<str>,
    solver: Box<dyn Solver>,
    limits: Limits,
}

impl Contender {
    /// `solver`, solving within `limits`, named as it names itself.
    pub fn new(solver: Box<dyn Solver>, limits: Limits) -> Contender {
        Contender {
            name: Arc::from(solver.name()),
            solver,
            limits,
        }
    }

    /// The name its rows carry.
    pub fn name(&self) -> &Arc<str> {
        &self.name
    }

    /// The solver.
    pub fn solver(&self) -> &dyn Solver {
        self.solver.as_ref()
    }

    /// The limits of each solve.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }
}

impl std::fmt::Debug for Contender {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Contender")
            .field("name", &self.name)
            .field("limits", &self.limits)
            .finish()
    }
}
