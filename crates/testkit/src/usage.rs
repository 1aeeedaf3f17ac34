//! The command lines of the examples: a wrong or missing argument ends the example with
//! what is wrong and its usage line (exit status 2), never with a panic; `-h` or `--help`
//! prints the usage line (exit status 0). What goes wrong past the command line (a file
//! that cannot be read) ends it with one line naming the example and the path (exit
//! status 1).

use std::fmt::Display;
use std::fs::File;
use std::io::BufReader;
use std::path::Path;
use std::str::FromStr;

use sudoku_core::CorpusReader;

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
}
