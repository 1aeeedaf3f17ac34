//! Usage errors found after clap read the command line: a command line that contradicts
//! itself (an output that is one of the run's corpora or a shard's file, one file given as
//! two shards), or that asks for what is not there (a core `--pin` cannot pin to, a shard
//! `auto` without its environment, a `--resume` of a run made another way). One type for
//! all of them, [`Usage`], which `main` maps to exit status 2, as clap's own (see
//! [`exit_status`]).

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

#[cfg(test)]
mod tests {
    use super::*;

    /// A usage error exits 2, under the context added to it or not; any other error 1.
    #[test]
    fn a_usage_error_exits_2_and_any_other_1() {
        let usage = || anyhow::Error::new(Usage("--pin: no core 9 here".into()));
        assert_eq!(exit_status(&usage()), 2);
        assert_eq!(exit_status(&usage().context("bench")), 2);
        assert_eq!(usage().to_string(), "--pin: no core 9 here");
        assert_eq!(exit_status(&anyhow::anyhow!("--pin: no core 9 here")), 1);
    }
}
