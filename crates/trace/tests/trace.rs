//! The text and JSON Lines traces: every strategy's events count its solve, every kind of
//! event reads in its words, `max_events` cuts the printing and not the counting, long
//! searches stream to a file.

use std::io::{BufRead, BufReader, BufWriter, Write};

use serde_json::Value;
use sudoku_catalogue::{Strategy, CATALOGUE};
use sudoku_core::{Grid, Limits, Size, Status};
use sudoku_testkit::seeds::{ANTI_BRUTE_FORCE, HARD1, POLISH, SPANISH_1, SPANISH_2};
use sudoku_trace::{write_jsonl, write_text, GridPoints, TraceOptions};

const SEEDS: [(&str, &str); 5] = [
    ("polish", POLISH),
    ("spanish-1", SPANISH_1),
    ("spanish-2", SPANISH_2),
    ("anti-brute-force", ANTI_BRUTE_FORCE),
    ("hard1", HARD1),
];

/// The node budget of the contract test: each strategy's own, at most this (the
/// longest searches of the seeds, naive on the anti-brute-force grid above all, stop
/// there, which the contract covers as well).
const CAP: u64 = 20_000;

fn grid(line: &str) -> Grid {
    Grid::parse(line).unwrap()
}

fn limits(strategy: &Strategy, solutions: u64) -> Limits {
    Limits::solutions(solutions).with_max_nodes(strategy.default_max_nodes(Size::NINE).min(CAP))
}

fn text(puzzle: &str, name: &str, limits: Limits, options: &TraceOptions) -> String {
    let strategy = sudoku_catalogue::find(name).unwrap();
    let mut out = Vec::new();
    let summary = write_text(&mut out, &grid(puzzle), strategy, limits, options).unwrap();
    assert!(summary.events_agree(), "{name}: {summary:?}");
    String::from_utf8(out).unwrap()
}

/// Every strategy of the catalogue, on every seed, under limits 1 and 2: the try and
/// backtrack events of its JSON Lines trace count `nodes - 1` and `backtracks` of its
/// plain solve; each line is one JSON object with the fields the format promises, in
/// order; the summary line repeats the plain solve.
#[test]
fn jsonl_tries_and_backtracks_count_the_plain_solve_of_every_strategy() {
    for strategy in CATALOGUE {
        for (seed, line) in SEEDS {
            for solutions in [1, 2] {
                let puzzle = grid(line);
                let limits = limits(strategy, solutions);
                let plain = strategy.solver().solve(&puzzle, &limits);
                let mut out = Vec::new();
                let options = TraceOptions::default();
                write_jsonl(&mut out, &puzzle, strategy, limits, &options).unwrap();
                let what = format!("{} on {seed}, limit {solutions}", strategy.name);
                let (tries, backtracks, summary) = count_jsonl(&out, strategy.name, &what);
                assert_eq!(tries + 1, plain.counters.nodes, "{what}");
                assert_eq!(backtracks, plain.counters.backtracks, "{what}");
                assert_eq!(summary["nodes"], plain.counters.nodes, "{what}");
                assert_eq!(summary["backtracks"], plain.counters.backtracks, "{what}");
                assert_eq!(summary["solutions"], plain.solutions, "{what}");
                assert_eq!(summary["status"], plain.status.as_str(), "{what}");
                let solution = plain.solution.map(|g| g.to_line());
                assert_eq!(summary["solution"].as_str(), solution.as_deref(), "{what}");
            }
        }
    }
}

/// Reads a JSON Lines trace: (tries, backtracks, the summary line), checking every line.
fn count_jsonl(out: &[u8], solver: &str, what: &str) -> (u64, u64, Value) {
    let (mut tries, mut backtracks) = (0, 0);
    let mut summary = None;
    for (i, line) in out
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .enumerate()
    {
        let v: Value = serde_json::from_slice(line).unwrap();
        assert!(summary.is_none(), "{what}: a line after the summary");
        assert_eq!(v["solver"], solver, "{what}");
        let event = v["event"].as_str().unwrap();
        if event == "summary" {
            assert_eq!(v["events"], i as u64, "{what}");
            summary = Some(v);
            continue;
        }
        assert_eq!(v["index"], i as u64, "{what}");
        assert!(v["depth"].is_u64() && v["text"].is_string(), "{what}: {v}");
        match event {
            "try" | "backtrack" => {
                let cell = v["cell"].as_u64().unwrap();
                let name = format!("r{}c{}", cell / 9 + 1, cell % 9 + 1);
                assert_eq!(v["cell_name"], name.as_str(), "{what}: {v}");
                assert!(v["digit"].is_u64(), "{what}: {v}");
                tries += u64::from(event == "try");
                backtracks += u64::from(event == "backtrack");
            }
            "swap" => {
                assert_eq!(v["cell_names"].as_array().unwrap().len(), 2, "{what}: {v}");
                tries += 1;
                backtracks += u64::from(v["accepted"] == false);
            }
            "generation" => {
                assert!(
                    v["cost"].is_u64() && v["restart"].is_boolean(),
                    "{what}: {v}"
                );
                tries += 1;
            }
            "node" => {
                assert!(v["taken_back"].is_boolean(), "{what}: {v}");
                tries += 1;
                backtracks += u64::from(v["taken_back"] == true);
            }
            "assign" | "eliminate" => assert!(v["rule"].is_string() && v["cell"].is_u64(), "{v}"),
            "cover" | "uncover" => assert!(v["column_name"].is_string(), "{what}: {v}"),
            "contradiction" => assert!(v["reason"].is_string(), "{what}: {v}"),
            "solution" => {}
            "choose" => assert!(
                v["candidates"].is_u64() || v["size"].is_u64(),
                "{what}: {v}"
            ),
            other => panic!("{what}: unknown event {other}"),
        }
    }
    (tries, backtracks, summary.expect("a summary line"))
}

/// The lines of a trace without their indentation.
fn lines(trace: &str) -> Vec<&str> {
    trace.lines().map(unindented).collect()
}

/// A line without its indentation: the spaces, and the depth that ends them past ten
/// levels (`              (12) try r1c1 = 2`).
fn unindented(line: &str) -> &str {
    let line = line.trim_start();
    match line.strip_prefix('(').and_then(|l| l.split_once(") ")) {
        Some((depth, rest)) if depth.bytes().all(|b| b.is_ascii_digit()) => rest,
        _ => line,
    }
}

#[test]
fn reduce_reads_as_the_essay_tries_eliminations_and_only_choices() {
    let trace = text(SPANISH_2, "reduce", Limits::FIRST, &TraceOptions::default());
    let head: Vec<&str> = trace.lines().take(5).collect();
    assert_eq!(
        head,
        [
            "# reduce: eliminate + only choice to a fixed point, then search on the fewest candidates",
            "# a try is a candidate set in the branching cell; limit 1 solution, no node budget",
            "# puzzle 2.............62....1....7......8...3...9...7...6..4...4....8....52.............3",
            "eliminate 2 from r1c2 (given)",
            "eliminate 2 from r1c3 (given)",
        ]
    );
    // The grid after the initial propagation, in Norvig's layout, just before the first try.
    let at = trace.find("after the initial propagation:\n").unwrap();
    let grid: Vec<&str> = trace[at..].lines().skip(1).take(3).collect();
    assert_eq!(
        grid,
        [
            "   2     356789  346789 |1345789  134578  134579 | 13569  1345689  145689 ",
            " 45789   35789   34789  |1345789  134578    6    |   2     134589  14589  ",
            " 45689   35689     1    | 34589   23458   23459  |  3569     7     45689  ",
        ]
    );
    let after: Vec<&str> = trace[at..].lines().skip(12).take(7).collect();
    assert_eq!(
        after,
        [
            "choose r5c4 (3 candidates, the fewest)",
            "  try r5c4 = 1",
            "  assign r5c4 = 1 (the try)",
            "  eliminate 1 from r1c4 (naked single)",
            "  eliminate 1 from r2c4 (naked single)",
            "  eliminate 1 from r4c4 (naked single)",
            "  eliminate 1 from r4c5 (naked single)",
        ]
    );
    let all = lines(&trace);
    assert!(all.contains(&"only place for 2 in row 3 is r3c5"));
    assert!(all.contains(&"solution"));
    assert!(all.contains(&"the solution:"));
    assert!(trace.ends_with(
        "# reduce: solved, 1 solution, 17 nodes, 0 backtracks\n\
         # 521 events: 16 tries, 1 solution, 48 assignments, 440 eliminations, 16 choices\n"
    ));
}

#[test]
fn each_kind_of_event_has_its_line() {
    let never = TraceOptions {
        grid: GridPoints::NEVER,
        ..TraceOptions::default()
    };
    let budget = Limits::FIRST.with_max_nodes(2_000);
    let norvig = text(HARD1, "norvig", budget, &never);
    let dlx = text(SPANISH_2, "dlx", Limits::FIRST, &never);
    let anneal = text(
        SPANISH_1,
        "anneal",
        Limits::FIRST.with_max_nodes(3_000),
        &never,
    );
    let has = |trace: &str, start: &str| lines(trace).iter().any(|l| l.starts_with(start));
    for start in [
        "given r1c6 = 6",
        "eliminate 1 from r1c6 (the cell is assigned)",
        "eliminate 6 from r1c1 (given)",
        "choose r",
        "eliminate ",
        "only place for ",
        "try r",
        "backtrack r",
        "dead end: ",
    ] {
        assert!(has(&norvig, start), "norvig: {start}");
    }
    for start in [
        "cover column \"r1c1 filled\"",
        "cover column \"row 1 has 2\"",
        "cover column \"column 1 has 2\"",
        "cover column \"box 1 has 2\"",
        "uncover column \"",
        "choose column \"",
        "dead end: column \"",
        "backtrack r",
        "solution",
    ] {
        assert!(has(&dlx, start), "dlx: {start}");
    }
    let naive = text(POLISH, "naive", budget, &TraceOptions::default());
    for start in [
        "the puzzle:",
        "try r1c1 = 2",
        "try r1c4 = 1",
        "dead end: r2c8 has no candidate left",
        "backtrack r2c7 = 6",
    ] {
        assert!(has(&naive, start), "naive: {start}");
    }
    let swap = |kept: &str| {
        lines(&anneal)
            .iter()
            .any(|l| l.starts_with("swap r") && l.ends_with(&format!(", {kept})")))
    };
    assert!(swap("kept") && swap("undone"));
    let genetic = text(SPANISH_1, "genetic", Limits::FIRST, &never);
    for start in [
        "assign r1c1 = ",
        "generation (best cost ",
        "restart: a new population (best cost ",
        "solution",
    ] {
        assert!(has(&genetic, start), "genetic: {start}");
    }
    assert!(lines(&genetic)
        .iter()
        .filter(|l| l.starts_with("assign "))
        .all(|l| l.ends_with(" (the fittest grid)")));
    // Indentation: two spaces a level; the first try is at depth 1.
    let first = norvig
        .lines()
        .find(|l| l.trim_start().starts_with("try r"))
        .unwrap();
    assert!(
        first.starts_with("  try r") && !first.starts_with("   "),
        "{first}"
    );
}

/// The grid a trace keeps from the events is the solver's own: at the first solution,
/// it is the solution the solve returns, for every strategy (anneal's included, whose
/// start grid the events do not tell).
#[test]
fn the_grid_at_the_first_solution_is_the_solution_of_the_solve() {
    let options = TraceOptions {
        grid: "solutions".parse().unwrap(),
        ..TraceOptions::default()
    };
    for strategy in CATALOGUE {
        for (seed, line) in SEEDS {
            let limits = limits(strategy, 1);
            let trace = text(line, strategy.name, limits, &options);
            let solution = strategy.solver().solve(&grid(line), &limits).solution;
            let shown = trace.find("the solution:\n").map(|at| {
                let rows: Vec<&str> = trace[at..].lines().skip(1).take(11).collect();
                Grid::parse(&rows.join("\n")).unwrap()
            });
            assert_eq!(shown, solution, "{} on {seed}", strategy.name);
        }
    }
}

#[test]
fn the_grid_shows_at_each_try_and_each_solution_when_asked() {
    let points = "tries,solutions".parse().unwrap();
    let options = TraceOptions {
        grid: points,
        ..TraceOptions::default()
    };
    let trace = text(SPANISH_2, "norvig", Limits::UNIQUENESS, &options);
    let tries = trace
        .lines()
        .filter(|l| unindented(l).starts_with("try r"))
        .count();
    assert_eq!(trace.matches("before the try:\n").count(), tries);
    assert!(tries > 0);
    assert_eq!(trace.matches("the solution:\n").count(), 2, "two solutions");
    assert!(!trace.contains("after the initial propagation"));
}

#[test]
fn max_events_stops_the_printing_and_not_the_counting() {
    let options = TraceOptions {
        grid: GridPoints::NEVER,
        max_events: Some(10),
        ..TraceOptions::default()
    };
    let trace = text(SPANISH_2, "reduce", Limits::FIRST, &options);
    let events = trace.lines().filter(|l| !l.starts_with('#')).count();
    assert_eq!(events, 10);
    assert!(trace.ends_with(
        "# reduce: solved, 1 solution, 17 nodes, 0 backtracks\n\
         # 521 events: 16 tries, 1 solution, 48 assignments, 440 eliminations, 16 choices\n\
         # only the first 10 events are printed (max events 10): 511 more counted, not printed\n"
    ));
    let reduce = sudoku_catalogue::find("reduce").unwrap();
    let options = TraceOptions {
        max_events: Some(5),
        ..TraceOptions::default()
    };
    let mut out = Vec::new();
    let summary = write_jsonl(&mut out, &grid(SPANISH_2), reduce, Limits::FIRST, &options).unwrap();
    assert_eq!((summary.printed, summary.kinds.events()), (5, 521));
    let text = String::from_utf8(out).unwrap();
    let last: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(text.lines().count(), 6);
    assert_eq!(
        (last["events"].as_u64(), last["printed"].as_u64()),
        (Some(521), Some(5))
    );
}

/// The Polish grid's 301,535 naive nodes trace to a file, streamed: every event a line.
#[test]
fn the_polish_grid_traces_with_naive_to_a_file() {
    let naive = sudoku_catalogue::find("naive").unwrap();
    let file = tempfile::NamedTempFile::new().unwrap();
    let mut out = BufWriter::new(file.reopen().unwrap());
    let summary = write_text(
        &mut out,
        &grid(POLISH),
        naive,
        Limits::FIRST,
        &TraceOptions::default(),
    )
    .unwrap();
    out.flush().unwrap();
    assert_eq!(summary.outcome.status, Status::Solved);
    assert_eq!(summary.outcome.counters.nodes, 301_535);
    assert_eq!(summary.kinds.tries(), 301_534);
    assert_eq!(summary.kinds.backtracks(), 301_478);
    let read = BufReader::new(file.reopen().unwrap());
    let (mut events, mut last, mut deep) = (0u64, String::new(), false);
    for line in read.lines() {
        let line = line.unwrap();
        // The indentation stops at 20 columns: deeper, the line says its depth.
        assert!(line.chars().count() <= 100, "{line}");
        deep |= line == "               (56) solution";
        let word = unindented(&line);
        if word.starts_with("try r")
            || word.starts_with("backtrack r")
            || word.starts_with("dead end")
            || word == "solution"
        {
            events += 1;
        }
        last = line;
    }
    assert_eq!(events, summary.kinds.events());
    assert!(last.starts_with("# "), "{last}");
    assert!(deep, "the solution at depth 56 says its depth");
}
