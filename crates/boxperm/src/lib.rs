//! The box-permutation space of sudoku-lab's stochastic strategies, after Rhydian Lewis,
//! "Metaheuristics can solve sudoku puzzles" (*Journal of Heuristics* 13, 2007).
//!
//! Simulated annealing (`anneal`), tabu search (`tabu`) and the genetic algorithm
//! (`genetic`) search the same space, and this crate is its one place:
//!
//! - **the representation** ([`Layout`]): the givens are *fixed*; every box (Lewis's
//!   *square*) holds a permutation of the values it misses, so that every box holds
//!   `1..=N` once from the start ([`Layout::fill`]) and keeps it so: of the three
//!   constraints (rows, columns, boxes) only two are left to satisfy;
//! - **the move**: two non-fixed cells of one box swap their values
//!   ([`Layout::random_move`], [`Layout::pairs`]);
//! - **the cost** ([`Board`]): for each row and each column, the number of values
//!   `1..=N` it misses, summed ([`missing_values`]). A grid of cost 0 is a solution and
//!   nothing else is. [`Counts`] prices a swap in constant time from how often each value
//!   occurs in each line; [`Recount`] counts the cost again, as the definition reads;
//! - **the random stream of a solve** ([`generator`]): seeded by the seed and the
//!   puzzle, nothing else, so that a seed gives the same run on any machine and any
//!   number of threads;
//! - **the solutions found** ([`Found`]): a search that comes back to a solution it has
//!   met does not count it again.
//!
//! Every size: the boxes, rows and columns come from the size's geometry.
//!
//! ```
//! use sudoku_boxperm::{generator, missing_values, Board, Counts, Layout};
//! use sudoku_core::Grid;
//!
//! let puzzle: Grid =
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!         .parse()
//!         .unwrap();
//! let layout = Layout::of(&puzzle);
//! let mut rng = generator(2007, &puzzle);
//! let mut board = Counts::new(puzzle.size(), layout.fill(&puzzle, &mut rng));
//! assert_eq!(board.cost(), missing_values(puzzle.size(), board.cells()));
//! let (a, b) = layout.random_move(&mut rng);
//! let cost = board.cost_after(a, b);
//! board.swap(a, b, cost);
//! assert_eq!(board.cost(), missing_values(puzzle.size(), board.cells()));
//! ```
#![deny(missing_docs)]

mod board;
mod found;
mod layout;
mod seed;

pub use board::{missing_values, Board, Counts, Recount, MAX_RISE};
pub use found::Found;
pub use layout::Layout;
pub use seed::{generator, Generator};
