//! The command lines of the examples: a wrong or missing argument ends the example with
//! what is wrong and its usage line (exit status 2), never with a panic; `-h` or `--help`
//! prints the usage line (exit status 0). What goes wrong past the command line (a file
//! that cannot be read, a solver that gives a wrong solution) ends it with one line naming
//! the example and what went wrong (exit status 1). Their corpora are read as `sudoku-lab
//! bench` reads one ([`Args::puzzles`]), and [`example`] runs one from a test.

use std::fmt::Display;
use std::fs::File;
use std::io::BufReader;
use std::path::Path;
use std::process::Command;
use std::str::FromStr;

use sudoku_core::{CorpusError, CorpusReader, Grid, Puzzle};

/// An example's arguments (the words after its name) and its usage line.
#[derive(Debug, Clone)]
pub struct Args {
    usage: &'static str,
    words: Vec<String>,
}

impl Args {
    /// The process's arguments, for an example whose usage line is `usage`
    /// (`usage: NAME FILE [LIMIT]`); `-h` or `--help` anywhere prints it and ends the
    /// process (status 0).
    /// A word that is not UTF-8 is a wrong argument too (`std::env::args` would panic).
    pub fn new(usage: &'static str) -> Args {
        let words: Vec<String> = std::env::args_os()
            .skip(1)
            .map(|w| {
                w.into_string().unwrap_or_else(|w| {
                    eprintln!("argument {w:?} is not UTF-8\n{usage}");
                    std::process::exit(2)
                })
            })
            .collect();
        Args::from_words(usage, words)
    }

    /// [`Args::new`] of the words given.
    pub fn from_words(usage: &'static str, words: impl IntoIterator<Item = String>) -> Args {
        let words: Vec<String> = words.into_iter().collect();
        if words.iter().any(|w| w == "-h" || w == "--help") {
            println!("{usage}");
            std::process::exit(0);
        }
        Args { usage, words }
    }

    /// Ends the process: `problem`, then the usage line, on stderr (exit status 2).
    pub fn fail(&self, problem: impl Display) -> ! {
        eprintln!("{problem}\n{}", self.usage);
        std::process::exit(2)
    }

    /// The example's name: the word after `usage:` in its usage line.
    pub fn name(&self) -> &'static str {
        let line = self.usage.strip_prefix("usage:").unwrap_or(self.usage);
        line.split_whitespace().next().unwrap_or("example")
    }

    /// Ends the process: the example's name and `problem` on stderr (exit status 1), for
    /// what goes wrong with a well-formed command line (a file that cannot be read).
    pub fn error(&self, problem: impl Display) -> ! {
        eprintln!("{}: {problem}", self.name());
        std::process::exit(1)
    }

    /// The file at `path`, open for reading, or the end of the process naming it.
    pub fn open(&self, path: &str) -> File {
        if Path::new(path).is_dir() {
            self.error(format_args!("{path}: is a folder, not a file"));
        }
        File::open(path).unwrap_or_else(|e| self.error(format_args!("{path}: {e}")))
    }

    /// The corpus at `path`, open for reading, or the end of the process naming it.
    pub fn corpus(&self, path: impl AsRef<Path>) -> CorpusReader<BufReader<File>> {
        CorpusReader::open(path).unwrap_or_else(|e| self.error(e))
    }

    /// The first `most` puzzles of the corpus at `path` (every one: `usize::MAX`), read as
    /// `sudoku-lab bench` reads a corpus (`sudoku_core::corpus`: bytes, so a line that is
    /// not UTF-8 is one malformed line, not the end of the file). Malformed lines are
    /// skipped, and said on stderr: how many, and the first one with its `FILE:LINE`. A
    /// file that cannot be opened or read ends the process (exit status 1), naming it.
    pub fn puzzles(&self, path: &str, most: usize) -> Vec<Puzzle> {
        let mut puzzles = Vec::new();
        let (mut malformed, mut first) = (0u64, None::<CorpusError>);
        for read in self.corpus(path) {
            if puzzles.len() == most {
                break;
            }
            match read {
                Ok(puzzle) => puzzles.push(puzzle),
                Err(e) if e.is_malformed_line() => {
                    malformed += 1;
                    first.get_or_insert(e);
                }
                Err(e) => self.error(e),
            }
        }
        if let Some(first) = first {
            let more = match malformed {
                1 => String::new(),
                n => format!(" (and {} more)", n - 1),
            };
            eprintln!("{}: malformed line skipped: {first}{more}", self.name());
        }
        puzzles
    }

    /// The grids of [`Self::puzzles`], without their names and lines.
    pub fn grids(&self, path: &str, most: usize) -> Vec<Grid> {
        self.puzzles(path, most)
            .into_iter()
            .map(|p| p.grid)
            .collect()
    }

    /// Ends the process (exit status 1) when `solution`, `solver`'s answer to `puzzle`,
    /// does not solve it: a solver bug, told with the puzzle (see [`wrong_solution`]).
    pub fn check_solution(&self, solver: &str, puzzle: &Grid, solution: Option<&Grid>) {
        if let Some(problem) = solution.and_then(|s| wrong_solution(solver, puzzle, s)) {
            self.error(problem);
        }
    }

    /// Every word, in order.
    pub fn words(&self) -> &[String] {
        &self.words
    }

    /// Word `i` (from 0), when given.
    pub fn get(&self, i: usize) -> Option<&str> {
        self.words.get(i).map(String::as_str)
    }

    /// Word `i`, which must be given: `what` names it when it is not.
    pub fn required(&self, i: usize, what: &str) -> &str {
        self.get(i)
            .unwrap_or_else(|| self.fail(format_args!("missing {what}")))
    }

    /// Word `i`, a folder (`default` when not given), or the end of the process saying it
    /// is not one (`what` names it).
    pub fn folder<'a>(&'a self, i: usize, what: &str, default: &'a str) -> &'a str {
        let dir = self.get(i).unwrap_or(default);
        if !Path::new(dir).is_dir() {
            self.error(format_args!("{dir}: not a folder ({what})"));
        }
        dir
    }

    /// Word `i` read as `what` (`default` when not given).
    pub fn parsed_or<T: FromStr>(&self, i: usize, what: &str, default: T) -> T {
        self.get(i).map_or(default, |word| self.parse(word, what))
    }

    /// `word` read as `what`, or the end of the process saying it is not one.
    pub fn parse<T: FromStr>(&self, word: &str, what: &str) -> T {
        word.parse()
            .unwrap_or_else(|_| self.fail(format_args!("{word:?} is not {what}")))
    }

    /// At most `most` words: more is an error that names the first one too many.
    pub fn at_most(&self, most: usize) -> &Args {
        if let Some(extra) = self.words.get(most) {
            self.fail(format_args!("unexpected argument {extra:?}"));
        }
        self
    }
}

/// What is wrong with `solution`, `solver`'s answer to `puzzle`, when it does not solve
/// it: `dlx gave a wrong solution (a solver bug): cell r1c2 is empty; puzzle …, solution …`.
pub fn wrong_solution(solver: &str, puzzle: &Grid, solution: &Grid) -> Option<String> {
    let problem = solution.check_solution_of(puzzle).err()?;
    Some(format!(
        "{solver} gave a wrong solution (a solver bug): {problem}; puzzle {}, solution {}",
        puzzle.to_line(),
        solution.to_line()
    ))
}

/// A corpus of two puzzles (the Polish grid, the second Spanish one) around a line that is
/// not UTF-8 (line 2): read as a corpus, that line is one malformed line, and both puzzles
/// are read.
pub fn corpus_with_a_line_not_utf8() -> Vec<u8> {
    let mut bytes = format!("{}\n", crate::seeds::POLISH).into_bytes();
    bytes.extend_from_slice(b"\xff\xfe not text\n");
    bytes.extend_from_slice(format!("{}\n", crate::seeds::SPANISH_2).as_bytes());
    bytes
}

/// The example `name`, built by `cargo test` beside the test binary that runs it
/// (`target/PROFILE/examples/NAME`), ready to run from a test of its package.
///
/// # Panics
///
/// When it was not built (`cargo test --test X` builds no example: run `cargo test`, or
/// `cargo build --examples`, first).
pub fn example(name: &str) -> Command {
    let test = std::env::current_exe().expect("the test's own path");
    let profile = test
        .parent()
        .and_then(Path::parent)
        .expect("target/PROFILE/deps/TEST");
    let path = profile
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.is_file(),
        "{}: the example is not built: `cargo test` without --test builds it (or `cargo \
         build --examples` with the test's profile)",
        path.display()
    );
    Command::new(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_read_as_asked() {
        let args = Args::from_words("usage: x FILE [N]", ["f.txt".into(), "7".into()]);
        assert_eq!(args.required(0, "a file"), "f.txt");
        assert_eq!(args.parsed_or(1, "a count", 2u64), 7);
        assert_eq!(args.parsed_or(2, "a count", 2u64), 2);
        assert_eq!(args.get(2), None);
        assert_eq!(args.at_most(2).words().len(), 2);
        assert_eq!(args.name(), "x");
    }

    #[test]
    fn a_wrong_solution_is_told_with_the_puzzle() {
        let right: Grid =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .parse()
                .unwrap();
        let puzzle = right.with(0, 0).with(1, 0).with(80, 0);
        assert_eq!(wrong_solution("naive", &puzzle, &right), None);
        let wrong = right.with(1, 0);
        assert_eq!(
            wrong_solution("naive", &puzzle, &wrong),
            Some(format!(
                "naive gave a wrong solution (a solver bug): cell r1c2 is empty; puzzle {}, \
                 solution {}",
                puzzle.to_line(),
                wrong.to_line()
            ))
        );
    }
}
