//! The ilp strategy: sudoku as a binary integer linear program, after Bartlett,
//! Chartier, Langville and Rankin ("An Integer Programming Model for the Sudoku
//! Problem", The Journal of Online Mathematics and its Applications 8, 2008), solved by
//! a MIP solver's branch and bound. Two catalogue entries, one per solver: `ilp`
//! (microlp, pure Rust, always built) and `ilp-cbc` (COIN-OR CBC, behind the `cbc`
//! feature).
//!
//! # The model
//!
//! One binary variable `x(i,j,k)` per cell `(i,j)` and digit `k`, "the cell holds the
//! digit": 729 at 9x9, `N³` at any size. The paper's program is `min 0ᵀx` (a
//! feasibility problem: any point is a solution) subject to one `k` in each column, one
//! `k` in each row, one `k` in each box, every position filled, the givens set "on",
//! and `x ∈ {0,1}`: `4N²` equality rows of `N` ones each (324 at 9x9), written once per
//! size in [`model`]. The givens decide more than their own variables: every other
//! variable of a given's rows is 0. Those are not handed to the solver, and the rows the
//! givens satisfy are left out ([`model::Model`]): the step any presolve takes first,
//! taken once here for both solvers (as the sat crate loads its clauses), which leaves
//! the relaxation the same polytope on fewer coordinates (310 variables and 256 rows on
//! average over the first 2,000 17-clue puzzles, 242 and 235 over top1465; 1,283 and
//! 1,169 over `data/25x25.txt`; handed all 15,625 variables of a 25x25 grid, microlp's
//! root simplex kept the conformance properties running for over ten minutes, against
//! 74 seconds so). Everything else is the solver's to find. Two givens with one digit in a unit are refused at the root,
//! 1 node, before any model is built, and a row left with no variable (a cell or a
//! placement with no digit left) refutes the model there too.
//!
//! # Branch and bound
//!
//! The *LP relaxation* lets each `x` range over `[0, 1]`. When the simplex's optimal
//! point of it is integral, that point is a solution and the solve ends at the root.
//! Otherwise the solver *branches*: it picks a variable with a fractional value and
//! makes two subproblems (*nodes*), one with `x = 0`, one with `x = 1` (the digit ruled
//! out of the cell, or put in it), solves each one's relaxation, prunes those whose
//! relaxation has no point, and goes on down until a node's point is integral.
//! [`relaxation`] measures how often the root alone does it (the figures below).
//!
//! # The solvers
//!
//! - **microlp** (0.7, the default): a dual simplex with presolve and branch and bound,
//!   pure Rust, so that `cargo run --release -- bench` and `cargo test --workspace
//!   --release` build on a machine with a Rust toolchain alone. Of `good_lp`'s
//!   backends it is the one in pure Rust with integer variables (clarabel has none),
//!   and its own API reports the branch-and-bound nodes it solved
//!   (`Stats::nodes_solved`) and takes a node limit, where `good_lp` 1.15 (over
//!   microlp 0.6) reports neither: so the model is written for microlp directly. Its
//!   branch and bound dives depth first into the child its pseudocosts prefer, and
//!   jumps to the open node of best bound when a dive dies out.
//! - **CBC** (COIN-OR's branch and cut, 2.10 as Debian 12 ships it, behind the `cbc`
//!   feature of this crate, `sudoku-catalogue` and `sudoku-lab`): a MIP solver of
//!   reference among the free ones (the one PuLP bundles), with preprocessing, probing,
//!   cutting planes and primal heuristics around its branch and bound. It is a system
//!   library (Debian's `coinor-libcbc-dev`), which `coin_cbc_sys` finds through
//!   pkg-config and links: nothing is compiled but the bindings, and a machine without
//!   the package builds the default, microlp alone. `cargo xtask test` installs the
//!   package and turns the feature on. libcbc is not thread-safe: CBC solves serialise
//!   across threads (one lock around each, in `backend::cbc`): a parallel run (`-j`)
//!   solves one puzzle with CBC at a time, with the same counters.
//!
//! # The solution limit
//!
//! The solver answers one point. While the limit asks for more, the classic way: a
//! *no-good cut* `Σ x ≤ k − 1` over the `k` variables the solution sets to 1 in the
//! empty cells excludes exactly that solution, and the model with the cut is solved
//! again from its root ([`model::NoGood`]). "Infeasible" means no solution is left.
//! Limit 2 is the uniqueness check: a second tree that proves the cut model infeasible.
//! A grid with no empty cell has no other solution and is not solved twice.
//!
//! # The counters
//!
//! Each tree's nodes are counted as its solver reports them (see [`backend`]); the
//! solver says how many nodes it solved, not which variable each one fixed.
//!
//! - A try is a branch-and-bound node below the root whose relaxation the solver
//!   solved: microlp's `nodes_solved` and CBC's `Cbc_getNodeCount` (both leave the root
//!   out; CBC's is none when its preprocessing or root cuts settle the model).
//!   `nodes = 1 + tries`, summed over the trees of the solution limit.
//! - `backtracks`: every node of a tree that ends with no solution (it proved there is
//!   none left: each of its nodes was taken back), and every node of a tree that ended
//!   at a solution when the limit asks for another (the restart from the root takes
//!   them all back). The nodes of the tree that ends the search stand: the solver does
//!   not say which of them lay on the path to its solution, so none of them is counted
//!   as taken back. Under limit 1 a solved puzzle has 0 backtracks (a lower bound of
//!   what the tree closed); under limit 2 a puzzle with one solution has
//!   `backtracks = nodes − 1`, as every strategy's does.
//! - The node budget: each tree gets the tries the budget has left as the solver's node
//!   limit. microlp is run one node per call (see [`backend::microlp`]) and stops on
//!   the count exactly; CBC's node limit (`maxNodes`) bounds the same count (see
//!   `backend::cbc` for a tree that ends at the limit). A tree that runs out is
//!   `BudgetExhausted`, and so is a solver's numerical failure or a point that is no
//!   solution of the puzzle (checked, never trusted): the search could not end, and a
//!   wrong row is never written.
//!
//! The catalogue's budget is [`DEFAULT_MAX_NODES`] for both: three times the most
//! microlp needs on the corpora below under limit 1 (631 nodes, on a 17-clue puzzle;
//! 158 on top1465), at a few milliseconds a node. CBC needs 10 at most there.
//!
//! # The events
//!
//! The givens as [`Event::Assign`] with [`Rule::Given`]; after each tree, one
//! [`Event::Node`] per node it solved, taken back or not as the counters say; at each
//! solution, the digit the solver's point puts in each empty cell as [`Event::Assign`]
//! with [`Rule::IntegerProgram`], then [`Event::Solution`]. So a trace shows how much
//! branching each tree needed and the grid each one ended at, and counting the events
//! gives the counters.
//!
//! [`Event::Assign`]: sudoku_core::Event::Assign
//! [`Event::Node`]: sudoku_core::Event::Node
//! [`Event::Solution`]: sudoku_core::Event::Solution
//! [`Rule::Given`]: sudoku_core::Rule::Given
//! [`Rule::IntegerProgram`]: sudoku_core::Rule::IntegerProgram
//!
//! # Figures
//!
//! One run of `cargo run --release -p sudoku-ilp --features cbc --example ilp_figures`
//! (limit 1, one thread; the lesson `book/src/lessons/ilp.md` has the whole table). *LP
//! pinned*: the relaxation has no point but the solution ([`relaxation`]); *no
//! branching*: the solver ended at its root (CBC: at its root or in its preprocessing).
//! Nodes: mean and max per puzzle, the root included.
//!
//! | corpus | LP pinned | microlp: no branching | CBC: no branching | microlp nodes | CBC nodes |
//! |---|---:|---:|---:|---:|---:|
//! | top95 | 30.5% | 33.7% | 96.8% | 8.5, 97 | 1.1, 7 |
//! | top1465 | 23.0% | 26.3% | 98.3% | 9.0, 158 | 1.1, 10 |
//! | 17-clue, first 2,000 | 93.2% | 94.3% | 100% | 2.0, 631 | 1.0, 1 |
//! | `data/bench` grades 1 to 5 (X-wing) | 100% | 100% | 100% | 1.0, 1 | 1.0, 1 |
//!
//! Both solvers take 40 to 700 times dlx's median time per puzzle (top1465: 9.9 ms for
//! microlp, 9.2 ms for CBC, 24 µs for dlx, on a shared, loaded machine): each node is a
//! simplex over a few hundred variables, where dlx's is a few pointer moves. CBC's
//! preprocessing and root cuts, which spare it the branching, cost 2 to 4 ms on any
//! puzzle and up to a second and a half on those it branches on.
//!
//! ```
//! use sudoku_core::{Grid, Limits, Solver, Status};
//! use sudoku_ilp::Ilp;
//!
//! // Norvig's easy1: the LP relaxation alone gives its solution, so no node is needed,
//! // and with the cut of that solution the relaxation has no point: unique.
//! let easy: Grid =
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!         .parse()
//!         .unwrap();
//! let out = Ilp::MICROLP.solve(&easy, &Limits::UNIQUENESS);
//! assert_eq!((out.status, out.solutions), (Status::Solved, 1));
//! assert_eq!(out.counters.nodes, 1);
//! ```
#![deny(missing_docs)]

pub mod backend;
pub mod model;
pub mod relaxation;
mod search;

/// The catalogue's node budget for both solvers (see the crate documentation).
pub const DEFAULT_MAX_NODES: u64 = 2_000;

use sudoku_core::{Grid, Limits, Observer, Outcome, Search, Size};

/// The MIP solver an [`Ilp`] hands its model to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Solver {
    /// microlp, pure Rust (`ilp`).
    MicroLp,
    /// COIN-OR CBC, C++ (`ilp-cbc`; the crate's `cbc` feature).
    #[cfg(feature = "cbc")]
    Cbc,
}

/// Sudoku as Bartlett et al.'s binary integer program, solved by a MIP solver (see the
/// [crate documentation](crate)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ilp {
    solver: Solver,
}

impl Ilp {
    /// The model solved by microlp (`ilp`).
    pub const MICROLP: Ilp = Ilp::new(Solver::MicroLp);
    /// The model solved by CBC (`ilp-cbc`).
    #[cfg(feature = "cbc")]
    pub const CBC: Ilp = Ilp::new(Solver::Cbc);

    /// The strategy with `solver`.
    pub const fn new(solver: Solver) -> Ilp {
        Ilp { solver }
    }

    /// Its solver.
    pub const fn solver(&self) -> Solver {
        self.solver
    }
}

impl Search for Ilp {
    fn name(&self) -> &'static str {
        match self.solver {
            Solver::MicroLp => "ilp",
            #[cfg(feature = "cbc")]
            Solver::Cbc => "ilp-cbc",
        }
    }

    fn search<O: Observer + ?Sized>(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut O,
    ) -> Outcome {
        match self.solver {
            Solver::MicroLp => search::solve(&backend::microlp::MicroLp, puzzle, limits, observer),
            #[cfg(feature = "cbc")]
            Solver::Cbc => search::solve(&backend::cbc::Cbc, puzzle, limits, observer),
        }
    }

    /// Every size: the model is written once over the units of any grid.
    fn supports(&self, _size: Size) -> bool {
        true
    }
}

sudoku_core::solver_from_search!(Ilp);
