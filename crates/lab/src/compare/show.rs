//! `compare`'s output: a text table for a terminal, within 100 columns, or Markdown for a
//! pull request. The same figures either way; counters that changed come first.

use std::fmt::Write;

use sudoku_reports::words::plural;
use sudoku_results::format_time;

use super::{Comparison, Group};
use crate::cli::CompareArgs;

const HEADER: [&str; 10] = [
    "corpus",
    "solver",
    "puzzles",
    "both solved",
    "A median",
    "B median",
    "B/A",
    "95% interval",
    "B faster",
    "counters changed",
];

/// The columns of the text table: the corpus heads its group of lines instead of taking a
/// column, and the shares of wins share one, so that the table fits 100 columns (for solver
/// names of up to 19 characters, every name of the catalogue, and ratios below 10).
const TEXT_HEADER: [&str; 9] = [
    "solver",
    "puzzles",
    "solved",
    "A median",
    "B median",
    "B/A",
    "95% interval",
    "B:A faster",
    "changed",
];

/// The widest a line of text gets: the table (see [`TEXT_HEADER`]), and the notes beneath
/// it, wrapped.
pub const COLUMNS: usize = 100;

/// The shares of the puzzles both solved where B was faster, and where A was.
fn faster(g: &Group) -> (String, String) {
    let pct = |n: u64| match g.timed {
        0 => "-".to_string(),
        t => format!("{:.0}%", 100.0 * n as f64 / t as f64),
    };
    (pct(g.faster.0), pct(g.faster.1))
}

/// One line of the table.
fn cells(g: &Group) -> [String; 10] {
    let time = |ns: u64| format_time(ns as f64);
    let (ma, mb) = g
        .medians
        .map_or(("-".into(), "-".into()), |(a, b)| (time(a), time(b)));
    let (ratio, interval) = g.ratio.map_or(("-".into(), "-".into()), |r| {
        (
            format!("{:.3}", r.ratio),
            format!("{:.3}..{:.3}", r.low, r.high),
        )
    });
    let (b, a) = faster(g);
    [
        g.corpus.clone(),
        g.solver.to_string(),
        g.paired.to_string(),
        g.timed.to_string(),
        ma,
        mb,
        ratio,
        interval,
        format!("{b} (A: {a})"),
        g.changed.to_string(),
    ]
}

/// One line of the text table: the cells of [`cells`] under [`TEXT_HEADER`].
fn text_cells(g: &Group) -> [String; 9] {
    let [_, solver, paired, timed, ma, mb, ratio, interval, _, changed] = cells(g);
    let (b, a) = faster(g);
    [
        solver,
        paired,
        timed,
        ma,
        mb,
        ratio,
        interval,
        format!("{b}:{a}"),
        changed,
    ]
}

/// What is said beneath the table (the method, what did not match).
fn notes(c: &Comparison, args: &CompareArgs) -> Vec<String> {
    let mut out = vec![format!(
        "A = {}, B = {}. Times are of the puzzles both runs solved (solved, of the puzzles in \
         both); B/A: B's median over A's (nearest rank, as summary takes it); the interval: a \
         percentile bootstrap over those puzzles ({} resamples, fixed seed); B:A faster: the \
         share of them where B took less time, and where A did; changed: the puzzles whose \
         counters differ.",
        args.a.display(),
        args.b.display(),
        c.resamples
    )];
    out.extend(c.unfinished.iter().cloned());
    for g in &c.groups {
        out.extend(group_notes(g));
    }
    if !c.unmatched.0.is_empty() {
        out.push(format!("In A only: {}.", c.unmatched.0.join(", ")));
    }
    if !c.unmatched.1.is_empty() {
        out.push(format!("In B only: {}.", c.unmatched.1.join(", ")));
    }
    if !c.settings.is_empty() {
        out.push(format!(
            "The runs were made with other settings (A vs B): {}.",
            c.settings.join("; ")
        ));
    }
    out.extend(c.not_given.iter().cloned());
    out
}

/// What is said of group `g` beneath the table: the puzzles of one run only (of a group
/// that pairs none, that nothing of it was compared), and the pairs not timed because
/// their puzzles differ.
fn group_notes(g: &Group) -> Vec<String> {
    let (a, b) = g.only;
    let mut out = Vec::new();
    if g.paired == 0 {
        out.push(format!(
            "{} {}: no puzzle in common ({a} puzzle{} in A only, {b} in B only): nothing of it \
             compared, and not counted by --fail-above.",
            g.corpus,
            g.solver,
            plural(a)
        ));
    } else if g.only != (0, 0) {
        out.push(format!(
            "{} {}: {a} puzzle{} in A only, {b} in B only (not compared).",
            g.corpus,
            g.solver,
            plural(a)
        ));
    }
    let (da, db) = g.disturbed;
    if da + db > 0 {
        out.push(format!(
            "{} {}: of the {} puzzles both solved, {da} in A and {db} in B stayed disturbed \
             while timed (their time on core kept): their times may not hold.",
            g.corpus, g.solver, g.timed
        ));
    }
    let of = |n: u64| format!("{n} of {} puzzle{}", g.paired, plural(g.paired));
    if g.foreign > 0 {
        out.push(format!(
            "{} {}: A and B read different puzzles under one corpus name ({} differ, index by \
             index): not the same corpus, so their times are not compared.",
            g.corpus,
            g.solver,
            of(g.foreign)
        ));
    }
    if g.isomorphs > 0 {
        out.push(format!(
            "{} {}: A and B solved different isomorphs (--permute) of {}: not the same \
             puzzles, so their times are not compared.",
            g.corpus,
            g.solver,
            of(g.isomorphs)
        ));
    }
    out
}

/// The counters that changed, group by group, with examples.
fn changes(c: &Comparison) -> Vec<(String, Vec<String>)> {
    c.groups
        .iter()
        .filter(|g| g.changed > 0)
        .map(|g| {
            (
                format!(
                    "{} {}: {} of {} puzzle{}",
                    g.corpus,
                    g.solver,
                    g.changed,
                    g.paired,
                    plural(g.paired)
                ),
                g.examples.clone(),
            )
        })
        .collect()
}

/// The comparison as text.
pub fn text(c: &Comparison, args: &CompareArgs) -> String {
    let mut out = String::new();
    let changed = changes(c);
    if !changed.is_empty() {
        out.push_str("COUNTERS CHANGED (a fidelity regression: the counters are the contract)\n");
        for (title, examples) in &changed {
            let _ = writeln!(out, "  {title}");
            for e in examples {
                let _ = writeln!(out, "    {e}");
            }
        }
        out.push('\n');
    }
    let rows: Vec<[String; 9]> = c.groups.iter().map(text_cells).collect();
    let width = |i: usize| {
        rows.iter()
            .map(|r| r[i].chars().count())
            .chain([TEXT_HEADER[i].chars().count()])
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..TEXT_HEADER.len()).map(width).collect();
    let line = |cells: &[String]| {
        let mut l = String::from("  ");
        for (i, cell) in cells.iter().enumerate() {
            let pad = " ".repeat(widths[i] - cell.chars().count());
            match i {
                0 => l.push_str(&format!("{cell}{pad}  ")),
                _ => l.push_str(&format!("{pad}{cell}  ")),
            }
        }
        l.trim_end().to_string() + "\n"
    };
    out.push_str(&line(&TEXT_HEADER.map(String::from)));
    let mut corpus = None;
    for (g, r) in c.groups.iter().zip(&rows) {
        if corpus != Some(&g.corpus) {
            let _ = writeln!(out, "{}", g.corpus);
            corpus = Some(&g.corpus);
        }
        out.push_str(&line(r));
    }
    for n in notes(c, args) {
        for l in crate::ui::wrap(&n, COLUMNS) {
            let _ = writeln!(out, "{l}");
        }
    }
    out
}

/// The comparison as Markdown.
pub fn markdown(c: &Comparison, args: &CompareArgs) -> String {
    let mut out = String::from("## sudoku-lab compare\n\n");
    let changed = changes(c);
    if !changed.is_empty() {
        out.push_str("### Counters changed (a fidelity regression)\n\n");
        for (title, examples) in &changed {
            let _ = writeln!(out, "- **{title}**");
            for e in examples {
                let _ = writeln!(out, "  - {e}");
            }
        }
        out.push('\n');
    }
    let _ = writeln!(out, "| {} |", HEADER.join(" | "));
    let align: Vec<&str> = (0..HEADER.len())
        .map(|i| if i < 2 { "---" } else { "---:" })
        .collect();
    let _ = writeln!(out, "|{}|", align.join("|"));
    for g in &c.groups {
        // A `|` in a cell (a corpus's name) would end it.
        let escaped = cells(g).map(|cell| cell.replace('|', "\\|"));
        let _ = writeln!(out, "| {} |", escaped.join(" | "));
    }
    out.push('\n');
    for n in notes(c, args) {
        let _ = writeln!(out, "{n}\n");
    }
    out
}
