//! Tests of the summary: grouping, counts, the two views and Markdown, the notes a sidecar
//! adds.

use std::sync::Arc;

use crate::sidecar::{CorpusEntry, MergedShard, Resumption, ShardEntry};
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

/// A summary of `rows`.
fn summary_of(rows: impl IntoIterator<Item = Row>) -> Summary {
    let mut s = Summary::new();
    rows.into_iter().for_each(|r| s.add(&r));
    s
}

/// Solved rows of dlx and bands for each of `n` puzzles of `corpus` (indexes 0 to n - 1).
fn puzzles(corpus: &str, n: u64) -> impl Iterator<Item = Row> + '_ {
    (0..n).flat_map(move |index| {
        ["dlx", "bands"].map(|solver| Row {
            index,
            ..row(corpus, solver, Status::Solved, 1000, 10)
        })
    })
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

/// How a case's sidecar differs from the one it is made from.
type Edit = fn(&mut Sidecar);

/// What a text says and what it does not.
type Says<'a> = (&'a [&'a str], &'a [&'a str]);

/// Asserts that `text` holds each of `parts` and none of `absent`, showing it when not.
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
    let mut s = summary_of([
        row("x/a.txt", "naive", Status::Solved, 1000, 10),
        row("x/a.txt", "dlx", Status::Solved, 3000, 2),
        row("x/a.txt", "naive", Status::BudgetExhausted, 3000, 30),
        Row {
            problem: Some("the solver panicked: boom".into()),
            ..row("x/a.txt", "naive", Status::Wrong, 2000, 20)
        },
    ]);
    s.add_malformed("x/a.txt", 1);
    let g = s.groups();
    assert_eq!(g.len(), 2);
    let naive = &g[0].stats;
    assert_eq!((&*g[0].corpus, &*g[0].solver), ("x/a.txt", "naive"));
    let counts = [
        naive.puzzles,
        naive.solved,
        naive.budget_exhausted,
        naive.wrong,
    ];
    assert_eq!(counts, [3, 1, 1, 1]);
    let costs = (naive.total_nodes, naive.max_nodes, naive.max_ns);
    assert_eq!(costs, (60, 30, 3000));
    assert_eq!(s.wrong(), 1);
    let wide = s.to_text(View::Wide);
    let wrong = "WRONG: 1 solution failed its check:\n- x/a.txt:1 (index 0) naive\n";
    says(
        &wide,
        &[wrong, "Malformed lines skipped: 1 (x/a.txt: 1)."],
        &[],
    );
    // Median 2 µs, MAD 1 µs, mean 2 µs, p90, p99 and max 3 µs; puzzles/s = 3 puzzles / 6 µs;
    // mean nodes 20.0.
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
    says(
        &s.to_markdown(),
        &[
            "| x/a.txt | dlx | 1 | 1 | 0 | 0 | 0 | 3.00 µs | 0 ns | 3.00 µs |",
            "**WRONG: 1 solution failed its check**",
        ],
        &[],
    );
}

#[test]
fn several_solutions_and_unknown_statuses_get_their_columns() {
    let one = row("a.txt", "dlx", Status::Solved, 1000, 10);
    assert!(!summary_of([one.clone()])
        .to_text(View::Narrow)
        .contains("2+ sol"));
    let s = summary_of([
        one,
        Row {
            limit: 2,
            solutions: 2,
            ..row("a.txt", "dlx", Status::Solved, 1000, 10)
        },
        row("a.txt", "dlx", Status::Unknown("stalled".into()), 1000, 10),
    ]);
    assert_eq!((s.wrong(), s.unknown()), (0, 1));
    let text = s.to_text(View::Narrow);
    assert_eq!(
        cells(&text, ["puzzles", "wrong", "2+ sol", "unknown"]),
        ["3", "0", "1", "1"]
    );
    says(
        &text,
        &["Unknown status in 1 row: stalled (not written by this version; not counted as wrong)."],
        &[],
    );
}

#[test]
fn the_narrow_view_fits_100_columns_cutting_corpora_in_their_middle() {
    let long = "../shared/corpora/a_very_long_corpus_file_name_that_goes_on_and_on_top1465.txt";
    let slow = |solver| {
        row(
            long,
            solver,
            Status::BudgetExhausted,
            2_000_000_000,
            200_000_000,
        )
    };
    let slow = ["naive", "reduce-essay", "norvig", "dlx"].map(slow);
    let s = summary_of(slow.into_iter().chain(puzzles(long, 1000)));
    let text = s.to_text(View::Narrow);
    for line in text.lines() {
        assert!(line.chars().count() <= 100, "{line}");
    }
    says(&text, &["\na_very_long_…d_on_top1465  naive"], &[]);
    says(&s.to_text(View::Wide), &[long], &[]);
}

/// The shard `k` of 3 continued with `--resume`, as a merge's sidecar lists it.
fn resumed(k: u64) -> Resumption {
    Resumption {
        date: "2026-01-02T00:00:00Z".into(),
        command: "sudoku-lab bench --resume".into(),
        shard: Some(ShardEntry { k, n: 3 }),
    }
}

/// The shards `1..=n` of 3, as a merge's sidecar lists them.
fn merged(n: u64) -> Vec<MergedShard> {
    let shard = |k| MergedShard {
        shard: ShardEntry { k, n: 3 },
        csv: format!("s{k}.csv"),
    };
    (1..=n).map(shard).collect()
}

/// The wall clock, as a sidecar gives it: of the whole run, of a shard, since `--resume`,
/// of a merge (whose clock is its slowest shard's, and whose shards continued with
/// `--resume` are named), of the puzzles with rows (not those read that no solver solves,
/// nor each row); none when no puzzle was timed. Each case: the puzzles with rows, how
/// the sidecar differs from a run of 1000 puzzles in 2 s on 2 threads, what it says.
#[test]
fn the_wall_clock_is_of_what_was_timed() {
    let slowest = "The wall clock is the slowest shard's: the whole run's only if the shards \
ran side by side.\n";
    let cases: [(u64, Edit, &str); 11] = [
        (
            1000,
            |_| {},
            "Wall clock: 500 puzzles/s for the whole run (1000 puzzles in 2.00 s, \
2 threads, all solvers).\n",
        ),
        // A run of milliseconds reads in milliseconds.
        (
            1000,
            |s| s.seconds = 0.0144,
            "/s for the whole run (1000 puzzles in 14.4 ms, 2 threads",
        ),
        (
            1000,
            |s| (s.threads, s.resumed_puzzles) = (1, 600),
            "Wall clock: 200 puzzles/s since \
--resume (400 puzzles in 2.00 s, 1 thread, all solvers).\nThe 600 puzzles before it are the \
earlier run's: not timed here.\n",
        ),
        (1000, |s| s.resumed_puzzles = 1000, ""),
        (
            1000,
            |s| {
                (s.threads, s.resumed_puzzles, s.merged_from) = (1, 600, merged(3));
                s.resumed = vec![resumed(3), resumed(1), resumed(3)];
            },
            "Wall clock: 200 puzzles/s for the whole run, shards 1/3 and 3/3 since their \
--resume (400 puzzles in 2.00 s, 1 thread, all solvers).\nThe 600 puzzles copied by the \
--resume of shards 1/3 and 3/3 are their earlier runs': not timed here.\n",
        ),
        (
            1000,
            |s| {
                (s.threads, s.resumed_puzzles, s.merged_from) = (1, 1, merged(3));
                s.resumed = vec![resumed(2)];
            },
            "/s for the whole run, shard 2/3 since its --resume (999 puzzles in 2.00 s, 1 \
thread, all solvers).\nThe 1 puzzle copied by the --resume of shard 2/3 is its earlier run's: \
not timed here.\n",
        ),
        (
            1000,
            |s| s.merged_from = merged(2),
            "Wall clock: 500 puzzles/s for the whole run \
(1000 puzzles in 2.00 s, 2 threads, all solvers).\nThe wall clock is the slowest shard's",
        ),
        (
            5,
            |s| (s.seconds, s.puzzles) = (0.001, 205),
            "Wall clock: 5000 puzzles/s for the \
whole run (205 puzzles read, 5 of them with rows, in 1.00 ms, 2 threads, all solvers).\n",
        ),
        (
            5,
            |s| (s.seconds, s.puzzles, s.resumed_puzzles) = (0.001, 205, 2),
            "3000 puzzles/s \
since --resume (203 puzzles read, 3 of them with rows,",
        ),
        (0, |s| (s.seconds, s.puzzles) = (0.001, 5), "No rows.\n"),
        (
            10,
            |s| {
                (s.threads, s.puzzles, s.shard) = (1, 30, Some(ShardEntry { k: 2, n: 3 }));
            },
            "\nShard 2/3: one share of the run's puzzles (sudoku-lab merge joins the shards into \
the whole run).\nWall clock: 5.0 puzzles/s for shard 2/3 (30 puzzles read, 10 of them with \
rows, in 2.00 s, 1 thread, all solvers).\n",
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
        let merge = !sidecar.merged_from.is_empty();
        for text in [s.to_text(View::Narrow), s.to_markdown()] {
            says(&text, &[part], &[]);
            assert_eq!(
                text.contains("Wall clock"),
                !part.ends_with("No rows.\n") && !part.is_empty(),
                "{text}"
            );
            assert_eq!(
                text.contains(slowest),
                merge && text.contains("Wall clock"),
                "{text}"
            );
            let shard = sidecar.shard.is_some() || merge;
            assert_eq!(text.contains("hard"), shard, "{text}");
        }
    }
    let mut s = summary_of(puzzles("a", 10));
    let shard = Sidecar {
        seconds: 2.0,
        threads: 1,
        puzzles: 30,
        resumed_puzzles: 4,
        shard: Some(ShardEntry { k: 2, n: 3 }),
        ..Sidecar::default()
    };
    s.apply_sidecar(&shard);
    let resumed = "Wall clock: 3.0 puzzles/s for shard 2/3 since --resume (26 puzzles read";
    says(&s.to_text(View::Narrow), &[resumed], &[]);
    assert!(s
        .to_markdown()
        .starts_with("# sudoku-lab summary: shard 2/3\n\n"));
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

/// What a sidecar's text adds: how the run ended (a sidecar that says nothing of it, or a
/// state this version does not know, told as such, not as a run still going), its
/// malformed lines, its wall clock. A count it does not give is left out, not read as 0:
/// without its thread count, its puzzles or its time, no wall clock; a corpus without its
/// malformed lines counts none. The counts left out are returned, in the order of
/// `ACCOUNT`; `rows` is not read here (`summary` checks it against the CSV's).
#[test]
fn a_sidecar_says_how_the_run_ended_and_what_it_does_not_give_is_left_out() {
    let sidecar = Sidecar {
        state: State::Finished.into(),
        threads: 2,
        puzzles: 1,
        rows: 1,
        seconds: 0.5,
        corpus: vec![CorpusEntry {
            path: "a.txt".into(),
            puzzles: 1,
            malformed: 2,
            ..CorpusEntry::default()
        }],
        ..Sidecar::default()
    };
    let text = sidecar.to_toml();
    let cut = |line: &str| {
        let cut = text.replacen(line, "", 1);
        assert_ne!(cut, text, "{line}");
        cut
    };
    let clock = "Wall clock: 2.0 puzzles/s for the whole run (1 puzzle in 500 ms, 2 threads, ";
    let malformed = "Malformed lines skipped: 2 (a.txt: 2).";
    let cases: [(String, &[&str], Says); 9] = [
        (text.clone(), &[], (&[clock, malformed], &["STATE", "FINISHED"])),
        (cut("\nthreads = 2"), &["threads"], (&[malformed], &["Wall clock"])),
        (cut("\npuzzles = 1"), &["puzzles"], (&[], &["Wall clock"])),
        (cut("\nseconds = 0.5"), &["seconds"], (&[], &["Wall clock"])),
        (cut("\nrows = 1"), &[], (&[clock], &[])),
        (cut("\nmalformed = 2"), &["corpus.malformed"], (&[clock], &["Malformed"])),
        (
            text.replace("\"finished\"", "\"running\""),
            &[],
            (&["**NOT FINISHED**: the sidecar says the run is still going", malformed], &[]),
        ),
        (
            String::new(),
            &CLOCK_COUNTS,
            (&["**NO STATE**: the sidecar says nothing of how the run ended"], &["still going"]),
        ),
        (
            "threads = 2\nstate = \"paused\"\n".into(),
            &["puzzles", "seconds"],
            (&["**UNKNOWN STATE**: the sidecar's state \"paused\" is not one this version knows"], &[]),
        ),
    ];
    for (text, untold, (parts, absent)) in cases {
        let mut s = summary_of([row("a.txt", "dlx", Status::Solved, 1000, 10)]);
        let found = SidecarFile {
            sidecar: Sidecar::parse(&text, Path::new("a.run.toml")).unwrap(),
            text: text.clone(),
            path: "a.run.toml".into(),
        };
        assert_eq!(s.apply_sidecar_found(&found), untold, "{text}");
        says(&s.to_markdown(), parts, absent);
    }
}

#[test]
fn the_narrow_legend_says_what_every_column_shown_means() {
    let legend = |s: &Summary| {
        let text = s.to_text(View::Narrow);
        let (_, legend) = text.split_once("solved = ").unwrap();
        format!("solved = {legend}")
    };
    let mut s = summary_of([row("a.txt", "dlx", Status::Solved, 1000, 10)]);
    assert_eq!(
        legend(&s),
        "solved = puzzles - none (no solution) - budget (budget exhausted) - wrong (a failed \
check);\nmedian: of the solves' trusted times (a disturbed solve is timed again);\nMAD (median \
absolute deviation, its spread);\ncore/s: puzzles per second of solve time on one core (1 / the \
mean time);\ntries: mean per puzzle (nodes = 1 + tries) (--wide: every column, solved, p99 and \
%no_guess too).\n"
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
    let header = fields(&s.to_text(View::Narrow), 0).join(" ");
    assert_eq!(
        header,
        "corpus solver puzzles none budget wrong 2+ sol unknown timeout crashed median MAD \
core/s tries"
    );
    let legend = legend(&s);
    assert_eq!(
        legend,
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
    assert!(legend.lines().all(|l| l.chars().count() <= 100), "{legend}");
}

#[test]
fn a_recount_takes_the_rows_of_the_file_and_keeps_the_rest() {
    let rows = [
        row("c.txt", "a", Status::Solved, 10, 1),
        row("c.txt", "a", Status::Wrong, 20, 2),
        row("c.txt", "b", Status::Solved, 30, 3),
    ];
    let mut s = summary_of(rows.clone());
    s.add_malformed("c.txt", 2);
    s.add_note("a note".into());
    // The file holds the first row only: the others never reached it.
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("r.csv");
    let mut text = sudoku_results::header_line();
    crate::write::encode_row(&mut text, &rows[0]);
    std::fs::write(&csv, text).unwrap();
    s.recount(&csv).unwrap();
    assert_eq!((s.rows(), s.wrong(), s.groups().len()), (1, 0, 1));
    says(&s.to_markdown(), &[], &["WRONG"]);
    assert_eq!(s.malformed_total(), 2);
    assert_eq!(s.notes(), ["a note"]);
    assert!(s.recount(&dir.path().join("gone.csv")).is_err());
    assert_eq!(s.rows(), 1, "as it was");
}

/// The rule of every time figure ([`Row::solve_time`]): a timeout, a crash or an unknown
/// status has no solve time, and counts in no mean, percentile, maximum or rate, only in its
/// column; a group of no answer at all has no time figure, nor any count of nodes (`-`).
#[test]
fn timeouts_and_crashes_count_in_no_time_figure() {
    let stalled = [
        Status::Timeout,
        Status::Crashed,
        Status::Unknown("x".into()),
    ];
    let stalled = stalled.map(|status| row("a.txt", "stall", status, 500_000_000, 0));
    let answered = [1000, 3000].map(|ns| row("a.txt", "stall", Status::Solved, ns, 10));
    let s = summary_of(answered.into_iter().chain(stalled.clone()));
    let stats = &s.groups()[0].stats;
    assert_eq!((stats.puzzles, stats.timed), (5, 2));
    assert_eq!((stats.timeout, stats.crashed, stats.unknown), (1, 1, 1));
    assert_eq!(stats.per_core_rate(), Some(2.0 / 4e-6));
    assert_eq!(stats.mean_time(), Some(2000.0));
    assert_eq!(stats.max_time(), Some(3000));
    assert_eq!(stats.times().percentile(100.0), Some(3000));
    assert_eq!(
        cells(
            &s.to_text(View::Wide),
            ["puzzles/s per core", "mean", "median", "p99", "max"]
        ),
        ["500000", "2.00 µs", "1.00 µs", "3.00 µs", "3.00 µs"]
    );
    let none = summary_of(stalled.into_iter().take(1));
    let stats = &none.groups()[0].stats;
    let figures = (stats.per_core_rate(), stats.mean_time(), stats.max_time());
    assert_eq!(figures, (None, None, None));
    assert_eq!(stats.times().percentile(50.0), None);
    assert_eq!(
        cells(
            &none.to_text(View::Wide),
            ["mean nodes", "max nodes", "mean backtracks", "max"]
        ),
        ["-", "-", "-", "-"]
    );
}

#[test]
fn the_figures_are_the_shared_ones_of_the_rows_with_a_solve_time() {
    let mut stats = Stats::default();
    for (ns, status) in [
        (40, Status::Solved),
        (10, Status::Solved),
        (1_000_000, Status::BudgetExhausted),
        (20, Status::NoSolution),
        (5, Status::Timeout),
    ] {
        stats.add(&row("c", "s", status, ns, 1));
    }
    let times = stats.times();
    assert_eq!(times.median(), Some(20));
    assert_eq!(times.percentile(100.0), Some(1_000_000));
    // |10-20|, |20-20|, |40-20|, |1e6-20|: 10, 0, 20, 999980; the median (rank 2) 10.
    assert_eq!(times.mad(), Some(10));
    assert_eq!(Stats::default().times().median(), None);
}

/// A group of solves that stayed disturbed, or that were timed again often, or whose
/// passes disagree, is warned of below the table, as hyperfine warns of outliers; one
/// whose timings held is not, nor one whose disturbed solves were too long to time again
/// (their time on their core holds).
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
        [
            Row {
                retimed,
                ..solved("naive")
            },
            solved("dlx"),
            Row {
                retimed,
                nanoseconds: sudoku_results::RETIME_BELOW,
                ..solved("logic")
            },
            Row {
                median_nanoseconds,
                ..solved("norvig")
            },
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
