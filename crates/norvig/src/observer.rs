//! Watching the propagation: the events of `assign`, `eliminate` and `search`.
//!
//! Every function of this crate takes an [`Observer`]. The unit type `()` is the
//! observer that watches nothing: its [`Observer::ACTIVE`] is `false`, so every call
//! site (`if O::ACTIVE { ... }`) is removed at compile time and the solver pays nothing
//! for the hook. A closure `FnMut(Event)` is an observer too:
//!
//! ```
//! use sudoku_core::Candidates;
//! use sudoku_norvig::{assign, Event};
//!
//! let mut values = Candidates::all();
//! let mut events = Vec::new();
//! assign(&mut values, 0, 5, &mut |e: Event| events.push(e)).unwrap();
//! assert_eq!(events[0], Event::Assign { cell: 0, digit: 5 });
//! assert_eq!(events[1], Event::Eliminate { cell: 0, digit: 1 });
//! ```

/// Why a propagation failed: the two contradictions Norvig's `eliminate` detects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Contradiction {
    /// A cell has no digit left.
    EmptyCell {
        /// The cell, 0..81 in reading order.
        cell: u8,
    },
    /// A unit has no place left for a digit.
    NoPlace {
        /// The unit, as an index into [`sudoku_core::units::UNITS`] (rows, columns, boxes).
        unit: u8,
        /// The digit, 1..=9.
        digit: u8,
    },
}

/// One step of the solver, as the essay's functions take it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Event {
    /// `assign(cell, digit)` starts: every other digit of `cell` is about to be
    /// eliminated. Sent for each given, each try of the search and each digit that
    /// the second rule puts in the only place its unit has left for it (when that
    /// place still holds other digits).
    Assign {
        /// The cell, 0..81 in reading order.
        cell: u8,
        /// The digit, 1..=9.
        digit: u8,
    },
    /// `eliminate(cell, digit)` removed `digit` from `cell`.
    Eliminate {
        /// The cell, 0..81 in reading order.
        cell: u8,
        /// The digit, 1..=9.
        digit: u8,
    },
    /// The propagation failed.
    Contradiction(Contradiction),
    /// The search tries `digit` in `cell` (the cell with the fewest candidates); the
    /// `Assign` of the same cell and digit follows.
    Try {
        /// The cell, 0..81 in reading order.
        cell: u8,
        /// The digit, 1..=9.
        digit: u8,
    },
    /// The search took back its last try (its subtree did not end the search).
    Backtrack,
    /// Every cell holds one digit: a solution.
    Solution,
}

/// Something that watches the solver's [`Event`]s.
///
/// Implement [`Observer::event`]; leave [`Observer::ACTIVE`] at `true`. The unit type
/// `()` is the observer that watches nothing, at no cost.
pub trait Observer {
    /// Whether this observer wants events at all. When `false` (only `()`), the calls
    /// are compiled out.
    const ACTIVE: bool = true;

    /// Called for each event, in the order the solver takes its steps.
    fn event(&mut self, event: Event);
}

/// The observer that watches nothing (the solver's default): compiled away.
impl Observer for () {
    const ACTIVE: bool = false;

    #[inline(always)]
    fn event(&mut self, _event: Event) {}
}

/// Any closure taking an [`Event`] is an observer.
impl<F: FnMut(Event)> Observer for F {
    #[inline]
    fn event(&mut self, event: Event) {
        self(event)
    }
}
