//! `sudoku-lab`: parse the command line, run it, map the outcome to an exit code
//! (0 ok, 1 error, 2 bad arguments, 3 a solution failed its check, 130 interrupted).

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use clap::Parser;
use sudoku_lab::cli::{Cli, Command};

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Only `bench` handles Ctrl-C / SIGTERM (to keep the rows completed); the other
    // commands stop at once as usual.
    static NEVER: AtomicBool = AtomicBool::new(false);
    let interrupt = if matches!(cli.command, Command::Bench(_)) {
        match sudoku_lab::install_interrupt_handler() {
            Ok(flag) => flag,
            Err(e) => {
                eprintln!("error: {e:#}");
                return ExitCode::from(1);
            }
        }
    } else {
        &NEVER
    };
    match sudoku_lab::run(&cli, interrupt) {
        Ok(end) => ExitCode::from(end.exit_code() as u8),
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
    }
}
