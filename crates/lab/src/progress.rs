//! The progress a person watches: a bar on a terminal (its rate rounded), a plain line every
//! few seconds otherwise (a cluster job, CI), nothing with `--quiet`.
//!
//! The total is counted on a thread of its own, only for corpora that can be read twice
//! (regular files, the built-in seeds) and capped by `--first`: until it is known the bar is a
//! spinner, and a run over stdin never has one. Without a bar the count waits for the run to
//! last [`COUNT_AFTER`] (the forecast needs it, a quick benchmark does not), or for half the
//! interval between progress lines if that comes sooner, so that the first line has it.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressState, ProgressStyle};
use sudoku_engine::{count_candidates, Source};

use crate::ui;

/// How progress is shown.
enum Mode {
    Bar(ProgressBar),
    Lines { every: Duration, last: Instant },
    Off,
}

/// Without a bar, the total is counted once the run has lasted this long.
pub const COUNT_AFTER: Duration = Duration::from_secs(2);

/// Where the count of the total is.
enum Count {
    /// Not started: the corpora and `--first`.
    Waiting(Vec<Source>, Option<u64>),
    /// Counting on its thread.
    Running(Receiver<Option<u64>>),
    /// Known (`None`: not countable).
    Done,
}

/// The progress of a run.
pub struct Progress {
    mode: Mode,
    start: Instant,
    done: u64,
    total: Option<u64>,
    count: Count,
}

/// Counts the puzzles of `sources` on a thread of its own: an upper bound (lines that may
/// hold a puzzle, each corpus capped at `first`), or `None` when a corpus cannot be read
/// twice.
fn count_in_background(sources: &[Source], first: Option<u64>) -> Receiver<Option<u64>> {
    let (tx, rx) = mpsc::channel();
    let sources = sources.to_vec();
    std::thread::spawn(move || {
        let mut total = 0;
        for source in &sources {
            if !source.rereadable() {
                let _ = tx.send(None);
                return;
            }
            let count = source
                .open()
                .ok()
                .and_then(|reader| count_candidates(reader, first.unwrap_or(u64::MAX)).ok());
            let Some(count) = count else {
                let _ = tx.send(None);
                return;
            };
            total += count;
        }
        let _ = tx.send(Some(total));
    });
    rx
}

fn rate_key(state: &ProgressState, w: &mut dyn std::fmt::Write) {
    let _ = write!(w, "{:.0} puzzles/s", state.per_sec());
}

fn bar_style(total_known: bool) -> ProgressStyle {
    let template = if total_known {
        "{spinner} {elapsed_precise} [{wide_bar}] {human_pos}/{human_len} puzzles, {rate}, eta {eta}"
    } else {
        "{spinner} {elapsed_precise} {human_pos} puzzles, {rate}"
    };
    ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key("rate", rate_key)
}

impl Progress {
    /// Starts showing the progress of a run over `sources`: a bar when stderr is a
    /// terminal, lines every `every` otherwise, nothing when `quiet`.
    pub fn start(
        quiet: bool,
        every: Option<Duration>,
        sources: &[Source],
        first: Option<u64>,
    ) -> Progress {
        let now = Instant::now();
        let mode = if quiet {
            Mode::Off
        } else if std::io::stderr().is_terminal() {
            let bar = ProgressBar::new_spinner().with_style(bar_style(false));
            bar.enable_steady_tick(Duration::from_millis(200));
            ui::show_bar(&bar);
            Mode::Bar(bar)
        } else {
            match every {
                Some(every) => Mode::Lines { every, last: now },
                None => Mode::Off,
            }
        };
        let count = if matches!(mode, Mode::Bar(_)) {
            Count::Running(count_in_background(sources, first))
        } else {
            Count::Waiting(sources.to_vec(), first)
        };
        Progress {
            mode,
            start: now,
            done: 0,
            total: None,
            count,
        }
    }

    /// One more puzzle done.
    pub fn inc(&mut self) {
        self.done += 1;
        if let Mode::Bar(bar) = &self.mode {
            bar.inc(1);
        }
    }

    /// Puzzles done.
    pub fn done(&self) -> u64 {
        self.done
    }

    /// Puzzles in all, once counted.
    pub fn total(&self) -> Option<u64> {
        self.total
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Counts the total when it is time, takes it when it is counted; prints a line when
    /// one is due.
    pub fn tick(&mut self) {
        match &self.count {
            Count::Waiting(sources, first) if self.elapsed() >= self.count_after() => {
                self.count = Count::Running(count_in_background(sources, *first));
            }
            Count::Running(rx) => {
                if let Ok(total) = rx.try_recv() {
                    self.count = Count::Done;
                    self.total = total;
                    if let (Mode::Bar(bar), Some(n)) = (&self.mode, total) {
                        bar.set_length(n);
                        bar.set_style(bar_style(true));
                    }
                }
            }
            _ => {}
        }
        if let Mode::Lines { every, last } = &mut self.mode {
            if last.elapsed() >= *every {
                *last = Instant::now();
                ui::plain(self.line());
            }
        }
    }

    /// The plain progress line: done (of the total), rate, elapsed and time left.
    fn line(&self) -> String {
        let elapsed = self.elapsed().as_secs_f64();
        let rate = self.done as f64 / elapsed.max(1e-9);
        let mut line = format!("progress: {} ", self.done);
        if let Some(total) = self.total.filter(|&t| t > 0) {
            let _ = write!(
                line,
                "of {total} puzzles ({:.1}%)",
                100.0 * self.done as f64 / total as f64
            );
        } else {
            line.push_str("puzzles");
        }
        let _ = write!(line, ", {rate:.0} puzzles/s, {} elapsed", human(elapsed));
        if let Some(total) = self.total.filter(|&t| t > self.done && self.done > 0) {
            let _ = write!(
                line,
                ", about {} left",
                human((total - self.done) as f64 / rate)
            );
        }
        line
    }

    /// When to count the total without a bar: after [`COUNT_AFTER`], or half an interval
    /// before the first progress line, so that the line has it (a run that ends before a
    /// second line still shows its total once).
    fn count_after(&self) -> Duration {
        match self.mode {
            Mode::Lines { every, .. } => (every / 2).min(COUNT_AFTER),
            _ => COUNT_AFTER,
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_well() {
        assert_eq!(human(41.6), "42 s");
        assert_eq!(human(725.0), "12 min 5 s");
        assert_eq!(human(29.0 * 3600.0 + 12.0 * 60.0), "29 h 12 min");
    }

    #[test]
    fn a_line_gives_the_share_and_the_time_left() {
        let (tx, rx) = mpsc::channel();
        tx.send(Some(1000)).unwrap();
        let mut p = Progress::start(true, None, &[], None);
        p.count = Count::Running(rx);
        p.tick();
        for _ in 0..250 {
            p.inc();
        }
        let line = p.line();
        assert!(
            line.starts_with("progress: 250 of 1000 puzzles (25.0%), "),
            "{line}"
        );
        assert!(line.contains(" elapsed, about "), "{line}");
    }

    #[test]
    fn the_total_is_counted_half_an_interval_before_the_first_line() {
        let lines = |every| {
            let mut p = Progress::start(true, None, &[], None);
            p.mode = Mode::Lines {
                every,
                last: Instant::now(),
            };
            p.count_after()
        };
        assert_eq!(lines(Duration::from_secs(1)), Duration::from_millis(500));
        assert_eq!(lines(Duration::from_secs(60)), COUNT_AFTER);
    }
}
