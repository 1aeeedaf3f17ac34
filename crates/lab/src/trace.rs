//! `sudoku-lab trace`: one puzzle, one or more strategies, and what each search did, step
//! by step: the text trace in the classic words, JSON Lines, or the replay page
//! (`sudoku-trace` writes all three; this is the command around it).

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use sudoku_catalogue::Strategy;
use sudoku_core::{Limits, Puzzle, Size};
use sudoku_reports::{Staged, State};
use sudoku_trace::people::{count, status, thousands};
use sudoku_trace::{
    write_jsonl, write_page, write_text, PageOptions, Summary, TraceError, TraceOptions,
};

use crate::cli::{MaxEvents, SolverList, SolverSpec, TraceArgs, TraceFormat};
use crate::input::Input;
use crate::usage_error::Usage;
use crate::{ui, RunEnd};

/// What a trace prints to a terminal when `--max-events` is not given, so that a long
/// search does not flood it (naive's trace of the Polish grid is 734,874 lines, 52 MB); to
/// a file or a pipe, where the whole stream was asked for, it prints every event.
const TERMINAL_EVENTS: u64 = 1_000;

/// Runs `trace`: the puzzle, the strategies that take its size, then the page and the
/// trace asked for.
pub fn trace(args: &TraceArgs) -> Result<RunEnd> {
    let input = Input::from_args(&args.puzzles)?;
    check_paths(&input, args)?;
    let puzzle = one_puzzle(&input, args.puzzles.index)?;
    let strategies = strategies(&args.search.solvers, puzzle.grid.size())?;
    let size = puzzle.grid.size();
    let limits = |s: &Strategy| {
        Limits::solutions(args.search.limit)
            .with_max_nodes(args.search.max_nodes.unwrap_or(s.default_max_nodes(size)))
    };
    let runs: Vec<(&'static Strategy, Limits)> =
        strategies.iter().map(|&s| (s, limits(s))).collect();
    if let Some(path) = &args.html {
        let options = PageOptions {
            seed: args.seed,
            time_plain: args.time_plain,
            ..PageOptions::default()
        };
        if let Wrote::Closed = page(path, &puzzle, &runs, &options)? {
            return Ok(RunEnd::Finished);
        }
    }
    if args.html.is_none() || args.out.is_some() {
        traces(args, &puzzle, &runs)?;
    }
    Ok(RunEnd::Finished)
}

/// The usage errors clap cannot see: an output that is the input or the other output,
/// under any of the names it is written as (see [`Staged::every_name`]).
fn check_paths(input: &Input, args: &TraceArgs) -> Result<()> {
    let outputs = [("--out", &args.out), ("--html", &args.html)];
    for (flag, path) in outputs.iter().filter_map(|(f, p)| Some((f, p.as_ref()?))) {
        let Input::File(file) = input else { break };
        let names = Staged::every_name(path);
        if let Some(name) = names.iter().find(|name| same_file(file, name)) {
            let what = match name == path {
                true => String::new(),
                false => format!(" (written as {})", name.display()),
            };
            let message = format!("{flag} {}{what} is the file of puzzles", path.display());
            return Err(Usage(message).into());
        }
    }
    if let (Some(out), Some(html)) = (&args.out, &args.html) {
        let html_names = Staged::every_name(html);
        let shared = Staged::every_name(out)
            .iter()
            .any(|a| html_names.iter().any(|b| a == b || same_file(a, b)));
        if shared {
            let message = format!("--out and --html name the same file, {}", out.display());
            return Err(Usage(message).into());
        }
    }
    Ok(())
}

/// Whether two paths name one existing file.
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// The puzzle to trace: the one given, or the one of index `index` in the file or stdin
/// (the first by default, with a note when there are more).
fn one_puzzle(input: &Input, index: Option<u64>) -> Result<Puzzle> {
    let mut puzzles = input.puzzles()?;
    let puzzle = puzzles.nth_puzzle(index.unwrap_or(0))?;
    if index.is_none() && matches!(puzzles.next(), Some(Ok(_))) {
        ui::note(format!(
            "{} holds more than one puzzle: tracing the first (index 0, line {}); --index N \
             picks another",
            puzzles.name(),
            puzzle.line
        ));
    }
    Ok(puzzle)
}

/// The strategies of the list, in order, without those that do not take `size` (a note
/// says so); a [`Usage`] error for a solver run by command (it tells no steps).
pub fn strategies(list: &SolverList, size: Size) -> Result<Vec<&'static Strategy>> {
    let mut out = Vec::new();
    for spec in &list.0 {
        let strategy = match spec {
            SolverSpec::Strategy(s) => *s,
            SolverSpec::Command(_) => {
                return Err(Usage(format!(
                    "{} cannot be traced: only the catalogue's strategies tell their steps",
                    spec.name()
                ))
                .into())
            }
        };
        if strategy.solver().supports(size) {
            out.push(strategy);
        } else {
            ui::note(format!(
                "{} skipped: {}",
                strategy.name,
                unsupported(strategy, size)
            ));
        }
    }
    if out.is_empty() {
        bail!("no strategy of the list solves {size} grids");
    }
    Ok(out)
}

/// Why a strategy is skipped: `it does not solve 16x16 grids (it takes 9x9)`.
pub fn unsupported(strategy: &Strategy, size: Size) -> String {
    let sizes: Vec<String> = strategy.sizes().iter().map(Size::to_string).collect();
    format!(
        "it does not solve {size} grids (it takes {})",
        sizes.join(", ")
    )
}

/// How the writing of an output ended, when it did not fail.
enum Wrote {
    /// Whole, and in place.
    Whole,
    /// Its reader (stdout, a pipe) went away: the command ends quietly.
    Closed,
}

/// Writes the replay page and says what it holds.
fn page(
    path: &Path,
    puzzle: &Puzzle,
    runs: &[(&'static Strategy, Limits)],
    options: &PageOptions,
) -> Result<Wrote> {
    let (summaries, path) = match staged(path, |out| write_page(out, &puzzle.grid, runs, options))?
    {
        Some(written) => written,
        None => return Ok(Wrote::Closed),
    };
    let mut text = String::new();
    for s in &summaries {
        let events = s.kinds.events();
        let kept = if s.printed == events {
            format!("{}, all on the page", count(events, "event", "events"))
        } else {
            format!(
                "{}, {} on the page in full (the middle summarised)",
                count(events, "event", "events"),
                thousands(s.printed)
            )
        };
        text.push_str(&format!("{}; {kept}\n", counters(s)));
    }
    text.push_str(&wrote_page(&path));
    ui::out(text);
    ui::stdout_written()?;
    Ok(if ui::stdout_open() {
        Wrote::Whole
    } else {
        Wrote::Closed
    })
}

/// The last line `trace --html` prints: where the page went, and how to play it when it is
/// a file (a device or a pipe given as `--html` has no page to open).
fn wrote_page(path: &Path) -> String {
    let name = path.display();
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() => format!(
            "wrote {name} ({:.1} MB): open it in a browser; #play=max at the end of its \
             address plays it to the end\n",
            m.len() as f64 / 1e6
        ),
        _ => format!("wrote the page to {name}\n"),
    }
}

/// `naive: solved, 1 solution, 301,535 nodes, 301,478 backtracks`.
fn counters(s: &Summary) -> String {
    let o = &s.outcome;
    format!(
        "{}: {}, {}, {}, {}",
        s.strategy,
        status(o.status),
        count(o.solutions, "solution", "solutions"),
        count(o.counters.nodes, "node", "nodes"),
        count(o.counters.backtracks, "backtrack", "backtracks")
    )
}

/// Writes the traces, one strategy after the other, to `--out` or stdout (a reader that
/// went away ends them quietly).
fn traces(args: &TraceArgs, puzzle: &Puzzle, runs: &[(&'static Strategy, Limits)]) -> Result<()> {
    let Some(path) = &args.out else {
        let mut out = BufWriter::new(io::stdout().lock());
        return match write_traces(args, puzzle, runs, &mut out).map(|()| out.flush()) {
            Err(TraceError::Io(e)) | Ok(Err(e)) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
            Ok(written) => written.context("stdout"),
            Err(e) => Err(e).context("stdout"),
        };
    };
    staged(path, |out| write_traces(args, puzzle, runs, out)).map(drop)
}

/// Writes `path` with `write`, staged (see `sudoku_reports::staged`): put in place once
/// whole; removed when the writing fails (a trace cut short is no trace). What `write`
/// gave and where the file is; `None` when a pipe's reader went away.
fn staged<T>(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<T, TraceError>,
) -> Result<Option<(T, PathBuf)>> {
    let (mut file, aside) = Staged::open(path)?;
    if let Some(aside) = aside {
        let kept = aside.kept.as_deref();
        ui::moved_aside("trace", path, "what it wrote is", &aside.path, kept);
    }
    let name = file.running().display().to_string();
    let removed = format!("{name}, removed ({} not touched)", file.target().display());
    let direct = file.is_direct();
    let mut out = BufWriter::new(file.file());
    let written = write(&mut out).map_err(anyhow::Error::new).and_then(|t| {
        out.flush()?;
        Ok(t)
    });
    drop(out);
    match written {
        Err(e) if direct && broken_pipe(&e) => Ok(None),
        Err(e) if direct => Err(e.context(name)),
        Err(e) => Err(e.context(removed)),
        Ok(t) => {
            let placed = file.place(State::Finished)?;
            Ok(Some((t, placed.path)))
        }
    }
}

/// Whether `e` says that the reader of a pipe went away (`--html /dev/stdout | head`).
fn broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|e| {
        e.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Writes the traces of `runs` to `out`, one strategy after the other, each up to
/// `--max-events` (by default [`TERMINAL_EVENTS`] to a terminal, then a line that says how
/// to get them all).
fn write_traces(
    args: &TraceArgs,
    puzzle: &Puzzle,
    runs: &[(&'static Strategy, Limits)],
    out: &mut dyn Write,
) -> Result<(), TraceError> {
    let terminal = args.out.is_none() && io::stdout().is_terminal();
    let max_events = args
        .max_events
        .unwrap_or(MaxEvents(terminal.then_some(TERMINAL_EVENTS)));
    let options = TraceOptions {
        grid: args.grid,
        max_events: max_events.0,
        seed: args.seed,
    };
    for (i, &(strategy, limits)) in runs.iter().enumerate() {
        if i > 0 && args.format == TraceFormat::Text {
            out.write_all(b"\n").map_err(TraceError::Io)?;
        }
        let summary = match args.format {
            TraceFormat::Text => write_text(&mut *out, &puzzle.grid, strategy, limits, &options),
            TraceFormat::Jsonl => write_jsonl(&mut *out, &puzzle.grid, strategy, limits, &options),
        }?;
        let not_printed = summary.kinds.events() - summary.printed;
        if args.max_events.is_none() && not_printed > 0 {
            match args.format {
                TraceFormat::Text => out
                    .write_all(left_out(not_printed).as_bytes())
                    .map_err(TraceError::Io)?,
                // A line of JSON Lines is an object: the note goes to stderr.
                TraceFormat::Jsonl => ui::note(format!(
                    "{}: the first {} of {} printed to the terminal (--max-events all \
                     prints every one, -o FILE writes every one to a file)",
                    strategy.name,
                    thousands(summary.printed),
                    count(summary.kinds.events(), "event", "events"),
                )),
            }
        }
    }
    Ok(())
}

/// The last line of a text trace cut short by the terminal's default: how many events
/// were left out, and the flag or the output that gives them all.
fn left_out(not_printed: u64) -> String {
    format!(
        "# {} left out: --max-events all prints them, -o FILE writes them to a file\n",
        count(not_printed, "event", "events")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The last line of a trace cut short says how to get it all, within 100 columns.
    #[test]
    fn a_trace_to_a_terminal_is_bounded_and_says_how_to_get_the_rest() {
        let line = left_out(733_874);
        assert_eq!(
            line,
            "# 733,874 events left out: --max-events all prints them, -o FILE writes them to \
             a file\n"
        );
        assert!(line.trim_end().chars().count() <= 100);
    }
}
