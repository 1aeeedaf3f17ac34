//! The run: corpora read chunk by chunk, chunks parsed and solved on a pool of workers, and
//! their results handed to the sink in input order, whatever the thread count.
//!
//! A reading thread ([`crate::reader`]) cuts the corpora into chunks of lines
//! ([`crate::chunk`]) as the calling thread asks for them; the calling thread hands each
//! chunk to a dedicated rayon pool as one task (with one thread, it runs each task itself,
//! puzzle by puzzle, so that one thread solves). A worker parses its chunk and solves its
//! puzzles with every contender. At most [`WINDOW`] lines that may hold a puzzle are in
//! flight; results come back in any order (the calling thread sleeps through batches of
//! them) and wait in a reorder buffer until every earlier one is in, so that memory stays
//! flat however long the corpus. Puzzle indexes are given there, in order (a run that
//! selects or permutes has them given by the reading thread, see [`crate::select`]).
//!
//! [`start`] starts the reading thread (asking it for the first lines) and the pool before
//! the sink is given to [`Started::run`]: a runner opens its output in between, while the
//! threads start and the first lines are read.
//!
//! The calling thread never waits on the input: whatever the reading thread is doing (an
//! idle stdin, a FIFO without a writer), it wakes at least every [`TICK`] to watch for an
//! interrupt and to let the sink write what is done.
//!
//! `first` (at most N puzzles per corpus) is kept without solving a puzzle too many: a
//! corpus line holds at most one puzzle, so no more lines are handed out than puzzles may
//! still be wanted, and more are read once the results say how many lines were not puzzles.
//!
//! On an interrupt (the flag given to [`run`]) reading stops, tasks not started are dropped,
//! solves under way finish (each is bounded by its node budget; `--repeat` stops between
//! repeats), and the results up to the first puzzle not done are delivered. An error (a
//! corpus that cannot be read, a strict run's malformed line, a failing sink) stops the run
//! the same way after everything before it is delivered.

use std::collections::{BTreeMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use sudoku_reports::Row;

use crate::chunk::Chunk;
use crate::contender::Contender;
use crate::doorbell::Doorbell;
use crate::error::EngineError;
use crate::reader::{ReadEnd, Reader, Reply, Request};
use crate::select::Selection;
use crate::sink::{CorpusCount, Sink};
use crate::source::{corpus_names, Source};
use crate::timing::{pin_current, Timing, Warmup};
use crate::work::{work, work_each, Done, Item, Shared};

/// Lines that may hold a puzzle handed to a worker as one task, at first: the batch then
/// follows the time tasks take, doubling while they are short (fewer tasks, fewer
/// wake-ups) and halving when they are long, each made to take a share of the run so far.
pub const BATCH: usize = 8;
/// The shortest a worker's task is made to take (see [`task_time`]).
const TASK_TIME_MIN: Duration = Duration::from_micros(250);
/// The longest a worker's task is made to take: an interrupt or a stop waits for no more.
const TASK_TIME_MAX: Duration = Duration::from_millis(1);
/// A worker's task is made to take this fraction of the run so far (see [`task_time`]).
const TASK_SHARE: u32 = 100;
/// With one thread, the calling thread solves chunks made to take about this long (as
/// [`task_time`] makes tasks), so that the sink hears of the puzzles done (progress,
/// writes) this often even when solves are slow.
const CHUNK_TIME: Duration = Duration::from_millis(20);
/// The most lines a chunk holds.
const BATCH_MAX: u64 = 128;
/// Lines that may hold a puzzle in flight at most (handed out, not yet delivered): some
/// sixteen tasks of the longest.
pub const WINDOW: usize = 2048;
/// Lines a run's first request asks for, per worker: a task each. The reading thread
/// answers a request once it has cut all of it, and a whole window took it most of a
/// millisecond at the start of a run while every worker waited; so the first request asks
/// for a task per worker, and each one after it for four times more, up to a window: the
/// workers start a tenth of a millisecond after the reading thread, and each answer comes
/// before they are through the last.
const FIRST_ASK: usize = BATCH;
/// The calling thread sleeps until a quarter of the tasks in flight are done, or this
/// long, to watch for interrupts and let the sink write what waits.
pub const TICK: Duration = Duration::from_millis(50);

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
    /// A task's results, and how long it took.
    Done {
        source: usize,
        candidates: usize,
        done: Done,
        took: Duration,
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
    /// Nothing until the reading thread replies.
    Waiting,
    Done,
}

/// What the reading thread gave, in order, not yet handed out.
enum Ready {
    Chunk(Chunk),
    /// A corpus read to its end.
    End(usize),
    /// A corpus that cannot be opened or read.
    Fail(EngineError),
}

/// What is known of one corpus while the run goes.
struct Corpus {
    count: CorpusCount,
    /// Candidate lines handed out, not yet delivered.
    outstanding: u64,
}

/// Runs `plan`, handing every puzzle's rows to `sink` in input order. `interrupt` is
/// watched throughout (set it from a Ctrl-C handler to stop the run cleanly).
///
/// The same as [`start`] then [`Started::run`].
pub fn run(plan: &Plan, sink: &mut dyn Sink, interrupt: &AtomicBool) -> Report {
    start(plan, interrupt).run(sink)
}

/// Starts `plan`'s threads: the reading thread, which reads the first lines at once, and
/// the pool of workers (pinned when the plan says so). Nothing is solved until
/// [`Started::run`]: a caller that has files to open before the first result comes (a
/// runner's output) does it in between, while the threads start and the first lines are
/// read, rather than before them.
///
/// Dropping it without running it ends its threads, as the end of a run does (a reading
/// thread blocked on an input that gives nothing stays until the process ends).
pub fn start<'a>(plan: &'a Plan, interrupt: &'a AtomicBool) -> Started<'a> {
    let shared = Shared {
        contenders: &plan.contenders,
        repeat: plan.repeat,
        strict: plan.strict,
        permute: plan.select.permute,
        interrupt,
        stop_after: AtomicU64::new(u64::MAX),
    };
    let bell = Arc::new(Doorbell::default());
    let mut state = State::new(plan);
    let reading = (&plan.select, plan.first);
    let threads = Reader::start(&plan.sources, &state.names(), reading, bell.clone())
        .map_err(|e| EngineError::Threads(e.to_string()))
        .and_then(|reader| {
            // The reading thread is at work on the first lines while the pool starts.
            state.ask_first(&reader);
            let pool = if plan.threads <= 1 {
                None
            } else {
                Some(pool(plan).map_err(|e| EngineError::Threads(e.to_string()))?)
            };
            Ok(Threads { reader, pool })
        });
    Started {
        plan,
        shared,
        bell,
        state,
        threads,
    }
}

/// A run whose threads are started (see [`start`]), waiting for its sink.
pub struct Started<'a> {
    plan: &'a Plan,
    shared: Shared<'a>,
    bell: Arc<Doorbell>,
    state: State<'a>,
    threads: Result<Threads, EngineError>,
}

/// The threads of a started run: the reading thread, and the pool (none with one thread:
/// the calling thread solves).
struct Threads {
    reader: Reader,
    pool: Option<rayon::ThreadPool>,
}

impl Started<'_> {
    /// Runs the plan, handing every puzzle's rows to `sink` in input order (after the
    /// warm-up, when the plan has one).
    pub fn run(self, sink: &mut dyn Sink) -> Report {
        let Started {
            plan,
            shared,
            bell,
            mut state,
            threads,
        } = self;
        let start = Instant::now();
        let warmup = Warmup::start(plan);
        let warm = || {
            if let Some(w) = &warmup {
                w.run(&plan.contenders, shared.interrupt);
            }
        };
        match threads {
            Err(e) => state.fail(e, &shared),
            Ok(Threads { reader, pool: None }) => {
                if let Some(&core) = plan.timing.pin.first() {
                    pin_current(core);
                }
                warm();
                state.warmup = start.elapsed();
                state.inline(&reader, &shared, sink);
            }
            Ok(Threads {
                reader,
                pool: Some(pool),
            }) => {
                if warmup.is_some() {
                    pool.broadcast(|_| warm());
                }
                state.warmup = start.elapsed();
                state.began = Instant::now();
                pool.in_place_scope(|scope| state.pooled(scope, &reader, &bell, &shared, sink));
            }
        }
        state.report()
    }
}

/// How long a worker's task is made to take, `elapsed` into the run: a [`TASK_SHARE`]th of
/// it, from [`TASK_TIME_MIN`] to [`TASK_TIME_MAX`]. Its lines double while the last task
/// took less and halve when it took more, from one line to [`BATCH_MAX`]. Short tasks at
/// first: the workers start at once, and a short run ends even (the last worker to finish
/// works alone for less than a task). Longer ones as the run goes on: fewer hand-offs
/// (wake-ups, messages) per puzzle, while the lone last task stays a small share of the
/// run.
fn task_time(elapsed: Duration) -> Duration {
    (elapsed / TASK_SHARE).clamp(TASK_TIME_MIN, TASK_TIME_MAX)
}

/// The pool of `plan`'s workers, each pinned to its core when `plan` says so.
fn pool(plan: &Plan) -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
    let pin = plan.timing.pin.clone();
    rayon::ThreadPoolBuilder::new()
        .num_threads(plan.threads)
        .thread_name(|i| format!("sudoku-lab-{i}"))
        .start_handler(move |i| {
            if let Some(&core) = pin.get(i) {
                pin_current(core);
            }
        })
        .build()
}

/// The run's bookkeeping on the calling thread.
struct State<'p> {
    plan: &'p Plan,
    corpora: Vec<Corpus>,
    /// The corpus being read (the reading thread is asked for its lines).
    current: usize,
    /// A request is out to the reading thread.
    asked: bool,
    /// Lines the next request asks for (see [`FIRST_ASK`]).
    ask: usize,
    /// What it gave, not yet handed out.
    ready: VecDeque<Ready>,
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
    /// Lines per chunk (see [`task_time`] and [`CHUNK_TIME`]).
    batch: u64,
    /// When the workers started.
    began: Instant,
    /// Whether puzzles come parsed and numbered from the reading thread (see
    /// [`crate::select`]).
    indexed: bool,
    warmup: Duration,
}

impl<'p> State<'p> {
    fn new(plan: &'p Plan) -> State<'p> {
        let corpora = corpus_names(&plan.sources)
            .into_iter()
            .map(|name| Corpus {
                count: CorpusCount {
                    name: Arc::from(name),
                    puzzles: 0,
                    malformed: 0,
                    skipped: 0,
                },
                outstanding: 0,
            })
            .collect();
        State {
            plan,
            corpora,
            current: 0,
            asked: false,
            ask: FIRST_ASK * plan.threads.max(1),
            ready: VecDeque::new(),
            reading_done: plan.sources.is_empty(),
            next_seq: 0,
            next_out: 0,
            pending: BTreeMap::new(),
            tasks: 0,
            lines: 0,
            gap: false,
            interrupted: false,
            failure: None,
            puzzles: 0,
            batch: if plan.threads <= 1 { 1 } else { BATCH as u64 },
            began: Instant::now(),
            indexed: plan.select.is_active(),
            warmup: Duration::ZERO,
        }
    }

    /// The corpora's names, as rows give them.
    fn names(&self) -> Vec<Arc<str>> {
        self.corpora.iter().map(|c| c.count.name.clone()).collect()
    }

    /// One thread: each task runs here, puzzle by puzzle, each delivered as it is done.
    fn inline(&mut self, reader: &Reader, shared: &Shared<'_>, sink: &mut dyn Sink) {
        loop {
            match self.next_chunk(reader, self.batch as usize, shared) {
                Next::Chunk(seq, mut chunk) => {
                    self.deliver(shared, sink);
                    let start = Instant::now();
                    self.solve_here(seq, &mut chunk, shared, sink);
                    self.adapt(start.elapsed());
                }
                Next::Waiting => {
                    if let Some(reply) = reader.reply_within(TICK) {
                        self.take(reply);
                    }
                }
                Next::Blocked => {}
                Next::Done if self.pending.is_empty() || self.gap => break,
                Next::Done => {}
            }
            self.deliver(shared, sink);
            self.tick(shared, sink);
        }
    }

    /// Solves the chunk of task `seq` on this thread, handing each puzzle to the sink as
    /// soon as it is done (every task before it is delivered).
    fn solve_here(
        &mut self,
        seq: u64,
        chunk: &mut Chunk,
        shared: &Shared<'_>,
        sink: &mut dyn Sink,
    ) {
        if self.gap || seq != self.next_out {
            return;
        }
        self.next_out += 1;
        let source = chunk.source;
        let mut rows = Vec::new();
        let complete = work_each(seq, chunk, shared, &mut rows, |item, rows| {
            if !self.gap {
                // The item's rows are the only ones in `rows`.
                self.deliver_item(source, item, rows, (seq, shared), sink);
                self.tick(shared, sink);
            }
            rows.clear();
        });
        self.corpora[chunk.source].outstanding -= chunk.candidates as u64;
        self.end_task(complete, shared);
    }

    /// A pool of workers: tasks are handed out while the window allows, and the results
    /// delivered as they come in.
    fn pooled<'a>(
        &mut self,
        scope: &rayon::Scope<'a>,
        reader: &Reader,
        bell: &Arc<Doorbell>,
        shared: &'a Shared<'a>,
        sink: &mut dyn Sink,
    ) {
        let (tx, rx) = mpsc::channel::<(u64, Slot)>();
        loop {
            while self.lines < WINDOW {
                let room = WINDOW - self.lines;
                let Next::Chunk(seq, chunk) = self.next_chunk(reader, room, shared) else {
                    break;
                };
                self.tasks += 1;
                self.lines += chunk.candidates.max(1);
                let (tx, bell) = (tx.clone(), bell.clone());
                scope.spawn(move |_| {
                    let start = Instant::now();
                    let mut chunk = chunk;
                    let done = work(seq, &mut chunk, shared);
                    let slot = Slot::Done {
                        source: chunk.source,
                        candidates: chunk.candidates,
                        done,
                        took: start.elapsed(),
                    };
                    let _ = tx.send((seq, slot));
                    bell.ring();
                });
            }
            if self.tasks == 0 && (self.reading_done || self.gap) {
                break;
            }
            bell.wait(self.tasks.div_ceil(4), TICK);
            for (seq, slot) in rx.try_iter() {
                if let Slot::Done {
                    candidates, took, ..
                } = &slot
                {
                    self.tasks -= 1;
                    self.lines -= candidates.max(&1);
                    self.adapt(*took);
                }
                self.pending.insert(seq, slot);
            }
            if self.asked {
                if let Some(reply) = reader.try_reply() {
                    self.take(reply);
                }
            }
            self.deliver(shared, sink);
            self.tick(shared, sink);
        }
        self.deliver(shared, sink);
    }

    /// What the reading thread read: its chunks, then the corpus's end if it came.
    fn take(&mut self, reply: Reply) {
        self.asked = false;
        for chunk in reply.chunks {
            self.corpora[chunk.source].outstanding += chunk.candidates as u64;
            self.ready.push_back(Ready::Chunk(chunk));
        }
        match reply.end {
            None => {}
            Some(ReadEnd::Eof { skipped }) => {
                self.corpora[self.current].count.skipped = skipped;
                self.corpus_read();
            }
            Some(ReadEnd::Failed(e)) => {
                self.ready.push_back(Ready::Fail(EngineError::Corpus(e)));
                self.reading_done = true;
            }
        }
    }

    /// The corpus being read is done (its end, or all the puzzles it may give): its end
    /// goes into the stream, and the next corpus is read.
    fn corpus_read(&mut self) {
        self.ready.push_back(Ready::End(self.current));
        self.current += 1;
        if self.current >= self.plan.sources.len() {
            self.reading_done = true;
        }
    }

    /// How many candidate lines the corpus being read may still hand out, at most `batch`:
    /// `None` when it has all the puzzles it wants.
    fn credit(&self, batch: u64) -> Option<u64> {
        let Some(first) = self.plan.first.filter(|_| !self.indexed) else {
            return Some(batch);
        };
        let corpus = &self.corpora[self.current];
        let wanted = first.saturating_sub(corpus.count.puzzles);
        if wanted == 0 {
            return None;
        }
        Some(wanted.saturating_sub(corpus.outstanding).min(batch))
    }

    /// The next chunk to hand out (`room`: the candidate lines a chunk may hold when the
    /// calling thread solves alone), asking the reading thread for more when none is
    /// ready.
    fn next_chunk(&mut self, reader: &Reader, room: usize, shared: &Shared<'_>) -> Next {
        loop {
            if shared.interrupt.load(Ordering::Relaxed) {
                self.interrupted = true;
                self.reading_done = true;
                self.ready.clear();
            }
            if self.gap {
                return Next::Done;
            }
            match self.ready.pop_front() {
                Some(Ready::Chunk(chunk)) => {
                    let seq = self.next_seq;
                    self.next_seq += 1;
                    return Next::Chunk(seq, chunk);
                }
                Some(Ready::End(source)) => {
                    self.push(Slot::End(source));
                    continue;
                }
                Some(Ready::Fail(e)) => {
                    self.push(Slot::Fail(e));
                    continue;
                }
                None => {}
            }
            if self.reading_done {
                return Next::Done;
            }
            if self.asked {
                match reader.try_reply() {
                    Some(reply) => {
                        self.take(reply);
                        continue;
                    }
                    None => return Next::Waiting,
                }
            }
            if let Some(next) = self.ask_more(reader, room) {
                return next;
            }
        }
    }

    /// The run's first request to the reading thread, made as the threads start (see
    /// [`start`]): the lines it reads while the caller gets ready are the first tasks.
    fn ask_first(&mut self, reader: &Reader) {
        if !self.reading_done && !self.asked {
            let room = if self.plan.threads <= 1 {
                self.batch as usize
            } else {
                WINDOW
            };
            let _ = self.ask_more(reader, room);
        }
    }

    /// Asks the reading thread for the next lines of the corpus being read (`room`: as in
    /// [`State::next_chunk`]); `Some` when there is nothing to ask for until results come
    /// back. A corpus that has all the puzzles it wants is ended instead.
    fn ask_more(&mut self, reader: &Reader, room: usize) -> Option<Next> {
        let batch = if self.plan.threads <= 1 {
            room
        } else {
            self.batch as usize
        };
        // Lines are asked for a window at a time, the ones beyond the room waiting
        // here: the reading thread (and the wake-up its answer brings) is called
        // upon once per window, not once per task done. The run's first requests
        // ask for less (see FIRST_ASK), so that the workers start at once.
        let ask = self.ask;
        self.ask = (ask * 4).min(WINDOW);
        match self.credit(ask as u64) {
            None => self.corpus_read(),
            Some(0) => return Some(Next::Blocked),
            Some(total) => {
                reader.ask(Request {
                    source: self.current,
                    batch,
                    total,
                });
                self.asked = true;
            }
        }
        None
    }

    /// Follows the time the last chunk took (see [`task_time`] and [`CHUNK_TIME`]).
    fn adapt(&mut self, took: Duration) {
        let target = if self.plan.threads <= 1 {
            CHUNK_TIME
        } else {
            task_time(self.began.elapsed())
        };
        self.batch = if took > target {
            (self.batch / 2).max(1)
        } else {
            (self.batch * 2).min(BATCH_MAX)
        };
    }

    /// Puts a marker into the ordered stream.
    fn push(&mut self, slot: Slot) {
        self.pending.insert(self.next_seq, slot);
        self.next_seq += 1;
    }

    /// Hands the results that are next in order to the sink.
    fn deliver(&mut self, shared: &Shared<'_>, sink: &mut dyn Sink) {
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
                    ..
                } => {
                    self.corpora[source].outstanding -= candidates as u64;
                    let Done {
                        items,
                        mut rows,
                        complete,
                    } = done;
                    // Each puzzle's rows are lent to the sink where the worker put them,
                    // the next ones of the task's rows.
                    let mut rest = rows.as_mut_slice();
                    for item in items {
                        if self.gap {
                            return;
                        }
                        let (these, after) = rest.split_at_mut(item.row_count());
                        rest = after;
                        self.deliver_item(source, item, these, (seq, shared), sink);
                    }
                    self.end_task(complete, shared);
                }
                Slot::End(source) => sink.corpus_done(&self.corpora[source].count),
                Slot::Fail(e) => self.fail(e, shared),
            }
        }
    }

    /// Hands one item of task `seq` to the sink (a puzzle with its `rows`), giving a
    /// puzzle its index.
    fn deliver_item(
        &mut self,
        source: usize,
        item: Item,
        rows: &mut [Row],
        (seq, shared): (u64, &Shared<'_>),
        sink: &mut dyn Sink,
    ) {
        let count = &mut self.corpora[source].count;
        match item {
            Item::Puzzle(mut head, _) => {
                if !self.indexed {
                    if self.plan.first.is_some_and(|n| count.puzzles >= n) {
                        return; // a grid file's rows may overshoot `first`
                    }
                    head.index = count.puzzles;
                    for row in rows.iter_mut() {
                        row.index = head.index;
                    }
                }
                count.puzzles += 1;
                self.puzzles += 1;
                if let Err(e) = sink.puzzle(head.solved(rows)) {
                    shared.stop_after(seq);
                    self.fail(EngineError::Sink(e), shared);
                }
            }
            Item::Malformed(e) if self.plan.strict => {
                self.fail(EngineError::Strict(e), shared);
            }
            Item::Malformed(e) => {
                count.malformed += 1;
                sink.malformed(&e);
            }
            Item::Fatal(e) => self.fail(EngineError::Corpus(e), shared),
        }
    }

    /// A task's items are delivered: one cut short by a stop leaves a gap (nothing after
    /// it is delivered).
    fn end_task(&mut self, complete: bool, shared: &Shared<'_>) {
        if !complete && !self.gap {
            self.gap = true;
            self.interrupted |= shared.interrupt.load(Ordering::Relaxed);
        }
    }

    /// Lets the sink write what waits.
    fn tick(&mut self, shared: &Shared<'_>, sink: &mut dyn Sink) {
        if self.failure.is_none() {
            if let Err(e) = sink.tick() {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tasks_grow_with_the_run_between_their_bounds() {
        assert_eq!(task_time(Duration::ZERO), TASK_TIME_MIN);
        assert_eq!(
            task_time(Duration::from_millis(50)),
            Duration::from_micros(500)
        );
        assert_eq!(
            task_time(Duration::from_millis(80)),
            Duration::from_micros(800)
        );
        assert_eq!(task_time(Duration::from_secs(60)), TASK_TIME_MAX);
    }
}
