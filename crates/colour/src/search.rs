//! The fast path: the essay's tree, with the saturation degrees kept up to date as the
//! colours come and go, and the suitable colours read off unit masks.
//!
//! The tree is exactly the essay's ([`essay`](crate::essay)), node for node and in its
//! order; only the bookkeeping is cheap. See the [crate documentation](crate) for how each
//! step of the essay maps to this one. The search is written once, generic over the
//! [`Observer`]: every event is built under `if observer.active()`, so the plain solve,
//! with `()`, compiles to the search without any event.

use std::sync::OnceLock;

use sudoku_core::event::{Contradiction, Event, Observer};
use sudoku_core::{Geometry, Grid, Limits, Outcome, Size, Tally};

/// The length of the tables indexed by a vertex: above the 625 vertices of 25x25, a
/// power of two, so that an index masked to it needs no bounds check.
const VERTICES: usize = 1024;
/// The length of the tables indexed by a unit: above the 75 units of 25x25.
const UNITS: usize = 128;

/// A vertex as an index into the tables.
#[inline(always)]
fn at(v: usize) -> usize {
    v & (VERTICES - 1)
}

/// The entry of vertex `v` and colour `j + 1` in [`Colouring::seen`].
#[inline(always)]
fn slot(v: usize, j: usize) -> usize {
    (v * COLOURS + j) & (VERTICES * COLOURS - 1)
}

/// A unit as an index into the tables.
#[inline(always)]
fn unit(u: u8) -> usize {
    usize::from(u) & (UNITS - 1)
}

/// Room for the colours of a vertex in [`Colouring::seen`]: above the 25 of 25x25.
const COLOURS: usize = 32;

/// The key of a vertex counts its saturation degree in units of this bit, above its
/// degree in the subgraph induced by the uncoloured vertices (at most 64, below it).
const SATURATION: u16 = 1 << 7;

/// Whether the search goes on after a subtree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flow {
    /// The subtree is done: try the next colour.
    Continue,
    /// The solution limit is reached or the budget spent: unwind.
    Stop,
}

/// The backtracking DSatur search of `puzzle` under `limits`, telling `observer` every
/// step: the outcome of [`Dsatur`](crate::Dsatur).
pub(crate) fn solve<O: Observer + ?Sized>(
    puzzle: &Grid,
    limits: &Limits,
    observer: &mut O,
) -> Outcome {
    let Some(mut colouring) = Colouring::new(puzzle, limits) else {
        // The precolouring has a clash: no solution, decided at the root (1 node).
        return Outcome::rejected_at_root();
    };
    colouring.dsatur(0, observer);
    colouring.tally.outcome()
}

/// The sudoku graph of one size as the fast path reads it, built once per size.
struct Graph {
    size: Size,
    /// The three units (row, column, box) of each vertex.
    units: Box<[[u8; 3]; VERTICES]>,
    /// The neighbours of each vertex.
    neighbours: Vec<Vec<u16>>,
}

impl Graph {
    /// The graph of `size`.
    fn of(size: Size) -> &'static Graph {
        static GRAPHS: [OnceLock<Graph>; 4] = [const { OnceLock::new() }; 4];
        GRAPHS[size.box_size() - 2].get_or_init(|| {
            let geometry = Geometry::of(size);
            let mut units = Box::new([[0u8; 3]; VERTICES]);
            for (v, units) in units.iter_mut().take(size.cells()).enumerate() {
                *units = geometry.units_of(v).map(|u| u as u8);
            }
            let neighbours = (0..size.cells())
                .map(|v| geometry.peers(v).to_vec())
                .collect();
            Graph {
                size,
                units,
                neighbours,
            }
        })
    }
}

/// A partial colouring of the sudoku graph, kept as masks and counts.
struct Colouring {
    /// The graph.
    graph: &'static Graph,
    /// The colours of each unit's vertices, one bit per colour. A unit is a clique, and
    /// the neighbours of `v` are the other vertices of its three units, so the colours
    /// around `v` are the union of its units' masks.
    used: [u32; UNITS],
    /// `c(v)`, 0 for an uncoloured vertex.
    colour: [u8; VERTICES],
    /// For each vertex `v` and colour `j`, at `COLOURS · v + j − 1`: how many neighbours
    /// of `v` have colour `j`.
    seen: Box<[u8; VERTICES * COLOURS]>,
    /// For each vertex, `sat(v) · 128 + d_X(v)`: its saturation degree (the colours
    /// whose count in `seen` is not 0) and its degree in the subgraph induced by the
    /// uncoloured vertices, kept up to date as its neighbours are coloured and
    /// uncoloured.
    key: [u16; VERTICES],
    /// `X`: the uncoloured vertices, unordered; the first `left` entries are in `X`.
    uncoloured: [u16; VERTICES],
    /// The position of each vertex in `uncoloured`.
    position: [u16; VERTICES],
    /// How many vertices are uncoloured.
    left: usize,
    /// Every colour: the mask of `1..=N`.
    all: u32,
    /// The counters, the node budget and the solutions.
    tally: Tally,
}

impl Colouring {
    /// The precoloured graph of `puzzle`, or `None` when two givens clash (a given's
    /// colour already in one of its units).
    fn new(puzzle: &Grid, limits: &Limits) -> Option<Box<Colouring>> {
        let size = puzzle.size();
        let mut colouring = Box::new(Colouring {
            graph: Graph::of(size),
            used: [0; UNITS],
            colour: [0; VERTICES],
            seen: Box::new([0; VERTICES * COLOURS]),
            key: [0; VERTICES],
            uncoloured: [0; VERTICES],
            position: [0; VERTICES],
            left: 0,
            all: size.all_digits(),
            tally: Tally::new(limits),
        });
        let c = &mut *colouring;
        for (v, &d) in puzzle.cells().iter().enumerate() {
            c.colour[at(v)] = d;
            if d == 0 {
                c.position[at(v)] = c.left as u16;
                c.uncoloured[at(c.left)] = v as u16;
                c.left += 1;
                continue;
            }
            let bit = 1u32 << (d - 1);
            for u in c.graph.units[at(v)] {
                if c.used[unit(u)] & bit != 0 {
                    return None;
                }
                c.used[unit(u)] |= bit;
            }
        }
        for v in 0..size.cells() {
            for &u in &c.graph.neighbours[v] {
                let j = c.colour[at(u.into())];
                if j == 0 {
                    c.key[at(v)] += 1;
                    continue;
                }
                let seen = &mut c.seen[slot(v, usize::from(j) - 1)];
                if *seen == 0 {
                    c.key[at(v)] += SATURATION;
                }
                *seen += 1;
            }
        }
        Some(colouring)
    }

    /// The colours around `v`: the union of its units' masks (`v`'s own colour among
    /// them, when it has one).
    #[inline(always)]
    fn around(&self, v: usize) -> u32 {
        let [r, c, b] = self.graph.units[at(v)];
        self.used[unit(r)] | self.used[unit(c)] | self.used[unit(b)]
    }

    /// The uncoloured vertex of largest saturation degree, ties to the most uncoloured
    /// neighbours, then to the lowest vertex: one pass over `X`, the key and the
    /// vertex's complement packed in one integer.
    #[inline]
    fn choose_vertex(&self) -> usize {
        let mut best = 0u32;
        for &v in &self.uncoloured[..self.left.min(VERTICES)] {
            let key = u32::from(self.key[at(v.into())]) << 12 | (0xFFF - u32::from(v));
            best = best.max(key);
        }
        0xFFF - (best & 0xFFF) as usize
    }

    /// Gives `v` the colour `j` (its `bit`): `v` leaves the uncoloured subgraph, and each
    /// neighbour counts one more neighbour of colour `j` (one more colour, when it had
    /// none of it).
    #[inline]
    fn colour_with(&mut self, v: usize, j: usize, bit: u32) {
        for &u in &self.graph.neighbours[v] {
            let u = usize::from(u);
            let seen = &mut self.seen[slot(u, j)];
            let new_colour = u16::from(*seen == 0);
            *seen += 1;
            self.key[at(u)] = self.key[at(u)] + new_colour * SATURATION - 1;
        }
        self.toggle(v, bit);
    }

    /// Takes the colour `j` (its `bit`) back from `v`, undoing [`Colouring::colour_with`].
    #[inline]
    fn uncolour(&mut self, v: usize, j: usize, bit: u32) {
        self.toggle(v, bit);
        for &u in &self.graph.neighbours[v] {
            let u = usize::from(u);
            let seen = &mut self.seen[slot(u, j)];
            *seen -= 1;
            let lost_colour = u16::from(*seen == 0);
            self.key[at(u)] = self.key[at(u)] + 1 - lost_colour * SATURATION;
        }
    }

    /// Takes `v` out of the list of `X` (swapped with the last vertex of it).
    fn leave_x(&mut self, v: usize) {
        let from = usize::from(self.position[at(v)]);
        self.left -= 1;
        let last = self.uncoloured[at(self.left)];
        self.uncoloured[at(from)] = last;
        self.uncoloured[at(self.left)] = v as u16;
        self.position[at(last.into())] = from as u16;
        self.position[at(v)] = self.left as u16;
    }

    /// Puts `v` back into the list of `X`, undoing [`Colouring::leave_x`] (the last
    /// vertex to leave: it still stands just past the end of the list).
    fn enter_x(&mut self, v: usize) {
        debug_assert_eq!(usize::from(self.position[at(v)]), self.left);
        self.left += 1;
    }

    /// Puts colour `bit` in `v`'s units, or takes it out: the same toggle.
    #[inline(always)]
    fn toggle(&mut self, v: usize, bit: u32) {
        for u in self.graph.units[at(v)] {
            self.used[unit(u)] ^= bit;
        }
    }

    /// The grid of the colouring.
    #[cold]
    fn grid(&self) -> Grid {
        let size = self.graph.size;
        Grid::from_values(size, &self.colour[..size.cells()])
    }

    /// One node of backtracking DSatur, with `depth` tries standing.
    fn dsatur<O: Observer + ?Sized>(&mut self, depth: u16, observer: &mut O) -> Flow {
        if self.left == 0 {
            if observer.active() {
                observer.event(Event::Solution { depth });
            }
            let grid = self.grid();
            return match self.tally.solution(|| grid) {
                true => Flow::Stop,
                false => Flow::Continue,
            };
        }
        let v = self.choose_vertex();
        let cell = v as u16;
        let mut suitable = self.all & !self.around(v);
        if suitable == 0 {
            if observer.active() {
                observer.event(Event::Contradiction {
                    depth,
                    reason: Contradiction::EmptyCell { cell },
                });
            }
            return Flow::Continue;
        }
        self.leave_x(v);
        let tried = depth + 1;
        while suitable != 0 {
            let bit = suitable & suitable.wrapping_neg();
            suitable ^= bit;
            if !self.tally.try_one() {
                return Flow::Stop;
            }
            let digit = bit.trailing_zeros() as u8 + 1;
            self.colour_with(v, usize::from(digit) - 1, bit);
            self.colour[at(v)] = digit;
            if observer.active() {
                observer.event(Event::Try {
                    depth: tried,
                    cell,
                    digit,
                });
            }
            if self.dsatur(tried, observer) == Flow::Stop {
                return Flow::Stop;
            }
            self.uncolour(v, usize::from(digit) - 1, bit);
            self.colour[at(v)] = 0;
            self.tally.backtrack();
            if observer.active() {
                observer.event(Event::Backtrack {
                    depth: tried,
                    cell,
                    digit,
                });
            }
        }
        self.enter_x(v);
        Flow::Continue
    }
}
