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

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::sync::mpsc::{self, Receiver};
use std::sync::Arc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressState, ProgressStyle};
use sudoku_engine::{corpus_names, count_puzzles, Plan, Selection, Source};

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

/// Where the count of the total is.
enum Count {
    /// Not started: what it counts.
    Waiting(Tally),
    /// Counting on its thread.
    Running(Receiver<Option<u64>>),
    /// Known (`None`: not countable).
    Done,
}

/// The progress of a run, and its forecast.
pub struct Progress {
    mode: Mode,
    start: Instant,
    done: u64,
    total: Option<u64>,
    count: Count,
    forecast: Forecast,
}

/// What the total of a run counts: its corpora (and the names the run gives them, which
/// its selection goes by), `--first`, and which of their puzzles it solves.
#[derive(Clone)]
pub struct Tally {
    sources: Vec<Source>,
    names: Vec<String>,
    first: Option<u64>,
    selection: Arc<Selection>,
}

impl Tally {
    /// What the run of `plan` solves: its corpora's puzzles (each capped at `--first`) that
    /// its selection keeps (`--shard`'s share, less those `--resume` copied).
    pub fn of(plan: &Plan) -> Tally {
        Tally {
            sources: plan.sources.clone(),
            names: corpus_names(&plan.sources),
            first: plan.first,
            selection: Arc::new(plan.select.clone()),
        }
    }

    /// Counts the puzzles the run solves (each corpus's first `first`, read as the run
    /// reads them: see [`count_puzzles`]; those the selection keeps: see
    /// [`Selection::kept_below`]), or `None` when a corpus cannot be read twice.
    pub fn count(&self) -> Option<u64> {
        let mut total = 0;
        for (source, name) in self.sources.iter().zip(&self.names) {
            if !source.rereadable() {
                return None;
            }
            let reader = source.open().ok()?;
            let puzzles = count_puzzles(reader, self.first.unwrap_or(u64::MAX)).ok()?;
            total += self.selection.kept_below(name, puzzles);
        }
        Some(total)
    }
}

/// [`Tally::count`] on a thread of its own.
fn count_in_background(tally: Tally) -> Receiver<Option<u64>> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(tally.count());
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
    /// Starts showing the progress of the run of `plan` (its selection final: see
    /// [`Tally::of`]): a bar when stderr is a terminal, lines every `every` otherwise,
    /// nothing when `quiet`; the `forecast` looks at its pace.
    pub fn start(
        quiet: bool,
        every: Option<Duration>,
        plan: &Plan,
        forecast: Forecast,
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
        let tally = Tally::of(plan);
        let count = if matches!(mode, Mode::Bar(_)) {
            Count::Running(count_in_background(tally))
        } else {
            Count::Waiting(tally)
        };
        Progress {
            mode,
            start: now,
            done: 0,
            total: None,
            count,
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

    /// Counts the total when it is time, takes it when it is counted; prints a line when
    /// one is due; lets the forecast look at the pace.
    pub fn tick(&mut self) {
        let elapsed = self.start.elapsed();
        match &self.count {
            Count::Waiting(tally) if elapsed >= self.count_after() => {
                self.count = Count::Running(count_in_background(tally.clone()));
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
        self.forecast.check(self.done, self.total, elapsed);
    }

    /// The plain progress line: done (of the total), rate, elapsed and time left.
    fn line(&self) -> String {
        let elapsed = self.start.elapsed().as_secs_f64();
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
pub(crate) mod tests {
    use std::path::Path;

    use sudoku_engine::Shard;

    use super::*;

    #[test]
    fn durations_read_well() {
        assert_eq!(human(41.6), "42 s");
        assert_eq!(human(725.0), "12 min 5 s");
        assert_eq!(human(29.0 * 3600.0 + 12.0 * 60.0), "29 h 12 min");
    }

    pub(crate) fn quiet(plan: &Plan) -> Progress {
        Progress::start(true, None, plan, Forecast::new(&[], true))
    }

    /// A plan over a corpus of `puzzles` lines (each a puzzle) in `dir`, as `--shard 1/2`
    /// after an earlier run (`--resume`) solved `done` puzzles of the share, capped at
    /// `first`.
    pub(crate) fn share_of(dir: &Path, puzzles: usize, done: usize, first: Option<u64>) -> Plan {
        let corpus = dir.join("c.txt");
        std::fs::write(
            &corpus,
            format!("{}\n", sudoku_testkit::seeds::POLISH).repeat(puzzles),
        )
        .unwrap();
        let source = Source::File(corpus);
        let shard = Shard::new(1, 2).unwrap();
        let name = source.name();
        let solved = (0..)
            .filter(|&i| shard.contains(&name, i))
            .take(done)
            .collect();
        Plan {
            sources: vec![source],
            first,
            select: Selection {
                shard: Some(shard),
                done: [(Arc::from(name), solved)].into(),
                permute: None,
            },
            ..Plan::default()
        }
    }

    /// The total is the puzzles the run solves: a shard's share (20 of 40), less those an
    /// earlier run solved (4 of them, copied by `--resume`), under `--first` those of the
    /// share among the first (5 of 10, less the 4); a line gives the share done and the
    /// time left.
    #[test]
    fn the_total_is_the_share_left_to_solve() {
        let dir = tempfile::tempdir().unwrap();
        let count = |done, first| Tally::of(&share_of(dir.path(), 40, done, first)).count();
        assert_eq!(count(0, None), Some(20));
        assert_eq!(count(4, None), Some(16));
        assert_eq!(count(4, Some(10)), Some(1));
        let plan = share_of(dir.path(), 40, 4, None);
        let mut p = quiet(&plan);
        p.count = Count::Running(count_in_background(Tally::of(&plan)));
        while matches!(p.count, Count::Running(_)) {
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

    /// The total counts puzzles, not lines: a corpus's header, comments and malformed
    /// lines are none, and `--first` caps its puzzles. It counted the lines that may hold
    /// a puzzle (6 here, 4 under `--first 4`), and the bar ended short of its total.
    #[test]
    fn the_total_counts_puzzles_not_lines() {
        let dir = tempfile::tempdir().unwrap();
        let corpus = dir.path().join("c.csv");
        let polish = sudoku_testkit::seeds::POLISH;
        let text = format!("quizzes\n# a comment\n{polish}\nnot a puzzle\n{polish}\nx\n{polish}\n");
        std::fs::write(&corpus, text).unwrap();
        let count = |first| {
            let plan = Plan {
                sources: vec![Source::File(corpus.clone())],
                first,
                ..Plan::default()
            };
            Tally::of(&plan).count()
        };
        assert_eq!(count(None), Some(3));
        assert_eq!(count(Some(2)), Some(2));
        assert_eq!(count(Some(4)), Some(3));
    }

    #[test]
    fn the_total_is_counted_half_an_interval_before_the_first_line() {
        let lines = |every| {
            let mut p = quiet(&Plan::default());
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
