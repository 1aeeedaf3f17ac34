//! `sudoku-lab bench`: the run configuration, then the engine, then the reports.
//!
//! - [`config`]: the arguments resolved once into a run configuration, [`method`] the
//!   harness options (isomorphs, warm-up, pinning, shards) and [`shard`] `--shard auto`;
//! - [`overlap`]: an output that is one of the run's corpora, refused;
//! - [`recorder`]: the engine's sink (CSV, summary, progress, messages), [`skips`] the
//!   puzzles a solver skips;
//! - [`progress`] and [`forecast`]: what a person watches while it runs;
//! - [`resume`](mod@resume): `--resume`, the latest unfinished run continued.

pub(crate) mod config;
pub(crate) mod forecast;
pub(crate) mod identity;
pub(crate) mod method;
pub(crate) mod overlap;
pub(crate) mod progress;
pub(crate) mod recorder;
pub(crate) mod resume;
pub(crate) mod shard;
pub(crate) mod skips;

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Instant, SystemTime};

use anyhow::{anyhow, Result};
use sudoku_engine::{corpus_names, End, Report, SinkError};
use sudoku_reports::done::Done;
use sudoku_reports::output::{Ending, Written};
use sudoku_reports::sidecar::{
    command_line, cpu_model, CorpusEntry, Resumption, ShardEntry, Skipped,
};
use sudoku_reports::staged::KILLED;
use sudoku_reports::summary::Clock;
use sudoku_reports::words::{is_are, plural};
use sudoku_reports::{CsvWriter, Output, RunFiles, Sidecar, State, Summary};

use crate::bench::config::RunConfig;
use crate::bench::progress::Progress;
use crate::bench::recorder::{Recorded, Recorder};
use crate::bench::skips::no_row;
use crate::cli::BenchArgs;
use crate::{ui, version, RunEnd};
use resume::Earlier;

/// Runs `bench`: see `sudoku-lab bench --help`. `interrupt` is the flag set by Ctrl-C or
/// SIGTERM.
///
/// The run writes beside its output and puts its files under their final names at the end
/// (see `sudoku_reports::output`): an earlier result is replaced only by a run that
/// finished.
pub fn bench(args: &BenchArgs, interrupt: &AtomicBool) -> Result<RunEnd> {
    let mut config = RunConfig::resolve(args)?;
    let start = Instant::now();
    if config.resume {
        // What is left to solve is known once the earlier run is read: the threads start
        // after it.
        let opened = open_resumed(&mut config)?;
        let Some(opened) = opened else {
            return Ok(RunEnd::Finished);
        };
        let engine = sudoku_engine::start(&config.plan, interrupt);
        record(&config, opened, engine, start)
    } else {
        // The reading thread starts first, and reads the first lines while the output is
        // opened and the sidecar written (the workers start with the run).
        let engine = sudoku_engine::start(&config.plan, interrupt);
        let opened = open_fresh(&config)?;
        record(&config, opened, engine, start)
    }
}

/// A run's output, opened, its sidecar written (state `running`).
struct Opened {
    output: Output,
    csv: CsvWriter,
    sidecar: Sidecar,
    /// With `--resume`: the run continued.
    resumed: Option<Continued>,
}

/// The run a `--resume` continued: its CSV, the puzzles it did, and their summary.
struct Continued {
    csv: std::path::PathBuf,
    done: Done,
    summary: Summary,
}

/// Opens a fresh run's output (see [`Output::open`]) and writes its sidecar.
fn open_fresh(config: &RunConfig) -> Result<Opened> {
    let (output, csv) = open_output(config)?;
    let sidecar = sidecar_at_start(config);
    publish(Opened {
        output,
        csv,
        sidecar,
        resumed: None,
    })
}

/// Opens the output of a `--resume` run and continues the latest unfinished run on it
/// (`config` told what is left, see [`resume()`]) and writes its sidecar; `None` when that
/// run finished (nothing is left to do).
fn open_resumed(config: &mut RunConfig) -> Result<Option<Opened>> {
    let (output, mut csv) = open_output(config)?;
    let mut sidecar = sidecar_at_start(config);
    let resumed = match resume(config, &mut sidecar, &output, &mut csv)? {
        Start::Fresh => None,
        Start::Continued(continued) => Some(*continued),
        Start::NothingLeft => return Ok(None),
    };
    publish(Opened {
        output,
        csv,
        sidecar,
        resumed,
    })
    .map(Some)
}

/// [`Output::open`], saying where an earlier run's rows went when it was killed.
fn open_output(config: &RunConfig) -> Result<(Output, CsvWriter)> {
    let (output, csv) = Output::open(&config.files.csv)?;
    if let Some(aside) = output.moved_aside() {
        let kept = aside.kept.as_ref().map(|k| k.csv.as_path());
        ui::moved_aside(
            "run",
            &config.files.csv,
            "its rows are",
            &aside.files.csv,
            kept,
        );
    }
    Ok((output, csv))
}

/// Writes the sidecar of a run about to start (the output dropped, and so removed, when it
/// cannot be).
fn publish(opened: Opened) -> Result<Opened> {
    opened.output.write_sidecar(&opened.sidecar)?;
    Ok(opened)
}

/// Runs the started `engine` into the opened output, then writes what the run did: the
/// summary, the sidecar, the files under their final names; `start` is when the run began.
fn record(
    config: &RunConfig,
    opened: Opened,
    engine: sudoku_engine::Started<'_>,
    start: Instant,
) -> Result<RunEnd> {
    let Opened {
        output,
        csv,
        mut sidecar,
        resumed,
    } = opened;
    let progress = Progress::start(config.quiet, config.progress_every, &config.plan);
    let mut recorder = Recorder::new(csv, config, progress);
    recorder.tell_on_interrupt(&output.running().csv);
    let (done, continued) = match resumed {
        Some(c) => {
            recorder.count_earlier(c.summary);
            (Some(c.done), Some(c.csv))
        }
        None => (None, None),
    };
    let mut report = engine.run(&mut recorder);
    let skipped = recorder.skipped();
    let Recorded {
        rows,
        error: write_error,
        mut summary,
        unwritten,
    } = recorder.finish();
    count_in_file(&mut report, &unwritten, done.as_ref());
    sidecar.resumed_puzzles = done.as_ref().map_or(0, Done::count);
    // As the sidecar keeps it, so that the summary printed now reads as one made later;
    // the warm-up is not part of the run.
    let took = start.elapsed().saturating_sub(report.warmup);
    let seconds = (took.as_secs_f64() * 1e6).round() / 1e6;
    let Ended { state, error } = ending(&report, write_error.as_ref(), rows, &skipped);
    // A corpus cut short, edited or replaced while it was read: not a finished run.
    let changed = identity::changed_while_read(&config.plan.sources, &sidecar.corpus);
    let Ended { state, error } = match changed {
        Some(changed) if state == State::Finished => Ended {
            state: State::Failed,
            error: Some(changed),
        },
        _ => Ended { state, error },
    };
    summary.state = (state != State::Finished).then_some(state.into());
    summary.error.clone_from(&error);
    summary.clock = Some(Clock {
        seconds,
        threads: config.plan.threads as u64,
        puzzles: report.puzzles,
        resumed: sidecar.resumed_puzzles,
    });
    summary.shard = sidecar.shard;
    sidecar.state = state.into();
    sidecar.error = error.clone();
    sidecar.skipped.clone_from(&skipped);
    fill_ending(&mut sidecar, &report, &summary, rows, seconds);
    let ending = output.finish(&sidecar, &summary.to_markdown(), continued.as_deref());
    failed_at_the_end(&mut summary, state, &ending);
    if reported(config.quiet, state, &ending) {
        ui::out(summary.to_text(config.view));
    }
    tell_what_was_written(config, &ending, &summary, rows, state);
    outcome(Whose::Run, Ended { state, error }, ending, &summary)
}

/// Whether the end of a run (or a merge) that ended in `state` is reported on the
/// terminal, its summary and what it wrote: always, but under `-q` (`quiet`) for one that
/// finished with every file written; one that stopped early, or whose files could not all
/// be written (`ending`), says what it left where.
pub(crate) fn reported(quiet: bool, state: State, ending: &Ending) -> bool {
    !quiet || state != State::Finished || ending.error.is_some()
}

/// The command whose output ended: a run or a merge, as its messages name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Whose {
    /// `bench`.
    Run,
    /// `merge`.
    Merge,
}

impl std::fmt::Display for Whose {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Whose::Run => "run",
            Whose::Merge => "merge",
        })
    }
}

/// How a run (or a merge) ended: its state, and the error that stopped it, if any.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Ended {
    /// The state its sidecar gives.
    pub state: State,
    /// The error that stopped it.
    pub error: Option<String>,
}

/// How a run (or a merge: `whose`) that went to its end ends, once its files were put in
/// place: `ended` as it ended (see [`ending`]), `ending` what putting them in
/// place met (see [`Output::finish`]; the summary printed and what was written said
/// first: see [`failed_at_the_end`] and [`wrote`]). Its files placed, only the summary
/// file not written, it finished: `the run finished, but its summary file could not be
/// written: …`, exit 1.
pub(crate) fn outcome(
    whose: Whose,
    Ended { state, error }: Ended,
    ending: Ending,
    summary: &Summary,
) -> Result<RunEnd> {
    match (error, ending.error) {
        // The interrupt came first: what then went wrong is said, the exit is the
        // interrupt's (the run was stopped as asked; its rows are where the error says).
        (None, Some(then)) if state == State::Interrupted => {
            ui::error(then);
            Ok(RunEnd::Interrupted)
        }
        (Some(first), Some(then)) => Err(anyhow!("{first}; then {then}")),
        (Some(first), None) => Err(anyhow!(first)),
        (None, Some(then)) if ending.written == Written::NoSummary => Err(anyhow!(
            "the {whose} finished, but its summary file could not be written: {then}"
        )),
        (None, Some(then)) => Err(then.into()),
        (None, None) => Ok(run_end(state, summary)),
    }
}

/// Makes the printed `summary` of a run that went to its end (`state`) say that it failed
/// when putting its files in place then did (`ending`'s error: its CSV removed meanwhile,
/// a sidecar that cannot be written, a rename refused), as the exit status (1) and the
/// sidecar beside its rows do (see [`Output::finish`]; no summary file is left beside the
/// rows then). Files in place, only the summary file failed: the run finished, as its
/// sidecar says, and the summary printed says so too.
pub(crate) fn failed_at_the_end(summary: &mut Summary, state: State, ending: &Ending) {
    if let (State::Finished, Some(e), Written::Unplaced) = (state, &ending.error, ending.written) {
        summary.state = Some(State::Failed.into());
        summary.error = Some(format!(
            "after its last row, as its files were put in place: {e}"
        ));
    }
}

/// Makes the engine's `report` count the puzzles in the CSV: those that came but whose
/// rows are `unwritten` (after a write that failed) taken out, those `done` by the run
/// continued (`--resume`, copied) counted in.
fn count_in_file(report: &mut Report, unwritten: &[(Arc<str>, u64)], done: Option<&Done>) {
    for (corpus, n) in unwritten {
        report.puzzles = report.puzzles.saturating_sub(*n);
        if let Some(c) = report.corpora.iter_mut().find(|c| c.name == *corpus) {
            c.puzzles = c.puzzles.saturating_sub(*n);
        }
    }
    if let Some(done) = done {
        report.puzzles += done.count();
        for c in &mut report.corpora {
            let done = done.puzzles.get(&c.name).map_or(0, |s| s.len() as u64);
            c.skipped = c.skipped.saturating_sub(done);
            c.puzzles += done;
        }
    }
}

/// How a run starts, with `--resume`.
enum Start {
    /// Afresh: no run to continue.
    Fresh,
    /// From an unfinished run: the puzzles it did (their rows copied), and their summary.
    Continued(Box<Continued>),
    /// The latest run on the output finished: nothing is left to do.
    NothingLeft,
}

/// With `--resume`, the latest unfinished run on the output (see [`mod@resume`]): its
/// whole puzzles copied into `csv`, `config` told to solve only the others, `sidecar` told
/// what is continued (the date and command of the run's start, and each resumption) and
/// written as `running` before the copy, so that a run killed while it copies leaves its
/// rows beside a sidecar, for the next `--resume` to continue.
fn resume(
    config: &mut RunConfig,
    sidecar: &mut Sidecar,
    output: &Output,
    csv: &mut CsvWriter,
) -> Result<Start> {
    let aside = output.moved_aside().map(|m| &m.files);
    let r = match resume::earlier_run(&config.files.csv, aside, sidecar, &config.plan)? {
        Earlier::None => return Ok(Start::Fresh),
        Earlier::Finished(csv) => {
            ui::plain(format!(
                "--resume: {} is a finished run: nothing is left to do",
                csv.display()
            ));
            return Ok(Start::NothingLeft);
        }
        Earlier::Unfinished(r) => r,
    };
    ui::note(format!(
        "--resume: continuing {} ({} puzzles kept, the others solved now)",
        r.csv.display(),
        r.done.count()
    ));
    config.plan.select.done.clone_from(&r.done.puzzles);
    sidecar.date.clone_from(&r.earlier.date);
    sidecar.resumed = r.earlier.resumed.clone();
    sidecar.resumed.push(Resumption {
        date: now(),
        command: sidecar.command.clone(),
        shard: None,
    });
    sidecar.command.clone_from(&r.earlier.command);
    output.write_sidecar(sidecar)?;
    let summary = r.copy_into(csv)?;
    let r = *r;
    Ok(Start::Continued(Box::new(Continued {
        csv: r.csv,
        done: r.done,
        summary,
    })))
}

/// What the sidecar says before the run starts (state `running`), written as `files`.
fn sidecar_at_start(config: &RunConfig) -> Sidecar {
    Sidecar {
        command: command_line(),
        version: version::VERSION.into(),
        git_commit: version::GIT_COMMIT.into(),
        rustc: version::RUSTC.into(),
        cpu: cpu_model(),
        threads: config.plan.threads as u64,
        date: now(),
        limit: config.limit,
        repeat: config.plan.repeat,
        strict: config.plan.strict,
        first: config.plan.first,
        seed: Some(config.seed),
        permute: config.method.permute,
        shard: config.method.shard.map(|s| ShardEntry { k: s.k, n: s.n }),
        warmup: config.method.timing.warmup.map(|d| d.as_secs_f64()),
        pin: config.method.timing.pin.clone(),
        timeout: config
            .budgets
            .iter()
            .any(|b| b.command.is_some())
            .then_some(config.method.timeout.as_secs_f64()),
        state: State::Running.into(),
        solver: config.budgets.clone(),
        corpus: corpus_names(&config.plan.sources)
            .into_iter()
            .zip(&config.plan.sources)
            .map(|(path, source)| CorpusEntry {
                path,
                fingerprint: identity::fingerprint(source),
                ..CorpusEntry::default()
            })
            .collect(),
        ..Sidecar::default()
    }
}

/// Now, as the sidecar gives dates (RFC 3339, UTC).
fn now() -> String {
    humantime::format_rfc3339_seconds(SystemTime::now()).to_string()
}

/// What the sidecar says once the run is over.
fn fill_ending(sidecar: &mut Sidecar, report: &Report, summary: &Summary, rows: u64, seconds: f64) {
    sidecar.puzzles = report.puzzles;
    sidecar.rows = rows;
    sidecar.wrong = summary.wrong();
    sidecar.retimed = summary.retimed();
    sidecar.disturbed = summary.disturbed();
    let cost = sudoku_engine::timing_cost();
    sidecar.timing_check = cost.check.name().into();
    sidecar.timing_floor_ns = cost.floor_ns;
    sidecar.timing_cost_ns = (cost.per_solve_ns * 10.0).round() / 10.0;
    sidecar.seconds = seconds;
    // The skips are the sidecar's own entries (`skipped`), not notes.
    let skips: Vec<String> = sidecar.skipped.iter().map(Skipped::note).collect();
    sidecar.notes = summary
        .notes()
        .iter()
        .filter(|n| !skips.contains(n))
        .cloned()
        .collect();
    let fingerprint = |name: &str| {
        let at_start = sidecar.corpus.iter().find(|e| e.path == name);
        at_start.and_then(|e| e.fingerprint.clone())
    };
    sidecar.corpus = report
        .corpora
        .iter()
        .map(|c| CorpusEntry {
            path: c.name.to_string(),
            puzzles: c.puzzles,
            malformed: c.malformed,
            skipped: c.skipped,
            fingerprint: fingerprint(&c.name),
        })
        .collect();
}

/// Where the run's files are, and what became of an earlier result.
fn tell_what_was_written(
    config: &RunConfig,
    ending: &Ending,
    summary: &Summary,
    rows: u64,
    state: State,
) {
    let files = &ending.files;
    let s = plural(rows);
    if reported(config.quiet, state, ending) {
        ui::plain(wrote(&config.files.csv, ending, &format!("{rows} row{s}")));
    }
    let asked = &config.files.csv;
    let kept = if files.csv != *asked && asked.exists() {
        format!(" ({} is as it was)", asked.display())
    } else {
        String::new()
    };
    match state {
        State::Interrupted => ui::plain(format!(
            "interrupted: {} holds every row completed before the interrupt{kept}; {}",
            files.csv.display(),
            if config.resume {
                "the same command again continues it"
            } else {
                "the same command with --resume continues it"
            }
        )),
        State::Failed => ui::plain(format!(
            "stopped: the {rows} row{s} completed before the error {} in {}{kept}",
            is_are(rows),
            files.csv.display()
        )),
        _ if files.csv != *asked => ui::plain(format!(
            "the run's files keep the names they had while it ran{kept}"
        )),
        _ => {}
    }
    if let Some(earlier) = &ending.kept {
        ui::kept_earlier(&earlier.csv);
    }
    if summary.wrong() > 0 {
        ui::wrong(format!(
            "{} solution(s) failed their check (status wrong in {})",
            summary.wrong(),
            files.csv.display()
        ));
    }
}

/// What the end of a run (or a merge) on `out` wrote: the CSV with its `rows` (`12
/// rows`, `12 rows from 2 shards`), and its summary and sidecar when they could be written.
pub(crate) fn wrote(out: &Path, ending: &Ending, rows: &str) -> String {
    let files = &ending.files;
    let csv = files.csv.display();
    match ending.written {
        Written::All => format!(
            "wrote {csv} ({rows}), {} and {}",
            files.summary.display(),
            files.sidecar.display()
        ),
        Written::NoSummary => format!(
            "wrote {csv} ({rows}) and {}, without a summary (see the error below; \
`sudoku-lab summary {csv}` prints it again)",
            files.sidecar.display()
        ),
        Written::Unplaced => format!(
            "wrote {csv} ({rows}), without a summary; its files keep their running names \
(see the error below), as a killed run's: the next run on {} moves them aside to {}, and \
--resume continues them",
            out.display(),
            RunFiles::beside(out).tagged(KILLED).csv.display()
        ),
    }
}

/// What a run that read no puzzle at all says of it.
const NO_PUZZLE: &str = "no puzzle read: every corpus was empty or malformed";

/// How the run ended (its state) and the error that stopped it: the engine's, else the
/// CSV's last write's. A run that went to
/// the end without reading a puzzle (not even one for another shard, or one an earlier
/// run solved) failed: its empty files are not to replace an earlier result. So did one that read puzzles and wrote no row (`rows`), as
/// no solver of the run solves their size (`skipped`, see [`Recorder::skipped`]), unless it
/// is a shard that read puzzles for the others (its share may hold only such puzzles, and
/// the merged run rows of the others: see [`other_shards`]).
fn ending(
    report: &Report,
    write_error: Option<&SinkError>,
    rows: u64,
    skipped: &[Skipped],
) -> Ended {
    let read = report.corpora.iter().any(|c| c.puzzles + c.skipped > 0);
    match (&report.end, write_error) {
        (End::Failed(e), _) => Ended {
            state: State::Failed,
            error: Some(e.to_string()),
        },
        (_, Some(e)) => Ended {
            state: State::Failed,
            error: Some(e.to_string()),
        },
        (End::Interrupted, None) => Ended {
            state: State::Interrupted,
            error: None,
        },
        (End::Finished, None) if !read => Ended {
            state: State::Failed,
            error: Some(NO_PUZZLE.into()),
        },
        (End::Finished, None) if rows == 0 && report.puzzles > 0 && !other_shards(report) => {
            Ended {
                state: State::Failed,
                error: Some(no_row(skipped)),
            }
        }
        (End::Finished, None) => Ended {
            state: State::Finished,
            error: None,
        },
    }
}

/// Whether the run read puzzles that are another shard's (`--shard`): the corpora's
/// `skipped`, once those an earlier run solved are counted as this run's (see
/// [`count_in_file`]).
fn other_shards(report: &Report) -> bool {
    report.corpora.iter().any(|c| c.skipped > 0)
}

/// How a run that did not fail ends.
fn run_end(state: State, summary: &Summary) -> RunEnd {
    if state == State::Interrupted {
        RunEnd::Interrupted
    } else if summary.wrong() > 0 {
        RunEnd::Wrong
    } else {
        RunEnd::Finished
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use sudoku_engine::{CorpusCount, EngineError};

    use super::*;

    fn report(end: End, puzzles: u64, skipped: u64) -> Report {
        Report {
            end,
            puzzles,
            corpora: vec![CorpusCount {
                name: "c.txt".into(),
                puzzles,
                malformed: 0,
                skipped,
            }],
            warmup: Duration::ZERO,
        }
    }

    fn state(ended: &Ended) -> State {
        ended.state
    }

    #[test]
    fn how_a_run_ended() {
        let fine = report(End::Finished, 3, 0);
        assert_eq!(state(&ending(&fine, None, 6, &[])), State::Finished);
        let stopped = report(End::Interrupted, 3, 0);
        assert_eq!(state(&ending(&stopped, None, 6, &[])), State::Interrupted);
        // A write error after the interrupt: the run failed, saying why.
        let write: SinkError = "r.csv: cannot write: full".into();
        let failed = ending(&stopped, Some(&write), 6, &[]);
        assert_eq!(failed.state, State::Failed);
        assert_eq!(failed.error.as_deref(), Some("r.csv: cannot write: full"));
        let engine = report(End::Failed(EngineError::Sink(write)), 1, 0);
        assert_eq!(state(&ending(&engine, None, 2, &[])), State::Failed);
        // Nothing read at all, or no row written: failed, not to replace an earlier result.
        let empty = report(End::Finished, 0, 0);
        let none = ending(&empty, None, 0, &[]);
        assert_eq!(
            (none.state, none.error.as_deref()),
            (State::Failed, Some(NO_PUZZLE))
        );
        let skipped = Skipped {
            solver: "bands".into(),
            size: "4x4".into(),
            puzzles: 3,
        };
        let no_row = ending(&fine, None, 0, std::slice::from_ref(&skipped));
        assert_eq!(no_row.state, State::Failed);
        assert!(no_row.error.unwrap().starts_with("no row: "));
        // A shard whose share held no puzzle of a size its solvers solve: finished.
        let shard = report(End::Finished, 3, 5);
        assert_eq!(state(&ending(&shard, None, 0, &[skipped])), State::Finished);
    }

    #[test]
    fn what_a_run_says_it_wrote() {
        let files = RunFiles::beside(Path::new("r.csv"));
        let ending = |written| Ending {
            files: files.clone(),
            kept: None,
            written,
            error: None,
        };
        let out = Path::new("r.csv");
        assert_eq!(
            wrote(out, &ending(Written::All), "2 rows"),
            "wrote r.csv (2 rows), r.summary.md and r.run.toml"
        );
        let no_summary = wrote(out, &ending(Written::NoSummary), "2 rows");
        assert!(no_summary.starts_with("wrote r.csv (2 rows) and r.run.toml, without a summary"));
        let unplaced = wrote(out, &ending(Written::Unplaced), "2 rows");
        assert!(
            unplaced.contains("moves them aside to r.killed.csv"),
            "{unplaced}"
        );
    }

    #[test]
    fn a_run_that_ended_says_how_by_its_exit() {
        let summary = Summary::new();
        let ended = |state, error| Ended { state, error };
        let placed = || Ending {
            files: RunFiles::beside(Path::new("r.csv")),
            kept: None,
            written: Written::All,
            error: None,
        };
        let end = outcome(Whose::Run, ended(State::Finished, None), placed(), &summary);
        assert_eq!(end.unwrap(), RunEnd::Finished);
        let end = outcome(
            Whose::Run,
            ended(State::Interrupted, None),
            placed(),
            &summary,
        );
        assert_eq!(end.unwrap(), RunEnd::Interrupted);
        let failed = ended(State::Failed, Some("no puzzle read".into()));
        let end = outcome(Whose::Merge, failed, placed(), &summary);
        assert_eq!(end.unwrap_err().to_string(), "no puzzle read");
        let no_summary = Ending {
            written: Written::NoSummary,
            error: Some(sudoku_reports::Error::Io(std::io::Error::other("full"))),
            ..placed()
        };
        let end = outcome(
            Whose::Merge,
            ended(State::Finished, None),
            no_summary,
            &summary,
        );
        assert_eq!(
            end.unwrap_err().to_string(),
            "the merge finished, but its summary file could not be written: full"
        );
    }
}
