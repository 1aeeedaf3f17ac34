//! The filled grid the search moves about, and its cost: the values missing from the
//! rows and columns.
//!
//! Two boards keep the same cost: [`Recount`] counts it again after every move, the way
//! the paper defines it (the essays), and [`Counts`] keeps how often each value occurs
//! in each row and column, so that a swap is priced in constant time (the fast paths).
//! A strategy drives either through the [`Board`] trait, and the two are tested equal.

use sudoku_core::{DigitSet, Geometry, Size};

/// The most a swap can raise (or lower) the cost: it changes two rows and two columns,
/// each by at most one missing value.
pub const MAX_RISE: usize = 4;

/// A grid whose squares each hold a permutation of `1..=N`, and its cost.
pub trait Board {
    /// The cells, in reading order.
    fn cells(&self) -> &[u8];

    /// The cost of the grid: for each row and each column, how many of the values
    /// `1..=N` it misses, summed. Zero exactly when the grid is a solution.
    fn cost(&self) -> u32;

    /// The cost the grid would have with the values of cells `a` and `b` swapped: the
    /// move evaluated, not made.
    fn cost_after(&mut self, a: usize, b: usize) -> u32;

    /// Makes the move: swaps the values of `a` and `b`, whose cost [`Board::cost_after`]
    /// gave as `cost`.
    fn swap(&mut self, a: usize, b: usize, cost: u32);
}

/// The cost of `cells` as the paper defines it: the values each row and each column
/// misses, summed.
pub fn missing_values(size: Size, cells: &[u8]) -> u32 {
    let n = size.side();
    let lines = &Geometry::of(size).units()[..2 * n];
    lines
        .iter()
        .map(|line| {
            let present: DigitSet = line.iter().map(|&c| cells[usize::from(c)]).collect();
            (n - present.len()) as u32
        })
        .sum()
}

/// The essay: the cost counted again, line by line, after each swap.
#[derive(Debug, Clone)]
pub struct Recount {
    size: Size,
    cells: Vec<u8>,
    cost: u32,
}

impl Recount {
    /// The board of a filled grid.
    pub fn new(size: Size, cells: Vec<u8>) -> Recount {
        let cost = missing_values(size, &cells);
        Recount { size, cells, cost }
    }
}

impl Board for Recount {
    fn cells(&self) -> &[u8] {
        &self.cells
    }

    fn cost(&self) -> u32 {
        self.cost
    }

    fn cost_after(&mut self, a: usize, b: usize) -> u32 {
        self.cells.swap(a, b);
        let cost = missing_values(self.size, &self.cells);
        self.cells.swap(a, b);
        cost
    }

    fn swap(&mut self, a: usize, b: usize, cost: u32) {
        self.cells.swap(a, b);
        self.cost = cost;
    }
}

/// The fast path: how many times each value occurs in each row and each column.
///
/// A swap within a square moves value `x` out of the row (and column) of `a` and into
/// that of `b`, and `y` the other way. A line that loses the last copy of a value
/// misses one more; a line that gains a value it had not misses one fewer. When `a`
/// and `b` share the row (or column), that line keeps its values and its cost.
#[derive(Debug, Clone)]
pub struct Counts {
    /// `N + 1` counts per line (index 0 unused): the rows, then the columns.
    counts: Vec<u8>,
    /// For each cell, where the counts of its row and of its column start.
    lines: Vec<[u32; 2]>,
    cells: Vec<u8>,
    cost: u32,
}

impl Counts {
    /// The board of a filled grid.
    pub fn new(size: Size, cells: Vec<u8>) -> Counts {
        let geometry = Geometry::of(size);
        let n = size.side();
        let stride = n + 1;
        let lines: Vec<[u32; 2]> = (0..size.cells())
            .map(|cell| {
                let row = geometry.row_of(cell) * stride;
                let column = (n + geometry.col_of(cell)) * stride;
                [row as u32, column as u32]
            })
            .collect();
        let mut counts = vec![0u8; 2 * n * stride];
        for (line, &d) in lines.iter().zip(&cells) {
            for start in line {
                counts[*start as usize + usize::from(d)] += 1;
            }
        }
        let missing = counts.chunks(stride).map(|line| {
            let present = line[1..].iter().filter(|&&k| k > 0).count();
            (n - present) as u32
        });
        let cost = missing.sum();
        Counts {
            counts,
            lines,
            cells,
            cost,
        }
    }

    /// How the cost of the line starting at `line` changes when `out` leaves it and
    /// `into` enters it.
    #[inline]
    fn change(&self, line: u32, out: u8, into: u8) -> i32 {
        let line = line as usize;
        i32::from(self.counts[line + usize::from(out)] == 1)
            - i32::from(self.counts[line + usize::from(into)] == 0)
    }

    /// Moves one `out` from the line starting at `line` and puts one `into` in it.
    #[inline]
    fn exchange(&mut self, line: u32, out: u8, into: u8) {
        let line = line as usize;
        self.counts[line + usize::from(out)] -= 1;
        self.counts[line + usize::from(into)] += 1;
    }
}

impl Board for Counts {
    fn cells(&self) -> &[u8] {
        &self.cells
    }

    fn cost(&self) -> u32 {
        self.cost
    }

    #[inline]
    fn cost_after(&mut self, a: usize, b: usize) -> u32 {
        let (x, y) = (self.cells[a], self.cells[b]);
        let mut delta = 0;
        for (la, lb) in self.lines[a].into_iter().zip(self.lines[b]) {
            if la != lb {
                delta += self.change(la, x, y) + self.change(lb, y, x);
            }
        }
        self.cost.wrapping_add_signed(delta)
    }

    #[inline]
    fn swap(&mut self, a: usize, b: usize, cost: u32) {
        let (x, y) = (self.cells[a], self.cells[b]);
        for (la, lb) in self.lines[a].into_iter().zip(self.lines[b]) {
            if la != lb {
                self.exchange(la, x, y);
                self.exchange(lb, y, x);
            }
        }
        self.cells.swap(a, b);
        self.cost = cost;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;
    use crate::seed::Generator;
    use rand::SeedableRng;
    use sudoku_core::Grid;

    /// After every swap, in every size, the counted cost is the cost counted again.
    #[test]
    fn counts_price_every_swap_as_a_recount_does() {
        let puzzles = [
            "1...........4...".to_string(),
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .to_string(),
            ".".repeat(256),
            ".".repeat(625),
        ];
        let mut rng = Generator::seed_from_u64(7);
        for text in puzzles {
            let puzzle: Grid = text.parse().unwrap();
            let layout = Layout::of(&puzzle);
            let cells = layout.fill(&puzzle, &mut rng);
            let mut fast = Counts::new(puzzle.size(), cells.clone());
            let mut essay = Recount::new(puzzle.size(), cells);
            assert_eq!(fast.cost(), essay.cost());
            for step in 0..2000 {
                let (a, b) = layout.random_move(&mut rng);
                let cost = essay.cost_after(a, b);
                assert_eq!(fast.cost_after(a, b), cost, "{} step {step}", puzzle.size());
                assert!(cost.abs_diff(essay.cost()) as usize <= MAX_RISE);
                if step % 3 != 0 {
                    fast.swap(a, b, cost);
                    essay.swap(a, b, cost);
                }
                assert_eq!(fast.cells(), essay.cells());
            }
        }
    }

    #[test]
    fn a_solution_costs_nothing_and_a_swap_in_it_costs_four() {
        let solution: Grid =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .parse()
                .unwrap();
        let mut board = Counts::new(solution.size(), solution.cells().to_vec());
        assert_eq!(board.cost(), 0);
        // Cells 0 and 10 (5 and 7) share a square, not a row or a column.
        assert_eq!(board.cost_after(0, 10), 4);
        // Cells 0 and 1 share a row: only the two columns lose a value each.
        assert_eq!(board.cost_after(0, 1), 2);
    }
}
