//! The engine under faults: an interrupt is seen whatever the reader is doing, `--repeat`
//! stops between repeats, the lines of a slow pipe are solved as they come, a slow task's
//! finished puzzles are delivered before it ends, a corpus given twice is two corpora, a
//! started run reads its first lines before it is run.
//!
//! The bounds here are liveness bounds (a run that never returns fails the test after many
//! seconds), never timings.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use sudoku_core::{Grid, Limits, Outcome, Solver};
use sudoku_engine::{run, Contender, End, Plan, Report, Sink, SinkError, Solved, Source, RETIMES};
use sudoku_results::Row;

mod common;

use common::{dlx, plan, TOP1};

/// Far more than any of these runs may take: reaching it means the run hangs.
const HANG: Duration = Duration::from_secs(20);

/// Runs `plan` on a thread of its own, with an interrupt flag set `after` the start;
/// `None` if the run does not return within [`HANG`].
fn run_interrupted(plan: Plan, after: Duration) -> Option<(Report, Vec<Row>)> {
    let (tx, rx) = mpsc::channel();
    let flag: &'static AtomicBool = Box::leak(Box::new(AtomicBool::new(false)));
    std::thread::spawn(move || {
        let mut rows: Vec<Row> = Vec::new();
        let report = run(&plan, &mut rows, flag);
        let _ = tx.send((report, rows));
    });
    std::thread::sleep(after);
    flag.store(true, Ordering::SeqCst);
    rx.recv_timeout(HANG).ok()
}

#[cfg(unix)]
#[test]
fn an_interrupt_is_seen_while_a_fifo_has_no_writer() {
    let dir = tempfile::tempdir().unwrap();
    let path = sudoku_testkit::mkfifo(dir.path(), "fifo");
    for threads in [1, 2] {
        let p = plan(vec![Source::File(path.clone())], vec![dlx()], threads);
        let (report, rows) = run_interrupted(p, Duration::from_millis(200))
            .unwrap_or_else(|| panic!("{threads} threads: the interrupt was not seen"));
        assert!(matches!(report.end, End::Interrupted), "{:?}", report.end);
        assert!(rows.is_empty());
        // Let the reading thread, still waiting for a writer, go.
        drop(std::fs::OpenOptions::new().write(true).open(&path).unwrap());
    }
}

#[cfg(unix)]
#[test]
fn an_interrupt_is_seen_inside_a_line_without_end() {
    let zero = Source::File("/dev/zero".into());
    for threads in [1, 2] {
        let p = plan(vec![zero.clone()], vec![dlx()], threads);
        let (report, rows) = run_interrupted(p, Duration::from_millis(200))
            .unwrap_or_else(|| panic!("{threads} threads: the interrupt was not seen"));
        assert!(matches!(report.end, End::Interrupted), "{:?}", report.end);
        assert!(rows.is_empty());
    }
}

/// Counts its solves; its first solve sets the interrupt flag.
struct Interrupting {
    solves: Arc<AtomicUsize>,
    flag: &'static AtomicBool,
}

impl Solver for Interrupting {
    fn name(&self) -> &'static str {
        "interrupting"
    }
    fn solve(&self, _: &Grid, _: &Limits) -> Outcome {
        self.solves.fetch_add(1, Ordering::SeqCst);
        self.flag.store(true, Ordering::SeqCst);
        Outcome::new(1, None, Default::default(), true)
    }
}

#[test]
fn repeats_stop_at_an_interrupt() {
    let source = Source::BuiltIn;
    for threads in [1, 2] {
        let flag: &'static AtomicBool = Box::leak(Box::new(AtomicBool::new(false)));
        let solves = Arc::new(AtomicUsize::new(0));
        let solver = Interrupting {
            solves: solves.clone(),
            flag,
        };
        let mut p = plan(
            vec![source.clone()],
            vec![Contender::new(Box::new(solver), Limits::FIRST)],
            threads,
        );
        p.repeat = 1000;
        let mut rows: Vec<Row> = Vec::new();
        let report = run(&p, &mut rows, flag);
        assert!(matches!(report.end, End::Interrupted), "{:?}", report.end);
        // Each worker stops after the solve under way (with its re-timings, when a loaded
        // machine disturbed its timing): never all 1000 repeats.
        assert!(
            solves.load(Ordering::SeqCst) <= threads * (1 + RETIMES as usize),
            "{threads} threads: {} solves",
            solves.load(Ordering::SeqCst)
        );
        assert!(rows.is_empty(), "a row of fewer repeats than asked");
    }
}

/// Tells the test of each puzzle as it is delivered.
struct Tell(mpsc::Sender<u64>);

impl Sink for Tell {
    fn puzzle(&mut self, solved: Solved<'_>) -> Result<(), SinkError> {
        let _ = self.0.send(solved.index);
        Ok(())
    }
}

#[cfg(unix)]
#[test]
fn the_lines_of_a_slow_pipe_are_solved_as_they_come() {
    use std::io::Write as _;
    let dir = tempfile::tempdir().unwrap();
    let path = sudoku_testkit::mkfifo(dir.path(), "fifo");
    for threads in [1, 2] {
        let (told, heard) = mpsc::channel();
        let p = plan(vec![Source::File(path.clone())], vec![dlx()], threads);
        let runner = std::thread::spawn(move || {
            let mut sink = Tell(told);
            run(&p, &mut sink, &AtomicBool::new(false))
        });
        // The writer gives the next line only once the run has delivered the last one:
        // a run that waits for more lines before solving the first never gets them.
        let mut pipe = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        for i in 0..3 {
            writeln!(pipe, "{TOP1}").unwrap();
            let index = heard.recv_timeout(HANG);
            assert_eq!(
                index,
                Ok(i),
                "{threads} threads: puzzle {i} never came back"
            );
        }
        drop(pipe);
        let report = runner.join().unwrap();
        assert!(matches!(report.end, End::Finished), "{:?}", report.end);
        assert_eq!(report.puzzles, 3);
    }
}

/// Whether the sink has the corpus's first puzzle, for a solve on a worker to wait for.
#[derive(Default)]
struct FirstRow {
    delivered: Mutex<bool>,
    came: Condvar,
}

/// Gives up on every puzzle: at once, but for the corpus's first (given 4 in its first cell),
/// which takes [`SLOW`], and its second (given 9 there), which waits until the sink has the
/// first's row (at most [`HANG`]: `waited_in_vain` then says so).
struct WaitsForTheFirstRow {
    first: Arc<FirstRow>,
    waited_in_vain: Arc<AtomicBool>,
}

/// Far longer than a worker's solves take before it sends the puzzles it has finished
/// (50 ms): a row's time is taken around the solve, this sleep with it.
const SLOW: Duration = Duration::from_millis(200);

impl Solver for WaitsForTheFirstRow {
    fn name(&self) -> &'static str {
        "waits-for-the-first-row"
    }
    fn solve(&self, grid: &Grid, _: &Limits) -> Outcome {
        match grid.to_line().as_bytes()[0] {
            b'4' => std::thread::sleep(SLOW),
            b'9' => {
                let delivered = self.first.delivered.lock().unwrap();
                let (_delivered, wait) = self
                    .first
                    .came
                    .wait_timeout_while(delivered, HANG, |delivered| !*delivered)
                    .unwrap();
                self.waited_in_vain
                    .store(wait.timed_out(), Ordering::SeqCst);
            }
            _ => {}
        }
        Outcome::new(0, None, Default::default(), true)
    }
}

/// Keeps the lines of the puzzles delivered, and tells the solver of the first.
struct Lines(Arc<FirstRow>, Vec<u64>);

impl Sink for Lines {
    fn puzzle(&mut self, solved: Solved<'_>) -> Result<(), SinkError> {
        self.1.push(solved.line);
        if solved.line == 1 {
            *self.0.delivered.lock().unwrap() = true;
            self.0.came.notify_all();
        }
        Ok(())
    }
}

#[test]
fn a_slow_tasks_finished_puzzles_are_delivered_before_it_ends() {
    use std::io::Write as _;
    // The first task holds the first BATCH (8) lines: the first puzzle, slow, then the
    // second, whose solve waits until the sink has the first.
    let mut text = format!("{TOP1}\n9{}\n", &TOP1[1..]);
    text += &format!("6{}\n", &TOP1[1..]).repeat(14);
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(text.as_bytes()).unwrap();
    let first = Arc::new(FirstRow::default());
    let waited_in_vain = Arc::new(AtomicBool::new(false));
    let solver = WaitsForTheFirstRow {
        first: first.clone(),
        waited_in_vain: waited_in_vain.clone(),
    };
    let p = plan(
        vec![Source::File(file.path().to_path_buf())],
        vec![Contender::new(Box::new(solver), Limits::FIRST)],
        2,
    );
    let mut sink = Lines(first, Vec::new());
    let report = run(&p, &mut sink, &AtomicBool::new(false));
    assert!(
        !waited_in_vain.load(Ordering::SeqCst),
        "the second puzzle's solve waited {HANG:?} for the first puzzle's row, which came \
         only when the task of both ended"
    );
    assert!(matches!(report.end, End::Finished), "{:?}", report.end);
    assert_eq!(sink.1, (1..=16).collect::<Vec<u64>>());
}

#[cfg(unix)]
#[test]
fn a_started_run_reads_its_first_lines_before_it_is_run() {
    use std::io::Write as _;
    let dir = tempfile::tempdir().unwrap();
    let path = sudoku_testkit::mkfifo(dir.path(), "fifo");
    for threads in [1, 2] {
        let p = plan(vec![Source::File(path.clone())], vec![dlx()], threads);
        let interrupt = AtomicBool::new(false);
        let started = sudoku_engine::start(&p, &interrupt);
        // Opening a FIFO to write waits for a reader: here, the run's reading thread,
        // which only opens its corpus when asked for lines.
        let (opened, heard) = mpsc::channel();
        let fifo = path.clone();
        let writer = std::thread::spawn(move || {
            let mut pipe = std::fs::OpenOptions::new().write(true).open(fifo).unwrap();
            let _ = opened.send(());
            write!(pipe, "{TOP1}\n{TOP1}\n").unwrap();
        });
        assert_eq!(
            heard.recv_timeout(HANG),
            Ok(()),
            "{threads} threads: the corpus was not opened before the run"
        );
        writer.join().unwrap();
        let mut rows: Vec<Row> = Vec::new();
        let report = started.run(&mut rows);
        assert!(matches!(report.end, End::Finished), "{:?}", report.end);
        assert_eq!(rows.len(), 2, "{threads} threads");
    }
}

#[test]
fn a_corpus_given_twice_is_two_corpora() {
    let p = plan(vec![Source::BuiltIn, Source::BuiltIn], vec![dlx()], 2);
    let mut rows: Vec<Row> = Vec::new();
    let report = run(&p, &mut rows, &AtomicBool::new(false));
    let names: Vec<&str> = report.corpora.iter().map(|c| &*c.name).collect();
    assert_eq!(
        names,
        ["data/seeds.txt (built in)", "data/seeds.txt (built in) (2)"]
    );
    let second: Vec<(&str, u64)> = rows[5..].iter().map(|r| (&*r.corpus, r.index)).collect();
    assert_eq!(second[0], ("data/seeds.txt (built in) (2)", 0));
    assert_eq!(rows.len(), 10);
}
