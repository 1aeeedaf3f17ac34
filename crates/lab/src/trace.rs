//! `sudoku-lab trace`: one puzzle, one or more strategies, and what each search did, step
//! by step: the text trace in the classic words, JSON Lines, or the replay page
//! (`sudoku-trace` writes all three; this is the command around it).

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::Path;

use anyhow::{bail, Context, Result};
use sudoku_catalogue::Strategy;
use sudoku_core::{Limits, Puzzle, Size};
use sudoku_reports::streamed::Placed;
use sudoku_reports::{State, Streamed};
use sudoku_trace::people::{count, status, thousands};
use sudoku_trace::{
    write_jsonl, write_page, write_text, PageOptions, Summary, TraceError, TraceOptions,
};

use crate::cli::{MaxEvents, SolverList, SolverSpec, TraceArgs, TraceFormat};
use crate::input::Input;
use crate::interrupt::{self, Writing};
use crate::usage::Usage;
use crate::{ui, RunEnd};

/// Runs `trace`: the puzzle, the strategies that take its size, then the page and the
/// trace asked for.
pub fn trace(args: &TraceArgs) -> Result<RunEnd> {
    let input = Input::from_args(&args.puzzles)?;
    check_paths(&input, args)?;
    let puzzle = one_puzzle(&input, args.puzzles.index)?;
    let strategies = strategies(&args.solvers.list, puzzle.grid.size())?;
    let limits = |s: &Strategy| {
        Limits::solutions(args.limit).with_max_nodes(args.max_nodes.unwrap_or(s.default_max_nodes))
    };
    let runs: Vec<(&'static Strategy, Limits)> =
        strategies.iter().map(|&s| (s, limits(s))).collect();
    if let Some(path) = &args.html {
        let options = PageOptions {
            seed: args.seed,
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

/// The usage errors clap cannot see: an output that is the input or the other output,
/// under any of the names it is written as (see [`Streamed::every_name`]).
///
/// # Errors
///
/// A [`Usage`] error naming the output and what it is.
fn check_paths(input: &Input, args: &TraceArgs) -> Result<()> {
    let outputs = [("--out", &args.out), ("--html", &args.html)];
    for (flag, path) in outputs.iter().filter_map(|(f, p)| Some((f, p.as_ref()?))) {
        let Input::File(file) = input else { continue };
        for name in Streamed::every_name(path) {
            if same_file(file, &name) {
                let what = if &name == path {
                    String::new()
                } else {
                    format!(" (written as {})", name.display())
                };
                let message = format!("{flag} {}{what} is the file of puzzles", path.display());
                return Err(Usage(message).into());
            }
        }
    }
    if let (Some(out), Some(html)) = (&args.out, &args.html) {
        let html_names = Streamed::every_name(html);
        let shared = Streamed::every_name(out)
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
/// says so).
///
/// # Errors
///
/// A [`Usage`] error for a solver run by command (it tells no steps); when no strategy
/// of the list takes `size`.
pub fn strategies(list: &SolverList, size: Size) -> Result<Vec<&'static Strategy>> {
    let mut out = Vec::new();
    for spec in &list.0 {
        let strategy = match spec {
            SolverSpec::Strategy(s) => *s,
            #[allow(unreachable_patterns)]
            _ => {
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

/// Writes the replay page and says what it holds. `false` when stdout was closed.
fn page(
    path: &Path,
    puzzle: &Puzzle,
    runs: &[(&'static Strategy, Limits)],
    options: &PageOptions,
) -> Result<bool> {
    let mut file = open(path)?;
    let summaries = match write_page(&mut file, &puzzle.grid, runs, options) {
        Ok(summaries) => summaries,
        Err(e) if reader_gone(&file, &e) => return Ok(quiet(file)),
        Err(e) => return Err(discard(file, e)),
    };
    let Some(placed) = finish(file)? else {
        return Ok(false);
    };
    let path = placed.path;
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
    Ok(print(&text))
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

/// Writes `text` to stdout; `false` when stdout is closed (a broken pipe ends quietly).
pub fn print(text: &str) -> bool {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .is_ok()
}

/// Writes the traces, one strategy after the other, to `--out` or stdout.
fn traces(args: &TraceArgs, puzzle: &Puzzle, runs: &[(&'static Strategy, Limits)]) -> Result<()> {
    let Some(path) = &args.out else {
        let mut out = BufWriter::new(io::stdout().lock());
        return match write_traces(args, puzzle, runs, &mut out).map(|()| out.flush()) {
            Err(TraceError::Io(e)) | Ok(Err(e)) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
            Ok(written) => written.context("stdout"),
            Err(e) => Err(e).context("stdout"),
        };
    };
    let mut file = open(path)?;
    match write_traces(args, puzzle, runs, &mut file) {
        Ok(()) => finish(file).map(drop),
        Err(e) if reader_gone(&file, &e) => {
            quiet(file);
            Ok(())
        }
        Err(e) => Err(discard(file, e)),
    }
}

/// Whether `e`, met writing `file`, says that the reader of a pipe or a device written as
/// it is went away (`--html /dev/stdout | head`): that output ends quietly, as stdout
/// does. A file's write errors are errors.
fn reader_gone(file: &Streamed, e: &(dyn std::error::Error + 'static)) -> bool {
    let mut next = Some(e);
    while let Some(e) = next {
        if e.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
        {
            return file.running_file().is_none();
        }
        next = e.source();
    }
    false
}

/// Ends writing `file`, a pipe or a device whose reader went away, without a word; `false`
/// (the output is closed).
fn quiet(file: Streamed) -> bool {
    interrupt::registered(|| file.discard(), |_| None);
    false
}

/// Writes the traces of `runs` to `out`, one strategy after the other, each the whole of
/// its search up to `--max-events` (by default, the first thousand events to a terminal:
/// the last line then says how many were left out and how to get them all).
fn write_traces(
    args: &TraceArgs,
    puzzle: &Puzzle,
    runs: &[(&'static Strategy, Limits)],
    out: &mut dyn Write,
) -> Result<(), TraceError> {
    let terminal = args.out.is_none() && io::stdout().is_terminal();
    let max_events = args.max_events.unwrap_or(MaxEvents::default_to(terminal));
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
                TraceFormat::Text => out.write_all(left_out(not_printed).as_bytes())?,
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

/// Starts writing `--out` or `--html` (see [`Streamed`]: an earlier file of the name is
/// replaced only once the new one is whole). Until it is put in place or removed, an
/// interrupt removes it (see [`interrupt::Writing::Unfinished`]): `trace` does not stop
/// cleanly, and a trace cut short is no trace.
fn open(path: &Path) -> Result<Streamed> {
    let file = interrupt::registered(
        || Streamed::open(path),
        |file| file.as_ref().ok().and_then(Writing::unfinished),
    )?;
    if let Some(aside) = file.moved_aside() {
        ui::moved_aside("trace", path, "what it wrote is", aside, file.kept());
    }
    Ok(file)
}

/// Puts the whole `file` under its name once what is buffered is written and the file made
/// durable (see [`Streamed::make_durable`]); see [`put_in_place`]. `None` when `file` is a
/// pipe or a device whose reader went away (see [`reader_gone`]).
fn finish(mut file: Streamed) -> Result<Option<Placed>> {
    let durable = file.make_durable();
    if let Err(e) = &durable {
        if reader_gone(&file, e) {
            quiet(file);
            return Ok(None);
        }
    }
    put_in_place(file, durable).map(Some)
}

/// Puts `file`, written to its end, under its name (see [`Streamed::finish_whole`]) when
/// `durable`, the end of its writing, says it is whole and on the disk; else removes it and
/// gives the error, as of a write that failed (see [`discard`]): a trace that may not
/// have reached the disk whole is no trace, and left under its running name it would be
/// taken for a killed one's. One whose rename is refused is removed alike (it stayed under
/// its running name); one whose running name leads to another file by then is left as it
/// is, and so is that file, the error saying so.
fn put_in_place(file: Streamed, durable: Result<(), sudoku_reports::Error>) -> Result<Placed> {
    if let Err(e) = durable {
        return Err(discard(file, e));
    }
    let told = removed(&file);
    interrupt::registered(|| file.finish_whole(), |_| None).map_err(|unplaced| {
        let e = anyhow::Error::new(unplaced.error);
        if unplaced.removed {
            e.context(told)
        } else {
            e
        }
    })
}

/// The error `e` met while writing `file`, which is removed (an earlier file of its name
/// stays as it was).
fn discard<E>(file: Streamed, e: E) -> anyhow::Error
where
    E: std::error::Error + Send + Sync + 'static,
{
    let told = removed(&file);
    interrupt::registered(|| file.discard(), |_| None);
    anyhow::Error::new(e).context(told)
}

/// What the error of a trace removed says first: `t.running.txt, removed (t.txt not
/// touched)`; of a device, a pipe or a socket, written as it is and not removed, its name.
fn removed(file: &Streamed) -> String {
    if file.running_file().is_none() {
        return file.running().display().to_string();
    }
    format!(
        "{}, removed ({} not touched)",
        file.running().display(),
        file.ended(State::Finished).display()
    )
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    /// On a terminal a trace is bounded by default, and its last line says how much was
    /// left out and how to get it all, within 100 columns; to a file or a pipe it is whole.
    #[test]
    fn a_trace_to_a_terminal_is_bounded_and_says_how_to_get_the_rest() {
        assert_eq!(MaxEvents::default_to(true), MaxEvents(Some(1_000)));
        assert_eq!(MaxEvents::default_to(false), MaxEvents(None));
        let line = left_out(733_874);
        assert_eq!(
            line,
            "# 733,874 events left out: --max-events all prints them, -o FILE writes them to \
             a file\n"
        );
        assert!(line.trim_end().chars().count() <= 100);
    }

    /// A trace `tr.txt` begun in `dir`, one line written and made durable: the file, what
    /// making it durable gave, its name asked for and its running name.
    fn written(
        dir: &Path,
    ) -> (
        Streamed,
        Result<(), sudoku_reports::Error>,
        PathBuf,
        PathBuf,
    ) {
        let path = dir.join("tr.txt");
        let mut file = Streamed::open(&path).unwrap();
        file.write_all(b"# dlx\n").unwrap();
        let running = file.running().to_path_buf();
        let durable = file.make_durable();
        (file, durable, path, running)
    }

    /// A trace whose end fails to be made durable (`fdatasync` failed: a disk error; the
    /// lab test `a_trace_that_cannot_be_made_durable_is_removed` makes it fail with a
    /// seccomp filter, on Linux) is removed, as one whose writing failed, and the error
    /// names it and what failed; it stayed under its running name, as a killed trace's.
    /// The earlier file of the name stays as it was.
    #[test]
    fn a_trace_that_cannot_be_made_durable_is_removed_and_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tr.txt");
        std::fs::write(&path, "earlier\n").unwrap();
        let mut file = Streamed::open(&path).unwrap();
        file.write_all(b"# dlx\n").unwrap();
        let running = file.running().to_path_buf();
        let failed = sudoku_reports::Error::Sync {
            path: running.display().to_string(),
            source: io::Error::other("Input/output error"),
        };
        let e = put_in_place(file, Err(failed)).unwrap_err();
        assert_eq!(
            ui::chain(&e),
            format!(
                "{}, removed ({} not touched): {}: cannot make it durable (fsync): \
                 Input/output error",
                running.display(),
                path.display(),
                running.display()
            )
        );
        assert!(!running.exists());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "earlier\n");

        // Made durable, it is put in place.
        let mut file = Streamed::open(&path).unwrap();
        file.write_all(b"# dlx\n").unwrap();
        let durable = file.make_durable();
        assert_eq!(put_in_place(file, durable).unwrap().path, path);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "# dlx\n");
        assert!(!running.exists());
    }

    /// A trace made durable whose rename is refused (a folder took its name) is removed,
    /// as one whose writing failed, and the error names it and what failed; it stayed
    /// under its running name, as a killed trace's.
    #[test]
    fn a_trace_whose_rename_is_refused_is_removed_and_named() {
        let dir = tempfile::tempdir().unwrap();
        let (file, durable, path, running) = written(dir.path());
        std::fs::create_dir(&path).unwrap();
        std::fs::write(path.join("in the way"), "").unwrap();
        let e = ui::chain(&put_in_place(file, durable).unwrap_err());
        let removed = format!(
            "{}, removed ({} not touched): {}: cannot rename to {}: ",
            running.display(),
            path.display(),
            running.display(),
            path.display()
        );
        assert!(e.starts_with(&removed), "{e}");
        assert!(!running.exists());
        assert!(path.join("in the way").exists());
    }

    /// A trace whose running name leads to another file at its end (the trace moved away,
    /// another file put under the name) is not renamed, and nothing is removed: the error
    /// says so. The other file took the trace's name asked for.
    #[cfg(unix)]
    #[test]
    fn a_trace_whose_running_name_leads_to_another_file_is_left_with_it() {
        let dir = tempfile::tempdir().unwrap();
        let (file, durable, path, running) = written(dir.path());
        let moved = dir.path().join("moved.txt");
        std::fs::rename(&running, &moved).unwrap();
        std::fs::write(&running, "another\n").unwrap();
        let e = ui::chain(&put_in_place(file, durable).unwrap_err());
        assert_eq!(
            e,
            format!(
                "{}: removed or moved while it was written (another file has its name now): \
                 not renamed to {}; what is under either name is left as it is",
                running.display(),
                path.display()
            )
        );
        assert_eq!(std::fs::read_to_string(&running).unwrap(), "another\n");
        assert_eq!(std::fs::read_to_string(&moved).unwrap(), "# dlx\n");
        assert!(!path.exists());
    }
}
