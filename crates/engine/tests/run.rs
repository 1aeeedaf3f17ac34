//! The engine's run: input order whatever the thread count, indexes as the corpus reader
//! gives them, `first` without a solve too many, strict runs, interrupts, sizes a solver does
//! not support, a failing sink; all of these also when slow solves make the workers send
//! their tasks' finished puzzles in parts.

use std::io::Write as _;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use sudoku_core::{CorpusReader, Grid, Limits, Outcome, Size, Solver};
use sudoku_engine::{run, Contender, End, Sink, SinkError, Solved, Source, RETIMES};
use sudoku_results::{Retimed, Row};

mod common;

use common::{dlx, plan, TOP1};

/// Counts its solves, and gives up at once.
struct Counting(Arc<AtomicUsize>);

impl Solver for Counting {
    fn name(&self) -> &'static str {
        "counting"
    }
    fn solve(&self, _: &Grid, _: &Limits) -> Outcome {
        self.0.fetch_add(1, Ordering::SeqCst);
        Outcome::new(0, None, Default::default(), true)
    }
}

fn corpus(text: &str) -> (tempfile::NamedTempFile, Source) {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(text.as_bytes()).unwrap();
    let source = Source::File(file.path().to_path_buf());
    (file, source)
}

/// A corpus with a header, comments, blank and malformed lines, labels and grids moved.
fn untidy(n: usize) -> String {
    let mut text = String::from("# a corpus\nquizzes,solutions\n");
    for i in 0..n {
        let puzzle = TOP1.replace('4', &((i % 9) + 1).to_string());
        match i % 7 {
            0 => text += &format!("{}x\n", &TOP1[..80]),
            1 => text += "\n# comment\n",
            _ => {}
        }
        text += &format!("{puzzle}\tpuzzle {i}\n");
    }
    text
}

#[test]
fn rows_come_in_input_order_with_the_readers_indexes_whatever_the_threads() {
    let text = untidy(300);
    let (_file, source) = corpus(&text);
    let expected: Vec<(u64, u64, String)> = CorpusReader::new(text.as_bytes(), "x")
        .filter_map(Result::ok)
        .map(|p| (p.index, p.line, p.label.unwrap()))
        .collect();
    assert_eq!(expected.len(), 300);
    for threads in [1, 2, 3] {
        let mut rows: Vec<Row> = Vec::new();
        let report = run(
            &plan(
                vec![source.clone(), source.clone()],
                vec![dlx(), dlx()],
                threads,
            ),
            &mut rows,
            &AtomicBool::new(false),
        );
        assert!(matches!(report.end, End::Finished), "{:?}", report.end);
        assert_eq!(report.corpora[1].malformed, 43);
        let got: Vec<(u64, u64, String)> = rows
            .iter()
            .step_by(2)
            .map(|r| (r.index, r.line, r.name.as_deref().unwrap().to_string()))
            .collect();
        assert_eq!(
            got,
            [expected.clone(), expected.clone()].concat(),
            "{threads} threads"
        );
        assert!(rows.iter().all(|r| r.status.is_finished()));
    }
}

/// How many times a row's solve was run: once, and once more per timing again (an
/// instant solve disturbed in every timing was timed again as often as allowed).
fn timings(retimed: Retimed) -> u64 {
    match retimed {
        Retimed::Unchecked => 1,
        Retimed::Trusted(again) => 1 + u64::from(again),
        Retimed::Disturbed => 1 + u64::from(RETIMES),
    }
}

#[test]
fn first_solves_no_puzzle_too_many() {
    let text = untidy(200);
    let (_file, source) = corpus(&text);
    for threads in [1, 2] {
        for first in [1, 7, 50] {
            let solves = Arc::new(AtomicUsize::new(0));
            let counting = Contender::new(Box::new(Counting(solves.clone())), Limits::FIRST);
            let mut p = plan(
                vec![source.clone(), source.clone()],
                vec![counting],
                threads,
            );
            p.first = Some(first);
            let mut rows: Vec<Row> = Vec::new();
            run(&p, &mut rows, &AtomicBool::new(false));
            assert_eq!(rows.len() as u64, 2 * first);
            // A solve whose timing was disturbed is run again (at most RETIMES more times):
            // those calls are the row's own, told by its `retimed`; any other call would be
            // a puzzle solved too many.
            let calls: u64 = rows.iter().map(|r| timings(r.retimed)).sum();
            assert_eq!(
                solves.load(Ordering::SeqCst) as u64,
                calls,
                "{threads} threads"
            );
            let indexes: Vec<u64> = rows.iter().map(|r| r.index).collect();
            let want: Vec<u64> = (0..first).chain(0..first).collect();
            assert_eq!(indexes, want);
        }
    }
}

#[test]
fn a_strict_run_keeps_the_rows_before_the_first_malformed_line() {
    let mut text = format!("{TOP1}\n").repeat(100);
    text += "not a puzzle\n";
    text += &format!("{TOP1}\n").repeat(100);
    let (_file, source) = corpus(&text);
    for threads in [1, 2] {
        let mut p = plan(vec![source.clone()], vec![dlx()], threads);
        p.strict = true;
        let mut rows: Vec<Row> = Vec::new();
        let report = run(&p, &mut rows, &AtomicBool::new(false));
        match report.end {
            End::Failed(e) => assert!(
                e.to_string().ends_with(":101:3: unexpected character 't' in the puzzle (givens are 1-9 then A-P, empty cells . or 0) (--strict: stopping at the first malformed line)"),
                "{e}"
            ),
            other => panic!("{other:?}"),
        }
        assert_eq!(rows.len(), 100);
    }
}

#[test]
fn an_interrupt_before_the_start_reads_nothing() {
    let (_file, source) = corpus(&format!("{TOP1}\n").repeat(50));
    let mut rows: Vec<Row> = Vec::new();
    let report = run(
        &plan(vec![source], vec![dlx()], 2),
        &mut rows,
        &AtomicBool::new(true),
    );
    assert!(matches!(report.end, End::Interrupted));
    assert!(rows.is_empty());
}

#[test]
fn a_size_a_solver_does_not_support_gets_no_row() {
    let four = "1.3..4..2...1..4";
    let (_file, source) = corpus(&format!("{four}\n{TOP1}\n"));
    /// What each puzzle came with: its size, index, rows and the solvers without a row.
    struct Keep(Vec<(Size, u64, usize, Vec<Arc<str>>)>);
    impl Sink for Keep {
        fn puzzle(&mut self, s: Solved<'_>) -> Result<(), SinkError> {
            self.0
                .push((s.size, s.index, s.rows.len(), s.unsupported.to_vec()));
            Ok(())
        }
    }
    let nine_only = Contender::new(Box::new(Counting(Default::default())), Limits::FIRST);
    let mut sink = Keep(Vec::new());
    run(
        &plan(vec![source], vec![nine_only], 1),
        &mut sink,
        &AtomicBool::new(false),
    );
    assert_eq!(sink.0.len(), 2);
    let (size, _, rows, unsupported) = &sink.0[0];
    assert_eq!((*size, *rows), (Size::FOUR, 0));
    assert_eq!(&*unsupported[0], "counting");
    assert_eq!((sink.0[1].2, sink.0[1].1), (1, 1));
}

#[test]
fn a_failing_sink_stops_the_run() {
    let (_file, source) = corpus(&format!("{TOP1}\n").repeat(500));
    struct FailAt(usize);
    impl Sink for FailAt {
        fn puzzle(&mut self, _: Solved<'_>) -> Result<(), SinkError> {
            self.0 -= 1;
            if self.0 == 0 {
                return Err("disk full".into());
            }
            Ok(())
        }
    }
    for threads in [1, 2] {
        let mut sink = FailAt(10);
        let report = run(
            &plan(vec![source.clone()], vec![dlx()], threads),
            &mut sink,
            &AtomicBool::new(false),
        );
        match report.end {
            End::Failed(e) => assert_eq!(e.to_string(), "disk full"),
            other => panic!("{other:?}"),
        }
        assert_eq!(report.puzzles, 10);
    }
}

#[test]
fn a_missing_corpus_fails_after_the_ones_before() {
    let (_file, source) = corpus(&format!("{TOP1}\n").repeat(20));
    let missing = Source::File("/nonexistent/corpus.txt".into());
    let mut rows: Vec<Row> = Vec::new();
    let report = run(
        &plan(vec![source, missing], vec![dlx()], 2),
        &mut rows,
        &AtomicBool::new(false),
    );
    assert_eq!(rows.len(), 20);
    match report.end {
        End::Failed(e) => assert!(
            e.to_string()
                .starts_with("/nonexistent/corpus.txt: cannot open"),
            "{e}"
        ),
        other => panic!("{other:?}"),
    }
}

/// Counts its solves, each of which sleeps longer than a worker's solves take before it
/// sends the puzzles it has finished (50 ms of wall time), and gives up: every puzzle of a
/// task is sent as a part of it.
struct Sleepy(Arc<AtomicUsize>);

impl Solver for Sleepy {
    fn name(&self) -> &'static str {
        "sleepy"
    }
    fn solve(&self, _: &Grid, _: &Limits) -> Outcome {
        std::thread::sleep(Duration::from_millis(60));
        self.0.fetch_add(1, Ordering::SeqCst);
        Outcome::new(0, None, Default::default(), true)
    }
}

#[test]
fn a_runs_counts_and_stops_hold_when_tasks_come_in_parts() {
    let sleepy =
        |solves: &Arc<AtomicUsize>| Contender::new(Box::new(Sleepy(solves.clone())), Limits::FIRST);
    let solves = Arc::new(AtomicUsize::new(0));
    // Order, indexes and malformed lines.
    let text = untidy(10);
    let (_file, source) = corpus(&text);
    let expected: Vec<(u64, u64)> = CorpusReader::new(text.as_bytes(), "x")
        .filter_map(Result::ok)
        .map(|p| (p.index, p.line))
        .collect();
    let p = plan(
        vec![source.clone(), source.clone()],
        vec![sleepy(&solves)],
        2,
    );
    let mut rows: Vec<Row> = Vec::new();
    let report = run(&p, &mut rows, &AtomicBool::new(false));
    assert!(matches!(report.end, End::Finished), "{:?}", report.end);
    let got: Vec<(u64, u64)> = rows.iter().map(|r| (r.index, r.line)).collect();
    assert_eq!(got, [expected.clone(), expected].concat());
    assert_eq!(report.corpora[0].malformed, 2);
    assert_eq!(report.corpora[1].malformed, 2);
    // `first`, without a solve too many.
    let solves = Arc::new(AtomicUsize::new(0));
    let mut p = plan(vec![source.clone(), source], vec![sleepy(&solves)], 2);
    p.first = Some(3);
    let mut rows: Vec<Row> = Vec::new();
    run(&p, &mut rows, &AtomicBool::new(false));
    let indexes: Vec<u64> = rows.iter().map(|r| r.index).collect();
    assert_eq!(indexes, [0, 1, 2, 0, 1, 2]);
    // Each sleep is a timing disturbed (the thread off its core): timed again, RETIMES times.
    let calls = 6 * (1 + sudoku_engine::RETIMES as usize);
    assert_eq!(solves.load(Ordering::SeqCst), calls);
    // A strict run's malformed line, in the middle of a task.
    let mut text = format!("{TOP1}\n").repeat(5);
    text += "not a puzzle\n";
    text += &format!("{TOP1}\n").repeat(5);
    let (_file, source) = corpus(&text);
    let mut p = plan(vec![source], vec![sleepy(&solves)], 2);
    p.strict = true;
    let mut rows: Vec<Row> = Vec::new();
    let report = run(&p, &mut rows, &AtomicBool::new(false));
    match report.end {
        End::Failed(e) => assert!(e.to_string().contains(":6:3: "), "{e}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(rows.len(), 5);
    // A sink that fails on a puzzle delivered while its task goes on.
    let (_file, source) = corpus(&format!("{TOP1}\n").repeat(16));
    struct FailAt(usize);
    impl Sink for FailAt {
        fn puzzle(&mut self, _: Solved<'_>) -> Result<(), SinkError> {
            self.0 -= 1;
            if self.0 == 0 {
                return Err("disk full".into());
            }
            Ok(())
        }
    }
    let mut sink = FailAt(3);
    let report = run(
        &plan(vec![source], vec![sleepy(&solves)], 2),
        &mut sink,
        &AtomicBool::new(false),
    );
    match report.end {
        End::Failed(e) => assert_eq!(e.to_string(), "disk full"),
        other => panic!("{other:?}"),
    }
    assert_eq!(report.puzzles, 3);
}

/// Logs each solve: its solver's name and the puzzle's first digit.
struct Logging(
    &'static str,
    Arc<std::sync::Mutex<Vec<(&'static str, char)>>>,
);

impl Solver for Logging {
    fn name(&self) -> &'static str {
        self.0
    }
    fn solve(&self, grid: &Grid, _: &Limits) -> Outcome {
        let first = char::from(grid.to_line().as_bytes()[0]);
        self.1.lock().unwrap().push((self.0, first));
        Outcome::new(0, None, Default::default(), true)
    }
}

/// `--repeat 3` is three passes over a task's puzzles, not three solves of a puzzle in a
/// row: the first pass in the contenders' order, each later one rotated by one; a row per
/// (puzzle, solver) all the same, in order.
#[test]
fn repeats_are_passes_over_the_puzzles_with_the_solvers_rotated() {
    let log = Arc::new(std::sync::Mutex::new(Vec::new()));
    let text: String = ['1', '2', '3']
        .iter()
        .map(|d| format!("{d}{}\n", &TOP1[1..]))
        .collect();
    let (_file, source) = corpus(&text);
    let contenders =
        ["a", "b"].map(|name| Contender::new(Box::new(Logging(name, log.clone())), Limits::FIRST));
    let mut p = plan(vec![source], contenders.into(), 2);
    p.repeat = 3;
    let mut rows: Vec<Row> = Vec::new();
    let report = run(&p, &mut rows, &AtomicBool::new(false));
    assert!(matches!(report.end, End::Finished), "{:?}", report.end);
    let got: Vec<(&str, u64)> = rows.iter().map(|r| (&*r.solver, r.index)).collect();
    assert_eq!(
        got,
        [("a", 0), ("b", 0), ("a", 1), ("b", 1), ("a", 2), ("b", 2)]
    );
    // A disturbed solve is timed again at once: the same entry twice in a row.
    let mut solves = log.lock().unwrap().clone();
    solves.dedup();
    let pass = |order: [&'static str; 2]| -> Vec<(&'static str, char)> {
        ['1', '2', '3']
            .iter()
            .flat_map(|&d| order.map(|s| (s, d)))
            .collect()
    };
    let expected = [pass(["a", "b"]), pass(["b", "a"]), pass(["a", "b"])].concat();
    assert_eq!(solves, expected);
}
