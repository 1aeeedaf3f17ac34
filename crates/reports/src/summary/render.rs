//! The summary as a table: which columns, their headers and cells, aligned text or Markdown,
//! and the notes below it.

use std::fmt::Write as _;

use sudoku_results::format_time;

use super::names::{cut_middle, short_names};
use super::{Clock, Group, Stats, Summary, Times};
use crate::sidecar::ShardEntry;
use crate::wording::{is_are, plural};

/// Which columns a text table shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// The columns a person reads first, corpora by their short name, within 100 columns.
    Narrow,
    /// Every column, corpora by their path.
    Wide,
}

/// The widest a narrow table may be.
pub const NARROW_WIDTH: usize = 100;
/// The narrowest the corpus column of a narrow table gets.
const MIN_CORPUS_WIDTH: usize = 8;

/// What a cell is made of: a group's counts, the figures of its times, the view.
struct Cell<'a> {
    stats: &'a Stats,
    times: &'a Times,
    view: View,
}

/// One numeric column: its headers (narrow and wide), when it shows (always, or when a
/// group has rows of its kind: 2+ solutions, unknown statuses, timeouts, crashes), and its
/// cell.
struct Column {
    narrow: Option<&'static str>,
    wide: &'static str,
    when: Option<fn(&Stats) -> bool>,
    cell: fn(&Cell<'_>) -> String,
}

/// A figure, `-` without one.
fn or_dash<T>(v: Option<T>, shown: impl FnOnce(T) -> String) -> String {
    v.map_or_else(|| "-".to_string(), shown)
}

/// A time figure ([`format_time`]), `-` without one.
fn time(ns: Option<u64>) -> String {
    or_dash(ns, |ns| format_time(ns as f64))
}

/// A rate: one decimal below 100 per second, none above.
fn rate(r: f64) -> String {
    if r < 100.0 {
        format!("{r:.1}")
    } else {
        format!("{r:.0}")
    }
}

/// A count in at most 5 characters in the narrow view (`8.08M`, `123k`), else one decimal.
fn compact(v: f64, view: View) -> String {
    if view == View::Wide || v < 100_000.0 {
        return decimal(v, view);
    }
    let (scaled, unit) = if v < 1e6 {
        (v / 1e3, "k")
    } else if v < 1e9 {
        (v / 1e6, "M")
    } else {
        (v / 1e9, "G")
    };
    match scaled {
        s if s < 10.0 => format!("{s:.2}{unit}"),
        s if s < 100.0 => format!("{s:.1}{unit}"),
        s => format!("{s:.0}{unit}"),
    }
}

/// One decimal; none from 1000 up in the narrow view.
fn decimal(v: f64, view: View) -> String {
    if view == View::Narrow && v >= 1000.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.1}")
    }
}

/// A column: its narrow header (`None`: wide view only), its wide header, when it shows,
/// its cell.
const fn col(
    narrow: Option<&'static str>,
    wide: &'static str,
    when: Option<fn(&Stats) -> bool>,
    cell: fn(&Cell<'_>) -> String,
) -> Column {
    Column {
        narrow,
        wide,
        when,
        cell,
    }
}

/// A column shown whatever the rows.
const ALWAYS: Option<fn(&Stats) -> bool> = None;

#[rustfmt::skip]
const COLUMNS: &[Column] = &[
    col(Some("puzzles"), "puzzles", ALWAYS, |c| c.stats.puzzles.to_string()),
    col(None, "solved", ALWAYS, |c| c.stats.solved.to_string()),
    col(Some("none"), "no solution", ALWAYS, |c| c.stats.no_solution.to_string()),
    col(Some("budget"), "budget exhausted", ALWAYS, |c| c.stats.budget_exhausted.to_string()),
    col(Some("wrong"), "wrong", ALWAYS, |c| match (c.stats.wrong, c.view) {
        (0, _) | (_, View::Narrow) => c.stats.wrong.to_string(),
        (n, View::Wide) => format!("{n} WRONG"),
    }),
    col(Some("2+ sol"), "2+ solutions", Some(|s| s.max_limit >= 2), |c| c.stats.several_solutions.to_string()),
    col(Some("unknown"), "unknown status", Some(|s| s.unknown > 0), |c| c.stats.unknown.to_string()),
    col(Some("timeout"), "timeout", Some(|s| s.timeout > 0), |c| c.stats.timeout.to_string()),
    col(Some("crashed"), "crashed", Some(|s| s.crashed > 0), |c| c.stats.crashed.to_string()),
    col(Some("median"), "median", ALWAYS, |c| time(c.times.median())),
    col(Some("MAD"), "MAD", ALWAYS, |c| time(c.times.mad())),
    col(None, "mean", ALWAYS, |c| or_dash(c.stats.mean_time(), format_time)),
    col(None, "p90", ALWAYS, |c| time(c.times.percentile(90.0))),
    col(None, "p99", ALWAYS, |c| time(c.times.percentile(99.0))),
    col(None, "max", ALWAYS, |c| time(c.stats.max_time())),
    col(None, "re-timed", ALWAYS, |c| c.stats.retimed.to_string()),
    col(None, "disturbed", ALWAYS, |c| c.stats.disturbed.to_string()),
    col(Some("core/s"), "puzzles/s per core", ALWAYS, |c| or_dash(c.stats.per_core_rate(), rate)),
    col(None, "mean nodes", ALWAYS, |c| or_dash(c.stats.mean_counted(c.stats.total_nodes), |v| decimal(v, c.view))),
    // `-` where no row has counters (a `cmd:` solver's crashes), as the means say it.
    col(None, "max nodes", ALWAYS, |c| or_dash((c.stats.counted > 0).then_some(c.stats.max_nodes), |n| n.to_string())),
    col(None, "mean backtracks", ALWAYS, |c| or_dash(c.stats.mean_counted(c.stats.total_backtracks), |v| decimal(v, c.view))),
    col(Some("tries"), "tries/puzzle", ALWAYS, |c| or_dash(c.stats.tries_per_puzzle(), |v| compact(v, c.view))),
    col(None, "%no_guess", ALWAYS, |c| or_dash(c.stats.no_guess_percent(), |p| format!("{p:.1}"))),
];

/// The statuses the narrow view's formula of `solved` takes away from `puzzles`: a column's
/// header and what it counts.
const NOT_SOLVED: [(&str, &str); 6] = [
    ("none", "none (no solution)"),
    ("budget", "budget (budget exhausted)"),
    ("wrong", "wrong (a failed check)"),
    ("timeout", "timeout (a cmd: solver gave no answer in time)"),
    ("crashed", "crashed (a cmd: solver's process exited)"),
    ("unknown", "unknown (a status this version does not know)"),
];

/// The columns of rows without a solve time ([`Row::solve_time`](sudoku_results::Row::solve_time)):
/// when one is shown, the narrow legend says what the times count ([`UNTIMED`]).
const NOT_TIMED: [&str; 3] = ["timeout", "crashed", "unknown"];

/// What the legends say of the rows without a solve time.
const UNTIMED: &str = "timeout, crashed and unknown rows have no solve time: no time figure \
counts them";

/// What the narrow view's other columns mean: a column's header and its meaning.
const MEANINGS: [(&str, &str); 5] = [
    (
        "2+ sol",
        "2+ sol: puzzles found to have two solutions or more (--limit 2 and up);",
    ),
    (
        "median",
        "median: of the solves' trusted times (a disturbed solve is timed again);",
    ),
    ("MAD", "MAD (median absolute deviation, its spread);"),
    (
        "core/s",
        "core/s: puzzles per second of solve time on one core (1 / the mean time);",
    ),
    ("tries", "tries: mean per puzzle (nodes = 1 + tries)"),
];

/// The narrow view's legend: what each of its columns (`shown`, by their headers) means,
/// in lines that fit the view.
fn narrow_legend(shown: &[&str]) -> String {
    let taken: Vec<&str> = NOT_SOLVED
        .iter()
        .filter(|(header, _)| shown.contains(header))
        .map(|(_, meaning)| *meaning)
        .collect();
    // Each term ends with the sign after it, so that no line starts with `- ` (a list).
    let mut items = vec!["solved = puzzles -".to_string()];
    for (i, meaning) in taken.iter().enumerate() {
        let end = if i + 1 == taken.len() { ";" } else { " -" };
        items.push(format!("{meaning}{end}"));
    }
    items.extend(
        MEANINGS
            .iter()
            .filter(|(header, _)| shown.contains(header))
            .map(|(_, meaning)| meaning.to_string()),
    );
    if shown.iter().any(|h| NOT_TIMED.contains(h)) {
        items.push(format!("({UNTIMED});"));
    }
    items.push("(--wide: every column, solved, p99 and %no_guess too).".into());
    pack(&items, NARROW_WIDTH)
}

/// `items` joined by spaces into lines of at most `width` characters (an item longer than
/// `width` stays whole on its own line).
fn pack(items: &[String], width: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    for item in items {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + item.chars().count() <= width => {
                line.push(' ');
                line.push_str(item);
            }
            _ => lines.push(item.clone()),
        }
    }
    lines.join("\n")
}

/// What the wide view's and Markdown's figures mean.
fn wide_legend() -> String {
    format!(
        "Times are the solve calls only, of the puzzles answered ({UNTIMED}): each row's \
trusted time (a solve disturbed while timed, its thread switched out, is timed again; under \
`--repeat K`, the fastest of its K passes); median and percentiles by nearest rank, MAD = the \
median absolute deviation from the median, mean = the mean of the trusted times; re-timed = \
solves disturbed (their thread off its core for over 1% of the timing) and timed again, \
disturbed = those disturbed in every timing (their time on core kept); puzzles/s per core = those puzzles / the sum of their times = 1 / mean; tries/puzzle = mean \
nodes - 1 and %no_guess = share of puzzles whose search ended without a try (tdoku's two \
figures), over the rows with counters (`-`: none)."
    )
}

/// `text` with what Markdown would read as HTML (`<`, `>`, `&`) written as HTML entities,
/// which show as the characters themselves: a corpus's name or an error in a cell or a
/// note is shown as it is, never taken as a tag (`<script>`, `<!--`, `<img …>`).
pub(crate) fn html_escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            c => out.push(c),
        }
    }
    out
}

impl Summary {
    /// The columns shown in `view`, in order.
    fn columns(&self, view: View) -> Vec<&'static Column> {
        let any = |kind: fn(&Stats) -> bool| self.groups.iter().any(|g| kind(&g.stats));
        COLUMNS
            .iter()
            .filter(|c| view == View::Wide || c.narrow.is_some())
            .filter(|c| c.when.is_none_or(any))
            .collect()
    }

    /// The header and the cells of the table in `view`.
    fn grid(&self, view: View) -> (Vec<&'static str>, Vec<Vec<String>>) {
        let columns = self.columns(view);
        let mut header = vec!["corpus", "solver"];
        header.extend(columns.iter().map(|c| match view {
            View::Narrow => c.narrow.unwrap_or(c.wide),
            View::Wide => c.wide,
        }));
        let names = short_names(self.groups.iter().map(|g| &*g.corpus));
        let cells = self
            .groups
            .iter()
            .map(|g: &Group| {
                let corpus = match view {
                    View::Narrow => names[&*g.corpus].clone(),
                    View::Wide => g.corpus.to_string(),
                };
                let times = g.stats.times();
                let cell = Cell {
                    stats: &g.stats,
                    times: &times,
                    view,
                };
                let mut row = vec![corpus, g.solver.to_string()];
                row.extend(columns.iter().map(|c| (c.cell)(&cell)));
                row
            })
            .collect();
        (header, cells)
    }

    /// The summary as an aligned text table, with its notes (malformed lines, wrong rows,
    /// how the run ended, its wall clock) below. The narrow view fits 100 columns, cutting
    /// long corpus names in their middle.
    pub fn to_text(&self, view: View) -> String {
        if self.groups.is_empty() {
            return self.notes_text("");
        }
        let (header, mut cells) = self.grid(view);
        let width = |i: usize, cells: &[Vec<String>]| {
            cells
                .iter()
                .map(|r| r[i].chars().count())
                .chain([header[i].chars().count()])
                .max()
                .unwrap_or(0)
        };
        let mut widths: Vec<usize> = (0..header.len()).map(|i| width(i, &cells)).collect();
        if view == View::Narrow {
            let rest: usize = widths[1..].iter().sum::<usize>() + 2 * (widths.len() - 1);
            let room = NARROW_WIDTH.saturating_sub(rest).max(MIN_CORPUS_WIDTH);
            if widths[0] > room {
                for row in &mut cells {
                    row[0] = cut_middle(&row[0], room);
                }
                widths[0] = width(0, &cells);
            }
        }
        // Corpus and solver to the left, the figures to the right.
        let line = |row: Vec<&str>| {
            let padded = row
                .iter()
                .zip(&widths)
                .enumerate()
                .map(|(i, (cell, &w))| match i {
                    0 | 1 => format!("{cell:<w$}"),
                    _ => format!("{cell:>w$}"),
                });
            padded.collect::<Vec<_>>().join("  ").trim_end().to_string() + "\n"
        };
        let mut out = line(header.clone());
        for r in &cells {
            out.push_str(&line(r.iter().map(String::as_str).collect()));
        }
        out.push_str(&match view {
            View::Narrow => narrow_legend(&header),
            View::Wide => wide_legend(),
        });
        out.push('\n');
        out.push_str(&self.notes_text(""));
        out
    }

    /// The summary as a Markdown document: every column, and the notes.
    pub fn to_markdown(&self) -> String {
        let (header, cells) = self.grid(View::Wide);
        let mut out = match &self.shard {
            Some(shard) => format!("# sudoku-lab summary: shard {shard}\n\n"),
            None => String::from("# sudoku-lab summary\n\n"),
        };
        let _ = writeln!(out, "| {} |", header.join(" | "));
        let align: Vec<&str> = (0..header.len())
            .map(|i| if i < 2 { "---" } else { "---:" })
            .collect();
        let _ = writeln!(out, "|{}|", align.join("|"));
        for r in cells {
            let escaped: Vec<String> = r
                .iter()
                .map(|c| html_escaped(c).replace('|', "\\|"))
                .collect();
            let _ = writeln!(out, "| {} |", escaped.join(" | "));
        }
        out.push('\n');
        out.push_str(&wide_legend());
        out.push_str("\n\n");
        out.push_str(&html_escaped(&self.notes_text("**")));
        out
    }

    /// The notes below the table; `bold` marks the alarming ones (`**` in Markdown).
    fn notes_text(&self, bold: &str) -> String {
        let mut out = String::new();
        if let Some(shard) = self.shard {
            let _ = writeln!(
                out,
                "Shard {shard}: one share of the run's puzzles (sudoku-lab merge joins the \
shards into the whole run)."
            );
        }
        let puzzles = self.clock.map_or(0, |c| c.puzzles);
        if self.groups.is_empty() {
            out.push_str(if puzzles > 0 {
                "No rows.\n"
            } else {
                "No puzzles.\n"
            });
        }
        // The rate is of the puzzles with rows: none for a run without a row (every
        // puzzle skipped), nor for one that timed none (all the earlier run's).
        let timed = self
            .puzzles()
            .saturating_sub(self.clock.map_or(0, |c| c.resumed));
        if let Some(clock) = self.clock.filter(|c| c.seconds > 0.0 && timed > 0) {
            out.push_str(&clock_text(
                &clock,
                timed,
                self.shard,
                self.resumed_shards.as_deref(),
            ));
        }
        let malformed = self.malformed_total();
        if malformed > 0 {
            let per: Vec<String> = self
                .malformed
                .iter()
                .map(|(c, n)| format!("{c}: {n}"))
                .collect();
            let _ = writeln!(
                out,
                "Malformed lines skipped: {malformed} ({}).",
                per.join(", ")
            );
        }
        for note in &self.notes {
            let _ = writeln!(out, "{note}");
        }
        self.timing_notes(&mut out, bold);
        self.wrong_notes(&mut out, bold);
        if !self.unknown_statuses.is_empty() {
            let names: Vec<&str> = self.unknown_statuses.iter().map(String::as_str).collect();
            let _ = writeln!(
                out,
                "Unknown status in {} row{}: {} (not written by this version; not counted as \
wrong).",
                self.unknown(),
                plural(self.unknown()),
                names.join(", ")
            );
        }
        if let Some(state) = &self.state {
            let _ = writeln!(out, "{bold}{}{bold}: {}", state.alarm(), state.meaning());
        }
        if let Some(error) = &self.error {
            let _ = writeln!(out, "The error that stopped it: {error}");
        }
        out
    }

    /// What the disturbance check found: the solves timed again in all, and a warning for
    /// each group whose figures may not hold ([`Stats::unstable`]), each within the width
    /// of the narrow table.
    fn timing_notes(&self, out: &mut String, bold: &str) {
        let retimed = self.retimed();
        let disturbed = self.disturbed();
        let mut notes = Vec::new();
        if retimed + disturbed > 0 {
            notes.push(format!(
                "Disturbed timings (the solve's thread off its core): {retimed} solve{} timed \
again, {disturbed} left disturbed (their time on their core kept; a solve of 1 ms or more is \
not timed again).",
                plural(retimed)
            ));
        }
        let names = short_names(self.groups.iter().map(|g| &*g.corpus));
        for g in &self.groups {
            if let Some(why) = g.stats.unstable() {
                notes.push(format!(
                    "{bold}Warning{bold}: {} on {}: {why}. Its times may not hold: run it \
again on a quiet machine, or with --repeat 5.",
                    g.solver, names[&*g.corpus]
                ));
            }
        }
        for note in notes {
            let words: Vec<String> = note.split(' ').map(str::to_string).collect();
            let _ = writeln!(out, "{}", pack(&words, NARROW_WIDTH));
        }
    }

    fn wrong_notes(&self, out: &mut String, bold: &str) {
        let wrong = self.wrong();
        if wrong == 0 {
            return;
        }
        let _ = writeln!(
            out,
            "{bold}WRONG: {wrong} solution{} failed {} check{bold}:",
            plural(wrong),
            if wrong == 1 { "its" } else { "their" }
        );
        for w in &self.wrong_rows {
            let _ = writeln!(out, "- {w}");
        }
        if wrong as usize > self.wrong_rows.len() {
            let _ = writeln!(
                out,
                "- ... and {} more",
                wrong as usize - self.wrong_rows.len()
            );
        }
    }
}

/// The wall-clock note: the rate of the whole run (of one shard: `shard` given), or,
/// after `--resume`, of the part it timed (the earlier run's puzzles are in the CSV, not in
/// its seconds), of the `timed` puzzles with rows; the puzzles read are said too when there
/// were more (some of a size no solver of the run solves). For a merge (`shards` given:
/// those resumed), the shards continued with `--resume` are named: the others were timed
/// whole; and a line says that the clock is the slowest shard's (see [`SLOWEST_SHARD`]).
fn clock_text(
    clock: &Clock,
    timed: u64,
    shard: Option<ShardEntry>,
    shards: Option<&[ShardEntry]>,
) -> String {
    let span = match (clock.resumed > 0, shard, shards) {
        (false, Some(k), _) => format!("for shard {k}"),
        (false, None, _) => "for the whole run".to_string(),
        (true, Some(k), _) => format!("for shard {k} since --resume"),
        (true, None, None) => "since --resume".to_string(),
        (true, None, Some(resumed)) => format!(
            "for the whole run, {} since {} --resume",
            resumed_named(resumed),
            if resumed.len() == 1 { "its" } else { "their" }
        ),
    };
    let read = clock.timed();
    let puzzles = if read > timed {
        format!("{read} puzzles read, {timed} of them with rows,")
    } else {
        format!("{timed} puzzle{}", plural(timed))
    };
    // No thread count: a merge of shards that ran on different counts (its notes say them).
    let threads = match clock.threads {
        0 => String::new(),
        n => format!(", {n} thread{}", plural(n)),
    };
    let mut text = format!(
        "Wall clock: {} puzzles/s {span} ({puzzles} in {}{threads}, all solvers).\n",
        rate(timed as f64 / clock.seconds),
        format_time(clock.seconds * 1e9),
    );
    if clock.resumed > 0 {
        let (what, whose) = match shards {
            None => ("before it".into(), "the earlier run's"),
            Some([]) => (
                "copied by the shards' --resume".into(),
                "their earlier runs'",
            ),
            Some(resumed) => (
                format!("copied by the --resume of {}", resumed_named(resumed)),
                if resumed.len() == 1 {
                    "its earlier run's"
                } else {
                    "their earlier runs'"
                },
            ),
        };
        let n = clock.resumed;
        let _ = writeln!(
            text,
            "The {n} puzzle{} {what} {} {whose}: not timed here.",
            plural(n),
            is_are(n)
        );
    }
    if shards.is_some() {
        text.push_str(SLOWEST_SHARD);
    }
    text
}

/// What the wall clock of a merge is: its shards may have run one after another, or on
/// machines of their own, and only their slowest's time is known.
const SLOWEST_SHARD: &str =
    "The wall clock is the slowest shard's: the whole run's only if the shards ran side by \
side.\n";

/// The shards of a merge continued with `--resume`, as the clock names them: `shard 2/4`,
/// `shards 1/4 and 3/4`; `some shards` when it does not say which (a merge of an earlier
/// version).
fn resumed_named(resumed: &[ShardEntry]) -> String {
    let each: Vec<String> = resumed.iter().map(ToString::to_string).collect();
    match &each[..] {
        [] => "some shards".into(),
        [one] => format!("shard {one}"),
        [rest @ .., last] => format!("shards {} and {last}", rest.join(", ")),
    }
}
