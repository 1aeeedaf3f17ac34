//! `sudoku-lab bench`: the run configuration, then the engine, then the reports.

use std::sync::atomic::AtomicBool;
use std::time::{Instant, SystemTime};

use anyhow::{anyhow, Result};
use sudoku_engine::{corpus_names, End, Report};
use sudoku_reports::output::Ending;
use sudoku_reports::sidecar::{command_line, cpu_model, CorpusEntry};
use sudoku_reports::summary::Clock;
use sudoku_reports::{Output, RunFiles, Sidecar, State, Summary};

use crate::cli::BenchArgs;
use crate::config::RunConfig;
use crate::progress::Progress;
use crate::recorder::Recorder;
use crate::{ui, version, RunEnd};

/// Runs `bench`: see `sudoku-lab bench --help`. `interrupt` is the flag set by Ctrl-C or
/// SIGTERM.
///
/// The run writes beside its output and puts its files under their final names at the end
/// (see `sudoku_reports::output`): an earlier result is replaced only by a run that
/// finished.
pub fn bench(args: &BenchArgs, interrupt: &AtomicBool) -> Result<RunEnd> {
    let config = RunConfig::resolve(args)?;
    let start = Instant::now();
    let (output, csv) = Output::open(&config.files.csv)?;
    if let Some(aside) = output.moved_aside() {
        ui::note(format!(
            "an earlier run on {} was killed: its rows are now in {}",
            config.files.csv.display(),
            aside.csv.display()
        ));
    }
    let mut sidecar = sidecar_at_start(&config, output.running());
    if let Err(e) = sidecar.write(&output.running().sidecar) {
        output.discard();
        return Err(e.into());
    }
    crate::interrupt::writing(&output.running().csv);
    let progress = Progress::start(
        config.quiet,
        config.progress_every,
        &config.plan.sources,
        config.plan.first,
    );
    let mut recorder = Recorder::new(csv, &config, progress);
    let report = sudoku_engine::run(&config.plan, &mut recorder, interrupt);
    let (rows, write_error, mut summary) = recorder.finish();
    let seconds = (start.elapsed().as_secs_f64() * 1000.0).round() / 1000.0;
    let (state, error) = match (&report.end, &write_error) {
        (End::Failed(e), _) => (State::Failed, Some(e.to_string())),
        (_, Some(e)) => (State::Failed, Some(e.to_string())),
        (End::Interrupted, None) => (State::Interrupted, None),
        (End::Finished, None) => (State::Finished, None),
    };
    summary.state = (state != State::Finished).then_some(state);
    summary.error.clone_from(&error);
    summary.clock = Some(Clock {
        seconds,
        threads: config.plan.threads as u64,
        puzzles: report.puzzles,
    });
    sidecar.state = state;
    sidecar.error = error.clone();
    fill_ending(&mut sidecar, &report, &summary, rows, seconds);
    let ending = output.finish(&mut sidecar, &summary.to_markdown());
    ui::out(summary.to_text(config.view));
    tell_what_was_written(&config, &ending, &summary, rows, state);
    match (error, ending.error) {
        (Some(first), Some(then)) => Err(anyhow!("{first}; then {then}")),
        (Some(first), None) => Err(anyhow!(first)),
        (None, Some(then)) => Err(then.into()),
        (None, None) => Ok(run_end(state, report.puzzles, &summary)),
    }
}

/// What the sidecar says before the run starts (state `running`), written as `files`.
fn sidecar_at_start(config: &RunConfig, files: &RunFiles) -> Sidecar {
    Sidecar {
        command: command_line(),
        version: version::VERSION.into(),
        git_commit: version::GIT_COMMIT.into(),
        rustc: version::RUSTC.into(),
        cpu: cpu_model(),
        threads: config.plan.threads as u64,
        date: humantime::format_rfc3339_seconds(SystemTime::now()).to_string(),
        limit: config.limit,
        repeat: config.plan.repeat,
        strict: config.plan.strict,
        first: config.plan.first,
        csv: files.csv.display().to_string(),
        state: State::Running,
        solver: config.budgets.clone(),
        corpus: corpus_names(&config.plan.sources)
            .into_iter()
            .map(|path| CorpusEntry {
                path,
                ..CorpusEntry::default()
            })
            .collect(),
        ..Sidecar::default()
    }
}

/// What the sidecar says once the run is over.
fn fill_ending(sidecar: &mut Sidecar, report: &Report, summary: &Summary, rows: u64, seconds: f64) {
    sidecar.puzzles = report.puzzles;
    sidecar.rows = rows;
    sidecar.wrong = summary.wrong();
    sidecar.seconds = seconds;
    sidecar.notes = summary.notes().to_vec();
    sidecar.corpus = report
        .corpora
        .iter()
        .map(|c| CorpusEntry {
            path: c.name.to_string(),
            puzzles: c.puzzles,
            malformed: c.malformed,
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
    ui::plain(format!(
        "wrote {} ({rows} rows), {} and {}",
        files.csv.display(),
        files.summary.display(),
        files.sidecar.display()
    ));
    let asked = &config.files.csv;
    let kept = if files.csv != *asked && asked.exists() {
        format!(" ({} is as it was)", asked.display())
    } else {
        String::new()
    };
    match state {
        State::Interrupted => ui::plain(format!(
            "interrupted: {} holds every row completed before the interrupt{kept}",
            files.csv.display()
        )),
        State::Failed => ui::plain(format!(
            "stopped: the {rows} rows completed before the error are in {}{kept}",
            files.csv.display()
        )),
        _ if files.csv != *asked => ui::plain(format!(
            "the run's files keep the names they had while it ran{kept}"
        )),
        _ => {}
    }
    if summary.wrong() > 0 {
        ui::wrong(format!(
            "{} solution(s) failed their check (status wrong in {})",
            summary.wrong(),
            files.csv.display()
        ));
    }
}

/// How a run that did not fail ends.
fn run_end(state: State, puzzles: u64, summary: &Summary) -> RunEnd {
    if state == State::Interrupted {
        RunEnd::Interrupted
    } else if puzzles == 0 {
        ui::error("no puzzle read: every corpus was empty or malformed");
        RunEnd::NoPuzzles
    } else if summary.wrong() > 0 {
        RunEnd::Wrong
    } else {
        RunEnd::Finished
    }
}
