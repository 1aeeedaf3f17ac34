//! `sudoku-lab generate`: puzzles made by `sudoku-generator`, one per line under a
//! provenance header ([`header`]), to a file or stdout. Puzzle `i` depends on the seed and
//! `i` alone, so the file is the same for any thread count. Arguments the generator refuses
//! are usage errors before anything runs; a rare target or an interrupt stops the run with
//! the puzzles before it kept and a last `#` line that says where it stopped. A file given
//! by `-o` is put under its name only by a run that finished (see [`Staged`]).

mod header;
mod watch;

use std::fs::File;
use std::io::{self, BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{anyhow, Result};
use clap::CommandFactory;
use sudoku_generator::{GenerateError, Generated, Generator, Options, Run};
use sudoku_reports::wording::plural;
use sudoku_reports::{Staged, State};

use crate::cli::{Cli, GenerateArgs};
use crate::ui;
use crate::usage_error::Usage;
use crate::RunEnd;
use watch::Watch;

/// Runs `generate`: see `sudoku-lab generate --help`. `interrupt` is the flag set by
/// Ctrl-C or SIGTERM: the workers stop at their next attempt once it is set.
pub fn generate(args: &GenerateArgs, interrupt: &'static AtomicBool) -> Result<RunEnd> {
    let generator = match Generator::new(options(args)) {
        Ok(g) => Arc::new(g),
        Err(e) => return Err(usage_error(&e, args).into()),
    };
    let mut out = Output::open(args.out.as_deref())?;
    let watch = Watch::start(
        args.quiet.quiet,
        (args.progress_every > 0).then(|| Duration::from_secs(args.progress_every)),
        args.count,
    );
    let run = Run {
        seed: args.seed,
        count: args.count,
        threads: args.threads.map_or(0, |n| n as usize),
    };
    let checker = generator.checker();
    let puzzles = generator.stream(run, watch.callback())?.stop_on(interrupt);
    let header = header::header(args, checker);
    let (result, made) = write_puzzles(&mut out, &header, puzzles, interrupt, args);
    watch.finish();
    if let Some(Stop::Interrupted) = made.stop {
        ui::plain("interrupted: stopping the puzzles under way at their next attempt and keeping those made");
    }
    let Made {
        written,
        unproved,
        stop,
    } = made;
    let held = |count| header::held(args, checker, count, unproved);
    let name = match result {
        // A reader that went away (`| head`) wanted no more: not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(RunEnd::Finished),
        Err(e) => return Err(write_failed(out, e)),
        Ok(()) => {
            // Stopped before its count, or minimal only as far as the checks could tell:
            // the header says how many it holds, and what they are.
            if stop.is_some() || unproved > 0 {
                out.tell_held(held(written));
            }
            let state = stop.as_ref().map_or(State::Finished, Stop::state);
            match out.finish(state) {
                Ok(name) => name,
                // The interrupt came first, as with bench: what then went wrong is said,
                // and the run ends by the signal, as it was asked to stop.
                Err(e) if state == State::Interrupted => {
                    ui::error(ui::chain(&e));
                    return Ok(RunEnd::Interrupted);
                }
                Err(e) => return Err(e),
            }
        }
    };
    // -q: no report of a run that finished; one that stopped early says what it left.
    if !args.quiet.quiet || stop.is_some() {
        ui::plain(wrote(written, &name, watch.attempts(), watch.elapsed()));
    }
    if unproved > 0 {
        ui::note(format!(
            "{} (common at 25x25: use --givens with --no-minimal there)",
            not_proved_minimal(unproved)
        ));
    }
    match stop {
        None => Ok(RunEnd::Finished),
        Some(Stop::Interrupted) => Ok(RunEnd::Interrupted),
        Some(Stop::Failed(e)) => Err(anyhow!(e)),
    }
}

/// What puzzles are when `unknown` removals were refused because their uniqueness check
/// ran out of its budget: the file's last `#` line and the note at the end of the run.
fn not_proved_minimal(unknown: u64) -> String {
    format!(
        "{unknown} removal{} {} refused because {} uniqueness check ran out of its budget: \
         every puzzle has one solution, but these puzzles are minimal only as far as the \
         checks could tell",
        plural(unknown),
        if unknown == 1 { "was" } else { "were" },
        if unknown == 1 { "its" } else { "their" },
    )
}

/// What a run made: the puzzles written; the removals refused as their check ran out of
/// budget, which leave the puzzles minimal only as far as the checks could tell (none are
/// counted under `--no-minimal`, whose puzzles are not said minimal); and why it stopped
/// before its count, if it did.
struct Made {
    written: u64,
    unproved: u64,
    stop: Option<Stop>,
}

/// Writes `header`, then the `puzzles` as they come, until their count is reached, one
/// misses its targets or an `interrupt` comes; then a `#` line when some were not proved
/// minimal, and a last one where it stopped. What was made, and how the writing went.
fn write_puzzles(
    out: &mut Output,
    header: &str,
    puzzles: impl Iterator<Item = Result<Generated, GenerateError>>,
    interrupt: &AtomicBool,
    args: &GenerateArgs,
) -> (io::Result<()>, Made) {
    let count = args.count;
    let mut made = Made {
        written: 0,
        unproved: 0,
        stop: None,
    };
    let result = (|| -> io::Result<()> {
        out.write(header)?;
        for puzzle in puzzles {
            if interrupt.load(Ordering::Relaxed) {
                made.stop = Some(Stop::Interrupted);
                break;
            }
            match puzzle {
                Ok(p) => {
                    out.write(&p.puzzle.to_line())?;
                    out.write("\n")?;
                    made.written += 1;
                    if !args.no_minimal {
                        made.unproved += p.unknown();
                    }
                }
                Err(e) => {
                    made.stop = Some(Stop::Failed(e));
                    break;
                }
            }
        }
        // The stream ends before its count only when the interrupt stopped its workers.
        if made.stop.is_none() && made.written < count && interrupt.load(Ordering::Relaxed) {
            made.stop = Some(Stop::Interrupted);
        }
        if made.unproved > 0 {
            out.write(&format!("# {}\n", not_proved_minimal(made.unproved)))?;
        }
        if let Some(stop) = &made.stop {
            out.write(&format!("# {}\n", stop.line(made.written, count)))?;
        }
        out.flush()
    })();
    (result, made)
}

/// The last line of a run: the puzzles written, and the attempts made at every puzzle
/// begun (those of puzzles made in parallel included: more than one puzzle's cap,
/// `--max-attempts`, when a rare target stopped the run).
fn wrote(written: u64, name: &str, attempts: u64, elapsed: Duration) -> String {
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
        difficulty: args.difficulty,
        max_attempts: args.max_attempts,
        ..Options::default()
    }
}

/// Why a run stopped before its count.
enum Stop {
    Interrupted,
    Failed(GenerateError),
}

/// The error of a write that failed, once what reached the file is kept under the name
/// of a failed run (an earlier file of the name asked for stays as it was).
fn write_failed(out: Output, e: io::Error) -> anyhow::Error {
    let name = out.name();
    match out.finish(State::Failed) {
        Ok(place) if place != "stdout" && !name.starts_with("/dev/") => {
            anyhow!("cannot write {name}: {e} (what reached it is in {place})")
        }
        Ok(_) => anyhow!("cannot write {name}: {e}"),
        Err(then) => anyhow!("cannot write {name}: {e}; then {then}"),
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

/// A refusal of the generator as a usage error (exit status 2), naming the argument it
/// concerns as clap names one whose value it refuses.
fn usage_error(e: &GenerateError, args: &GenerateArgs) -> Usage {
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
    let difficulty = || {
        args.difficulty
            .map(|d| ("--difficulty <DIFFICULTY>", d.to_string()))
    };
    let argument = match e {
        E::EmptyGivens { .. }
        | E::TooFewGivens { .. }
        | E::TooManyGivens { .. }
        | E::TooManyForMinimal { .. } => givens(),
        E::EmptyBand { .. } | E::UnknownStrategy { .. } | E::BandAboveBudget { .. } => band(),
        E::UnsupportedSize { name, .. } => match &args.nodes {
            Some(b) if &b.strategy == name => band(),
            _ if name == sudoku_generator::GRADER => grade().or_else(difficulty),
            _ => None,
        },
        E::NoGrader => grade().or_else(difficulty),
        E::GradeOutsideDifficulty { .. } => difficulty(),
        E::AboveSimpleAtFour { .. } => difficulty().or_else(grade),
        _ => None,
    };
    let message = match argument {
        Some((flag, value)) => format!("invalid value '{value}' for '{flag}': {e}"),
        None => e.to_string(),
    };
    Usage(message)
}

/// The value `generate`'s option `id` has on `command_line`, as the user typed it (`16`,
/// where the parsed range would say `16..16`); `None` when the line does not parse.
fn typed(command_line: &[std::ffi::OsString], id: &str) -> Option<String> {
    let matches = Cli::command().try_get_matches_from(command_line).ok()?;
    let (_, generate) = matches.subcommand()?;
    let mut values = generate.get_raw(id)?;
    values.next().map(|v| v.to_string_lossy().into_owned())
}

/// Where the puzzles go: a file (see [`Staged`]: written as `X.running.EXT`, renamed by
/// how the run ended) or stdout, buffered.
enum Output {
    Stdout(BufWriter<io::StdoutLock<'static>>),
    /// The file, its writer, and `--out` as the user typed it (a link to the file, or the
    /// file).
    File(Staged, BufWriter<File>, PathBuf),
}

impl Output {
    /// Opens `--out` (`path`), or stdout. An `--out` that is a link is noted once the file
    /// it leads to is open, as bench notes its own (see [`crate::bench::config::note_link`]).
    fn open(path: Option<&Path>) -> Result<Output> {
        let Some(path) = path else {
            return Ok(Output::Stdout(BufWriter::new(io::stdout().lock())));
        };
        let (mut file, aside) = Staged::open(path)?;
        crate::bench::config::note_link(path, file.target());
        if let Some(aside) = aside {
            let kept = aside.kept.as_deref();
            ui::moved_aside("generate", path, "its puzzles are", &aside.path, kept);
        }
        let writer = BufWriter::new(file.file().try_clone()?);
        Ok(Output::File(file, writer, path.to_path_buf()))
    }

    /// The name of what is being written.
    fn name(&self) -> String {
        match self {
            Output::Stdout(_) => "stdout".into(),
            Output::File(file, ..) => file.running().display().to_string(),
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
            Output::File(_, writer, _) => writer,
        }
    }

    /// Writes the header's second line again in place, as `held` gives it (see
    /// [`header::held`]), saying how many puzzles the file holds: a file that ends before
    /// its count. Stdout, a device or a pipe keeps the header as it was written. Best
    /// effort: a file that cannot take it keeps the header of its start.
    fn tell_held(&mut self, held: Option<(u64, String)>) {
        if let (Output::File(file, writer, _), Some((at, line))) = (self, held) {
            if !file.is_direct() && writer.flush().is_ok() {
                let file = writer.get_mut();
                let end = file.stream_position();
                let _ = file
                    .seek(SeekFrom::Start(at))
                    .and_then(|_| file.write_all(line.as_bytes()));
                let _ = end.and_then(|end| file.seek(SeekFrom::Start(end)));
            }
        }
    }

    /// Ends the output of a run that ended in `state`: the file is put under the name that
    /// says how the run ended. The name of where the puzzles are.
    fn finish(self, state: State) -> Result<String> {
        match self {
            Output::Stdout(_) => Ok("stdout".into()),
            Output::File(file, writer, asked) => {
                let target = file.target().to_path_buf();
                // What could not be written is not kept twice: the error says so.
                drop(writer.into_parts());
                let placed = file.place(state)?;
                if let Some(kept) = &placed.kept {
                    ui::kept_earlier(kept);
                }
                Ok(as_asked(&placed.path, &asked, &target))
            }
        }
    }
}

/// The name of the file the puzzles ended in, `placed`, as the user asked for it: the
/// `--out` typed (`asked`) when it is a link to that file (`target`), with the file it
/// leads to (`link.txt, a link to /data/p.txt`); else the file (the `--out` itself, or
/// the file named by how the run ended, beside the one a link leads to).
fn as_asked(placed: &Path, asked: &Path, target: &Path) -> String {
    if placed == target && asked != target {
        format!("{}, a link to {}", asked.display(), target.display())
    } else {
        placed.display().to_string()
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
