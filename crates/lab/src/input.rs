//! Where `solve`, `trace` and `grade` read their puzzles: an argument, a file, or stdin,
//! read as `bench` reads a corpus, or as one pretty-printed grid (the book's "solve").

use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor, IsTerminal, Read};
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use sudoku_core::corpus::CorpusReader;
use sudoku_core::{CorpusError, Grid, Puzzle};

use crate::bench::recorder::{warn_malformed, warn_malformed_in_all};
use crate::cli::PuzzleArgs;
use crate::ui;
use crate::usage_error::Usage;

/// The most read whole, to find a pretty-printed grid: 1 MiB; a longer input is streamed.
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
    /// path, or a puzzle (an input of one puzzle, index 0, as the book's "solve" says).
    pub fn from_args(args: &PuzzleArgs) -> Input {
        match (args.puzzle.as_deref(), &args.corpus) {
            (_, Some(file)) => Input::File(file.clone()),
            (None | Some("-"), None) => Input::Stdin,
            (Some(text), None) if Path::new(text).exists() => Input::File(PathBuf::from(text)),
            (Some(text), None) => Input::Text(text.to_string()),
        }
    }

    /// The usage error clap cannot see: an output (`flag` `path`) that is the file of
    /// puzzles (through links), which writing would overwrite.
    pub fn refuse_as_output(&self, flag: &str, path: Option<&Path>) -> Result<()> {
        let (Input::File(file), Some(path)) = (self, path) else {
            return Ok(());
        };
        let real = |path: &Path| std::fs::canonicalize(path).ok();
        if real(path).is_some_and(|p| real(file) == Some(p)) {
            let message = format!("{flag} {} is the file of puzzles", path.display());
            return Err(Usage(message).into());
        }
        Ok(())
    }

    /// Opens the input: its puzzles, in order; an error (its first problem) when it holds none.
    pub fn puzzles(&self) -> Result<Puzzles> {
        match self {
            Input::Text(text) => {
                let grid = Grid::parse(text)
                    .map_err(|e| anyhow!("{text}: no such file, and not a puzzle: {e}"))?;
                Ok(Puzzles::one("the argument".into(), grid))
            }
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

/// Reads an open input: whole when it fits in [`WHOLE_BYTES`] (its puzzle lines, or the
/// one grid it pretty-prints), else streamed.
fn load(name: String, mut reader: Box<dyn BufRead>) -> Result<Puzzles> {
    let mut head = Vec::new();
    (&mut reader)
        .take(WHOLE_BYTES as u64 + 1)
        .read_to_end(&mut head)
        .with_context(|| format!("{name}: read error"))?;
    if head.len() > WHOLE_BYTES {
        let rest: Box<dyn BufRead> = Box::new(Cursor::new(head).chain(reader));
        let reader = CorpusReader::new(rest, name.as_str());
        return Ok(Puzzles::new(name, reader));
    }
    let items: Vec<_> = CorpusReader::new(&head[..], name.as_str()).collect();
    if items.iter().any(Result::is_ok) {
        return Ok(Puzzles::new(name, items.into_iter()));
    }
    let text = String::from_utf8_lossy(&head);
    let lines = text.lines().filter(|l| !l.trim().is_empty()).count();
    if let (2.., Ok(grid)) = (lines, Grid::parse(&text)) {
        return Ok(Puzzles::one(name, grid));
    }
    match items.into_iter().find_map(Result::err) {
        Some(e) => Err(e.into()),
        None => bail!("{name} holds no puzzle"),
    }
}

/// The puzzles of an input, in order: malformed lines are skipped and warned of as `bench`
/// does ([`warn_malformed`]); the reader ends at any other error.
pub struct Puzzles {
    /// The input's name in messages.
    pub name: String,
    items: Box<dyn Iterator<Item = Result<Puzzle, CorpusError>>>,
    /// The malformed lines skipped so far.
    malformed: u64,
}

impl Puzzles {
    fn new(
        name: String,
        items: impl Iterator<Item = Result<Puzzle, CorpusError>> + 'static,
    ) -> Puzzles {
        Puzzles {
            name,
            items: Box::new(items),
            malformed: 0,
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
                Err(e) if e.is_malformed_line() => {
                    self.malformed += 1;
                    warn_malformed(&e, self.malformed);
                }
                item => return Some(item.map_err(Into::into)),
            }
        }
    }
}

impl Drop for Puzzles {
    /// Says how many malformed lines were skipped, when not all were shown.
    fn drop(&mut self) {
        warn_malformed_in_all(&self.name, self.malformed);
    }
}
