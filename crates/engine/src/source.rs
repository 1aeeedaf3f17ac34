//! Where puzzles come from: corpus files and folders, stdin, the seed puzzles built in.
//! Only a regular file is opened more than once: a pipe, a FIFO or a device is read as it
//! comes.

use std::collections::HashSet;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use sudoku_core::corpus::{folder_files, LeftOut};
use sudoku_core::{CorpusError, CorpusReader};
use sudoku_results::reads_as_results;

use crate::select::{corpus_key, Selection};

/// The puzzles of `data/seeds.txt` (the essays' grids), built in.
pub const SEEDS: &str = include_str!("../../../data/seeds.txt");

/// A corpus to read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A corpus file.
    File(PathBuf),
    /// The standard input.
    Stdin,
    /// The seed puzzles built in ([`SEEDS`]).
    BuiltIn,
}

impl Source {
    /// The corpus's name, as rows and messages give it: the path as given, `stdin`, or
    /// `data/seeds.txt (built in)`.
    pub fn name(&self) -> String {
        match self {
            Source::File(p) => p.display().to_string(),
            Source::Stdin => "stdin".into(),
            Source::BuiltIn => "data/seeds.txt (built in)".into(),
        }
    }

    /// Opens the corpus for reading.
    ///
    /// # Errors
    ///
    /// [`CorpusError::Open`].
    pub fn open(&self) -> Result<Box<dyn BufRead>, CorpusError> {
        Ok(Box::new(self.open_input(Arc::default())?))
    }

    /// Opens the corpus for the run's reading thread; reading fails once `ended` is set
    /// (a source without end stops being read when the run is over).
    pub(crate) fn open_input(&self, ended: Arc<AtomicBool>) -> Result<Input, CorpusError> {
        let (reader, may_stall): (Box<dyn Read + Send>, bool) = match self {
            Source::File(p) => {
                let file = File::open(p).map_err(|reason| CorpusError::Open {
                    path: p.display().to_string(),
                    reason,
                })?;
                let regular = file.metadata().is_ok_and(|m| m.is_file());
                (Box::new(file), !regular)
            }
            Source::Stdin => (Box::new(io::stdin()), true),
            Source::BuiltIn => (Box::new(SEEDS.as_bytes()), false),
        };
        Ok(Input {
            ended,
            ..Input::new(reader, may_stall)
        })
    }

    /// Whether the corpus can be read twice (a regular file, the built-in seeds).
    pub fn rereadable(&self) -> bool {
        match self {
            Source::File(p) => std::fs::metadata(p).is_ok_and(|m| m.is_file()),
            Source::Stdin => false,
            Source::BuiltIn => true,
        }
    }
}

/// A corpus as the run's reading thread reads it.
pub(crate) struct Input {
    reader: BufReader<Box<dyn Read + Send>>,
    may_stall: bool,
    ended: Arc<AtomicBool>,
}

impl Input {
    /// `reader` read through a buffer; `may_stall` for a source that may wait (a pipe).
    pub(crate) fn new(reader: Box<dyn Read + Send>, may_stall: bool) -> Input {
        let reader = BufReader::with_capacity(1 << 16, reader);
        let ended = Arc::default();
        Input {
            reader,
            may_stall,
            ended,
        }
    }

    /// An error once the run has ended and the buffer is read.
    fn check_ended(&self) -> io::Result<()> {
        match self.reader.buffer().is_empty() && self.ended.load(Ordering::Relaxed) {
            true => Err(io::Error::other("the run has ended")),
            false => Ok(()),
        }
    }

    /// Whether reading on may wait: an empty buffer on anything but a regular file.
    pub fn would_block(&self) -> bool {
        self.may_stall && self.reader.buffer().is_empty()
    }
}

impl Read for Input {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.check_ended()?;
        self.reader.read(buf)
    }
}

impl BufRead for Input {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.check_ended()?;
        self.reader.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.reader.consume(amount);
    }
}

/// The corpora the paths of a command line stand for, and what their folders left out.
#[derive(Debug, Default)]
pub struct Expanded {
    /// The corpora, in order.
    pub sources: Vec<Source>,
    /// Results CSVs of the runner in a folder (their first line is its header).
    pub skipped: Vec<PathBuf>,
    /// Links in a folder that lead to no file (dangling, a loop).
    pub left_out: Vec<LeftOut>,
}

/// The corpora the paths of a command line stand for, in order: `-` is stdin, a folder its
/// corpus files (sorted), a file itself.
///
/// # Errors
///
/// The first path that cannot be opened (a regular file is opened once here, so that the
/// run stops before any work), or a folder without any corpus file.
pub fn expand(paths: &[PathBuf]) -> Result<Expanded, CorpusError> {
    let mut out = Expanded::default();
    for path in paths {
        if path.as_os_str() == "-" {
            out.sources.push(Source::Stdin);
            continue;
        }
        let folder = path.is_dir();
        let before = out.sources.len();
        let found = folder_files(path)?;
        out.left_out.extend(found.left_out);
        for file in found.files {
            if folder && File::open(&file).is_ok_and(reads_as_results) {
                out.skipped.push(file);
                continue;
            }
            // A FIFO or a device is not opened here: that may wait for a writer, or take
            // what it holds.
            if std::fs::metadata(&file).is_ok_and(|m| m.is_file()) {
                let path = file.display().to_string();
                File::open(&file).map_err(|reason| CorpusError::Open { path, reason })?;
            }
            out.sources.push(Source::File(file));
        }
        if folder && out.sources.len() == before {
            return Err(CorpusError::EmptyFolder {
                path: path.display().to_string(),
            });
        }
    }
    Ok(out)
}

/// The name of each corpus of a run: [`Source::name`], numbered from its second time on
/// (`a.txt`, `a.txt (2)`), so that a corpus given twice is two corpora.
pub fn corpus_names(sources: &[Source]) -> Vec<String> {
    let mut seen = HashSet::new();
    let mut unique = |name: String| {
        let mut names = (2..).map(|n| format!("{name} ({n})"));
        std::iter::once(name.clone())
            .chain(&mut names)
            .find(|u| seen.insert(u.clone()))
    };
    sources.iter().filter_map(|s| unique(s.name())).collect()
}

/// Counts the puzzles of the corpus named `corpus` that a run of `selection` solves among
/// its first `first`, as the run reads them: the progress bar's total.
///
/// # Errors
///
/// A read error, or a UTF-16 or UTF-32 file, which end the corpus's reading.
pub fn count_puzzles(
    reader: Box<dyn BufRead>,
    corpus: &str,
    selection: &Selection,
    first: u64,
) -> Result<u64, CorpusError> {
    let (key, mut count) = (corpus_key(corpus), 0);
    for item in CorpusReader::new(reader, "") {
        match item {
            Ok(p) if p.index >= first => break,
            Ok(p) => count += u64::from(selection.keeps(corpus, key, p.index)),
            Err(e) if e.is_malformed_line() => {}
            Err(e) => return Err(e),
        }
    }
    Ok(count)
}
