//! Usage errors found after clap read the command line: a command line that contradicts
//! itself (an output that is one of the run's corpora or a shard's file, one file given as
//! two shards, `--index` with a puzzle given as text), or that asks for what is not there
//! (a core `--pin` cannot pin to, a shard `auto` without its environment, a `--resume` of
//! a run made another way, a `--givens` the generator cannot make). One type for all of
//! them, [`Usage`], returned as any error is; `main` prints it as clap prints its own
//! ([`report`]: `error: MESSAGE`, the command's usage line, the pointer to `--help`, in
//! colour as `--color` and `NO_COLOR` say) and exits 2, so that every usage error, found
//! by clap or after it, reads and ends alike.

use std::fmt;

/// A usage error found after parsing: exit status 2, as clap's usage errors. Its text is
/// the message, said as it is.
#[derive(Debug)]
pub struct Usage(pub String);

impl fmt::Display for Usage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

/// The exit status of a command that failed with `e`: 2 for a [`Usage`] error (under any
/// context added to it), else 1.
pub fn exit_status(e: &anyhow::Error) -> u8 {
    if e.is::<Usage>() {
        2
    } else {
        1
    }
}

/// Says on stderr the error `e` a command ended with and gives its exit status
/// ([`exit_status`]). A [`Usage`] error is said as clap says its own ([`as_clap`]); any
/// other as `error: MESSAGE` (`ui::error`), its causes after it.
///
/// `cli` is the command line's definition, its colour set (`--color`); `subcommand` the
/// command that was run.
pub fn report(e: &anyhow::Error, cli: clap::Command, subcommand: Option<&str>) -> u8 {
    let message = crate::ui::chain(e);
    if e.is::<Usage>() {
        crate::ui::hide_bar();
        // Nothing to do when stderr is closed: the status still says it.
        let _ = as_clap(&message, cli, subcommand).print();
    } else {
        crate::ui::error(message);
    }
    exit_status(e)
}

/// A usage error's `message` as clap's error of `subcommand` (of the whole command line
/// when `None`): `error: MESSAGE`, a blank line, its usage line, a blank line, `For more
/// information, try '--help'.`, styled as `cli`'s colour choice says.
fn as_clap(message: &str, mut cli: clap::Command, subcommand: Option<&str>) -> clap::Error {
    cli.build();
    let command = match subcommand.and_then(|name| cli.find_subcommand_mut(name)) {
        Some(command) => command,
        None => &mut cli,
    };
    command.error(clap::error::ErrorKind::ArgumentConflict, message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// A usage error exits 2, under the context added to it or not; any other error 1.
    #[test]
    fn a_usage_error_exits_2_and_any_other_1() {
        let usage = || anyhow::Error::new(Usage("--pin: no core 9 here".into()));
        assert_eq!(exit_status(&usage()), 2);
        assert_eq!(exit_status(&usage().context("bench")), 2);
        assert_eq!(usage().to_string(), "--pin: no core 9 here");
        assert_eq!(exit_status(&anyhow::anyhow!("--pin: no core 9 here")), 1);
    }

    /// A usage error reads as clap's own: the message, the subcommand's usage line, the
    /// pointer to `--help`.
    #[test]
    fn a_usage_error_reads_as_clap_s_own() {
        let cli = crate::cli::Cli::command().color(clap::ColorChoice::Never);
        let text = as_clap("s1.csv is given twice", cli, Some("merge"))
            .render()
            .to_string();
        assert_eq!(
            text,
            "error: s1.csv is given twice\n\nUsage: sudoku-lab merge [OPTIONS] --out \
             <FILE.csv> <SHARD.csv>...\n\nFor more information, try '--help'.\n"
        );
    }
}
