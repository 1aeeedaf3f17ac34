//! The progress a person watches: a bar on a terminal (its rate rounded), a plain line every
//! few seconds otherwise (a cluster job, CI), nothing with `--quiet`.
//!
//! The total is the puzzles this run solves: a shard's share of them (`--shard`), less
//! those an earlier run solved (`--resume`, copied, not solved again). It is counted on a
//! thread of its own, only for corpora that can be read twice (regular files, the built-in
//! seeds) and capped by `--first`: until it is known the bar is a spinner, and a run over
//! stdin never has one. Without a bar the count waits for the run to
//! last [`COUNT_AFTER`] (the forecast needs it, a quick benchmark does not), or for half the
//! interval between progress lines if that comes sooner, so that the first line has it.

use std::io::IsTerminal;
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressState, ProgressStyle};
use sudoku_engine::{corpus_names, count_puzzles, Plan};

use sudoku_results::Row;

use crate::bench::forecast::Forecast;
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
    /// The total, until it is counted (`None` in it: not countable).
    count: Option<Receiver<Option<u64>>>,
    forecast: Forecast,
}

/// The count of what the run of `plan` solves (its selection final): its corpora's puzzles,
/// each capped at `--first` and read as the run reads them (see [`count_puzzles`]), that
/// its selection keeps (`--shard`'s share, less those `--resume` copied: see
/// [`sudoku_engine::Selection::kept_below`]); `None` when a corpus cannot be read twice.
fn tally(plan: &Plan) -> impl FnOnce() -> Option<u64> + Send + 'static {
    let (sources, selection) = (plan.sources.clone(), plan.select.clone());
    let (names, first) = (corpus_names(&sources), plan.first.unwrap_or(u64::MAX));
    move || {
        let mut total = 0;
        for (source, name) in sources.iter().zip(&names) {
            if !source.rereadable() {
                return None;
            }
            let puzzles = count_puzzles(source.open().ok()?, first).ok()?;
            total += selection.kept_below(name, puzzles);
        }
        Some(total)
    }
}

/// `count` on a thread of its own, `after` a while.
fn count_in_background(
    count: impl FnOnce() -> Option<u64> + Send + 'static,
    after: Duration,
) -> Receiver<Option<u64>> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        std::thread::sleep(after);
        let _ = tx.send(count());
    });
    rx
}

/// When to count the total: at once for a bar; without one after [`COUNT_AFTER`], or half
/// an interval before the first progress line, so that the line has it (a run that ends
/// before a second line still shows its total once).
fn count_after(mode: &Mode) -> Duration {
    match *mode {
        Mode::Bar(_) => Duration::ZERO,
        Mode::Lines { every, .. } => (every / 2).min(COUNT_AFTER),
        Mode::Off => COUNT_AFTER,
    }
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
    /// Starts showing the progress of the run of `plan` (its selection final: see
    /// [`tally`]): a bar when stderr is a terminal, lines every `every` otherwise,
    /// nothing when `quiet`; the `forecast` looks at its pace.
    pub fn start(
        quiet: bool,
        every: Option<Duration>,
        plan: &Plan,
        forecast: Forecast,
    ) -> Progress {
        let now = Instant::now();
        let mode = match every {
            _ if quiet => Mode::Off,
            _ if std::io::stderr().is_terminal() => {
                let bar = ProgressBar::new_spinner().with_style(bar_style(false));
                bar.enable_steady_tick(Duration::from_millis(200));
                ui::show_bar(&bar);
                Mode::Bar(bar)
            }
            Some(every) => Mode::Lines { every, last: now },
            None => Mode::Off,
        };
        let count = count_in_background(tally(plan), count_after(&mode));
        Progress {
            mode,
            start: now,
            done: 0,
            total: None,
            count: Some(count),
            forecast,
        }
    }

    /// One more puzzle done, its `rows` solved.
    pub fn inc(&mut self, rows: &[Row]) {
        self.done += 1;
        self.forecast.count(rows);
        if let Mode::Bar(bar) = &self.mode {
            bar.inc(1);
        }
    }

    /// Takes the total once it is counted; prints a line when one is due; lets the
    /// forecast look at the pace.
    pub fn tick(&mut self) {
        if let Some(Ok(total)) = self.count.as_ref().map(Receiver::try_recv) {
            self.count = None;
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

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::sync::Arc;

    use sudoku_engine::{Selection, Shard, Source};

    use super::*;

    #[test]
    fn durations_read_well() {
        assert_eq!(human(41.6), "42 s");
        assert_eq!(human(725.0), "12 min 5 s");
        assert_eq!(human(29.0 * 3600.0 + 12.0 * 60.0), "29 h 12 min");
    }

    fn quiet(plan: &Plan) -> Progress {
        Progress::start(true, None, plan, Forecast::new(&[], true))
    }

    /// A plan over `name` in `dir`, holding `text`, as `--shard 1/2` when `shard`, after an
    /// earlier run (`--resume`) solved `done` of its puzzles, capped at `first`.
    fn plan(
        dir: &Path,
        name: &str,
        text: &str,
        shard: bool,
        done: usize,
        first: Option<u64>,
    ) -> Plan {
        std::fs::write(dir.join(name), text).unwrap();
        let source = Source::File(dir.join(name));
        let shard = shard.then(|| Shard::new(1, 2).unwrap());
        let name = source.name();
        let kept = |&i: &u64| shard.is_none_or(|s| s.contains(&name, i));
        let solved = (0..).filter(kept).take(done).collect();
        Plan {
            sources: vec![source],
            first,
            select: Selection {
                shard,
                done: [(Arc::from(name), solved)].into(),
                permute: None,
            },
            ..Plan::default()
        }
    }

    /// The total is the puzzles the run solves: not the lines (a corpus's header, comments
    /// and malformed lines are none), `--first` capping them; of a shard's share (20 of 40),
    /// less those an earlier run solved (4 of them, copied by `--resume`), under `--first`
    /// those of the share among the first (5 of 10, less the 4). A line gives the share
    /// done and the time left.
    #[test]
    fn the_total_is_what_the_run_solves() {
        let dir = tempfile::tempdir().unwrap();
        let polish = sudoku_testkit::seeds::POLISH;
        let mixed =
            format!("quizzes\n# a comment\n{polish}\nnot a puzzle\n{polish}\nx\n{polish}\n");
        let forty = format!("{polish}\n").repeat(40);
        let share = |done, first| plan(dir.path(), "c.txt", &forty, true, done, first);
        for (plan, total) in [
            (plan(dir.path(), "c.csv", &mixed, false, 0, None), 3),
            (plan(dir.path(), "c.csv", &mixed, false, 0, Some(2)), 2),
            (plan(dir.path(), "c.csv", &mixed, false, 0, Some(4)), 3),
            (share(0, None), 20),
            (share(4, None), 16),
            (share(4, Some(10)), 1),
        ] {
            assert_eq!(tally(&plan)(), Some(total), "{:?}", plan.first);
        }
        let plan = share(4, None);
        let mut p = quiet(&plan);
        p.count = Some(count_in_background(tally(&plan), Duration::ZERO));
        while p.count.is_some() {
            p.tick();
        }
        for _ in 0..4 {
            p.inc(&[]);
        }
        let line = p.line();
        assert!(
            line.starts_with("progress: 4 of 16 puzzles (25.0%), "),
            "{line}"
        );
        assert!(line.contains(" elapsed, about "), "{line}");
    }

    #[test]
    fn the_total_is_counted_half_an_interval_before_the_first_line() {
        let lines = |every| {
            count_after(&Mode::Lines {
                every,
                last: Instant::now(),
            })
        };
        assert_eq!(lines(Duration::from_secs(1)), Duration::from_millis(500));
        assert_eq!(lines(Duration::from_secs(60)), COUNT_AFTER);
    }
}
