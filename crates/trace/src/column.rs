//! The columns of the exact cover, in sudoku words.
//!
//! [`Event::Cover`](sudoku_core::Event::Cover) and its kin name a column by its index in
//! the column order of the dlx matrix ([`sudoku_core::cover::columns_of`]): the `N²` cell
//! columns, then row-digit, column-digit and box-digit, each group in reading order.
//! [`Column::of`] turns that index back into what the column stands for, so that a trace
//! can say `cover column "row 3 has 7"` and know which rows the covering takes away.

use std::fmt;

use sudoku_core::Size;

/// What a column of the exact cover stands for: a constraint every solution meets once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Column {
    /// The cell holds a digit (`r3c5 filled`).
    Cell {
        /// The cell, in reading order.
        cell: usize,
    },
    /// Row `row` (0-based) holds `digit` (`row 3 has 7`).
    RowDigit {
        /// The row, 0-based.
        row: usize,
        /// The digit, 1-based.
        digit: u8,
    },
    /// Column `column` (0-based) holds `digit` (`column 5 has 7`).
    ColumnDigit {
        /// The column of the grid, 0-based.
        column: usize,
        /// The digit, 1-based.
        digit: u8,
    },
    /// Box `boxed` (0-based, reading order) holds `digit` (`box 2 has 7`).
    BoxDigit {
        /// The box, 0-based.
        boxed: usize,
        /// The digit, 1-based.
        digit: u8,
    },
}

impl Column {
    /// The column of index `index` in a grid of `size`; `None` past the `4N²` columns.
    pub fn of(size: Size, index: usize) -> Option<Column> {
        let (n, cells) = (size.side(), size.cells());
        let (group, rest) = (index / cells, index % cells);
        let (a, digit) = (rest / n, (rest % n) as u8 + 1);
        Some(match group {
            0 => Column::Cell { cell: rest },
            1 => Column::RowDigit { row: a, digit },
            2 => Column::ColumnDigit { column: a, digit },
            3 => Column::BoxDigit { boxed: a, digit },
            _ => return None,
        })
    }

    /// The unit the column concerns, in core's unit numbering (rows, columns, boxes),
    /// or `None` for a cell column.
    pub fn unit(self, size: Size) -> Option<usize> {
        let n = size.side();
        match self {
            Column::Cell { .. } => None,
            Column::RowDigit { row, .. } => Some(row),
            Column::ColumnDigit { column, .. } => Some(n + column),
            Column::BoxDigit { boxed, .. } => Some(2 * n + boxed),
        }
    }

    /// The rows of the column, as (cell, digit) pairs: the candidates it holds.
    pub fn rows(self, size: Size) -> impl Iterator<Item = (usize, u8)> {
        let (n, b) = (size.side(), size.box_size());
        (0..n).map(move |i| match self {
            Column::Cell { cell } => (cell, i as u8 + 1),
            Column::RowDigit { row, digit } => (row * n + i, digit),
            Column::ColumnDigit { column, digit } => (i * n + column, digit),
            Column::BoxDigit { boxed, digit } => {
                let (r, c) = ((boxed / b) * b + i / b, (boxed % b) * b + i % b);
                (r * n + c, digit)
            }
        })
    }

    /// The name in sudoku words, for a grid of `size`: `r3c5 filled`, `row 3 has 7`,
    /// `column 5 has 7`, `box 2 has 7`.
    pub fn name(self, size: Size) -> ColumnName {
        ColumnName { column: self, size }
    }
}

/// A [`Column`]'s name (see [`Column::name`]).
#[derive(Debug, Clone, Copy)]
pub struct ColumnName {
    column: Column,
    size: Size,
}

impl fmt::Display for ColumnName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = self.size;
        match self.column {
            Column::Cell { cell } => write!(f, "{} filled", size.cell_name(cell)),
            Column::RowDigit { row, digit } => {
                write!(f, "row {} has {}", row + 1, size.symbol(digit))
            }
            Column::ColumnDigit { column, digit } => {
                write!(f, "column {} has {}", column + 1, size.symbol(digit))
            }
            Column::BoxDigit { boxed, digit } => {
                write!(f, "box {} has {}", boxed + 1, size.symbol(digit))
            }
        }
    }
}

/// The four columns of the row that puts `digit` in `cell`, as dlx orders them.
pub(crate) fn columns_of_row(size: Size, cell: usize, digit: u8) -> [usize; 4] {
    let n = size.side();
    sudoku_core::cover::columns_of(size, cell / n, cell % n, usize::from(digit) - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row of every column names that column among its own four, at every size:
    /// the inverse of dlx's `columns_of`.
    #[test]
    fn the_rows_of_a_column_are_the_rows_that_cover_it() {
        for size in Size::ALL {
            let count = 4 * size.cells();
            for index in 0..count {
                let column = Column::of(size, index).unwrap();
                let rows: Vec<_> = column.rows(size).collect();
                assert_eq!(rows.len(), size.side());
                for (cell, digit) in rows {
                    assert!(
                        columns_of_row(size, cell, digit).contains(&index),
                        "{size} {index}"
                    );
                }
            }
            assert_eq!(Column::of(size, count), None);
        }
    }

    #[test]
    fn columns_are_named_in_sudoku_words() {
        let nine = Size::NINE;
        let names: Vec<String> = [22, 81 + 2 * 9 + 6, 162 + 4 * 9 + 6, 243 + 9 + 6]
            .into_iter()
            .map(|i| Column::of(nine, i).unwrap().name(nine).to_string())
            .collect();
        assert_eq!(
            names,
            [
                "r3c5 filled",
                "row 3 has 7",
                "column 5 has 7",
                "box 2 has 7"
            ]
        );
        assert_eq!(Column::of(nine, 81 + 20).unwrap().unit(nine), Some(2));
        assert_eq!(Column::of(nine, 243 + 9).unwrap().unit(nine), Some(19));
    }
}
