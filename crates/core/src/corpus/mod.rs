//! Streaming corpus reader: one puzzle per line, never the whole file in memory.
//!
//! Real corpus files are untidy, and the reader takes them all:
//!
//! - LF or CRLF line ends, mixed within one file, and no final newline; a UTF-8
//!   byte-order mark before the first line;
//! - `0` or `.` for empty cells; puzzles of every size (4x4, 9x9, 16x16, 25x25: 16, 81,
//!   256 or 625 cells; digits above 9 are the letters `A`-`P`);
//! - blank lines and comment lines starting with `#` (skipped, whatever their encoding);
//! - a header line before the first puzzle whose first field holds no digit and no `.`,
//!   such as kaggle's `quizzes,solutions` (skipped). When it names the puzzles' column
//!   (`puzzle`, `puzzles`, `quiz`, `quizzes`, `question` or `sudoku`, in any case), each
//!   line's puzzle is its field of that column, the fields before it left out, as in
//!   kaggle's 3-million set (`id,puzzle,solution,clues,difficulty`); otherwise, and in a
//!   file without a header, it is the first field;
//! - more after the puzzle, separated by `,`, `;`, a tab or spaces, fields quoted as in
//!   CSV or not: kaggle's solution column, tdoku's ratings, ids, labels. When the field
//!   after the puzzle has as many cell symbols as the puzzle has cells, it is the
//!   puzzle's *known solution*: it must then be all digits and solve the puzzle.
//!   Otherwise what follows the puzzle is its *label* (on a line with tabs, the next
//!   tab-separated field), kept as text even when it is not UTF-8;
//! - a file holding one puzzle as N lines of N comma-separated integers (`0` empty), as
//!   `../shared/reference/reference_n.py` reads it, or of N cells (N = 9 or 25: a line of
//!   16 cells is a 4x4 puzzle, one of 4 too easily something else), laid out or not (`4 . . |. . . |8 . 5`, `003020600`),
//!   as SadMan Sudoku's `.sdk` files and Project Euler's `sudoku.txt` write puzzles; lines
//!   of layout alone (`------+------+------`) are skipped, as blank lines are.
//!
//! Within the puzzle field, the pretty-printing marks `|`, `+` and `-` are ignored
//! (as Norvig's `grid_values` ignores them); any other character that is not a cell is
//! an error naming its column.
//!
//! Every puzzle knows its 1-based line and its 0-based index, which counts puzzles
//! only (as `../shared/reference/README.md` defines it: comment, blank, header and
//! malformed lines do not count). A malformed line is an error naming file:line and
//! the reason; the caller decides whether to skip it (keep iterating) or stop. A file in
//! UTF-16 or UTF-32 (its byte-order mark) is named as such once, and not read.

mod files;
mod line;

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::Path;
use std::sync::Arc;

use thiserror::Error;

pub use files::{
    corpus_files, folder_files, is_corpus_file_name, CorpusFiles, LeftOut, CORPUS_EXTENSIONS,
};
pub use line::{is_skipped_line, may_be_grid_row, plain_nine_cells};

use crate::grid::{Grid, GridError, SolutionError};
use crate::size::Size;
use crate::units::CELLS;

/// Lines longer than this many bytes are malformed (and never held in memory whole).
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// One puzzle read from a corpus. The default: the empty 9x9 grid, nothing else (a
/// puzzle to read into, see [`CorpusReader::read_into`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Puzzle {
    /// The puzzle.
    pub grid: Grid,
    /// The solution the corpus gives for it, if any (already checked to solve `grid`):
    /// boxed, as few corpora give one, so that a puzzle stays small to move.
    pub solution: Option<Box<Grid>>,
    /// The text after the puzzle, when it is not a solution: a name, an id, a rating.
    pub label: Option<String>,
    /// The 1-based line of the file it was read from (its first line, for a grid file).
    pub line: u64,
    /// The 0-based index among the puzzles of the file.
    pub index: u64,
}

/// Where in a corpus something is: `file:line` or `file:line:column` (1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// The file (or stream) name.
    pub path: Arc<str>,
    /// The 1-based line.
    pub line: u64,
    /// The 1-based column (in characters), where one applies.
    pub column: Option<usize>,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "{}:{}:{}", self.path, self.line, c),
            None => write!(f, "{}:{}", self.path, self.line),
        }
    }
}

/// What is wrong with a malformed corpus line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LineProblem {
    /// The puzzle field is not valid UTF-8.
    #[error("the puzzle is not valid UTF-8")]
    NotUtf8,
    /// The line is longer than [`MAX_LINE_BYTES`].
    #[error("the line is longer than {limit} bytes")]
    TooLong {
        /// The limit in bytes.
        limit: usize,
    },
    /// A character that is neither a cell (`1`-`9`, `A`-`P`, `.`, `0`) nor a
    /// pretty-printing mark.
    #[error(
        "unexpected character {ch:?} in the puzzle (givens are 1-9 then A-P, empty cells . or 0)"
    )]
    UnexpectedChar {
        /// The character.
        ch: char,
    },
    /// The puzzle field is not a grid: it does not hold the cells of any size, or it holds
    /// a symbol beyond the digits of its size (as [`Grid`]'s parser says).
    #[error(transparent)]
    Grid(#[from] GridError),
    /// The known-solution field holds an empty cell or a symbol beyond the size.
    #[error("the known solution is not {cells} digits 1-{last}", cells = size.cells(), last = size.symbol(size.side() as u8))]
    SolutionFormat {
        /// The puzzle's size.
        size: Size,
    },
    /// The known solution does not solve the puzzle.
    #[error("the known solution does not solve the puzzle: {0}")]
    WrongSolution(SolutionError),
    /// The line holds NUL bytes between ASCII characters: a UTF-16 or UTF-32 file without
    /// a byte-order mark (which, by how many NULs each character has).
    #[error("the line holds NUL bytes: is the file {0}? (save it as UTF-8 to read it)")]
    Nul(Wide),
    /// The line holds NUL bytes among bytes that are not text: binary data.
    #[error("the line holds NUL bytes and bytes that are not text: a binary file, not a corpus")]
    Binary,
    /// The line has no field in the column where the corpus's header puts the puzzles.
    #[error("the line has no field {field}, the puzzles' column in the header")]
    NoPuzzleField {
        /// The column, 1-based.
        field: usize,
    },
    /// A grid file (N lines of N cells) stops before its N-th line.
    #[error("a {size} grid written a row a line ends after {rows} of its {} rows", size.side())]
    ShortGrid {
        /// The grid's size.
        size: Size,
        /// The rows read.
        rows: usize,
    },
}

/// A text encoding of two or four bytes a character, which the reader does not read (see
/// [`wide_bom`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wide {
    /// UTF-16, either byte order.
    Utf16,
    /// UTF-32, either byte order.
    Utf32,
}

impl fmt::Display for Wide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wide::Utf16 => "UTF-16",
            Wide::Utf32 => "UTF-32",
        })
    }
}

/// The encoding a file's first line says by its byte-order mark, when it is UTF-16 or
/// UTF-32 (either byte order): UTF-32's little-endian mark starts as UTF-16's does, and is
/// looked for first.
pub fn wide_bom(line: &[u8]) -> Option<Wide> {
    if line.starts_with(b"\xFF\xFE\0\0") || line.starts_with(b"\0\0\xFE\xFF") {
        Some(Wide::Utf32)
    } else if line.starts_with(b"\xFF\xFE") || line.starts_with(b"\xFE\xFF") {
        Some(Wide::Utf16)
    } else {
        None
    }
}

/// An error while reading a corpus.
#[derive(Debug, Error)]
pub enum CorpusError {
    /// The file cannot be opened.
    #[error("{path}: cannot open: {reason}")]
    Open {
        /// The file.
        path: String,
        /// Why (part of the message, so that it reads in one line).
        reason: io::Error,
    },
    /// A folder holds no corpus file.
    #[error("{path}: no corpus files in this folder (looked for *.txt, *.csv, *.tsv, *.sdk and files without extension)")]
    EmptyFolder {
        /// The folder.
        path: String,
    },
    /// Reading failed part-way (the iterator ends after this error).
    #[error("{path}:{line}: read error: {reason}")]
    Read {
        /// The file.
        path: String,
        /// The line being read.
        line: u64,
        /// Why (part of the message, so that it reads in one line).
        reason: io::Error,
    },
    /// The file starts with a UTF-16 or UTF-32 byte-order mark: the iterator ends after
    /// this error.
    #[error("{path}: the file is {encoding} (it starts with a {encoding} byte-order mark): save it as UTF-8 to read it")]
    Wide {
        /// The file.
        path: String,
        /// Its encoding, as its byte-order mark says.
        encoding: Wide,
    },
    /// A malformed line: reading may go on with the next line.
    #[error("{location}: {problem}")]
    Malformed {
        /// Where.
        location: Location,
        /// What is wrong.
        problem: LineProblem,
    },
}

impl CorpusError {
    /// Whether this error concerns one line only, so that reading may go on.
    pub fn is_malformed_line(&self) -> bool {
        matches!(self, CorpusError::Malformed { .. })
    }
}

/// What the part of a corpus that a reader starts at follows
/// ([`CorpusReader::continuing`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Before {
    /// Nothing that may hold a puzzle: the corpus's first such line may be a header.
    #[default]
    Start,
    /// Lines that may hold a puzzle, the first of which said where each line's puzzle is:
    /// in its field `puzzle_field` (0-based; see the module on headers).
    Records {
        /// The field of each line that holds its puzzle.
        puzzle_field: usize,
    },
}

impl Before {
    /// What the line after `line` follows, when `line` followed `self`: `line` is one
    /// that may hold a puzzle (with or without its line end; the corpus's first may start
    /// with a byte-order mark), and the first of them says where every line's puzzle is.
    pub fn then(self, line: &[u8]) -> Before {
        match self {
            Before::Records { .. } => self,
            Before::Start => {
                let text = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
                let text = text.strip_suffix(b"\n").unwrap_or(text);
                let header = (text.len() <= MAX_LINE_BYTES && !text.contains(&0))
                    .then(|| line::header_puzzle_field(text.trim_ascii()))
                    .flatten();
                Before::Records {
                    puzzle_field: header.unwrap_or(0),
                }
            }
        }
    }

    /// What comes after a first line that is no header (too long, binary, a puzzle):
    /// each line's puzzle is its first field.
    fn past_start(self) -> Before {
        self.then(b"")
    }

    /// The field of each line that holds its puzzle.
    fn puzzle_field(self) -> usize {
        match self {
            Before::Start => 0,
            Before::Records { puzzle_field } => puzzle_field,
        }
    }
}

/// The rows of a grid file read so far.
struct GridRows {
    size: Size,
    first_line: u64,
    values: Vec<u8>,
}

/// A streaming reader of the puzzles of one corpus, line by line.
///
/// ```
/// use sudoku_core::corpus::CorpusReader;
/// let text = "quizzes,solutions\r\n# a comment\n\n4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// let puzzles: Vec<_> = CorpusReader::new(text.as_bytes(), "inline").collect();
/// assert_eq!(puzzles.len(), 1);
/// let p = puzzles[0].as_ref().unwrap();
/// assert_eq!((p.line, p.index), (4, 0));
/// ```
pub struct CorpusReader<R> {
    source: R,
    name: Arc<str>,
    line: u64,
    index: u64,
    buf: Vec<u8>,
    before: Before,
    grid_rows: Option<GridRows>,
    /// What the line that cut a grid file short gave, after that error.
    pending: Option<Result<Puzzle, CorpusError>>,
    done: bool,
}

impl CorpusReader<BufReader<File>> {
    /// Opens a corpus file.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, CorpusError> {
        let path = path.as_ref();
        let name = path.display().to_string();
        if path.is_dir() {
            return Err(CorpusError::Open {
                path: name,
                reason: io::Error::other("is a folder, not a file"),
            });
        }
        match File::open(path) {
            Ok(file) => Ok(CorpusReader::new(BufReader::new(file), name)),
            Err(reason) => Err(CorpusError::Open { path: name, reason }),
        }
    }
}

impl<R: BufRead> CorpusReader<R> {
    /// Reads puzzles from any buffered source; `name` names it in errors.
    pub fn new(source: R, name: impl Into<Arc<str>>) -> Self {
        CorpusReader {
            source,
            name: name.into(),
            line: 0,
            index: 0,
            buf: Vec::new(),
            before: Before::Start,
            grid_rows: None,
            pending: None,
            done: false,
        }
    }

    /// Reads a part of a corpus as it would be read in place: `source` starts after the
    /// corpus's first `lines_before` lines (so line numbers go on from there, and a
    /// byte-order mark is only looked for when there are none), after `before` (a header
    /// is only taken before the first record, and says where the puzzles are).
    pub fn continuing(
        source: R,
        name: impl Into<Arc<str>>,
        lines_before: u64,
        before: Before,
    ) -> Self {
        CorpusReader {
            line: lines_before,
            before,
            ..CorpusReader::new(source, name)
        }
    }

    /// The name of the source, as errors give it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The source being read (to ask it, say, whether more is buffered: the reader keeps
    /// no bytes of its own between puzzles).
    pub fn get_ref(&self) -> &R {
        &self.source
    }

    /// Reads one line into `buf` (without its terminator), at most `MAX_LINE_BYTES`
    /// of it; returns `Ok(None)` at the end, `Ok(Some(too_long))` otherwise.
    fn read_line(&mut self) -> io::Result<Option<bool>> {
        self.buf.clear();
        let mut too_long = false;
        let mut any = false;
        loop {
            let available = match self.source.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                return Ok(if any { Some(too_long) } else { None });
            }
            any = true;
            let (chunk, used, end) = match memchr::memchr(b'\n', available) {
                Some(i) => (&available[..i], i + 1, true),
                None => (available, available.len(), false),
            };
            let room = MAX_LINE_BYTES.saturating_sub(self.buf.len());
            if chunk.len() > room {
                too_long = true;
            }
            self.buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
            self.source.consume(used);
            if end {
                return Ok(Some(too_long));
            }
        }
    }

    fn malformed(&self, line: u64, column: Option<usize>, problem: LineProblem) -> CorpusError {
        CorpusError::Malformed {
            location: Location {
                path: self.name.clone(),
                line,
                column,
            },
            problem,
        }
    }

    /// The next puzzle, error or end, after a line was read into `buf`.
    fn take_line(&mut self, too_long: bool) -> Option<Result<Puzzle, CorpusError>> {
        self.line += 1;
        if self.line == 1 {
            if let Some(rest) = self.buf.strip_prefix(b"\xEF\xBB\xBF") {
                self.buf = rest.to_vec();
            } else if let Some(encoding) = wide_bom(&self.buf) {
                return Some(Err(self.wide(encoding)));
            }
        }
        if too_long {
            self.before = self.before.past_start();
            let problem = LineProblem::TooLong {
                limit: MAX_LINE_BYTES,
            };
            return Some(Err(self.malformed(self.line, None, problem)));
        }
        if line::is_skipped_line(&self.buf) {
            return None;
        }
        if self.buf.contains(&0) {
            self.before = self.before.past_start();
            let problem = match looks_wide(&self.buf) {
                Some(wide) => LineProblem::Nul(wide),
                None => LineProblem::Binary,
            };
            return Some(Err(self.malformed(self.line, None, problem)));
        }
        while self.buf.last().is_some_and(|&b| b == b'\r') {
            self.buf.pop();
        }
        let buf = std::mem::take(&mut self.buf);
        let item = self.record(&buf);
        self.buf = buf;
        item
    }

    fn wide(&mut self, encoding: Wide) -> CorpusError {
        self.done = true;
        CorpusError::Wide {
            path: self.name.to_string(),
            encoding,
        }
    }

    /// A line that is neither blank nor a comment.
    fn record(&mut self, text: &[u8]) -> Option<Result<Puzzle, CorpusError>> {
        // The common line, a 9x9 puzzle alone, is read at once: it reads as below (one
        // field, no header, no solution, no label) unless a grid file is being read or a
        // header put the puzzles in another field.
        if self.grid_rows.is_none() && self.before.puzzle_field() == 0 {
            if let Some(grid) = line::plain_nine(text) {
                self.before = self.before.past_start();
                return Some(Ok(self.puzzle(grid, None, None, self.line)));
            }
        }
        let fields = line::fields(text);
        let first = fields.first()?; // separators only: nothing on the line
        let before = self.before;
        self.before = before.then(text);
        if let Some((size, values)) = line::grid_row(text, &fields) {
            return self.grid_row(size, values);
        }
        if let Some(cut) = self.short_grid() {
            // The grid file ends here; this line is read as any other, after the error.
            self.pending = self.record(text);
            return Some(Err(cut));
        }
        if before == Before::Start && line::is_header_field(&first.bytes) {
            return None; // a header such as `quizzes,solutions`
        }
        let at = self.before.puzzle_field();
        let Some(field) = fields.get(at) else {
            let problem = LineProblem::NoPuzzleField { field: at + 1 };
            return Some(Err(self.malformed(self.line, None, problem)));
        };
        let grid = match line::puzzle(field) {
            Ok(grid) => grid,
            Err((column, problem)) => {
                return Some(Err(self.malformed(self.line, Some(column), problem)))
            }
        };
        let mut solution = None;
        let mut used = at + 1;
        if let Some(second) = fields
            .get(at + 1)
            .filter(|f| line::looks_like_solution(&f.bytes, &grid))
        {
            match line::solution(&second.bytes, &grid) {
                Ok(s) => solution = Some(s),
                Err(problem) => {
                    return Some(Err(self.malformed(self.line, Some(second.column), problem)))
                }
            }
            used += 1;
        }
        let label = line::label(text, &fields, used);
        Some(Ok(self.puzzle(grid, solution, label, self.line)))
    }

    /// One row of a grid file: the puzzle once its N rows are read.
    fn grid_row(&mut self, size: Size, values: Vec<u8>) -> Option<Result<Puzzle, CorpusError>> {
        match &mut self.grid_rows {
            Some(rows) if rows.size == size => rows.values.extend(values),
            Some(_) => {
                let cut = self.short_grid();
                self.grid_rows = Some(GridRows {
                    size,
                    first_line: self.line,
                    values,
                });
                return cut.map(Err);
            }
            None => {
                self.grid_rows = Some(GridRows {
                    size,
                    first_line: self.line,
                    values,
                })
            }
        }
        let rows = self.grid_rows.as_ref()?;
        if rows.values.len() < size.cells() {
            return None;
        }
        let rows = self.grid_rows.take()?;
        let grid = Grid::from_values(size, &rows.values);
        Some(Ok(self.puzzle(grid, None, None, rows.first_line)))
    }

    /// The error for a grid file whose rows stop short, if one is being read.
    fn short_grid(&mut self) -> Option<CorpusError> {
        let rows = self.grid_rows.take()?;
        let problem = LineProblem::ShortGrid {
            size: rows.size,
            rows: rows.values.len() / rows.size.side(),
        };
        Some(self.malformed(rows.first_line, None, problem))
    }

    /// The common line read where it lies in the source's buffer, without a copy: 81 digits
    /// or dots and its line end. It reads as [`Self::take_line`] reads it; `None` for any
    /// other line (and for the file's first line, which may start with a byte-order mark,
    /// or inside a grid file), left to it.
    fn plain_line(&mut self) -> Option<Puzzle> {
        let cells = self.plain_cells()?;
        Some(self.puzzle(Grid::from_cells(cells), None, None, self.line))
    }

    /// [`Self::plain_line`]'s cell values, the line taken (it is the one read).
    fn plain_cells(&mut self) -> Option<[u8; CELLS]> {
        if self.line == 0 || self.grid_rows.is_some() || self.before.puzzle_field() != 0 {
            return None;
        }
        let buffered = self.source.fill_buf().ok()?;
        let end = match buffered.get(CELLS..)? {
            [b'\n', ..] => CELLS + 1,
            [b'\r', b'\n', ..] => CELLS + 2,
            _ => return None,
        };
        let cells = line::plain_nine_cells(&buffered[..CELLS])?;
        self.source.consume(end);
        self.line += 1;
        self.before = self.before.past_start();
        Some(cells)
    }

    /// The next puzzle, read into `puzzle` (what [`Iterator::next`] gives, without making
    /// a new [`Puzzle`] each time): `None` at the end, `Some(Err)` for a malformed line
    /// (reading goes on after it) or an error that ends the corpus, as `next` gives them.
    /// The common line (81 digits or dots) is parsed straight into `puzzle`'s grid: a
    /// worker that reads puzzle after puzzle into one `Puzzle` moves none of them.
    ///
    /// `puzzle` is left as it was when the answer is not `Some(Ok(()))`.
    ///
    /// ```
    /// use sudoku_core::corpus::{CorpusReader, Puzzle};
    /// let text = "# two\n4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n52...6.........7.13...........4..8..6......5...........418.........3..2...87.....\n";
    /// let mut reader = CorpusReader::new(text.as_bytes(), "inline");
    /// let mut puzzle = Puzzle::default();
    /// let mut lines = Vec::new();
    /// while let Some(item) = reader.read_into(&mut puzzle) {
    ///     item.unwrap();
    ///     lines.push((puzzle.line, puzzle.index, puzzle.grid.to_line()));
    /// }
    /// assert_eq!(lines.len(), 2);
    /// assert_eq!((lines[1].0, lines[1].1), (3, 1));
    /// assert!(lines[1].2.starts_with("52...6"));
    /// ```
    pub fn read_into(&mut self, puzzle: &mut Puzzle) -> Option<Result<(), CorpusError>> {
        if self.pending.is_none() && !self.done {
            if let Some(cells) = self.plain_cells() {
                puzzle.grid.set_cells(cells);
                puzzle.solution = None;
                puzzle.label = None;
                puzzle.line = self.line;
                puzzle.index = self.next_index();
                return Some(Ok(()));
            }
        }
        Some(self.next()?.map(|read| *puzzle = read))
    }

    fn puzzle(
        &mut self,
        grid: Grid,
        solution: Option<Grid>,
        label: Option<String>,
        line: u64,
    ) -> Puzzle {
        Puzzle {
            grid,
            solution: solution.map(Box::new),
            label,
            line,
            index: self.next_index(),
        }
    }

    /// The index of the puzzle being read: one more than the last one's.
    fn next_index(&mut self) -> u64 {
        self.index += 1;
        self.index - 1
    }
}

impl<R: BufRead> Iterator for CorpusReader<R> {
    type Item = Result<Puzzle, CorpusError>;

    fn next(&mut self) -> Option<Self::Item> {
        // (Looked at before it is taken: a `Puzzle` is large, and taking moves it.)
        if self.pending.is_some() {
            return self.pending.take();
        }
        while !self.done {
            if let Some(puzzle) = self.plain_line() {
                return Some(Ok(puzzle));
            }
            match self.read_line() {
                Ok(None) => {
                    self.done = true;
                    return self.short_grid().map(Err);
                }
                Ok(Some(too_long)) => {
                    if let Some(item) = self.take_line(too_long) {
                        return Some(item);
                    }
                }
                Err(reason) => {
                    self.done = true;
                    return Some(Err(CorpusError::Read {
                        path: self.name.to_string(),
                        line: self.line + 1,
                        reason,
                    }));
                }
            }
        }
        None
    }
}

/// What a line holding NUL bytes reads as, when it is ASCII text saved as UTF-16 or
/// UTF-32 (without a byte-order mark): its other bytes are ASCII, each alone between NULs,
/// one NUL between two of them (UTF-16) or three (UTF-32). NULs at its ends are the halves
/// of characters cut where the reader cut the line, at the byte `\n`.
fn looks_wide(line: &[u8]) -> Option<Wide> {
    let start = line.iter().position(|&b| b != 0)?;
    let end = line.iter().rposition(|&b| b != 0)? + 1;
    let text = &line[start..end];
    let spaced = |width: usize| {
        text.len() % width == 1
            && text
                .iter()
                .enumerate()
                .all(|(i, &b)| (b == 0) == (i % width != 0))
    };
    if !line.is_ascii() {
        None
    } else if spaced(2) {
        Some(Wide::Utf16)
    } else if spaced(4) {
        Some(Wide::Utf32)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOP1: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn read(text: &[u8]) -> Vec<Result<Puzzle, CorpusError>> {
        CorpusReader::new(text, "t.txt").collect()
    }

    fn message(item: &Result<Puzzle, CorpusError>) -> String {
        item.as_ref().unwrap_err().to_string()
    }

    #[test]
    fn lines_read_in_place_read_as_lines_copied() {
        // A buffer smaller than a line never holds one whole: every line is copied first.
        let mut zeros = TOP1.replace('.', "0");
        zeros.replace_range(..1, "\u{feff}4");
        let text = format!(
            "{TOP1}\n{TOP1}\r\n{zeros}\n {TOP1}\n{}x\n{TOP1} label\n\n{TOP1}\r\r\n{TOP1}",
            &TOP1[..80]
        );
        let show = |item: Result<Puzzle, CorpusError>| match item {
            Ok(p) => format!("{} {} {:?}", p.line, p.grid.to_line(), p.label),
            Err(e) => e.to_string(),
        };
        let in_place: Vec<String> = read(text.as_bytes()).into_iter().map(show).collect();
        let small = io::BufReader::with_capacity(7, text.as_bytes());
        let copied: Vec<String> = CorpusReader::new(small, "t.txt").map(show).collect();
        assert_eq!(in_place, copied);
        assert_eq!(in_place.len(), 8);
    }

    /// Every item of `text`, read into one reused puzzle.
    fn read_each_into(text: &[u8]) -> Vec<Result<Puzzle, String>> {
        let mut reader = CorpusReader::new(text, "t.txt");
        let mut puzzle = Puzzle::default();
        let mut items = Vec::new();
        while let Some(item) = reader.read_into(&mut puzzle) {
            items.push(item.map(|()| puzzle.clone()).map_err(|e| e.to_string()));
        }
        items
    }

    #[test]
    fn puzzles_read_into_one_puzzle_read_as_the_iterator_gives_them() {
        let sol =
            "864371259325849761971265843436192587198657432257483916689734125713528694542916378";
        let quiz =
            "004300209005009001070060043006002087190007400050083000600000105003508690042910300";
        let sixteen = format!("{}1{}", ".".repeat(100), ".".repeat(155));
        let rows: Vec<String> = TOP1
            .as_bytes()
            .chunks(9)
            .map(|r| {
                r.iter()
                    .map(|&b| if b == b'.' { "0" } else { "5" })
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        let mut utf16 = vec![0xFF, 0xFE];
        for b in TOP1.bytes() {
            utf16.extend([b, 0]);
        }
        utf16.extend(format!("\n{TOP1}\n").bytes());
        let texts = [
            format!(
                "{TOP1}\n{TOP1}\r\n {TOP1}\n{}x\n{TOP1} label\n\n{TOP1}",
                &TOP1[..80]
            ),
            format!("quizzes,solutions\n{quiz},{sol}\n{TOP1}\n{quiz}\tname\n"),
            // A larger grid, then the common line: its cells past the 81st must be emptied.
            format!("{sixteen}\n{TOP1}\n{sixteen}\n{TOP1}\n"),
            // A grid file, then one cut short by a line.
            format!(
                "{}\n{TOP1}\n{}\n{TOP1}\n",
                rows.join("\n"),
                rows[..4].join("\n")
            ),
        ];
        let mut all: Vec<Vec<u8>> = texts.iter().map(|t| t.clone().into_bytes()).collect();
        all.push(utf16);
        for text in &all {
            let next: Vec<Result<Puzzle, String>> = read(text)
                .into_iter()
                .map(|item| item.map_err(|e| e.to_string()))
                .collect();
            assert!(!next.is_empty());
            assert_eq!(
                read_each_into(text),
                next,
                "{}",
                String::from_utf8_lossy(text)
            );
        }
    }

    #[test]
    fn mixed_line_ends_comments_and_no_final_newline() {
        let text = format!("# c\r\n{TOP1}\r\n\n{TOP1}\n   \r\n{TOP1}");
        let got: Vec<_> = read(text.as_bytes())
            .into_iter()
            .map(|r| r.unwrap())
            .map(|p| (p.line, p.index))
            .collect();
        assert_eq!(got, vec![(2, 0), (4, 1), (6, 2)]);
    }

    #[test]
    fn malformed_lines_name_file_line_and_column_and_reading_goes_on() {
        let text = format!("{TOP1}\n{}\n{}x\n{TOP1}\n", &TOP1[..80], &TOP1[..80]);
        let got = read(text.as_bytes());
        assert_eq!(got.len(), 4);
        assert_eq!(
            message(&got[1]),
            "t.txt:2:1: expected 16 (4x4), 81 (9x9), 256 (16x16) or 625 (25x25) cells, found 80"
        );
        assert_eq!(
            message(&got[2]),
            "t.txt:3:81: unexpected character 'x' in the puzzle (givens are 1-9 then A-P, empty cells . or 0)"
        );
        assert!(got[1].as_ref().unwrap_err().is_malformed_line());
        let last = got[3].as_ref().unwrap();
        assert_eq!((last.line, last.index), (4, 1));
    }

    /// A letter in a 9x9 line is named, at its column: the line was said to hold the
    /// wrong count of cells ("expected … 81 (9x9) … cells, found 81").
    #[test]
    fn a_letter_in_a_nine_by_nine_line_is_named_where_it_is() {
        let mut line = TOP1.to_string();
        line.replace_range(10..11, "A");
        assert_eq!(
            message(&read(format!("{line}\n").as_bytes())[0]),
            "t.txt:1:11: symbol 'A' is not a digit of a 9x9 grid (1-9)"
        );
        assert_eq!(
            message(&read(format!("\"{line}\",x\n").as_bytes())[0]),
            "t.txt:1:12: symbol 'A' is not a digit of a 9x9 grid (1-9)"
        );
    }

    #[test]
    fn non_utf8_puzzles_and_overlong_lines_are_malformed() {
        let mut text = b"4....\xff..\n".to_vec();
        text.extend(std::iter::repeat_n(b'.', MAX_LINE_BYTES + 10));
        text.extend(format!("\n{TOP1}").bytes());
        let got = read(&text);
        assert_eq!(message(&got[0]), "t.txt:1:6: the puzzle is not valid UTF-8");
        assert_eq!(
            message(&got[1]),
            format!("t.txt:2: the line is longer than {MAX_LINE_BYTES} bytes")
        );
        assert_eq!(got[2].as_ref().unwrap().line, 3);
    }

    #[test]
    fn header_and_known_solutions() {
        let sol =
            "864371259325849761971265843436192587198657432257483916689734125713528694542916378";
        let quiz =
            "004300209005009001070060043006002087190007400050083000600000105003508690042910300";
        let mut dotted = sol.to_string();
        dotted.replace_range(0..1, ".");
        let text = format!("quizzes,solutions\n{quiz},{sol}\n{quiz},{dotted}\n");
        let got = read(text.as_bytes());
        let p = got[0].as_ref().unwrap();
        assert_eq!(p.solution.as_ref().unwrap().to_line(), sol);
        assert_eq!((p.line, p.index, p.label.as_deref()), (2, 0, None));
        assert_eq!(
            message(&got[1]),
            "t.txt:3:83: the known solution is not 81 digits 1-9"
        );
        let mut wrong = sol.to_string().into_bytes();
        wrong.swap(0, 1);
        let text = format!("{quiz},{}\n", String::from_utf8(wrong).unwrap());
        let err = message(&read(text.as_bytes())[0]);
        assert!(
            err.starts_with("t.txt:1:83: the known solution does not solve the puzzle"),
            "{err}"
        );
    }

    /// Kaggle's 3-million set and sudoku-extreme put an id or a source before the puzzle:
    /// their header names the puzzles' column, and every line is read from it.
    #[test]
    fn a_header_that_names_the_puzzles_column_is_followed() {
        let sol =
            "864371259325849761971265843436192587198657432257483916689734125713528694542916378";
        let quiz =
            "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..";
        let text = format!(
            "\u{FEFF}id,Puzzle,solution,clues,difficulty\n0,{quiz},{sol},35,1.5\n\n1,{TOP1}\n\
             {TOP1}\n2,{quiz},{sol}x,35,1.5\n"
        );
        let got = read(text.as_bytes());
        let p = got[0].as_ref().unwrap();
        assert_eq!(p.grid.to_line(), quiz);
        assert_eq!(p.solution.as_ref().unwrap().to_line(), sol);
        assert_eq!(
            (p.line, p.index, p.label.as_deref()),
            (2, 0, Some("35,1.5"))
        );
        let p = got[1].as_ref().unwrap();
        assert_eq!((p.grid.to_line().as_str(), p.line, p.index), (TOP1, 4, 1));
        assert_eq!(
            message(&got[2]),
            "t.txt:5: the line has no field 2, the puzzles' column in the header"
        );
        let third = got[3].as_ref().unwrap();
        assert_eq!(
            (third.solution.as_deref(), third.label.as_deref()),
            (None, Some(&*format!("{sol}x,35,1.5")))
        );
        let extreme = format!("source,question,answer,rating\npuzzles0_kaggle,{quiz},{sol},0\n");
        let p = read(extreme.as_bytes()).remove(0).unwrap();
        assert_eq!(
            (p.grid.to_line(), p.label.as_deref()),
            (quiz.into(), Some("0"))
        );
        // A header that names no such column leaves the puzzle first.
        let text = format!("id,grid\n{TOP1},7\n");
        let p = read(text.as_bytes()).remove(0).unwrap();
        assert_eq!(
            (p.grid.to_line().as_str(), p.label.as_deref()),
            (TOP1, Some("7"))
        );
    }

    #[test]
    fn a_second_field_that_is_no_solution_is_a_label() {
        // An id, a rating, a truncated number: the puzzle is kept, the field named.
        for second in ["12345", "3.5", &"1".repeat(80)] {
            let text = format!("{TOP1},{second}\n");
            let got = read(text.as_bytes());
            let p = got[0].as_ref().unwrap();
            assert_eq!(
                (p.solution.as_deref(), p.label.as_deref()),
                (None, Some(second))
            );
        }
    }

    #[test]
    fn a_header_is_only_taken_before_the_first_puzzle() {
        let text = format!("{TOP1}\nquizzes,solutions\n");
        let got = read(text.as_bytes());
        assert_eq!(
            message(&got[1]),
            "t.txt:2:1: unexpected character 'q' in the puzzle (givens are 1-9 then A-P, empty cells . or 0)"
        );
    }

    #[test]
    fn labels_after_a_tab_and_pretty_marks_are_fine() {
        let pretty: String = TOP1
            .as_bytes()
            .chunks(3)
            .map(|c| std::str::from_utf8(c).unwrap())
            .collect::<Vec<_>>()
            .join("|");
        let text = format!("{TOP1}\tnear worst case 1 2\n{pretty}\n");
        let got = read(text.as_bytes());
        let first = got[0].as_ref().unwrap();
        assert_eq!(first.grid.to_line(), TOP1);
        assert_eq!(first.label.as_deref(), Some("near worst case 1 2"));
        assert_eq!(got[1].as_ref().unwrap().grid.to_line(), TOP1);
        assert!(first.solution.is_none());
    }

    #[test]
    fn a_byte_order_mark_quotes_and_a_label_that_is_not_utf8() {
        let mut text = b"\xEF\xBB\xBF".to_vec();
        text.extend(format!("\"{TOP1}\",\"").bytes());
        text.extend(b"caf\xe9\"\n# comment \xff\n");
        let got = read(&text);
        assert_eq!(got.len(), 1);
        let p = got[0].as_ref().unwrap();
        assert_eq!(p.grid.to_line(), TOP1);
        assert_eq!(p.label.as_deref(), Some("caf\u{FFFD}"));
    }

    #[test]
    fn utf16_is_named() {
        let mut text = vec![0xFF, 0xFE];
        for b in TOP1.bytes() {
            text.extend([b, 0]);
        }
        let got = read(&text);
        assert_eq!(got.len(), 1);
        assert_eq!(
            message(&got[0]),
            "t.txt: the file is UTF-16 (it starts with a UTF-16 byte-order mark): save it as UTF-8 to read it"
        );
        let got = read(&text[2..]);
        assert_eq!(
            message(&got[0]),
            "t.txt:1: the line holds NUL bytes: is the file UTF-16? (save it as UTF-8 to read it)"
        );
    }

    /// A UTF-32 file is named as such: its byte-order mark (little-endian, which starts as
    /// UTF-16's does) was said to be UTF-16's, and a line without it called UTF-16 too.
    #[test]
    fn utf32_is_named() {
        let said =
            "t.txt: the file is UTF-32 (it starts with a UTF-32 byte-order mark): save it as UTF-8 to read it";
        let mut little = vec![0xFF, 0xFE, 0, 0];
        let mut big = vec![0, 0, 0xFE, 0xFF];
        for b in format!("{TOP1}\r\n{TOP1}\r\n").bytes() {
            little.extend([b, 0, 0, 0]);
            big.extend([0, 0, 0, b]);
        }
        for text in [&little, &big] {
            let got = read(text);
            assert_eq!(got.len(), 1);
            assert_eq!(message(&got[0]), said);
            assert!(matches!(
                got[0],
                Err(CorpusError::Wide {
                    encoding: Wide::Utf32,
                    ..
                })
            ));
        }
        let nul = "the line holds NUL bytes: is the file UTF-32? (save it as UTF-8 to read it)";
        for text in [&little[4..], &big[4..]] {
            let got = read(text);
            assert_eq!(got.len(), 2, "{got:?}");
            for (line, got) in got.iter().enumerate() {
                assert_eq!(message(got), format!("t.txt:{}: {nul}", line + 1));
            }
        }
        assert_eq!(wide_bom(b"\xFF\xFE4\0"), Some(Wide::Utf16));
        assert_eq!(wide_bom(b"\xEF\xBB\xBF4"), None);
    }

    #[test]
    fn binary_data_is_named_as_such_not_as_utf16() {
        let got = read(b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0\x01\0\0\0\xa0\xfe\n");
        assert_eq!(
            message(&got[0]),
            "t.txt:1: the line holds NUL bytes and bytes that are not text: a binary file, not a corpus"
        );
        // A line of ASCII padded with NULs is no UTF-16 either.
        let got = read(b"4...3....\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\n");
        assert!(message(&got[0]).contains("a binary file, not a corpus"));
    }

    #[test]
    fn sixteen_by_sixteen_lines_with_their_solutions() {
        let solution: String = (0..256)
            .map(|i| {
                let (r, c) = (i / 16, i % 16);
                let v = (4 * (r % 4) + r / 4 + c) % 16 + 1;
                crate::size::Size::SIXTEEN.symbol(v as u8)
            })
            .collect();
        let mut puzzle = solution.clone();
        puzzle.replace_range(0..3, "0.0");
        let text = format!("Sudoku,solution\r\n{puzzle},{solution}");
        let got = read(text.as_bytes());
        let p = got[0].as_ref().unwrap();
        assert_eq!(p.grid.size(), crate::size::Size::SIXTEEN);
        assert_eq!(p.solution.as_ref().unwrap().to_line(), solution);
        let beyond = format!("H{}", &puzzle[1..]);
        assert_eq!(
            message(&read(beyond.as_bytes())[0]),
            "t.txt:1:1: symbol 'H' is not a digit of a 16x16 grid (1-G)"
        );
        // Where it is (it was said to be at the puzzle's first column), after a label too.
        let mut beyond = puzzle.clone();
        beyond.replace_range(100..101, "H");
        assert_eq!(
            message(&read(format!("{beyond} x").as_bytes())[0]),
            "t.txt:1:101: symbol 'H' is not a digit of a 16x16 grid (1-G)"
        );
    }

    #[test]
    fn grid_files_hold_one_puzzle_as_rows_of_integers() {
        let rows = TOP1
            .as_bytes()
            .chunks(9)
            .map(|r| {
                r.iter()
                    .map(|&b| {
                        if b == b'.' {
                            "0".to_string()
                        } else {
                            char::from(b).to_string()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect::<Vec<_>>();
        let text = format!("# a grid\n{}\n", rows.join("\n"));
        let got = read(text.as_bytes());
        let p = got[0].as_ref().unwrap();
        assert_eq!((p.grid.to_line().as_str(), p.line, p.index), (TOP1, 2, 0));
        let short = format!("{}\n{TOP1}\n", rows[..4].join("\n"));
        let got = read(short.as_bytes());
        assert_eq!(
            message(&got[0]),
            "t.txt:1: a 9x9 grid written a row a line ends after 4 of its 9 rows"
        );
        assert_eq!(got[1].as_ref().unwrap().grid.to_line(), TOP1);
        let got = read(rows[0].as_bytes());
        assert_eq!(
            message(&got[0]),
            "t.txt:1: a 9x9 grid written a row a line ends after 1 of its 9 rows"
        );
        let four = "1,0,0,0\n0,0,3,0\n0,4,0,0\n0,0,0,2\n";
        assert_eq!(
            read(four.as_bytes())[0].as_ref().unwrap().grid.to_line(),
            "1.....3..4.....2"
        );
    }

    /// SadMan Sudoku's `.sdk` (a row of cells a line, `#` lines before), a pretty-printed
    /// grid with its rule lines, and Project Euler's `sudoku.txt` (`Grid 01` before each).
    #[test]
    fn grid_files_hold_one_puzzle_as_rows_of_cells() {
        let rows: Vec<&str> = (0..9).map(|r| &TOP1[r * 9..r * 9 + 9]).collect();
        let sdk = format!("#Aauthor\n#Dhard\n{}\n", rows.join("\n"));
        let p = read(sdk.as_bytes()).remove(0).unwrap();
        assert_eq!((p.grid.to_line().as_str(), p.line, p.index), (TOP1, 3, 0));
        let pretty: Vec<String> = (rows.iter())
            .map(|r| [&r[..3], &r[3..6], &r[6..]].join(" | ").replace('.', "0"))
            .collect();
        let rule = "------+-------+------";
        let text = [
            &pretty[..3],
            &[rule.into()],
            &pretty[3..6],
            &[rule.into()],
            &pretty[6..],
        ];
        let p = read(text.concat().join("\n").as_bytes()).remove(0).unwrap();
        assert_eq!((p.grid.to_line().as_str(), p.line), (TOP1, 1));
        let euler = format!(
            "Grid 01\n{0}\nGrid 02\n{0}\n",
            rows.join("\n").replace('.', "0")
        );
        let got = read(euler.as_bytes());
        assert_eq!(
            got.len(),
            3,
            "two puzzles, and `Grid 02` a malformed line (`Grid 01` is a header)"
        );
        assert_eq!(
            message(&got[1]),
            "t.txt:11:2: unexpected character 'r' in the puzzle \
(givens are 1-9 then A-P, empty cells . or 0)"
        );
        let lines: Vec<u64> = [&got[0], &got[2]].map(|p| p.as_ref().unwrap().line).into();
        assert_eq!(lines, [2, 12]);
    }
}
