//! The run: corpora read chunk by chunk, chunks parsed and solved on a pool of workers, and
//! their results handed to the sink in input order, whatever the thread count.
//!
//! The calling thread only cuts the corpora into chunks of lines ([`crate::chunk`]) and
//! hands each to a dedicated rayon pool as one task (with one thread, it runs each task
//! itself, so that one thread means one). A worker parses its chunk and solves its puzzles
//! with every contender. At most [`WINDOW`] lines that may hold a puzzle are in flight;
//! results come back in any order (the calling thread sleeps through batches of them) and
//! wait in a reorder buffer until every earlier one is in, so that memory stays flat however
//! long the corpus. Puzzle indexes are given there, in order.
//!
//! `first` (at most N puzzles per corpus) is kept without solving a puzzle too many: a
//! corpus line holds at most one puzzle, so no more lines are handed out than puzzles may
//! still be wanted, and more are read once the results say how many lines were not puzzles.
//!
//! On an interrupt (the flag given to [`run`]) reading stops, tasks not started are dropped,
//! solves under way finish (each is bounded by its node budget), and the results up to the
//! first puzzle not done are delivered. An error (a corpus that cannot be read, a strict
//! run's malformed line, a failing sink) stops the run the same way after everything
//! before it is delivered.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use sudoku_core::CorpusError;

use crate::chunk::Chunk;
use crate::contender::Contender;
use crate::doorbell::Doorbell;
use crate::error::EngineError;
use crate::indexed::Reader;
use crate::select::Selection;
use crate::sink::{CorpusCount, Sink};
use crate::source::Source;
use crate::timing::{pin_current, Timing, Warmup};
use crate::work::{work, Done, Item, Shared};

/// Lines that may hold a puzzle handed to a worker as one task (fewer tasks, fewer
/// wake-ups).
pub const BATCH: usize = 8;
/// With one thread, the calling thread solves chunks as long as this at most, so that the
/// sink hears of the puzzles done (progress, writes) this often even when solves are slow:
/// a chunk then holds from one line to [`INLINE_MAX`], doubling or halving with the time
/// the last one took.
const INLINE_CHUNK_TIME: Duration = Duration::from_millis(20);
/// The most lines a chunk of the calling thread holds.
const INLINE_MAX: u64 = 64;
/// Lines that may hold a puzzle in flight at most (handed out, not yet delivered).
pub const WINDOW: usize = 1024;
/// The calling thread sleeps until this many tasks are done (or the last ones in flight)...
const WAKE_EVERY: usize = WINDOW / BATCH / 4;
/// ... or this long, to watch for interrupts and let the sink write what waits.
const TICK: Duration = Duration::from_millis(50);

/// What to run: which corpora, which contenders, how.
#[derive(Debug)]
pub struct Plan {
    /// The corpora, in order.
    pub sources: Vec<Source>,
    /// The solvers, in the order of each puzzle's rows.
    pub contenders: Vec<Contender>,
    /// Worker threads; 1 solves on the calling thread.
    pub threads: usize,
    /// Timed runs of each solve (the row keeps the minimum and the median).
    pub repeat: u64,
    /// At most this many puzzles of each corpus (its first ones).
    pub first: Option<u64>,
    /// Whether a malformed line stops the run (otherwise it is skipped and counted).
    pub strict: bool,
    /// Which puzzles, as what: a shard, the ones not yet solved, random isomorphs
    /// (default: every puzzle as read).
    pub select: Selection,
    /// Warm-up and pinning (default: neither).
    pub timing: Timing,
}

impl Default for Plan {
    /// No corpus, no contender; one thread, one timed run per solve, every puzzle.
    fn default() -> Plan {
        Plan {
            sources: Vec::new(),
            contenders: Vec::new(),
            threads: 1,
            repeat: 1,
            first: None,
            strict: false,
            select: Selection::default(),
            timing: Timing::default(),
        }
    }
}

/// How a run ended.
#[derive(Debug)]
pub enum End {
    /// Every puzzle delivered.
    Finished,
    /// Stopped by the interrupt flag: the puzzles before the first one not done are
    /// delivered.
    Interrupted,
    /// Stopped by an error: everything before it is delivered.
    Failed(EngineError),
}

/// What a run did.
#[derive(Debug)]
pub struct Report {
    /// How it ended.
    pub end: End,
    /// Puzzles delivered.
    pub puzzles: u64,
    /// What was read of each corpus, in order.
    pub corpora: Vec<CorpusCount>,
    /// How long the warm-up lasted (zero without one): not part of the run's time.
    pub warmup: Duration,
}

/// One entry of the ordered stream of results.
enum Slot {
    /// A task's results.
    Done {
        source: usize,
        candidates: usize,
        done: Done,
    },
    /// A corpus read to its end.
    End(usize),
    /// An error met while reading.
    Fail(EngineError),
}

/// What the reading side has next.
enum Next {
    Chunk(u64, Chunk),
    /// Nothing until results come back (`first`'s count).
    Blocked,
    Done,
}

/// What is known of one corpus while the run goes.
struct Corpus {
    count: CorpusCount,
    /// Candidate lines handed out, not yet delivered.
    outstanding: u64,
}

/// Runs `plan`, handing every puzzle's rows to `sink` in input order. `interrupt` is
/// watched throughout (set it from a Ctrl-C handler to stop the run cleanly).
pub fn run(plan: &Plan, sink: &mut dyn Sink, interrupt: &AtomicBool) -> Report {
    let shared = Shared {
        contenders: &plan.contenders,
        repeat: plan.repeat,
        strict: plan.strict,
        permute: plan.select.permute,
        interrupt,
        stop_after: AtomicU64::new(u64::MAX),
    };
    let mut state = State::new(plan, sink);
    let start = Instant::now();
    let warmup = Warmup::start(plan);
    let warm = || {
        if let Some(w) = &warmup {
            w.run(&plan.contenders, interrupt);
        }
    };
    if plan.threads <= 1 {
        if let Some(&core) = plan.timing.pin.first() {
            pin_current(core);
        }
        warm();
        state.warmup = start.elapsed();
        state.inline(&shared);
    } else {
        let pin = plan.timing.pin.clone();
        match rayon::ThreadPoolBuilder::new()
            .num_threads(plan.threads)
            .thread_name(|i| format!("sudoku-lab-{i}"))
            .start_handler(move |i| {
                if let Some(&core) = pin.get(i) {
                    pin_current(core);
                }
            })
            .build()
        {
            Ok(pool) => {
                if warmup.is_some() {
                    pool.broadcast(|_| warm());
                }
                state.warmup = start.elapsed();
                pool.in_place_scope(|scope| state.pooled(scope, &shared));
            }
            Err(e) => state.fail(EngineError::Threads(e.to_string()), &shared),
        }
    }
    state.report()
}

/// The run's bookkeeping on the calling thread.
struct State<'p, 's> {
    plan: &'p Plan,
    sink: &'s mut dyn Sink,
    corpora: Vec<Corpus>,
    reading: Option<Reader<'p>>,
    /// Whether puzzles come parsed and numbered from the reading thread (see
    /// [`crate::select`]).
    indexed: bool,
    warmup: Duration,
    next_source: usize,
    reading_done: bool,
    next_seq: u64,
    next_out: u64,
    pending: BTreeMap<u64, Slot>,
    /// Tasks in flight, and their candidate lines.
    tasks: usize,
    lines: usize,
    /// Delivery stopped: an incomplete task or an error; nothing after it is delivered.
    gap: bool,
    interrupted: bool,
    failure: Option<EngineError>,
    puzzles: u64,
    /// Lines per chunk when the calling thread solves them (see [`INLINE_CHUNK_TIME`]).
    inline_batch: u64,
}

impl<'p, 's> State<'p, 's> {
    fn new(plan: &'p Plan, sink: &'s mut dyn Sink) -> State<'p, 's> {
        let corpora = plan
            .sources
            .iter()
            .map(|s| Corpus {
                count: CorpusCount {
                    name: Arc::from(s.name()),
                    puzzles: 0,
                    malformed: 0,
                    skipped: 0,
                },
                outstanding: 0,
            })
            .collect();
        State {
            plan,
            sink,
            corpora,
            reading: None,
            indexed: plan.select.is_active(),
            warmup: Duration::ZERO,
            next_source: 0,
            reading_done: false,
            next_seq: 0,
            next_out: 0,
            pending: BTreeMap::new(),
            tasks: 0,
            lines: 0,
            gap: false,
            interrupted: false,
            failure: None,
            puzzles: 0,
            inline_batch: 1,
        }
    }

    /// One thread: each task runs here, and is delivered before the next is read.
    fn inline(&mut self, shared: &Shared<'_>) {
        loop {
            match self.next_chunk(shared) {
                Next::Chunk(seq, mut chunk) => {
                    let start = Instant::now();
                    let done = work(seq, &mut chunk, shared);
                    self.inline_batch = if start.elapsed() > INLINE_CHUNK_TIME {
                        (self.inline_batch / 2).max(1)
                    } else {
                        (self.inline_batch * 2).min(INLINE_MAX)
                    };
                    let slot = Slot::Done {
                        source: chunk.source,
                        candidates: chunk.candidates,
                        done,
                    };
                    self.pending.insert(seq, slot);
                }
                Next::Blocked => {}
                Next::Done if self.pending.is_empty() || self.gap => break,
                Next::Done => {}
            }
            self.deliver(shared);
            self.tick(shared);
        }
    }

    /// A pool of workers: tasks are handed out while the window allows, and the results
    /// delivered as they come in.
    fn pooled<'a>(&mut self, scope: &rayon::Scope<'a>, shared: &'a Shared<'a>) {
        let (tx, rx) = mpsc::channel::<(u64, Slot)>();
        let bell = Arc::new(Doorbell::default());
        loop {
            while self.lines < WINDOW {
                let Next::Chunk(seq, chunk) = self.next_chunk(shared) else {
                    break;
                };
                self.tasks += 1;
                self.lines += chunk.candidates.max(1);
                let (tx, bell) = (tx.clone(), bell.clone());
                scope.spawn(move |_| {
                    let mut chunk = chunk;
                    let done = work(seq, &mut chunk, shared);
                    let slot = Slot::Done {
                        source: chunk.source,
                        candidates: chunk.candidates,
                        done,
                    };
                    let _ = tx.send((seq, slot));
                    bell.ring();
                });
            }
            if self.tasks == 0 && (self.reading_done || self.gap) {
                break;
            }
            if self.tasks > 0 {
                bell.wait(WAKE_EVERY.min(self.tasks), TICK);
            }
            for (seq, slot) in rx.try_iter() {
                if let Slot::Done { candidates, .. } = &slot {
                    self.tasks -= 1;
                    self.lines -= candidates.max(&1);
                }
                self.pending.insert(seq, slot);
            }
            self.deliver(shared);
            self.tick(shared);
        }
        self.deliver(shared);
    }

    /// Opens the next corpus; false when there is none (or it cannot be opened).
    fn open_next(&mut self) -> bool {
        let Some(source) = self.plan.sources.get(self.next_source) else {
            return false;
        };
        let i = self.next_source;
        self.next_source += 1;
        match source.open() {
            Ok(reader) => {
                let name = self.corpora[i].count.name.clone();
                let plan = self.plan;
                self.reading = Some(Reader::new(reader, i, name, &plan.select, plan.first));
                true
            }
            Err(e) => {
                self.push(Slot::Fail(EngineError::Corpus(e)));
                false
            }
        }
    }

    /// The corpus being read is done: its end goes into the stream.
    fn close(&mut self) {
        if let Some(reader) = self.reading.take() {
            self.corpora[self.next_source - 1].count.skipped = reader.skipped();
            self.push(Slot::End(self.next_source - 1));
        }
    }

    /// How many candidate lines the corpus being read may still hand out: `None` when it
    /// has all the puzzles it wants.
    fn credit(&self) -> Option<u64> {
        let batch = if self.plan.threads <= 1 {
            self.inline_batch
        } else {
            BATCH as u64
        };
        let Some(first) = self.plan.first.filter(|_| !self.indexed) else {
            return Some(batch);
        };
        let corpus = &self.corpora[self.next_source - 1];
        let wanted = first.saturating_sub(corpus.count.puzzles);
        if wanted == 0 {
            return None;
        }
        Some(wanted.saturating_sub(corpus.outstanding).min(batch))
    }

    /// The next chunk to hand out, reading corpus after corpus.
    fn next_chunk(&mut self, shared: &Shared<'_>) -> Next {
        loop {
            if shared.interrupt.load(Ordering::Relaxed) {
                self.interrupted = true;
                self.reading_done = true;
            }
            if self.reading_done || self.gap {
                return Next::Done;
            }
            if self.reading.is_none() && !self.open_next() {
                self.reading_done = true;
                return Next::Done;
            }
            let credit = match self.credit() {
                None => {
                    self.close();
                    continue;
                }
                Some(0) => return Next::Blocked,
                Some(n) => n as usize,
            };
            let Some(reader) = self.reading.as_mut() else {
                continue;
            };
            match reader.next_chunk(credit) {
                None => self.close(),
                Some(Ok(chunk)) => {
                    self.corpora[chunk.source].outstanding += chunk.candidates as u64;
                    let seq = self.next_seq;
                    self.next_seq += 1;
                    return Next::Chunk(seq, chunk);
                }
                Some(Err(reason)) => {
                    let e = CorpusError::Read {
                        path: self.corpora[self.next_source - 1].count.name.to_string(),
                        line: reader.line() + 1,
                        reason,
                    };
                    self.reading = None;
                    self.push(Slot::Fail(EngineError::Corpus(e)));
                    self.reading_done = true;
                    return Next::Done;
                }
            }
        }
    }

    /// Puts a marker into the ordered stream.
    fn push(&mut self, slot: Slot) {
        self.pending.insert(self.next_seq, slot);
        self.next_seq += 1;
    }

    /// Hands the results that are next in order to the sink.
    fn deliver(&mut self, shared: &Shared<'_>) {
        while !self.gap {
            let Some(slot) = self.pending.remove(&self.next_out) else {
                break;
            };
            let seq = self.next_out;
            self.next_out += 1;
            match slot {
                Slot::Done {
                    source,
                    candidates,
                    done,
                } => {
                    self.corpora[source].outstanding -= candidates as u64;
                    self.deliver_items(source, done, seq, shared);
                }
                Slot::End(source) => self.sink.corpus_done(&self.corpora[source].count),
                Slot::Fail(e) => self.fail(e, shared),
            }
        }
    }

    /// Hands one task's items to the sink, giving each puzzle its index.
    fn deliver_items(&mut self, source: usize, done: Done, seq: u64, shared: &Shared<'_>) {
        for item in done.items {
            if self.gap {
                return;
            }
            let count = &mut self.corpora[source].count;
            match item {
                Item::Puzzle(mut solved) => {
                    if !self.indexed {
                        if self.plan.first.is_some_and(|n| count.puzzles >= n) {
                            continue; // a grid file's rows may overshoot `first`
                        }
                        solved.index = count.puzzles;
                        for row in &mut solved.rows {
                            row.index = solved.index;
                        }
                    }
                    count.puzzles += 1;
                    self.puzzles += 1;
                    if let Err(e) = self.sink.puzzle(solved) {
                        shared.stop_after(seq);
                        self.fail(EngineError::Sink(e), shared);
                    }
                }
                Item::Malformed(e) if self.plan.strict => {
                    self.fail(EngineError::Strict(e), shared);
                }
                Item::Malformed(e) => {
                    count.malformed += 1;
                    self.sink.malformed(&e);
                }
                Item::Fatal(e) => self.fail(EngineError::Corpus(e), shared),
            }
        }
        if !done.complete && !self.gap {
            self.gap = true;
            self.interrupted |= shared.interrupt.load(Ordering::Relaxed);
        }
    }

    /// Lets the sink write what waits.
    fn tick(&mut self, shared: &Shared<'_>) {
        if self.failure.is_none() {
            if let Err(e) = self.sink.tick() {
                self.fail(EngineError::Sink(e), shared);
            }
        }
    }

    /// Stops the run for `e` (the first error is the one reported).
    fn fail(&mut self, e: EngineError, shared: &Shared<'_>) {
        self.failure.get_or_insert(e);
        self.gap = true;
        self.reading_done = true;
        shared.stop_after(self.next_out);
    }

    fn report(self) -> Report {
        let end = match (self.failure, self.interrupted) {
            (Some(e), _) => End::Failed(e),
            (None, true) => End::Interrupted,
            (None, false) => End::Finished,
        };
        Report {
            end,
            puzzles: self.puzzles,
            corpora: self.corpora.into_iter().map(|c| c.count).collect(),
            warmup: self.warmup,
        }
    }
}
