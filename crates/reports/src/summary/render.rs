//! The summary as a table: which columns, their headers and cells, aligned text or Markdown,
//! and the notes below it.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use sudoku_results::format_time;
use sudoku_results::stats::{mad, percentile};

use super::names::{cut_middle, short_names};
use super::{Group, Summary};
use crate::wording::{html_escaped, is_are, plural};

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

/// One numeric column: its narrow header (`None`: wide view only) and what the narrow
/// legend says of it (`""`: nothing), its wide header, when it shows (`None`: always, else
/// when a group has rows of its kind), its cell (of a group's counts and its sorted solve
/// times), which reads the same in every view.
struct Column {
    narrow: Option<&'static str>,
    legend: &'static str,
    wide: &'static str,
    when: Option<fn(&Group) -> bool>,
    cell: fn(&Group, &[u64]) -> String,
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
    format!("{r:.*}", usize::from(r < 100.0))
}

/// A mean in at most 5 characters from 1000 up (`8.08M`, `123k`), else one decimal.
fn compact(v: f64) -> String {
    let (s, unit) = match v {
        v if v < 1e3 => return format!("{v:.1}"),
        v if v < 1e5 => return format!("{v:.0}"),
        v if v < 1e6 => (v / 1e3, "k"),
        v if v < 1e9 => (v / 1e6, "M"),
        v => (v / 1e9, "G"),
    };
    let digits = if s < 10.0 { 2 } else { usize::from(s < 100.0) };
    format!("{s:.digits$}{unit}")
}

const fn col(
    narrow: Option<&'static str>,
    legend: &'static str,
    wide: &'static str,
    when: Option<fn(&Group) -> bool>,
    cell: fn(&Group, &[u64]) -> String,
) -> Column {
    Column {
        narrow,
        legend,
        wide,
        when,
        cell,
    }
}

#[rustfmt::skip]
const COLUMNS: &[Column] = &[
    col(Some("puzzles"), "", "puzzles", None, |s, _| s.puzzles.to_string()),
    col(None, "", "solved", None, |s, _| s.solved.to_string()),
    col(Some("none"), "no solution", "no solution", None, |s, _| s.no_solution.to_string()),
    col(Some("budget"), "budget exhausted", "budget exhausted", None, |s, _| s.budget_exhausted.to_string()),
    col(Some("wrong"), "a failed check", "wrong", None, |s, _| s.wrong.to_string()),
    col(Some("2+ sol"), "puzzles found to have two solutions or more (--limit 2 and up)", "2+ solutions", Some(|s| s.max_limit >= 2), |s, _| s.several_solutions.to_string()),
    col(Some("unknown"), "a status this version does not know (no time figure counts it)", "unknown status", Some(|s| s.unknown > 0), |s, _| s.unknown.to_string()),
    col(Some("timeout"), "a cmd: solver gave no answer in time (no time figure counts it)", "timeout", Some(|s| s.timeout > 0), |s, _| s.timeout.to_string()),
    col(Some("crashed"), "a cmd: solver's process exited (no time figure counts it)", "crashed", Some(|s| s.crashed > 0), |s, _| s.crashed.to_string()),
    col(Some("median"), "of the solves' trusted times (a disturbed solve is timed again)", "median", None, |_, t| time(percentile(t, 50.0))),
    col(Some("MAD"), "median absolute deviation, its spread", "MAD", None, |_, t| time(mad(t))),
    col(None, "", "mean", None, |s, _| or_dash(s.mean_time(), format_time)),
    col(None, "", "p90", None, |_, t| time(percentile(t, 90.0))),
    col(None, "", "p99", None, |_, t| time(percentile(t, 99.0))),
    col(None, "", "max", None, |_, t| time(t.last().copied())),
    col(None, "", "re-timed", None, |s, _| s.retimed.to_string()),
    col(None, "", "disturbed", None, |s, _| s.disturbed.to_string()),
    col(Some("core/s"), "puzzles per second of solve time on one core (1 / the mean time)", "puzzles/s per core", None, |s, _| or_dash(s.per_core_rate(), rate)),
    col(None, "", "mean nodes", None, |s, _| or_dash(s.mean_counted(s.total_nodes), |v| format!("{v:.1}"))),
    // `-` where no row has counters (a `cmd:` solver's crashes), as the means say it.
    col(None, "", "max nodes", None, |s, _| or_dash((s.counted > 0).then_some(s.max_nodes), |n| n.to_string())),
    col(None, "", "mean backtracks", None, |s, _| or_dash(s.mean_counted(s.total_backtracks), |v| format!("{v:.1}"))),
    col(Some("tries"), "mean per puzzle (nodes = 1 + tries)", "tries/puzzle", None, |s, _| or_dash(s.mean_counted(s.total_nodes.saturating_sub(u128::from(s.counted))), compact)),
    col(None, "", "%no_guess", None, |s, _| or_dash(s.mean_counted(100 * u128::from(s.no_guess)), |p| format!("{p:.1}"))),
];

/// The narrow view's legend: what each of its columns (`shown`) means, within its width.
fn narrow_legend(shown: &[String]) -> String {
    let said = |c: &Column| {
        c.narrow
            .filter(|h| !c.legend.is_empty() && shown.contains(&h.to_string()))
    };
    let said = COLUMNS
        .iter()
        .filter_map(|c| Some(format!("{}: {};", said(c)?, c.legend)));
    let mut items: Vec<String> = said.collect();
    items.push("--wide: every column, solved, p99 and %no_guess too.".into());
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

/// What the wide view's and Markdown's figures mean (the book's "Timing you can trust").
const WIDE_LEGEND: &str = "Times are the solve calls of the puzzles answered (timeout, crashed \
and unknown rows have no solve time: no time figure counts them), each row's trusted time; \
median and percentiles by nearest rank, MAD = median absolute deviation; re-timed = solves \
disturbed and timed again, disturbed = those disturbed in every timing; puzzles/s per core = \
1 / mean; tries/puzzle = mean nodes - 1, %no_guess = share of searches without a try (tdoku's \
figures), over the rows with counters (`-`: none); the book's \"Timing you can trust\" says \
more.";

impl Summary {
    /// The table in `view`: its header, then a row per group.
    fn grid(&self, view: View) -> Vec<Vec<String>> {
        let any = |kind: fn(&Group) -> bool| self.tally.groups.iter().any(kind);
        let wide = view == View::Wide;
        let columns: Vec<&Column> = COLUMNS
            .iter()
            .filter(|c| (wide || c.narrow.is_some()) && c.when.is_none_or(any))
            .collect();
        let heads = columns
            .iter()
            .map(|c| c.narrow.filter(|_| !wide).unwrap_or(c.wide));
        let header = ["corpus", "solver"]
            .into_iter()
            .chain(heads)
            .map(String::from);
        let names = short_names(self.tally.groups.iter().map(|g| &*g.corpus));
        let row = |g: &Group| {
            let corpus = if wide { &*g.corpus } else { &names[&*g.corpus] };
            let times = g.sorted_times();
            let cells = columns.iter().map(|c| (c.cell)(g, &times));
            [corpus.to_string(), g.solver.to_string()]
                .into_iter()
                .chain(cells)
                .collect()
        };
        let rows = self.tally.groups.iter().map(row);
        std::iter::once(header.collect()).chain(rows).collect()
    }

    /// The summary as an aligned text table, with its legend and notes below. The narrow
    /// view fits 100 columns when cutting long corpus names in their middle, to
    /// 8 characters, is enough (the book's "summary" says when it is not).
    pub fn to_text(&self, view: View) -> String {
        if self.tally.groups.is_empty() {
            return self.notes_text();
        }
        let mut rows = self.grid(view);
        let width = |rows: &[Vec<String>], i: usize| {
            rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0)
        };
        if view == View::Narrow {
            let rest: usize = (1..rows[0].len()).map(|i| width(&rows, i) + 2).sum();
            let room = NARROW_WIDTH.saturating_sub(rest).max(MIN_CORPUS_WIDTH);
            rows.iter_mut().for_each(|r| r[0] = cut_middle(&r[0], room));
        }
        let widths: Vec<usize> = (0..rows[0].len()).map(|i| width(&rows, i)).collect();
        let mut out = String::new();
        for row in &rows {
            // Corpus and solver to the left, the figures to the right.
            let cells = row.iter().zip(&widths).enumerate();
            let cells = cells.map(|(i, (cell, &w))| match i {
                0 | 1 => format!("{cell:<w$}"),
                _ => format!("{cell:>w$}"),
            });
            out += cells.collect::<Vec<_>>().join("  ").trim_end();
            out.push('\n');
        }
        out += &match view {
            View::Narrow => narrow_legend(&rows[0]),
            View::Wide => WIDE_LEGEND.to_string(),
        };
        out + "\n" + &self.notes_text()
    }

    /// The summary as a Markdown document: every column, and the notes.
    pub fn to_markdown(&self) -> String {
        let title = self
            .sidecar
            .shard
            .map_or(String::new(), |k| format!(": shard {k}"));
        let mut out = format!("# sudoku-lab summary{title}\n\n");
        for (i, row) in self.grid(View::Wide).iter().enumerate() {
            let cells = row.iter().map(|c| html_escaped(c).replace('|', "\\|"));
            let _ = writeln!(out, "| {} |", cells.collect::<Vec<_>>().join(" | "));
            if i == 0 {
                let align = (0..row.len()).map(|i| if i < 2 { "---" } else { "---:" });
                let _ = writeln!(out, "|{}|", align.collect::<Vec<_>>().join("|"));
            }
        }
        // A paragraph each: lines one after another run into one in Markdown.
        let notes = html_escaped(&self.notes("**").join("\n\n"));
        out + "\n" + WIDE_LEGEND + "\n\n" + &notes + "\n"
    }

    /// The notes below the table as text, a line each (a warning wrapped to the table).
    fn notes_text(&self) -> String {
        self.notes("")
            .iter()
            .map(|note| format!("{note}\n"))
            .collect()
    }

    /// The notes below the table, each a paragraph; `bold` marks the alarming ones (`**` in
    /// Markdown).
    fn notes(&self, bold: &str) -> Vec<String> {
        let mut notes = Vec::new();
        if let Some(shard) = self.sidecar.shard {
            notes.push(format!(
                "Shard {shard}: one share of the run's puzzles (sudoku-lab merge joins the \
shards into the whole run)."
            ));
        }
        if self.tally.groups.is_empty() {
            notes.push("No rows.".into());
        }
        notes.extend(self.clock_text().lines().map(String::from));
        let mut malformed = BTreeMap::new();
        for c in self.sidecar.corpus.iter().filter(|c| c.malformed > 0) {
            *malformed.entry(&c.path).or_default() += c.malformed;
        }
        if !malformed.is_empty() {
            let total: u64 = malformed.values().sum();
            let per = malformed.iter().map(|(c, n)| format!("{c}: {n}"));
            let per = per.collect::<Vec<_>>().join(", ");
            notes.push(format!("Malformed lines skipped: {total} ({per})."));
        }
        let skips = self.sidecar.skipped.iter().map(|s| s.note());
        notes.extend(self.sidecar.notes.iter().cloned().chain(skips));
        // A warning for each group whose figures may not hold, within the narrow width.
        let names = short_names(self.tally.groups.iter().map(|g| &*g.corpus));
        for g in &self.tally.groups {
            if let Some(why) = g.unstable() {
                let note = format!(
                    "{bold}Warning{bold}: {} on {}: {why}. Its times may not hold: run it \
again on a quiet machine, or with --repeat 5.",
                    g.solver, names[&*g.corpus]
                );
                let words: Vec<String> = note.split(' ').map(str::to_string).collect();
                notes.push(pack(&words, NARROW_WIDTH));
            }
        }
        let wrong = self.wrong();
        if wrong > 0 {
            let their = if wrong == 1 { "its" } else { "their" };
            let s = plural(wrong);
            let mut note = format!("{bold}WRONG: {wrong} solution{s} failed {their} check{bold}:");
            let more = (wrong as usize).saturating_sub(self.tally.wrong_rows.len());
            let more = (more > 0).then(|| format!("... and {more} more"));
            for w in self.tally.wrong_rows.iter().chain(&more) {
                let _ = write!(note, "\n- {w}");
            }
            notes.push(note);
        }
        if let Some(state) = &self.state {
            notes.push(format!("{bold}{}{bold}: {}.", state.alarm(), state.told()));
        }
        if let Some(error) = &self.error {
            notes.push(format!("The error that stopped it: {error}"));
        }
        notes
    }

    /// The wall-clock note (the rules: the book's "bench", "What a run writes"): of the
    /// puzzles with rows that the clock timed, none without; of one shard or of the whole
    /// run; what it leaves out.
    fn clock_text(&self) -> String {
        let s = &self.sidecar;
        let resumed = s.resumed_puzzles;
        if !self.clock || self.puzzles() <= resumed {
            return String::new();
        }
        let (read, timed) = (s.puzzles.saturating_sub(resumed), self.puzzles() - resumed);
        let span = s
            .shard
            .map_or("the whole run".into(), |k| format!("shard {k}"));
        let puzzles = if read > timed {
            format!("{read} puzzles read, {timed} of them with rows,")
        } else {
            format!("{timed} puzzle{}", plural(timed))
        };
        // No thread count: a merge of shards that ran on different counts (its notes say them).
        let n = s.threads;
        let threads = (n > 0).then(|| format!(", {n} thread{}", plural(n)));
        let threads = threads.unwrap_or_default();
        let mut text = format!(
            "Wall clock: {} puzzles/s for {span} ({puzzles} in {}{threads}, all solvers).\n",
            rate(timed as f64 / s.seconds),
            format_time(s.seconds * 1e9),
        );
        if resumed > 0 {
            let (s, is) = (plural(resumed), is_are(resumed));
            let _ = writeln!(
                text,
                "The {resumed} puzzle{s} copied by --resume {is} not timed here."
            );
        }
        if !s.merged_from.is_empty() {
            // Shards may run one after another, or each on a machine of its own.
            text += "The wall clock is the slowest shard's: the whole run's only if the shards \
ran side by side.\n";
        }
        text
    }
}
