//! The essay version: backtracking DSatur in the words of Lewis, *A Guide to Graph
//! Colouring* (2015).
//!
//! The sudoku is a graph `G = (V, E)`: a vertex per cell, an edge between two cells
//! of the same row, column or box ([`SudokuGraph`]). A *colouring* gives each vertex a
//! colour `c(v)` in `1..=k`, here `k = N`, a colour per digit; the vertices of one
//! colour form its *colour class* `S_j`. A colouring is *proper* when no edge joins two
//! vertices of one colour (no *clash*), *complete* when every vertex has a colour, and
//! *feasible* when it is both: a feasible `N`-colouring that keeps the givens' colours
//! (the *precolouring*) is a solution of the puzzle.
//!
//! The search works on a *partial colouring*: proper, with the vertices not yet
//! coloured in the set `X` of uncoloured vertices. DSatur chooses the vertex to colour
//! next by its *saturation degree*, `sat(v)`, the number of different colours assigned
//! to vertices adjacent to `v`:
//!
//! ```text
//! dsatur(partial colouring):
//!     if X is empty: the colouring is complete, a solution (stop at the solution limit)
//!     v ← the vertex of X with the largest saturation degree; ties: the largest degree
//!         in the subgraph induced by X (most uncoloured neighbours); then the lowest
//!     for j in 1..=k, ascending:
//!         if S_j ∪ {v} is an independent set (no neighbour of v has colour j):
//!             S_j ← S_j ∪ {v}, X ← X − {v}     (a try, refused once the budget is spent)
//!             if dsatur(partial colouring): stop
//!             S_j ← S_j − {v}, X ← X ∪ {v}     (a backtrack)
//!     no colour suitable at all (sat(v) = k): a dead end
//! ```
//!
//! Each function below is one line of it: `saturation_degree`,
//! `uncoloured_degree`, `choose_vertex`, `is_independent`,
//! `dsatur`. The counters are kept by [`Tally`], and the events go to the
//! observer as the search meets them: [`Event::Try`] (the vertex and its colour),
//! [`Event::Backtrack`], [`Event::Solution`], and an [`Event::Contradiction`]
//! ([`Contradiction::EmptyCell`]) when the vertex chosen has no suitable colour. A
//! precolouring with a clash ([`Grid::givens_clash`]) is rejected at the root.
//!
//! [`Dsatur`](crate::Dsatur) is the same tree, node for node: the tests compare the two,
//! outcome and event stream.

use std::cmp::Reverse;

use sudoku_core::event::{Contradiction, Event, Observer};
use sudoku_core::{DigitSet, Geometry, Grid, Limits, Outcome, Search, Size, Tally};

/// Backtracking DSatur as Lewis writes it: a graph, a partial colouring and a recursive
/// search (see the [module documentation](self)). Slower than [`Dsatur`](crate::Dsatur),
/// with the same counters, solutions and events.
///
/// ```
/// use sudoku_colour::{Dsatur, DsaturEssay};
/// use sudoku_core::{Grid, Limits, Solver, Status};
///
/// let easy: Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse()
///         .unwrap();
/// let essay = DsaturEssay.solve(&easy, &Limits::UNIQUENESS);
/// assert_eq!((essay.status, essay.solutions), (Status::Solved, 1));
/// assert_eq!(essay, Dsatur.solve(&easy, &Limits::UNIQUENESS));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct DsaturEssay;

impl Search for DsaturEssay {
    fn name(&self) -> &'static str {
        "dsatur-essay"
    }

    fn search<O: Observer + ?Sized>(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut O,
    ) -> Outcome {
        colour_sudoku(puzzle, limits, observer)
    }

    /// Every size: the sudoku graph of any `N`.
    fn supports(&self, _size: Size) -> bool {
        true
    }
}

sudoku_core::solver_from_search!(DsaturEssay);

/// The sudoku graph of one size: a vertex per cell (in reading order), an edge between
/// two cells of the same row, column or box. Each unit is a clique of `N` vertices;
/// every vertex has degree `2(N − 1) + (b − 1)²` (20 at 9x9), so the graph has
/// `N² · degree / 2` edges: 810 at 9x9.
#[derive(Debug, Clone)]
pub struct SudokuGraph {
    /// The neighbours of each vertex, in ascending order.
    adjacency: Vec<Vec<usize>>,
}

impl SudokuGraph {
    /// The graph of `size`: each unit made a clique.
    pub fn new(size: Size) -> SudokuGraph {
        let geometry = Geometry::of(size);
        let mut adjacency = vec![Vec::new(); size.cells()];
        for unit in geometry.units() {
            for &u in unit {
                for &v in unit.iter().filter(|&&v| v != u) {
                    adjacency[usize::from(u)].push(usize::from(v));
                }
            }
        }
        for neighbours in &mut adjacency {
            neighbours.sort_unstable();
            neighbours.dedup();
        }
        SudokuGraph { adjacency }
    }

    /// The number of vertices, `N²`.
    pub fn vertex_count(&self) -> usize {
        self.adjacency.len()
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        self.adjacency.iter().map(Vec::len).sum::<usize>() / 2
    }

    /// The vertices adjacent to `v`.
    pub fn neighbours(&self, v: usize) -> &[usize] {
        &self.adjacency[v]
    }
}

/// Colours `puzzle` by backtracking DSatur, telling `observer` every step.
fn colour_sudoku<O: Observer + ?Sized>(
    puzzle: &Grid,
    limits: &Limits,
    observer: &mut O,
) -> Outcome {
    if puzzle.givens_clash() {
        // The precolouring is not proper: no solution, decided at the root (1 node).
        return Outcome::rejected_at_root();
    }
    let size = puzzle.size();
    let mut essay = Essay {
        graph: SudokuGraph::new(size),
        colour: puzzle.cells().to_vec(),
        uncoloured: (0..size.cells()).filter(|&v| puzzle.get(v) == 0).collect(),
        k: size.side() as u8,
        size,
        tally: Tally::new(limits),
        observer,
    };
    essay.dsatur(0);
    essay.tally.outcome()
}

/// The graph, its partial colouring and what the search keeps beside them.
struct Essay<'o, O: ?Sized> {
    /// The sudoku graph.
    graph: SudokuGraph,
    /// `c(v)` for each vertex, 0 for an uncoloured one; the colour class `S_j` is
    /// `{v : c(v) = j}`. The givens are precoloured.
    colour: Vec<u8>,
    /// `X`, the uncoloured vertices, in ascending order.
    uncoloured: Vec<usize>,
    /// `k`, the number of colours: `N`.
    k: u8,
    /// The size of the grid.
    size: Size,
    /// The counters, the node budget and the solutions.
    tally: Tally,
    /// Who watches.
    observer: &'o mut O,
}

impl<O: Observer + ?Sized> Essay<'_, O> {
    /// `sat(v)`: the number of different colours assigned to vertices adjacent to `v`.
    fn saturation_degree(&self, v: usize) -> usize {
        self.graph
            .neighbours(v)
            .iter()
            .map(|&u| self.colour[u])
            .filter(|&c| c != 0)
            .collect::<DigitSet>()
            .len()
    }

    /// The degree of `v` in the subgraph induced by `X`: its uncoloured neighbours.
    fn uncoloured_degree(&self, v: usize) -> usize {
        self.graph
            .neighbours(v)
            .iter()
            .filter(|&&u| self.colour[u] == 0)
            .count()
    }

    /// The vertex DSatur colours next: the largest saturation degree, ties going to the
    /// largest degree in the subgraph induced by `X`, then to the lowest vertex; `None`
    /// when `X` is empty.
    fn choose_vertex(&self) -> Option<usize> {
        self.uncoloured.iter().copied().max_by_key(|&v| {
            (
                self.saturation_degree(v),
                self.uncoloured_degree(v),
                Reverse(v),
            )
        })
    }

    /// Whether `S_j ∪ {v}` is an independent set: no neighbour of `v` has colour `j`.
    fn is_independent(&self, v: usize, j: u8) -> bool {
        self.graph
            .neighbours(v)
            .iter()
            .all(|&u| self.colour[u] != j)
    }

    /// `S_j ← S_j ∪ {v}`, `X ← X − {v}`.
    fn assign(&mut self, v: usize, j: u8) {
        self.colour[v] = j;
        self.uncoloured.retain(|&u| u != v);
    }

    /// `S_j ← S_j − {v}`, `X ← X ∪ {v}`.
    fn unassign(&mut self, v: usize) {
        self.colour[v] = 0;
        let at = self.uncoloured.partition_point(|&u| u < v);
        self.uncoloured.insert(at, v);
    }

    /// Backtracking DSatur with `depth` tries standing: colours the vertex of largest
    /// saturation degree with each suitable colour in turn and colours the rest.
    /// Returns `true` when the search must stop: the solution limit is reached or the
    /// node budget is spent.
    fn dsatur(&mut self, depth: u16) -> bool {
        let Some(v) = self.choose_vertex() else {
            // X is empty: the colouring is complete (and proper): a solution.
            self.tell(Event::Solution { depth });
            let (size, colour) = (self.size, &self.colour);
            return self.tally.solution(|| Grid::from_values(size, colour));
        };
        let cell = v as u16;
        let tried = depth + 1;
        let mut any_suitable = false;
        for j in 1..=self.k {
            if !self.is_independent(v, j) {
                continue;
            }
            any_suitable = true;
            if !self.tally.try_one() {
                return true;
            }
            self.assign(v, j);
            self.tell(Event::Try {
                depth: tried,
                cell,
                digit: j,
            });
            if self.dsatur(tried) {
                return true;
            }
            self.unassign(v);
            self.tally.backtrack();
            self.tell(Event::Backtrack {
                depth: tried,
                cell,
                digit: j,
            });
        }
        if !any_suitable {
            // sat(v) = k: every colour is on a neighbour.
            self.tell(Event::Contradiction {
                depth,
                reason: Contradiction::EmptyCell { cell },
            });
        }
        false
    }

    /// Tells the observer, if it watches.
    #[inline(always)]
    fn tell(&mut self, event: Event) {
        if self.observer.active() {
            self.observer.event(event);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sudoku_graph_has_810_edges_at_9x9_and_units_are_cliques() {
        assert_eq!(SudokuGraph::new(Size::NINE).edge_count(), 810);
        for size in Size::ALL {
            let graph = SudokuGraph::new(size);
            assert_eq!(graph.vertex_count(), size.cells());
            assert_eq!(graph.edge_count(), size.cells() * size.peer_count() / 2);
            let geometry = Geometry::of(size);
            for v in 0..size.cells() {
                let peers: Vec<usize> = geometry.peers(v).iter().map(|&p| p.into()).collect();
                assert_eq!(graph.neighbours(v), peers, "{size} vertex {v}");
            }
        }
    }
}
