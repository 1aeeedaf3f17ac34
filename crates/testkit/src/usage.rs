//! The command lines of the examples: a wrong or missing argument ends the example with
//! what is wrong and its usage line (exit status 2), never with a panic; `-h` or `--help`
//! prints the usage line (exit status 0).

use std::fmt::Display;
use std::str::FromStr;

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
    pub fn new(usage: &'static str) -> Args {
        Args::from_words(usage, std::env::args().skip(1))
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
    }
}
