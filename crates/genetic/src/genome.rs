//! The chromosome, its fitness and the two operators: crossover of whole boxes, and
//! mutation by a swap inside a box that the help array allows.

use rand::RngExt;
use sudoku_boxperm::{missing_values, Generator, Layout};
use sudoku_core::{Geometry, Grid, Size};

use crate::MUTATION_RATE;

/// One individual: a grid whose boxes each hold a permutation of `1..=N` around the
/// givens, and its cost (the digits missing from its rows and columns: 0 is a solution).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Individual {
    /// The cells, givens included, in reading order.
    pub(crate) cells: Vec<u8>,
    /// The digits missing from the rows and the columns, summed.
    pub(crate) cost: u32,
}

/// What the operators need to know of a puzzle: where its boxes may change, and the
/// help array (the givens of each row and column).
#[derive(Debug, Clone)]
pub(crate) struct Genome {
    size: Size,
    /// The non-fixed cells of each box with two or more (the boxes a crossover or a
    /// mutation can change), in box order.
    boxes: Vec<Vec<u16>>,
    /// The swaps of each of those boxes: every pair of its non-fixed cells.
    pairs: Vec<Vec<(u16, u16)>>,
    /// For each cell, the givens of its row and of its column (bit `d - 1` for `d`).
    givens_seen: Vec<u32>,
}

impl Genome {
    /// The genome of `puzzle`, whose layout is `layout`.
    pub(crate) fn of(puzzle: &Grid, layout: &Layout) -> Genome {
        let size = puzzle.size();
        let geometry = Geometry::of(size);
        let boxes = layout
            .free()
            .iter()
            .filter(|f| f.len() >= 2)
            .cloned()
            .collect();
        let line_givens = |line: usize| -> u32 {
            geometry
                .unit(line)
                .iter()
                .fold(0, |bits, &c| match puzzle.get(usize::from(c)) {
                    0 => bits,
                    d => bits | 1 << (d - 1),
                })
        };
        let n = size.side();
        let givens_seen = (0..size.cells())
            .map(|c| line_givens(geometry.row_of(c)) | line_givens(n + geometry.col_of(c)))
            .collect();
        Genome {
            size,
            boxes,
            pairs: layout.pairs().to_vec(),
            givens_seen,
        }
    }

    /// Whether any box can change: some box has two non-fixed cells.
    pub(crate) fn can_change(&self) -> bool {
        !self.boxes.is_empty()
    }

    /// An individual of the initial population: each box a random permutation of the
    /// values it misses.
    pub(crate) fn random(&self, puzzle: &Grid, layout: &Layout, rng: &mut Generator) -> Individual {
        self.evaluated(layout.fill(puzzle, rng))
    }

    /// The individual of `cells`, its cost counted.
    pub(crate) fn evaluated(&self, cells: Vec<u8>) -> Individual {
        let cost = missing_values(self.size, &cells);
        Individual { cells, cost }
    }

    /// A child of `mother` and `father` in `child` (whose cells are overwritten):
    /// crossover of whole boxes, each box taken from one parent or the other with
    /// even chances, then mutation, then its cost counted.
    pub(crate) fn breed(
        &self,
        mother: &Individual,
        father: &Individual,
        child: &mut Individual,
        rng: &mut Generator,
    ) {
        child.cells.copy_from_slice(&mother.cells);
        for cells in &self.boxes {
            if rng.random_bool(0.5) {
                for &c in cells {
                    let c = usize::from(c);
                    child.cells[c] = father.cells[c];
                }
            }
        }
        self.mutate(&mut child.cells, rng);
        child.cost = missing_values(self.size, &child.cells);
    }

    /// Mutation: each box, with probability [`MUTATION_RATE`], swaps two of its
    /// non-fixed cells drawn at random, unless the help array forbids it.
    fn mutate(&self, cells: &mut [u8], rng: &mut Generator) {
        for pairs in &self.pairs {
            if rng.random_bool(MUTATION_RATE) {
                let (a, b) = pairs[rng.random_range(0..pairs.len())];
                let (a, b) = (usize::from(a), usize::from(b));
                if self.allows(cells, a, b) {
                    cells.swap(a, b);
                }
            }
        }
    }

    /// The help array's test: a swap of `a` and `b` is allowed unless it moves a digit
    /// into a row or column where that digit is a given (where no solution has it).
    fn allows(&self, cells: &[u8], a: usize, b: usize) -> bool {
        let bit = |d: u8| 1u32 << (d - 1);
        self.givens_seen[b] & bit(cells[a]) == 0 && self.givens_seen[a] & bit(cells[b]) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle() -> Grid {
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
            .parse()
            .unwrap()
    }

    #[test]
    fn a_child_keeps_the_givens_and_every_box_a_permutation() {
        let puzzle = puzzle();
        let layout = Layout::of(&puzzle);
        let genome = Genome::of(&puzzle, &layout);
        let mut rng = sudoku_boxperm::generator(1, &puzzle);
        let mother = genome.random(&puzzle, &layout, &mut rng);
        let father = genome.random(&puzzle, &layout, &mut rng);
        let mut child = mother.clone();
        let geometry = Geometry::of(puzzle.size());
        for _ in 0..200 {
            genome.breed(&mother, &father, &mut child, &mut rng);
            assert_eq!(child.cost, missing_values(puzzle.size(), &child.cells));
            for (c, &d) in puzzle.cells().iter().enumerate() {
                assert!(
                    d == 0 || child.cells[c] == d,
                    "given r{}c{}",
                    c / 9 + 1,
                    c % 9 + 1
                );
            }
            for b in 0..9 {
                let mut digits: Vec<u8> = geometry
                    .unit(18 + b)
                    .iter()
                    .map(|&c| child.cells[usize::from(c)])
                    .collect();
                digits.sort();
                assert_eq!(digits, (1..=9).collect::<Vec<u8>>());
            }
            // Each box comes whole from one parent (up to a mutation's swap).
            for cells in &genome.boxes {
                let differs = |p: &Individual| {
                    cells
                        .iter()
                        .filter(|&&c| child.cells[usize::from(c)] != p.cells[usize::from(c)])
                        .count()
                };
                assert!(differs(&mother) <= 2 || differs(&father) <= 2);
            }
        }
    }

    #[test]
    fn the_help_array_forbids_moving_a_digit_next_to_its_given() {
        let puzzle = puzzle();
        let layout = Layout::of(&puzzle);
        let genome = Genome::of(&puzzle, &layout);
        // Row 1 has the givens 3, 2 and 6; cells 0 and 1 are free, in box 1.
        let mut cells = puzzle.cells().to_vec();
        cells[0] = 4;
        cells[9 + 1] = 2; // r2c2, free, in box 1 with r1c1
        assert!(
            !genome.allows(&cells, 0, 10),
            "2 into row 1, which has a given 2"
        );
        cells[9 + 1] = 7;
        // 7 into row 1 and column 1: row 1 has no 7, column 1 has the given 7 (r5c1).
        assert!(!genome.allows(&cells, 0, 10));
        cells[9 + 1] = 5;
        assert!(genome.allows(&cells, 0, 10));
    }
}
