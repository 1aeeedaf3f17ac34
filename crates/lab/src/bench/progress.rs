//! The progress a person watches (see the book's "Checks, forecast and progress"). Its
//! total is counted on a thread of its own, for corpora that can be read twice: until then
//! the bar is a spinner. Without a bar the count waits (a quick benchmark needs none).

use std::io::IsTerminal;
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressState, ProgressStyle};
use sudoku_engine::{corpus_names, count_puzzles, Plan};

use crate::bench::forecast::Forecast;
use crate::cli::BenchArgs;
use crate::ui;

/// How progress is shown.
enum Mode {
    Bar(ProgressBar),
    Lines { every: Duration, last: Instant },
    Off,
}

/// Without a bar, the total is counted once the run has lasted this long.
pub const COUNT_AFTER: Duration = Duration::from_secs(2);

/// The progress of a run, and its forecast.
pub struct Progress {
    mode: Mode,
    start: Instant,
    done: u64,
    total: Option<u64>,
    /// The total, once counted (`None` in it: not countable); then disconnected.
    count: Receiver<Option<u64>>,
    forecast: Forecast,
}

/// The count of the puzzles the run of `plan` solves (its selection final); `None` when a
/// corpus cannot be read twice.
fn tally(plan: &Plan) -> impl FnOnce() -> Option<u64> + Send + 'static {
    let (sources, selection) = (plan.sources.clone(), plan.select.clone());
    let (names, first) = (corpus_names(&sources), plan.first.unwrap_or(u64::MAX));
    move || {
        let mut total = 0;
        for (source, name) in sources.iter().zip(&names) {
            if !source.rereadable() {
                return None;
            }
            total += count_puzzles(source.open().ok()?, name, &selection, first).ok()?;
        }
        Some(total)
    }
}

/// The bar's style, with or without a total.
fn bar_style(total_known: bool) -> ProgressStyle {
    let template = if total_known {
        "{spinner} {elapsed_precise} [{wide_bar}] {human_pos}/{human_len} puzzles, {rate}, eta {eta}"
    } else {
        "{spinner} {elapsed_precise} {human_pos} puzzles, {rate}"
    };
    ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key(
            "rate",
            |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.0} puzzles/s", state.per_sec());
            },
        )
}

impl Progress {
    /// Starts showing the progress of the run of `plan`: a bar on a terminal, else lines
    /// every `--progress-every` seconds, nothing under `-q`; the forecast looks at its pace.
    pub fn start(plan: &Plan, args: &BenchArgs) -> Progress {
        let now = Instant::now();
        let mode = match args.progress_every {
            _ if args.quiet.quiet => Mode::Off,
            _ if std::io::stderr().is_terminal() => {
                let bar = ProgressBar::new_spinner().with_style(bar_style(false));
                bar.enable_steady_tick(Duration::from_millis(200));
                ui::show_bar(&bar);
                Mode::Bar(bar)
            }
            0 => Mode::Off,
            every => Mode::Lines {
                every: Duration::from_secs(every),
                last: now,
            },
        };
        let (tx, count) = mpsc::channel();
        // At once for a bar; else half an interval before the first line, so that it has
        // the total, or after `COUNT_AFTER`.
        let after = match mode {
            Mode::Bar(_) => Duration::ZERO,
            Mode::Lines { every, .. } => (every / 2).min(COUNT_AFTER),
            Mode::Off => COUNT_AFTER,
        };
        let tally = tally(plan);
        std::thread::spawn(move || {
            std::thread::sleep(after);
            let _ = tx.send(tally());
        });
        Progress {
            mode,
            start: now,
            done: 0,
            total: None,
            count,
            forecast: Forecast::default(),
        }
    }

    /// One more puzzle done.
    pub fn inc(&mut self) {
        self.done += 1;
        if let Mode::Bar(bar) = &self.mode {
            bar.inc(1);
        }
    }

    /// Takes the total once counted, prints a line when due, lets the forecast look.
    pub fn tick(&mut self) {
        if let Ok(total) = self.count.try_recv() {
            self.total = total;
            if let (Mode::Bar(bar), Some(n)) = (&self.mode, total) {
                bar.set_length(n);
                bar.set_style(bar_style(true));
            }
        }
        if let Mode::Lines { every, last } = &mut self.mode {
            if last.elapsed() >= *every {
                *last = Instant::now();
                ui::plain(self.line());
            }
        }
        if let Some(warning) = self
            .forecast
            .due(self.done, self.total, self.start.elapsed())
        {
            ui::warning(warning);
        }
    }

    /// The plain progress line: done (of the total), rate, elapsed and time left.
    fn line(&self) -> String {
        let elapsed = self.start.elapsed().as_secs_f64();
        let (done, rate) = (self.done, self.done as f64 / elapsed.max(1e-9));
        let of = match self.total.filter(|&t| t > 0) {
            Some(t) => format!("of {t} puzzles ({:.1}%)", 100.0 * done as f64 / t as f64),
            None => "puzzles".into(),
        };
        let left = match self.total.filter(|&t| t > done && done > 0) {
            Some(t) => format!(", about {} left", human((t - done) as f64 / rate)),
            None => String::new(),
        };
        let elapsed = human(elapsed);
        format!("progress: {done} {of}, {rate:.0} puzzles/s, {elapsed} elapsed{left}")
    }

    /// Clears the bar.
    pub fn finish(&mut self) {
        if let Mode::Bar(_) = self.mode {
            ui::hide_bar();
        }
        self.mode = Mode::Off;
    }
}

/// A duration in seconds, readable: `42 s`, `12 min 5 s`, `29 h 12 min`.
pub fn human(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {} s", s / 60, s % 60),
        _ => format!("{} h {} min", s / 3600, s % 3600 / 60),
    }
}
