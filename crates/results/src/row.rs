//! The one result row: a (puzzle, solver) solve, as every run writes it and every report
//! reads it.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use sudoku_core::size::{MAX_CELLS, MAX_SIDE, SYMBOLS};
use sudoku_core::units::{CELLS, SIDE};
use sudoku_core::Grid;

use crate::retimed::Retimed;
use crate::status::Status;

mod no_grid;

pub use no_grid::NO_GRID;

/// One result row: which puzzle, which solver, how it ended and what it cost.
///
/// The CSV's columns are its fields, in this order ([`COLUMNS`]). Puzzles and solutions
/// are written one grid row after the other with `|` between them
/// (`864371259|325849761|…`, see [`grid_text`]): never a number for a data tool, and
/// still a puzzle for the corpus reader and `sudoku-lab solve`, which ignore the `|`. A
/// grid column without a grid holds [`NO_GRID`] (`-`), never an empty field: a column
/// empty in every row would be numbers to pandas.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    /// The corpus file, as given on the command line (or found in a folder).
    pub corpus: Arc<str>,
    /// 0-based index of the puzzle among the puzzles of its corpus.
    pub index: u64,
    /// 1-based line of the puzzle in its corpus.
    pub line: u64,
    /// The puzzle's name: the label after it on its corpus line, if any.
    #[serde(default)]
    pub name: Option<Arc<str>>,
    /// The solver's name.
    pub solver: Arc<str>,
    /// The solution limit (1 = first solution, 2 = uniqueness check).
    pub limit: u64,
    /// How the solve ended, after its checks.
    pub status: Status,
    /// Solutions found, at most `limit`.
    pub solutions: u64,
    /// `1 + tries`.
    pub nodes: u64,
    /// Tries taken back.
    pub backtracks: u64,
    /// The trusted time of the solve call in nanoseconds: its wall time, timed again while
    /// disturbed (see [`Retimed`]); under `--repeat K`, the fastest of its K passes.
    pub nanoseconds: u64,
    /// The median over the `--repeat` passes (equal to `nanoseconds` when run once).
    pub median_nanoseconds: u64,
    /// What the disturbance check made of the time: how many times the solve was timed
    /// again, or that it stayed disturbed, or that it was not checked (`-`, as in a CSV of
    /// an earlier version, which has no such column).
    #[serde(default)]
    pub retimed: Retimed,
    /// The puzzle ([`grid_text`]; `.` for an empty cell).
    pub puzzle: GridText,
    /// The first solution found ([`grid_text`]), empty when none ([`NO_GRID`] in the
    /// CSV, which reads back as empty, as does the empty field of earlier versions).
    #[serde(with = "no_grid::solution")]
    pub solution: GridText,
    /// The corpus's puzzle, when the one solved is another ([`grid_text`]): under
    /// `--permute`, `puzzle` is a random isomorph of it (`corpus`, `index` and `line` still
    /// name the corpus's puzzle). None otherwise ([`NO_GRID`] in the CSV, which reads back
    /// as none, as does an empty field). Boxed: only `--permute` fills it, and a row is
    /// smaller to move from the thread that solves to the one that writes.
    #[serde(default, with = "no_grid::original")]
    pub original: Option<Box<GridText>>,
    /// Why the row is [`Status::Wrong`]: what the check found (not a CSV column: the run
    /// prints it, and the summary lists the wrong rows).
    #[serde(skip)]
    pub problem: Option<String>,
}

impl Row {
    /// The row's solve time in nanoseconds, when it has one: the one rule of every time
    /// figure (`summary`'s mean, percentiles, maximum and puzzles per second on one core;
    /// `compare`'s medians, which take the puzzles both runs solved). A solve time is that
    /// of an answer: `solved`, `no_solution`, `budget_exhausted` (the solver stopped at its
    /// budget and said so) and `wrong` (it answered, wrongly). A `timeout` or `crashed` row
    /// has none: the solver gave no answer, and its time is how long the runner waited for
    /// one (up to `--timeout`), not a solve time, as a benchmark harness leaves a run that
    /// failed out of its statistics rather than count it a fast or a slow run. Nor has a
    /// status this version does not know: what its time measured is not known. These rows
    /// are counted, each in its own column, and in the run's wall clock.
    pub fn solve_time(&self) -> Option<u64> {
        let answered = matches!(
            self.status,
            Status::Solved | Status::NoSolution | Status::BudgetExhausted | Status::Wrong
        );
        answered.then_some(self.nanoseconds)
    }
}

/// The CSV's columns: the fields of [`Row`] written to the file, in order.
pub const COLUMNS: [&str; 16] = [
    "corpus",
    "index",
    "line",
    "name",
    "solver",
    "limit",
    "status",
    "solutions",
    "nodes",
    "backtracks",
    "nanoseconds",
    "median_nanoseconds",
    "retimed",
    "puzzle",
    "solution",
    "original",
];

/// The CSV header line.
pub fn header_line() -> Vec<u8> {
    let mut line = COLUMNS.join(",").into_bytes();
    line.push(b'\n');
    line
}

/// The first line of every CSV the runner writes, up to its third column: how a results
/// CSV is told from a corpus (a folder of corpora may hold one).
const HEADER_START: &[u8] = b"corpus,index,line,";

/// Whether `first_line` is the header of a CSV written by the runner (of this version or
/// an earlier one).
pub fn is_results_header(first_line: &[u8]) -> bool {
    let line = first_line
        .strip_prefix(b"\xEF\xBB\xBF")
        .unwrap_or(first_line);
    line.starts_with(HEADER_START)
}

/// Whether what `reader` gives starts with the header of a CSV written by the runner: its
/// first 64 bytes read, no more (a corpus of the same stem is not taken for a run).
pub fn reads_as_results(reader: impl std::io::Read) -> bool {
    use std::io::Read as _;
    let mut start = Vec::with_capacity(64);
    reader.take(64).read_to_end(&mut start).is_ok() && is_results_header(&start)
}

/// A grid's text, as a row holds it ([`grid_text`]): kept in place up to the size of a
/// 9x9 grid's text, so that a row of the common grid is made without a heap allocation (and
/// freed without one, on whichever thread drops it); a larger grid's text is on the heap.
pub type GridText = smallstr::SmallString<[u8; GRID_TEXT_INLINE]>;

/// The longest text a [`GridText`] holds in place: a 9x9 grid's 81 cells and its 8 bars.
pub const GRID_TEXT_INLINE: usize = CELLS + SIDE - 1;

/// A grid as the CSV writes it: its rows one after the other, `|` between them, `.` for
/// an empty cell (`4.....8.5|.3.......|…` for a 9x9 grid, 4 rows of 4 for a 4x4).
///
/// ```
/// use sudoku_core::Grid;
/// let g: Grid = "1.3..4..2...1..4".parse().unwrap();
/// assert_eq!(sudoku_results::grid_text(&g), "1.3.|.4..|2...|1..4");
/// assert_eq!(sudoku_results::grid_text(&g).parse::<Grid>().unwrap(), g);
/// ```
pub fn grid_text(grid: &Grid) -> GridText {
    if let Ok(cells) = <&[u8; CELLS]>::try_from(grid.cells()) {
        // The common grid, written without a table: a 9x9 grid's digits are their own
        // symbols. All 81 symbols at once (a loop of known length, which the compiler
        // vectorises), then each row of them copied before its bar (nine bytes, a known
        // length: two moves, no call).
        let mut symbols = [0u8; CELLS];
        for (symbol, &cell) in symbols.iter_mut().zip(cells) {
            // A 9x9 grid's cells are at most 9: the mask keeps every byte ASCII whatever
            // they hold, which is what makes the text UTF-8 below.
            *symbol = if cell == 0 {
                b'.'
            } else {
                b'0'.wrapping_add(cell) & 0x7F
            };
        }
        // Rows of ten bytes, their last a bar, but the last row's (no bar after it).
        let mut text = [b'|'; GRID_TEXT_INLINE];
        for (out, row) in text.chunks_mut(SIDE + 1).zip(symbols.chunks_exact(SIDE)) {
            out[..SIDE].copy_from_slice(row);
        }
        debug_assert!(text.is_ascii());
        // SAFETY: every byte is `|`, `.` or a digit `0`-`9`: ASCII, so valid UTF-8. (A
        // checked conversion costs as much again as writing the text, on every solve.)
        return unsafe { GridText::from_buf_unchecked(text) };
    }
    let side = grid.size().side();
    let mut text = [b'|'; MAX_TEXT];
    let mut len = 0;
    for row in grid.cells().chunks(side) {
        for (byte, &cell) in text[len..len + side].iter_mut().zip(row) {
            *byte = CELL_TEXT[usize::from(cell)];
        }
        len += side + 1;
    }
    // Cell symbols are ASCII: this never falls back.
    GridText::from_str(std::str::from_utf8(&text[..len.saturating_sub(1)]).unwrap_or_default())
}

/// The longest grid text: every cell of the largest grid, and a bar between its rows.
const MAX_TEXT: usize = MAX_CELLS + MAX_SIDE - 1;

/// The text of a cell's value: `.` for empty, then the symbols of [`SYMBOLS`].
static CELL_TEXT: [u8; 256] = {
    let mut table = [b'?'; 256];
    table[0] = b'.';
    let mut d = 0;
    while d < SYMBOLS.len() {
        table[d + 1] = SYMBOLS[d];
        d += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_has_a_solve_time_when_its_solver_answered() {
        let row = |status: Status| Row {
            corpus: "c.txt".into(),
            index: 0,
            line: 1,
            name: None,
            solver: "s".into(),
            limit: 1,
            status,
            solutions: 0,
            nodes: 0,
            backtracks: 0,
            nanoseconds: 7,
            median_nanoseconds: 7,
            retimed: Retimed::Trusted(0),
            puzzle: GridText::new(),
            solution: GridText::new(),
            original: None,
            problem: None,
        };
        let timed: Vec<Option<u64>> = Status::KNOWN
            .into_iter()
            .chain([Status::Unknown("later".into())])
            .map(|s| row(s).solve_time())
            .collect();
        // solved, no_solution, budget_exhausted, wrong; timeout, crashed; unknown.
        assert_eq!(
            timed,
            [Some(7), Some(7), Some(7), Some(7), None, None, None]
        );
    }

    #[test]
    fn grid_text_has_a_bar_between_rows_at_every_size() {
        let nine: Grid =
            "864371259325849761971265843436192587198657432257483916689734125713528694542916378"
                .parse()
                .unwrap();
        assert_eq!(
            grid_text(&nine),
            "864371259|325849761|971265843|436192587|198657432|257483916|689734125|713528694|542916378"
        );
        let puzzle: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        assert_eq!(
            grid_text(&puzzle),
            "4.....8.5|.3.......|...7.....|.2.....6.|....8.4..|....1....|...6.3.7.|5..2.....|1.4......"
        );
        let empty = Grid::empty(sudoku_core::Size::SIXTEEN);
        let text = grid_text(&empty);
        assert_eq!(text.split('|').count(), 16);
        assert!(text.split('|').all(|r| r == ".".repeat(16)));
        assert_eq!(text.parse::<Grid>().unwrap(), empty);
    }
}
