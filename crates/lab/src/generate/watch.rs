//! What a person watches while puzzles are made, as for `bench`; the workers report after
//! every attempt, so the attempts move while a rare target keeps one puzzle waiting.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressState, ProgressStyle};
use sudoku_generator::{OnProgress, Progress};
use sudoku_reports::wording::plural;

use crate::bench::progress::human;
use crate::ui;

/// How progress is shown.
enum Mode {
    Bar(ProgressBar),
    /// A line every so often, the last one's time held by the worker printing it.
    Lines(Duration, Mutex<Instant>),
    Off,
}

/// The progress of a run of the generator, fed from its workers.
pub struct Watch {
    mode: Mode,
    start: Instant,
    count: u64,
    done: AtomicU64,
    attempts: Arc<AtomicU64>,
}

impl Watch {
    /// Starts watching a run of `count` puzzles.
    pub fn start(quiet: bool, every: Option<Duration>, count: u64) -> Arc<Watch> {
        let (start, attempts) = (Instant::now(), Arc::new(AtomicU64::new(0)));
        let mode = match every {
            _ if quiet => Mode::Off,
            _ if std::io::stderr().is_terminal() => {
                let bar = ProgressBar::new(count).with_style(bar_style(Arc::clone(&attempts)));
                bar.enable_steady_tick(Duration::from_millis(200));
                ui::show_bar(&bar);
                Mode::Bar(bar)
            }
            Some(every) => Mode::Lines(every, Mutex::new(start)),
            None => Mode::Off,
        };
        let done = AtomicU64::new(0);
        Arc::new(Watch {
            mode,
            start,
            count,
            done,
            attempts,
        })
    }

    /// The callback the generator calls.
    pub fn callback(self: &Arc<Self>) -> Arc<OnProgress> {
        let watch = Arc::clone(self);
        Arc::new(move |p| watch.update(p))
    }

    pub fn attempts(&self) -> u64 {
        self.attempts.load(Relaxed)
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Takes in a worker's report (two workers' may arrive out of order: counts only grow).
    fn update(&self, p: Progress) {
        let done = self.done.fetch_max(p.done, Relaxed).max(p.done);
        self.attempts.fetch_max(p.attempts, Relaxed);
        match &self.mode {
            Mode::Bar(bar) => bar.set_position(done),
            // A worker that finds the lock taken leaves the line to the other one.
            Mode::Lines(every, last) => match last.try_lock() {
                Ok(mut last) if last.elapsed() >= *every => {
                    *last = Instant::now();
                    ui::plain(self.line());
                }
                _ => {}
            },
            Mode::Off => {}
        }
    }

    /// The plain progress line.
    fn line(&self) -> String {
        let (done, count) = (self.done.load(Relaxed), self.count);
        let elapsed = self.elapsed().as_secs_f64();
        let rate = done as f64 / elapsed.max(1e-9);
        let left = (done > 0 && done < count).then(|| human((count - done) as f64 / rate));
        let left = left.map_or(String::new(), |left| format!(", about {left} left"));
        let attempts = self.attempts();
        format!(
            "progress: {done} of {count} puzzle{} ({:.1}%), {attempts} attempt{}, {rate:.0} \
             puzzles/s, {} elapsed{left}",
            plural(count),
            100.0 * done as f64 / count.max(1) as f64,
            plural(attempts),
            human(elapsed)
        )
    }

    /// Clears the bar.
    pub fn finish(&self) {
        if let Mode::Bar(_) = self.mode {
            ui::hide_bar();
        }
    }
}

fn bar_style(attempts: Arc<AtomicU64>) -> ProgressStyle {
    let template = "{spinner} {elapsed_precise} [{wide_bar}] {human_pos}/{human_len} puzzles, \
                    {attempts}, {rate}, eta {eta}";
    let rate = |state: &ProgressState, w: &mut dyn std::fmt::Write| {
        let _ = write!(w, "{:.0} puzzles/s", state.per_sec());
    };
    let attempts = move |_: &ProgressState, w: &mut dyn std::fmt::Write| {
        let n = attempts.load(Relaxed);
        let _ = write!(w, "{n} attempt{}", plural(n));
    };
    (ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()))
        .with_key("rate", rate)
        .with_key("attempts", attempts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_gives_the_share_the_attempts_and_the_time_left() {
        let watch = Watch::start(true, None, 200);
        let report = |done, attempts| Progress {
            done,
            count: 200,
            attempts,
        };
        watch.update(report(50, 70));
        // An older report from another worker does not move the counts back.
        watch.update(report(49, 69));
        let line = watch.line();
        assert!(
            line.starts_with("progress: 50 of 200 puzzles (25.0%), 70 attempts, "),
            "{line}"
        );
        assert!(line.contains(" elapsed, about "), "{line}");
        // One puzzle, one attempt: each in the number it takes (it said "1 attempts").
        let one = Watch::start(true, None, 1);
        one.update(Progress {
            done: 0,
            count: 1,
            attempts: 1,
        });
        let line = one.line();
        assert!(
            line.starts_with("progress: 0 of 1 puzzle (0.0%), 1 attempt, "),
            "{line}"
        );
    }
}
