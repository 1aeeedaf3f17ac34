//! Lewis's representation: every square filled with a permutation of the values it
//! misses, and the neighbourhood move that keeps it so.

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use sudoku_core::{DigitSet, Geometry, Grid};

/// Where the puzzle lets the search move: the non-fixed cells of each square.
#[derive(Debug, Clone)]
pub struct Layout {
    /// The non-fixed cells of each square (box), in reading order.
    free: Vec<Vec<u16>>,
    /// For each square with two non-fixed cells or more (the only ones a swap can
    /// use), every pair of its non-fixed cells: a move is one of them.
    pairs: Vec<Vec<(u16, u16)>>,
    /// How many non-fixed cells the grid has.
    free_count: u64,
}

impl Layout {
    /// The layout of `puzzle`.
    pub fn of(puzzle: &Grid) -> Layout {
        let size = puzzle.size();
        let geometry = Geometry::of(size);
        let free: Vec<Vec<u16>> = (0..size.side())
            .map(|b| {
                let unit = geometry.unit(2 * size.side() + b);
                unit.iter()
                    .copied()
                    .filter(|&c| puzzle.get(usize::from(c)) == 0)
                    .collect()
            })
            .collect();
        let pairs = free
            .iter()
            .filter(|f| f.len() >= 2)
            .map(|f| {
                let pairs = f
                    .iter()
                    .enumerate()
                    .flat_map(|(i, &a)| f[i + 1..].iter().map(move |&b| (a, b)));
                pairs.collect()
            })
            .collect();
        let free_count = free.iter().map(|f| f.len() as u64).sum();
        Layout {
            free,
            pairs,
            free_count,
        }
    }

    /// The number of non-fixed cells.
    pub fn free_count(&self) -> u64 {
        self.free_count
    }

    /// The non-fixed cells of each box (every box, in box order), each in reading order.
    pub fn free(&self) -> &[Vec<u16>] {
        &self.free
    }

    /// Every move there is, box by box: for each box with two non-fixed cells or more
    /// (in box order), every pair of its non-fixed cells, the first one the earlier in
    /// reading order.
    pub fn pairs(&self) -> &[Vec<(u16, u16)>] {
        &self.pairs
    }

    /// Whether any move is possible: some square has two non-fixed cells. If none has,
    /// the fill is forced (each square misses at most one value).
    pub fn can_move(&self) -> bool {
        !self.pairs.is_empty()
    }

    /// The initial solution: the givens, and each square's non-fixed cells filled with
    /// a random permutation of the values the square misses (a shuffle of them in
    /// ascending order, square by square).
    pub fn fill<R: Rng + ?Sized>(&self, puzzle: &Grid, rng: &mut R) -> Vec<u8> {
        let size = puzzle.size();
        let geometry = Geometry::of(size);
        let mut cells = puzzle.cells().to_vec();
        for (b, free) in self.free.iter().enumerate() {
            let unit = geometry.unit(2 * size.side() + b);
            // The square's givens (an empty cell is no digit).
            let present: DigitSet = unit
                .iter()
                .map(|&c| puzzle.get(usize::from(c)))
                .filter(|&d| d != 0)
                .collect();
            let mut missing: Vec<u8> = DigitSet::full(size.side())
                .difference(present)
                .iter()
                .collect();
            missing.shuffle(rng);
            for (&cell, digit) in free.iter().zip(missing) {
                cells[usize::from(cell)] = digit;
            }
        }
        cells
    }

    /// A neighbourhood move: a square chosen at random among those with two non-fixed
    /// cells or more, then two different non-fixed cells of it, chosen at random (a
    /// pair of them, all pairs equally likely).
    ///
    /// Must only be called when [`Layout::can_move`].
    #[inline]
    pub fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> (usize, usize) {
        let square = &self.pairs[rng.random_range(0..self.pairs.len())];
        let (a, b) = square[rng.random_range(0..square.len())];
        (usize::from(a), usize::from(b))
    }
}
