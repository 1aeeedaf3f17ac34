//! Cutting a corpus into chunks of whole lines on the reading thread, for the workers to
//! parse. A chunk never ends inside a grid file's rows, so that it parses alone as the
//! whole file would, and ends early when the source may be slow (a pipe fed slowly).

use std::io::{self, BufRead, Read};
use std::sync::Arc;

use sudoku_core::corpus::{is_skipped_line, may_be_grid_row, wide_bom, Before, MAX_LINE_BYTES};
use sudoku_core::{CorpusError, CorpusReader};

use crate::source::Input;

/// What cuts a corpus into chunks: a [`Chunker`], or [`crate::select`]'s parsing reader.
pub(crate) trait Cut {
    /// The next chunk of at most `max` lines that may hold a puzzle; `None` at the end.
    fn next_chunk(&mut self, max: usize) -> Option<Result<Chunk, CorpusError>>;
    /// Whether the next chunk may wait for the source.
    fn would_block(&self) -> bool;
    /// Puzzles read but left out by the run's selection.
    fn skipped(&self) -> u64 {
        0
    }
}

/// A run of whole lines of one corpus.
#[derive(Debug)]
pub(crate) struct Chunk {
    /// The corpus's position among the run's sources.
    pub source: usize,
    /// The corpus's name.
    pub corpus: Arc<str>,
    /// The 1-based line number of its first line (unused when `parsed`).
    pub first_line: u64,
    /// What came before it: a line that may hold a puzzle (then it holds no header), and
    /// where the puzzles are (unused when `parsed`).
    pub before: Before,
    /// Its lines, each with its `\n` (the corpus's last line may lack it).
    pub bytes: Vec<u8>,
    /// Its lines that may hold a puzzle (not blank, not a comment): at most one puzzle each.
    pub candidates: usize,
    /// Its puzzles parsed and numbered by the reading thread ([`crate::select`]), in place
    /// of `bytes`.
    pub parsed: Option<Vec<Result<sudoku_core::Puzzle, sudoku_core::CorpusError>>>,
}

impl Chunk {
    /// Its puzzles and errors, as the corpus reader reads the whole file (their indexes
    /// still to be given).
    pub fn parse(&self) -> CorpusReader<&[u8]> {
        let lines_before = self.first_line - 1;
        CorpusReader::continuing(
            &self.bytes[..],
            self.corpus.clone(),
            lines_before,
            self.before,
        )
    }
}

/// What a line is, for cutting and counting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Blank, a comment, layout only (`---+---`): never a puzzle.
    Blank,
    /// May hold a puzzle (or be a header, or malformed); `glue` when it may be a row of a
    /// grid file, which a chunk must not be cut before.
    Candidate { glue: bool },
}

/// What `line` (with its `\n`, if any) is; `first` for the corpus's first line, which may
/// start with a byte-order mark.
fn kind(line: &[u8], first: bool) -> Kind {
    let mut text = line.strip_suffix(b"\n").unwrap_or(line);
    if first {
        text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
    }
    if text.len() <= MAX_LINE_BYTES && is_skipped_line(text) {
        return Kind::Blank;
    }
    if text.len() > MAX_LINE_BYTES || text.contains(&0) {
        return Kind::Candidate { glue: false };
    }
    Kind::Candidate {
        glue: may_be_grid_row(text.trim_ascii()),
    }
}

/// A chunk is cut anyway past this many bytes (only runs of grid-file rows get there).
const HARD_CAP: usize = 1 << 24;
/// The lines a chunk's buffer is first made for.
const BATCH_BYTES: usize = 64;

/// Cuts one corpus into chunks.
pub(crate) struct Chunker {
    reader: Input,
    source: usize,
    corpus: Arc<str>,
    /// Lines read so far.
    line: u64,
    before: Before,
    /// The line being read (its buffer reused from line to line).
    line_buf: Vec<u8>,
    /// Whether `line_buf` holds a line read but left for the next chunk, and its kind.
    carry: Option<Kind>,
    done: bool,
}

impl Chunker {
    pub fn new(reader: Input, source: usize, corpus: Arc<str>) -> Chunker {
        Chunker {
            reader,
            source,
            corpus,
            line: 0,
            before: Before::Start,
            line_buf: Vec::new(),
            carry: None,
            done: false,
        }
    }

    /// Reads one line with its `\n` into `line_buf`, at most one byte more than a line may
    /// hold (the parser then says it is too long); `false` at the end.
    fn read_line(&mut self) -> io::Result<bool> {
        self.line_buf.clear();
        // The common case: the whole line is in the source's buffer.
        if let Ok(buffered) = self.reader.fill_buf() {
            if let Some(end) = memchr::memchr(b'\n', buffered).filter(|&i| i <= MAX_LINE_BYTES) {
                self.line_buf.extend_from_slice(&buffered[..=end]);
                self.reader.consume(end + 1);
                return Ok(true);
            }
        }
        let line = &mut self.line_buf;
        let cap = MAX_LINE_BYTES as u64 + 2;
        let n = (&mut self.reader).take(cap).read_until(b'\n', line)?;
        if n as u64 == cap && line.last() != Some(&b'\n') {
            line.truncate(MAX_LINE_BYTES + 1);
            self.reader.skip_until(b'\n')?;
            line.push(b'\n');
        }
        Ok(n > 0)
    }

    /// The kind of the line in `line_buf`: the carried one, or one read now.
    fn next_line(&mut self) -> Option<Result<Kind, CorpusError>> {
        if let Some(kind) = self.carry.take() {
            return Some(Ok(kind));
        }
        if self.done {
            return None;
        }
        let read = self.read_line();
        self.done = !matches!(read, Ok(true));
        match read {
            Ok(true) => self.line += 1,
            Ok(false) => return None,
            Err(reason) => {
                let (path, line) = (self.corpus.to_string(), self.line + 1);
                return Some(Err(CorpusError::Read { path, line, reason }));
            }
        }
        let first = self.line == 1;
        if first && wide_bom(&self.line_buf).is_some() {
            // The parser names the encoding and reads no further.
            self.done = true;
            return Some(Ok(Kind::Candidate { glue: false }));
        }
        Some(Ok(kind(&self.line_buf, first)))
    }
}

/// A chunk's lines end before the first candidate past `max` that does not continue a grid
/// file, or where the source may wait (outside a grid file).
impl Cut for Chunker {
    fn next_chunk(&mut self, max: usize) -> Option<Result<Chunk, CorpusError>> {
        let mut chunk = Chunk {
            source: self.source,
            corpus: self.corpus.clone(),
            first_line: self.line + 1 - u64::from(self.carry.is_some()),
            before: self.before,
            bytes: Vec::with_capacity(max.min(BATCH_BYTES) * 90),
            candidates: 0,
            parsed: None,
        };
        // Whether the last candidate may continue in the next line (a grid file's row).
        let mut in_grid = false;
        while let Some(kind) = self.next_line() {
            let kind = match kind {
                Ok(kind) => kind,
                Err(e) => return Some(Err(e)),
            };
            if let Kind::Candidate { glue } = kind {
                let full = chunk.candidates >= max && !glue;
                if full || chunk.bytes.len() >= HARD_CAP {
                    self.carry = Some(kind);
                    break;
                }
                chunk.candidates += 1;
                self.before = self.before.then(&self.line_buf);
                in_grid = glue;
            }
            chunk.bytes.extend_from_slice(&self.line_buf);
            if chunk.candidates > 0 && !in_grid && self.reader.would_block() {
                break;
            }
        }
        (!chunk.bytes.is_empty()).then_some(Ok(chunk))
    }

    fn would_block(&self) -> bool {
        self.carry.is_none() && self.reader.would_block()
    }
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;

    use sudoku_core::Puzzle;

    use super::*;
    use crate::source::count_puzzles;

    const TOP1: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    /// A pipe fed line by line: each read gives at most one line.
    struct Pipe(Cursor<Vec<u8>>);

    impl Read for Pipe {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let rest = &self.0.get_ref()[self.0.position() as usize..];
            let line = memchr::memchr(b'\n', rest).map_or(rest.len(), |end| end + 1);
            let n = line.min(buf.len());
            self.0.read(&mut buf[..n])
        }
    }

    fn show(item: Result<Puzzle, CorpusError>) -> String {
        match item {
            Ok(p) => format!("{} {} {:?}", p.line, p.grid.to_line(), p.label),
            Err(e) => e.to_string(),
        }
    }

    /// Every item of the chunks of at most `max` candidates `reader` is cut into, parsed.
    fn chunked(reader: Input, max: usize) -> Vec<String> {
        let mut chunker = Chunker::new(reader, 0, Arc::from("t.txt"));
        let chunks = std::iter::from_fn(|| chunker.next_chunk(max)).map(Result::unwrap);
        chunks
            .flat_map(|c| c.parse().map(show).collect::<Vec<_>>())
            .collect()
    }

    /// Read in chunks of any size, also as a pipe fed line by line (chunks then end
    /// wherever the source may wait), a corpus reads as the whole file does; it is counted
    /// as it is read (a malformed line, a header, a comment none, a grid file's rows one).
    #[test]
    fn chunks_read_as_the_whole_file_does() {
        let grid: String = (TOP1.replace('.', "0").as_bytes().chunks(9))
            .map(|row| row.iter().map(|&b| char::from(b).to_string()))
            .map(|cells| cells.collect::<Vec<_>>().join(",") + "\n")
            .collect();
        let rows: String = TOP1
            .as_bytes()
            .chunks(9)
            .map(|r| format!("{}|\n", r.escape_ascii()))
            .collect();
        let texts = [
            format!("\u{FEFF}quizzes,solutions\n{TOP1}\n{TOP1}\tname one\n"),
            format!(
                "# c\n\n{TOP1}\nquizzes\n{}x\n{TOP1}\r\n{}\0\n",
                &TOP1[..80],
                &TOP1[..80]
            ),
            format!("{TOP1}\n{grid}{TOP1}\n{}{TOP1}\n# end", &grid[..40]),
            format!("{}\0\0\n{}", &grid[..36], &grid[36..]),
            format!("# only comments\n#\n\nquizzes\n{TOP1}\n\u{FEFF}{TOP1}\n"),
            format!("{}\n{TOP1}\n", ".".repeat(MAX_LINE_BYTES + 10)),
            format!("# 3m\nid,puzzle,solution\n0,{TOP1}\n{TOP1}\n1,{TOP1},x\n2,{TOP1}\n"),
            format!(
                "Grid 01\n{}---+---\n{}Grid 2\n{rows}{TOP1}\n",
                &rows[..33],
                &rows[33..]
            ) + &rows[..40],
            format!(
                "{}\nid,puzzle\n0,{TOP1}\n{TOP1}\n",
                ".".repeat(MAX_LINE_BYTES + 10)
            ),
        ];
        let bytes = |text: &str| Cursor::new(text.as_bytes().to_vec());
        let all = crate::Selection::default();
        for text in &texts {
            let whole: Vec<String> = CorpusReader::new(text.as_bytes(), "t.txt")
                .map(show)
                .collect();
            for max in [1, 2, 3, 100] {
                let file = Input::new(Box::new(bytes(text)), false);
                assert_eq!(chunked(file, max), whole, "max {max}:\n{text}");
                let pipe = Input::new(Box::new(Pipe(bytes(text))), true);
                assert_eq!(chunked(pipe, max), whole, "trickled, max {max}");
            }
            let puzzles = CorpusReader::new(text.as_bytes(), "t")
                .filter(Result::is_ok)
                .count();
            let count = |first| count_puzzles(Box::new(bytes(text)), "t", &all, first).unwrap();
            assert_eq!(count(u64::MAX), puzzles as u64, "{text}");
            assert_eq!(count(1), 1);
        }
        let utf16 = Box::new(Cursor::new(b"\xFF\xFE1\x002\x00".to_vec()));
        assert!(matches!(
            count_puzzles(utf16, "t", &all, 9),
            Err(CorpusError::Wide { .. })
        ));
    }
}
