//! Where puzzles come from: corpus files (a folder stands for its corpus files, but never
//! for a results CSV the runner wrote into it), stdin, or the seed puzzles built in. Only
//! a regular file is opened more than once (to count it, or to check it can be read): a
//! pipe, a FIFO or a device is read as it comes, never consumed before the run.

use std::collections::HashSet;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use sudoku_core::corpus::{folder_files, LeftOut};
use sudoku_core::CorpusError;
use sudoku_results::reads_as_results;

/// The puzzles of `data/seeds.txt` (the essays' grids), built in, so that a run needs no
/// file at all.
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
            Source::Stdin => "stdin".to_string(),
            Source::BuiltIn => "data/seeds.txt (built in)".to_string(),
        }
    }

    /// Opens the corpus for reading.
    ///
    /// # Errors
    ///
    /// When the file cannot be opened.
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
            reader: BufReader::with_capacity(1 << 16, reader),
            may_stall,
            ended,
        })
    }

    /// Whether the corpus can be read twice (a regular file, or the built-in seeds): only
    /// such a corpus may be counted before the run.
    pub fn rereadable(&self) -> bool {
        match self {
            Source::File(p) => std::fs::metadata(p).is_ok_and(|m| m.is_file()),
            Source::Stdin => false,
            Source::BuiltIn => true,
        }
    }
}

/// A corpus as the run's reading thread reads it: buffered, and able to tell when the next
/// line may be slow to come (see [`Input::would_block`]).
pub(crate) struct Input {
    reader: BufReader<Box<dyn Read + Send>>,
    may_stall: bool,
    ended: Arc<AtomicBool>,
}

impl Input {
    /// An error once the run is over, checked before each read from the source.
    fn check_ended(&self) -> io::Result<()> {
        if self.reader.buffer().is_empty() && self.ended.load(Ordering::Relaxed) {
            return Err(io::Error::other("the run has ended"));
        }
        Ok(())
    }

    /// Whether reading on may wait for the source: its buffer is empty and it is a pipe,
    /// a FIFO, a terminal or a device (a regular file or the built-in seeds never wait).
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

/// The corpora the paths of a command line stand for, and the files of their folders that
/// were left out (for the runner to say).
#[derive(Debug, Default)]
pub struct Expanded {
    /// The corpora, in order.
    pub sources: Vec<Source>,
    /// Files of a folder that are results CSVs of the runner (their first line is its
    /// header), not corpora: left out.
    pub skipped: Vec<PathBuf>,
    /// Entries of a folder named as corpus files that lead to no file (a dangling link, a
    /// loop of links): left out.
    pub left_out: Vec<LeftOut>,
}

/// The corpora the paths of a command line stand for, in order: `-` is stdin, a folder
/// its corpus files (sorted, what is left out named in [`Expanded`]), a file itself. Every
/// regular file is opened once here, so that a missing or unreadable one stops the run
/// before any work.
///
/// # Errors
///
/// The first path that cannot be read, or a folder without any corpus file.
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
            if folder && is_results_csv(&file) {
                out.skipped.push(file);
                continue;
            }
            check_readable(&file)?;
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

/// The corpora the paths of a command line stand for: [`expand`]'s, without the files
/// it left out.
///
/// # Errors
///
/// As [`expand`].
pub fn sources(paths: &[PathBuf]) -> Result<Vec<Source>, CorpusError> {
    expand(paths).map(|e| e.sources)
}

/// The name of each corpus of a run, in order: [`Source::name`], and from its second time
/// in the list on, the same name numbered (`a.txt`, `a.txt (2)`), so that a corpus given
/// twice is two corpora in the rows and the summary.
pub fn corpus_names(sources: &[Source]) -> Vec<String> {
    let mut seen = HashSet::new();
    sources
        .iter()
        .map(|source| {
            let name = source.name();
            let mut unique = name.clone();
            let mut n = 1;
            while !seen.insert(unique.clone()) {
                n += 1;
                unique = format!("{name} ({n})");
            }
            unique
        })
        .collect()
}

/// Whether a file starts with the header of a CSV the runner writes.
fn is_results_csv(file: &Path) -> bool {
    File::open(file).is_ok_and(reads_as_results)
}

fn check_readable(file: &Path) -> Result<(), CorpusError> {
    let open = |reason| CorpusError::Open {
        path: file.display().to_string(),
        reason,
    };
    let meta = std::fs::metadata(file).map_err(open)?;
    if meta.is_dir() {
        return Err(open(io::Error::other("is a folder, not a file")));
    }
    if !meta.is_file() {
        // A FIFO or a device: opening it may wait for a writer, or take what it holds.
        return Ok(());
    }
    File::open(file).map(drop).map_err(open)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_corpus_given_twice_is_numbered() {
        let a = Source::File("a.txt".into());
        let names = corpus_names(&[a.clone(), Source::Stdin, a.clone(), a]);
        assert_eq!(names, ["a.txt", "stdin", "a.txt (2)", "a.txt (3)"]);
    }

    #[test]
    fn a_results_csv_in_a_folder_is_left_out() {
        let dir = tempfile::tempdir().unwrap();
        let corpus = dir.path().join("a.txt");
        std::fs::write(&corpus, "4.....8.5.3\n").unwrap();
        let results = dir.path().join("r.csv");
        let mut text = sudoku_results::header_line();
        text.extend_from_slice(b"a.txt,0,1,,dlx\n");
        std::fs::write(&results, text).unwrap();
        let got = expand(&[dir.path().to_path_buf()]).unwrap();
        assert_eq!(got.sources, [Source::File(corpus)]);
        assert_eq!(got.skipped, std::slice::from_ref(&results));
        // Named on its own, a file is read as asked.
        assert_eq!(
            sources(std::slice::from_ref(&results)).unwrap(),
            [Source::File(results.clone())]
        );
        std::fs::remove_file(dir.path().join("a.txt")).unwrap();
        let err = expand(&[dir.path().to_path_buf()]).unwrap_err();
        assert!(matches!(err, CorpusError::EmptyFolder { .. }), "{err}");
    }

    /// A dangling link and a loop of links in a folder are left out, and named; a folder
    /// inside is left out unsaid.
    #[cfg(unix)]
    #[test]
    fn links_that_lead_to_no_file_are_named() {
        use std::os::unix::fs::symlink;
        let dir = tempfile::tempdir().unwrap();
        let at = |name: &str| dir.path().join(name);
        std::fs::write(at("a.txt"), "1").unwrap();
        symlink("a.txt", at("b.txt")).unwrap();
        symlink("missing.txt", at("dangling.txt")).unwrap();
        symlink("loop2.txt", at("loop1.txt")).unwrap();
        symlink("loop1.txt", at("loop2.txt")).unwrap();
        std::fs::create_dir(at("sub")).unwrap();
        let found = expand(&[dir.path().to_path_buf()]).unwrap();
        assert_eq!(
            found.sources,
            [Source::File(at("a.txt")), Source::File(at("b.txt"))]
        );
        let said: Vec<String> = found.left_out.iter().map(ToString::to_string).collect();
        let dangling = format!(
            "{}: a link to missing.txt that leads to no file (No such file or directory (os \
             error 2)): left out",
            at("dangling.txt").display()
        );
        assert_eq!(said[0], dangling);
        for (k, to) in [(1, "loop2.txt"), (2, "loop1.txt")] {
            let name = format!("loop{k}.txt");
            let start = format!(
                "{}: a link to {to} that leads to no file (",
                at(&name).display()
            );
            assert!(said[k].starts_with(&start), "{said:?}");
        }
        assert_eq!(said.len(), 3);
    }
}
