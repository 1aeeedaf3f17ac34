//! The graph-colouring strategy: backtracking DSatur (Brélaz, "New methods to color the
//! vertices of a graph", *Communications of the ACM* 22(4), 1979) on the sudoku graph,
//! in the words of Rhydian Lewis, *A Guide to Graph Colouring: Algorithms and
//! Applications* (Springer, 2015), the reference of the survey this lab starts from.
//!
//! # Sudoku as graph colouring
//!
//! The *sudoku graph* has a vertex per cell and an edge between two cells that share a
//! row, a column or a box: each unit is a *clique* of `N` vertices, each vertex has
//! degree `2(N − 1) + (b − 1)²` (20 at 9x9), and the graph has 810 edges at 9x9. The
//! digits are the `k = N` colours. A *colouring* is *proper* when no edge joins two
//! vertices of the same colour (a *clash*), *complete* when every vertex has a colour,
//! and *feasible* when it is both; the givens are a *precolouring*. Solving the puzzle
//! is extending the precolouring to a feasible `N`-colouring: each *colour class* (the
//! vertices of one colour) is then an independent set of `N` vertices, one digit's
//! cells.
//!
//! # DSatur, and DSatur with backtracking
//!
//! Lewis presents DSatur as a constructive algorithm that colours the vertices one at a
//! time in an order it decides as it goes. The *saturation degree* of a vertex `v`,
//! `sat(v)`, is the number of different colours assigned to vertices adjacent to it;
//! the vertex coloured next is the uncoloured one of largest saturation degree, ties
//! going to the one of largest degree in the subgraph induced by the uncoloured
//! vertices, and it goes into the lowest colour class it can join without a clash.
//! Heuristic DSatur opens a new colour when none fits; here the number of colours is
//! fixed at `N`, so DSatur becomes an exact backtracking search over *partial
//! colourings*, as Brélaz's paper also uses it:
//!
//! 1. with no uncoloured vertex left, the colouring is complete and proper: a solution;
//! 2. otherwise choose `v`: the largest saturation degree, then the most uncoloured
//!    neighbours, then (so that counts are deterministic) the lowest vertex;
//! 3. for each colour `j` in `1..=N`, ascending, that no neighbour of `v` has (so that
//!    `S_j ∪ {v}` stays an independent set): give `v` colour `j` (a *try*), colour the
//!    rest, and when that fails take the colour back (a *backtrack*);
//! 4. when `sat(v) = N`, every colour is on a neighbour: a dead end.
//!
//! On the sudoku graph a vertex of saturation degree `N − 1` has one colour left, so
//! DSatur colours such forced cells first, and a cell with none left is met at once: the
//! saturation degree is the "fewest candidates" rule of the other strategies, seen from
//! the graph. The tie on degree in the uncoloured subgraph prefers the cell whose
//! colouring constrains the most others. DSatur does no propagation: the search itself
//! fills the forced cells, each one a try.
//!
//! The counters are those of [`sudoku_core::Counters`]: a try is a colour given by the
//! search (givens are not tries), `nodes = 1 + tries`, `backtracks` = tries taken back.
//! A precolouring with a clash is rejected at the root (1 node, no solution).
//!
//! # Two versions, one tree
//!
//! - [`DsaturEssay`] (`dsatur-essay` in the catalogue, module [`essay`]) is the search in
//!   Lewis's words: a [`SudokuGraph`] of adjacency lists, the colouring `c(v)` with its
//!   colour classes and the set `X` of uncoloured vertices, `saturation_degree` counting
//!   the distinct colours among the neighbours, `uncoloured_degree`, `choose_vertex`,
//!   `is_independent`, and a recursive `dsatur`. It is the reference the fast path is
//!   tested against: the same outcome and the same event stream, try for try.
//! - [`Dsatur`] (`dsatur`) is the same tree, node for node and in the same order, with
//!   cheap bookkeeping:
//!
//! | the essay | the fast path |
//! |---|---|
//! | `sat(v)`: the colours of `v`'s neighbours gathered one by one, at every choice | kept up to date: for each vertex and colour, how many neighbours have it; colouring `v` adds one for each neighbour, and a count that leaves 0 adds one to that neighbour's saturation degree (taking the colour back undoes it) |
//! | the degree in the subgraph induced by `X`, counted over the neighbours | kept beside it: colouring `v` takes one from each neighbour, uncolouring gives it back |
//! | `X` a sorted list; the vertex of largest `(sat, degree, −v)` | `X` an unordered array (removal by swap with the last, undone in reverse); the saturation degree and the degree packed in one key per vertex, and with the vertex's complement in one integer maximised in one pass |
//! | `S_j ∪ {v}` independent: no neighbour of colour `j` | the colours of each unit as a bit mask; a unit is a clique holding `v`, so the colours around `v` are the union of its three units' masks, and the suitable ones `all & !union`, walked lowest bit first |
//! | colour classes changed and changed back | one XOR of the colour's bit into three unit masks, the same XOR to take it back |
//!
//! # Watching it
//!
//! Both versions are written once, generic over the [`Observer`]: the plain solve runs
//! with `()` and builds no event. The events are the shared ones:
//! [`Event::Try`](sudoku_core::Event::Try) and [`Event::Backtrack`](sudoku_core::Event::Backtrack)
//! with the vertex (cell) and its colour (digit), [`Event::Solution`](sudoku_core::Event::Solution),
//! and an [`Event::Contradiction`](sudoku_core::Event::Contradiction) with
//! [`EmptyCell`](sudoku_core::Contradiction::EmptyCell) when the vertex chosen has no
//! colour left. `sudoku-lab trace -s dsatur` prints them; the replay page shows the
//! order DSatur colours the cells in.
//!
//! # Every size
//!
//! Both versions colour the sudoku graph of any size, 4x4 to 25x25 (625 vertices, 15,600
//! edges). The default node budget bounds the larger ones, where a search without
//! propagation can run long.
//!
//! ```
//! use sudoku_colour::{Dsatur, DsaturEssay};
//! use sudoku_core::{Event, Grid, Limits, Solver, Status};
//!
//! let easy: Grid =
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!         .parse()
//!         .unwrap();
//! let out = Dsatur.solve(&easy, &Limits::FIRST);
//! assert_eq!(out.status, Status::Solved);
//! assert!(out.solution.unwrap().is_solution_of(&easy));
//!
//! // Watching: one event per try; the essay version gives the same outcome.
//! let mut tries = 0;
//! let watched = Dsatur.solve_observed(&easy, &Limits::FIRST, &mut |e: Event| {
//!     tries += u64::from(e.is_try())
//! });
//! assert_eq!(watched, out);
//! assert_eq!(tries, out.counters.nodes - 1);
//! assert_eq!(DsaturEssay.solve(&easy, &Limits::FIRST), out);
//! ```
#![deny(missing_docs)]

pub mod essay;
mod search;

pub use essay::{DsaturEssay, SudokuGraph};

use sudoku_core::{Grid, Limits, Observer, Outcome, Search, Size};

/// Backtracking DSatur on the sudoku graph: the vertex of largest saturation degree
/// next, ties to the most uncoloured neighbours, then to the lowest; its suitable
/// colours ascending (see the crate docs).
#[derive(Debug, Clone, Copy, Default)]
pub struct Dsatur;

impl Search for Dsatur {
    fn name(&self) -> &'static str {
        "dsatur"
    }

    fn search<O: Observer + ?Sized>(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut O,
    ) -> Outcome {
        search::solve(puzzle, limits, observer)
    }

    /// Every size, 4x4 to 25x25.
    fn supports(&self, _size: Size) -> bool {
        true
    }
}

sudoku_core::solver_from_search!(Dsatur);
