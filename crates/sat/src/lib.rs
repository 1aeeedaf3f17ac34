//! The sat strategy: sudoku as a satisfiability problem, after Lynce and Ouaknine
//! ("Sudoku as a SAT problem", 2006). The puzzle becomes a formula in conjunctive
//! normal form (CNF), a conjunction of clauses, each a disjunction of literals; a
//! SAT solver finds an assignment that makes every clause true, and that assignment
//! is the solution. Two catalogue entries, one per encoding: `sat-minimal` and
//! `sat-extended`.
//!
//! # The variables
//!
//! One Boolean variable per cell and digit: `x(c, d)`, "cell `c` holds digit `d`",
//! 729 for 9x9 (`N³` for a grid of side `N`; every size is supported, the clauses are
//! written once over [`Geometry`]'s units).
//!
//! # The encodings
//!
//! Four kinds of clause, two of them in each encoding. "At least one" is one long
//! clause `x_1 ∨ … ∨ x_9`; "at most one" is the pairwise encoding, a binary clause
//! `¬x_i ∨ ¬x_j` for each of the 36 pairs of 9 variables.
//!
//! | clauses | in sudoku words | minimal | extended | 9x9 count |
//! |---|---|:---:|:---:|---:|
//! | cell definedness | every cell holds a digit | ✓ | ✓ | 81 |
//! | unit uniqueness | no digit twice in a row, a column or a box | ✓ | ✓ | 8,748 |
//! | cell uniqueness | no cell holds two digits | | ✓ | 2,916 |
//! | unit definedness | every digit is in every row, column and box | | ✓ | 243 |
//! | | | **8,829** | **11,988** | |
//!
//! Those are the published counts. A CNF formula is a set of clauses, and two cells
//! of one row (or column) that are also in one box make their pair twice, once for
//! the line and once for the box: 1,458 of the pairs are repeats, so the solver is
//! given 7,371 and 10,530 clauses ([`Encoding::distinct_clause_count`]).
//!
//! Each encoding determines the solutions: in the minimal one, a row has 9 cells that
//! each hold a digit and 9 digits that each appear at most once, so each cell holds
//! exactly one. But that is a pigeonhole argument, and a SAT solver's unit
//! propagation does not make it: with the minimal clauses, propagation finds only the
//! naked single (a cell with one digit left must hold it), and the solver must search
//! even to learn that a cell with a digit holds no other. The extended clauses make
//! both halves explicit, and unit propagation over them is exactly the naked single
//! and the hidden single (a digit with one place left in a unit goes there): what
//! Norvig's propagation does.
//!
//! # The givens
//!
//! Each given is the unit clause `x(c, d)`. Unit propagation of those units through
//! the binary clauses makes false what a given excludes: its digit in its 20 peers,
//! and (extended) the other digits of its cell. That one step is taken while the
//! clauses are copied into the solver, as Kwon and Jain's optimised encoding does
//! ("Optimized CNF Encoding for Sudoku Puzzles", 2006): the variables it fixes are not
//! created, the clauses it satisfies are left out and the literals it falsifies
//! dropped. A 17-clue puzzle leaves about 310 variables and 2,400 clauses of the
//! extended encoding (400 and 2,800 of the minimal one, where a given's cell keeps
//! its other digits). Everything that follows from there is the solver's own unit
//! propagation. Two givens with one
//! digit in a unit make a unit clause false in that step: the formula is refuted at
//! the root, 1 node, before any solver is built. A tested plain load (every clause,
//! givens as unit clauses, nothing left out) gives the same solutions.
//!
//! # The solver: batsat
//!
//! [batsat](https://github.com/c-cube/batsat) is MiniSat's conflict-driven clause
//! learning (CDCL) in Rust: watched literals, 1-UIP learning with clause minimisation,
//! VSIDS, phase saving, Luby restarts. Four crates of the registry were measured on
//! the same formulas (those the givens leave, extended encoding), one solver per
//! puzzle, CPU time per puzzle in one run on a shared 2-core machine, as ratios to
//! batsat (batsat's own time in µs):
//!
//! | crate (solver) | top95 | top1465 | 17-clue, every 100th |
//! |---|---:|---:|---:|
//! | batsat 0.6 | 1 (400 µs) | 1 (349 µs) | 1 (378 µs) |
//! | varisat 0.2 | 2.1 | 1.9 | 2.1 |
//! | cadical-sys 0.8 (CaDiCaL 3.0.1) | 2.4 | 2.2 | 2.5 |
//! | cadical 0.1 (CaDiCaL 1.9.5) | 3.1 | 3.1 | 2.6 |
//! | splr 0.17 | 4.0 | 3.5 | 3.4 |
//!
//! (With the minimal encoding varisat comes closest, 1.1 times batsat's time; the
//! others 1.4 to 3.3.) On formulas this small the cost is the solver's setup, which
//! batsat keeps lightest. It is also the cheapest to build and keep: pure Rust with one
//! dependency, under 2 s of CPU to compile (varisat 37 s, splr 8 s, CaDiCaL's C++
//! about 3 minutes, twice in CI where clippy and the release tests each build it);
//! released January 2025 and kept by its author, where varisat has had no release
//! since 2020 and splr's latest release needs a newer Rust than the workspace's. The
//! crate `cadical` exposes no decision count, and the `rustsat-*` bindings need
//! libclang at build time. And batsat has the hooks the counters and the events
//! need (below).
//!
//! Each solve builds its own solver: the counters of a puzzle must not depend on the
//! puzzles a thread solved before it (tdoku's MiniSat benchmark keeps one solver for
//! all puzzles and passes the givens as assumptions, so its learnt clauses and
//! heuristics carry over). Every variable prefers the value true, so that a decision
//! puts a digit in a cell (MiniSat's default tries false first; tdoku negates its
//! variables for the same effect).
//!
//! # The solution limit
//!
//! A satisfying assignment is a solution. While the limit asks for more, the clause
//! that blocks it, `¬x_1 ∨ … ∨ ¬x_k` over the placements it makes, is added and the
//! solver asked again, keeping what it learned; "unsatisfiable" means no solution is
//! left. Limit 2 is the uniqueness check.
//!
//! # The counters
//!
//! - `nodes = 1 + decisions`: each decision of the solver is a try (a digit put in a
//!   cell); a puzzle that unit propagation decides (solved, or refuted) is 1 node.
//! - `backtracks` = the conflicts above the root. Each takes back the latest try at
//!   least (a backjump may take back several), so `backtracks ≤ nodes − 1`; the
//!   conflict at the root that proves "unsatisfiable" takes back none and is not
//!   counted. Restarts take tries back too, without a conflict, and are not counted.
//! - Over several calls (the solution limit), the counts add up.
//! - The node budget: the solver opens a decision level just before it puts a
//!   decision on its trail, and tells its theory hook; the decision that would go
//!   over the budget is not counted, the solver is told to stop at its next chance
//!   (right after that decision's propagation: it cannot stop within one), and the
//!   outcome is `BudgetExhausted` whatever it answers then. So `nodes ≤ max_nodes`
//!   always, and a search that needs exactly the budget ends as it would without one.
//!
//! The catalogue's budget is 20,000 nodes for both: more than ten times what any 9x9
//! puzzle of the golden corpora needs (at most 1,858 nodes under the minimal encoding,
//! on top1465; 98 under the extended one). A decision costs more as the learnt
//! clauses pile up: the minimal encoding never finishes the empty 16x16 grid (its
//! pigeonhole reasoning is hard for resolution), and its 20,000 decisions there take
//! about 1.5 s, 50,000 about 10 s.
//!
//! # The events
//!
//! The givens as [`Event::Assign`] with [`Rule::Given`] and what they exclude as
//! [`Event::Eliminate`], at depth 0: a given's digit in its peers with [`Rule::Given`],
//! the other digits of its cell (the extended encoding) with [`Rule::Assigned`], the
//! names every strategy gives those steps. Then, from the
//! solver's hooks (its theory is told of every decision level opened and closed, and
//! reads the trail after each propagation that ends without a conflict; its callbacks
//! see each learnt clause):
//!
//! - [`Event::Try`] for each decision, with its cell and digit, read from the trail
//!   once its propagation is done; then every literal that propagation set, as
//!   [`Event::Assign`] (a digit placed) or [`Event::Eliminate`] (a digit ruled out),
//!   with [`Rule::UnitPropagation`], at the try's depth;
//! - [`Event::Backtrack`] at each conflict, for the try at the conflict's level (the
//!   latest one); the depth of the events that follow shows where the backjump
//!   landed;
//! - [`Event::Solution`] when every variable has a value.
//!
//! A decision that its own propagation refutes never reaches a check of the trail,
//! and batsat shows its literal nowhere: its [`Event::Try`] (sent just before its
//! [`Event::Backtrack`]) names instead the literal the conflict's learnt clause
//! asserts false, the first unique implication point: the decision itself, or a
//! placement every path from it to the conflict passes through. About half of all
//! decisions fall that way; an instrumented copy of batsat showed the first UIP to be
//! the decision in three of four of them (7,438 of 9,978 on top1465, extended).
//!
//! # Figures
//!
//! First solution, one thread, one run (`cargo run --release -p sudoku-sat --example
//! figures`): the share of puzzles solved without a decision, the mean nodes and
//! backtracks, and µs per puzzle beside norvig.
//!
//! | corpus | minimal: no decision | extended: no decision | minimal | extended | norvig |
//! |---|---:|---:|---:|---:|---:|
//! | top95 | 0% (154 nodes) | 0% (16.8 nodes) | 828 µs | 295 µs | 26 µs |
//! | top1465 | 0% (107) | 0% (14.9) | 761 µs | 397 µs | 30 µs |
//! | 17-clue (all 49,158) | 0% (278) | 44.6% (3.1) | | | |
//! | 17-clue, every 100th | 0% (282) | 44.7% (3.4) | 1,749 µs | 334 µs | 8.9 µs |
//! | kaggle, first 2000 | 100% (1.0) | 100% (1.0) | 115 µs | 65 µs | 4.0 µs |
//!
//! The extended encoding decides without a guess the 44.6% of 17-clue puzzles that
//! naked and hidden singles solve (norvig's share, and tdoku's MiniSat "complete"
//! encoding's); tdoku's 76% is its "augmented" encoding, which adds variables for the
//! three cells where a box meets a line, so that propagation also sees locked
//! candidates. Against tdoku's `run_benchmark` with `minisat_augmented` (MiniSat
//! 2.2, one solver kept across puzzles), alternating runs on the same machine gave
//! sat-extended 1.1 to 1.2 times faster on the 17-clue set (241 against 294 µs at
//! best) and 2 to 3 times faster on top1465 (419 against 848 µs).
//!
//! [`Geometry`]: sudoku_core::Geometry
//! [`Event::Assign`]: sudoku_core::Event::Assign
//! [`Event::Eliminate`]: sudoku_core::Event::Eliminate
//! [`Event::Try`]: sudoku_core::Event::Try
//! [`Event::Backtrack`]: sudoku_core::Event::Backtrack
//! [`Event::Solution`]: sudoku_core::Event::Solution
//! [`Rule::Given`]: sudoku_core::Rule::Given
//! [`Rule::Assigned`]: sudoku_core::Rule::Assigned
//! [`Rule::UnitPropagation`]: sudoku_core::Rule::UnitPropagation
//!
//! ```
//! use sudoku_core::{Grid, Limits, Solver, Status};
//! use sudoku_sat::Sat;
//!
//! // Norvig's easy1: naked and hidden singles solve it, so the extended encoding's
//! // unit propagation does, without a decision.
//! let easy: Grid =
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!         .parse()
//!         .unwrap();
//! let out = Sat::EXTENDED.solve(&easy, &Limits::UNIQUENESS);
//! assert_eq!((out.status, out.solutions), (Status::Solved, 1));
//! assert_eq!(out.counters.nodes, 1);
//! ```
#![deny(missing_docs)]

pub mod encoding;
mod givens;
mod hooks;
mod search;

pub use encoding::{Cnf, Encoding};
use sudoku_core::{Grid, Limits, Observer, Outcome, Search, Size};

/// Sudoku as CNF, in one of Lynce and Ouaknine's encodings, solved by batsat (see the
/// [crate documentation](crate)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sat {
    encoding: Encoding,
}

impl Sat {
    /// The minimal encoding (`sat-minimal`).
    pub const MINIMAL: Sat = Sat::new(Encoding::Minimal);
    /// The extended encoding (`sat-extended`).
    pub const EXTENDED: Sat = Sat::new(Encoding::Extended);

    /// The strategy with `encoding`.
    pub const fn new(encoding: Encoding) -> Sat {
        Sat { encoding }
    }

    /// Its encoding.
    pub const fn encoding(&self) -> Encoding {
        self.encoding
    }
}

impl Search for Sat {
    fn name(&self) -> &'static str {
        match self.encoding {
            Encoding::Minimal => "sat-minimal",
            Encoding::Extended => "sat-extended",
        }
    }

    fn search<O: Observer + ?Sized>(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut O,
    ) -> Outcome {
        search::solve(puzzle, self.encoding, limits, observer)
    }

    /// Every size: the clauses are written once over the units of any grid.
    fn supports(&self, _size: Size) -> bool {
        true
    }
}

sudoku_core::solver_from_search!(Sat);
