//! `sudoku-lab trace`: what each search did on one puzzle, step by step, as `sudoku-trace`
//! writes it (the book's "trace" chapter).

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use sudoku_catalogue::Strategy;
use sudoku_core::{Limits, Puzzle, Size};
use sudoku_reports::{Staged, State};
use sudoku_trace::people::{count, status, thousands};
use sudoku_trace::{write_jsonl, write_page, write_text, PageOptions, TraceError, TraceOptions};

use crate::cli::{SolverList, SolverSpec, TraceArgs, TraceFormat};
use crate::input::Input;
use crate::usage_error::Usage;
use crate::{ui, RunEnd};

/// The events a trace prints to a terminal when `--max-events` is not given (naive's trace
/// of the Polish grid is 734,874 lines); to a file or a pipe it prints every one.
const TERMINAL_EVENTS: u64 = 1_000;

/// Each strategy traced, with its limits.
type Runs = [(&'static Strategy, Limits)];

/// Runs `trace`: the page, then the trace asked for.
pub fn trace(args: &TraceArgs) -> Result<RunEnd> {
    let input = Input::from_args(&args.puzzles);
    input.refuse_as_output("--out", args.out.as_deref())?;
    input.refuse_as_output("--html", args.html.as_deref())?;
    let puzzle = input
        .puzzles()?
        .nth_puzzle(args.puzzles.index.unwrap_or(0))?;
    let size = puzzle.grid.size();
    let limits = |s: &Strategy| {
        let max_nodes = args.search.max_nodes.unwrap_or(s.default_max_nodes(size));
        Limits::solutions(args.search.limit).with_max_nodes(max_nodes)
    };
    let strategies = strategies(&args.search.solvers, size)?.into_iter();
    let runs: Vec<_> = strategies.map(|s| (s, limits(s))).collect();
    if let Some(path) = &args.html {
        let options = PageOptions {
            seed: args.search.seed,
            time_plain: args.time_plain,
            ..PageOptions::default()
        };
        if !page(path, &puzzle, &runs, &options)? {
            return Ok(RunEnd::Finished);
        }
    }
    if args.html.is_none() || args.out.is_some() {
        traces(args, &puzzle, &runs)?;
    }
    Ok(RunEnd::Finished)
}

/// The strategies of the list that take `size` (a note names the others); a [`Usage`]
/// error for a `cmd:` solver, which tells no steps.
pub fn strategies(list: &SolverList, size: Size) -> Result<Vec<&'static Strategy>> {
    let mut out = Vec::new();
    for spec in &list.0 {
        let SolverSpec::Strategy(strategy) = spec else {
            let name = spec.name();
            let why = "cannot be traced: only the catalogue's strategies tell their steps";
            return Err(Usage(format!("{name} {why}")).into());
        };
        if strategy.solver().supports(size) {
            out.push(*strategy);
        } else {
            let why = unsupported(strategy, size);
            ui::note(format!("{} skipped: {why}", strategy.name));
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
    let sizes = sizes.join(", ");
    format!("it does not solve {size} grids (it takes {sizes})")
}

/// Writes the replay page and says what it holds; `false` when stdout or the page's pipe
/// was closed (the command then ends quietly).
fn page(path: &Path, puzzle: &Puzzle, runs: &Runs, options: &PageOptions) -> Result<bool> {
    let write = |out: &mut dyn Write| write_page(out, &puzzle.grid, runs, options);
    let Some((summaries, path)) = staged(path, write)? else {
        return Ok(false);
    };
    let mut text = String::new();
    for s in &summaries {
        let (o, events) = (&s.outcome, s.kinds.events());
        let all = count(events, "event", "events");
        let printed = thousands(s.printed);
        let kept = match s.printed == events {
            true => format!("{all}, all on the page"),
            false => format!("{all}, {printed} on the page in full (the middle summarised)"),
        };
        text.push_str(&format!(
            "{}: {}, {}, {}, {}; {kept}\n",
            s.strategy,
            status(o.status),
            count(o.solutions, "solution", "solutions"),
            count(o.counters.nodes, "node", "nodes"),
            count(o.counters.backtracks, "backtrack", "backtracks")
        ));
    }
    // How to play the page, when it is a file (not a device or a pipe).
    let name = path.display();
    text.push_str(&match std::fs::metadata(&path) {
        Ok(m) if m.is_file() => format!(
            "wrote {name} ({:.1} MB): open it in a browser; #play=max at the end of its \
             address plays it to the end\n",
            m.len() as f64 / 1e6
        ),
        _ => format!("wrote the page to {name}\n"),
    });
    ui::out(text);
    ui::stdout_written()?;
    Ok(ui::stdout_open())
}

/// Writes the traces to `--out` or stdout (a reader that went away ends them quietly).
fn traces(args: &TraceArgs, puzzle: &Puzzle, runs: &Runs) -> Result<()> {
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

/// Writes `path` with `write`, staged (a trace cut short is removed): what `write` gave and
/// where the file is; `None` when a pipe's reader went away.
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
    let broken_pipe = |e: &anyhow::Error| {
        e.chain().any(|e| {
            e.downcast_ref::<io::Error>()
                .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
        })
    };
    match written {
        Err(e) if direct && broken_pipe(&e) => Ok(None),
        Err(e) if direct => Err(e.context(name)),
        Err(e) => Err(e.context(removed)),
        Ok(t) => Ok(Some((t, file.place(State::Finished)?.path))),
    }
}

/// Writes the traces of `runs` to `out`, each up to `--max-events` (by default
/// [`TERMINAL_EVENTS`] to a terminal, then a note on stderr says how to get them all).
fn write_traces(
    args: &TraceArgs,
    puzzle: &Puzzle,
    runs: &Runs,
    out: &mut dyn Write,
) -> Result<(), TraceError> {
    let terminal = args.out.is_none() && io::stdout().is_terminal();
    let options = TraceOptions {
        grid: args.grid,
        max_events: (args.max_events).unwrap_or(terminal.then_some(TERMINAL_EVENTS)),
        seed: args.search.seed,
    };
    let text = args.format == TraceFormat::Text;
    for (i, &(strategy, limits)) in runs.iter().enumerate() {
        if i > 0 && text {
            out.write_all(b"\n").map_err(TraceError::Io)?;
        }
        let summary = match text {
            true => write_text(&mut *out, &puzzle.grid, strategy, limits, &options),
            false => write_jsonl(&mut *out, &puzzle.grid, strategy, limits, &options),
        }?;
        let left = summary.kinds.events() - summary.printed;
        if args.max_events.is_none() && left > 0 {
            ui::note(format!(
                "{}: {} not printed to the terminal: --max-events all prints them, -o FILE \
                 writes them to a file",
                strategy.name,
                count(left, "event", "events"),
            ));
        }
    }
    Ok(())
}
