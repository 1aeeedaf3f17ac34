//! `compare`'s output: a text table within [`COLUMNS`], or Markdown for a pull request;
//! the same figures either way, counters that changed first.

use std::fmt::Write;

use sudoku_reports::wording::{html_escaped, plural};
use sudoku_results::format_time;

use super::{Comparison, Group};
use crate::cli::CompareArgs;
use crate::ui::Align::{Left, Right};

/// The columns of the Markdown table.
const HEADER: &str = "corpus|solver|puzzles|both solved|A median|B median|B/A|95% interval|\
                      B faster|counters changed";

/// The columns of the text table: the corpus heads its group of lines and the shares of
/// wins share a column, so that solver names of up to 19 characters fit [`COLUMNS`].
const TEXT_HEADER: &str =
    "solver|puzzles|solved|A median|B median|B/A|95% interval|B:A faster|changed";

/// The widest a line of text gets.
pub const COLUMNS: usize = 100;

/// A group's cells under [`HEADER`], or with `text` under [`TEXT_HEADER`].
fn cells(g: &Group, text: bool) -> Vec<String> {
    let time = |ns: u64| format_time(ns as f64);
    let dash = || ("-".to_string(), "-".to_string());
    let (ma, mb) = g.medians.map_or_else(dash, |(a, b)| (time(a), time(b)));
    let (ratio, interval) = g.ratio.map_or_else(dash, |r| {
        let interval = format!("{:.3}..{:.3}", r.low, r.high);
        (format!("{:.3}", r.ratio), interval)
    });
    let pct = |n: u64| match g.timed {
        0 => "-".to_string(),
        t => format!("{:.0}%", 100.0 * n as f64 / t as f64),
    };
    let (b, a) = (pct(g.faster.0), pct(g.faster.1));
    let faster = match text {
        true => format!("{b}:{a}"),
        false => format!("{b} (A: {a})"),
    };
    let corpus = (!text).then(|| g.corpus.clone());
    let (paired, timed, changed) = (g.paired, g.timed, g.changed);
    let rest = [g.solver.to_string(), paired.to_string(), timed.to_string()];
    let rest = rest.into_iter().chain([ma, mb, ratio, interval, faster]);
    corpus
        .into_iter()
        .chain(rest)
        .chain([changed.to_string()])
        .collect()
}

/// What is said beneath the table: the method, then what did not match or was not compared.
fn notes(c: &Comparison, args: &CompareArgs) -> Vec<String> {
    let mut out = vec![format!(
        "A = {}, B = {}. B/A, with its percentile bootstrap interval ({} resamples, fixed \
         seed): B's median time over A's on the puzzles both solved; B:A faster: the share of \
         them where each was faster; changed: the puzzles whose counters differ (the book's \
         \"compare\").",
        args.a.display(),
        args.b.display(),
        args.resamples
    )];
    out.extend(c.unfinished.iter().cloned());
    out.extend(c.groups.iter().flat_map(group_notes));
    for (which, only) in [("A", &c.unmatched.0), ("B", &c.unmatched.1)] {
        if !only.is_empty() {
            out.push(format!("In {which} only: {}.", only.join(", ")));
        }
    }
    out.extend(c.sidecars.iter().cloned());
    out
}

/// What is said of one group beneath the table.
fn group_notes(g: &Group) -> Vec<String> {
    let name = format!("{} {}", g.corpus, g.solver);
    let ((a, b), (da, db)) = (g.only, g.disturbed);
    let mut out = Vec::new();
    if g.only != (0, 0) {
        let s = plural(a);
        out.push(format!(
            "{name}: {a} puzzle{s} in A only, {b} in B only (not compared)."
        ));
    }
    if da + db > 0 {
        out.push(format!(
            "{name}: of the {} puzzles both solved, {da} in A and {db} in B stayed disturbed \
             while timed: their times may not hold.",
            g.timed
        ));
    }
    if g.other_puzzles > 0 {
        out.push(format!(
            "{name}: {} of {} puzzle{} differ between A and B (another corpus under one name, \
             or other isomorphs): not timed.",
            g.other_puzzles,
            g.paired,
            plural(g.paired)
        ));
    }
    out
}

/// The counters that changed under `heading`, each group's line between `before` and
/// `after`, each example after `example`; nothing when none did.
fn changes(c: &Comparison, heading: &str, [before, after, example]: [&str; 3]) -> String {
    let mut out = String::new();
    for g in c.groups.iter().filter(|g| g.changed > 0) {
        let (n, of, s) = (g.changed, g.paired, plural(g.paired));
        let _ = writeln!(
            out,
            "{before}{} {}: {n} of {of} puzzle{s}{after}",
            g.corpus, g.solver
        );
        for e in &g.examples {
            let _ = writeln!(out, "{example}{e}");
        }
    }
    match out.is_empty() {
        true => out,
        false => format!("{heading}{out}\n"),
    }
}

/// The comparison as text.
pub fn text(c: &Comparison, args: &CompareArgs) -> String {
    let heading = "COUNTERS CHANGED (a fidelity regression: the counters are the contract)\n";
    let mut out = changes(c, heading, ["  ", "", "    "]);
    let header = TEXT_HEADER.split('|').map(String::from);
    let rows: Vec<[String; 9]> = std::iter::once(header.collect())
        .chain(c.groups.iter().map(|g| cells(g, true)))
        .map(|cells: Vec<String>| cells.try_into().expect("a cell per column"))
        .collect();
    let table = crate::ui::table(
        &rows,
        [Left, Right, Right, Right, Right, Right, Right, Right, Right],
    );
    let mut lines = table.lines();
    let _ = writeln!(out, "  {}", lines.next().unwrap_or_default());
    let mut corpus = None;
    for (g, line) in c.groups.iter().zip(lines) {
        if corpus != Some(&g.corpus) {
            let _ = writeln!(out, "{}", g.corpus);
            corpus = Some(&g.corpus);
        }
        let _ = writeln!(out, "  {line}");
    }
    for l in notes(c, args)
        .iter()
        .flat_map(|n| crate::ui::wrap(n, COLUMNS))
    {
        let _ = writeln!(out, "{l}");
    }
    out
}

/// The comparison as Markdown.
pub fn markdown(c: &Comparison, args: &CompareArgs) -> String {
    let heading = "### Counters changed (a fidelity regression)\n\n";
    let changed = html_escaped(&changes(c, heading, ["- **", "**", "  - "]));
    let mut out = format!("## sudoku-lab compare\n\n{changed}");
    let _ = writeln!(out, "| {} |", HEADER.replace('|', " | "));
    let align = HEADER.split('|').skip(2).map(|_| "---:");
    let align: Vec<&str> = ["---", "---"].into_iter().chain(align).collect();
    let _ = writeln!(out, "|{}|", align.join("|"));
    for g in &c.groups {
        // A `|` in a cell (a corpus's name) would end it; a `<` open a tag.
        let escaped: Vec<String> = cells(g, false)
            .iter()
            .map(|c| html_escaped(c).replace('|', "\\|"))
            .collect();
        let _ = writeln!(out, "| {} |", escaped.join(" | "));
    }
    out.push('\n');
    for n in notes(c, args) {
        let _ = writeln!(out, "{}\n", html_escaped(&n));
    }
    out
}
