//! Usage errors found after clap read the command line: a command line that contradicts
//! itself (an output that is one of the run's corpora, `--index` with a puzzle given as
//! text) or asks for what is not there (a core `--pin` cannot pin to, a `--resume` of a run
//! made another way). [`report`] prints them as clap prints its own, in colour as `--color`
//! says, and gives exit status 2, so that every usage error reads and ends alike.

use std::fmt;

/// A usage error found after parsing: exit status 2, its text the message as it is.
#[derive(Debug)]
pub struct Usage(pub String);

impl fmt::Display for Usage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

/// Says the error `e` a command ended with on stderr, and gives its exit status: 2 for a
/// [`Usage`] error (under any context), said as clap says its own against `cli` (its
/// colour set) and the `subcommand` run; else 1, `error: MESSAGE` with its causes.
pub fn report(e: &anyhow::Error, mut cli: clap::Command, subcommand: Option<&str>) -> u8 {
    let message = crate::ui::chain(e);
    if !e.is::<Usage>() {
        crate::ui::error(message);
        return 1;
    }
    crate::ui::hide_bar();
    // Nothing to do when stderr is closed: the status still says it.
    let _ = as_clap(&message, &mut cli, subcommand).print();
    2
}

/// `message` as clap's error of `subcommand` (of the whole command line when `None`):
/// `error: MESSAGE`, its usage line, the pointer to `--help`.
fn as_clap(message: &str, cli: &mut clap::Command, subcommand: Option<&str>) -> clap::Error {
    cli.build();
    let command = match subcommand.and_then(|name| cli.find_subcommand_mut(name)) {
        Some(command) => command,
        None => cli,
    };
    command.error(clap::error::ErrorKind::ArgumentConflict, message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn a_usage_error_reads_as_clap_s_own() {
        let mut cli = crate::cli::Cli::command().color(clap::ColorChoice::Never);
        let text = as_clap("s1.csv is given twice", &mut cli, Some("merge"))
            .render()
            .to_string();
        assert_eq!(
            text,
            "error: s1.csv is given twice\n\nUsage: sudoku-lab merge [OPTIONS] --out \
             <FILE.csv> <SHARD.csv>...\n\nFor more information, try '--help'.\n"
        );
    }
}
