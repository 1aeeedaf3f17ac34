//! `sudoku-lab bench`: the run configuration, then the engine, then the reports.
//!
//! - [`config`]: the arguments resolved once into a run configuration, [`method`] the
//!   harness options (isomorphs, warm-up, pinning, shards) and [`shard`] `--shard auto`;
//! - [`overlap`]: an output that is one of the run's corpora, refused;
//! - [`recorder`]: the engine's sink (CSV, summary, progress, messages), [`skips`] the
//!   puzzles a solver skips;
//! - [`progress`] and [`forecast`]: what a person watches while it runs;
//! - [`resume`](mod@resume): `--resume`, the latest unfinished run continued;
//!   [`unchanged`] the corpora and the rows kept known by their content.

pub(crate) mod config;
pub(crate) mod forecast;
pub(crate) mod method;
pub(crate) mod overlap;
pub(crate) mod progress;
pub(crate) mod recorder;
pub(crate) mod resume;
pub(crate) mod shard;
pub(crate) mod skips;
pub(crate) mod unchanged;

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Instant, SystemTime};

use anyhow::{anyhow, Result};
use sudoku_engine::{corpus_names, End, Report};
use sudoku_reports::done::Done;
use sudoku_reports::output::{Ending, Written};
use sudoku_reports::sidecar::{command_line, cpu_model, CorpusEntry, Resumption, ShardEntry};
use sudoku_reports::staged::KILLED;
use sudoku_reports::wording::{is_are, plural};
use sudoku_reports::{CsvWriter, Output, RunFiles, Sidecar, State, Summary};

use crate::bench::config::RunConfig;
use crate::bench::recorder::{Recorded, Recorder};
use crate::bench::skips::no_row;
use crate::cli::BenchArgs;
use crate::{ui, version, RunEnd};
use resume::{Earlier, Resumed};

/// Runs `bench` (see `sudoku-lab bench --help`) until done or `interrupt`ed. It writes
/// beside its output and puts its files under their final names at the end (see
/// `sudoku_reports::output`): an earlier result is replaced only by a run that finished.
pub fn bench(args: &BenchArgs, interrupt: &AtomicBool) -> Result<RunEnd> {
    let mut config = RunConfig::resolve(args)?;
    let start = Instant::now();
    if !config.resume {
        // The reading thread starts first, and reads the first lines while the output is
        // opened and the sidecar written (the workers start with the run).
        let engine = sudoku_engine::start(&config.plan, interrupt);
        let opened = open(&config)?;
        opened.output.write_sidecar(&opened.sidecar)?;
        return record(&config, opened, None, engine, start);
    }
    // What is left to solve is known once the earlier run is read: the threads start after.
    let mut opened = open(&config)?;
    let aside = opened.output.moved_aside().map(|m| &m.files);
    let earlier = resume::earlier_run(&config.files.csv, aside, &opened.sidecar, &config.plan)?;
    let continued = match earlier {
        Earlier::None => {
            opened.output.write_sidecar(&opened.sidecar)?;
            None
        }
        Earlier::Finished(csv) => {
            let csv = csv.display();
            ui::plain(format!(
                "--resume: {csv} is a finished run: nothing is left to do"
            ));
            return Ok(RunEnd::Finished);
        }
        Earlier::Unfinished(r) => Some(continue_run(&mut config, &mut opened, *r)?),
    };
    let engine = sudoku_engine::start(&config.plan, interrupt);
    record(&config, opened, continued, engine, start)
}

/// A run's output, opened (see [`Output::open`]), and the sidecar it starts with.
struct Opened {
    output: Output,
    csv: CsvWriter,
    sidecar: Sidecar,
}

/// The run a `--resume` continued: its CSV, the puzzles it did, and their summary.
struct Continued {
    csv: std::path::PathBuf,
    done: Done,
    summary: Summary,
}

/// Opens the run's output, saying where an earlier run's rows went when it was killed.
fn open(config: &RunConfig) -> Result<Opened> {
    let (output, csv) = Output::open(&config.files.csv)?;
    if let Some(aside) = output.moved_aside() {
        let kept = aside.kept.as_ref().map(|k| k.csv.as_path());
        let (out, moved) = (&config.files.csv, &aside.files.csv);
        ui::moved_aside("run", out, "its rows are", moved, kept);
    }
    let sidecar = sidecar_at_start(config);
    Ok(Opened {
        output,
        csv,
        sidecar,
    })
}

/// Runs the started `engine` into the `opened` output (after the rows of the run it
/// `continued`, if any), then writes what the run did: the summary, the sidecar, the files
/// under their final names; `start` is when the run began.
fn record(
    config: &RunConfig,
    opened: Opened,
    continued: Option<Continued>,
    engine: sudoku_engine::Started<'_>,
    start: Instant,
) -> Result<RunEnd> {
    let Opened {
        output,
        csv,
        mut sidecar,
    } = opened;
    let (done, continued, earlier) = match continued {
        Some(c) => (Some(c.done), Some(c.csv), c.summary),
        None => (None, None, Summary::new()),
    };
    let mut recorder = Recorder::new(csv, config, &output.running().csv, earlier);
    let mut report = engine.run(&mut recorder);
    let recorded = recorder.finish();
    count_in_file(&mut report, &recorded.unwritten, done.as_ref());
    sidecar.resumed_puzzles = done.as_ref().map_or(0, Done::count);
    // As the sidecar keeps it, so that the summary printed now reads as one made later;
    // the warm-up is not part of the run.
    let took = start.elapsed().saturating_sub(report.warmup);
    let seconds = (took.as_secs_f64() * 1e6).round() / 1e6;
    // A corpus cut short, edited or replaced while it was read: not a finished run.
    let changed = unchanged::changed_while_read(&config.plan.sources, &sidecar.corpus);
    let ended = ending(&report, &recorded, changed);
    fill_ending(&mut sidecar, &report, &recorded, &ended, seconds);
    let (mut summary, rows, state) = (recorded.summary, recorded.rows, ended.state);
    // As `sudoku-lab summary` reads it from the files.
    summary.apply_sidecar(&sidecar);
    let ending = output.finish(&sidecar, &summary.to_markdown(), continued.as_deref());
    failed_at_the_end(&mut summary, state, &ending);
    tell_what_was_written(config, &ending, &summary, rows, state);
    outcome(Whose::Run, ended, ending, &summary)
}

/// Whether the end of a run (or a merge) is reported on the terminal, its summary and what
/// it wrote: always, but under `-q` (`quiet`) for one that finished with every file written.
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

/// The exit of a run (or a merge: `whose`) that `ended` so, once putting its files in
/// place met `ending` (see [`Output::finish`]). Its files placed, only the summary file not
/// written, it finished: `the run finished, but its summary file could not be written: …`,
/// exit 1.
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
        (None, None) if state == State::Interrupted => Ok(RunEnd::Interrupted),
        (None, None) if summary.wrong() > 0 => Ok(RunEnd::Wrong),
        (None, None) => Ok(RunEnd::Finished),
    }
}

/// Makes the printed `summary` of a run that finished say that it failed when putting its
/// files in place then did (its CSV removed meanwhile, a rename refused), as its exit
/// status and its sidecar do. Only the summary file failed: the run finished.
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
fn count_in_file(report: &mut Report, unwritten: &HashMap<Arc<str>, u64>, done: Option<&Done>) {
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

/// Continues `earlier` (see [`mod@resume`]): its puzzles copied, `config` told to solve
/// only the others, the sidecar told the date and command of the run's start and each
/// resumption, and written before the copy, so that a run killed while it copies leaves
/// its rows beside a sidecar, for the next `--resume`.
fn continue_run(
    config: &mut RunConfig,
    opened: &mut Opened,
    earlier: Resumed,
) -> Result<Continued> {
    let Opened {
        output,
        csv,
        sidecar,
    } = opened;
    ui::note(format!(
        "--resume: continuing {} ({} puzzles kept, the others solved now)",
        earlier.csv.display(),
        earlier.done.count()
    ));
    config.plan.select.done.clone_from(&earlier.done.puzzles);
    let now = Resumption {
        date: now(),
        command: std::mem::replace(&mut sidecar.command, earlier.earlier.command.clone()),
        shard: None,
    };
    sidecar.date.clone_from(&earlier.earlier.date);
    sidecar.resumed = earlier.earlier.resumed.clone();
    sidecar.resumed.push(now);
    output.write_sidecar(sidecar)?;
    let summary = earlier.copy_into(csv)?;
    Ok(Continued {
        csv: earlier.csv,
        done: earlier.done,
        summary,
    })
}

/// What the sidecar says before the run starts (state `running`).
fn sidecar_at_start(config: &RunConfig) -> Sidecar {
    let (select, timing) = (&config.plan.select, &config.plan.timing);
    let cmd = config.budgets.iter().any(|b| b.command.is_some());
    let names = corpus_names(&config.plan.sources);
    let corpus = names.into_iter().zip(&config.plan.sources);
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
        permute: select.permute,
        shard: select.shard.map(|s| ShardEntry { k: s.k, n: s.n }),
        warmup: timing.warmup.map(|d| d.as_secs_f64()),
        pin: timing.pin.clone(),
        timeout: cmd.then_some(config.timeout.as_secs_f64()),
        state: State::Running.into(),
        solver: config.budgets.clone(),
        corpus: corpus
            .map(|(path, source)| CorpusEntry {
                path,
                fingerprint: unchanged::fingerprint(source),
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

/// What the sidecar says once the run is over: how it `ended`, what the engine's `report`
/// and the CSV `recorded` counted, in how many `seconds`.
fn fill_ending(
    sidecar: &mut Sidecar,
    report: &Report,
    recorded: &Recorded,
    ended: &Ended,
    seconds: f64,
) {
    let summary = &recorded.summary;
    sidecar.state = ended.state.into();
    sidecar.error.clone_from(&ended.error);
    sidecar.skipped.clone_from(&recorded.skipped);
    sidecar.notes.clone_from(&recorded.notes);
    sidecar.puzzles = report.puzzles;
    sidecar.rows = recorded.rows;
    sidecar.wrong = summary.wrong();
    sidecar.retimed = summary.retimed();
    sidecar.disturbed = summary.disturbed();
    let cost = sudoku_engine::timing_cost();
    sidecar.timing_check = cost.check.name().into();
    sidecar.timing_floor_ns = cost.floor_ns;
    sidecar.timing_cost_ns = (cost.per_solve_ns * 10.0).round() / 10.0;
    sidecar.seconds = seconds;
    // The engine's report gives a count per corpus of the run, in its order.
    for (entry, c) in sidecar.corpus.iter_mut().zip(&report.corpora) {
        entry.puzzles = c.puzzles;
        entry.malformed = c.malformed;
        entry.skipped = c.skipped;
    }
}

/// The summary, where the run's files are, and what became of an earlier result.
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
        ui::out(summary.to_text(config.view));
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

/// What the end of a run (or a merge) on `out` wrote: the CSV with its `rows` (`12 rows`,
/// `12 rows from 2 shards`), its summary and sidecar as far as they could be written.
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

/// How the run ended and the error that stopped it: the engine's, else the CSV's last
/// write's. A run that went to the end failed when it read no puzzle at all (its empty
/// files are not to replace an earlier result), when its solvers solve none of the sizes
/// read (unless it is a shard that read puzzles for the others: the merge has their rows),
/// and when its corpus `changed` while it was read.
fn ending(report: &Report, recorded: &Recorded, changed: Option<String>) -> Ended {
    let read = report.corpora.iter().any(|c| c.puzzles + c.skipped > 0);
    // The corpora's `skipped`: another shard's puzzles (see [`count_in_file`]).
    let other_shards = report.corpora.iter().any(|c| c.skipped > 0);
    let error = match (&report.end, &recorded.error) {
        (End::Failed(e), _) => Some(e.to_string()),
        (_, Some(e)) => Some(e.to_string()),
        (End::Interrupted, None) => {
            return Ended {
                state: State::Interrupted,
                error: None,
            }
        }
        (End::Finished, None) if !read => Some(NO_PUZZLE.into()),
        (End::Finished, None) if recorded.rows == 0 && report.puzzles > 0 && !other_shards => {
            Some(no_row(&recorded.skipped))
        }
        (End::Finished, None) => changed,
    };
    let state = if error.is_some() {
        State::Failed
    } else {
        State::Finished
    };
    Ended { state, error }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use sudoku_engine::{CorpusCount, EngineError};
    use sudoku_reports::sidecar::Skipped;

    use super::*;

    #[test]
    fn how_a_run_ended() {
        let recorded = |rows, error: Option<&str>| Recorded {
            rows,
            error: error.map(Into::into),
            skipped: vec![Skipped {
                solver: "bands".into(),
                size: "4x4".into(),
                puzzles: 3,
            }],
            ..Recorded::default()
        };
        let full = "r.csv: cannot write: full";
        let sink = || End::Failed(EngineError::Sink(full.into()));
        let no_row = no_row(&recorded(0, None).skipped);
        let changed = "the corpus changed while the run read it: c.txt";
        let (finished, interrupted, failed) = (State::Finished, State::Interrupted, State::Failed);
        #[rustfmt::skip]
        let cases = [
            (End::Finished, 3, 0, 6, None, None, finished, None),
            (End::Interrupted, 3, 0, 6, None, None, interrupted, None),
            // A write error after the interrupt: the run failed, saying why.
            (End::Interrupted, 3, 0, 6, Some(full), None, failed, Some(full)),
            (sink(), 1, 0, 2, None, None, failed, Some(full)),
            // Nothing read at all, or no row written: failed, not to replace an earlier
            // result; but a shard whose share held no puzzle its solvers solve finished.
            (End::Finished, 0, 0, 0, None, None, failed, Some(NO_PUZZLE)),
            (End::Finished, 3, 0, 0, None, None, failed, Some(no_row.as_str())),
            (End::Finished, 3, 5, 0, None, None, finished, None),
            // A corpus that changed while it was read: a finished run failed.
            (End::Finished, 3, 0, 6, None, Some(changed), failed, Some(changed)),
            (End::Interrupted, 3, 0, 6, None, Some(changed), interrupted, None),
        ];
        for (end, puzzles, skipped, rows, write, changed, state, error) in cases {
            let report = Report {
                end,
                puzzles,
                corpora: vec![CorpusCount {
                    name: "c.txt".into(),
                    puzzles,
                    malformed: 0,
                    skipped,
                }],
                warmup: Duration::ZERO,
            };
            let ended = ending(&report, &recorded(rows, write), changed.map(Into::into));
            let error = error.map(Into::into);
            assert_eq!(ended, Ended { state, error }, "{report:?} {rows} rows");
        }
    }

    /// A run whose files keep their running names says where the next run puts them (the
    /// other endings' wording is pinned by the tests of the binary).
    #[test]
    fn a_run_whose_files_were_not_placed_says_what_becomes_of_them() {
        let ending = Ending {
            files: RunFiles::beside(Path::new("r.csv")),
            kept: None,
            written: Written::Unplaced,
            error: None,
        };
        let unplaced = wrote(Path::new("r.csv"), &ending, "2 rows");
        assert!(
            unplaced.contains("moves them aside to r.killed.csv"),
            "{unplaced}"
        );
    }

    #[test]
    fn a_run_that_ended_says_how_by_its_exit() {
        use State::{Failed, Finished, Interrupted};
        use Written::{All, NoSummary, Unplaced};
        let said = "the merge finished, but its summary file could not be written: full";
        #[rustfmt::skip]
        let cases = [
            (Whose::Run, Finished, None, All, None, Ok(RunEnd::Finished)),
            (Whose::Run, Interrupted, None, All, None, Ok(RunEnd::Interrupted)),
            // The interrupt came first: the exit is the interrupt's.
            (Whose::Run, Interrupted, None, Unplaced, Some("full"), Ok(RunEnd::Interrupted)),
            (Whose::Merge, Failed, Some("no puzzle read"), All, None, Err("no puzzle read")),
            (Whose::Run, Failed, Some("cut"), Unplaced, Some("full"), Err("cut; then full")),
            (Whose::Merge, Finished, None, NoSummary, Some("full"), Err(said)),
        ];
        for (whose, state, error, written, then, exit) in cases {
            let ending = Ending {
                files: RunFiles::beside(Path::new("r.csv")),
                kept: None,
                written,
                error: then.map(|e| sudoku_reports::Error::Io(std::io::Error::other(e))),
            };
            let ended = Ended {
                state,
                error: error.map(Into::into),
            };
            let end = outcome(whose, ended, ending, &Summary::new());
            assert_eq!(end.map_err(|e| e.to_string()), exit.map_err(Into::into));
        }
    }
}
