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

/// One numeric column: its narrow header (`None`: wide view only), its wide header, when
/// it shows (`None`: always, else when a group has rows of its kind), its cell (of a
/// group's counts and the figures of its times).
struct Column {
    narrow: Option<&'static str>,
    wide: &'static str,
    when: Option<fn(&Stats) -> bool>,
    cell: fn(&Stats, &Times, View) -> String,
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
    let (s, unit) = match v {
        v if v < 1e6 => (v / 1e3, "k"),
        v if v < 1e9 => (v / 1e6, "M"),
        v => (v / 1e9, "G"),
    };
    let digits = if s < 10.0 { 2 } else { usize::from(s < 100.0) };
    format!("{s:.digits$}{unit}")
}

/// One decimal; none from 1000 up in the narrow view.
fn decimal(v: f64, view: View) -> String {
    let digits = usize::from(view == View::Wide || v < 1000.0);
    format!("{v:.digits$}")
}

const fn col(
    narrow: Option<&'static str>,
    wide: &'static str,
    when: Option<fn(&Stats) -> bool>,
    cell: fn(&Stats, &Times, View) -> String,
) -> Column {
    Column {
        narrow,
        wide,
        when,
        cell,
    }
}

#[rustfmt::skip]
const COLUMNS: &[Column] = &[
    col(Some("puzzles"), "puzzles", None, |s, _, _| s.puzzles.to_string()),
    col(None, "solved", None, |s, _, _| s.solved.to_string()),
    col(Some("none"), "no solution", None, |s, _, _| s.no_solution.to_string()),
    col(Some("budget"), "budget exhausted", None, |s, _, _| s.budget_exhausted.to_string()),
    col(Some("wrong"), "wrong", None, |s, _, view| match (s.wrong, view) {
        (0, _) | (_, View::Narrow) => s.wrong.to_string(),
        (n, View::Wide) => format!("{n} WRONG"),
    }),
    col(Some("2+ sol"), "2+ solutions", Some(|s| s.max_limit >= 2), |s, _, _| s.several_solutions.to_string()),
    col(Some("unknown"), "unknown status", Some(|s| s.unknown > 0), |s, _, _| s.unknown.to_string()),
    col(Some("timeout"), "timeout", Some(|s| s.timeout > 0), |s, _, _| s.timeout.to_string()),
    col(Some("crashed"), "crashed", Some(|s| s.crashed > 0), |s, _, _| s.crashed.to_string()),
    col(Some("median"), "median", None, |_, t, _| time(t.median())),
    col(Some("MAD"), "MAD", None, |_, t, _| time(t.mad())),
    col(None, "mean", None, |s, _, _| or_dash(s.mean_time(), format_time)),
    col(None, "p90", None, |_, t, _| time(t.percentile(90.0))),
    col(None, "p99", None, |_, t, _| time(t.percentile(99.0))),
    col(None, "max", None, |s, _, _| time(s.max_time())),
    col(None, "re-timed", None, |s, _, _| s.retimed.to_string()),
    col(None, "disturbed", None, |s, _, _| s.disturbed.to_string()),
    col(Some("core/s"), "puzzles/s per core", None, |s, _, _| or_dash(s.per_core_rate(), rate)),
    col(None, "mean nodes", None, |s, _, view| or_dash(s.mean_counted(s.total_nodes), |v| decimal(v, view))),
    // `-` where no row has counters (a `cmd:` solver's crashes), as the means say it.
    col(None, "max nodes", None, |s, _, _| or_dash((s.counted > 0).then_some(s.max_nodes), |n| n.to_string())),
    col(None, "mean backtracks", None, |s, _, view| or_dash(s.mean_counted(s.total_backtracks), |v| decimal(v, view))),
    col(Some("tries"), "tries/puzzle", None, |s, _, view| or_dash(s.tries_per_puzzle(), |v| compact(v, view))),
    col(None, "%no_guess", None, |s, _, _| or_dash(s.no_guess_percent(), |p| format!("{p:.1}"))),
];

/// The narrow headers the formula of `solved` takes away from `puzzles`, with their
/// meaning; the last three are the rows without a solve time ([`UNTIMED`]).
#[rustfmt::skip]
const NOT_SOLVED: [(&str, &str); 6] = [
    ("none", "none (no solution)"),
    ("budget", "budget (budget exhausted)"),
    ("wrong", "wrong (a failed check)"),
    ("timeout", "timeout (a cmd: solver gave no answer in time)"),
    ("crashed", "crashed (a cmd: solver's process exited)"),
    ("unknown", "unknown (a status this version does not know)"),
];

/// What the legends say of the rows without a solve time.
const UNTIMED: &str = "timeout, crashed and unknown rows have no solve time: no time figure \
counts them";

/// The other narrow headers, with their meaning.
#[rustfmt::skip]
const MEANINGS: [(&str, &str); 5] = [
    ("2+ sol", "2+ sol: puzzles found to have two solutions or more (--limit 2 and up);"),
    ("median", "median: of the solves' trusted times (a disturbed solve is timed again);"),
    ("MAD", "MAD (median absolute deviation, its spread);"),
    ("core/s", "core/s: puzzles per second of solve time on one core (1 / the mean time);"),
    ("tries", "tries: mean per puzzle (nodes = 1 + tries)"),
];

/// The narrow view's legend: what each of its columns (`shown`) means, within its width.
fn narrow_legend(shown: &[&str]) -> String {
    let of = |table: &[(&str, &'static str)]| -> Vec<&'static str> {
        let shown = table.iter().filter(|(header, _)| shown.contains(header));
        shown.map(|(_, meaning)| *meaning).collect()
    };
    let taken = of(&NOT_SOLVED);
    // Each term ends with the sign after it, so that no line starts with `- ` (a list).
    let mut items = vec!["solved = puzzles -".to_string()];
    for (i, meaning) in taken.iter().enumerate() {
        let end = if i + 1 == taken.len() { ";" } else { " -" };
        items.push(format!("{meaning}{end}"));
    }
    items.extend(of(&MEANINGS).into_iter().map(String::from));
    if !of(&NOT_SOLVED[3..]).is_empty() {
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

/// `text` with `<`, `>` and `&` as HTML entities: a name or an error in Markdown shows as
/// it is, never read as a tag (`<script>`, `<!--`).
fn html_escaped(text: &str) -> String {
    let text = text.replace('&', "&amp;");
    text.replace('<', "&lt;").replace('>', "&gt;")
}

impl Summary {
    /// The header and the cells of the table in `view`.
    fn grid(&self, view: View) -> (Vec<&'static str>, Vec<Vec<String>>) {
        let any = |kind: fn(&Stats) -> bool| self.groups().iter().any(|g| kind(&g.stats));
        let columns: Vec<&Column> = COLUMNS
            .iter()
            .filter(|c| (view == View::Wide || c.narrow.is_some()) && c.when.is_none_or(any))
            .collect();
        let mut header = vec!["corpus", "solver"];
        header.extend(columns.iter().map(|c| match view {
            View::Narrow => c.narrow.unwrap_or(c.wide),
            View::Wide => c.wide,
        }));
        let names = short_names(self.groups().iter().map(|g| &*g.corpus));
        let row = |g: &Group| {
            let corpus = match view {
                View::Narrow => names[&*g.corpus].clone(),
                View::Wide => g.corpus.to_string(),
            };
            let times = g.stats.times();
            let mut row = vec![corpus, g.solver.to_string()];
            row.extend(columns.iter().map(|c| (c.cell)(&g.stats, &times, view)));
            row
        };
        (header, self.groups().iter().map(row).collect())
    }

    /// The summary as an aligned text table, with its legend and notes below. The narrow
    /// view fits 100 columns, cutting long corpus names in their middle.
    pub fn to_text(&self, view: View) -> String {
        if self.groups().is_empty() {
            return self.notes_text("");
        }
        let (header, mut cells) = self.grid(view);
        let width = |i: usize, cells: &[Vec<String>]| {
            let widths = cells.iter().map(|r| r[i].chars().count());
            widths.chain([header[i].chars().count()]).max().unwrap_or(0)
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
        let line = |row: &[&str]| {
            let padded = row.iter().zip(&widths).enumerate().map(|(i, (cell, &w))| {
                if i < 2 {
                    format!("{cell:<w$}")
                } else {
                    format!("{cell:>w$}")
                }
            });
            padded.collect::<Vec<_>>().join("  ").trim_end().to_string() + "\n"
        };
        let mut out = line(&header);
        for r in &cells {
            out += &line(&r.iter().map(String::as_str).collect::<Vec<_>>());
        }
        out += &match view {
            View::Narrow => narrow_legend(&header),
            View::Wide => wide_legend(),
        };
        out + "\n" + &self.notes_text("")
    }

    /// The summary as a Markdown document: every column, and the notes.
    pub fn to_markdown(&self) -> String {
        let (header, cells) = self.grid(View::Wide);
        let mut out = match &self.shard {
            Some(shard) => format!("# sudoku-lab summary: shard {shard}\n\n"),
            None => String::from("# sudoku-lab summary\n\n"),
        };
        let _ = writeln!(out, "| {} |", header.join(" | "));
        let align = (0..header.len()).map(|i| if i < 2 { "---" } else { "---:" });
        let _ = writeln!(out, "|{}|", align.collect::<Vec<_>>().join("|"));
        for r in cells {
            let escaped: Vec<String> = r
                .iter()
                .map(|c| html_escaped(c).replace('|', "\\|"))
                .collect();
            let _ = writeln!(out, "| {} |", escaped.join(" | "));
        }
        out + "\n" + &wide_legend() + "\n\n" + &html_escaped(&self.notes_text("**"))
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
        if self.groups().is_empty() {
            let read = self.clock.is_some_and(|c| c.puzzles > 0);
            out += if read { "No rows.\n" } else { "No puzzles.\n" };
        }
        // The rate is of the puzzles with rows that the clock timed: none without.
        if let Some(clock) = self.clock.filter(|c| c.seconds > 0.0) {
            let timed = self.puzzles().saturating_sub(clock.resumed);
            if timed > 0 {
                out += &clock_text(&clock, timed, self);
            }
        }
        if !self.malformed.is_empty() {
            let total: u64 = self.malformed.iter().map(|(_, n)| n).sum();
            let per = self.malformed.iter().map(|(c, n)| format!("{c}: {n}"));
            let per = per.collect::<Vec<_>>().join(", ");
            let _ = writeln!(out, "Malformed lines skipped: {total} ({per}).");
        }
        for note in &self.notes {
            let _ = writeln!(out, "{note}");
        }
        self.timing_notes(&mut out, bold);
        let wrong = self.wrong();
        if wrong > 0 {
            let their = if wrong == 1 { "its" } else { "their" };
            let s = plural(wrong);
            let _ = writeln!(
                out,
                "{bold}WRONG: {wrong} solution{s} failed {their} check{bold}:"
            );
            for w in &self.tally.wrong_rows {
                let _ = writeln!(out, "- {w}");
            }
            let more = (wrong as usize).saturating_sub(self.tally.wrong_rows.len());
            if more > 0 {
                let _ = writeln!(out, "- ... and {more} more");
            }
        }
        let unknown = &self.tally.unknown_statuses;
        if !unknown.is_empty() {
            let n = self.total(|s| s.unknown);
            let names = Vec::from_iter(unknown.iter().map(String::as_str)).join(", ");
            let _ = writeln!(
                out,
                "Unknown status in {n} row{}: {names} (not written by this version; not \
counted as wrong).",
                plural(n)
            );
        }
        if let Some(state) = &self.state {
            let _ = writeln!(out, "{bold}{}{bold}: {}.", state.alarm(), state.told());
        }
        if let Some(error) = &self.error {
            let _ = writeln!(out, "The error that stopped it: {error}");
        }
        out
    }

    /// What the disturbance check found: the solves timed again, and a warning for each
    /// group whose figures may not hold ([`Stats::unstable`]), within the narrow width.
    fn timing_notes(&self, out: &mut String, bold: &str) {
        let (retimed, disturbed) = (self.retimed(), self.disturbed());
        let mut notes = Vec::new();
        if retimed + disturbed > 0 {
            notes.push(format!(
                "Disturbed timings (the solve's thread off its core): {retimed} solve{} timed \
again, {disturbed} left disturbed (their time on their core kept; a solve of 1 ms or more is \
not timed again).",
                plural(retimed)
            ));
        }
        let names = short_names(self.groups().iter().map(|g| &*g.corpus));
        for g in self.groups() {
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
}

/// The wall-clock note of the `timed` puzzles (the rules: the book's "bench", "What a run
/// writes"): of one shard, of a merge (naming the shards continued with `--resume`), or of
/// a whole run.
fn clock_text(clock: &Clock, timed: u64, summary: &Summary) -> String {
    let (shard, shards) = (summary.shard, summary.resumed_shards.as_deref());
    let resumed = clock.resumed;
    // The shards resumed, as named, and whether one only.
    let named = shards.map(|r| (resumed_named(r), r.len() == 1));
    let span = match (shard, &named) {
        (Some(k), _) if resumed > 0 => format!("for shard {k} since --resume"),
        (Some(k), _) => format!("for shard {k}"),
        (None, _) if resumed == 0 => "for the whole run".to_string(),
        (None, None) => "since --resume".to_string(),
        (None, Some((n, true))) => format!("for the whole run, {n} since its --resume"),
        (None, Some((n, false))) => format!("for the whole run, {n} since their --resume"),
    };
    let read = clock.puzzles.saturating_sub(resumed);
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
    if resumed > 0 {
        let copied = |n| format!("copied by the --resume of {n}");
        let (what, whose) = match &named {
            None => ("before it".to_string(), "the earlier run's"),
            Some((n, true)) => (copied(n), "its earlier run's"),
            Some((n, false)) => (copied(n), "their earlier runs'"),
        };
        let (s, is) = (plural(resumed), is_are(resumed));
        let _ = writeln!(
            text,
            "The {resumed} puzzle{s} {what} {is} {whose}: not timed here."
        );
    }
    if shards.is_some() {
        // Shards may run one after another, or each on a machine of its own.
        text += "The wall clock is the slowest shard's: the whole run's only if the shards ran \
side by side.\n";
    }
    text
}

/// The shards of a merge continued with `--resume`: `shard 2/4`, `shards 1/4 and 3/4`;
/// `some shards` when it does not say which (a merge of an earlier version).
fn resumed_named(resumed: &[ShardEntry]) -> String {
    let each: Vec<String> = resumed.iter().map(ToString::to_string).collect();
    match &each[..] {
        [] => "some shards".into(),
        [one] => format!("shard {one}"),
        [rest @ .., last] => format!("shards {} and {last}", rest.join(", ")),
    }
}
