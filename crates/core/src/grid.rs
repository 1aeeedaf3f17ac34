//! The 9x9 grid: parsing (Norvig's `grid_values`), display (Norvig's `display`),
//! clashing givens and solution checking.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::units::{are_peers, CELLS, UNITS};

/// A 9x9 sudoku grid: 81 cells in reading order, each 1..=9 or 0 for empty.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    cells: [u8; CELLS],
}

/// Why a text is not a grid.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GridError {
    /// The text does not hold exactly 81 cells (digits, `.` or `0`).
    #[error("expected 81 cells, found {found}")]
    CellCount {
        /// How many cells were found.
        found: usize,
    },
}

/// Why a grid is not a solution of a puzzle (see [`Grid::check_solution_of`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolutionError {
    /// A cell of the candidate solution is empty.
    #[error("cell {} is empty", cell_name(*cell))]
    Incomplete {
        /// The first empty cell.
        cell: usize,
    },
    /// A unit holds some digit twice.
    #[error("{} holds {digit} twice", unit_name(*unit))]
    Repeated {
        /// The unit, as an index into [`UNITS`](crate::units::UNITS).
        unit: usize,
        /// The repeated digit.
        digit: u8,
    },
    /// A given of the puzzle was changed.
    #[error("cell {} is {found} but the puzzle gives {given}", cell_name(*cell))]
    GivenChanged {
        /// The cell.
        cell: usize,
        /// The puzzle's given.
        given: u8,
        /// The digit found in its place.
        found: u8,
    },
}

/// The usual `r1c1` name of a cell (1-based row and column).
pub fn cell_name(cell: usize) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

/// A readable name of a unit given as an index into [`UNITS`](crate::units::UNITS).
pub fn unit_name(unit: usize) -> String {
    match unit / 9 {
        0 => format!("row {}", unit + 1),
        1 => format!("column {}", unit - 8),
        _ => format!("box {}", unit - 17),
    }
}

impl Grid {
    /// The grid with every cell empty.
    pub const EMPTY: Grid = Grid { cells: [0; CELLS] };

    /// Parses a grid the way Norvig's `grid_values` does: digits `1`-`9` are givens,
    /// `.` and `0` are empty cells, and every other character is ignored, so both a
    /// one-line puzzle and a pretty-printed grid (with `|`, `-`, `+`, spaces and line
    /// breaks) parse. Anything but exactly 81 cells is an error saying how many were found.
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// let g: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    ///     .parse().unwrap();
    /// assert_eq!(g.get(0), 4);
    /// assert_eq!(g.givens(), 17);
    /// ```
    pub fn parse(text: &str) -> Result<Grid, GridError> {
        let mut cells = [0u8; CELLS];
        let mut found = 0usize;
        for b in text.bytes() {
            let value = match b {
                b'1'..=b'9' => b - b'0',
                b'0' | b'.' => 0,
                _ => continue,
            };
            if found < CELLS {
                cells[found] = value;
            }
            found += 1;
        }
        if found == CELLS {
            Ok(Grid { cells })
        } else {
            Err(GridError::CellCount { found })
        }
    }

    /// Builds a grid from 81 cell values in reading order; a value above 9 is taken as empty.
    pub fn from_cells(mut cells: [u8; CELLS]) -> Grid {
        for c in cells.iter_mut() {
            if *c > 9 {
                *c = 0;
            }
        }
        Grid { cells }
    }

    /// The 81 cells in reading order (0 = empty).
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// The value of one cell (0 = empty). `cell` is taken modulo 81.
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell % CELLS]
    }

    /// A copy of this grid with one cell set (`digit` 0 empties it; above 9 is ignored).
    pub fn with(mut self, cell: usize, digit: u8) -> Grid {
        if digit <= 9 {
            self.cells[cell % CELLS] = digit;
        }
        self
    }

    /// How many cells hold a digit.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&c| c != 0).count()
    }

    /// Whether every cell holds a digit.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&c| c != 0)
    }

    /// The grid on one line, `.` for an empty cell (the usual corpus format).
    pub fn to_line(&self) -> String {
        self.cells
            .iter()
            .map(|&c| if c == 0 { '.' } else { char::from(b'0' + c) })
            .collect()
    }

    /// The pairs of cells `(a, b)`, `a < b`, whose givens clash: the same digit twice
    /// in a row, a column or a box. A grid with clashing givens has no solution.
    pub fn conflicts(&self) -> Vec<(usize, usize)> {
        let mut pairs = Vec::new();
        for a in 0..CELLS {
            let d = self.cells[a];
            if d == 0 {
                continue;
            }
            for b in a + 1..CELLS {
                if self.cells[b] == d && are_peers(a, b) {
                    pairs.push((a, b));
                }
            }
        }
        pairs
    }

    /// Checks that `self` solves `puzzle`: every cell filled, every unit a permutation
    /// of 1..9, every given of `puzzle` kept. Says what is wrong otherwise.
    pub fn check_solution_of(&self, puzzle: &Grid) -> Result<(), SolutionError> {
        if let Some(cell) = self.cells.iter().position(|&c| c == 0) {
            return Err(SolutionError::Incomplete { cell });
        }
        for (unit, cells) in UNITS.iter().enumerate() {
            let mut seen = 0u16;
            for &cell in cells {
                let bit = 1u16 << self.cells[cell as usize];
                if seen & bit != 0 {
                    let digit = self.cells[cell as usize];
                    return Err(SolutionError::Repeated { unit, digit });
                }
                seen |= bit;
            }
        }
        for cell in 0..CELLS {
            let given = puzzle.cells[cell];
            if given != 0 && given != self.cells[cell] {
                let found = self.cells[cell];
                return Err(SolutionError::GivenChanged { cell, given, found });
            }
        }
        Ok(())
    }

    /// Whether `self` is a solution of `puzzle` (see [`Grid::check_solution_of`]).
    pub fn is_solution_of(&self, puzzle: &Grid) -> bool {
        self.check_solution_of(puzzle).is_ok()
    }
}

impl Default for Grid {
    fn default() -> Self {
        Grid::EMPTY
    }
}

impl FromStr for Grid {
    type Err = GridError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Grid::parse(s)
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

/// Norvig's `display`: 3x3 blocks, `|` between boxes, `------+------+------` between bands.
///
/// ```
/// use sudoku_core::Grid;
/// let g: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse().unwrap();
/// assert!(g.to_string().starts_with("4 . . |. . . |8 . 5 \n"));
/// ```
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = [[0u8; 1]; CELLS];
        for (t, &c) in text.iter_mut().zip(self.cells.iter()) {
            t[0] = if c == 0 { b'.' } else { b'0' + c };
        }
        display_cells(f, |i| &text[i][..])
    }
}

/// Writes 81 cell texts in Norvig's `display` layout: each cell centred in
/// `width = 1 + longest` (centred as Python's `str.center` does).
pub(crate) fn display_cells<'a>(
    f: &mut fmt::Formatter<'_>,
    cell: impl Fn(usize) -> &'a [u8],
) -> fmt::Result {
    let width = 1 + (0..CELLS).map(|i| cell(i).len()).max().unwrap_or(0);
    let dashes = "-".repeat(width * 3);
    let line = [dashes.as_str(); 3].join("+");
    for r in 0..9 {
        for c in 0..9 {
            let text = cell(r * 9 + c);
            let margin = width - text.len();
            // CPython's centring: left = margin / 2 + (margin & width & 1).
            let left = margin / 2 + (margin & width & 1);
            for _ in 0..left {
                f.write_str(" ")?;
            }
            f.write_str(std::str::from_utf8(text).unwrap_or(""))?;
            for _ in 0..margin - left {
                f.write_str(" ")?;
            }
            if c == 2 || c == 5 {
                f.write_str("|")?;
            }
        }
        f.write_str("\n")?;
        if r == 2 || r == 5 {
            f.write_str(&line)?;
            f.write_str("\n")?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const POLISH: &str =
        ".58.....317..5...8......1...........4.7.8...6.83.6..1791...3.7...6....8........34";

    #[test]
    fn parses_dots_zeros_and_pretty_grids_alike() {
        let dots: Grid = POLISH.parse().unwrap();
        let zeros: Grid = POLISH.replace('.', "0").parse().unwrap();
        assert_eq!(dots, zeros);
        let pretty = dots.to_string();
        assert_eq!(pretty.parse::<Grid>().unwrap(), dots);
        assert_eq!(dots.to_line(), POLISH);
    }

    #[test]
    fn cell_count_errors_say_how_many_were_found() {
        assert_eq!(
            Grid::parse(&POLISH[..80]),
            Err(GridError::CellCount { found: 80 })
        );
        let long = format!("{POLISH}1");
        let err = Grid::parse(&long).unwrap_err();
        assert_eq!(err.to_string(), "expected 81 cells, found 82");
        assert_eq!(Grid::parse(""), Err(GridError::CellCount { found: 0 }));
    }

    #[test]
    fn from_cells_treats_out_of_range_as_empty() {
        let mut cells = [0u8; 81];
        cells[0] = 5;
        cells[1] = 200;
        let g = Grid::from_cells(cells);
        assert_eq!(g.get(0), 5);
        assert_eq!(g.get(1), 0);
        assert_eq!(g.givens(), 1);
    }
}
