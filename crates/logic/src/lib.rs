//! The logic strategy: levels of deduction, as a person solves, and search only when
//! every technique is stuck (the constraint-programming family of the survey; Simonis,
//! "Sudoku as a constraint problem", 2005).
//!
//! A person solving a sudoku with a pencil writes in each empty cell the digits it may
//! still hold (the *pencil marks*), then applies rules of deduction, the easiest first,
//! each of which either places a digit or erases pencil marks. When none applies, a
//! person guesses; this strategy searches as [norvig] does. How far deduction goes before
//! a guess is the *level*; the strongest rule a solve needed is the puzzle's *grade*.
//!
//! [norvig]: https://norvig.com/sudoku.html
//!
//! # Pencil marks
//!
//! Every digit goes in every empty cell; then each given, in reading order, takes its
//! digit from its twenty peers (those eliminations carry [`Rule::Given`]: bookkeeping,
//! not deduction).
//!
//! # The techniques, weakest first
//!
//! In the order of [`Technique::ALL`]. Cells are named `r1c1`..`r9c9`; a *unit* (or
//! *house*) is a row, a column or a box; units are looked at rows first (top to bottom),
//! then columns (left to right), then boxes (reading order), digits in ascending order.
//!
//! 1. **Naked single.** A cell with one digit left holds it, so its peers lose it.
//!    *`r3c4` has only 7 left: `r3c4 = 7`, and 7 leaves row 3, column 4 and box 2.*
//!    ([`Rule::NakedSingle`] on the [`Event::Assign`] and on each elimination.)
//! 2. **Hidden single.** A digit with one place left in a unit goes there.
//!    *In row 1, 5 fits only in `r1c5`: `r1c5 = 5`, which loses its other digits.*
//!    A digit with no place left in a unit is a contradiction ([`Contradiction::NoPlace`]).
//! 3. **Locked candidates.** *Pointing*: a digit whose places in a box all lie in one row
//!    (or column) must go in that line inside the box, so the rest of the line loses it.
//!    *In box 1, 3 fits only in row 1: `r1c4`..`r1c9` lose 3.* *Claiming*: a digit whose
//!    places in a row (or column) all lie in one box, so the rest of the box loses it.
//!    *In row 1, 7 fits only in box 1: rows 2 and 3 of box 1 lose 7.*
//! 4. **Naked pair, triple, quad.** `k` cells of a unit holding `k` digits between them
//!    will hold exactly those digits, so the unit's other cells lose them.
//!    *`r1c1 = {1,2}`, `r1c2 = {2,3}`, `r1c3 = {1,3}`: a naked triple; the rest of row 1
//!    loses 1, 2 and 3.* (Two to `k` digits per cell; pairs, then later triples, quads.)
//! 5. **Hidden pair, triple, quad.** `k` digits whose places in a unit are the same `k`
//!    cells will fill those cells, so those cells lose their other digits.
//!    *In row 1, 1 and 2 fit only in `r1c1 = {1,2,5,6}` and `r1c2 = {1,2,7}`: those two
//!    lose 5, 6 and 7.* The order of strength interleaves them: naked pair, hidden pair,
//!    naked triple, hidden triple, naked quad, hidden quad.
//! 6. **X-wing, swordfish.** If in `k` rows (the *base*) a digit fits only within the same
//!    `k` columns (the *cover*), those `k` digits take the `k` columns, so the rest of the
//!    cover columns lose it (and the same with rows and columns swapped).
//!    *4 fits only in columns 3 and 8 of rows 2 and 6: the rest of columns 3 and 8 lose
//!    4.* An X-wing for `k = 2`, a swordfish for `k = 3` (two or three places per base
//!    line); rows as base lines first, then columns.
//!
//! # How deduction runs
//!
//! As a person does: look for the weakest technique first; apply the first instance
//! found (units, digits and combinations in the order above, combinations in
//! lexicographic order of their cells, digits or lines); then start again from the
//! weakest. Naked singles are drawn at once after every change (a placed digit is erased
//! from its peers before anything else is looked at), the last found first. Deduction
//! ends when the grid is solved, a cell has no digit left ([`Contradiction::EmptyCell`])
//! or a unit no place for a digit, or every technique of the level is stuck.
//!
//! Every technique only erases pencil marks, and what one erases another cannot bring
//! back, so the marks deduction ends with (its *fixed point*) do not depend on the order:
//! only the trace does. The order above makes the trace, like the counts, exactly
//! repeatable.
//!
//! # Levels
//!
//! Level `k` ([`Level`]) applies the first `k` techniques. Every level searches when its
//! techniques are stuck, so every level is exact (it proves a puzzle has no solution, or
//! how many up to the limit); the levels differ in how much deduction happens before a
//! try. The catalogue has `logic-singles` (level 2: naked and hidden singles),
//! `logic-subsets` (level 9: up to hidden quads) and `logic` (level 11: everything up to
//! the swordfish), and the essay version `logic-essay`; [`Level::name`] names the others.
//!
//! - The singles level is exactly the propagation of Norvig's essay (the same fixed
//!   point at every node), so it makes the same search tree: its counts equal norvig's
//!   golden files, puzzle by puzzle.
//! - A stronger level never needs a try where a weaker one solves without (its fixed
//!   point erases at least as much).
//! - But a stronger level can need *more* tries: it branches on the cell with the fewest
//!   candidates *of its own fixed point*, which may be a worse choice. On easy50 #48,
//!   singles need 3 nodes and locked candidates 4 (3 and 5 for a uniqueness check); over
//!   top1465, 328 puzzles need more nodes at some level than at the level below it.
//!
//! # The search and the counters
//!
//! When the level is stuck, the search takes the unfilled cell with the fewest
//! candidates (ties to the first in reading order) and tries its digits in ascending
//! order, each on a copy of the pencil marks: the digit is placed ([`Rule::Tried`]) and
//! deduction runs again. A *try* is that digit; `nodes = 1 + tries`; `backtracks` counts
//! the tries taken back (a try whose deduction fails or whose subtree did not end the
//! search). Givens that clash (or that deduction alone proves inconsistent) are rejected
//! at the root: 1 node, no solution.
//!
//! # The grade
//!
//! [`Outcome::grade`] is the strongest technique any step of the solve used, at any node
//! the search visited (tries taken back included): the strongest
//! [`Rule::technique`](sudoku_core::Rule::technique) of its [`Event::Assign`] and
//! [`Event::Eliminate`] events. A technique is *used* when it placed or erased something:
//! naked singles are used as soon as a cell is left with one digit or a placed digit is
//! erased from a peer. Whether the solve needed search is `nodes > 1`. A grid with
//! nothing to deduce (complete) has no grade.
//!
//! For a puzzle solved without a try, the grade is the weakest level that solves it
//! without a try: a technique is looked for only when every weaker one is stuck, so the
//! level of the grade is reached and nothing stronger is. Under a level, the grade is
//! the strongest of that level's techniques the solve used.
//!
//! ```
//! use sudoku_core::{Grid, Limits, Solver, Technique};
//! use sudoku_logic::{Level, Logic};
//!
//! // easy50 #6: an X-wing is the strongest step the full level needs.
//! let puzzle: Grid =
//!     ".43.8.25.6.............1.949....4.7....6.8....1.2....382.5.............5.34.9.71."
//!         .parse()
//!         .unwrap();
//! let full = Logic::default().solve(&puzzle, &Limits::UNIQUENESS);
//! assert_eq!((full.grade, full.counters.nodes), (Some(Technique::XWing), 1));
//! // Without fish, the search has to guess.
//! let subsets = Logic::new(Level::SUBSETS).solve(&puzzle, &Limits::UNIQUENESS);
//! assert!(subsets.counters.nodes > 1);
//! assert_eq!(subsets.solution, full.solution);
//! ```
//!
//! # Watching it work
//!
//! Every step is an [`Event`] of the shared vocabulary: [`Event::Assign`] with the rule
//! that placed the digit ([`Rule::Given`], [`Rule::NakedSingle`], [`Rule::HiddenSingle`]
//! with its unit, [`Rule::Tried`]); [`Event::Eliminate`] with the rule that erased it
//! ([`Rule::Given`], [`Rule::Assigned`] for the other digits of a placed cell,
//! [`Rule::NakedSingle`], [`Rule::Pointing`], [`Rule::Claiming`], [`Rule::NakedSubset`],
//! [`Rule::HiddenSubset`], [`Rule::Fish`]); [`Event::Try`], [`Event::Backtrack`],
//! [`Event::Solution`] and [`Event::Contradiction`]. So a trace reads as a puzzle book's
//! solution (`cargo run --release -p sudoku-logic --example explain -- PUZZLE` prints
//! one). The plain [`Solver::solve`](sudoku_core::Solver::solve) builds no event.
//!
//! ```
//! use sudoku_core::{Event, Grid, Limits, Rule};
//! use sudoku_logic::Logic;
//!
//! let puzzle: Grid =
//!     ".43.8.25.6.............1.949....4.7....6.8....1.2....382.5.............5.34.9.71."
//!         .parse()
//!         .unwrap();
//! let mut x_wing = Vec::new();
//! Logic::default().solve_with(&puzzle, &Limits::FIRST, &mut |e: Event| {
//!     if let Event::Eliminate { cell, digit, rule: rule @ Rule::Fish { .. }, .. } = e {
//!         x_wing.push((cell, digit, rule));
//!     }
//! });
//! assert!(!x_wing.is_empty());
//! ```
//!
//! # Two versions, the same steps
//!
//! [`LogicEssay`] states the techniques as above, on a set of digits per cell, looking at
//! every unit every time, at any size (4x4 to 25x25). [`Logic`] takes the same steps in the
//! same order on 9x9 grids with bit masks, and looks only where something changed; on
//! other sizes it runs the essay version. The two are tested equal, event for event, at
//! every level, on some five hundred puzzles of the corpora.
//!
//! # Speed
//!
//! The fast path keeps 9-bit candidate masks per cell and the places of each digit in
//! each unit as 9-bit masks, copies its board (under a kilobyte) on the stack for a try,
//! and allocates nothing. Each technique looks only at the units (or digits) that changed
//! since it last found nothing there; subsets and fish are found in tables of
//! combinations, and skip for good the units their *dual* rules out (in a unit with `m`
//! open cells a naked subset of `k` is a hidden subset of `m - k`, which a weaker
//! technique would have found). Unwatched, the starting marks are computed at once.
//!
//! Against norvig, in instructions per puzzle (`valgrind --tool=callgrind`, the
//! `versus_norvig` example): the full level takes 1.25 times norvig's on top1465 (every
//! 5th puzzle), 1.06 on top95 and 1.6 on the first 2000 17-clue puzzles, where most
//! puzzles need no try and the fixed cost of a solve weighs more; it makes five times
//! fewer tries than norvig on top1465, each dearer. The singles level, norvig's very
//! tree, takes 1.3 to 1.5 times norvig's instructions: the price of the general machinery.
#![deny(missing_docs)]

mod essay;
mod fast;
mod level;
#[cfg(test)]
mod technique_tests;

pub use level::{Level, LEVEL_COUNT};

#[cfg(doc)]
use sudoku_core::{Contradiction, Event, Rule, Technique};
use sudoku_core::{Grid, Limits, Observer, Outcome, Search, Size};

/// The logic strategy at one [`Level`] (the full level by default): deduction to the
/// level's fixed point, search when stuck, and a grade (see the [crate docs](crate)).
/// 9x9 grids take the fast path, other sizes the essay version.
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

    /// Solves `puzzle` within `limits`, telling `observer` every step: `&mut ()` watches
    /// nothing (the plain solve), a closure `|e: Event| ...` everything.
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

/// The [`Search`] of a logic type: named by its level (`$name`: [`Level::name`] or
/// [`Level::essay_name`]), every size.
macro_rules! search_by_level {
    ($type:ty, $name:ident) => {
        impl Search for $type {
            fn name(&self) -> &'static str {
                self.level.$name()
            }

            fn search<O: Observer + ?Sized>(
                &self,
                puzzle: &Grid,
                limits: &Limits,
                observer: &mut O,
            ) -> Outcome {
                self.solve_with(puzzle, limits, observer)
            }

            fn supports(&self, _size: Size) -> bool {
                true
            }
        }
    };
}

search_by_level!(Logic, name);
search_by_level!(LogicEssay, essay_name);
sudoku_core::solver_from_search!(Logic, LogicEssay);

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
