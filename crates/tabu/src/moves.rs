//! The neighbourhood of a grid, every move numbered, and the tabu list over it.

use rand::RngExt;
use sudoku_boxperm::{Generator, Layout};

/// Every move of the box-permutation space, numbered: the pairs of non-fixed cells of
/// each box with two or more, box after box.
#[derive(Debug, Clone)]
pub(crate) struct Neighbourhood {
    /// The two cells of each move.
    pairs: Vec<(u16, u16)>,
    /// For each box with a move, where its moves start in `pairs` (and, last, the end).
    starts: Vec<u32>,
}

impl Neighbourhood {
    /// The moves of `layout`.
    pub(crate) fn of(layout: &Layout) -> Neighbourhood {
        let mut pairs = Vec::new();
        let mut starts = vec![0];
        for square in layout.pairs() {
            pairs.extend_from_slice(square);
            starts.push(pairs.len() as u32);
        }
        Neighbourhood { pairs, starts }
    }

    /// How many moves there are.
    pub(crate) fn len(&self) -> usize {
        self.pairs.len()
    }

    /// The two cells of move `m`.
    #[inline]
    pub(crate) fn cells(&self, m: usize) -> (usize, usize) {
        let (a, b) = self.pairs[m];
        (usize::from(a), usize::from(b))
    }

    /// A move at random, as annealing draws one: a box among those with a move, then a
    /// pair of its non-fixed cells. Must only be called when there is a move.
    pub(crate) fn random(&self, rng: &mut Generator) -> usize {
        let square = rng.random_range(0..self.starts.len() - 1);
        let (start, end) = (self.starts[square], self.starts[square + 1]);
        rng.random_range(start..end) as usize
    }
}

/// The tabu list: for each move, the step until which it is tabu. A move made at step
/// `s` may not be made again (which would swap its cells back) before step
/// `s + tenure + 1`.
#[derive(Debug, Clone)]
pub(crate) struct TabuList {
    until: Vec<u64>,
    tenure: u64,
}

impl TabuList {
    /// No move tabu yet, over `moves` moves. The tenure is at most half the number of
    /// moves: one move is made tabu per step, so at most half the moves are tabu at
    /// once and the walk keeps a choice (a tenure of `moves - 1` would leave it one
    /// move, and a cycle through all of them).
    pub(crate) fn new(moves: usize, tenure: u64) -> TabuList {
        TabuList {
            until: vec![0; moves],
            tenure: tenure.min(moves as u64 / 2),
        }
    }

    /// The tenure in force: [`crate::TENURE`], or less on a grid with few moves.
    #[cfg(test)]
    pub(crate) fn tenure(&self) -> u64 {
        self.tenure
    }

    /// Whether move `m` is tabu at step `step`.
    #[inline]
    pub(crate) fn is_tabu(&self, m: usize, step: u64) -> bool {
        step <= self.until[m]
    }

    /// Move `m` is made at step `step`: tabu for the next `tenure` steps.
    pub(crate) fn made(&mut self, m: usize, step: u64) {
        self.until[m] = step + self.tenure;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Grid;

    #[test]
    fn the_moves_are_the_pairs_of_each_box() {
        // 4x4: box 0 has two non-fixed cells (one move), box 1 three (three moves),
        // boxes 2 and 3 one each (none).
        let puzzle: Grid = ".2...4.2.143432.".parse().unwrap();
        let moves = Neighbourhood::of(&Layout::of(&puzzle));
        assert_eq!(moves.len(), 4);
        let all: Vec<_> = (0..4).map(|m| moves.cells(m)).collect();
        assert_eq!(all, [(0, 4), (2, 3), (2, 6), (3, 6)]);
        let mut rng = sudoku_boxperm::generator(1, &puzzle);
        let drawn: Vec<usize> = (0..200).map(|_| moves.random(&mut rng)).collect();
        // Box 0's one move is drawn half the time, each of box 1's a sixth.
        let zeros = drawn.iter().filter(|&&m| m == 0).count();
        assert!((70..130).contains(&zeros), "{zeros}");
        assert!(drawn.iter().all(|&m| m < 4));
    }

    #[test]
    fn a_move_is_tabu_for_its_tenure_and_at_most_half_the_moves_are() {
        let mut list = TabuList::new(10, 3);
        list.made(4, 1);
        assert!((1..=4).all(|s| list.is_tabu(4, s)));
        assert!(!list.is_tabu(4, 5));
        assert!(!list.is_tabu(3, 1));
        assert_eq!(TabuList::new(6, 7).tenure(), 3);
        assert_eq!(TabuList::new(2, 3).tenure(), 1);
        assert_eq!(TabuList::new(1, 3).tenure(), 0);
    }
}
