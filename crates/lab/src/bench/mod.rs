//! `sudoku-lab bench`: the arguments resolved ([`config`]), the engine run into the
//! [`recorder`], then the end of the run, which `merge` shares ([`close`]). What a user is
//! told of it is in the book ("bench", "What a stopped run leaves", "Shards, merge and
//! resume").

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

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant, SystemTime};

use anyhow::{anyhow, Result};
use sudoku_engine::{corpus_names, End, Report, Shard};
use sudoku_reports::done::Done;
use sudoku_reports::output::{Ending, Written};
use sudoku_reports::sidecar::{command_line, cpu_model, CorpusEntry, Resumption, ShardEntry};
use sudoku_reports::wording::{is_are, plural};
use sudoku_reports::{CsvWriter, Output, RunFiles, Sidecar, State, Summary, View};

use crate::bench::config::RunConfig;
use crate::bench::recorder::{Recorded, Recorder};
use crate::bench::skips::no_row;
use crate::cli::BenchArgs;
use crate::{ui, version, RunEnd};
use resume::{Earlier, Resumed};

/// Runs `bench` until done or `interrupt`ed.
pub fn bench(args: &BenchArgs, interrupt: &AtomicBool) -> Result<RunEnd> {
    let mut config = RunConfig::resolve(args)?;
    let start = Instant::now();
    let (output, mut csv) = open(&config.files.csv)?;
    let mut sidecar = sidecar_at_start(&config);
    let aside = output.moved_aside().map(|m| RunFiles::beside(&m.path));
    let earlier = (args.harness.resume)
        .then(|| resume::earlier_run(&config.files.csv, aside.as_ref(), &sidecar, &config.plan));
    let resumed = match earlier.transpose()? {
        None | Some(Earlier::None) => None,
        Some(Earlier::Finished) => {
            let csv = config.files.csv.display();
            ui::plain(format!(
                "--resume: {csv} is a finished run: nothing is left to do"
            ));
            return Ok(RunEnd::Finished);
        }
        Some(Earlier::Unfinished(r)) => Some(*r),
    };
    if let Some(r) = &resumed {
        continue_from(&mut config, &mut sidecar, r);
    }
    // Written before the rows are copied (see the book's "Resuming").
    output.write_sidecar(&sidecar)?;
    let earlier = match &resumed {
        Some(r) => r.copy_into(&mut csv)?,
        None => Summary::new(),
    };
    // What is left to solve is known once the earlier run is read: the threads start now.
    let engine = sudoku_engine::start(&config.plan, interrupt);
    let mut recorder = Recorder::new(csv, &config, earlier);
    let report = engine.run(&mut recorder);
    // The corpora read again while the CSV is made durable, which waits on the disk.
    let (recorded, changed) = std::thread::scope(|scope| {
        let check = || unchanged::changed_while_read(&config.plan.sources, &sidecar.corpus);
        let changed = scope.spawn(check);
        let recorded = recorder.finish();
        let changed = changed
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e));
        (recorded, changed)
    });
    let ended = ending(&report, &recorded, changed);
    // The warm-up is not part of the run.
    let took = start.elapsed().saturating_sub(report.warmup);
    let done = resumed.as_ref().map(|r| &r.done);
    fill_ending(&mut sidecar, &report, &recorded, done, took);
    let how = Close {
        quiet: args.quiet.quiet,
        view: if args.wide { View::Wide } else { View::Narrow },
        continued: resumed.as_ref().map(|r| r.csv.as_path()),
    };
    close(output, sidecar, recorded.summary, ended, &how)
}

/// Opens the output `out` of a run or a merge, saying where a killed one's rows went.
pub(crate) fn open(out: &Path) -> Result<(Output, CsvWriter)> {
    let (output, csv) = Output::open(out)?;
    if let Some(aside) = output.moved_aside() {
        let kept = aside.kept.as_deref();
        ui::moved_aside("run", out, "its rows are", &aside.path, kept);
    }
    Ok((output, csv))
}

/// Continues `earlier`: `config` told to solve only the puzzles it lacks, the `sidecar`
/// given the run's start and each resumption.
fn continue_from(config: &mut RunConfig, sidecar: &mut Sidecar, earlier: &Resumed) {
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
}

/// How a run (or a merge) ended, as its sidecar says.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Ended {
    Finished,
    Interrupted,
    /// Stopped by this error.
    Failed(String),
}

impl Ended {
    /// Failed with `error`, else finished.
    pub fn failed_if(error: Option<String>) -> Ended {
        error.map_or(Ended::Finished, Ended::Failed)
    }
}

/// How the end of a run or a merge is told: `quiet` (`-q`) says nothing of one that
/// finished with every file written; `continued`, the files a `--resume` continued.
pub(crate) struct Close<'a> {
    pub quiet: bool,
    pub view: View,
    pub continued: Option<&'a Path>,
}

/// Ends a run or a merge that `ended` so: its `sidecar` and `summary` written, its files
/// put in place ([`Output::finish`]), what it wrote said, and its exit.
pub(crate) fn close(
    output: Output,
    mut sidecar: Sidecar,
    mut summary: Summary,
    ended: Ended,
    how: &Close,
) -> Result<RunEnd> {
    (sidecar.state, sidecar.error) = match &ended {
        Ended::Finished => (State::Finished, None),
        Ended::Interrupted => (State::Interrupted, None),
        Ended::Failed(e) => (State::Failed, Some(e.clone())),
    };
    // As `sudoku-lab summary` reads it from the files.
    summary.apply_sidecar(&sidecar);
    let asked = output.target().csv.clone();
    let ending = output.finish(&sidecar, &summary.to_markdown(), how.continued);
    if let (Ended::Finished, Some(e), Written::Unplaced) = (&ended, &ending.error, ending.written) {
        // Its files not placed: it failed, as its exit status and its sidecar say.
        summary.state = Some(State::Failed);
        summary.error = Some(format!(
            "after its last row, as its files were put in place: {e}"
        ));
    }
    tell(how, &asked, &ending, &summary, &sidecar);
    outcome(ended, ending, &summary)
}

/// The exit of a run (or a merge) that `ended` so, once putting its files in place met
/// `ending`.
pub(crate) fn outcome(ended: Ended, ending: Ending, summary: &Summary) -> Result<RunEnd> {
    match (ended, ending.error) {
        // The interrupt came first: the exit is the interrupt's, the error is said.
        (Ended::Interrupted, Some(then)) => {
            ui::error(then);
            Ok(RunEnd::Interrupted)
        }
        (Ended::Failed(first), Some(then)) => Err(anyhow!("{first}; then {then}")),
        (Ended::Failed(first), None) => Err(anyhow!(first)),
        (Ended::Finished, Some(then)) => Err(then.into()),
        (Ended::Interrupted, None) => Ok(RunEnd::Interrupted),
        (Ended::Finished, None) if summary.wrong() > 0 => Ok(RunEnd::Wrong),
        (Ended::Finished, None) => Ok(RunEnd::Finished),
    }
}

/// What the sidecar says before the run starts (state `running`).
fn sidecar_at_start(config: &RunConfig) -> Sidecar {
    let (plan, timing, args) = (&config.plan, &config.plan.timing, config.args);
    let cmd = config.budgets.iter().any(|b| b.command.is_some());
    let corpus = corpus_names(&plan.sources).into_iter().zip(&plan.sources);
    Sidecar {
        command: command_line(),
        version: version::VERSION.into(),
        git_commit: version::GIT_COMMIT.into(),
        rustc: version::RUSTC.into(),
        cpu: cpu_model(),
        threads: plan.threads as u64,
        date: now(),
        limit: args.search.limit,
        repeat: plan.repeat,
        strict: plan.strict,
        first: plan.first,
        seed: Some(args.search.seed),
        permute: plan.select.permute,
        shard: (plan.select.shard).map(|Shard { k, n }| ShardEntry { k, n }),
        warmup: timing.warmup.map(|d| d.as_secs_f64()),
        pin: timing.pin.clone(),
        timeout: cmd.then_some(args.harness.timeout.limit.as_secs_f64()),
        state: State::Running,
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

/// What the sidecar says once the run is over, in how long it `took`: the puzzles in the
/// CSV, those the engine's `report` counted and those `done` before it, or after a failed
/// write those `recorded` read back.
fn fill_ending(
    sidecar: &mut Sidecar,
    report: &Report,
    recorded: &Recorded,
    done: Option<&Done>,
    took: Duration,
) {
    let summary = &recorded.summary;
    sidecar.skipped.clone_from(&recorded.skipped);
    sidecar.notes.clone_from(&recorded.notes);
    sidecar.resumed_puzzles = done.map_or(0, Done::count);
    sidecar.rows = recorded.rows;
    sidecar.wrong = summary.wrong();
    sidecar.retimed = summary.retimed();
    sidecar.disturbed = summary.disturbed();
    let cost = sudoku_engine::timing_cost();
    sidecar.timing_check = cost.check.name().into();
    sidecar.timing_floor_ns = cost.floor_ns;
    sidecar.timing_cost_ns = (cost.per_solve_ns * 10.0).round() / 10.0;
    // To the microsecond, so that the summary printed now reads as one made later.
    sidecar.seconds = (took.as_secs_f64() * 1e6).round() / 1e6;
    // The engine's report gives a count per corpus of the run, in its order; it counts
    // the puzzles done before as skipped.
    for (entry, c) in sidecar.corpus.iter_mut().zip(&report.corpora) {
        let done = (done.and_then(|d| d.puzzles.get(&c.name))).map_or(0, |s| s.len() as u64);
        entry.puzzles = match &recorded.in_file {
            Some(file) => file.get(&c.name).copied().unwrap_or(0),
            None => c.puzzles + done,
        };
        entry.malformed = c.malformed;
        entry.skipped = c.skipped.saturating_sub(done);
    }
    sidecar.puzzles = sidecar.corpus.iter().map(|e| e.puzzles).sum();
}

/// Tells the summary of a run on `asked` that ended as its `sidecar` says, where its files
/// are, and what became of an earlier result.
fn tell(how: &Close, asked: &Path, ending: &Ending, summary: &Summary, sidecar: &Sidecar) {
    let (files, rows) = (&ending.files, sidecar.rows);
    let s = plural(rows);
    let state = sidecar.state;
    if !how.quiet || state != State::Finished || ending.error.is_some() {
        let shards = match sidecar.merged_from.len() {
            0 => String::new(),
            n => format!(" from {n} shards"),
        };
        ui::out(summary.to_text(how.view));
        ui::plain(wrote(ending, &format!("{rows} row{s}{shards}")));
    }
    let kept = if files.csv != *asked && asked.exists() {
        format!(" ({} is as it was)", asked.display())
    } else {
        String::new()
    };
    let csv = files.csv.display();
    match state {
        State::Interrupted => ui::plain(format!(
            "interrupted: {csv} holds every row completed before the interrupt{kept}; the \
             same command with --resume continues it"
        )),
        State::Failed => ui::plain(format!(
            "stopped: the {rows} row{s} completed before the error {} in {csv}{kept}",
            is_are(rows)
        )),
        _ => {}
    }
    if let Some(earlier) = &ending.kept {
        ui::kept_earlier(&earlier.csv);
    }
}

/// What the end of a run (or a merge) wrote: the CSV with its `rows` (`12 rows`,
/// `12 rows from 2 shards`), its summary and sidecar as far as they could be written.
fn wrote(ending: &Ending, rows: &str) -> String {
    let files = &ending.files;
    let csv = files.csv.display();
    let sidecar = files.sidecar.display();
    match ending.written {
        Written::All => format!(
            "wrote {csv} ({rows}), {} and {sidecar}",
            files.summary.display()
        ),
        Written::NoSummary => format!(
            "wrote {csv} ({rows}) and {sidecar}, without a summary (see the error below; \
`sudoku-lab summary {csv}` prints it again)"
        ),
        Written::Unplaced => format!(
            "wrote {csv} ({rows}), without a summary; its files keep their running names, as \
a killed run's, and --resume continues them (see the error below)"
        ),
    }
}

/// How the run ended: the engine's error, else the CSV's; a run that went to the end
/// failed when it read no puzzle, when it wrote no row (unless it is a shard whose
/// puzzles were the others'), and when its corpus `changed` while it was read.
fn ending(report: &Report, recorded: &Recorded, changed: Option<String>) -> Ended {
    let read = report.corpora.iter().any(|c| c.puzzles + c.skipped > 0);
    // The corpora's `skipped`: another shard's puzzles, or those done before (with rows).
    let other_shards = report.corpora.iter().any(|c| c.skipped > 0);
    match (&report.end, &recorded.error) {
        (End::Failed(e), _) => Ended::Failed(e.to_string()),
        (_, Some(e)) => Ended::Failed(e.to_string()),
        (End::Interrupted, None) => Ended::Interrupted,
        (End::Finished, None) if !read => {
            Ended::Failed("no puzzle read: every corpus was empty or malformed".into())
        }
        (End::Finished, None) if recorded.rows == 0 && report.puzzles > 0 && !other_shards => {
            Ended::Failed(no_row(&recorded.skipped))
        }
        (End::Finished, None) => Ended::failed_if(changed),
    }
}

#[cfg(test)]
mod tests {
    use sudoku_engine::{CorpusCount, EngineError};

    use super::*;

    /// How a run ended, where the tests of the binary cannot tell it apart (a run that read
    /// nothing, wrote no row, or whose corpus changed: `tests/cli.rs`, `tests/identity.rs`).
    #[test]
    fn how_a_run_ended() {
        let full = "r.csv: cannot write: full";
        let changed = "the corpus changed while the run read it: c.txt";
        let failed = || Ended::Failed(full.into());
        let cases = [
            // A write error after the interrupt: the run failed, saying why.
            (End::Interrupted, Some(full), None, failed()),
            (
                End::Failed(EngineError::Sink(full.into())),
                None,
                None,
                failed(),
            ),
            // An interrupted run is not a finished one whose corpus changed.
            (End::Interrupted, None, Some(changed), Ended::Interrupted),
        ];
        for (end, write, changed, ended) in cases {
            let corpora = vec![CorpusCount {
                name: "c.txt".into(),
                puzzles: 3,
                ..CorpusCount::default()
            }];
            let warmup = Duration::ZERO;
            let report = Report {
                end,
                puzzles: 3,
                corpora,
                warmup,
            };
            let recorded = Recorded {
                rows: 6,
                error: write.map(Into::into),
                ..Recorded::default()
            };
            let said = ending(&report, &recorded, changed.map(Into::into));
            assert_eq!(said, ended, "{report:?}");
        }
    }

    /// The exit of a run, once its files are put in place; a run whose files keep their
    /// running names says so.
    #[test]
    fn a_run_that_ended_says_how_by_its_exit() {
        use Written::{All, Unplaced};
        let cut = || Ended::Failed("cut".into());
        let cases = [
            (cut(), All, None, Err("cut")),
            // The interrupt came first: the exit is the interrupt's.
            (
                Ended::Interrupted,
                Unplaced,
                Some("full"),
                Ok(RunEnd::Interrupted),
            ),
            (cut(), Unplaced, Some("full"), Err("cut; then full")),
        ];
        for (ended, written, then, exit) in cases {
            let ending = Ending {
                files: RunFiles::beside(Path::new("r.csv")),
                kept: None,
                written,
                error: then.map(|e| sudoku_reports::Error::Io(std::io::Error::other(e))),
            };
            let unplaced = wrote(&ending, "2 rows");
            let running = unplaced.contains("keep their running names, as a killed run's");
            assert_eq!(running, written == Unplaced, "{unplaced}");
            let end = outcome(ended, ending, &Summary::new());
            assert_eq!(end.map_err(|e| e.to_string()), exit.map_err(Into::into));
        }
    }
}
