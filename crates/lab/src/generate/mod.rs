//! `sudoku-lab generate`: puzzles made by `sudoku-generator` under a provenance header, to
//! a staged file or stdout (the book's "generate" chapter).

mod header;
mod watch;

use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{anyhow, Result};
use sudoku_generator::{GenerateError, Generated, Generator, Options, Run};
use sudoku_reports::wording::plural;
use sudoku_reports::{Staged, State};

use crate::cli::GenerateArgs;
use crate::ui;
use crate::usage_error::Usage;
use crate::RunEnd;
use watch::Watch;

/// Runs `generate`; the workers stop at their next attempt once `interrupt` is set.
pub fn generate(args: &GenerateArgs, interrupt: &'static AtomicBool) -> Result<RunEnd> {
    let options = Options {
        size: args.size,
        symmetry: args.symmetry,
        minimal: !args.no_minimal,
        givens: args.givens,
        nodes: args.nodes.clone(),
        grade: args.grade,
        difficulty: args.difficulty,
        max_attempts: args.max_attempts,
        ..Options::default()
    };
    // A target no puzzle can meet: the generator's message says which and why.
    let generator = Arc::new(Generator::new(options).map_err(|e| Usage(e.to_string()))?);
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
    let header = header::header(args, generator.checker());
    let puzzles = generator.stream(run, watch.callback())?.stop_on(interrupt);
    let (result, made) = write_puzzles(&mut out, &header, puzzles, interrupt, args);
    watch.finish();
    if let Some(Stop::Interrupted) = made.stop {
        ui::plain("interrupted: stopping the puzzles under way at their next attempt and keeping those made");
    }
    let name = match result {
        // A reader that went away (`| head`) wanted no more: not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(RunEnd::Finished),
        Err(e) => return Err(write_failed(out, e)),
        Ok(()) => {
            let state = made.stop.as_ref().map_or(State::Finished, Stop::state);
            match out.finish(state) {
                Ok(name) => name,
                // The interrupt came first: the run ends by the signal, as asked.
                Err(e) if state == State::Interrupted => {
                    ui::error(ui::chain(&e));
                    return Ok(RunEnd::Interrupted);
                }
                Err(e) => return Err(e),
            }
        }
    };
    // -q: no report of a run that finished; one that stopped early says what it left.
    if !args.quiet.quiet || made.stop.is_some() {
        let (written, attempts) = (made.written, watch.attempts());
        let s = plural(written);
        let (a, seconds) = (plural(attempts), watch.elapsed().as_secs_f64());
        ui::plain(format!(
            "wrote {written} puzzle{s} to {name} ({attempts} attempt{a} in all, {seconds:.1} s)"
        ));
    }
    if made.unproved > 0 {
        let told = not_proved_minimal(made.unproved);
        ui::note(format!(
            "{told} (common at 25x25: use --givens with --no-minimal there)"
        ));
    }
    match made.stop {
        None => Ok(RunEnd::Finished),
        Some(Stop::Interrupted) => Ok(RunEnd::Interrupted),
        Some(Stop::Failed(e)) => Err(anyhow!(e)),
    }
}

/// What puzzles are when `unknown` removals were refused as their check ran out of budget.
fn not_proved_minimal(unknown: u64) -> String {
    format!(
        "{unknown} removal{} refused (uniqueness check out of budget): the puzzles are \
         minimal only as far as the checks could tell",
        plural(unknown)
    )
}

/// What a run made: the puzzles written, the removals refused as their check ran out of
/// budget (none counted under `--no-minimal`), and why it stopped before its count.
#[derive(Default)]
struct Made {
    written: u64,
    unproved: u64,
    stop: Option<Stop>,
}

/// Writes `header`, the `puzzles` as they come until the count, a miss or an `interrupt`,
/// then the `#` lines of what was not proved minimal and of where it stopped.
fn write_puzzles(
    out: &mut Output,
    header: &str,
    puzzles: impl Iterator<Item = Result<Generated, GenerateError>>,
    interrupt: &AtomicBool,
    args: &GenerateArgs,
) -> (io::Result<()>, Made) {
    let count = args.count;
    let mut made = Made::default();
    let result = (|| -> io::Result<()> {
        out.write(header)?;
        // The stream ends at an interrupt, the puzzles made before it handed out whole.
        for puzzle in puzzles {
            match puzzle {
                Ok(p) => {
                    out.write(&format!("{}\n", p.puzzle.to_line()))?;
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
        if made.stop.is_none() && made.written < count && interrupt.load(Ordering::Relaxed) {
            made.stop = Some(Stop::Interrupted);
        }
        if made.unproved > 0 {
            out.write(&format!("# {}\n", not_proved_minimal(made.unproved)))?;
        }
        if let Some(stop) = &made.stop {
            out.write(&format!("# {}\n", stop.line(made.written, count)))?;
        }
        out.writer.flush()
    })();
    (result, made)
}

/// Why a run stopped before its count.
enum Stop {
    Interrupted,
    Failed(GenerateError),
}

/// The error of a write that failed, once what reached the file is placed as a failed run's.
fn write_failed(out: Output, e: io::Error) -> anyhow::Error {
    let name = out.name();
    match out.finish(State::Failed) {
        Ok(place) if place != name => {
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

/// Where the puzzles go: a staged file (`--out`), or stdout.
struct Output {
    file: Option<Staged>,
    writer: BufWriter<Box<dyn Write>>,
}

impl Output {
    /// Opens `--out` (`path`), or stdout.
    fn open(path: Option<&Path>) -> Result<Output> {
        let Some(path) = path else {
            let writer = BufWriter::new(Box::new(io::stdout().lock()) as Box<dyn Write>);
            return Ok(Output { file: None, writer });
        };
        let (mut file, aside) = Staged::open(path)?;
        crate::bench::config::note_link(path, file.target());
        if let Some(aside) = aside {
            let kept = aside.kept.as_deref();
            ui::moved_aside("generate", path, "its puzzles are", &aside.path, kept);
        }
        let writer = BufWriter::new(Box::new(file.file().try_clone()?) as Box<dyn Write>);
        let file = Some(file);
        Ok(Output { file, writer })
    }

    /// The name of what is being written.
    fn name(&self) -> String {
        (self.file.as_ref()).map_or("stdout".into(), |f| f.running().display().to_string())
    }

    fn write(&mut self, text: &str) -> io::Result<()> {
        self.writer.write_all(text.as_bytes())
    }

    /// Places the file by how the run ended; the name of where the puzzles are.
    fn finish(self, state: State) -> Result<String> {
        let Some(file) = self.file else {
            return Ok("stdout".into());
        };
        // What could not be written is not kept twice: the error says so.
        drop(self.writer.into_parts());
        let placed = file.place(state)?;
        if let Some(kept) = &placed.kept {
            ui::kept_earlier(kept);
        }
        Ok(placed.path.display().to_string())
    }
}
