//! The grid: parsing (Norvig's `grid_values`), display (Norvig's `display`), clashing
//! givens and solution checking, at every size of [`Size`] (9x9 by default).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::geometry::Geometry;
use crate::size::{symbol_value, Size, MAX_CELLS};
use crate::units::{BOX, CELLS, SIDE};

/// A sudoku grid of any [`Size`]: its cells in reading order, each a digit `1..=N` or 0
/// for empty. Cells past the size's last are always 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    size: Size,
    cells: [u8; MAX_CELLS],
}

/// Why a text is not a grid.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GridError {
    /// The text does not hold the cells of any size (16, 81, 256 or 625): the message
    /// names them all, as any of them is read.
    #[error("expected {} cells, found {found}", cell_counts())]
    CellCount {
        /// The cell count of the nearest size.
        expected: usize,
        /// How many cells were found.
        found: usize,
    },
    /// A symbol beyond the digits of the grid's size (`H` in a 16x16 grid, `5` in a 4x4,
    /// `A` among the 81 cells of a 9x9 grid).
    #[error("symbol {symbol:?} is not a digit of a {size} grid (1-{last})", last = size.symbol(size.side() as u8))]
    Symbol {
        /// The symbol.
        symbol: char,
        /// The size the cell count gives.
        size: Size,
        /// Where it is: its 0-based place among the characters of the text read.
        at: usize,
    },
}

impl GridError {
    /// The error for `found` cells: the expected count is the nearest size's, 9x9 for
    /// short texts (4x4 only from 12 to 20 cells, a 4x4 puzzle a few cells off).
    pub fn cell_count(found: usize) -> GridError {
        let expected = if (12..=20).contains(&found) {
            Size::FOUR.cells()
        } else {
            [Size::NINE, Size::SIXTEEN, Size::TWENTY_FIVE]
                .iter()
                .map(|s| s.cells())
                .min_by_key(|&n| n.abs_diff(found))
                .unwrap_or(CELLS)
        };
        GridError::CellCount { expected, found }
    }
}

/// The cell counts of every size, with the size, as a message names them: `16 (4x4), 81
/// (9x9), 256 (16x16) or 625 (25x25)`.
fn cell_counts() -> String {
    let counts: Vec<String> = Size::ALL
        .iter()
        .map(|s| format!("{} ({s})", s.cells()))
        .collect();
    match counts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => counts.concat(),
    }
}

/// Why a grid is not a solution of a puzzle (see [`Grid::check_solution_of`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolutionError {
    /// The two grids are not of the same size.
    #[error("a {found} grid cannot solve a {puzzle} puzzle")]
    SizeMismatch {
        /// The puzzle's size.
        puzzle: Size,
        /// The candidate solution's size.
        found: Size,
    },
    /// A cell of the candidate solution is empty.
    #[error("cell {} is empty", size.cell_name(*cell))]
    Incomplete {
        /// The grid's size.
        size: Size,
        /// The first empty cell.
        cell: usize,
    },
    /// A unit holds some digit twice.
    #[error("{} holds {} twice", size.unit_name(*unit), size.symbol(*digit))]
    Repeated {
        /// The grid's size.
        size: Size,
        /// The unit, as an index into [`Geometry::units`].
        unit: usize,
        /// The repeated digit.
        digit: u8,
    },
    /// A given of the puzzle was changed.
    #[error("cell {} is {} but the puzzle gives {}", size.cell_name(*cell), size.symbol(*found), size.symbol(*given))]
    GivenChanged {
        /// The grid's size.
        size: Size,
        /// The cell.
        cell: usize,
        /// The puzzle's given.
        given: u8,
        /// The digit found in its place.
        found: u8,
    },
}

/// Whether a character stands for a 9x9 cell in Norvig's `grid_values`: a digit or `.`.
fn is_nine_cell(c: char) -> bool {
    c.is_ascii_digit() || c == '.'
}

/// Whether a character stands for a cell at some size: a digit, a letter `A`-`P`
/// (either case), or `.`.
pub fn is_cell_symbol(c: char) -> bool {
    is_nine_cell(c) || symbol_value(c) != 0
}

impl Grid {
    /// The 9x9 grid with every cell empty.
    pub const EMPTY: Grid = Grid::empty(Size::NINE);

    /// The grid of `size` with every cell empty.
    pub const fn empty(size: Size) -> Grid {
        Grid {
            size,
            cells: [0; MAX_CELLS],
        }
    }

    /// Parses a grid the way Norvig's `grid_values` does: digits `1`-`9` are givens,
    /// `.` and `0` are empty cells, and every other character is ignored, so both a
    /// one-line puzzle and a pretty-printed grid (with `|`, `-`, `+`, spaces and line
    /// breaks) parse. 81 such cells make a 9x9 grid. Other sizes use letters too (`A` = 10
    /// ... `P` = 25, either case): when the cells counted with the letters are 16, 256 or
    /// 625, they make a 4x4, 16x16 or 25x25 grid (so a 16x16 grid is never read as 9x9);
    /// otherwise letters are ignored, as Norvig ignores them. Anything else is an error
    /// saying how many cells were found; a symbol beyond the size's digits is an error
    /// naming it and where it is (so is a letter among 81 cells that are a 9x9 grid but
    /// for it: `A` in a 9x9 line).
    ///
    /// ```
    /// use sudoku_core::{Grid, Size};
    /// let g: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    ///     .parse().unwrap();
    /// assert_eq!((g.size(), g.get(0), g.givens()), (Size::NINE, 4, 17));
    /// let small: Grid = "1.3. .4.. 2... ...1".parse().unwrap();
    /// assert_eq!(small.size(), Size::FOUR);
    /// ```
    pub fn parse(text: &str) -> Result<Grid, GridError> {
        let symbols = || text.chars().enumerate().filter(|&(_, c)| is_cell_symbol(c));
        let all = symbols().count();
        match Size::from_cells(all) {
            Some(size) if size != Size::NINE => return Grid::from_symbols(size, symbols()),
            _ => {}
        }
        let nine = || text.chars().enumerate().filter(|&(_, c)| is_nine_cell(c));
        if nine().count() == CELLS {
            return Grid::from_symbols(Size::NINE, nine());
        }
        if all == CELLS {
            // 81 cells with the letters: a 9x9 grid but for them, which are no 9x9 digit.
            return Grid::from_symbols(Size::NINE, symbols());
        }
        Err(GridError::cell_count(all))
    }

    /// A grid of `size` from exactly `size.cells()` cell symbols (`.` and `0` empty), each
    /// with its place among the characters of the text.
    fn from_symbols(
        size: Size,
        symbols: impl Iterator<Item = (usize, char)>,
    ) -> Result<Grid, GridError> {
        let mut grid = Grid::empty(size);
        for (cell, (at, c)) in grid.cells[..size.cells()].iter_mut().zip(symbols) {
            if c != '.' && c != '0' {
                *cell = size.digit_of(c).ok_or(GridError::Symbol {
                    symbol: c,
                    size,
                    at,
                })?;
            }
        }
        Ok(grid)
    }

    /// Builds a 9x9 grid from 81 cell values in reading order; a value above 9 is empty.
    pub fn from_cells(cells: [u8; CELLS]) -> Grid {
        let mut grid = Grid::EMPTY;
        grid.set_cells(cells);
        grid
    }

    /// Makes this grid the 9x9 grid of 81 cell values in reading order (a value above 9
    /// is empty), in place: a reader that parses puzzle after puzzle into one grid writes
    /// 81 bytes each time, not the whole of a grid (whose room is that of the largest
    /// size).
    pub fn set_cells(&mut self, cells: [u8; CELLS]) {
        if self.size != Size::NINE {
            // The cells past the 81st are empty in a 9x9 grid.
            *self = Grid::EMPTY;
        }
        for (c, v) in self.cells.iter_mut().zip(cells) {
            *c = if v > 9 { 0 } else { v };
        }
    }

    /// Builds a grid of `size` from its cell values in reading order: a value above `N`
    /// is taken as empty, missing cells are empty and extra values are ignored.
    pub fn from_values(size: Size, values: &[u8]) -> Grid {
        let mut grid = Grid::empty(size);
        let n = size.side() as u8;
        for (c, &v) in grid.cells[..size.cells()].iter_mut().zip(values) {
            *c = if v > n { 0 } else { v };
        }
        grid
    }

    /// The grid's size.
    #[inline]
    pub fn size(&self) -> Size {
        self.size
    }

    /// The cells in reading order (0 = empty): `size().cells()` of them.
    #[inline]
    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.size.cells()]
    }

    /// The value of one cell (0 = empty). `cell` is taken modulo the number of cells.
    #[inline]
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell % self.size.cells()]
    }

    /// Sets one cell (`digit` 0 empties it; above `N` is ignored). `cell` is taken
    /// modulo the number of cells.
    #[inline]
    pub fn set(&mut self, cell: usize, digit: u8) {
        if usize::from(digit) <= self.size.side() {
            self.cells[cell % self.size.cells()] = digit;
        }
    }

    /// A copy of this grid with one cell set (see [`Grid::set`]).
    pub fn with(mut self, cell: usize, digit: u8) -> Grid {
        self.set(cell, digit);
        self
    }

    /// How many cells hold a digit.
    pub fn givens(&self) -> usize {
        self.cells().iter().filter(|&&c| c != 0).count()
    }

    /// Whether every cell holds a digit.
    pub fn is_complete(&self) -> bool {
        self.cells().iter().all(|&c| c != 0)
    }

    /// The grid on one line, a symbol per cell and `.` for an empty one (the usual
    /// corpus format).
    pub fn to_line(&self) -> String {
        self.cells().iter().map(|&c| self.size.symbol(c)).collect()
    }

    /// The pairs of cells `(a, b)`, `a < b`, whose givens clash: the same digit twice
    /// in a row, a column or a box. A grid with clashing givens has no solution.
    pub fn conflicts(&self) -> Vec<(usize, usize)> {
        let geometry = Geometry::of(self.size);
        let cells = self.cells();
        let mut pairs = Vec::new();
        for (a, &d) in cells.iter().enumerate().filter(|(_, &d)| d != 0) {
            for (b, &e) in cells.iter().enumerate().skip(a + 1) {
                if e == d && geometry.are_peers(a, b) {
                    pairs.push((a, b));
                }
            }
        }
        pairs
    }

    /// Whether two givens clash (the same digit twice in a unit): one pass over the
    /// cells with a mask of the digits each unit holds. Every strategy rejects such a
    /// puzzle at the root (1 node, no solution).
    pub fn givens_clash(&self) -> bool {
        let geometry = Geometry::of(self.size);
        let mut seen = [0u32; 3 * crate::size::MAX_SIDE];
        for (cell, &d) in self.cells().iter().enumerate().filter(|(_, &d)| d != 0) {
            let bit = 1u32 << (d - 1);
            for u in geometry.units_of(cell) {
                let u = usize::from(u);
                if seen[u] & bit != 0 {
                    return true;
                }
                seen[u] |= bit;
            }
        }
        false
    }

    /// Checks that `self` solves `puzzle`: same size, every cell filled, every unit a
    /// permutation of `1..=N`, every given of `puzzle` kept. Says what is wrong otherwise.
    pub fn check_solution_of(&self, puzzle: &Grid) -> Result<(), SolutionError> {
        let size = self.size;
        if puzzle.size != size {
            return Err(SolutionError::SizeMismatch {
                puzzle: puzzle.size,
                found: size,
            });
        }
        // The common case (every solve a run checks) is a 9x9 solution: one pass of masks
        // says it is one. The walks below, which name what is wrong, are for the others.
        if size == Size::NINE && self.solves_nine(puzzle) {
            return Ok(());
        }
        self.fault_of(puzzle)
    }

    /// What is wrong with `self` as a solution of `puzzle` (of the same size), found by
    /// walking its cells, then its units, then the givens.
    fn fault_of(&self, puzzle: &Grid) -> Result<(), SolutionError> {
        let size = self.size;
        if let Some(cell) = self.cells().iter().position(|&c| c == 0) {
            return Err(SolutionError::Incomplete { size, cell });
        }
        for (unit, cells) in Geometry::of(size).units().iter().enumerate() {
            let mut seen = 0u32;
            for &cell in cells {
                let digit = self.cells[usize::from(cell)];
                let bit = 1u32 << digit;
                if seen & bit != 0 {
                    return Err(SolutionError::Repeated { size, unit, digit });
                }
                seen |= bit;
            }
        }
        for (cell, (&given, &found)) in puzzle.cells().iter().zip(self.cells()).enumerate() {
            if given != 0 && given != found {
                return Err(SolutionError::GivenChanged {
                    size,
                    cell,
                    given,
                    found,
                });
            }
        }
        Ok(())
    }

    /// Whether this 9x9 grid solves the 9x9 `puzzle`: each cell's digit becomes a bit (an
    /// empty cell bit 0, which no full unit has); each row, column and box ORs the bits of
    /// its cells and must hold all nine; each given must be kept.
    ///
    /// The last column, and the last box of each band, follow from the others and are not
    /// looked at: when every row holds the nine digits, each digit is in the grid nine
    /// times (three times in each band), so that once eight columns hold it once each, the
    /// ninth holds it too (and the third box of a band once two do).
    ///
    /// Loops of known length without branches, laid out for vectors: a row's first eight
    /// bits are one vector (its ninth apart), so that the columns and a band's boxes OR
    /// whole rows, lane by lane, and a row ORs across its lanes once.
    fn solves_nine(&self, puzzle: &Grid) -> bool {
        // The nine digits of a full unit, digit d as bit d.
        const FULL: u16 = ((1 << SIDE) - 1) << 1;
        // A row's bits but its last: the columns looked at, and a band's boxes but its last.
        const LANES: usize = SIDE - 1;
        let (Some(found), Some(given)) = (
            self.cells.first_chunk::<CELLS>(),
            puzzle.cells.first_chunk::<CELLS>(),
        ) else {
            return false;
        };
        let changed = found.iter().zip(given).fold(0u8, |changed, (&f, &g)| {
            changed | (u8::from(g != 0) & u8::from(g != f))
        });
        let mut bits = [0u16; CELLS];
        for (bit, &digit) in bits.iter_mut().zip(found) {
            *bit = 1 << (digit & 15);
        }
        // Each unit's bits XOR a full unit's, ORed together: zero when every unit is full.
        let mut missing = 0u16;
        let mut cols = [0u16; LANES];
        for band in bits.chunks_exact(BOX * SIDE) {
            let mut boxes = [0u16; LANES];
            for row in band.chunks_exact(SIDE) {
                let (Some(lanes), Some(&last)) = (row.first_chunk::<LANES>(), row.last()) else {
                    return false;
                };
                for ((b, c), &bit) in boxes.iter_mut().zip(&mut cols).zip(lanes) {
                    *b |= bit;
                    *c |= bit;
                }
                missing |= lanes.iter().fold(last, |row, &bit| row | bit) ^ FULL;
            }
            for lanes in boxes.chunks_exact(BOX) {
                missing |= lanes.iter().fold(0, |m, &bit| m | bit) ^ FULL;
            }
        }
        missing |= cols.iter().fold(0, |m, &col| m | (col ^ FULL));
        changed == 0 && missing == 0
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

/// Norvig's `display`: boxes separated by `|`, bands by lines of `-` joined with `+`
/// (`------+------+------` for 9x9), at any size.
///
/// ```
/// use sudoku_core::Grid;
/// let g: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse().unwrap();
/// assert!(g.to_string().starts_with("4 . . |. . . |8 . 5 \n"));
/// ```
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = self.size;
        display_cells(f, size, |i, out| out.push(size.symbol(self.cells[i])))
    }
}

/// Writes the cells of a grid of `size` in Norvig's `display` layout: `text(i, out)`
/// appends cell `i`'s text to `out`; each cell is centred in `width = 1 + longest` (as
/// Python's `str.center` centres), a `|` after every box but the last, and a line of
/// dashes joined by `+` after every band but the last.
pub fn display_cells(
    f: &mut fmt::Formatter<'_>,
    size: Size,
    text: impl Fn(usize, &mut String),
) -> fmt::Result {
    let (b, n) = (size.box_size(), size.side());
    let texts: Vec<String> = (0..size.cells())
        .map(|i| {
            let mut s = String::new();
            text(i, &mut s);
            s
        })
        .collect();
    let width = 1 + texts.iter().map(|t| t.chars().count()).max().unwrap_or(0);
    let dashes = "-".repeat(width * b);
    let line = vec![dashes.as_str(); b].join("+");
    for r in 0..n {
        for c in 0..n {
            let t = &texts[r * n + c];
            let margin = width - t.chars().count();
            // CPython's centring: left = margin / 2 + (margin & width & 1).
            let left = margin / 2 + (margin & width & 1);
            write!(f, "{:left$}{t}{:right$}", "", "", right = margin - left)?;
            if c % b == b - 1 && c != n - 1 {
                f.write_str("|")?;
            }
        }
        f.write_str("\n")?;
        if r % b == b - 1 && r != n - 1 {
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

    /// Grids near a solution of [`POLISH`]: each cell set to every value (an empty cell
    /// among them), two cells swapped, two digits relabelled; the puzzle given, or none.
    #[test]
    fn the_nine_by_nine_pass_agrees_with_the_walk_that_names_the_fault() {
        const SOLUTION: &str =
            "658142793172359468349678152561237849497581326283964517914823675736495281825716934";
        let solution: Grid = SOLUTION.parse().unwrap();
        let puzzle: Grid = POLISH.parse().unwrap();
        let mut near = vec![solution];
        for cell in 0..CELLS {
            near.extend((0..=9).map(|v| solution.with(cell, v)));
            near.push(solution.swapped(cell, (cell * 7 + 11) % CELLS));
        }
        near.extend((1..=9u8).map(|d| solution.relabelled(d, d % 9 + 1)));
        // Faults of one kind of unit only: two cells of a box swapped within their column
        // (two rows break), within their row (two columns break); a Latin square (every
        // row and column whole, boxes not).
        for cell in
            (0..CELLS).filter(|c| (c / SIDE).is_multiple_of(BOX) && (c % SIDE).is_multiple_of(BOX))
        {
            for step in 1..BOX {
                near.push(solution.swapped(cell, cell + step * SIDE));
                near.push(solution.swapped(cell, cell + step));
            }
        }
        let latin: Vec<u8> = (0..CELLS)
            .map(|c| ((c / SIDE + c % SIDE) % SIDE + 1) as u8)
            .collect();
        near.push(Grid::from_values(Size::NINE, &latin));
        let mut agreed = [0, 0];
        for grid in &near {
            for p in [&puzzle, &Grid::EMPTY] {
                let walked = grid.fault_of(p).is_ok();
                assert_eq!(
                    grid.solves_nine(p),
                    walked,
                    "{} of {}",
                    grid.to_line(),
                    p.to_line()
                );
                agreed[usize::from(walked)] += 1;
            }
        }
        // Both verdicts were met, many times.
        assert!(agreed[0] > 1000 && agreed[1] > 10, "{agreed:?}");
    }

    impl Grid {
        fn swapped(&self, a: usize, b: usize) -> Grid {
            self.with(a, self.get(b)).with(b, self.get(a))
        }

        fn relabelled(&self, a: u8, b: u8) -> Grid {
            let cells: Vec<u8> = self
                .cells()
                .iter()
                .map(|&c| {
                    if c == a {
                        b
                    } else if c == b {
                        a
                    } else {
                        c
                    }
                })
                .collect();
            Grid::from_values(self.size, &cells)
        }
    }

    /// A letter among 81 cells that are a 9x9 grid but for it is named, where it is: it
    /// was "expected … 81 (9x9) … cells, found 81".
    #[test]
    fn a_letter_in_a_nine_by_nine_grid_is_named() {
        let mut line = POLISH.to_string();
        line.replace_range(10..11, "A");
        let err = Grid::parse(&line).unwrap_err();
        assert_eq!(
            err,
            GridError::Symbol {
                symbol: 'A',
                size: Size::NINE,
                at: 10
            }
        );
        assert_eq!(
            err.to_string(),
            "symbol 'A' is not a digit of a 9x9 grid (1-9)"
        );
    }

    #[test]
    fn cell_count_errors_say_how_many_were_found() {
        assert_eq!(Grid::parse(&POLISH[..80]), Err(GridError::cell_count(80)));
        let long = format!("{POLISH}1");
        let err = Grid::parse(&long).unwrap_err();
        assert_eq!(err, GridError::cell_count(82));
        assert_eq!(
            err.to_string(),
            "expected 16 (4x4), 81 (9x9), 256 (16x16) or 625 (25x25) cells, found 82"
        );
        // Every size is named, whatever the count (it named the nearest one only:
        // `expected 81 cells, found 4`, where a 4x4 puzzle has 16).
        let said = |text: &str| Grid::parse(text).unwrap_err().to_string();
        let sizes = "expected 16 (4x4), 81 (9x9), 256 (16x16) or 625 (25x25) cells, found";
        assert_eq!(said(""), format!("{sizes} 0"));
        assert_eq!(said("1234"), format!("{sizes} 4"));
        assert_eq!(said("1.3.4...2"), format!("{sizes} 9"));
        assert_eq!(said(&"0".repeat(1296)), format!("{sizes} 1296"));
        // The nearest size's count stays in the error, for a program.
        let nearest = |found: usize| match GridError::cell_count(found) {
            GridError::CellCount { expected, .. } => expected,
            other => panic!("{other:?}"),
        };
        assert_eq!(nearest(14), 16);
        assert_eq!(nearest(255), 256);
        assert_eq!(nearest(9), 81);
    }

    #[test]
    fn larger_grids_use_letters_and_reject_symbols_beyond_their_size() {
        let mut line = "0".repeat(256);
        line.replace_range(0..2, "Gg");
        let g: Grid = line.parse().unwrap();
        assert_eq!((g.size(), g.get(0), g.get(1)), (Size::SIXTEEN, 16, 16));
        assert!(g.to_line().starts_with("GG.."));
        line.replace_range(0..1, "H");
        assert_eq!(
            Grid::parse(&line).unwrap_err().to_string(),
            "symbol 'H' is not a digit of a 16x16 grid (1-G)"
        );
        line.replace_range(0..1, "1");
        line.replace_range(100..101, "H");
        assert!(matches!(
            Grid::parse(&line),
            Err(GridError::Symbol {
                symbol: 'H',
                at: 100,
                ..
            })
        ));
        assert!(Grid::parse("5...............").is_err());
        // A 16x16 grid with exactly 81 cells among 1-9 and empty is still 16x16.
        let mut tricky = "A".repeat(175);
        tricky.push_str(&"1".repeat(81));
        assert_eq!(Grid::parse(&tricky).unwrap().size(), Size::SIXTEEN);
        // A 9x9 pretty grid with a label keeps Norvig's rule: letters are ignored.
        let labelled = format!("Polish {POLISH} grid");
        assert_eq!(Grid::parse(&labelled).unwrap().to_line(), POLISH);
    }

    #[test]
    fn from_values_treats_out_of_range_as_empty() {
        let mut cells = [0u8; 81];
        cells[0] = 5;
        cells[1] = 200;
        let g = Grid::from_cells(cells);
        assert_eq!(g.get(0), 5);
        assert_eq!(g.get(1), 0);
        assert_eq!(g.givens(), 1);
        assert_eq!(
            Grid::from_values(Size::FOUR, &[4, 5]).to_line(),
            "4..............."
        );
    }

    #[test]
    fn a_four_by_four_displays_in_norvigs_layout() {
        let g: Grid = "1234341221434321".parse().unwrap();
        assert!(g.is_solution_of(&Grid::empty(Size::FOUR)));
        assert_eq!(
            g.to_string(),
            "1 2 |3 4 \n3 4 |1 2 \n----+----\n2 1 |4 3 \n4 3 |2 1 \n"
        );
        assert!(!g.givens_clash());
        assert!(g.with(1, 1).givens_clash());
    }
}
