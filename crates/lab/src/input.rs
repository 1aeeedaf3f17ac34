//! Where `solve`, `trace` and `grade` read their puzzles: an argument, a file, or stdin,
//! read as `bench` reads a corpus, or as one pretty-printed grid (the book's "solve").
//! tests/solve.rs and tests/trace.rs pin what they read and say.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor, IsTerminal, Read};
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use sudoku_core::corpus::CorpusReader;
use sudoku_core::{CorpusError, Grid, Puzzle};

use crate::cli::PuzzleArgs;
use crate::ui;
use crate::usage_error::Usage;

/// The most read whole, to find a pretty-printed grid: 1 MiB (some 12,000 lines of 9x9
/// puzzles); a longer input is streamed.
const WHOLE_BYTES: usize = 1 << 20;

/// Where the puzzles come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A puzzle given on the command line.
    Text(String),
    /// A file of puzzles.
    File(PathBuf),
    /// The standard input.
    Stdin,
}

impl Input {
    /// The input of the arguments: `--corpus FILE`, `-` (or nothing: stdin), an existing
    /// path, or a puzzle. `--index` with a puzzle given as text is a [`Usage`] error; text
    /// that is neither a file nor a puzzle is an error, with `--index` or without.
    pub fn from_args(args: &PuzzleArgs) -> Result<Input> {
        let input = match (args.puzzle.as_deref(), &args.corpus) {
            (_, Some(file)) => Input::File(file.clone()),
            (None | Some("-"), None) => Input::Stdin,
            (Some(text), None) if Path::new(text).exists() => Input::File(PathBuf::from(text)),
            (Some(text), None) => Input::Text(text.to_string()),
        };
        if let (Input::Text(text), Some(_)) = (&input, args.index) {
            parse_argument(text)?;
            let message = "--index picks a puzzle of a file or of stdin, and PUZZLE is a puzzle";
            return Err(Usage(message.into()).into());
        }
        Ok(input)
    }

    /// Opens the input: its puzzles, in order; an error when it holds none (naming the first
    /// problem found).
    pub fn puzzles(&self) -> Result<Puzzles> {
        match self {
            Input::Text(text) => Ok(Puzzles::one("the argument".into(), parse_argument(text)?)),
            Input::File(path) => {
                let name = path.display().to_string();
                let file = File::open(path).map_err(|reason| CorpusError::Open {
                    path: name.clone(),
                    reason,
                })?;
                load(name, Box::new(BufReader::new(file)))
            }
            Input::Stdin => {
                let stdin = io::stdin();
                if stdin.is_terminal() {
                    ui::note("reading puzzles from stdin, one per line, until it ends (Ctrl-D)");
                }
                load("stdin".into(), Box::new(stdin.lock()))
            }
        }
    }
}

/// A puzzle given as an argument: text that names no file, so the error says both.
fn parse_argument(text: &str) -> Result<Grid> {
    Grid::parse(text).map_err(|e| anyhow!("{text}: no such file, and not a puzzle: {e}"))
}

/// Reads an open input: at once when it fits in [`WHOLE_BYTES`], else streamed.
fn load(name: String, mut reader: Box<dyn BufRead>) -> Result<Puzzles> {
    let mut head = Vec::new();
    (&mut reader)
        .take(WHOLE_BYTES as u64 + 1)
        .read_to_end(&mut head)
        .with_context(|| format!("{name}: read error"))?;
    if head.len() <= WHOLE_BYTES {
        return from_bytes(name, &head);
    }
    let rest: Box<dyn BufRead> = Box::new(Cursor::new(head).chain(reader));
    let reader = CorpusReader::new(rest, name.as_str());
    Ok(Puzzles::new(name, reader))
}

/// The puzzles of a whole input: its puzzle lines, or the one grid it pretty-prints.
fn from_bytes(name: String, bytes: &[u8]) -> Result<Puzzles> {
    let items: Vec<_> = CorpusReader::new(bytes, name.as_str()).collect();
    if items.iter().any(Result::is_ok) {
        return Ok(Puzzles::new(name, items.into_iter()));
    }
    let text = String::from_utf8_lossy(bytes);
    let lines = text.lines().filter(|l| !l.trim().is_empty()).count();
    if lines > 1 {
        if let Ok(grid) = Grid::parse(&text) {
            return Ok(Puzzles::one(name, grid));
        }
    }
    match items.into_iter().find_map(Result::err) {
        Some(e) => Err(e.into()),
        None => bail!("{name} holds no puzzle"),
    }
}

/// The puzzles of an input, in order: malformed lines are warned of and skipped; a read
/// error ends them.
pub struct Puzzles {
    name: String,
    items: Box<dyn Iterator<Item = Result<Puzzle, CorpusError>>>,
}

impl Puzzles {
    fn new(
        name: String,
        items: impl Iterator<Item = Result<Puzzle, CorpusError>> + 'static,
    ) -> Puzzles {
        Puzzles {
            name,
            items: Box::new(items),
        }
    }

    /// One puzzle, at line 1.
    fn one(name: String, grid: Grid) -> Puzzles {
        let puzzle = Puzzle {
            grid,
            line: 1,
            ..Puzzle::default()
        };
        Puzzles::new(name, std::iter::once(Ok(puzzle)))
    }

    /// The input's name in messages.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The puzzle of index `index` (from 0); an error when the input ends before it.
    pub fn nth_puzzle(&mut self, index: u64) -> Result<Puzzle> {
        let mut read = 0;
        for puzzle in self.by_ref() {
            let puzzle = puzzle?;
            if puzzle.index == index {
                return Ok(puzzle);
            }
            read = puzzle.index + 1;
        }
        let name = &self.name;
        bail!("{name} has no puzzle of index {index} (puzzles read: {read})")
    }
}

impl Iterator for Puzzles {
    type Item = Result<Puzzle>;

    fn next(&mut self) -> Option<Result<Puzzle>> {
        loop {
            match self.items.next()? {
                Ok(puzzle) => return Some(Ok(puzzle)),
                Err(e) if e.is_malformed_line() => ui::warning(format!("{e} (line skipped)")),
                Err(e) => {
                    self.items = Box::new(std::iter::empty());
                    return Some(Err(e.into()));
                }
            }
        }
    }
}
