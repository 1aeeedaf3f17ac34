//! The cp strategies: sudoku as a constraint problem, as Helmut Simonis models it ("Sudoku
//! as a Constraint Problem", CP 2005 workshop on modelling and reformulating constraint
//! satisfaction problems), with Jean-Charles Régin's filter for the `alldifferent`
//! constraint ("A filtering algorithm for constraints of difference in CSPs", AAAI 1994).
//!
//! # The model
//!
//! One *variable* per cell, its *domain* the digits `1..=N`; a given fixes its cell. Each
//! row, each column and each box is one constraint, `alldifferent` over its N cells: 3N
//! constraints (27 at 9x9). A constraint solver keeps every domain as small as a chosen
//! level of reasoning allows (*propagation*), and searches when propagation is stuck.
//! Simonis compares how much each level of reasoning solves before any search, and how
//! much search it leaves; the three levels of his comparison are the three strategies of
//! this crate ([`Consistency`]):
//!
//! - **Forward checking** (`cp-fc`): the `alldifferent` taken as the disequalities between
//!   each pair of its variables, each woken when one of its two variables is assigned:
//!   the assigned value leaves the other variable. On a sudoku that is the naked single
//!   and nothing more (a cell with one digit left takes it from its peers), with a dead
//!   end when a cell has none left.
//! - **Bounds consistency** (`cp-bc`): forward checking, and for each constraint the
//!   smallest and largest value of every domain must each extend to an assignment of all
//!   the constraint's variables to different values, every other variable between its
//!   own bounds (the holes of the domains ignored). By Puget's argument that is moving
//!   bounds out of the *Hall intervals*: a range of `k` values that `k` variables need
//!   between them ([`alldifferent::bounds()`]).
//! - **Generalised arc consistency** (`cp-gac`; Simonis writes *hyper-arc consistency*):
//!   every value of every domain must be part of some assignment of all the constraint's
//!   variables to different values. Régin's algorithm achieves it for `alldifferent` in
//!   one pass: a maximum matching between the variables and the values, then every edge
//!   that belongs to no maximum matching is removed, found through the strongly connected
//!   components of the residual graph and the alternating paths from free vertices
//!   ([`alldifferent::regin()`]). On one sudoku unit this is every naked and every hidden
//!   subset of every size at once (the hidden single included), and the dead end of a
//!   unit whose cells cannot all differ; what needs two units at once (locked
//!   candidates, X-wings) it does not see.
//!
//! Each level propagates every constraint to the *fixpoint*: the state no constraint can
//! narrow any more. Every step only removes values, and removes at least as much from
//! smaller domains, so the fixpoint does not depend on the order the constraints are
//! woken in; only the order of the events does. A stronger level's fixpoint lies inside a
//! weaker one's (tested), so it never needs a try where a weaker level needs none.
//!
//! # The search
//!
//! First-fail labelling (Haralick and Elliott's principle: try first where failure is
//! likeliest): at a fixpoint where some cell still has several digits, choose the cell
//! with the smallest domain (ties to the first in reading order) and give it each of its
//! digits in ascending order, each followed by propagation; a value whose propagation
//! fails, or whose subtree ends without stopping the search, is taken back and the next
//! one given. Every cell down to one digit is a solution (forward checking has taken each
//! digit from its peers).
//!
//! The counters are those of [`sudoku_core::Counters`]: a *try* is one value given to the
//! chosen cell at a choice point, `nodes = 1 + tries`, `backtracks` = tries taken back.
//! Givens that clash, or that propagation refutes at the root, are rejected there: 1
//! node, no solution. Each try is told as an [`Event::Try`](sudoku_core::Event::Try), so
//! the events count the counters.
//!
//! # Two versions, one search tree
//!
//! - [`essay`] ([`CpEssay`]: `cp-bc-essay` and `cp-gac-essay` in the catalogue, and
//!   `cp-fc-essay` here): each level by its definition, over
//!   [`DigitSet`](sudoku_core::DigitSet) domains copied for each try: for every digit of
//!   every cell of every unit, *is there an assignment of the unit's cells to different
//!   digits that gives it this digit?*, answered by a matching made from nothing, again
//!   and again until a whole round removes nothing. Read it first.
//! - [`Cp`] (`cp-fc`, `cp-bc`, `cp-gac`): the fast path.
//!
//! Both make the same tries in the same order: they are tested equal, counter for
//! counter, at every level and size, under limits and budgets (`cargo test --release -p
//! sudoku-cp --test essay`), and the filters of [`alldifferent`] equal the essay's
//! definitions and plain enumeration on random small constraints (`--test
//! alldifferent`). On the corpora, the domains left at the root equal those of the Choco
//! solver with the same model at each level (the lesson says how that was checked).
//!
//! # How it is made fast
//!
//! - domains are bit masks in one vector for the whole solve; each change is written on
//!   a *trail* with the mask before it, and a try taken back undoes the trail to its mark,
//!   as a constraint solver backtracks (no copy per try);
//! - propagation is a queue: cells just assigned first (forward checking is cheap, and
//!   what it removes the filters need not), then the units whose domains changed, each
//!   filtered once per change; a filter leaves its own unit consistent, so its own
//!   removals do not wake it again;
//! - Régin's filter works on bit rows: the residual graph folded onto the values, its
//!   transitive closure by Warshall's algorithm in `k` words, every domain narrowed by one
//!   mask; the matching of each unit is kept from one call to the next, and only its
//!   open cells enter the graph (an assigned cell is an edge apart, whose digit forward
//!   checking has already taken from the rest);
//! - the Hall intervals are counted in a table indexed by bounds rather than found by
//!   sorting (Puget's O(n log n) pays off beyond sudoku's nine cells a unit).
//!
//! # Watching it work
//!
//! [`Solver::solve_observed`](sudoku_core::Solver::solve_observed) tells every step in
//! core's [`Event`](sudoku_core::Event) vocabulary: the givens and each try as an
//! [`Event::Assign`](sudoku_core::Event::Assign) (rule [`Rule::Given`](sudoku_core::Rule::Given)
//! or [`Rule::Tried`](sudoku_core::Rule::Tried)) followed by its cell's other digits
//! leaving it ([`Rule::Assigned`](sudoku_core::Rule::Assigned)); each removal by forward
//! checking as an [`Event::Eliminate`](sudoku_core::Event::Eliminate) with
//! [`Rule::Given`](sudoku_core::Rule::Given) when a given's digit leaves its peers and
//! [`Rule::NakedSingle`](sudoku_core::Rule::NakedSingle) otherwise, by a Hall interval with
//! [`Rule::HallInterval`](sudoku_core::Rule::HallInterval), by Régin's filter with
//! [`Rule::Matching`](sudoku_core::Rule::Matching), each naming its unit; a dead end as
//! an empty cell or as a unit whose cells cannot all differ
//! ([`Contradiction::NoMatching`](sudoku_core::Contradiction::NoMatching)). `sudoku-lab
//! trace -s cp-fc,cp-bc,cp-gac PUZZLE --html page.html` shows the three side by side.
//!
//! ```
//! use sudoku_core::{EventCount, Grid, Limits, Solver, Status};
//! use sudoku_cp::{Consistency, Cp};
//!
//! // The first puzzle of top95: Régin's filter solves it without a try.
//! let puzzle: Grid =
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
//!         .parse()
//!         .unwrap();
//! let nodes = Consistency::ALL.map(|c| Cp::new(c).solve(&puzzle, &Limits::FIRST).counters.nodes);
//! assert_eq!(nodes, [131, 106, 1]);
//! let mut count = EventCount::default();
//! let out = Cp::FORWARD.solve_observed(&puzzle, &Limits::FIRST, &mut count);
//! assert_eq!(out.status, Status::Solved);
//! assert_eq!((count.tries + 1, count.backtracks), (out.counters.nodes, out.counters.backtracks));
//! ```
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
        self.names()[0]
    }

    /// The name of its strategy, the fast path: `cp-fc`, `cp-bc`, `cp-gac`.
    pub const fn strategy(self) -> &'static str {
        self.names()[1]
    }

    /// The name of its essay: `cp-fc-essay`, `cp-bc-essay`, `cp-gac-essay`.
    pub const fn essay(self) -> &'static str {
        self.names()[2]
    }

    const fn names(self) -> [&'static str; 3] {
        match self {
            Consistency::Forward => ["fc", "cp-fc", "cp-fc-essay"],
            Consistency::Bounds => ["bc", "cp-bc", "cp-bc-essay"],
            Consistency::Generalised => ["gac", "cp-gac", "cp-gac-essay"],
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
        self.consistency.strategy()
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
