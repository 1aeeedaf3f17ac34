//! `sudoku-lab trace`: one puzzle, one or more strategies, and what each search did, step
//! by step: the text trace in the classic words, JSON Lines, or the replay page
//! (`sudoku-trace` writes all three; this is the command around it).

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use anyhow::{bail, Context, Result};
use sudoku_catalogue::Strategy;
use sudoku_core::{Limits, Puzzle, Size};
use sudoku_trace::people::{count, status, thousands};
use sudoku_trace::{
    write_jsonl, write_page, write_text, PageOptions, Summary, TraceError, TraceOptions,
};

use crate::cli::{MaxEvents, SolverList, SolverSpec, TraceArgs, TraceFormat};
use crate::input::{usage_error, Input};
use crate::{ui, RunEnd};

/// Runs `trace`: the puzzle, the strategies that take its size, then the page and the
/// trace asked for.
pub fn trace(args: &TraceArgs) -> Result<RunEnd> {
    let input = Input::from_args(&args.puzzles, "trace");
    check_paths(&input, args);
    let puzzle = one_puzzle(&input, args.puzzles.index)?;
    let strategies = strategies(&args.solvers, puzzle.grid.size())?;
    let limits = |s: &Strategy| {
        Limits::solutions(args.limit).with_max_nodes(args.max_nodes.unwrap_or(s.default_max_nodes))
    };
    let runs: Vec<(&'static Strategy, Limits)> =
        strategies.iter().map(|&s| (s, limits(s))).collect();
    if let Some(path) = &args.html {
        if !page(path, &puzzle, &runs, args.seed)? {
            return Ok(RunEnd::Finished);
        }
    }
    if args.html.is_none() || args.out.is_some() {
        traces(args, &puzzle, &runs)?;
    }
    Ok(RunEnd::Finished)
}

/// The usage errors clap cannot see: an output that is the input or the other output.
fn check_paths(input: &Input, args: &TraceArgs) {
    let outputs = [("--out", &args.out), ("--html", &args.html)];
    for (flag, path) in outputs.iter().filter_map(|(f, p)| Some((f, p.as_ref()?))) {
        if let Input::File(file) = input {
            if same_file(file, path) {
                usage_error(
                    "trace",
                    format!("{flag} {} is the file of puzzles", path.display()),
                );
            }
        }
    }
    if let (Some(out), Some(html)) = (&args.out, &args.html) {
        if out == html || same_file(out, html) {
            usage_error(
                "trace",
                format!("--out and --html name the same file, {}", out.display()),
            );
        }
    }
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
/// says so).
///
/// # Errors
///
/// When no strategy of the list takes `size`.
pub fn strategies(list: &SolverList, size: Size) -> Result<Vec<&'static Strategy>> {
    let mut out = Vec::new();
    for spec in &list.0 {
        let strategy = match spec {
            SolverSpec::Strategy(s) => *s,
            #[allow(unreachable_patterns)]
            _ => usage_error(
                "trace",
                format!(
                    "{} cannot be traced: only the catalogue's strategies tell their steps",
                    spec.name()
                ),
            ),
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

/// Writes the replay page and says what it holds. `false` when stdout was closed.
fn page(
    path: &Path,
    puzzle: &Puzzle,
    runs: &[(&'static Strategy, Limits)],
    seed: u64,
) -> Result<bool> {
    let name = path.display();
    let file = File::create(path).with_context(|| format!("{name}: cannot create"))?;
    let mut out = BufWriter::new(file);
    let options = PageOptions {
        seed,
        ..PageOptions::default()
    };
    let summaries =
        write_page(&mut out, &puzzle.grid, runs, &options).with_context(|| name.to_string())?;
    let bytes = std::fs::metadata(path).map_or(0, |m| m.len());
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
    text.push_str(&format!(
        "wrote {name} ({:.1} MB): open it in a browser; #play=max at the end of its address \
         plays it to the end\n",
        bytes as f64 / 1e6
    ));
    Ok(print(&text))
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

/// Writes `text` to stdout; `false` when stdout is closed (a broken pipe ends quietly).
pub fn print(text: &str) -> bool {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .is_ok()
}

/// Writes the traces, one strategy after the other, to `--out` or stdout.
fn traces(args: &TraceArgs, puzzle: &Puzzle, runs: &[(&'static Strategy, Limits)]) -> Result<()> {
    let max_events = args.max_events.unwrap_or(MaxEvents::DEFAULT);
    let options = TraceOptions {
        grid: args.grid,
        max_events: max_events.0,
        seed: args.seed,
    };
    let (mut out, name): (Box<dyn Write>, String) = match &args.out {
        Some(path) => {
            let name = path.display().to_string();
            let file = File::create(path).with_context(|| format!("{name}: cannot create"))?;
            (Box::new(BufWriter::new(file)), name)
        }
        None => (
            Box::new(BufWriter::new(io::stdout().lock())),
            "stdout".into(),
        ),
    };
    for (i, &(strategy, limits)) in runs.iter().enumerate() {
        let text = args.format == TraceFormat::Text;
        let gap = if i > 0 && text {
            out.write_all(b"\n").map_err(TraceError::Io)
        } else {
            Ok(())
        };
        let written = gap.and_then(|()| match args.format {
            TraceFormat::Text => write_text(&mut out, &puzzle.grid, strategy, limits, &options),
            TraceFormat::Jsonl => write_jsonl(&mut out, &puzzle.grid, strategy, limits, &options),
        });
        match written {
            Ok(summary) => {
                let not_printed = summary.kinds.events() - summary.printed;
                if args.max_events.is_none() && not_printed > 0 {
                    ui::note(format!(
                        "{}: the first {} of {} printed (--max-events all prints every one)",
                        strategy.name,
                        thousands(summary.printed),
                        count(summary.kinds.events(), "event", "events"),
                    ));
                }
            }
            Err(TraceError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
            Err(e) => return Err(e).context(name),
        }
    }
    Ok(())
}
