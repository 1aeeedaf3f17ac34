//! Tests of the summary: grouping, counts, the two views and Markdown.

use std::sync::Arc;

use crate::sidecar::{MergedShard, Resumption, ShardEntry};
use sudoku_results::GridText;

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
        retimed: sudoku_results::Retimed::Trusted(0),
        puzzle: "".into(),
        solution: GridText::new(),
        original: None,
        problem: None,
    }
}

/// Adds a solved row of dlx for each of `n` puzzles of `corpus` (indexes 0 to n - 1).
fn add_puzzles(s: &mut Summary, corpus: &str, n: u64) {
    for index in 0..n {
        s.add(&Row {
            index,
            ..row(corpus, "dlx", Status::Solved, 1000, 10)
        });
    }
}

/// The cells of a text table line, split at runs of two spaces.
fn fields(line: &str) -> Vec<&str> {
    line.split("  ")
        .map(str::trim)
        .filter(|f| !f.is_empty())
        .collect()
}

/// Asserts that `text` holds `part`, showing the whole text when it does not.
#[track_caller]
fn has(text: &str, part: &str) {
    assert!(text.contains(part), "{text}");
}

#[test]
fn groups_count_statuses_and_costs() {
    let mut s = Summary::new();
    s.add(&row("x/a.txt", "naive", Status::Solved, 1000, 10));
    s.add(&row("x/a.txt", "dlx", Status::Solved, 3000, 2));
    s.add(&row("x/a.txt", "naive", Status::BudgetExhausted, 3000, 30));
    s.add(&Row {
        problem: Some("the solver panicked: boom".into()),
        ..row("x/a.txt", "naive", Status::Wrong, 2000, 20)
    });
    s.add_malformed("x/a.txt", 1);
    let g = s.groups();
    assert_eq!(g.len(), 2);
    let naive = &g[0].stats;
    assert_eq!((&*g[0].corpus, &*g[0].solver), ("x/a.txt", "naive"));
    assert_eq!(
        (
            naive.puzzles,
            naive.solved,
            naive.budget_exhausted,
            naive.wrong
        ),
        (3, 1, 1, 1)
    );
    assert_eq!(
        (naive.total_nodes, naive.max_nodes, naive.max_ns),
        (60, 30, 3000)
    );
    assert_eq!(s.wrong(), 1);
    let text = s.to_text(View::Wide);
    has(
        &text,
        "WRONG: 1 solution failed its check:\n- x/a.txt:1 (index 0) naive\n",
    );
    has(&text, "Malformed lines skipped: 1 (x/a.txt: 1).");
    // Median 2 µs, MAD 1 µs, mean 2 µs, p90, p99 and max 3 µs; puzzles/s = 3 puzzles / 6 µs;
    // mean nodes 20.0.
    assert_eq!(
        fields(text.lines().nth(1).unwrap()),
        [
            "x/a.txt", "naive", "3", "1", "0", "1", "1 WRONG", "2.00 µs", "1.00 µs", "2.00 µs",
            "3.00 µs", "3.00 µs", "3.00 µs", "0", "0", "500000", "20.0", "30", "19.0", "19.0",
            "0.0"
        ]
    );
    let narrow = s.to_text(View::Narrow);
    assert_eq!(
        fields(narrow.lines().next().unwrap()),
        [
            "corpus", "solver", "puzzles", "none", "budget", "wrong", "median", "MAD", "core/s",
            "tries"
        ]
    );
    assert_eq!(
        fields(narrow.lines().nth(1).unwrap()),
        ["a", "naive", "3", "0", "1", "1", "2.00 µs", "1.00 µs", "500000", "19.0"]
    );
    let md = s.to_markdown();
    has(
        &md,
        "| x/a.txt | dlx | 1 | 1 | 0 | 0 | 0 | 3.00 µs | 0 ns | 3.00 µs |",
    );
    has(&md, "**WRONG: 1 solution failed its check**");
}

#[test]
fn several_solutions_and_unknown_statuses_get_their_columns() {
    let mut s = Summary::new();
    s.add(&row("a.txt", "dlx", Status::Solved, 1000, 10));
    assert!(!s.to_text(View::Narrow).contains("2+ sol"));
    s.add(&Row {
        limit: 2,
        solutions: 2,
        ..row("a.txt", "dlx", Status::Solved, 1000, 10)
    });
    s.add(&row(
        "a.txt",
        "dlx",
        Status::Unknown("stalled".into()),
        1000,
        10,
    ));
    assert_eq!((s.wrong(), s.unknown()), (0, 1));
    let text = s.to_text(View::Narrow);
    let header = fields(text.lines().next().unwrap());
    assert!(
        header.contains(&"2+ sol") && header.contains(&"unknown"),
        "{text}"
    );
    assert_eq!(
        fields(text.lines().nth(1).unwrap())[..8],
        ["a", "dlx", "3", "0", "0", "0", "1", "1"]
    );
    has(
        &text,
        "Unknown status in 1 row: stalled (not written by this version; not counted as wrong).",
    );
}

#[test]
fn the_narrow_view_fits_100_columns_and_the_clock_is_the_whole_run() {
    let mut s = Summary::new();
    let long = "../shared/corpora/a_very_long_corpus_file_name_that_goes_on_and_on_top1465.txt";
    for solver in ["naive", "reduce-essay", "norvig", "dlx"] {
        s.add(&row(
            long,
            solver,
            Status::BudgetExhausted,
            2_000_000_000,
            200_000_000,
        ));
    }
    add_puzzles(&mut s, long, 1000);
    s.clock = Some(Clock {
        seconds: 2.0,
        threads: 2,
        puzzles: 1000,
        resumed: 0,
    });
    let text = s.to_text(View::Narrow);
    for line in text.lines() {
        assert!(
            line.chars().count() <= 100,
            "{} columns: {line}",
            line.chars().count()
        );
    }
    assert!(
        text.lines()
            .nth(1)
            .unwrap()
            .starts_with("a_very_long_…nd_on_top1465  naive"),
        "{text}"
    );
    has(&text, "Wall clock: 500 puzzles/s for the whole run (1000 puzzles in 2.00 s, 2 threads, all solvers).");
    // A run of milliseconds reads in milliseconds (it read "0.01 s").
    s.clock = s.clock.map(|c| Clock {
        seconds: 0.0144,
        ..c
    });
    let text = s.to_text(View::Narrow);
    assert!(
        text.contains("/s for the whole run (1000 puzzles in 14.4 ms, 2 threads"),
        "{text}"
    );
    assert!(s.to_text(View::Wide).contains(long));
}

#[test]
fn after_a_resume_the_clock_times_only_the_part_it_ran() {
    let mut s = Summary::new();
    add_puzzles(&mut s, "a", 1000);
    s.clock = Some(Clock {
        seconds: 2.0,
        threads: 1,
        puzzles: 1000,
        resumed: 600,
    });
    let text = s.to_text(View::Narrow);
    has(
        &text,
        "Wall clock: 200 puzzles/s since --resume (400 puzzles in 2.00 s, 1 thread, all \
solvers).\nThe 600 puzzles before it are the earlier run's: not timed here.\n",
    );
    s.clock = Some(Clock {
        resumed: 1000,
        ..s.clock.unwrap()
    });
    assert!(!s.to_text(View::Narrow).contains("Wall clock"));
}

/// A merge whose shards were not all resumed times them since --resume only where they
/// were: it said `since --resume` of the whole run; it names the shards resumed (from its
/// sidecar, which lists each resumption after its shard).
#[test]
fn a_merge_names_the_shards_it_timed_since_their_resume() {
    let resumed = |k, n| Resumption {
        date: "2026-01-02T00:00:00Z".into(),
        command: "sudoku-lab bench --resume".into(),
        shard: Some(ShardEntry { k, n }),
    };
    let mut s = Summary::new();
    add_puzzles(&mut s, "a", 1000);
    let sidecar = Sidecar {
        seconds: 2.0,
        threads: 1,
        puzzles: 1000,
        resumed_puzzles: 600,
        merged_from: (1..=3).map(|k| merged(k, 3)).collect(),
        resumed: vec![resumed(3, 3), resumed(1, 3), resumed(3, 3)],
        ..Sidecar::default()
    };
    let mut merged = s.clone();
    merged.apply_sidecar(&sidecar);
    let text = merged.to_text(View::Narrow);
    has(
        &text,
        "Wall clock: 200 puzzles/s for the whole run, shards 1/3 and 3/3 since their \
--resume (400 puzzles in 2.00 s, 1 thread, all solvers).\nThe 600 puzzles copied by the \
--resume of shards 1/3 and 3/3 are their earlier runs': not timed here.\n",
    );
    let one = Sidecar {
        resumed: vec![resumed(2, 3)],
        resumed_puzzles: 1,
        ..sidecar.clone()
    };
    let mut merged = s.clone();
    merged.apply_sidecar(&one);
    let text = merged.to_text(View::Narrow);
    has(
        &text,
        "/s for the whole run, shard 2/3 since its --resume (999 puzzles in 2.00 s, 1 thread, \
all solvers).\nThe 1 puzzle copied by the --resume of shard 2/3 is its earlier run's: not \
timed here.\n",
    );
    assert!(!text.contains("since --resume"), "{text}");
}

/// A merge's wall clock is its slowest shard's, which is the whole run's only when the
/// shards ran side by side: the summary says so below the clock (it did not), and a run's
/// says nothing of shards.
#[test]
fn a_merge_says_its_clock_is_the_slowest_shards() {
    let mut s = Summary::new();
    add_puzzles(&mut s, "a", 1000);
    let run = Sidecar {
        seconds: 2.0,
        threads: 2,
        puzzles: 1000,
        ..Sidecar::default()
    };
    let merge = Sidecar {
        merged_from: vec![merged(1, 2), merged(2, 2)],
        ..run.clone()
    };
    let slowest = "The wall clock is the slowest shard's: the whole run's only if the shards \
ran side by side.\n";
    let mut merged = s.clone();
    merged.apply_sidecar(&merge);
    for text in [merged.to_text(View::Narrow), merged.to_markdown()] {
        has(
            &text,
            &format!(
                "Wall clock: 500 puzzles/s for the whole run (1000 puzzles in 2.00 s, 2 threads, \
all solvers).\n{slowest}"
            ),
        );
    }
    s.apply_sidecar(&run);
    let text = s.to_text(View::Narrow);
    assert!(
        text.contains("Wall clock: 500 puzzles/s") && !text.contains("shard"),
        "{text}"
    );
}

#[test]
fn the_rate_is_of_the_puzzles_with_rows() {
    // 205 puzzles read, 5 of them with rows (two solvers each), the others of a size no
    // solver of the run solves: the rate is of the 5, read in a millisecond.
    let mut s = Summary::new();
    for index in 0..5 {
        for solver in ["bands", "dlx"] {
            s.add(&Row {
                index,
                ..row("seeds", solver, Status::Solved, 1000, 10)
            });
        }
    }
    assert_eq!(s.puzzles(), 5);
    s.clock = Some(Clock {
        seconds: 0.001,
        threads: 2,
        puzzles: 205,
        resumed: 0,
    });
    let text = s.to_text(View::Narrow);
    has(
        &text,
        "Wall clock: 5000 puzzles/s for the whole run (205 puzzles read, 5 of them with \
rows, in 1.00 ms, 2 threads, all solvers).\n",
    );
    // After a resume that copied 2 of them: the 3 others, of the 203 read since.
    s.clock = s.clock.map(|c| Clock { resumed: 2, ..c });
    let text = s.to_text(View::Narrow);
    assert!(
        text.contains("3000 puzzles/s since --resume (203 puzzles read, 3 of them with rows,"),
        "{text}"
    );
}

#[test]
fn a_run_without_a_row_gives_no_rate() {
    // Every puzzle read was skipped (no solver of the run solves its size): it read 5
    // puzzles in a millisecond, and solved none.
    let mut s = Summary::new();
    s.clock = Some(Clock {
        seconds: 0.001,
        threads: 2,
        puzzles: 5,
        resumed: 0,
    });
    for text in [s.to_text(View::Narrow), s.to_markdown()] {
        has(&text, "No rows.\n");
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
    assert_eq!(s.groups().len(), 10_000);
    assert_eq!(s.groups()[15].stats.puzzles, 2, "{:?}", s.groups()[15]);
}

#[test]
fn a_sidecar_says_how_the_run_ended() {
    let mut s = Summary::new();
    s.add(&row("a.txt", "dlx", Status::Solved, 1000, 10));
    let sidecar = Sidecar {
        state: State::Running.into(),
        corpus: vec![crate::sidecar::CorpusEntry {
            path: "a.txt".into(),
            puzzles: 1,
            malformed: 2,
            skipped: 0,
            fingerprint: None,
        }],
        ..Sidecar::default()
    };
    s.apply_sidecar(&sidecar);
    let md = s.to_markdown();
    has(
        &md,
        "**NOT FINISHED**: the sidecar says the run is still going",
    );
    has(&md, "Malformed lines skipped: 2 (a.txt: 2).");
}

/// A count the sidecar's text does not give is left out, not read as 0: without its thread
/// count, its puzzles or its time, no wall clock (a sidecar without `threads` gave the rate
/// with no thread count, as of shards on several); a corpus without its malformed lines
/// counts none. The counts left out are returned, in the order of `ACCOUNT`.
#[test]
fn a_count_the_sidecar_does_not_give_is_left_out() {
    let sidecar = Sidecar {
        state: State::Finished.into(),
        threads: 2,
        puzzles: 1,
        rows: 1,
        seconds: 0.5,
        corpus: vec![crate::sidecar::CorpusEntry {
            path: "a.txt".into(),
            puzzles: 1,
            malformed: 2,
            skipped: 0,
            fingerprint: None,
        }],
        ..Sidecar::default()
    };
    let text = sidecar.to_toml();
    let applied = |text: &str| {
        let mut s = Summary::new();
        s.add(&row("a.txt", "dlx", Status::Solved, 1000, 10));
        let found = SidecarFile {
            sidecar: Sidecar::parse(text, Path::new("a.run.toml")).unwrap(),
            text: text.to_string(),
            path: "a.run.toml".into(),
        };
        let untold = s.apply_sidecar_found(&found);
        (untold, s.to_markdown())
    };
    let (untold, md) = applied(&text);
    assert!(untold.is_empty(), "{untold:?}");
    assert!(
        md.contains("Wall clock: 2.0 puzzles/s for the whole run (1 puzzle in 500 ms, 2 threads, "),
        "{md}"
    );
    for (line, key) in [
        ("threads = 2", "threads"),
        ("puzzles = 1", "puzzles"),
        ("seconds = 0.5", "seconds"),
    ] {
        let cut = text.replacen(&format!("\n{line}\n"), "\n", 1);
        assert_ne!(cut, text, "{line}");
        let (untold, md) = applied(&cut);
        assert_eq!(untold, [key]);
        assert!(!md.contains("Wall clock"), "{key}: {md}");
    }
    // `rows` is not read here (`summary` checks it against the CSV's).
    let (untold, md) = applied(&text.replacen("\nrows = 1\n", "\n", 1));
    assert!(untold.is_empty() && md.contains("Wall clock"), "{untold:?}");
    let (untold, md) = applied(&text.replacen("\nmalformed = 2\n", "\n", 1));
    assert_eq!(untold, ["corpus.malformed"]);
    assert!(!md.contains("Malformed"), "{md}");
    let (untold, _) = applied("state = \"finished\"\n");
    assert_eq!(untold, CLOCK_COUNTS);
}

/// A sidecar that says nothing of how the run ended, or gives a state this version does
/// not know, is told as such (not as a run still going), the unknown state named.
#[test]
fn a_sidecar_without_a_known_state_is_told_as_it_is() {
    let told = |text: &str| {
        let mut s = Summary::new();
        s.add(&row("a.txt", "dlx", Status::Solved, 1000, 10));
        s.apply_sidecar(&Sidecar::parse(text, std::path::Path::new("a.run.toml")).unwrap());
        s.to_markdown()
    };
    let md = told("");
    has(
        &md,
        "**NO STATE**: the sidecar says nothing of how the run ended",
    );
    assert!(!md.contains("still going"), "{md}");
    let md = told("threads = 2\nstate = \"paused\"\n");
    has(
        &md,
        "**UNKNOWN STATE**: the sidecar's state \"paused\" is not one this version knows",
    );
    assert!(!told("state = \"finished\"\n").contains("STATE"));
}

#[test]
fn the_narrow_legend_says_what_every_column_shown_means() {
    let mut s = Summary::new();
    s.add(&row("a.txt", "dlx", Status::Solved, 1000, 10));
    let legend = |s: &Summary| {
        let text = s.to_text(View::Narrow);
        let (_, legend) = text.split_once("solved = ").unwrap();
        format!("solved = {legend}")
    };
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
    let text = s.to_text(View::Narrow);
    let header = fields(text.lines().next().unwrap());
    assert_eq!(
        header,
        [
            "corpus", "solver", "puzzles", "none", "budget", "wrong", "2+ sol", "unknown",
            "timeout", "crashed", "median", "MAD", "core/s", "tries"
        ]
    );
    let legend = legend(&s);
    assert_eq!(
        legend,
        "solved = puzzles - none (no solution) - budget (budget exhausted) - wrong (a failed \
check) -\ntimeout (a cmd: solver gave no answer in time) - crashed (a cmd: solver's process \
exited) -\nunknown (a status this version does not know);\n2+ sol: puzzles found to have two \
solutions or more (--limit 2 and up);\nmedian: of the solves' trusted times (a disturbed solve is \
timed again);\nMAD (median absolute deviation, its spread);\ncore/s: puzzles per second of solve \
time on one core (1 / the mean time);\ntries: mean per puzzle (nodes = 1 + tries)\n(timeout, crashed and unknown rows have no solve time: no \
time figure counts them);\n(--wide: every column, solved, p99 and %no_guess too).\nUnknown status in 1 row: x (not written by this version; not counted as wrong).\n"
    );
    for column in &header[3..] {
        assert!(
            legend.contains(&format!("{column} (")) || legend.contains(&format!("{column}:")),
            "{column}: {legend}"
        );
    }
    assert!(legend.lines().all(|l| l.chars().count() <= 100), "{legend}");
}

#[test]
fn a_recount_takes_the_rows_of_the_file_and_keeps_the_rest() {
    let rows = [
        row("c.txt", "a", Status::Solved, 10, 1),
        row("c.txt", "a", Status::Wrong, 20, 2),
        row("c.txt", "b", Status::Solved, 30, 3),
    ];
    let mut s = Summary::new();
    for r in &rows {
        s.add(r);
    }
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
    assert!(!s.to_markdown().contains("WRONG"), "{}", s.to_markdown());
    assert_eq!(s.malformed_total(), 2);
    assert_eq!(s.notes(), ["a note"]);
    let missing = dir.path().join("gone.csv");
    assert!(s.recount(&missing).is_err());
    assert_eq!(s.rows(), 1, "as it was");
}

/// The summary of one shard of a run (`bench --shard 2/3`) says so, first, and its wall
/// clock is the shard's, not "the whole run's" (only the sidecar said `shard = "2/3"`); the
/// Markdown title names it; a run in one piece says nothing of shards.
#[test]
fn a_shard_says_it_is_one() {
    let mut s = Summary::new();
    add_puzzles(&mut s, "a", 10);
    let sidecar = Sidecar {
        seconds: 2.0,
        threads: 1,
        puzzles: 30,
        shard: Some(ShardEntry { k: 2, n: 3 }),
        ..Sidecar::default()
    };
    let mut shard = s.clone();
    shard.apply_sidecar(&sidecar);
    let text = shard.to_text(View::Narrow);
    has(
        &text,
        "\nShard 2/3: one share of the run's puzzles (sudoku-lab merge joins the shards \
into the whole run).\nWall clock: 5.0 puzzles/s for shard 2/3 (30 puzzles read, 10 of them with \
rows, in 2.00 s, 1 thread, all solvers).\n",
    );
    assert!(shard
        .to_markdown()
        .starts_with("# sudoku-lab summary: shard 2/3\n\n"));
    let resumed = Sidecar {
        resumed_puzzles: 4,
        ..sidecar.clone()
    };
    let mut shard = s.clone();
    shard.apply_sidecar(&resumed);
    let text = shard.to_text(View::Narrow);
    assert!(
        text.contains("Wall clock: 3.0 puzzles/s for shard 2/3 since --resume (26 puzzles read"),
        "{text}"
    );
    let mut whole = s.clone();
    whole.apply_sidecar(&Sidecar {
        shard: None,
        ..sidecar
    });
    let text = whole.to_text(View::Narrow);
    assert!(!text.contains("hard"), "{text}");
    assert!(text.contains("/s for the whole run ("), "{text}");
}

/// The rule of every time figure ([`Row::solve_time`]): a timeout, a crash or an unknown
/// status has no solve time, and counts in no mean, percentile, maximum or rate, only in its
/// column (the old summary took a stalled child's 0.5 s for a solve: 4 puzzles/s per core).
#[test]
fn timeouts_and_crashes_count_in_no_time_figure() {
    let mut s = Summary::new();
    for (index, ns) in [(0, 1000), (1, 3000)] {
        s.add(&Row {
            index,
            ..row("a.txt", "stall", Status::Solved, ns, 10)
        });
    }
    for (index, status) in [
        (2, Status::Timeout),
        (3, Status::Crashed),
        (4, Status::Unknown("x".into())),
    ] {
        s.add(&Row {
            index,
            ..row("a.txt", "stall", status, 500_000_000, 0)
        });
    }
    let stats = &s.groups()[0].stats;
    assert_eq!((stats.puzzles, stats.timed), (5, 2));
    assert_eq!((stats.timeout, stats.crashed, stats.unknown), (1, 1, 1));
    assert_eq!(stats.per_core_rate(), Some(2.0 / 4e-6));
    assert_eq!(stats.mean_time(), Some(2000.0));
    assert_eq!(stats.max_time(), Some(3000));
    assert_eq!(stats.times().percentile(100.0), Some(3000));
    let wide = s.to_text(View::Wide);
    let line = fields(wide.lines().nth(1).unwrap());
    let header = fields(wide.lines().next().unwrap());
    let cell = |name: &str| line[header.iter().position(|h| *h == name).unwrap()];
    assert_eq!(
        ["puzzles/s per core", "mean", "median", "p99", "max"].map(cell),
        ["500000", "2.00 µs", "1.00 µs", "3.00 µs", "3.00 µs"]
    );
    // A group of no answer at all has no time figure.
    let mut none = Summary::new();
    none.add(&row("a.txt", "stall", Status::Timeout, 500_000_000, 0));
    let stats = &none.groups()[0].stats;
    assert_eq!(
        (stats.per_core_rate(), stats.mean_time(), stats.max_time()),
        (None, None, None)
    );
    assert_eq!(stats.times().percentile(50.0), None);
    // Nor any count of nodes: `-` for the maximum, as for the means (it read 0).
    let wide = none.to_text(View::Wide);
    let line = fields(wide.lines().nth(1).unwrap());
    let header = fields(wide.lines().next().unwrap());
    let cell = |name: &str| line[header.iter().position(|h| *h == name).unwrap()];
    assert_eq!(
        ["mean nodes", "max nodes", "mean backtracks", "max"].map(cell),
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
/// whose timings held is not.
#[test]
fn groups_whose_times_may_not_hold_are_warned_of() {
    use sudoku_results::Retimed;
    let mut s = Summary::new();
    for index in 0..100 {
        let retimed = match index {
            0 => Retimed::Disturbed,
            1 => Retimed::Trusted(2),
            _ => Retimed::Trusted(0),
        };
        s.add(&Row {
            index,
            retimed,
            ..row("a.txt", "naive", Status::Solved, 1000, 10)
        });
        s.add(&Row {
            index,
            ..row("a.txt", "dlx", Status::Solved, 1000, 10)
        });
        // Passes of norvig a fifth apart on every tenth row.
        let median = if index % 10 == 0 { 1200 } else { 1000 };
        s.add(&Row {
            index,
            median_nanoseconds: median,
            ..row("a.txt", "norvig", Status::Solved, 1000, 10)
        });
    }
    let narrow = s.to_text(View::Narrow);
    assert!(narrow.lines().all(|l| l.chars().count() <= 100), "{narrow}");
    // The notes are wrapped to the table's width: read as one line.
    let text = narrow.replace('\n', " ");
    has(
        &text,
        "Disturbed timings (the solve's thread off its core): 1 solve timed again, 1 left \
disturbed",
    );
    has(
        &text,
        "Warning: naive on a: 1 of its 100 solves stayed disturbed. Its times may not hold",
    );
    has(
        &text,
        "Warning: norvig on a: 10 of its 100 rows have passes more than 10% apart.",
    );
    assert!(!text.contains("dlx on a"), "{text}");
    assert_eq!((s.retimed(), s.disturbed()), (1, 1));
}

/// The entry of shard `k` of `n`, as a merge's sidecar lists it.
fn merged(k: u64, n: u64) -> MergedShard {
    MergedShard {
        shard: ShardEntry { k, n },
        csv: format!("s{k}.csv"),
    }
}
