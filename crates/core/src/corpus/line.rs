//! One corpus line, taken apart: its fields, the puzzle, a known solution, a label.
//!
//! Works on the line's bytes, so that only the puzzle field needs to be text: a label or
//! a comment in another encoding does not lose the puzzle.

use crate::grid::{is_cell_symbol, Grid, GridError};
use crate::size::Size;
use crate::units::CELLS;

use super::LineProblem;

/// One field of a line: its 1-based column (in characters) and its bytes, quotes removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Field<'a> {
    /// The byte where the field starts in its line.
    pub start: usize,
    /// The 1-based column (in characters) of its first byte, inside its quote if it has
    /// one: a column in the field is this one plus its place in `bytes` (before a `""`).
    pub column: usize,
    pub bytes: std::borrow::Cow<'a, [u8]>,
}

/// Separators between the fields of a corpus line.
fn is_separator(b: u8) -> bool {
    matches!(b, b',' | b';' | b'\t' | b' ')
}

/// The 1-based column, in characters, of byte `at` of `line`.
pub(super) fn column_of(line: &[u8], at: usize) -> usize {
    String::from_utf8_lossy(&line[..at.min(line.len())])
        .chars()
        .count()
        + 1
}

/// Splits a line into fields at `,`, `;`, tabs and spaces (runs of separators count
/// once). A field that starts with `"` runs to its closing quote, `""` standing for a
/// quote inside it, as CSV quotes fields.
pub(super) fn fields(line: &[u8]) -> Vec<Field<'_>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < line.len() {
        if is_separator(line[i]) {
            i += 1;
            continue;
        }
        let start = i;
        let quoted = line[i] == b'"';
        let bytes = if quoted {
            let mut text = Vec::new();
            i += 1;
            while i < line.len() {
                if line[i] == b'"' {
                    if line.get(i + 1) == Some(&b'"') {
                        text.push(b'"');
                        i += 2;
                        continue;
                    }
                    i += 1;
                    break;
                }
                text.push(line[i]);
                i += 1;
            }
            while i < line.len() && !is_separator(line[i]) {
                text.push(line[i]);
                i += 1;
            }
            std::borrow::Cow::Owned(text)
        } else {
            while i < line.len() && !is_separator(line[i]) {
                i += 1;
            }
            std::borrow::Cow::Borrowed(&line[start..i])
        };
        out.push(Field {
            start,
            column: column_of(line, start) + usize::from(quoted),
            bytes,
        });
    }
    out
}

/// Pretty-printing marks ignored inside a puzzle field.
fn is_mark(c: char) -> bool {
    matches!(c, '|' | '+' | '-')
}

/// Whether a byte only lays cells out: a separator or a pretty-printing mark.
fn is_layout(b: u8) -> bool {
    is_separator(b) || is_mark(char::from(b))
}

/// Whether a line (without its `\n`; at most [`MAX_LINE_BYTES`](super::MAX_LINE_BYTES))
/// holds no puzzle and is skipped: blank, a comment, nothing but layout (a grid's rule
/// `------+------+------`), or the NULs left of a UTF-16 or UTF-32 line end (the line
/// before it said what the file is).
pub fn is_skipped_line(text: &[u8]) -> bool {
    if text.contains(&0) {
        return text.len() < 4 && text.iter().all(|&b| b == 0);
    }
    let text = text.trim_ascii();
    text.starts_with(b"#") || text.iter().all(|&b| is_layout(b))
}

/// Whether a line (without its line end) may be a row of a grid file (see the module):
/// cheaply, and never wrongly `false`, so that a reader that cuts a corpus into parts
/// keeps such lines together.
pub fn may_be_grid_row(text: &[u8]) -> bool {
    let integers = || text.iter().all(|&b| b.is_ascii_digit() || is_separator(b));
    let cells = text
        .iter()
        .filter(|&&b| !is_layout(b))
        .take(ROW_SIDES[1] + 1)
        .count();
    (text.contains(&b',') && integers()) || ROW_SIDES.contains(&cells)
}

/// Whether a field reads as a header's: no digit and no `.` at all (`quizzes`,
/// `Sudoku`), so that it cannot be a puzzle of any size.
pub(super) fn is_header_field(field: &[u8]) -> bool {
    !field.iter().any(|&b| b.is_ascii_digit() || b == b'.')
}

/// The names a header gives the puzzles' column, in any case: kaggle's `quizzes` and
/// `puzzle`, sudoku-extreme's `question`, the 16x16 set's `Sudoku`.
const PUZZLE_COLUMNS: [&str; 6] = ["puzzle", "puzzles", "quiz", "quizzes", "question", "sudoku"];

/// The field of each line that holds the puzzle, when `text` (a line without its line
/// end) is a header ([`is_header_field`]) that names the puzzles' column: the first
/// field when it names none; `None` when `text` is no header.
pub(super) fn header_puzzle_field(text: &[u8]) -> Option<usize> {
    let fields = fields(text);
    let first = fields.first()?;
    if !is_header_field(&first.bytes) {
        return None;
    }
    let named = |f: &Field<'_>| {
        (PUZZLE_COLUMNS.iter()).any(|name| f.bytes.eq_ignore_ascii_case(name.as_bytes()))
    };
    Some(fields.iter().position(named).unwrap_or(0))
}

/// Parses the puzzle field strictly: cell symbols and pretty-printing marks, nothing
/// else; its size from its cell count. Errors carry the column they concern.
pub(super) fn puzzle(field: &Field<'_>) -> Result<Grid, (usize, LineProblem)> {
    if let Some(grid) = plain_nine(&field.bytes) {
        return Ok(grid);
    }
    let text = match std::str::from_utf8(&field.bytes) {
        Ok(text) => text,
        Err(e) => {
            let at = field.column + column_of(&field.bytes, e.valid_up_to()) - 1;
            return Err((at, LineProblem::NotUtf8));
        }
    };
    for (k, c) in text.chars().enumerate() {
        if !is_cell_symbol(c) && !is_mark(c) {
            return Err((field.column + k, LineProblem::UnexpectedChar { ch: c }));
        }
    }
    Grid::parse(text).map_err(|e| match e {
        GridError::Symbol { at, .. } => (field.column + at, LineProblem::from(e)),
        e => (field.column, LineProblem::from(e)),
    })
}

/// The common field, read at once: 81 bytes, each a digit or `.` (`0` and `.` empty),
/// the 9x9 grid [`puzzle`] would read from it; `None` for any other field.
pub(super) fn plain_nine(field: &[u8]) -> Option<Grid> {
    plain_nine_cells(field).map(Grid::from_cells)
}

/// The cell values (0 for empty) of the common corpus field, read at once: 81 bytes, each a
/// digit or `.` (`0` and `.` empty); `None` for any other field. A reader may put them into
/// a grid it already has, or only ask whether a line is the common one. One pass without
/// branches; inlined where it is used, so that a reader that only asks (the engine's
/// chunker, on every line) makes no cells.
///
/// ```
/// use sudoku_core::corpus::plain_nine_cells;
/// let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// assert_eq!(plain_nine_cells(line.as_bytes()).map(|c| c[0]), Some(4));
/// assert_eq!(plain_nine_cells(b"4....."), None);
/// ```
#[inline]
pub fn plain_nine_cells(field: &[u8]) -> Option<[u8; CELLS]> {
    let field: &[u8; CELLS] = field.try_into().ok()?;
    let mut cells = [0u8; CELLS];
    let mut plain = true;
    for (cell, &b) in cells.iter_mut().zip(field) {
        let digit = b.wrapping_sub(b'0');
        let dot = b == b'.';
        plain &= digit <= 9 || dot;
        *cell = if dot { 0 } else { digit };
    }
    plain.then_some(cells)
}

/// Whether a field has the shape of a known solution of `puzzle`: as many cell symbols
/// as the puzzle has cells. Any other second field (an id, a rating, a label) is not one.
pub(super) fn looks_like_solution(field: &[u8], puzzle: &Grid) -> bool {
    field.len() == puzzle.size().cells() && field.iter().all(|&b| is_cell_symbol(char::from(b)))
}

/// Parses a known-solution field: every cell a digit of the puzzle's size, solving it.
pub(super) fn solution(field: &[u8], puzzle: &Grid) -> Result<Grid, LineProblem> {
    let size = puzzle.size();
    let values: Option<Vec<u8>> = field
        .iter()
        .map(|&b| size.digit_of(char::from(b)))
        .collect();
    let Some(values) = values else {
        return Err(LineProblem::SolutionFormat { size });
    };
    let solution = Grid::from_values(size, &values);
    solution
        .check_solution_of(puzzle)
        .map_err(LineProblem::WrongSolution)?;
    Ok(solution)
}

/// The label of a line: the text after the puzzle (and its solution). A quoted field is
/// the label, unquoted, as CSV reads it; on a line with tabs, the next tab-separated field
/// (a name, before its attribution); otherwise the rest of the line. Bytes that are not
/// UTF-8 are replaced, never fatal.
pub(super) fn label(line: &[u8], fields: &[Field<'_>], used: usize) -> Option<String> {
    let first = fields.get(used)?;
    let rest = &line[first.start..];
    let text = if rest.starts_with(b"\"") {
        &first.bytes
    } else if line.contains(&b'\t') {
        rest.split(|&b| b == b'\t').next().unwrap_or(rest)
    } else {
        rest
    };
    let text = String::from_utf8_lossy(text);
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_string())
}

/// The sides of the grids whose rows may be written as cell symbols: a line of 16 is a
/// 4x4 puzzle, and one of 4 too easily something else (`1234`).
const ROW_SIDES: [usize; 2] = [9, 25];

/// A row of a grid file (one puzzle written as N lines): the values of a line of 4, 9, 16
/// or 25 integer fields, each `0..=N`, separated by commas; or of a line of 9 or 25 cells,
/// each `.`, `0` or a digit of the N×N grid, laid out with separators and pretty-printing
/// marks or not (`4 . . |. . . |8 . 5`, `003020600`).
pub(super) fn grid_row(line: &[u8], fields: &[Field<'_>]) -> Option<(Size, Vec<u8>)> {
    let size = Size::from_side(fields.len());
    match size.filter(|_| line.contains(&b',')) {
        Some(size) => integer_row(size, fields),
        None => symbol_row(line),
    }
}

/// A row of `size` written as integers, one a field.
fn integer_row(size: Size, fields: &[Field<'_>]) -> Option<(Size, Vec<u8>)> {
    let values: Option<Vec<u8>> = fields
        .iter()
        .map(|f| {
            let text = std::str::from_utf8(&f.bytes).ok()?;
            if text.is_empty() || text.len() > 2 || !text.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            let v: u8 = text.parse().ok()?;
            (usize::from(v) <= size.side()).then_some(v)
        })
        .collect();
    values.map(|v| (size, v))
}

/// A row written as cell symbols, with or without layout between them.
fn symbol_row(line: &[u8]) -> Option<(Size, Vec<u8>)> {
    let cells = line.iter().copied().filter(|&b| !is_layout(b));
    // Counted up to one past the largest side: a long line is no row, and costs no more.
    let count = cells.clone().take(ROW_SIDES[1] + 1).count();
    let size = Size::from_side(count).filter(|s| ROW_SIDES.contains(&s.side()))?;
    let value = |b: u8| match b {
        b'.' | b'0' => Some(0),
        _ => size.digit_of(char::from(b)),
    };
    let values: Option<Vec<u8>> = cells.map(value).collect();
    values.map(|v| (size, v))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(line: &str) -> Vec<(usize, String)> {
        fields(line.as_bytes())
            .into_iter()
            .map(|f| (f.column, String::from_utf8(f.bytes.into_owned()).unwrap()))
            .collect()
    }

    #[test]
    fn fields_split_at_separators_and_unquote() {
        assert_eq!(
            texts("a,b;;c\t d"),
            [
                (1, "a".into()),
                (3, "b".into()),
                (6, "c".into()),
                (9, "d".into())
            ]
        );
        assert_eq!(
            texts("\"12.\",\"say \"\"hi\"\"\" x"),
            [
                (2, "12.".into()),
                (8, "say \"hi\"".into()),
                (20, "x".into())
            ]
        );
    }

    #[test]
    fn labels_take_the_next_tab_field_or_the_rest() {
        let line = b"puzzle\tAI Escargot\tArto Inkala\tsource";
        let f = fields(line);
        assert_eq!(label(line, &f, 1).as_deref(), Some("AI Escargot"));
        let line = b"puzzle near worst case (wiki)";
        let f = fields(line);
        assert_eq!(
            label(line, &f, 1).as_deref(),
            Some("near worst case (wiki)")
        );
        assert_eq!(label(line, &f, 5), None);
        let line = b"puzzle,\"a \"\"quoted\"\", name\",7";
        let f = fields(line);
        assert_eq!(label(line, &f, 1).as_deref(), Some("a \"quoted\", name"));
        let line = b"puzzle\t\"say \"\"hi\"\"\"\tsource";
        let f = fields(line);
        assert_eq!(label(line, &f, 1).as_deref(), Some("say \"hi\""));
        let line = b"puzzle caf\xe9 au lait";
        let f = fields(line);
        assert_eq!(label(line, &f, 1).as_deref(), Some("caf\u{FFFD} au lait"));
    }

    #[test]
    fn grid_rows_are_n_integers_or_n_cells() {
        let line = b"0,0,3,0,2,0,6,0,0";
        let (size, values) = grid_row(line, &fields(line)).unwrap();
        assert_eq!((size, values[2]), (Size::NINE, 3));
        let line = b"16,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1";
        assert_eq!(grid_row(line, &fields(line)).unwrap().0, Size::SIXTEEN);
        let line = b"0,0,10,0,0,0,0,0,0";
        assert!(grid_row(line, &fields(line)).is_none(), "10 in a 9x9 row");
        let rows = [
            ("0 0 3 0 2 0 6 0 0", 9),
            ("..3.2.6..", 9),
            (". . 3 |. 2 . |6 . .", 9),
        ];
        let wide = "1.3.".repeat(7);
        for (line, side) in rows.into_iter().chain([(&wide[..25], 25)]) {
            let (size, values) = grid_row(line.as_bytes(), &fields(line.as_bytes())).unwrap();
            assert_eq!((size.side(), values[2]), (side, 3), "{line}");
            assert!(may_be_grid_row(line.as_bytes()), "{line}");
        }
        for line in ["..3.2.6.A", "1.3..2..", &"1".repeat(16), "Grid 01", "1.3."] {
            assert!(
                grid_row(line.as_bytes(), &fields(line.as_bytes())).is_none(),
                "{line}"
            );
        }
        assert!(is_skipped_line(b"------+------+------ \r") && !is_skipped_line(b"--1--"));
    }
}
