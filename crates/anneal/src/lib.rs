//! The anneal strategy: stochastic search by simulated annealing, after Rhydian Lewis,
//! "Metaheuristics can solve sudoku puzzles" (*Journal of Heuristics* 13, 2007), the
//! stochastic family of the survey this lab starts from.
//!
//! Where the other strategies reason about what each cell may hold, this one guesses a
//! whole grid and repairs it, one small random move at a time, now and then taking a
//! worse grid so as not to get stuck. It is *not exact*: it finds a solution or runs out
//! of budget, and cannot prove that a puzzle has none, or only one.
//!
//! # Representation
//!
//! The representation, the move, the cost and the seeded stream are those of the
//! box-permutation space ([`sudoku_boxperm`]), which tabu search and the genetic
//! algorithm search too. The givens are the *fixed* cells. The search starts from an *initial solution* in
//! which each square (box) holds a random permutation of the values it misses, so
//! every square holds `1..=N` once from the start, and every move keeps it so: of the
//! three constraints (rows, columns, squares) only two are left to satisfy.
//!
//! # Neighbourhood move
//!
//! A *move* chooses a square at random among those with two *non-fixed* cells or more,
//! two different non-fixed cells of it at random, and swaps their values.
//!
//! # Cost
//!
//! The *cost* of a grid is, for each row and each column, the number of values `1..=N`
//! it does not contain, summed. A solution is a grid of cost 0, and nothing else is:
//! the squares are always right, so a grid of cost 0 is a valid sudoku that keeps the
//! givens. A swap changes two rows and two columns at most, so it moves the cost by 4
//! at most either way. The fast path ([`Anneal`]) prices a swap in constant time from
//! how often each value occurs in each line ([`Counts`]); the essay ([`Anneal::essay`])
//! counts the cost again from the grid after each move, as the definition reads
//! ([`Recount`]). Both make the same
//! moves, with the same counters.
//!
//! # Cooling schedule
//!
//! A move that does not raise the cost is accepted; one that raises it by `delta` is
//! accepted with probability `exp(-delta / t)` at *temperature* `t` (the Metropolis
//! rule), and otherwise taken back. The temperature follows the paper's schedule:
//!
//! - *initial temperature* `t0`: the standard deviation of the cost over a small sample
//!   of moves from the initial solution, every one accepted ([`SAMPLE_MOVES`] of them,
//!   and at least [`MIN_INITIAL_TEMPERATURE`]);
//! - *Markov chains*: the temperature stays the same for a chain of moves as long as
//!   the square of the number of non-fixed cells, so that a puzzle with more to fill
//!   gets longer chains;
//! - *geometric cooling*: after each chain, `t <- alpha * t` with `alpha =`
//!   [`COOLING_RATE`], 0.99.
//!
//! # Reheats
//!
//! At low temperature the search settles in a local minimum, a grid of small cost (2 is
//! typical) that no single move improves. When [`REHEAT_AFTER`] chains in a row end
//! without reaching a lower cost than the chain before them, the search is *stuck*: the
//! temperature goes back to `t0` (a *reheat*) and the search carries on from where it
//! is, warming up, wandering off, and cooling down again elsewhere. On a hard 9x9
//! puzzle one such cycle takes about a million moves.
//!
//! # Counters and events
//!
//! A *try* is a move evaluated, the sample's included: `nodes = 1 + moves`, and
//! `backtracks` counts the moves not accepted (taken back). The node budget bounds the
//! moves; without one in the [`Limits`], [`DEFAULT_MAX_NODES`] does, so that every
//! solve ends. Each move is an [`Event::Swap`](sudoku_core::Event::Swap) (the two cells,
//! the cost after the move, whether it was kept), each new solution an
//! [`Event::Solution`](sudoku_core::Event::Solution) at depth 0.
//!
//! # What the outcome says
//!
//! - a solution found under a limit of 1: `Solved`, 1;
//! - no solution within the budget: `BudgetExhausted`, never `NoSolution`: a search
//!   that has not found one cannot tell that none exists;
//! - under a limit of 2 or more, after each solution the search reheats and goes on
//!   looking for another (one met again is not counted again): it is `Solved` only
//!   when it finds as many different ones as the limit asks, and otherwise ends with the
//!   budget, as `BudgetExhausted` with the solutions it found: it cannot prove that
//!   there are no more;
//! - what it can prove, it says: givens that clash, `NoSolution` at the root (1 node);
//!   no square with two non-fixed cells, so the fill is forced: `Solved` with that one
//!   solution, or `NoSolution`, at the root.
//!
//! # Seeds
//!
//! A solver is built with a seed ([`Anneal::new`]). The random numbers of one solve come
//! from a generator seeded by the seed and the puzzle, nothing else (no clock, no
//! thread), and the acceptance test uses a pure-Rust `exp` (the `libm` crate): the same
//! seed gives the same moves, counters and solution on any machine and any number of
//! threads. Another seed gives another run.
//!
//! # The constants
//!
//! | constant | value | source |
//! |---|---|---|
//! | [`COOLING_RATE`] | 0.99 | the paper |
//! | chain length | (non-fixed cells)² | the paper |
//! | [`SAMPLE_MOVES`] | 1000 | the paper's "small sample"; measured here |
//! | [`MIN_INITIAL_TEMPERATURE`] | 0.5 | a guard of this crate |
//! | [`REHEAT_AFTER`] | 20 chains | the paper reheats when stuck; measured here |
//! | [`DEFAULT_MAX_NODES`] | 20,000,000 moves | this lab: a solve within seconds |
//!
//! ```
//! use sudoku_anneal::Anneal;
//! use sudoku_core::{Grid, Limits, Solver, Status};
//!
//! let easy: Grid =
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!         .parse()
//!         .unwrap();
//! let out = Anneal::new(2007).solve(&easy, &Limits::FIRST);
//! assert_eq!(out.status, Status::Solved);
//! assert!(out.solution.unwrap().is_solution_of(&easy));
//! assert_eq!(out, Anneal::new(2007).solve(&easy, &Limits::FIRST)); // the same run
//!
//! // A uniqueness check cannot succeed: the search finds the one solution, then looks
//! // for another until the budget runs out.
//! let out = Anneal::new(2007).solve(&easy, &Limits::UNIQUENESS.with_max_nodes(2_000_000));
//! assert_eq!((out.status, out.solutions), (Status::BudgetExhausted, 1));
//! assert_eq!(out.counters.nodes, 2_000_000);
//! ```
#![deny(missing_docs)]

mod schedule;

use sudoku_boxperm::{Board, Counts, Layout, Recount};
use sudoku_core::{Grid, Limits, Observer, Outcome, Size};

use schedule::Search;

/// The cooling rate `alpha` of the geometric schedule `t <- alpha * t`, applied after
/// each Markov chain: the paper's 0.99.
pub const COOLING_RATE: f64 = 0.99;

/// How many moves the sample that sets the initial temperature makes (every one
/// accepted). The paper asks for a small sample. Measured on 13 puzzles of top95 and
/// easy50, 20 initial solutions each: the standard deviation of the cost over 100,000
/// moves is 4.0 to 4.4; over 200 moves it comes out 10 % lower and spread ±18 %, over
/// 1000 moves 3 % lower and spread ±9 %. A thousand moves is still a thousandth of one
/// cooling of a hard 9x9 puzzle.
pub const SAMPLE_MOVES: u64 = 1000;

/// The least initial temperature: should the sample's cost hardly move (a puzzle with
/// few non-fixed cells), its standard deviation would be near 0 and a reheat could not
/// lift the search out of a local minimum. At 0.5 a rise of 1 is still accepted with
/// probability `exp(-2)`, about 0.14. On 9x9 puzzles the sample gives about 4, far above.
pub const MIN_INITIAL_TEMPERATURE: f64 = 0.5;

/// How many Markov chains in a row may end without a lower cost than the chain before
/// them before the search counts as stuck and reheats. The paper reheats when the
/// search is stuck; this count was measured here on the first 40 puzzles of top95
/// within the default budget: 10 chains solved 30 % of them, 20 chains 45 %, 40 chains
/// 40 %.
pub const REHEAT_AFTER: u32 = 20;

/// The node budget of a solve whose [`Limits`] set none (and the catalogue's default):
/// 20 million moves, about half a second of one core for the fast path on a 9x9
/// puzzle, and four for the essay.
pub const DEFAULT_MAX_NODES: u64 = 20_000_000;

/// The anneal strategy with its seed: [`Anneal::new`] the fast path, [`Anneal::essay`]
/// the same search in the paper's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Anneal {
    seed: u64,
    pricing: Pricing,
}

/// How a move is priced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pricing {
    /// From how often each value occurs in each line, kept up to date ([`Counts`]).
    Counted,
    /// By counting the cost again from the grid ([`Recount`]).
    Recounted,
}

impl Anneal {
    /// The strategy with `seed` (the same seed, the same moves), the cost kept up to
    /// date move by move: the catalogue's `anneal`.
    pub const fn new(seed: u64) -> Anneal {
        Anneal {
            seed,
            pricing: Pricing::Counted,
        }
    }

    /// The essay with `seed`: the cost counted again from the grid after every move,
    /// as the paper defines it. It makes the same moves as [`Anneal::new`] with the
    /// same seed, with the same counters and solution, only slower: the catalogue's
    /// `anneal-essay`.
    pub const fn essay(seed: u64) -> Anneal {
        Anneal {
            seed,
            pricing: Pricing::Recounted,
        }
    }

    /// Its seed.
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// Solves `puzzle` within `limits`, telling `observer` every move.
    fn run<O: Observer + ?Sized>(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut O,
    ) -> Outcome {
        match self.pricing {
            Pricing::Counted => solve_with(Counts::new, self.seed, puzzle, limits, observer),
            Pricing::Recounted => solve_with(Recount::new, self.seed, puzzle, limits, observer),
        }
    }
}

/// Solves `puzzle` with the board `B` (built by `board` from the initial fill).
fn solve_with<B: Board, O: Observer + ?Sized>(
    board: fn(Size, Vec<u8>) -> B,
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
    let fill = layout.fill(puzzle, &mut rng);
    let board = board(puzzle.size(), fill);
    Search::new(puzzle.size(), &layout, board, rng, &limits, observer).run()
}

impl sudoku_core::Search for Anneal {
    fn name(&self) -> &'static str {
        match self.pricing {
            Pricing::Counted => "anneal",
            Pricing::Recounted => "anneal-essay",
        }
    }

    fn search<O: Observer + ?Sized>(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut O,
    ) -> Outcome {
        self.run(puzzle, limits, observer)
    }

    /// Every size: the squares, rows and columns come from the size's geometry.
    fn supports(&self, _size: Size) -> bool {
        true
    }
}

sudoku_core::solver_from_search!(Anneal);
