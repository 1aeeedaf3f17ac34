//! The essay's `values`: for each square, the digits it may still hold, at any grid size.

use std::fmt;
use std::ops::{Index, IndexMut};

use sudoku_core::grid::display_cells;
use sudoku_core::{Candidates, DigitSet, Grid, Size};

/// The essay's `values` dictionary: square → the digits it may still hold, as a
/// [`DigitSet`] per square of a grid of any [`Size`] (the essay's strings `'1679'`).
///
/// `values[s]` reads and writes square `s` (reading order), as the essay indexes its
/// dictionary by the square's name.
///
/// ```
/// use sudoku_core::{DigitSet, Grid, Size};
/// use sudoku_reduce::Values;
///
/// let grid: Grid = "1.3. .4.. 2... ...1".parse().unwrap();
/// let values = Values::from_grid(&grid);
/// assert_eq!(values.size(), Size::FOUR);
/// assert_eq!(values[0], DigitSet::single(1));
/// assert_eq!(values[1].to_string(), "1234");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Values {
    size: Size,
    squares: Vec<DigitSet>,
}

impl Values {
    /// The essay's `grid_values`: each given holds its digit, each empty square every
    /// digit of the size (no elimination yet).
    pub fn from_grid(grid: &Grid) -> Values {
        let all = DigitSet::full(grid.size().side());
        let squares = grid
            .cells()
            .iter()
            .map(|&d| if d == 0 { all } else { DigitSet::single(d) })
            .collect();
        Values {
            size: grid.size(),
            squares,
        }
    }

    /// The grid size.
    #[inline]
    pub fn size(&self) -> Size {
        self.size
    }

    /// The squares' digits, in reading order.
    #[inline]
    pub fn squares(&self) -> &[DigitSet] {
        &self.squares
    }

    /// How many squares hold exactly one digit (the count the reduce loop compares).
    pub fn solved_count(&self) -> usize {
        self.squares.iter().filter(|v| v.len() == 1).count()
    }

    /// The first square (reading order) with no digit left, if any.
    pub fn empty_square(&self) -> Option<usize> {
        self.squares.iter().position(|v| v.is_empty())
    }

    /// Whether every square holds exactly one digit.
    pub fn is_solved(&self) -> bool {
        self.squares.iter().all(|v| v.len() == 1)
    }

    /// The grid of the squares holding one digit (the others are empty).
    pub fn to_grid(&self) -> Grid {
        let cells: Vec<u8> = self.squares.iter().map(|v| v.only().unwrap_or(0)).collect();
        Grid::from_values(self.size, &cells)
    }
}

/// The 9x9 candidate masks of the fast paths as the essay's `values`.
impl From<&Candidates> for Values {
    fn from(candidates: &Candidates) -> Values {
        Values {
            size: Size::NINE,
            squares: candidates
                .masks()
                .iter()
                .map(|&m| DigitSet::from_bits(u32::from(m)))
                .collect(),
        }
    }
}

impl Index<usize> for Values {
    type Output = DigitSet;

    #[inline]
    fn index(&self, square: usize) -> &DigitSet {
        &self.squares[square]
    }
}

impl IndexMut<usize> for Values {
    #[inline]
    fn index_mut(&mut self, square: usize) -> &mut DigitSet {
        &mut self.squares[square]
    }
}

/// Norvig's `display`: each square shows its digits, centred in a width of the longest
/// plus one, boxes separated by `|` and bands by lines of `-`.
impl fmt::Display for Values {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        display_cells(f, self.size, |s, out| {
            out.push_str(&self.squares[s].to_string())
        })
    }
}

impl fmt::Debug for Values {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Values(\n{self})")
    }
}
