//! Tests of the summary: counts, the views, the notes. What a malformed sidecar does
//! is tested end to end (`crates/lab/tests`: `cli.rs`, `faults.rs`).

use std::sync::Arc;

use crate::sidecar::{MergedShard, Resumption, ShardEntry};
use sudoku_results::{GridText, Retimed};

use super::*;

fn row(corpus: &str, solver: &str, status: Status, ns: u64, nodes: u64) -> Row {
    Row {
        corpus: Arc::from(corpus),
        index: 0,
        line: 1,
        name: None,
        solver: Arc::from(solver),
        limit: 1,
        status,
        solutions: 1,
        nodes,
        backtracks: nodes.saturating_sub(1),
        nanoseconds: ns,
        median_nanoseconds: ns,
        retimed: Retimed::Trusted(0),
        puzzle: "".into(),
        solution: GridText::new(),
        original: None,
        problem: None,
    }
}

fn summary_of(rows: impl IntoIterator<Item = Row>) -> Summary {
    let mut s = Summary::new();
    rows.into_iter().for_each(|r| s.add(&r));
    s
}

/// Solved rows of dlx and bands for each of `n` puzzles of `corpus` (indexes 0 to n - 1).
fn puzzles(corpus: &str, n: u64) -> impl Iterator<Item = Row> + '_ {
    let solved = move |index| {
        ["dlx", "bands"].map(|s| Row {
            index,
            ..row(corpus, s, Status::Solved, 1000, 10)
        })
    };
    (0..n).flat_map(solved)
}

/// The cells of line `n` of a text table, split at runs of two spaces.
fn fields(text: &str, n: usize) -> Vec<&str> {
    let line = text.lines().nth(n).unwrap_or_default();
    line.split("  ")
        .map(str::trim)
        .filter(|f| !f.is_empty())
        .collect()
}

/// The cells of the first row of a text table under the headers `names`.
fn cells<const N: usize>(text: &str, names: [&str; N]) -> [String; N] {
    let (header, line) = (fields(text, 0), fields(text, 1));
    names.map(|name| line[header.iter().position(|h| *h == name).unwrap()].to_string())
}

#[track_caller]
fn says(text: &str, parts: &[&str], absent: &[&str]) {
    for part in parts {
        assert!(text.contains(part), "{part:?} not in:\n{text}");
    }
    for part in absent {
        assert!(!text.contains(part), "{part:?} in:\n{text}");
    }
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
    assert_eq!(s.groups().len(), 2);
    let wide = s.to_text(View::Wide);
    let wrong = "WRONG: 1 solution failed its check:\n- x/a.txt:1 (index 0) naive\n";
    says(&wide, &[wrong], &[]);
    // 3 rows, 1 solved, 0 none, 1 budget, 1 wrong; median 2 µs, MAD 1 µs, mean 2 µs, p90, p99
    // and max 3 µs; 0 re-timed or disturbed; puzzles/s = 3 / 6 µs; nodes: mean 20, max 30.
    let line = |text: &str, n| fields(text, n).join(" | ");
    assert_eq!(
        line(&wide, 1),
        "x/a.txt | naive | 3 | 1 | 0 | 1 | 1 WRONG | 2.00 µs | 1.00 µs | 2.00 µs | 3.00 µs | \
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
    says(
        &s.to_markdown(),
        &[dlx, "**WRONG: 1 solution failed its check**"],
        &[],
    );
}

#[test]
fn the_narrow_view_fits_100_columns_cutting_corpora_in_their_middle() {
    let long = "../shared/corpora/a_very_long_corpus_file_name_that_goes_on_and_on_top1465.txt";
    let slow = |s| row(long, s, Status::BudgetExhausted, 2e9 as u64, 2e8 as u64);
    let slow = ["naive", "reduce-essay", "norvig", "dlx"].map(slow);
    let s = summary_of(slow.into_iter().chain(puzzles(long, 1000)));
    let text = s.to_text(View::Narrow);
    assert!(
        text.lines().all(|line| line.chars().count() <= 100),
        "{text}"
    );
    says(&text, &["\na_very_long_…d_on_top1465  naive"], &[]);
    says(&s.to_text(View::Wide), &[long], &[]);
}

/// The wall clock of the rules not tested end to end (`crates/lab/tests`: whole runs,
/// shards, merges, `--resume`, one shard of a merge resumed): several shards of a merge
/// resumed; a resumed run whose puzzles were not all given rows, one whose puzzles were all
/// the earlier run's (no clock: `""`), a resumed shard. Each case: the puzzles with rows,
/// how the sidecar differs from a run of 1000 puzzles in 2 s on 2 threads, what it says.
#[test]
fn the_wall_clock_is_of_what_was_timed() {
    let resumed = |k| Resumption {
        date: "2026-01-02T00:00:00Z".into(),
        command: "sudoku-lab bench --resume".into(),
        shard: Some(ShardEntry { k, n: 3 }),
    };
    let merged = |n| {
        let shard = |k| MergedShard {
            shard: ShardEntry { k, n: 3 },
            csv: format!("s{k}.csv"),
        };
        (1..=n).map(shard).collect()
    };
    let slowest = "The wall clock is the slowest shard's: the whole run's only if the shards \
ran side by side.\n";
    let several = format!(
        "Wall clock: 200 puzzles/s for the whole run, shards 1/3 and 3/3 since their --resume \
(400 puzzles in 2.00 s, 1 thread, all solvers).\nThe 600 puzzles copied by the --resume of shards \
1/3 and 3/3 are their earlier runs': not timed here.\n{slowest}"
    );
    type Edit<'a> = &'a dyn Fn(&mut Sidecar);
    let cases: [(u64, Edit, &str); 4] = [
        (1000, &|s| s.resumed_puzzles = 1000, ""),
        (
            1000,
            &|s| {
                (s.threads, s.resumed_puzzles, s.merged_from) = (1, 600, merged(3));
                s.resumed = vec![resumed(3), resumed(1), resumed(3)];
            },
            &several,
        ),
        (
            5,
            &|s| (s.seconds, s.puzzles, s.resumed_puzzles) = (0.001, 205, 2),
            "Wall clock: 3000 puzzles/s since --resume (203 puzzles read, 3 of them with rows, \
in 1.00 ms, 2 threads, all solvers).\nThe 2 puzzles before it are the earlier run's: not timed \
here.\n",
        ),
        (
            10,
            &|s| {
                (s.threads, s.puzzles, s.resumed_puzzles) = (1, 30, 4);
                s.shard = Some(ShardEntry { k: 2, n: 3 });
            },
            "Wall clock: 3.0 puzzles/s for shard 2/3 since --resume (26 puzzles read, 6 of them \
with rows, in 2.00 s, 1 thread, all solvers).\n",
        ),
    ];
    for (rows, edit, part) in cases {
        let mut sidecar = Sidecar {
            seconds: 2.0,
            threads: 2,
            puzzles: 1000,
            ..Sidecar::default()
        };
        edit(&mut sidecar);
        let mut s = summary_of(puzzles("a", rows));
        s.apply_sidecar(&sidecar);
        for text in [s.to_text(View::Narrow), s.to_markdown()] {
            says(&text, &[part], &[]);
            assert_eq!(text.contains("Wall clock"), !part.is_empty(), "{text}");
        }
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
    assert_eq!(s.groups().len(), 10_000);
    assert_eq!(s.groups()[15].stats.puzzles, 2, "{:?}", s.groups()[15]);
}

/// The narrow legend says what each column shown means, and only those; a column of rows of
/// a kind (2+ solutions, timeouts, crashes, unknown statuses) shows when there are some.
#[test]
fn the_narrow_legend_says_what_every_column_shown_means() {
    let legend = |s: &Summary| {
        let text = s.to_text(View::Narrow);
        let (_, legend) = text.split_once("solved = ").unwrap();
        format!("solved = {legend}")
    };
    let mut s = summary_of([row("a.txt", "dlx", Status::Solved, 1000, 10)]);
    let absent = ["2+ sol", "timeout (", "crashed (", "unknown (", "(timeout"];
    says(
        &legend(&s),
        &["wrong (a failed check);\n", "(--wide: every column"],
        &absent,
    );
    s.add(&Row {
        limit: 2,
        solutions: 2,
        ..row("a.txt", "dlx", Status::Solved, 1000, 10)
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
    assert_eq!(
        cells(&text, ["puzzles", "2+ sol", "unknown"]),
        ["2", "1", "0"]
    );
    assert_eq!(
        legend(&s),
        "solved = puzzles - none (no solution) - budget (budget exhausted) - wrong (a failed \
check) -\ntimeout (a cmd: solver gave no answer in time) - crashed (a cmd: solver's process \
exited) -\nunknown (a status this version does not know);\n2+ sol: puzzles found to have two \
solutions or more (--limit 2 and up);\nmedian: of the solves' trusted times (a disturbed solve is \
timed again);\nMAD (median absolute deviation, its spread);\ncore/s: puzzles per second of solve \
time on one core (1 / the mean time);\ntries: mean per puzzle (nodes = 1 + tries)\n(timeout, \
crashed and unknown rows have no solve time: no time figure counts them);\n(--wide: every \
column, solved, p99 and %no_guess too).\nUnknown status in 1 row: x (not written by this \
version; not counted as wrong).\n"
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
    let s = summary_of(answered.into_iter().chain(stalled.clone()));
    // |10-40|, |40-40|, |1e6-40|: the median (rank 2) 30; 3 puzzles in 1.00005 ms: 3000/s.
    let shown = [
        "puzzles",
        "timeout",
        "crashed",
        "unknown status",
        "puzzles/s per core",
    ];
    let times = ["mean", "median", "MAD", "p99", "max"];
    let wide = s.to_text(View::Wide);
    assert_eq!(cells(&wide, shown), ["6", "1", "1", "1", "3000"]);
    assert_eq!(
        cells(&wide, times),
        ["333 µs", "40 ns", "30 ns", "1.00 ms", "1.00 ms"]
    );
    let none = summary_of(stalled.into_iter().take(1)).to_text(View::Wide);
    let counts = [
        "mean nodes",
        "max nodes",
        "mean backtracks",
        "puzzles/s per core",
    ];
    assert_eq!(cells(&none, counts), ["-"; 4]);
    assert_eq!(cells(&none, times), ["-"; 5]);
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
        let solved = |solver| Row {
            index,
            ..row("a.txt", solver, Status::Solved, 1000, 10)
        };
        // Passes of norvig a fifth apart on every tenth row.
        let median_nanoseconds = if index % 10 == 0 { 1200 } else { 1000 };
        let logic = Row {
            retimed,
            nanoseconds: sudoku_results::RETIME_BELOW,
            ..solved("logic")
        };
        let norvig = Row {
            median_nanoseconds,
            ..solved("norvig")
        };
        [
            Row {
                retimed,
                ..solved("naive")
            },
            solved("dlx"),
            logic,
            norvig,
        ]
    });
    let s = summary_of(rows);
    let narrow = s.to_text(View::Narrow);
    assert!(narrow.lines().all(|l| l.chars().count() <= 100), "{narrow}");
    // The notes are wrapped to the table's width: read as one line.
    says(
        &narrow.replace('\n', " "),
        &[
            "Disturbed timings (the solve's thread off its core): 2 solves timed again, 2 left \
disturbed",
            "Warning: naive on a: 1 of its 100 solves stayed disturbed. Its times may not hold",
            "Warning: norvig on a: 10 of its 100 rows have passes more than 10% apart.",
        ],
        &["dlx on a", "logic on a"],
    );
    assert_eq!((s.retimed(), s.disturbed()), (2, 2));
}
