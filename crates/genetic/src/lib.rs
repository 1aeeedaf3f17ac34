//! The genetic strategy: a genetic algorithm after Timo Mantere and Janne Koljonen,
//! "Solving, rating and generating Sudoku puzzles with GA" (*IEEE Congress on
//! Evolutionary Computation*, 2007), one of the stochastic families of the survey this
//! lab starts from.
//!
//! Simulated annealing and tabu search move one grid about. A genetic algorithm keeps a
//! *population* of grids and lets the fitter ones have the children: a child takes each
//! of its boxes from one parent or the other (*crossover*), a few of its boxes are
//! shuffled a little (*mutation*), and the next *generation* is the best of the old
//! one (the *elite*) and the children. It is *not exact*: it finds a solution or runs
//! out of budget, and cannot prove that a puzzle has none, or only one.
//!
//! # The chromosome
//!
//! In the paper's words, the grid is an array of 81 numbers divided into nine
//! *sub-blocks* of nine, the 3x3 boxes, and the *given* numbers are fixed (the paper
//! keeps them in a *help array*). Each sub-block holds a permutation of the numbers it
//! misses, so that every box holds `1..=N` once, in every individual, from the first
//! generation on ([`sudoku_boxperm::Layout::fill`], the representation Lewis's annealing
//! uses too). The search has only the rows and the columns left to satisfy.
//!
//! # Fitness
//!
//! The paper's fitness adds up, weighted, three terms for each row and each column: how
//! far its sum is from 45, how far its product is from 9!, and how many of the numbers
//! `1..=9` it misses. This crate keeps the third term alone, the
//! *missing numbers*: for each row and each column, the number of values `1..=N` it
//! misses, summed ([`sudoku_boxperm::missing_values`], the cost annealing and tabu search
//! minimise). A row or column that misses nothing sums to 45 and multiplies to 9!, so
//! the other two terms are 0 whenever this one is, and this one alone is 0 exactly at a
//! solution; it is exact at every size, where the product of a 25x25 line (25!) does
//! not fit in 64 bits; and the three strategies of the box-permutation space then
//! minimise the same cost, which makes them comparable. The lower the cost, the fitter.
//!
//! # Selection, crossover and mutation
//!
//! The population of [`POPULATION`] individuals is kept sorted, best first. Each
//! generation keeps the [`ELITE`] best as they are, and fills every other place `i`,
//! from the last one up, with a child of two parents drawn at random among the `i`
//! individuals ranked above it, as the paper's loop does: the better an individual
//! ranks, the more children it has.
//!
//! - *Crossover*: the paper lets crossover points fall only between sub-blocks; here each
//!   box of the child comes whole from one parent or the other, with even chances, so
//!   that a child's boxes are still permutations.
//! - *Mutation* is applied only inside a sub-block: each box, with probability
//!   [`MUTATION_RATE`], swaps two of its non-given cells drawn at random. The help array
//!   forbids a swap that would move a number into a row or column where that number is
//!   a given: such a swap is not made.
//!
//! # Restarts
//!
//! A population converges: after a while its individuals are near copies of the best,
//! and crossover makes nothing new. When [`RESTART_AFTER`] generations in a row bring
//! the best cost no lower, the search is stuck, and the next population is drawn afresh
//! (a *restart*, as the paper's GA restarts).
//!
//! # Counters and events
//!
//! A *try* is a generation, a restart's included: `nodes = 1 + generations`. Nothing is
//! taken back, so `backtracks` is 0. The node budget bounds the generations; without
//! one in the [`Limits`], [`DEFAULT_MAX_NODES`] does, so that every solve ends. Each
//! generation is an [`Event::Generation`](sudoku_core::Event::Generation) (the best cost
//! of the new population, and whether it was drawn afresh), followed by the cells where
//! the fittest individual differs from the last one shown, each an
//! [`Event::Assign`](sudoku_core::Event::Assign) by
//! [`Rule::Fittest`](sudoku_core::Rule::Fittest) (so that a trace shows the best grid of
//! each generation); each new solution is an
//! [`Event::Solution`](sudoku_core::Event::Solution) at depth 0. The initial population
//! is drawn at the root and is no try; its fittest grid is shown before the first
//! generation.
//!
//! # What the outcome says
//!
//! As annealing's: a solution found under a limit of 1 is `Solved`; no solution within
//! the budget is `BudgetExhausted`, never `NoSolution`. Under a limit of 2 or more,
//! after each generation that holds a new solution the search restarts and goes on
//! looking for another (one met again is not counted again), `Solved` only when it finds
//! as many as the limit asks. What it can prove, it says: givens that clash are
//! `NoSolution` at the root (1 node); no box with two non-fixed cells means the fill is
//! forced: `Solved` or `NoSolution` at the root.
//!
//! # Seeds
//!
//! A solver is built with a seed ([`Genetic::new`]). The random numbers of one solve come
//! from a generator seeded by the seed and the puzzle only
//! ([`sudoku_boxperm::generator`]): the same seed gives the same generations, counters
//! and solution on any machine and any number of threads.
//!
//! # The constants
//!
//! | constant | value | source |
//! |---|---|---|
//! | [`POPULATION`] | 21 | the paper |
//! | [`ELITE`] | 1 | the paper |
//! | [`MUTATION_RATE`] | 1 per box | measured here |
//! | [`RESTART_AFTER`] | 100 generations | the paper restarts when stuck; measured here |
//! | [`DEFAULT_MAX_NODES`] | 300,000 generations | this lab: a solve within seconds |
//!
//! ```
//! use sudoku_core::{Grid, Limits, Solver, Status};
//! use sudoku_genetic::Genetic;
//!
//! let easy: Grid =
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!         .parse()
//!         .unwrap();
//! let out = Genetic::new(2007).solve(&easy, &Limits::FIRST);
//! assert_eq!(out.status, Status::Solved);
//! assert!(out.solution.unwrap().is_solution_of(&easy));
//! assert_eq!(out, Genetic::new(2007).solve(&easy, &Limits::FIRST)); // the same run
//! ```
#![deny(missing_docs)]

mod evolution;
mod genome;

use sudoku_boxperm::Layout;
use sudoku_core::{Grid, Limits, Observer, Outcome, Size};

use evolution::Evolution;

/// How many individuals a population holds: the paper's 21. Measured as
/// [`MUTATION_RATE`]: 51 solved 19 of the 20 in 183,000 generations, which breed 2.5
/// times as many children as 250,000 generations of 21.
pub const POPULATION: usize = 21;

/// How many of the best individuals pass to the next generation unchanged: the paper's
/// elite of one. Measured as [`MUTATION_RATE`]: an elite of 2 solved 17 of the 20 (with
/// restarts after 100 generations), of 3, 17 (after 200).
pub const ELITE: usize = 1;

/// The chance that a box of a child is mutated (one swap of two of its non-given cells,
/// unless the help array forbids it). Measured on the first 20 puzzles of easy50 within
/// 50,000 generations (seed 2007): with restarts after 2,000 generations, 3 solved at
/// 0.1, 5 at 0.3, 9 at 0.6, 13 at 1; with restarts after 100, 16 at 0.6, 18 at 1. Ten
/// draws until an allowed swap, at 0.3, solved 16; at 1, 5. The help array refuses many
/// swaps: every box is given its chance.
pub const MUTATION_RATE: f64 = 1.0;

/// How many generations in a row may bring the best cost no lower before the search
/// counts as stuck and restarts. A population of 21 converges within a hundred
/// generations or so. Measured as [`MUTATION_RATE`] (at 1): 13 of the 20 solved with
/// restarts after 2,000 generations, 14 after 500, 18 after 200, 18 after 100 (250,000
/// generations in all, against 334,000 after 200), 17 after 50.
pub const RESTART_AFTER: u64 = 100;

/// The node budget of a solve whose [`Limits`] set none (and the catalogue's default):
/// 300,000 generations, about 1.8 s of one core's CPU time on a 9x9 puzzle (a
/// generation breeds and evaluates 20 children in about 6 µs). With seed 2007 it solves
/// 13 puzzles of top95 and 41 of the 46 Mantere and Koljonen published; the tests solve
/// the first 30 of the Kaggle set and the first 5 of easy50 with it.
pub const DEFAULT_MAX_NODES: u64 = 300_000;

/// The genetic strategy with its seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Genetic {
    seed: u64,
}

impl Genetic {
    /// The strategy with `seed` (the same seed, the same generations): the catalogue's
    /// `genetic`.
    pub const fn new(seed: u64) -> Genetic {
        Genetic { seed }
    }

    /// Its seed.
    pub const fn seed(&self) -> u64 {
        self.seed
    }
}

impl sudoku_core::Search for Genetic {
    fn name(&self) -> &'static str {
        "genetic"
    }

    fn search<O: Observer + ?Sized>(
        &self,
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
        let rng = sudoku_boxperm::generator(self.seed, puzzle);
        Evolution::new(puzzle, &layout, rng, &limits, observer).run()
    }

    /// Every size: the boxes, rows and columns come from the size's geometry.
    fn supports(&self, _size: Size) -> bool {
        true
    }
}

sudoku_core::solver_from_search!(Genetic);
