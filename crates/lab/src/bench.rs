//! The `bench` engine: streams corpora, solves every (puzzle, solver) in parallel, checks
//! and times each solve, and appends the rows to the CSV in input order, chunk by chunk.
//!
//! The main thread reads puzzles one at a time and hands each to a dedicated rayon pool
//! (`--threads`) as one task that runs every solver on it and serializes its rows (with
//! `--threads 1` it runs each task itself, so that one thread means one). At most
//! [`WINDOW`] puzzles are in flight; results come back in any order (the main thread
//! sleeps through batches of them) and wait in a reorder buffer until every earlier
//! puzzle is done, so the file is in input order (corpus, index, solver) whatever
//! the thread count, and memory stays flat however long the corpus. Rows are appended in
//! chunks of [`CHUNK`] puzzles (or every [`FLUSH_EVERY`] when solves are slow), each in
//! one write, so a run killed half-way keeps every completed chunk, readable.
//!
//! On an interrupt (Ctrl-C, SIGTERM: the flag given to [`bench()`](fn@bench)) the run
//! stops reading, tasks not started are dropped, solves under way finish (each is bounded by its node
//! budget), and the rows up to the first puzzle not done are written.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Condvar, Mutex};
use std::time::{Duration, Instant, SystemTime};

use anyhow::{anyhow, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use sudoku_core::corpus::{corpus_files, CorpusReader};
use sudoku_core::{Limits, Puzzle, Solver};

use crate::check::{solve_checked, Checked};
use crate::cli::BenchArgs;
use crate::record::{header_line, to_csv_lines, Row};
use crate::sidecar::{self, Ending, RunInfo};
use crate::solvers::{self, default_max_nodes};
use crate::summary::{RowResult, Summary};

/// The corpus `bench` reads by default.
pub const DEFAULT_CORPUS: &str = "data/";
/// Puzzles per chunk of rows appended to the CSV.
pub const CHUNK: usize = 256;
/// Rows completed are also appended at least this often.
pub const FLUSH_EVERY: Duration = Duration::from_secs(1);
/// Puzzles handed to a worker as one task (fewer tasks, fewer wake-ups).
const BATCH: usize = 8;
/// Puzzles in flight at most (read, not yet written).
pub const WINDOW: usize = 1024;
/// The reading thread sleeps until this many puzzles are done (or the last ones in flight).
const WAKE_EVERY: usize = WINDOW / 4;
/// ... or this long, to watch for interrupts and flush slow runs.
const TICK: Duration = Duration::from_millis(50);
/// Malformed lines reported one by one per corpus; the rest are counted.
const MALFORMED_SHOWN: u64 = 10;

/// How a run ended, when it did not fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunEnd {
    /// Every row written, every check passed.
    Finished,
    /// Every row written, some solution failed its check (status `wrong`).
    Wrong,
    /// Stopped by Ctrl-C or SIGTERM: the rows completed are written.
    Interrupted,
}

impl RunEnd {
    /// The process exit code: 0, 3 (wrong) or 130 (interrupted).
    pub fn exit_code(self) -> i32 {
        match self {
            RunEnd::Finished => 0,
            RunEnd::Wrong => 3,
            RunEnd::Interrupted => 130,
        }
    }
}

/// What a finished `bench` run produced.
#[derive(Debug)]
pub struct BenchReport {
    /// How it ended.
    pub end: RunEnd,
    /// The summary of the rows written.
    pub summary: Summary,
    /// The CSV.
    pub csv: PathBuf,
    /// The Markdown summary.
    pub summary_md: PathBuf,
    /// The sidecar.
    pub sidecar: PathBuf,
}

/// The puzzles of `data/seeds.txt`, built into the binary: the default corpus when there
/// is no `data/` folder where `bench` runs, so that the main job needs no download.
const BUILT_IN: &str = include_str!("../../../data/seeds.txt");

/// A corpus to read: a file, stdin (`-`), or the built-in seed puzzles.
#[derive(Debug, Clone)]
enum Source {
    File(PathBuf),
    Stdin,
    BuiltIn,
}

impl Source {
    fn name(&self) -> String {
        match self {
            Source::File(p) => p.display().to_string(),
            Source::Stdin => "stdin".to_string(),
            Source::BuiltIn => "data/seeds.txt (built in)".to_string(),
        }
    }

    fn open(&self) -> Result<CorpusReader<Box<dyn BufRead>>> {
        Ok(match self {
            Source::File(p) => {
                let file = File::open(p)
                    .with_context(|| format!("{}: cannot open the corpus", p.display()))?;
                CorpusReader::new(
                    Box::new(BufReader::with_capacity(1 << 16, file)),
                    self.name(),
                )
            }
            Source::Stdin => CorpusReader::new(Box::new(io::stdin().lock()), self.name()),
            Source::BuiltIn => CorpusReader::new(Box::new(BUILT_IN.as_bytes()), self.name()),
        })
    }
}

/// Expands the command line's corpora: folders into their corpus files, `-` into stdin,
/// the default `data/` into the built-in seed puzzles when there is no such folder here;
/// every file is opened once here, so that a missing or unreadable one stops the run
/// before any work.
fn sources(corpora: &[PathBuf]) -> Result<Vec<Source>> {
    let mut out = Vec::new();
    for path in corpora {
        if path.as_os_str() == "-" {
            out.push(Source::Stdin);
            continue;
        }
        if path.as_os_str() == DEFAULT_CORPUS && !path.exists() {
            eprintln!("note: no {DEFAULT_CORPUS} folder here: reading the seed puzzles built into sudoku-lab");
            out.push(Source::BuiltIn);
            continue;
        }
        for file in corpus_files(path)? {
            File::open(&file)
                .with_context(|| format!("{}: cannot open the corpus", file.display()))?;
            out.push(Source::File(file));
        }
    }
    Ok(out)
}

/// The CSV being written: header first, then whole chunks, each in one write.
struct CsvOut {
    file: File,
    path: PathBuf,
    rows: u64,
}

impl CsvOut {
    fn create(path: &Path) -> Result<CsvOut> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("{}: cannot create the folder", dir.display()))?;
        }
        let mut file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(path)
            .with_context(|| format!("{}: cannot create the CSV", path.display()))?;
        file.write_all(&header_line())
            .with_context(|| format!("{}: cannot write", path.display()))?;
        Ok(CsvOut {
            file,
            path: path.to_path_buf(),
            rows: 0,
        })
    }

    /// Appends CSV lines (`rows` of them) in one write.
    fn append(&mut self, bytes: &[u8], rows: u64) -> Result<()> {
        if bytes.is_empty() {
            return Ok(());
        }
        self.file
            .write_all(bytes)
            .and_then(|()| self.file.flush())
            .with_context(|| format!("{}: cannot write", self.path.display()))?;
        self.rows += rows;
        Ok(())
    }
}

/// How workers wake the reading thread: they count the puzzles done, and ring only when the
/// count reaches what it waits for, so that it sleeps through batches of results instead
/// of waking (a system call each way) for every puzzle.
#[derive(Default)]
struct Doorbell {
    done: Mutex<usize>,
    want: AtomicUsize,
    rung: Condvar,
}

impl Doorbell {
    /// Called by a worker after sending a result.
    fn ring(&self) {
        let mut done = self.done.lock().unwrap_or_else(|e| e.into_inner());
        *done += 1;
        if *done >= self.want.load(Ordering::SeqCst) {
            self.rung.notify_one();
        }
    }

    /// Waits until `want` more puzzles are done (counting from the last wait) or `tick`
    /// passes. The count may run ahead of the results received (a worker counts after
    /// sending), which only makes a wait end early: never a wait that cannot end.
    fn wait(&self, want: usize, tick: Duration) {
        let want = want.max(1);
        self.want.store(want, Ordering::SeqCst);
        let mut done = self.done.lock().unwrap_or_else(|e| e.into_inner());
        if *done < want {
            done = self
                .rung
                .wait_timeout(done, tick)
                .map(|(d, _)| d)
                .unwrap_or_else(|e| e.into_inner().0);
        }
        *done = 0;
    }
}

/// A puzzle's rows, ready to append: their CSV lines (serialized by the worker) and what
/// the summary and the report need of them.
struct Done {
    corpus: Arc<str>,
    csv: Vec<u8>,
    /// Per row, in solver order: (solver index, status, ns, nodes, backtracks).
    results: Vec<(usize, &'static str, u64, u64, u64)>,
    line: u64,
    index: u64,
    problems: Vec<String>,
}

/// The result of one puzzle's task, or `None` when it was dropped by an interrupt.
type TaskResult = Option<Result<Done, String>>;

fn solve_puzzle(
    corpus: Arc<str>,
    puzzle: &Puzzle,
    solvers: &[(Box<dyn Solver>, Limits)],
    limit: u64,
    repeat: u64,
) -> Result<Done, String> {
    let mut problems = Vec::new();
    let mut results = Vec::with_capacity(solvers.len());
    let text = puzzle.grid.to_line();
    let rows: Vec<Row> = solvers
        .iter()
        .enumerate()
        .map(|(i, (solver, limits))| {
            // A solver that panics is a bug: its row says `wrong` and the run goes on
            // (never a hang waiting for a task that died).
            let r = std::panic::catch_unwind(AssertUnwindSafe(|| {
                solve_checked(
                    solver.as_ref(),
                    &puzzle.grid,
                    puzzle.solution.as_ref(),
                    limits,
                    repeat,
                )
            }))
            .unwrap_or_else(|payload| Checked::panicked(&payload));
            if let Some(p) = &r.problem {
                problems.push(format!(
                    "{corpus}:{} (index {}) {}: {p}",
                    puzzle.line,
                    puzzle.index,
                    solver.name()
                ));
            }
            let c = r.outcome.counters;
            results.push((i, r.status, r.min_ns, c.nodes, c.backtracks));
            Row {
                corpus: corpus.to_string(),
                index: puzzle.index,
                line: puzzle.line,
                solver: solver.name().to_string(),
                limit,
                status: r.status.to_string(),
                solutions: r.outcome.solutions,
                nodes: c.nodes,
                backtracks: c.backtracks,
                nanoseconds: r.min_ns,
                median_nanoseconds: r.median_ns,
                puzzle: text.clone(),
                solution: r.outcome.solution.map(|g| g.to_line()).unwrap_or_default(),
            }
        })
        .collect();
    let csv = to_csv_lines(&rows).map_err(|e| format!("cannot serialize the rows: {e}"))?;
    Ok(Done {
        corpus,
        csv,
        results,
        line: puzzle.line,
        index: puzzle.index,
        problems,
    })
}

fn progress_bar(sources: &[Source], enabled: bool) -> ProgressBar {
    if !enabled || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    // Count the puzzles first (a quick streaming pass) when every corpus is a file.
    let total: Option<u64> = sources
        .iter()
        .map(|s| match s {
            Source::File(_) | Source::BuiltIn => s
                .open()
                .ok()
                .map(|r| r.filter(|p| p.is_ok()).count() as u64),
            Source::Stdin => None,
        })
        .sum();
    let bar = match total {
        Some(n) => ProgressBar::new(n).with_style(
            ProgressStyle::with_template(
                "{spinner} {elapsed_precise} [{wide_bar}] {human_pos}/{human_len} puzzles, {per_sec}, eta {eta}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        ),
        None => ProgressBar::new_spinner().with_style(
            ProgressStyle::with_template("{spinner} {elapsed_precise} {human_pos} puzzles, {per_sec}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        ),
    };
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// Per-corpus reading state.
struct Reading {
    name: Arc<str>,
    reader: CorpusReader<Box<dyn BufRead>>,
    puzzles: u64,
    malformed: u64,
}

/// Runs `bench`: see the module documentation. `interrupt` is the flag set by Ctrl-C
/// or SIGTERM.
pub fn bench(args: &BenchArgs, interrupt: &AtomicBool) -> Result<BenchReport> {
    let start = Instant::now();
    let solvers: Vec<(Box<dyn Solver>, Limits)> = solvers::parse_list(&args.solvers)?
        .into_iter()
        .map(|s| {
            let budget = args
                .max_nodes
                .unwrap_or_else(|| default_max_nodes(s.name()));
            let limits = Limits::solutions(args.limit).with_max_nodes(budget);
            (s, limits)
        })
        .collect();
    let threads = match args.threads {
        Some(n) => n as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let sources = sources(&args.corpora)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("sudoku-lab-{i}"))
        .build()
        .context("cannot start the worker threads")?;

    let csv_path = args.out.clone();
    let summary_md = sidecar::summary_path(&csv_path);
    let sidecar_path = sidecar::sidecar_path(&csv_path);
    let mut out = CsvOut::create(&csv_path)?;
    let info = RunInfo {
        command: sidecar::command_line(),
        threads,
        date: humantime::format_rfc3339_seconds(SystemTime::now()).to_string(),
        solvers: solvers.iter().map(|(s, _)| s.name().to_string()).collect(),
        limit: args.limit,
        max_nodes: solvers
            .iter()
            .map(|(s, l)| (s.name().to_string(), l.max_nodes.unwrap_or(0)))
            .collect(),
        repeat: args.repeat,
        strict: args.strict,
        first: args.first,
        corpora: sources.iter().map(Source::name).collect(),
        csv: csv_path.display().to_string(),
    };
    let running = Ending {
        state: "running",
        ..Ending::default()
    };
    sidecar::write(&sidecar_path, &info, &running)?;

    let bar = progress_bar(&sources, !args.quiet);
    let mut summary = Summary::new();
    let mut failure: Option<anyhow::Error> = None;
    let mut stopped_early = false; // by an interrupt: reading or a task
    let stop = AtomicBool::new(false); // by a failure
    let mut puzzles_read = 0u64;
    let bell = Doorbell::default();

    pool.in_place_scope(|scope| {
        let (tx, rx) = mpsc::channel::<(u64, TaskResult)>();
        let mut next_source = sources.iter();
        let mut reading: Option<Reading> = None;
        let mut reading_done = false;
        let mut in_flight = 0usize;
        let mut next_seq = 0u64; // next task number to hand out
        let mut next_out = 0u64; // next task number to write
        let mut pending: BTreeMap<u64, TaskResult> = BTreeMap::new();
        let mut gap = false; // a task was dropped: nothing after it is written
        let mut buffer: Vec<u8> = Vec::with_capacity(CHUNK * solvers.len() * 256);
        let mut buffered_rows = 0u64;
        let mut buffered_puzzles = 0usize;
        let mut last_flush = Instant::now();
        let mut write_failed = false;
        let solvers = &solvers;
        let stop = &stop;
        let bell = &bell;
        let (limit, repeat) = (args.limit, args.repeat);
        // Puzzles read and not yet handed out, as (task number, corpus, puzzle).
        let mut batch: Vec<(u64, Arc<str>, Puzzle)> = Vec::with_capacity(BATCH);
        // Solves a batch, puzzle by puzzle, sending each result as it is done.
        let run_batch = move |batch: Vec<(u64, Arc<str>, Puzzle)>,
                              tx: &mpsc::Sender<(u64, TaskResult)>| {
            for (seq, corpus, puzzle) in batch {
                let result = if interrupt.load(Ordering::SeqCst) || stop.load(Ordering::SeqCst) {
                    None
                } else {
                    Some(solve_puzzle(corpus, &puzzle, solvers, limit, repeat))
                };
                let _ = tx.send((seq, result));
                bell.ring();
            }
        };

        loop {
            // Read and hand out puzzles until the window is full.
            while !reading_done && in_flight < WINDOW {
                if interrupt.load(Ordering::SeqCst) {
                    stopped_early = true;
                    reading_done = true;
                    break;
                }
                if stop.load(Ordering::SeqCst) {
                    reading_done = true;
                    break;
                }
                if reading.is_none() {
                    let Some(src) = next_source.next() else {
                        reading_done = true;
                        break;
                    };
                    match src.open() {
                        Ok(reader) => {
                            reading = Some(Reading {
                                name: Arc::from(src.name()),
                                reader,
                                puzzles: 0,
                                malformed: 0,
                            })
                        }
                        Err(e) => {
                            failure = Some(e);
                            reading_done = true;
                            break;
                        }
                    }
                }
                let Some(r) = reading.as_mut() else {
                    continue;
                };
                if args.first.is_some_and(|n| r.puzzles >= n) {
                    reading = None; // the first N puzzles are read: next corpus
                    continue;
                }
                match r.reader.next() {
                    None => {
                        if r.malformed > MALFORMED_SHOWN {
                            bar.suspend(|| {
                                eprintln!(
                                    "warning: {}: {} malformed lines skipped in all",
                                    r.name, r.malformed
                                )
                            });
                        }
                        if r.puzzles == 0 {
                            bar.suspend(|| eprintln!("warning: {}: no puzzles", r.name));
                        }
                        reading = None;
                    }
                    Some(Ok(puzzle)) => {
                        r.puzzles += 1;
                        puzzles_read += 1;
                        let seq = next_seq;
                        next_seq += 1;
                        in_flight += 1;
                        batch.push((seq, r.name.clone(), puzzle));
                        if threads == 1 {
                            // One thread means one: this thread solves the puzzle itself,
                            // and hands the rows on every CHUNK puzzles.
                            run_batch(std::mem::take(&mut batch), &tx);
                            if in_flight >= CHUNK {
                                break;
                            }
                        } else if batch.len() >= BATCH {
                            let (b, tx) = (std::mem::take(&mut batch), tx.clone());
                            scope.spawn(move |_| run_batch(b, &tx));
                        }
                    }
                    Some(Err(e)) if e.is_malformed_line() && !args.strict => {
                        r.malformed += 1;
                        summary.add_malformed(&r.name);
                        if r.malformed <= MALFORMED_SHOWN {
                            bar.suspend(|| eprintln!("warning: {e} (line skipped)"));
                        }
                        if r.malformed == MALFORMED_SHOWN {
                            bar.suspend(|| {
                                eprintln!(
                                    "warning: {}: further malformed lines are counted only",
                                    r.name
                                )
                            });
                        }
                    }
                    Some(Err(e)) => {
                        failure = Some(if e.is_malformed_line() {
                            anyhow!("{e} (--strict: stopping at the first malformed line)")
                        } else {
                            anyhow!(e)
                        });
                        reading_done = true;
                    }
                }
            }
            if !batch.is_empty() {
                let (b, tx) = (std::mem::take(&mut batch), tx.clone());
                scope.spawn(move |_| run_batch(b, &tx));
            }
            if in_flight == 0 {
                break;
            }
            // Sleep until a batch of results is ready (or the last ones, or a tick),
            // then take every result there is.
            bell.wait(WAKE_EVERY.min(in_flight), TICK);
            for (seq, result) in rx.try_iter() {
                in_flight -= 1;
                pending.insert(seq, result);
            }
            let mut done_puzzles = 0;
            while let Some(result) = pending.remove(&next_out) {
                next_out += 1;
                match result {
                    Some(Ok(done)) if !gap => {
                        for p in &done.problems {
                            bar.suspend(|| eprintln!("WRONG: {p}"));
                        }
                        for &(i, status, nanoseconds, nodes, backtracks) in &done.results {
                            let r = RowResult {
                                status,
                                nanoseconds,
                                nodes,
                                backtracks,
                                line: done.line,
                                index: done.index,
                            };
                            summary.add_result(&done.corpus, solvers[i].0.name(), &r);
                        }
                        buffer.extend_from_slice(&done.csv);
                        buffered_rows += done.results.len() as u64;
                        buffered_puzzles += 1;
                        done_puzzles += 1;
                    }
                    Some(Err(e)) if !gap => {
                        failure.get_or_insert(anyhow!(e));
                        stop.store(true, Ordering::SeqCst);
                        gap = true;
                    }
                    Some(_) => {}
                    None => {
                        gap = true;
                        stopped_early = true;
                    }
                }
            }
            bar.inc(done_puzzles);
            if !buffer.is_empty()
                && (buffered_puzzles >= CHUNK || last_flush.elapsed() >= FLUSH_EVERY)
                && !write_failed
            {
                if let Err(e) = out.append(&buffer, buffered_rows) {
                    failure.get_or_insert(e);
                    write_failed = true;
                    stop.store(true, Ordering::SeqCst);
                }
                buffer.clear();
                buffered_rows = 0;
                buffered_puzzles = 0;
                last_flush = Instant::now();
            }
        }
        if !write_failed {
            if let Err(e) = out.append(&buffer, buffered_rows) {
                failure.get_or_insert(e);
            }
        }
    });
    bar.finish_and_clear();

    summary.interrupted = stopped_early;
    let state = match (&failure, stopped_early) {
        (Some(_), _) => "failed",
        (None, true) => "interrupted",
        (None, false) => "finished",
    };
    let ending = Ending {
        state,
        puzzles: puzzles_read,
        rows: out.rows,
        wrong: summary.wrong(),
        seconds: start.elapsed().as_secs_f64(),
        malformed: summary.malformed().to_vec(),
        error: failure.as_ref().map(|e| format!("{e:#}")),
    };
    sidecar::write(&sidecar_path, &info, &ending)?;
    std::fs::write(&summary_md, summary.to_markdown())
        .with_context(|| format!("{}: cannot write the summary", summary_md.display()))?;
    if let Some(e) = failure {
        eprintln!(
            "stopped: {} rows completed before the error are in {}",
            out.rows,
            csv_path.display()
        );
        return Err(e);
    }
    let end = if stopped_early {
        RunEnd::Interrupted
    } else if summary.wrong() > 0 {
        RunEnd::Wrong
    } else {
        RunEnd::Finished
    };
    Ok(BenchReport {
        end,
        summary,
        csv: csv_path,
        summary_md,
        sidecar: sidecar_path,
    })
}
