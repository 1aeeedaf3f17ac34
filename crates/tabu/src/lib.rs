//! The tabu strategy: tabu search, after Fred Glover, "Tabu Search, Part I" (*ORSA
//! Journal on Computing* 1, 1989), in the box-permutation space that Rhydian Lewis's
//! simulated annealing searches ("Metaheuristics can solve sudoku puzzles", 2007): one
//! of the stochastic families of the survey this lab starts from.
//!
//! Annealing draws a move at random and sometimes takes a worse grid. Tabu search looks
//! at every move and makes the best one, even when it is worse than staying put; what
//! keeps it from falling straight back into the local minimum it just left is a short
//! memory, the *tabu list*. It is *not exact*: it finds a solution or runs out of
//! budget, and cannot prove that a puzzle has none, or only one.
//!
//! # The space, the move and the cost
//!
//! Those of [`sudoku_boxperm`], as `anneal` has them: the givens are fixed; every box
//! holds a permutation of the values it misses (a random one at the start); a move
//! swaps two non-fixed cells of one box; the cost of a grid is, for each row and each
//! column, the number of values `1..=N` it misses, summed. A grid of cost 0 is a
//! solution, and nothing else is.
//!
//! # The best admissible move
//!
//! Each step evaluates the whole neighbourhood, every pair of non-fixed cells of every
//! box, by the change of cost the swap would make, and makes the move of least cost
//! among the *admissible* ones (ties broken at random): the move is made whether the
//! cost falls, stays or rises. In Glover's words, the search is *aggressive*: it takes
//! the best move it is allowed, and relies on the tabu list, not on chance, to climb out
//! of local minima.
//!
//! # The tabu list and its tenure
//!
//! A move made is *tabu* for the next [`TENURE`] steps: the same two cells may not be
//! swapped again (which would swap them back) until then. Only tabu moves are not
//! admissible. On a grid with few moves the tenure is lowered to half their number, so
//! that the walk keeps a choice.
//!
//! # Aspiration
//!
//! A tabu move is admissible all the same when it would bring the cost below the best
//! cost of the whole search (Glover's *aspiration by objective*): the tabu list is
//! there to stop cycling, and a grid better than any seen cannot be a cycle.
//!
//! # Perturbation when stuck
//!
//! When [`STALL_AFTER`] steps in a row bring the cost no lower than the least since the
//! walk last started afresh, the search is stuck in a basin the tabu list cannot empty:
//! the next [`PERTURBATION`] moves are random ones, not tabu (a *perturbation*, as in
//! iterated local search), and the walk starts afresh from where they lead. Random moves, not a
//! new random fill: the grid only ever changes by swaps, so a trace can follow it.
//!
//! # Counters and events
//!
//! A *try* is a move made, the random ones included: `nodes = 1 + moves`. No move is
//! taken back, so `backtracks` is 0. The node budget bounds the moves; without one in
//! the [`Limits`], [`DEFAULT_MAX_NODES`] does, so that every solve ends. Each move is an
//! [`Event::Swap`](sudoku_core::Event::Swap) (the two cells, the cost after the move,
//! kept), each new solution an [`Event::Solution`](sudoku_core::Event::Solution) at
//! depth 0.
//!
//! # What the outcome says
//!
//! As `anneal`'s: a solution found under a limit of 1 is `Solved`; no solution within
//! the budget is `BudgetExhausted`, never `NoSolution`. Under a limit of 2 or more,
//! after each solution the walk perturbs and goes on looking for another (one met again
//! is not counted again), `Solved` only when it finds as many as the limit asks. What it
//! can prove, it says: givens that clash are `NoSolution` at the root (1 node); no box
//! with two non-fixed cells means the fill is forced: `Solved` or `NoSolution` at the
//! root.
//!
//! # Seeds
//!
//! A solver is built with a seed ([`Tabu::new`]). The random numbers of one solve (the
//! initial fill, the ties, the perturbations) come from a generator seeded by the seed
//! and the puzzle only ([`sudoku_boxperm::generator`]): the same seed gives the same
//! moves, counters and solution on any machine and any number of threads.
//!
//! # No essay
//!
//! The fast path reads as the definition: every move evaluated, the best admissible one
//! made, the tabu list and the aspiration as Glover states them. What a plain version
//! would change is only how a swap is priced, and that belongs to the box-permutation
//! space: [`sudoku_boxperm::Counts`] prices it from how often each value occurs in each
//! line, tested there equal to counting the cost again ([`sudoku_boxperm::Recount`]),
//! and `anneal-essay` shows it move by move.
//!
//! # The constants
//!
//! | constant | value | source |
//! |---|---|---|
//! | [`TENURE`] | 5 steps | measured here |
//! | [`STALL_AFTER`] | 1,000 steps | measured here |
//! | [`PERTURBATION`] | 10 random moves | measured here |
//! | [`DEFAULT_MAX_NODES`] | 2,000,000 moves | this lab: a solve within seconds |
//!
//! ```
//! use sudoku_core::{Grid, Limits, Solver, Status};
//! use sudoku_tabu::Tabu;
//!
//! let easy: Grid =
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!         .parse()
//!         .unwrap();
//! let out = Tabu::new(2007).solve(&easy, &Limits::FIRST);
//! assert_eq!(out.status, Status::Solved);
//! assert!(out.solution.unwrap().is_solution_of(&easy));
//! assert_eq!(out.counters.backtracks, 0); // every move is made
//! assert_eq!(out, Tabu::new(2007).solve(&easy, &Limits::FIRST)); // the same run
//! ```
#![deny(missing_docs)]

mod moves;
mod walk;

use sudoku_boxperm::{Counts, Layout};
use sudoku_core::{Grid, Limits, Observer, Outcome, Size};

use walk::Walk;

/// How many steps a move stays tabu once made. Measured on top95 within the default
/// budget, seeds 2007 and 1 (every puzzle solved but where said): 11.9 million moves
/// in all at a tenure of 3 (median moves per puzzle 15,357 and 23,056), 10.4 million at
/// 4 (24,437 and 18,028), 11.5 million at 5 (16,379 and 12,482), 14.8 million at 7
/// (18,933 and 17,909; one puzzle unsolved); on its first 40 puzzles with seeds 2007, 1,
/// 2 and 3, 12.9 million at 5, 19.3 million at 7 (one unsolved), 29.2 million at 10.
/// A long tenure forbids too much of a neighbourhood of about 200 moves.
pub const TENURE: u64 = 5;

/// How many steps in a row may bring the cost no lower than the least since the walk
/// last started afresh before the search counts as stuck and perturbs. Measured on the
/// first 40 puzzles of top95 within the default budget (seeds 2007 and 1): 3.9 and 3.8
/// million moves at 200 steps, 3.8 and 3.5 at 1,000, 4.1 and 4.4 at 5,000.
pub const STALL_AFTER: u64 = 1_000;

/// How many random moves a perturbation makes. Measured as [`STALL_AFTER`]: 3.0 and 2.8
/// million moves at 3, 3.8 and 3.5 at 10, 3.5 and 2.6 at 30; on the whole of top95, 11.2
/// million in all at 3 and 11.5 at 10, every puzzle solved: within the spread of one seed
/// to another.
pub const PERTURBATION: u32 = 10;

/// The node budget of a solve whose [`Limits`] set none (and the catalogue's default):
/// 2 million moves, about two seconds of one core's CPU time on a 9x9 puzzle (a move
/// prices the whole neighbourhood, about 200 swaps, in about 1 µs). With seed 2007 it
/// solves every puzzle of top95 and of the first 100 of top1465, and 99 of the first 100
/// of the 17-clue set.
pub const DEFAULT_MAX_NODES: u64 = 2_000_000;

/// The tabu strategy with its seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tabu {
    seed: u64,
}

impl Tabu {
    /// The strategy with `seed` (the same seed, the same moves): the catalogue's `tabu`.
    pub const fn new(seed: u64) -> Tabu {
        Tabu { seed }
    }

    /// Its seed.
    pub const fn seed(&self) -> u64 {
        self.seed
    }
}

/// Solves `puzzle` from a random fill drawn with `seed`.
fn solve<O: Observer + ?Sized>(
    seed: u64,
    puzzle: &Grid,
    limits: &Limits,
    observer: &mut O,
) -> Outcome {
    if puzzle.givens_clash() {
        return Outcome::rejected_at_root();
    }
    let limits = Limits {
        max_nodes: Some(limits.max_nodes.unwrap_or(DEFAULT_MAX_NODES)),
        ..*limits
    };
    let layout = Layout::of(puzzle);
    let mut rng = sudoku_boxperm::generator(seed, puzzle);
    let board = Counts::new(puzzle.size(), layout.fill(puzzle, &mut rng));
    Walk::new(puzzle.size(), &layout, board, rng, &limits, observer).run()
}

impl sudoku_core::Search for Tabu {
    fn name(&self) -> &'static str {
        "tabu"
    }

    fn search<O: Observer + ?Sized>(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut O,
    ) -> Outcome {
        solve(self.seed, puzzle, limits, observer)
    }

    /// Every size: the boxes, rows and columns come from the size's geometry.
    fn supports(&self, _size: Size) -> bool {
        true
    }
}

sudoku_core::solver_from_search!(Tabu);
