//! Tests of the summary: counts, the views, the notes. What a malformed sidecar does, and
//! the narrow view's width with long corpus names, are tested end to end
//! (`crates/lab/tests`: `cli.rs`, `faults.rs`, `outputs.rs`).

use std::sync::Arc;

use sudoku_results::Retimed;

use super::*;

fn row(corpus: &str, solver: &str, status: Status, ns: u64, nodes: u64) -> Row {
    Row {
        corpus: Arc::from(corpus),
        status,
        nodes,
        backtracks: nodes.saturating_sub(1),
        nanoseconds: ns,
        median_nanoseconds: ns,
        ..crate::identity::tests::row(0, solver, crate::identity::tests::P)
    }
}

fn summary_of(rows: impl IntoIterator<Item = Row>) -> Summary {
    let mut s = Summary::new();
    rows.into_iter().for_each(|r| s.add(&r));
    s
}

/// The cells of line `n` of a text table, split at runs of two spaces.
fn fields(text: &str, n: usize) -> Vec<&str> {
    let line = text.lines().nth(n).unwrap_or_default();
    line.split("  ")
        .map(str::trim)
        .filter(|f| !f.is_empty())
        .collect()
}

/// The cells of the first row of a text table under the headers `names` (`|` between).
fn cells(text: &str, names: &str) -> String {
    let (header, line) = (fields(text, 0), fields(text, 1));
    let cell = |name| line[header.iter().position(|h| *h == name).unwrap()];
    names.split('|').map(cell).collect::<Vec<_>>().join("|")
}

#[test]
fn groups_count_statuses_and_costs() {
    let s = summary_of([
        row("x/a.txt", "naive", Status::Solved, 1000, 10),
        row("x/a.txt", "dlx", Status::Solved, 3000, 2),
        row("x/a.txt", "naive", Status::BudgetExhausted, 3000, 30),
        Row {
            problem: Some("the solver panicked: boom".into()),
            ..row("x/a.txt", "naive", Status::Wrong, 2000, 20)
        },
    ]);
    assert_eq!(s.tally.groups.len(), 2);
    let wide = s.to_text(View::Wide);
    let wrong = "WRONG: 1 solution failed its check:\n- x/a.txt:1 (index 0) naive\n";
    assert!(wide.contains(wrong), "{wide}");
    // 3 rows, 1 solved, 0 none, 1 budget, 1 wrong; median 2 µs, MAD 1 µs, mean 2 µs, p90, p99
    // and max 3 µs; 0 re-timed or disturbed; puzzles/s = 3 / 6 µs; nodes: mean 20, max 30.
    let line = |text: &str, n| fields(text, n).join(" | ");
    assert_eq!(
        line(&wide, 1),
        "x/a.txt | naive | 3 | 1 | 0 | 1 | 1 | 2.00 µs | 1.00 µs | 2.00 µs | 3.00 µs | \
3.00 µs | 3.00 µs | 0 | 0 | 500000 | 20.0 | 30 | 19.0 | 19.0 | 0.0"
    );
    let narrow = s.to_text(View::Narrow);
    assert_eq!(
        line(&narrow, 0),
        "corpus | solver | puzzles | none | budget | wrong | median | MAD | core/s | tries"
    );
    assert_eq!(
        line(&narrow, 1),
        "a | naive | 3 | 0 | 1 | 1 | 2.00 µs | 1.00 µs | 500000 | 19.0"
    );
    let dlx = "| x/a.txt | dlx | 1 | 1 | 0 | 0 | 0 | 3.00 µs | 0 ns | 3.00 µs |";
    let md = s.to_markdown();
    assert!(
        md.contains(dlx) && md.contains("**WRONG: 1 solution failed"),
        "{md}"
    );
}

/// A run whose puzzles `--resume` copied all has no wall clock: it timed none (the clock of
/// a run, a shard, a merge and a resumption is tested end to end: `crates/lab/tests`).
#[test]
fn a_run_that_timed_no_puzzle_has_no_wall_clock() {
    let mut s = summary_of([row("a", "dlx", Status::Solved, 1000, 10)]);
    s.apply_sidecar(&Sidecar {
        seconds: 2.0,
        puzzles: 1,
        resumed_puzzles: 1,
        ..Sidecar::default()
    });
    for text in [s.to_text(View::Narrow), s.to_markdown()] {
        assert!(!text.contains("Wall clock"), "{text}");
    }
}

#[test]
fn many_corpora_group_in_one_pass() {
    let mut s = Summary::new();
    for i in 0..5000 {
        for solver in ["naive", "dlx"] {
            s.add(&row(&format!("c{i}.txt"), solver, Status::Solved, 10, 1));
        }
    }
    s.add(&row("c7.txt", "dlx", Status::Solved, 10, 1));
    assert_eq!(s.tally.groups.len(), 10_000);
    assert_eq!(s.tally.groups[15].puzzles, 2, "{:?}", s.tally.groups[15]);
}

/// The narrow legend says what each column shown means; a column of rows of a kind (2+
/// solutions, timeouts, crashes, unknown statuses) shows when there are some.
#[test]
fn the_narrow_legend_says_what_every_column_shown_means() {
    let mut s = summary_of([row("a.txt", "dlx", Status::Solved, 1000, 10)]);
    let text = s.to_text(View::Narrow);
    let kinds = ["2+ sol", "timeout", "crashed", "unknown"];
    assert!(!kinds.iter().any(|k| text.contains(k)), "{text}");
    let two = row("a.txt", "dlx", Status::Solved, 1000, 10);
    s.add(&Row {
        limit: 2,
        solutions: 2,
        ..two
    });
    for status in [
        Status::Timeout,
        Status::Crashed,
        Status::Unknown("x".into()),
    ] {
        s.add(&row("a.txt", "cat", status, 1000, 0));
    }
    let text = s.to_text(View::Narrow);
    assert_eq!(
        fields(&text, 0).join(" "),
        "corpus solver puzzles none budget wrong 2+ sol unknown timeout crashed median MAD \
core/s tries"
    );
    assert_eq!(cells(&text, "puzzles|2+ sol|unknown"), "2|1|0");
    let legend = &text[text.find("none: ").unwrap()..];
    assert_eq!(
        legend,
        "none: no solution; budget: budget exhausted; wrong: a failed check;\n2+ sol: puzzles \
found to have two solutions or more (--limit 2 and up);\nunknown: a status this version does not \
know (no time figure counts it);\ntimeout: a cmd: solver gave no answer in time (no time figure \
counts it);\ncrashed: a cmd: solver's process exited (no time figure counts it);\nmedian: of the \
solves' trusted times (a disturbed solve is timed again);\nMAD: median absolute deviation, its \
spread;\ncore/s: puzzles per second of solve time on one core (1 / the mean time);\ntries: mean \
per puzzle (nodes = 1 + tries); --wide: every column, solved, p99 and %no_guess too.\n"
    );
}

/// A timeout, a crash or an unknown status has no solve time and counts in no time figure,
/// only in its column (timeouts are tested end to end too: `crates/lab/tests/harness.rs`);
/// a group of no answer at all has no time figure, nor any count of nodes (`-`).
#[test]
fn timeouts_and_crashes_count_in_no_time_figure() {
    let stalled = [
        Status::Timeout,
        Status::Crashed,
        Status::Unknown("x".into()),
    ];
    let stalled = stalled.map(|status| row("a.txt", "stall", status, 500_000_000, 0));
    let answered = [
        (40, Status::Solved),
        (10, Status::NoSolution),
        (1_000_000, Status::BudgetExhausted),
    ];
    let answered = answered.map(|(ns, status)| row("a.txt", "stall", status, ns, 10));
    let wide = summary_of(answered.into_iter().chain(stalled.clone())).to_text(View::Wide);
    // |10-40|, |40-40|, |1e6-40|: the median (rank 2) 30; 3 puzzles in 1.00005 ms: 3000/s.
    let shown = "puzzles|timeout|crashed|unknown status|puzzles/s per core";
    assert_eq!(cells(&wide, shown), "6|1|1|1|3000");
    let times = "mean|median|MAD|p99|max";
    assert_eq!(cells(&wide, times), "333 µs|40 ns|30 ns|1.00 ms|1.00 ms");
    let none = summary_of(stalled.into_iter().take(1)).to_text(View::Wide);
    let counts = "mean nodes|max nodes|mean backtracks|puzzles/s per core";
    assert_eq!(cells(&none, counts), "-|-|-|-");
    assert_eq!(cells(&none, times), "-|-|-|-|-");
}

/// A group of solves that stayed disturbed, or that were timed again often, or whose
/// passes disagree, is warned of below the table; one whose timings held is not, nor one
/// whose disturbed solves were too long to time again (their time on their core holds).
#[test]
fn groups_whose_times_may_not_hold_are_warned_of() {
    let rows = (0..100).flat_map(|index| {
        let retimed = match index {
            0 => Retimed::Disturbed,
            1 => Retimed::Trusted(2),
            _ => Retimed::Trusted(0),
        };
        // Passes of norvig a fifth apart on every tenth row.
        let spread = if index % 10 == 0 { 1200 } else { 1000 };
        let long = sudoku_results::RETIME_BELOW;
        let solvers = [
            ("naive", retimed, 1000, 1000),
            ("dlx", Retimed::Trusted(0), 1000, 1000),
            ("logic", retimed, long, long),
            ("norvig", Retimed::Trusted(0), 1000, spread),
        ];
        solvers.map(|(solver, retimed, ns, median_nanoseconds)| Row {
            index,
            retimed,
            median_nanoseconds,
            ..row("a.txt", solver, Status::Solved, ns, 10)
        })
    });
    let s = summary_of(rows);
    let narrow = s.to_text(View::Narrow);
    assert!(narrow.lines().all(|l| l.chars().count() <= 100), "{narrow}");
    // The notes are wrapped to the table's width: read as one line.
    let notes = narrow.replace('\n', " ");
    let naive = "Warning: naive on a: 1 of its 100 solves stayed disturbed. Its times may not hold";
    let norvig = "Warning: norvig on a: 10 of its 100 rows have passes more than 10% apart.";
    assert!(notes.contains(naive) && notes.contains(norvig), "{narrow}");
    let quiet = ["dlx on a", "logic on a", "Disturbed timings"];
    assert!(!quiet.iter().any(|q| notes.contains(q)), "{narrow}");
    // In Markdown each note is a paragraph: lines one after another would run into one.
    let md = s.to_markdown();
    assert!(md.contains("5.\n\n**Warning**: norvig on a:"), "{md}");
    assert_eq!((s.retimed(), s.disturbed()), (2, 2));
}
