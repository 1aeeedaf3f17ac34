//! Cross-strategy conformance for sudoku-lab: random puzzles from random solution
//! grids, the sudoku symmetries (relabelling, transposing, permuting rows within a
//! band and bands within the grid), and the four strategies side by side.
//!
//! The properties themselves live in `tests/`; this library holds the generators
//! so that they read as the sudoku vocabulary they use.
#![deny(missing_docs)]

use proptest::prelude::*;
use sudoku_core::{Grid, Solver};

/// The four strategies, in the runner's order.
pub fn solvers() -> Vec<Box<dyn Solver>> {
    vec![
        Box::new(sudoku_naive::Naive),
        Box::new(sudoku_reduce::Reduce),
        Box::new(sudoku_norvig::Norvig),
        Box::new(sudoku_dlx::Dlx),
    ]
}

/// A fixed valid solution grid: `(3 * (r % 3) + r / 3 + c) % 9 + 1`.
pub fn base_solution() -> Grid {
    let mut cells = [0u8; 81];
    for (i, c) in cells.iter_mut().enumerate() {
        let (r, col) = (i / 9, i % 9);
        *c = ((3 * (r % 3) + r / 3 + col) % 9 + 1) as u8;
    }
    Grid::from_cells(cells)
}

/// A validity-preserving transformation of a grid (one of the sudoku symmetries).
#[derive(Debug, Clone)]
pub enum Symmetry {
    /// Digit `d` becomes `perm[d - 1]`.
    Relabel([u8; 9]),
    /// Rows become columns.
    Transpose,
    /// Within band `band` (0..3), row `k` of the band goes to position `perm[k]`.
    RowsInBand {
        /// The band.
        band: usize,
        /// The permutation of its three rows.
        perm: [usize; 3],
    },
    /// Band `k` goes to position `perm[k]`.
    Bands([usize; 3]),
}

impl Symmetry {
    /// Applies the symmetry to a grid (empty cells stay empty).
    pub fn apply(&self, grid: &Grid) -> Grid {
        let src = grid.cells();
        let mut out = [0u8; 81];
        for (i, o) in out.iter_mut().enumerate() {
            let (r, c) = (i / 9, i % 9);
            *o = match self {
                Symmetry::Relabel(perm) => match src[i] {
                    0 => 0,
                    d => perm[d as usize - 1],
                },
                Symmetry::Transpose => src[c * 9 + r],
                Symmetry::RowsInBand { band, perm } => {
                    let from_row = if r / 3 == *band {
                        let k = (0..3).find(|&k| perm[k] == r % 3).unwrap_or(0);
                        band * 3 + k
                    } else {
                        r
                    };
                    src[from_row * 9 + c]
                }
                Symmetry::Bands(perm) => {
                    let k = (0..3).find(|&k| perm[k] == r / 3).unwrap_or(0);
                    src[(k * 3 + r % 3) * 9 + c]
                }
            };
        }
        Grid::from_cells(out)
    }
}

fn perm3() -> impl Strategy<Value = [usize; 3]> {
    Just([0usize, 1, 2])
        .prop_shuffle()
        .prop_map(|v| [v[0], v[1], v[2]])
}

/// Any one symmetry.
pub fn symmetry() -> impl Strategy<Value = Symmetry> {
    prop_oneof![
        Just((1u8..=9).collect::<Vec<_>>())
            .prop_shuffle()
            .prop_map(|v| {
                let mut p = [0u8; 9];
                p.copy_from_slice(&v);
                Symmetry::Relabel(p)
            }),
        Just(Symmetry::Transpose),
        (0usize..3, perm3()).prop_map(|(band, perm)| Symmetry::RowsInBand { band, perm }),
        perm3().prop_map(Symmetry::Bands),
    ]
}

/// A random solution grid: the base solution under a random chain of symmetries.
pub fn solution_grid() -> impl Strategy<Value = Grid> {
    proptest::collection::vec(symmetry(), 0..12)
        .prop_map(|chain| chain.iter().fold(base_solution(), |grid, s| s.apply(&grid)))
}

/// A random puzzle: a random solution grid with between `min_removed` and
/// `max_removed` cells removed. Returns the puzzle and the grid it came from.
pub fn puzzle(min_removed: usize, max_removed: usize) -> impl Strategy<Value = (Grid, Grid)> {
    let cells: Vec<usize> = (0..81).collect();
    (
        solution_grid(),
        proptest::sample::subsequence(cells, min_removed..=max_removed),
    )
        .prop_map(|(solution, removed)| {
            let puzzle = removed
                .iter()
                .fold(solution, |grid, &cell| grid.with(cell, 0));
            (puzzle, solution)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_keep_a_solution_valid() {
        let base = base_solution();
        assert!(base.is_solution_of(&Grid::EMPTY));
        for s in [
            Symmetry::Relabel([2, 3, 4, 5, 6, 7, 8, 9, 1]),
            Symmetry::Transpose,
            Symmetry::RowsInBand {
                band: 1,
                perm: [2, 0, 1],
            },
            Symmetry::Bands([1, 2, 0]),
        ] {
            let moved = s.apply(&base);
            assert!(moved.is_solution_of(&Grid::EMPTY), "{s:?}");
            assert_ne!(moved, base, "{s:?} moved nothing");
        }
    }
}
