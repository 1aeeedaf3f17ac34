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
}

/// The model of one puzzle as a solver gets it: the variables the givens leave free, the
/// rows over them, and the no-good cuts added so far.
///
/// Constraint 5 and the rows it meets decide more than the givens' own variables: a
/// given's row, column, box and cell rows each hold a variable at 1, so every other
/// variable of those rows is 0. Those variables are not handed to the solver at all (the
/// step every solver's presolve takes first, taken here once for both solvers, as the
/// sat crate loads its clauses), and the rows the givens satisfy are left out. The
/// relaxation is the same polytope, on fewer coordinates. A row left with no variable (a
/// cell with no digit left, a digit with no place left in a unit) cannot hold: the model
/// is then [`Model::refuted`] without a solver.
#[derive(Debug, Clone)]
pub struct Model<'a> {
    /// The puzzle.
    pub puzzle: &'a Grid,
    /// The free variables `x(cell, digit)` (the solver's columns, in this order).
    pub free: Vec<u32>,
    /// The rows left, each a list of columns whose sum is 1.
    pub rows: Vec<Vec<u32>>,
    /// The cuts, each a list of columns whose sum is at most its length less one.
    pub cuts: Vec<Vec<u32>>,
    /// Whether a row has no free variable left while the givens do not satisfy it.
    pub refuted: bool,
}

/// What the givens make of one variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fixed {
    /// Free: the solver's to decide.
    Free,
    /// A given's own variable, at 1.
    One,
    /// A variable a given's rows put at 0.
    Zero,
}

impl<'a> Model<'a> {
    /// The model of `puzzle`, with `cuts`.
    pub fn of(puzzle: &'a Grid, cuts: &[NoGood]) -> Model<'a> {
        let all = Rows::of(puzzle.size());
        let fixed = fix(puzzle, all);
        let mut column = vec![u32::MAX; fixed.len()];
        let free: Vec<u32> = (0..fixed.len() as u32)
            .filter(|&v| fixed[v as usize] == Fixed::Free)
            .collect();
        for (c, &v) in free.iter().enumerate() {
            column[v as usize] = c as u32;
        }
        let (mut rows, mut refuted) = (Vec::new(), false);
        for row in all.rows() {
            if row.iter().any(|&v| fixed[v as usize] == Fixed::One) {
                continue;
            }
            let left: Vec<u32> = row
                .iter()
                .filter(|&&v| fixed[v as usize] == Fixed::Free)
                .map(|&v| column[v as usize])
                .collect();
            refuted |= left.is_empty();
            rows.push(left);
        }
        let cuts = cuts
            .iter()
            .map(|cut| cut.variables.iter().map(|&v| column[v as usize]).collect())
            .collect();
        Model {
            puzzle,
            free,
            rows,
            cuts,
            refuted,
        }
    }

    /// The solution a solver's point (one value per column) describes, each value
    /// rounded to 0 or 1: `None` unless the givens and the columns at 1 fill every cell
    /// once and the grid solves the puzzle (a solver's point is checked, not trusted).
    pub fn solution_of(&self, values: &[f64]) -> Option<Grid> {
        let size = self.puzzle.size();
        let mut grid = *self.puzzle;
        for (&v, _) in self.free.iter().zip(values).filter(|(_, &x)| x > 0.5) {
            let (cell, digit) = cell_and_digit(size, v as usize);
            if grid.get(cell) != 0 {
                return None;
            }
            grid.set(cell, digit);
        }
        grid.is_solution_of(self.puzzle).then_some(grid)
    }
}

/// Each variable as the givens leave it: a given's at 1, the other variables of its
/// rows at 0 (`puzzle`'s givens must not clash).
fn fix(puzzle: &Grid, all: &Rows) -> Vec<Fixed> {
    let size = puzzle.size();
    let mut fixed = vec![Fixed::Free; all.variables()];
    for cell in (0..size.cells()).filter(|&c| puzzle.get(c) != 0) {
        fixed[variable(size, cell, puzzle.get(cell))] = Fixed::One;
    }
    for row in all.rows() {
        if row.iter().any(|&v| fixed[v as usize] == Fixed::One) {
            for &v in row {
                if fixed[v as usize] == Fixed::Free {
                    fixed[v as usize] = Fixed::Zero;
                }
            }
        }
    }
    fixed
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
