//! `sudoku-lab bench`: the run configuration, then the engine, then the reports.

use std::sync::atomic::AtomicBool;
use std::time::{Instant, SystemTime};

use anyhow::{anyhow, Result};
use sudoku_engine::{End, Report};
use sudoku_reports::sidecar::{command_line, cpu_model, CorpusEntry};
use sudoku_reports::summary::Clock;
use sudoku_reports::write::write_file;
use sudoku_reports::{CsvWriter, Sidecar, State, Summary};

use crate::cli::BenchArgs;
use crate::config::RunConfig;
use crate::progress::Progress;
use crate::recorder::Recorder;
use crate::resume;
use crate::{ui, version, RunEnd};

/// Runs `bench`: see `sudoku-lab bench --help`. `interrupt` is the flag set by Ctrl-C or
/// SIGTERM.
pub fn bench(args: &BenchArgs, interrupt: &AtomicBool) -> Result<RunEnd> {
    let mut config = RunConfig::resolve(args)?;
    let start = Instant::now();
    let mut sidecar = sidecar_at_start(&config);
    let resumed = match config.resume {
        true => resume::continue_run(&config.files.csv, &sidecar)?,
        false => None,
    };
    let csv = match &resumed {
        Some(r) => {
            config.plan.select.done.clone_from(&r.done.puzzles);
            sidecar.date.clone_from(&r.earlier.date);
            sidecar.resumed = r.earlier.resumed.clone();
            sidecar
                .resumed
                .push(format!("{} {}", now(), sidecar.command));
            sidecar.command.clone_from(&r.earlier.command);
            CsvWriter::append(&config.files.csv, r.done.rows)?
        }
        None => CsvWriter::create(&config.files.csv)?,
    };
    sidecar.write(&config.files.sidecar)?;
    let progress = Progress::start(
        config.quiet,
        config.progress_every,
        &config.plan.sources,
        config.plan.first,
    );
    let mut recorder = Recorder::new(csv, &config, progress);
    if let Some(r) = &resumed {
        recorder.count_earlier(r.summary.clone());
    }
    let mut report = sudoku_engine::run(&config.plan, &mut recorder, interrupt);
    let (rows, write_error, mut summary) = recorder.finish();
    if let Some(r) = &resumed {
        report.puzzles += r.done.count();
        for c in &mut report.corpora {
            let done = r.done.puzzles.get(&c.name).map_or(0, |s| s.len() as u64);
            c.skipped = c.skipped.saturating_sub(done);
            c.puzzles += done;
        }
    }
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
    sidecar.write(&config.files.sidecar)?;
    write_file(&config.files.summary, summary.to_markdown().as_bytes())?;
    print!("{}", summary.to_text(config.view));
    tell_what_was_written(&config, &summary, rows, state);
    if let Some(e) = error {
        return Err(anyhow!(e));
    }
    Ok(run_end(state, report.puzzles, &summary))
}

/// What the sidecar says before the run starts (state `running`).
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
        permute: config.method.permute,
        shard: config.method.shard.map(|s| s.to_string()),
        warmup: config.method.timing.warmup.map(|d| d.as_secs_f64()),
        pin: config.method.timing.pin.clone(),
        timeout: config
            .budgets
            .iter()
            .any(|b| b.command.is_some())
            .then_some(config.method.timeout.as_secs_f64()),
        csv: config.files.csv.display().to_string(),
        state: State::Running,
        solver: config.budgets.clone(),
        corpus: config
            .plan
            .sources
            .iter()
            .map(|s| CorpusEntry {
                path: s.name(),
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
    sidecar.seconds = seconds;
    sidecar.notes = summary.notes().to_vec();
    sidecar.corpus = report
        .corpora
        .iter()
        .map(|c| CorpusEntry {
            path: c.name.to_string(),
            puzzles: c.puzzles,
            malformed: c.malformed,
            skipped: c.skipped,
        })
        .collect();
}

fn tell_what_was_written(config: &RunConfig, summary: &Summary, rows: u64, state: State) {
    let files = &config.files;
    ui::plain(format!(
        "wrote {} ({rows} rows), {} and {}",
        files.csv.display(),
        files.summary.display(),
        files.sidecar.display()
    ));
    match state {
        State::Interrupted => ui::plain(format!(
            "interrupted: {} holds every row completed before the interrupt",
            files.csv.display()
        )),
        State::Failed => ui::plain(format!(
            "stopped: the {rows} rows completed before the error are in {}",
            files.csv.display()
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
