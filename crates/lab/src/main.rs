//! `sudoku-lab`: the runner. Parses the command line ([`cli`]), runs the command, maps the
//! outcome to an exit status, or dies by the signal that interrupted it ([`interrupt::die`]).
//! The layers: the book's "Architecture".

mod bench;
mod cli;
mod commands;
mod compare;
mod generate;
mod grading;
mod input;
mod interrupt;
mod merge;
mod solve;
mod trace;
mod ui;
mod usage_error;
mod version;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};

use cli::{Cli, Command};

/// How a command ended, when it did not fail: the value is its exit status (an interrupted
/// run ends by its signal instead).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunEnd {
    /// All done, every check passed.
    Finished = 0,
    /// Some solution failed its check (status `wrong`).
    Wrong = 3,
    /// `compare --fail-above` found a regression.
    Regressed = 4,
    /// Stopped by Ctrl-C or SIGTERM: the rows completed are written.
    Interrupted = 130,
}

fn run(cli: &Cli) -> anyhow::Result<RunEnd> {
    match &cli.command {
        Command::Bench(args) => bench::bench(args, interrupt::watch()?),
        Command::Solve(args) => solve::solve(args),
        Command::Trace(args) => trace::trace(args),
        Command::Generate(args) => generate::generate(args, interrupt::watch()?),
        Command::Grade(args) => grading::grade_puzzles(args),
        Command::Summary(args) => commands::summary(args),
        Command::Plot(args) => commands::plot(args),
        Command::Merge(args) => merge::merge(args),
        Command::Compare(args) => compare::compare(args),
        Command::Completions(args) => commands::completions(args),
        Command::Man(args) => commands::man(args),
    }
}

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let color = ui::color_from_args(&args);
    let mut command = Cli::command().color(color);
    let matches = command
        .try_get_matches_from_mut(&args)
        .unwrap_or_else(|e| e.exit());
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    match run(&cli) {
        Ok(RunEnd::Interrupted) => interrupt::die(),
        Ok(end) => ExitCode::from(end as u8),
        Err(e) => ExitCode::from(usage_error::report(&e, command, matches.subcommand_name())),
    }
}
