//! Streaming corpus reader: one puzzle per line, never the whole file in memory.
//!
//! Real corpus files are untidy, and the reader takes them all:
//!
//! - LF or CRLF line ends, mixed within one file, and no final newline;
//! - `0` or `.` for empty cells;
//! - blank lines and comment lines starting with `#` (skipped);
//! - a header line before the first puzzle whose first field holds no cell at all,
//!   such as kaggle's `quizzes,solutions` (skipped);
//! - more after the puzzle, separated by `,`, `;`, a tab or spaces: kaggle's solution
//!   column, tdoku's ratings, labels. When the second field is made of digits and `.`
//!   only and is longer than nine characters, it is the *known solution* of the puzzle:
//!   it must then be 81 digits 1-9 that solve the puzzle.
//!
//! Within the puzzle field, the pretty-printing marks `|`, `+` and `-` are ignored
//! (as Norvig's `grid_values` ignores them); any other character that is not a cell is
//! an error naming its column.
//!
//! Every puzzle knows its 1-based line and its 0-based index, which counts puzzles
//! only (as `../shared/reference/README.md` defines it: comment, blank, header and
//! malformed lines do not count). A malformed line is an error naming file:line and
//! the reason; the caller decides whether to skip it (keep iterating) or stop.

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use thiserror::Error;

use crate::grid::{Grid, SolutionError};
use crate::units::CELLS;

/// Lines longer than this many bytes are malformed (and never held in memory whole).
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// One puzzle read from a corpus.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// The puzzle.
    pub grid: Grid,
    /// The solution the corpus gives for it, if any (already checked to solve `grid`).
    pub solution: Option<Grid>,
    /// The 1-based line of the file it was read from.
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
    /// The line is not valid UTF-8.
    #[error("the line is not valid UTF-8")]
    NotUtf8,
    /// The line is longer than [`MAX_LINE_BYTES`].
    #[error("the line is longer than {limit} bytes")]
    TooLong {
        /// The limit in bytes.
        limit: usize,
    },
    /// A character that is neither a cell (`1`-`9`, `.`, `0`) nor a pretty-printing mark.
    #[error("unexpected character {ch:?} in the puzzle (givens are 1-9, empty cells . or 0)")]
    UnexpectedChar {
        /// The character.
        ch: char,
    },
    /// The puzzle field does not hold 81 cells.
    #[error("expected 81 cells, found {found}")]
    CellCount {
        /// How many cells were found.
        found: usize,
    },
    /// The puzzle field is 256 characters long: a 16x16 puzzle.
    #[error("a 16x16 puzzle (256 cells): only 9x9 puzzles are supported")]
    Sixteen,
    /// The known-solution field is not 81 digits 1-9.
    #[error("the known solution is not 81 digits 1-9 ({found} characters)")]
    SolutionFormat {
        /// The length of the field, in characters.
        found: usize,
    },
    /// The known solution does not solve the puzzle.
    #[error("the known solution does not solve the puzzle: {0}")]
    WrongSolution(SolutionError),
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
    seen_record: bool,
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
            seen_record: false,
            done: false,
        }
    }

    /// The name of the source, as errors give it.
    pub fn name(&self) -> &str {
        &self.name
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
            let (chunk, used, end) = match available.iter().position(|&b| b == b'\n') {
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

    fn malformed(&self, column: Option<usize>, problem: LineProblem) -> CorpusError {
        CorpusError::Malformed {
            location: Location {
                path: self.name.clone(),
                line: self.line,
                column,
            },
            problem,
        }
    }
}

/// Separators between the fields of a corpus line.
fn is_separator(c: char) -> bool {
    matches!(c, ',' | ';' | '\t' | ' ')
}

/// Pretty-printing marks ignored inside a puzzle field.
fn is_mark(c: char) -> bool {
    matches!(c, '|' | '+' | '-')
}

fn is_cell(c: char) -> bool {
    c.is_ascii_digit() || c == '.'
}

/// The fields of a line: (1-based column of the field start, text).
fn fields(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0usize;
    let mut start: Option<(usize, usize)> = None; // (byte, column)
    let mut chars = text
        .char_indices()
        .chain(std::iter::once((text.len(), ',')));
    std::iter::from_fn(move || {
        for (byte, c) in chars.by_ref() {
            column += 1;
            if is_separator(c) {
                if let Some((b0, c0)) = start.take() {
                    return Some((c0, &text[b0..byte]));
                }
            } else if start.is_none() {
                start = Some((byte, column));
            }
        }
        None
    })
}

/// Parses the puzzle field strictly: cells, marks, nothing else.
fn parse_puzzle_field(field: &str, column: usize) -> Result<Grid, (Option<usize>, LineProblem)> {
    if field.chars().count() == 256 {
        return Err((Some(column), LineProblem::Sixteen));
    }
    let mut cells = [0u8; CELLS];
    let mut found = 0usize;
    for (k, c) in field.chars().enumerate() {
        if is_cell(c) {
            if found < CELLS {
                cells[found] = if c == '.' { 0 } else { c as u8 - b'0' };
            }
            found += 1;
        } else if !is_mark(c) {
            return Err((Some(column + k), LineProblem::UnexpectedChar { ch: c }));
        }
    }
    if found != CELLS {
        return Err((Some(column), LineProblem::CellCount { found }));
    }
    Ok(Grid::from_cells(cells))
}

/// Parses a known-solution field: 81 digits 1-9 that solve `puzzle`.
fn parse_solution_field(field: &str, puzzle: &Grid) -> Result<Grid, LineProblem> {
    let bytes = field.as_bytes();
    if bytes.len() != CELLS || !bytes.iter().all(|b| (b'1'..=b'9').contains(b)) {
        return Err(LineProblem::SolutionFormat {
            found: field.chars().count(),
        });
    }
    let mut cells = [0u8; CELLS];
    for (c, b) in cells.iter_mut().zip(bytes) {
        *c = b - b'0';
    }
    let solution = Grid::from_cells(cells);
    solution
        .check_solution_of(puzzle)
        .map_err(LineProblem::WrongSolution)?;
    Ok(solution)
}

impl<R: BufRead> Iterator for CorpusReader<R> {
    type Item = Result<Puzzle, CorpusError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            let too_long = match self.read_line() {
                Ok(None) => {
                    self.done = true;
                    return None;
                }
                Ok(Some(too_long)) => too_long,
                Err(reason) => {
                    self.done = true;
                    return Some(Err(CorpusError::Read {
                        path: self.name.to_string(),
                        line: self.line + 1,
                        reason,
                    }));
                }
            };
            self.line += 1;
            if too_long {
                self.seen_record = true;
                return Some(Err(self.malformed(
                    None,
                    LineProblem::TooLong {
                        limit: MAX_LINE_BYTES,
                    },
                )));
            }
            let text = match std::str::from_utf8(&self.buf) {
                Ok(text) => text,
                Err(e) => {
                    let column = String::from_utf8_lossy(&self.buf[..e.valid_up_to()])
                        .chars()
                        .count()
                        + 1;
                    self.seen_record = true;
                    return Some(Err(self.malformed(Some(column), LineProblem::NotUtf8)));
                }
            };
            let text = text.trim_end_matches(['\r', '\n']);
            let trimmed = text.trim_start();
            if trimmed.trim_end().is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let mut fields = fields(text);
            let Some((column, first)) = fields.next() else {
                continue; // separators only: nothing on the line
            };
            let first_record = !self.seen_record;
            self.seen_record = true;
            if first_record && !first.chars().any(is_cell) {
                continue; // a header such as `quizzes,solutions`
            }
            let grid = match parse_puzzle_field(first, column) {
                Ok(grid) => grid,
                Err((column, problem)) => return Some(Err(self.malformed(column, problem))),
            };
            let mut solution = None;
            if let Some((column, second)) = fields.next() {
                if second.chars().count() > 9 && second.chars().all(is_cell) {
                    match parse_solution_field(second, &grid) {
                        Ok(s) => solution = Some(s),
                        Err(problem) => return Some(Err(self.malformed(Some(column), problem))),
                    }
                }
            }
            let puzzle = Puzzle {
                grid,
                solution,
                line: self.line,
                index: self.index,
            };
            self.index += 1;
            return Some(Ok(puzzle));
        }
        None
    }
}

/// The file extensions taken as corpus files inside a folder (besides no extension).
pub const CORPUS_EXTENSIONS: [&str; 4] = ["txt", "csv", "tsv", "sdk"];

/// Expands a path into corpus files: a file is itself; a folder gives its corpus files
/// (not hidden, extension `txt`, `csv`, `tsv`, `sdk` or none), sorted by name, not
/// recursing. A folder without any is an error.
pub fn corpus_files(path: impl AsRef<Path>) -> Result<Vec<PathBuf>, CorpusError> {
    let path = path.as_ref();
    let name = path.display().to_string();
    let meta = std::fs::metadata(path).map_err(|reason| CorpusError::Open {
        path: name.clone(),
        reason,
    })?;
    if !meta.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let entries = std::fs::read_dir(path).map_err(|reason| CorpusError::Open {
        path: name.clone(),
        reason,
    })?;
    let mut files = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|reason| CorpusError::Open {
            path: name.clone(),
            reason,
        })?;
        let p = entry.path();
        let hidden = p
            .file_name()
            .and_then(|n| n.to_str())
            .is_none_or(|n| n.starts_with('.'));
        let wanted = match p.extension().and_then(|e| e.to_str()) {
            None => true,
            Some(ext) => CORPUS_EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str()),
        };
        if !hidden && wanted && p.is_file() {
            files.push(p);
        }
    }
    if files.is_empty() {
        return Err(CorpusError::EmptyFolder { path: name });
    }
    files.sort();
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOP1: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn read(text: &[u8]) -> Vec<Result<Puzzle, CorpusError>> {
        CorpusReader::new(text, "t.txt").collect()
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
            got[1].as_ref().unwrap_err().to_string(),
            "t.txt:2:1: expected 81 cells, found 80"
        );
        assert_eq!(
            got[2].as_ref().unwrap_err().to_string(),
            "t.txt:3:81: unexpected character 'x' in the puzzle (givens are 1-9, empty cells . or 0)"
        );
        assert!(got[1].as_ref().unwrap_err().is_malformed_line());
        let last = got[3].as_ref().unwrap();
        assert_eq!((last.line, last.index), (4, 1));
    }

    #[test]
    fn non_utf8_and_overlong_lines_are_malformed() {
        let mut text = b"4....\xff..\n".to_vec();
        text.extend(std::iter::repeat_n(b'.', MAX_LINE_BYTES + 10));
        text.extend(format!("\n{TOP1}").bytes());
        let got = read(&text);
        assert_eq!(
            got[0].as_ref().unwrap_err().to_string(),
            "t.txt:1:6: the line is not valid UTF-8"
        );
        assert_eq!(
            got[1].as_ref().unwrap_err().to_string(),
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
        let text = format!("quizzes,solutions\n{quiz},{sol}\n{quiz},{}\n", &sol[..80]);
        let got = read(text.as_bytes());
        let p = got[0].as_ref().unwrap();
        assert_eq!(p.solution.unwrap().to_line(), sol);
        assert_eq!((p.line, p.index), (2, 0));
        assert_eq!(
            got[1].as_ref().unwrap_err().to_string(),
            "t.txt:3:83: the known solution is not 81 digits 1-9 (80 characters)"
        );
        let mut wrong = sol.to_string().into_bytes();
        wrong.swap(0, 1);
        let text = format!("{quiz},{}\n", String::from_utf8(wrong).unwrap());
        let err = read(text.as_bytes()).remove(0).unwrap_err().to_string();
        assert!(
            err.starts_with("t.txt:1:83: the known solution does not solve the puzzle"),
            "{err}"
        );
    }

    #[test]
    fn a_header_is_only_taken_before_the_first_puzzle() {
        let text = format!("{TOP1}\nquizzes,solutions\n");
        let got = read(text.as_bytes());
        assert_eq!(
            got[1].as_ref().unwrap_err().to_string(),
            "t.txt:2:1: unexpected character 'q' in the puzzle (givens are 1-9, empty cells . or 0)"
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
        assert_eq!(got[0].as_ref().unwrap().grid.to_line(), TOP1);
        assert_eq!(got[1].as_ref().unwrap().grid.to_line(), TOP1);
        assert!(got[0].as_ref().unwrap().solution.is_none());
    }

    #[test]
    fn sixteen_by_sixteen_is_named() {
        let line = "0".repeat(256);
        let got = read(line.as_bytes());
        assert!(matches!(
            got[0],
            Err(CorpusError::Malformed {
                problem: LineProblem::Sixteen,
                ..
            })
        ));
    }
}
