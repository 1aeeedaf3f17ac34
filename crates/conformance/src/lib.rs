//! Cross-strategy conformance for sudoku-lab: random puzzles from random solution grids
//! of any size, the sudoku symmetries (relabelling, transposing, permuting rows within
//! a band and bands within the grid), and every strategy of the catalogue side by side.
//!
//! The properties themselves live in `tests/`; this library holds the generators so
//! that they read as the sudoku vocabulary they use.
#![deny(missing_docs)]

use proptest::prelude::*;
use sudoku_catalogue::{Strategy as Entry, CATALOGUE};
use sudoku_core::{Grid, Size};

/// The exact strategies of the catalogue that support `size`, in catalogue order.
pub fn exact_strategies(size: Size) -> Vec<&'static Entry> {
    CATALOGUE
        .iter()
        .filter(|s| s.exact && s.sizes().contains(&size))
        .collect()
}

/// The strategies of the catalogue that are not exact (stochastic) and support `size`.
pub fn stochastic_strategies(size: Size) -> Vec<&'static Entry> {
    CATALOGUE
        .iter()
        .filter(|s| !s.exact && s.sizes().contains(&size))
        .collect()
}

/// A fixed valid solution grid of `size`: `(b·(r mod b) + r div b + c) mod N + 1`.
pub fn base_solution(size: Size) -> Grid {
    let (b, n) = (size.box_size(), size.side());
    let cells: Vec<u8> = (0..size.cells())
        .map(|i| {
            let (r, c) = (i / n, i % n);
            ((b * (r % b) + r / b + c) % n + 1) as u8
        })
        .collect();
    Grid::from_values(size, &cells)
}

/// A validity-preserving transformation of a grid (one of the sudoku symmetries).
#[derive(Debug, Clone)]
pub enum Symmetry {
    /// Digit `d` becomes `perm[d - 1]`.
    Relabel(Vec<u8>),
    /// Rows become columns.
    Transpose,
    /// Within band `band`, row `k` of the band goes to position `perm[k]`.
    RowsInBand {
        /// The band.
        band: usize,
        /// The permutation of its rows.
        perm: Vec<usize>,
    },
    /// Band `k` goes to position `perm[k]`.
    Bands(Vec<usize>),
}

impl Symmetry {
    /// Applies the symmetry to a grid (empty cells stay empty).
    pub fn apply(&self, grid: &Grid) -> Grid {
        let size = grid.size();
        let (b, n) = (size.box_size(), size.side());
        let src = grid.cells();
        let position = |perm: &[usize], to: usize| perm.iter().position(|&p| p == to).unwrap_or(to);
        let out: Vec<u8> = (0..size.cells())
            .map(|i| {
                let (r, c) = (i / n, i % n);
                match self {
                    Symmetry::Relabel(perm) => match src[i] {
                        0 => 0,
                        d => perm[usize::from(d) - 1],
                    },
                    Symmetry::Transpose => src[c * n + r],
                    Symmetry::RowsInBand { band, perm } if r / b == *band => {
                        src[(band * b + position(perm, r % b)) * n + c]
                    }
                    Symmetry::RowsInBand { .. } => src[i],
                    Symmetry::Bands(perm) => src[(position(perm, r / b) * b + r % b) * n + c],
                }
            })
            .collect();
        Grid::from_values(size, &out)
    }
}

fn permutation(n: usize) -> impl Strategy<Value = Vec<usize>> {
    Just((0..n).collect::<Vec<_>>()).prop_shuffle()
}

/// Any one symmetry of a grid of `size`.
pub fn symmetry(size: Size) -> impl Strategy<Value = Symmetry> {
    let (b, n) = (size.box_size(), size.side());
    prop_oneof![
        permutation(n)
            .prop_map(|p| Symmetry::Relabel(p.into_iter().map(|d| d as u8 + 1).collect())),
        Just(Symmetry::Transpose),
        (0..b, permutation(b)).prop_map(|(band, perm)| Symmetry::RowsInBand { band, perm }),
        permutation(b).prop_map(Symmetry::Bands),
    ]
}

/// A random solution grid of `size`: the base solution under a random chain of symmetries.
pub fn solution_grid(size: Size) -> impl Strategy<Value = Grid> {
    proptest::collection::vec(symmetry(size), 0..12).prop_map(move |chain| {
        chain
            .iter()
            .fold(base_solution(size), |grid, s| s.apply(&grid))
    })
}

/// A random puzzle of `size`: a random solution grid with between `min_removed` and
/// `max_removed` cells removed. Returns the puzzle and the grid it came from.
pub fn puzzle(
    size: Size,
    min_removed: usize,
    max_removed: usize,
) -> impl Strategy<Value = (Grid, Grid)> {
    let cells: Vec<usize> = (0..size.cells()).collect();
    (
        solution_grid(size),
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
    fn symmetries_keep_a_solution_valid_at_every_size() {
        for size in Size::ALL {
            let base = base_solution(size);
            let (b, n) = (size.box_size(), size.side());
            assert!(base.is_solution_of(&Grid::empty(size)), "{size}");
            let rotate = |k: usize| (0..k).map(|i| (i + 1) % k).collect::<Vec<_>>();
            for s in [
                Symmetry::Relabel(rotate(n).into_iter().map(|d| d as u8 + 1).collect()),
                Symmetry::Transpose,
                Symmetry::RowsInBand {
                    band: 1,
                    perm: rotate(b),
                },
                Symmetry::Bands(rotate(b)),
            ] {
                let moved = s.apply(&base);
                assert!(moved.is_solution_of(&Grid::empty(size)), "{size} {s:?}");
                assert_ne!(moved, base, "{size} {s:?} moved nothing");
            }
        }
    }
}
