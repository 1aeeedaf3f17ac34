//! Bartlett, Chartier, Langville and Rankin's binary integer linear program (BILP) of a
//! puzzle, written once for every grid size, for any MIP solver to load.
//!
//! One binary variable `x(i,j,k)` per cell `(i,j)` and digit `k`: 1 when the cell holds
//! the digit. The objective is `min 0ᵀx` (a feasibility problem: any point that meets the
//! constraints is a solution), and the constraints are, in the paper's order:
//!
//! 1. `Σ_i x(i,j,k) = 1` for every column `j` and digit `k`: only one `k` in each column;
//! 2. `Σ_j x(i,j,k) = 1` for every row `i` and digit `k`: only one `k` in each row;
//! 3. `Σ x(i,j,k) = 1` over the cells of each box, for every digit `k`: only one `k` in
//!    each box ("submatrix");
//! 4. `Σ_k x(i,j,k) = 1` for every cell: every position filled;
//! 5. `x(i,j,k) = 1` for every given `k` at `(i,j)`;
//! 6. `x(i,j,k) ∈ {0,1}`.
//!
//! At 9x9, 729 variables and `4 × 81 = 324` equality rows, each with 9 ones. The givens
//! (5) are bounds, not rows: their variable's lower bound is 1, which is the same
//! constraint and how a solver takes a fixed variable anyway.

use std::sync::OnceLock;

use sudoku_core::{Geometry, Grid, Size};

/// The variable `x(cell, digit)`: `cell · N + digit − 1` (cells in reading order,
/// digits from 1).
pub fn variable(size: Size, cell: usize, digit: u8) -> usize {
    cell * size.side() + usize::from(digit) - 1
}

/// The cell and digit of a variable (the inverse of [`variable`]).
pub fn cell_and_digit(size: Size, var: usize) -> (usize, u8) {
    (var / size.side(), (var % size.side()) as u8 + 1)
}

/// The equality rows of the model for one grid size: each a list of variables whose sum
/// is 1 (constraints 1 to 4), the same for every puzzle of that size.
#[derive(Debug)]
pub struct Rows {
    size: Size,
    rows: Vec<Vec<u32>>,
}

impl Rows {
    /// The rows of `size`, built on first use and shared afterwards.
    pub fn of(size: Size) -> &'static Rows {
        static ROWS: [OnceLock<Rows>; 4] = [const { OnceLock::new() }; 4];
        ROWS[size.box_size() - 2].get_or_init(|| Rows::build(size))
    }

    fn build(size: Size) -> Rows {
        let n = size.side();
        let units = Geometry::of(size).units();
        // Units are rows `0..N`, columns `N..2N`, boxes `2N..3N`: columns, rows, boxes
        // in the paper's order, then the cells.
        let (rows, columns, boxes) = (&units[..n], &units[n..2 * n], &units[2 * n..]);
        let mut out = Vec::with_capacity(4 * n * n);
        for unit in columns.iter().chain(rows).chain(boxes) {
            for digit in 1..=n as u8 {
                out.push(
                    unit.iter()
                        .map(|&c| variable(size, usize::from(c), digit) as u32)
                        .collect(),
                );
            }
        }
        for cell in 0..size.cells() {
            out.push(
                (1..=n as u8)
                    .map(|d| variable(size, cell, d) as u32)
                    .collect(),
            );
        }
        Rows { size, rows: out }
    }

    /// The grid size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// Every row: the variables whose sum is 1.
    pub fn rows(&self) -> &[Vec<u32>] {
        &self.rows
    }

    /// How many variables: `N³`.
    pub fn variables(&self) -> usize {
        self.size.cells() * self.size.side()
    }
}

/// A no-good cut, `Σ x ≤ k − 1` over the `k` variables a solution sets to 1 in the
/// puzzle's empty cells: every point but that solution meets it, so the model with it
/// has the puzzle's other solutions only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoGood {
    /// The variables of the placements the solution makes.
    pub variables: Vec<u32>,
}

impl NoGood {
    /// The cut that excludes `solution` of `puzzle`.
    pub fn excluding(puzzle: &Grid, solution: &Grid) -> NoGood {
        let size = puzzle.size();
        let variables = (0..size.cells())
            .filter(|&c| puzzle.get(c) == 0)
            .map(|c| variable(size, c, solution.get(c)) as u32)
            .collect();
        NoGood { variables }
    }

    /// Its right-hand side, `k − 1`.
    pub fn bound(&self) -> f64 {
        self.variables.len() as f64 - 1.0
    }
}

/// The model of one puzzle: the rows of its size, its givens (the variables fixed at 1)
/// and the no-good cuts added so far.
#[derive(Debug, Clone)]
pub struct Model<'a> {
    /// The puzzle.
    pub puzzle: &'a Grid,
    /// Constraints 1 to 4.
    pub rows: &'static Rows,
    /// Constraint 5: each given's variable.
    pub givens: Vec<u32>,
    /// The solutions excluded so far (the solution limit's second solve).
    pub cuts: &'a [NoGood],
}

impl<'a> Model<'a> {
    /// The model of `puzzle`, with `cuts`.
    pub fn of(puzzle: &'a Grid, cuts: &'a [NoGood]) -> Model<'a> {
        let size = puzzle.size();
        let givens = (0..size.cells())
            .filter(|&c| puzzle.get(c) != 0)
            .map(|c| variable(size, c, puzzle.get(c)) as u32)
            .collect();
        Model {
            puzzle,
            rows: Rows::of(size),
            givens,
            cuts,
        }
    }

    /// Whether each variable is fixed at 1 by a given, by variable.
    pub fn fixed(&self) -> Vec<bool> {
        let mut fixed = vec![false; self.rows.variables()];
        for &v in &self.givens {
            fixed[v as usize] = true;
        }
        fixed
    }

    /// The solution a solver's point describes, with each value rounded to 0 or 1:
    /// `None` unless every cell has exactly one digit at 1 and the grid solves the
    /// puzzle (a solver's point is checked, not trusted).
    pub fn solution_of(&self, values: &[f64]) -> Option<Grid> {
        let size = self.rows.size();
        let n = size.side();
        let mut cells = vec![0u8; size.cells()];
        for (cell, digits) in values.chunks_exact(n).enumerate() {
            let mut on = digits.iter().enumerate().filter(|(_, &x)| x > 0.5);
            let (d, _) = on.next()?;
            if on.next().is_some() {
                return None;
            }
            cells[cell] = d as u8 + 1;
        }
        let grid = Grid::from_values(size, &cells);
        grid.is_solution_of(self.puzzle).then_some(grid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nine_by_nine_model_has_729_variables_and_324_rows_of_nine() {
        let rows = Rows::of(Size::NINE);
        assert_eq!(rows.variables(), 729);
        assert_eq!(rows.rows().len(), 324);
        assert!(rows.rows().iter().all(|r| r.len() == 9));
        // Every variable is in exactly four rows: its column, row, box and cell.
        let mut count = vec![0; 729];
        rows.rows()
            .iter()
            .flatten()
            .for_each(|&v| count[v as usize] += 1);
        assert!(count.iter().all(|&c| c == 4));
        // The first row is column 1, digit 1: x(1,1,1) + x(2,1,1) + ... + x(9,1,1).
        let first: Vec<u32> = (0..9)
            .map(|i| variable(Size::NINE, i * 9, 1) as u32)
            .collect();
        assert_eq!(rows.rows()[0], first);
    }

    #[test]
    fn a_variable_names_its_cell_and_digit() {
        for size in Size::ALL {
            for var in [0, size.side(), size.cells() * size.side() - 1] {
                let (c, d) = cell_and_digit(size, var);
                assert_eq!(variable(size, c, d), var);
            }
        }
    }
}
