//! The pattern overlay strategy: each digit's placement in a solution is one of the
//! 46,656 *templates* of the 9x9 grid, and the strategy reasons about whole templates,
//! overlaying those of every digit, then searches over templates when that is stuck.
//!
//! # The method
//!
//! The *pattern overlay method* (POM) is a player's technique, credited to Myth Jellies
//! on the sudoku players' forums and described in the solving guides the survey this
//! lab starts from points to. A *template* (or *pattern*) of a digit is a set of nine
//! cells, one in every row, every column and every box: where the nine copies of the
//! digit may all go at once. On an empty grid there are `6⁶ = 46,656` of them
//! ([`templates`]); each given of the digit keeps one in nine. The method:
//!
//! 1. **keep the templates compatible with the givens**: those that cover every given of
//!    the digit and no cell given another digit;
//! 2. **remove a template** `T` of a digit `d` **when every remaining template of some
//!    other digit `e` overlaps it** (shares a cell with it): were `d` placed as `T`, `e`
//!    would have no template left; a digit with no template left at all is a dead end;
//! 3. **place what all remaining templates of a digit agree on**: a cell every template
//!    of `d` covers holds `d`, and a cell none covers loses `d` (the overlay of the
//!    templates, drawn one on another, shows both). Placing is rule 2 made visible: a
//!    template of another digit covering a placed cell overlaps all of `d`'s and goes;
//! 4. **search over templates when stuck**: when rules 1 to 3 remove nothing more and
//!    some digit still has two templates or more, take the digit with the fewest left
//!    (ties: the lowest digit) and try each of its templates in turn, in the order of
//!    [`templates::all`] (a *try*: a template chosen), applying the rules again below it.
//!    When every digit is down to one template, the nine templates tile the grid: a
//!    solution.
//!
//! Rule 2 runs in *rounds*: a round finds every template that some other digit's whole
//! list overlaps, as the lists stood when it began, and removes them at its end; rounds
//! repeat until one removes nothing (a *fixpoint*) or a digit has no template left. The
//! fixpoint does not depend on the order of the rounds (removing a template only makes
//! others easier to remove), and the rounds themselves do not depend on the order the
//! templates are looked at in, so the tree, the counters and the dead end named are the
//! same in both versions below.
//!
//! The method is exact: rule 2 removes only templates no solution uses, and the search
//! over the templates of one digit splits the solutions by the template that digit
//! takes, so every solution is found once. The counters are those of
//! [`sudoku_core::Counters`]: `nodes = 1 + tries`, `backtracks` = tries taken back. Givens
//! that clash are rejected at the root (1 node, no solution).
//!
//! # 9x9 only
//!
//! A digit's templates are listed and compared one by one, and their number grows as
//! `(b!)^(2b)` with the box size `b`: 16 at 4x4, 46,656 at 9x9, `24⁸ ≈ 1.1 × 10¹¹` at
//! 16x16 and `120¹⁰ ≈ 6.2 × 10²⁰` at 25x25. The strategy is for the 9x9 grid, where it is
//! the survey's; a 16x16 list could not even be written down.
//!
//! # Two versions, one tree
//!
//! - [`OverlayEssay`] (`overlay-essay`, module [`essay`]) is the method in the player's
//!   words: each template a list of nine columns, two templates overlapping when they
//!   share a column in some row, each rule a function over the lists, a recursive search
//!   on a copy. It is the reference the fast path is tested against: the same outcome
//!   and the same event stream, event for event.
//! - [`Overlay`] (`overlay`) is the same tree, round for round, with cheap bookkeeping:
//!
//! | the essay | the fast path |
//! |---|---|
//! | all 46,656 templates listed, those fitting the givens kept | only the fitting ones made, by a walk over the rows that allows, in each, the given's column or the empty cells in no column or box of a given of the digit (the same list, in the same order) |
//! | a template as nine columns; overlapping when a row has the same column | a template as a `u128` mask of its 81 cells; overlapping when the masks share a bit |
//! | "every template of `e` overlaps `T`": `e`'s list read in order for one that avoids `T` (skipping those that begin as one that met `T`) | first, `T` against the cells every template of `e` covers (one AND); then against the template of `e` last found apart from `T`, its *witness* (one AND, when it is still there), or the witness of the template before `T` in the list, which begins as `T` does; then 64 templates of `e` at a time, those left less those covering one of `T`'s nine cells (a bit set per cell), a new witness or the proof that there is none |
//! | every template of every digit looked at in every round | only against the digits that lost templates in the round before (the others gave every template its witness already, and still have it) |
//! | the lists of the remaining templates, copied for each try | one bit per template, all digits' bits in one array, copied for each try |
//!
//! # Watching it
//!
//! Neither version reports a template as it goes: at each fixpoint they report what the
//! remaining templates say of the cells, each digit that left a cell (no template covers
//! it) an [`Event::Eliminate`](sudoku_core::Event::Eliminate) and each cell that every
//! template of its digit covers an [`Event::Assign`](sudoku_core::Event::Assign), both
//! with [`Rule::PatternOverlay`](sudoku_core::Rule::PatternOverlay). A template chosen is
//! an [`Event::Try`](sudoku_core::Event::Try) at its first cell not yet holding the
//! digit, then an `Assign` with [`Rule::Tried`](sudoku_core::Rule::Tried) for each of its
//! other such cells; taken back, an [`Event::Backtrack`](sudoku_core::Event::Backtrack)
//! of that first cell. A digit with no template left is an
//! [`Event::Contradiction`](sudoku_core::Event::Contradiction) with
//! [`NoTemplate`](sudoku_core::Contradiction::NoTemplate). So `sudoku-lab trace -s
//! overlay` and the replay page show the candidates the overlay leaves, fixpoint by
//! fixpoint.
//!
//! ```
//! use sudoku_core::{Event, Grid, Limits, Solver, Status};
//! use sudoku_overlay::{Overlay, OverlayEssay};
//!
//! // Norvig's hard1 has many solutions: the overlay finds two, and no more at limit 2.
//! let hard1: Grid =
//!     ".....6....59.....82....8....45........3........6..3.54...325..6.................."
//!         .parse()
//!         .unwrap();
//! let out = Overlay.solve(&hard1, &Limits::UNIQUENESS);
//! assert_eq!((out.status, out.solutions), (Status::Solved, 2));
//!
//! // Watching: one event per try; the essay gives the same outcome.
//! let mut tries = 0;
//! let watched = Overlay.solve_observed(&hard1, &Limits::UNIQUENESS, &mut |e: Event| {
//!     tries += u64::from(e.is_try())
//! });
//! assert_eq!((watched, tries), (out.clone(), out.counters.nodes - 1));
//! assert_eq!(OverlayEssay.solve(&hard1, &Limits::UNIQUENESS), out);
//! ```
#![deny(missing_docs)]

pub mod essay;
mod search;
pub mod templates;
mod told;

pub use essay::OverlayEssay;

use sudoku_core::{Grid, Limits, Observer, Outcome, Search, Size};

/// The pattern overlay method with search over templates (see the crate docs).
#[derive(Debug, Clone, Copy, Default)]
pub struct Overlay;

impl Search for Overlay {
    fn name(&self) -> &'static str {
        "overlay"
    }

    fn search<O: Observer + ?Sized>(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut O,
    ) -> Outcome {
        search::solve(puzzle, limits, observer)
    }

    /// 9x9 only: the templates are those of the 9x9 grid.
    fn supports(&self, size: Size) -> bool {
        size == Size::NINE
    }
}

sudoku_core::solver_from_search!(Overlay);
