//! `sudoku-lab generate`: puzzles made by `sudoku-generator`, one per line under a
//! provenance header, to a file or stdout.
//!
//! The generator makes puzzle `i` from the seed and `i` alone and hands the puzzles out in
//! order, so the file is the same for any thread count; the header holds nothing that
//! varies between runs (see [`header`]). Arguments the generator refuses (a range of
//! givens no puzzle can have, an empty node band, a strategy that does not exist or does
//! not solve the size) are usage errors, exit status 2, before anything runs. A puzzle
//! that misses its targets after `--max-attempts` candidates stops the run (status 1);
//! an interrupt stops it too (status 130). Either way the puzzles before stay written,
//! and a last `#` line in the output says where it stopped. A file given by `-o` is put
//! under its name only by a run that finished: the others leave it as it was and keep
//! their puzzles beside it (see [`Streamed`]).

mod header;
mod watch;

use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{anyhow, Result};
use clap::error::ErrorKind;
use clap::CommandFactory;
use sudoku_generator::{GenerateError, Generator, Options, Run};
use sudoku_reports::{State, Streamed};

use crate::cli::{Cli, GenerateArgs};
use crate::interrupt::{self, Writing};
use crate::ui::{self, ColorWhen};
use crate::RunEnd;
use watch::Watch;

/// Runs `generate`: see `sudoku-lab generate --help`. `interrupt` is the flag set by
/// Ctrl-C or SIGTERM.
pub fn generate(args: &GenerateArgs, interrupt: &AtomicBool) -> Result<RunEnd> {
    let generator = match Generator::new(options(args)) {
        Ok(g) => Arc::new(g),
        Err(e) => usage_error(&e, args).exit(),
    };
    let mut out = Output::open(args.out.as_deref())?;
    let watch = Watch::start(
        args.quiet,
        (args.progress_every > 0).then(|| Duration::from_secs(args.progress_every)),
        args.count,
    );
    let run = Run {
        seed: args.seed,
        count: args.count,
        threads: args.threads.map_or(0, |n| n as usize),
    };
    let checker = generator.checker();
    let puzzles = generator.stream(run, watch.callback())?;
    let (mut written, mut unknown) = (0, 0);
    let mut stop = None;
    let result = (|| -> io::Result<()> {
        out.write(&header::header(args, checker))?;
        for puzzle in puzzles {
            if interrupt.load(Ordering::Relaxed) {
                stop = Some(Stop::Interrupted);
                break;
            }
            match puzzle {
                Ok(p) => {
                    out.write(&p.puzzle.to_line())?;
                    out.write("\n")?;
                    written += 1;
                    unknown += p.unknown();
                }
                Err(e) => {
                    stop = Some(Stop::Failed(e));
                    break;
                }
            }
        }
        if let Some(stop) = &stop {
            out.write(&format!("# {}\n", stop.line(written, args.count)))?;
        }
        out.flush()
    })();
    watch.finish();
    let name = match result {
        // A reader that went away (`| head`) wanted no more: not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(RunEnd::Finished),
        Err(e) => return Err(write_failed(out, e)),
        Ok(()) => out.finish(stop.as_ref().map_or(State::Finished, Stop::state))?,
    };
    ui::plain(wrote(written, &name, watch.attempts(), watch.elapsed()));
    if unknown > 0 && !args.no_minimal {
        ui::note(format!(
            "{unknown} removal(s) were refused because their uniqueness check ran out of its \
             budget: every puzzle has one solution, but those are minimal only as far as the \
             checks could tell (common at 25x25: use --givens with --no-minimal there)"
        ));
    }
    match stop {
        None => Ok(RunEnd::Finished),
        Some(Stop::Interrupted) => Ok(RunEnd::Interrupted),
        Some(Stop::Failed(e)) => Err(anyhow!(e)),
    }
}

/// The last line of a run: the puzzles written, and the attempts made at every puzzle
/// begun (those of puzzles made in parallel included: more than one puzzle's cap,
/// `--max-attempts`, when a rare target stopped the run).
fn wrote(written: u64, name: &str, attempts: u64, elapsed: Duration) -> String {
    let plural = |n: u64| if n == 1 { "" } else { "s" };
    format!(
        "wrote {written} puzzle{} to {name} ({attempts} attempt{} in all, {:.1} s)",
        plural(written),
        plural(attempts),
        elapsed.as_secs_f64()
    )
}

/// The generator's options from the command line.
fn options(args: &GenerateArgs) -> Options {
    Options {
        size: args.size,
        symmetry: args.symmetry,
        minimal: !args.no_minimal,
        givens: args.givens,
        nodes: args.nodes.clone(),
        grade: args.grade,
        max_attempts: args.max_attempts,
        ..Options::default()
    }
}

/// Why a run stopped before its count.
enum Stop {
    Interrupted,
    Failed(GenerateError),
}

/// The error of a write that failed, once the puzzles written before it are kept under
/// the name of a failed run (as far as they can be).
fn write_failed(out: Output, e: io::Error) -> anyhow::Error {
    let name = out.name();
    match out.finish(State::Failed) {
        Ok(kept) if kept != "stdout" => {
            anyhow!("cannot write {name}: {e} (the puzzles written before it are in {kept})")
        }
        _ => anyhow!("cannot write {name}: {e}"),
    }
}

impl Stop {
    /// How a run that stopped so ended.
    fn state(&self) -> State {
        match self {
            Stop::Interrupted => State::Interrupted,
            Stop::Failed(_) => State::Failed,
        }
    }

    /// The last line of the output (after `# `).
    fn line(&self, written: u64, count: u64) -> String {
        match self {
            Stop::Interrupted => format!("interrupted after {written} of {count} puzzles"),
            Stop::Failed(e) => format!("stopped after {written} of {count} puzzles: {e}"),
        }
    }
}

/// A refusal of the generator as clap's usage error (exit status 2), naming the
/// argument it concerns.
fn usage_error(e: &GenerateError, args: &GenerateArgs) -> clap::Error {
    use GenerateError as E;
    let command_line: Vec<_> = std::env::args_os().collect();
    let typed = |id: &str, parsed: String| typed(&command_line, id).unwrap_or(parsed);
    let givens = || {
        args.givens
            .map(|r| ("--givens <LOW..HIGH>", typed("givens", r.to_string())))
    };
    let band = || {
        args.nodes.as_ref().map(|b| {
            (
                "--nodes <STRATEGY:LOW..HIGH>",
                typed("nodes", b.to_string()),
            )
        })
    };
    let grade = || {
        args.grade
            .map(|t| ("--grade <TECHNIQUE>", t.name().to_string()))
    };
    let argument = match e {
        E::EmptyGivens { .. } | E::TooFewGivens { .. } | E::TooManyGivens { .. } => givens(),
        E::EmptyBand { .. } | E::UnknownStrategy { .. } => band(),
        E::UnsupportedSize { name, .. } => match &args.nodes {
            Some(b) if &b.strategy == name => band(),
            _ if name == sudoku_generator::GRADER => grade(),
            _ => None,
        },
        E::NoGrader => grade(),
        _ => None,
    };
    let message = match argument {
        Some((flag, value)) => format!("invalid value '{value}' for '{flag}': {e}"),
        None => e.to_string(),
    };
    let mut command = Cli::command().color(ColorWhen::from_args(&command_line).apply());
    command.build();
    let generate = command
        .find_subcommand_mut("generate")
        .expect("the generate subcommand");
    generate.error(ErrorKind::ValueValidation, message)
}

/// The value `generate`'s option `id` has on `command_line`, as the user typed it (`16`,
/// where the parsed range would say `16..16`); `None` when the line does not parse.
fn typed(command_line: &[std::ffi::OsString], id: &str) -> Option<String> {
    let matches = Cli::command().try_get_matches_from(command_line).ok()?;
    let (_, generate) = matches.subcommand()?;
    let mut values = generate.get_raw(id)?;
    values.next().map(|v| v.to_string_lossy().into_owned())
}

/// Where the puzzles go: a file (see [`Streamed`]: written as `X.running.EXT`, renamed
/// by how the run ended) or stdout, buffered.
enum Output {
    Stdout(BufWriter<io::StdoutLock<'static>>),
    File(Streamed),
}

impl Output {
    fn open(path: Option<&Path>) -> Result<Output> {
        let Some(path) = path else {
            return Ok(Output::Stdout(BufWriter::new(io::stdout().lock())));
        };
        // A second interrupt, which exits at once, says where the puzzles are.
        let file = interrupt::registered(
            || Streamed::open(path),
            |file| file.as_ref().ok().and_then(Writing::puzzles),
        )?;
        if let Some(aside) = file.moved_aside() {
            ui::moved_aside("generate", path, "its puzzles are", aside, file.kept());
        }
        Ok(Output::File(file))
    }

    /// The name of what is being written.
    fn name(&self) -> String {
        match self {
            Output::Stdout(_) => "stdout".into(),
            Output::File(file) => file.running().display().to_string(),
        }
    }

    fn write(&mut self, text: &str) -> io::Result<()> {
        self.writer().write_all(text.as_bytes())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer().flush()
    }

    fn writer(&mut self) -> &mut dyn Write {
        match self {
            Output::Stdout(out) => out,
            Output::File(file) => file,
        }
    }

    /// Ends the output of a run that ended in `state` (flushed already): the file is put
    /// under the name that says how the run ended. The name of where the puzzles are.
    fn finish(self, state: State) -> Result<String> {
        match self {
            Output::Stdout(_) => Ok("stdout".into()),
            Output::File(file) => {
                let placed = interrupt::registered(|| file.finish(state), |_| None)?;
                if let Some(kept) = &placed.kept {
                    ui::kept_earlier(kept);
                }
                Ok(placed.path.display().to_string())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_line_counts_the_attempts_in_all() {
        assert_eq!(
            wrote(0, "stdout", 1958, Duration::from_millis(300)),
            "wrote 0 puzzles to stdout (1958 attempts in all, 0.3 s)"
        );
        assert_eq!(
            wrote(1, "x.txt", 1, Duration::from_secs(2)),
            "wrote 1 puzzle to x.txt (1 attempt in all, 2.0 s)"
        );
    }
}
