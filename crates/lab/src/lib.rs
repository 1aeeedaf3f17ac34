//! The sudoku-lab runner: times the strategies over corpora in parallel, checks every
//! solution, writes one CSV row per (puzzle, solver) and summarizes the run.
//!
//! - [`cli`]: the command line (`bench`, `solve`, `summary`);
//! - [`bench`](mod@bench): the streaming, parallel, ordered run engine;
//! - [`check`]: one timed and checked solve;
//! - [`record`]: the CSV row;
//! - [`summary`]: the per corpus × solver table;
//! - [`plot`]: SVG figures of a CSV;
//! - [`sidecar`]: what makes a run reproducible;
//! - [`solve`]: one puzzle shown in full;
//! - [`solvers`]: the strategies by name and their default budgets.
#![deny(missing_docs)]

pub mod bench;
pub mod check;
pub mod cli;
pub mod plot;
pub mod record;
pub mod sidecar;
pub mod solve;
pub mod solvers;
pub mod summary;

use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result};

pub use bench::{BenchReport, RunEnd};
use cli::{Cli, Command};

/// The interrupt flag: set by the first Ctrl-C or SIGTERM.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Installs the Ctrl-C / SIGTERM handler: the first signal sets the flag [`run`] watches
/// (a `bench` run then finishes the solves under way and writes what is complete); a
/// second one exits at once with status 130.
pub fn install_interrupt_handler() -> Result<&'static AtomicBool> {
    ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            eprintln!("interrupted again: exiting now");
            std::process::exit(130);
        }
        eprintln!(
            "interrupted: finishing the solves under way and writing the rows completed \
             (interrupt again to quit at once)"
        );
    })
    .context("cannot install the Ctrl-C / SIGTERM handler")?;
    Ok(&INTERRUPTED)
}

/// Runs a parsed command line; `interrupt` is the flag of [`install_interrupt_handler`].
pub fn run(cli: &Cli, interrupt: &AtomicBool) -> Result<RunEnd> {
    match &cli.command {
        Command::Bench(args) => {
            let report = bench::bench(args, interrupt)?;
            print!("{}", report.summary.to_text());
            eprintln!(
                "wrote {} ({} rows), {} and {}",
                report.csv.display(),
                report.summary.rows(),
                report.summary_md.display(),
                report.sidecar.display()
            );
            if report.end == RunEnd::Interrupted {
                eprintln!(
                    "interrupted: {} holds every row completed before the interrupt",
                    report.csv.display()
                );
            }
            if report.summary.wrong() > 0 {
                eprintln!(
                    "WRONG: {} solution(s) failed their check (status wrong in {})",
                    report.summary.wrong(),
                    report.csv.display()
                );
            }
            Ok(report.end)
        }
        Command::Solve(args) => solve::solve(args),
        Command::Plot(args) => {
            let out_dir = match &args.out_dir {
                Some(dir) => dir.clone(),
                None => args
                    .csv
                    .parent()
                    .filter(|p| !p.as_os_str().is_empty())
                    .map_or_else(|| ".".into(), std::path::Path::to_path_buf),
            };
            for file in plot::plot_csv(&args.csv, &out_dir)? {
                println!("{}", file.display());
            }
            Ok(RunEnd::Finished)
        }
        Command::Summary(args) => {
            let summary = summary::Summary::from_csv(&args.csv)?;
            print!("{}", summary.to_text());
            Ok(if summary.wrong() > 0 {
                RunEnd::Wrong
            } else {
                RunEnd::Finished
            })
        }
    }
}
