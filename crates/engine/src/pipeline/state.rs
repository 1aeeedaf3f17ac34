//! The run's bookkeeping on the calling thread ([`State`]): the chunks asked of the reading
//! thread and handed out as tasks, the tasks' results put back in input order, and each
//! puzzle's rows handed to the sink; how long a task is made to take ([`task_time`]).

use std::collections::{BTreeMap, VecDeque};
use std::sync::atomic::Ordering;
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use sudoku_results::Row;

use super::{
    End, Plan, Report, BATCH, BATCH_MAX, CHUNK_TIME, FIRST_ASK, FIRST_ASK_ALONE, PART_TIME,
    TASK_SHARE, TASK_TIME_MAX, TASK_TIME_MIN, TICK, WINDOW,
};
use crate::chunk::Chunk;
use crate::doorbell::Doorbell;
use crate::failure::EngineError;
use crate::reader::{ReadEnd, Reader, Reply, Request};
use crate::sink::{CorpusCount, Sink};
use crate::source::corpus_names;
use crate::work::{work, work_each, Done, Item, Part, Shared};

/// Where a result goes in the ordered stream: its task's sequence number (a marker's own),
/// then how many parts of the task come before it (see [`PART_TIME`]).
type Place = (u64, usize);

/// One entry of the ordered stream of results.
enum Slot {
    /// The first items of a task that goes on (see [`PART_TIME`]), of corpus `source`.
    Part { source: usize, part: Part },
    /// A task's results (the ones after its parts), and how long it took.
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
    /// A corpus's end, or its failure ([`Slot::End`], [`Slot::Fail`]).
    Marker(Slot),
}

/// What is known of one corpus while the run goes.
struct Corpus {
    count: CorpusCount,
    /// Candidate lines handed out, not yet delivered.
    outstanding: u64,
}

/// How long a worker's task is made to take, `elapsed` into the run: a [`TASK_SHARE`]th of
/// it, from [`TASK_TIME_MIN`] to [`TASK_TIME_MAX`]. Short tasks at first: the workers start
/// at once, and a short run ends even. Longer ones as the run goes on: fewer hand-offs per
/// puzzle, while the lone last task stays a small share of the run.
///
/// A task's lines double while the last task took less and halve when it took more than
/// twice as long ([`next_batch`]): one between the two keeps the size, so that the first
/// tasks, slowed by cold caches and starting threads, do not cut the whole corpus into
/// tasks of a line or two.
pub(super) fn task_time(elapsed: Duration) -> Duration {
    (elapsed / TASK_SHARE).clamp(TASK_TIME_MIN, TASK_TIME_MAX)
}

/// The lines of the next chunk, after one of `batch` lines took `took` where `target` was
/// wanted (see [`task_time`]).
fn next_batch(batch: u64, took: Duration, target: Duration) -> u64 {
    if took > target * 2 {
        (batch / 2).max(1)
    } else if took < target {
        (batch * 2).min(BATCH_MAX)
    } else {
        batch
    }
}

/// The lines of a run's first tasks: [`BATCH`] on a pool of workers, one on the calling
/// thread alone (see [`CHUNK_TIME`]), and one when a solver is run as a child process (its
/// solves take milliseconds to seconds: a task of [`BATCH`] would hold back the first rows
/// while the other workers idle).
fn first_batch(plan: &Plan) -> u64 {
    let external = plan.contenders.iter().any(|c| c.as_external().is_some());
    if plan.threads <= 1 || external {
        1
    } else {
        BATCH as u64
    }
}

/// A worker's task: solves the chunk of task `seq`, sends its results to the calling
/// thread through `tx`, and rings `bell`; a part (see [`PART_TIME`]) wakes the calling
/// thread at once.
fn task(
    seq: u64,
    mut chunk: Chunk,
    shared: &Shared<'_>,
    tx: &mpsc::Sender<(Place, Slot)>,
    bell: &Doorbell,
) {
    let start = Instant::now();
    let source = chunk.source;
    let mut parts = 0;
    let done = work(seq, &mut chunk, shared, PART_TIME, |part| {
        let _ = tx.send(((seq, parts), Slot::Part { source, part }));
        parts += 1;
        bell.wake();
    });
    let slot = Slot::Done {
        source,
        candidates: chunk.candidates,
        done,
        took: start.elapsed(),
    };
    let _ = tx.send(((seq, parts), slot));
    bell.ring();
}

/// The run's bookkeeping on the calling thread.
pub(super) struct State<'p> {
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
    /// The task (or marker) delivered next: its parts, then the task's end.
    next_out: u64,
    /// The reorder buffer.
    pending: BTreeMap<Place, Slot>,
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
    pub(super) began: Instant,
    /// Whether puzzles come parsed and numbered from the reading thread (see
    /// [`crate::select`]).
    indexed: bool,
    pub(super) warmup: Duration,
}

impl<'p> State<'p> {
    pub(super) fn new(plan: &'p Plan) -> State<'p> {
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
            ask: if plan.threads <= 1 {
                FIRST_ASK_ALONE
            } else {
                FIRST_ASK * plan.threads
            },
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
            batch: first_batch(plan),
            began: Instant::now(),
            indexed: plan.select.is_active(),
            warmup: Duration::ZERO,
        }
    }

    /// One thread: each task runs here, puzzle by puzzle, each delivered as it is done.
    pub(super) fn inline(&mut self, reader: &Reader, shared: &Shared<'_>, sink: &mut dyn Sink) {
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
    pub(super) fn pooled<'a>(
        &mut self,
        scope: &rayon::Scope<'a>,
        reader: &Reader,
        bell: &Arc<Doorbell>,
        shared: &'a Shared<'a>,
        sink: &mut dyn Sink,
    ) {
        let (tx, rx) = mpsc::channel::<(Place, Slot)>();
        loop {
            while self.lines < WINDOW {
                let room = WINDOW - self.lines;
                let Next::Chunk(seq, chunk) = self.next_chunk(reader, room, shared) else {
                    break;
                };
                self.tasks += 1;
                self.lines += chunk.candidates.max(1);
                let (tx, bell) = (tx.clone(), bell.clone());
                scope.spawn(move |_| task(seq, chunk, shared, &tx, &bell));
            }
            if self.tasks == 0 && (self.reading_done || self.gap) {
                break;
            }
            bell.wait(self.tasks.div_ceil(4), TICK);
            for (place, slot) in rx.try_iter() {
                if let Slot::Done {
                    candidates, took, ..
                } = &slot
                {
                    self.tasks -= 1;
                    self.lines -= candidates.max(&1);
                    self.adapt(*took);
                }
                self.pending.insert(place, slot);
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
        self.asked &= !reply.last;
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
                let e = EngineError::Corpus(e);
                self.ready.push_back(Ready::Marker(Slot::Fail(e)));
                self.reading_done = true;
            }
        }
    }

    /// The corpus being read is done (its end, or all the puzzles it may give): its end
    /// goes into the stream, and the next corpus is read.
    fn corpus_read(&mut self) {
        self.ready.push_back(Ready::Marker(Slot::End(self.current)));
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
                Some(Ready::Marker(slot)) => {
                    self.push(slot);
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
    /// [`start`](super::start)): the lines it reads while the caller gets ready are the first tasks.
    pub(super) fn ask_first(&mut self, reader: &Reader) {
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
        // ask for less (see FIRST_ASK and FIRST_ASK_ALONE).
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
                    early: self.plan.threads.max(1),
                });
                self.asked = true;
            }
        }
        None
    }

    /// Follows the time the last chunk took (see [`task_time`] and [`CHUNK_TIME`]): the
    /// time of one pass over it, so that under `--repeat K` a chunk (a pass's puzzles, see
    /// [`crate::passes`]) holds as many puzzles as at `--repeat 1`.
    fn adapt(&mut self, took: Duration) {
        let target = if self.plan.threads <= 1 {
            CHUNK_TIME
        } else {
            task_time(self.began.elapsed())
        };
        let passes = u32::try_from(self.plan.repeat.max(1)).unwrap_or(u32::MAX);
        self.batch = next_batch(self.batch, took / passes, target);
    }

    /// Puts a marker into the ordered stream.
    fn push(&mut self, slot: Slot) {
        self.pending.insert((self.next_seq, 0), slot);
        self.next_seq += 1;
    }

    /// Hands the results that are next in order to the sink: the parts of the task next in
    /// order as they come, and the task's end once every part before it is delivered.
    fn deliver(&mut self, shared: &Shared<'_>, sink: &mut dyn Sink) {
        while !self.gap {
            // Tasks in order, and a task's parts in the order sent, then its end; the
            // parts of a later task wait until this one's end is delivered.
            let Some(entry) = self.pending.first_entry() else {
                break;
            };
            let seq = entry.key().0;
            debug_assert!(seq >= self.next_out, "a result of a task delivered");
            if seq != self.next_out {
                break;
            }
            match entry.remove() {
                Slot::Part {
                    source,
                    part: Part { items, mut rows },
                } => self.deliver_items(source, items, &mut rows, (seq, shared), sink),
                Slot::Done {
                    source,
                    candidates,
                    done,
                    ..
                } => {
                    self.next_out += 1;
                    self.corpora[source].outstanding -= candidates as u64;
                    let Done {
                        items,
                        mut rows,
                        complete,
                    } = done;
                    self.deliver_items(source, items, &mut rows, (seq, shared), sink);
                    self.end_task(complete, shared);
                }
                Slot::End(source) => {
                    self.next_out += 1;
                    sink.corpus_done(&self.corpora[source].count);
                }
                Slot::Fail(e) => {
                    self.next_out += 1;
                    self.fail(e, shared);
                }
            }
        }
    }

    /// Hands `items` of task `seq` (of corpus `source`) to the sink, each puzzle with its
    /// rows, lent where the worker put them: the next ones of `rows`. Stops at a gap.
    fn deliver_items(
        &mut self,
        source: usize,
        items: Vec<Item>,
        rows: &mut [Row],
        (seq, shared): (u64, &Shared<'_>),
        sink: &mut dyn Sink,
    ) {
        let mut rest = rows;
        for item in items {
            if self.gap {
                return;
            }
            let (these, after) = rest.split_at_mut(item.row_count());
            rest = after;
            self.deliver_item(source, item, these, (seq, shared), sink);
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
                    // The task may still run (this puzzle came in a part of it, or on
                    // the calling thread): nothing of it will be delivered any more.
                    shared.stop_from(seq);
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
    /// it is delivered), and one cut short by the runner's failure to start a child process
    /// fails the run.
    fn end_task(&mut self, complete: bool, shared: &Shared<'_>) {
        if !complete && !self.gap {
            self.gap = true;
            self.interrupted |= shared.interrupt.load(Ordering::Relaxed);
            // A task also stops short when the runner could not start a child process.
            let contenders = self.plan.contenders.iter();
            if let Some(e) = contenders
                .filter_map(|c| c.as_external()?.take_failure())
                .next()
            {
                self.fail(EngineError::External(e), shared);
            }
        }
    }

    /// Lets the sink write what waits.
    fn tick(&mut self, shared: &Shared<'_>, sink: &mut dyn Sink) {
        crate::external::pass_events(&self.plan.contenders, sink);
        if self.failure.is_none() {
            if let Err(e) = sink.tick() {
                self.fail(EngineError::Sink(e), shared);
            }
        }
    }

    /// Stops the run for `e` (the first error is the one reported).
    pub(super) fn fail(&mut self, e: EngineError, shared: &Shared<'_>) {
        self.failure.get_or_insert(e);
        self.gap = true;
        self.reading_done = true;
        shared.stop_after(self.next_out);
    }

    pub(super) fn report(self) -> Report {
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
    use crate::contender::Contender;
    use crate::external::External;
    use sudoku_core::Limits;

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

    #[test]
    fn chunks_double_when_short_keep_their_size_up_to_twice_the_target_then_halve() {
        let ms = Duration::from_millis;
        assert_eq!(next_batch(8, ms(1), ms(2)), 16);
        assert_eq!(next_batch(8, ms(2), ms(2)), 8);
        assert_eq!(next_batch(8, ms(4), ms(2)), 8);
        assert_eq!(next_batch(8, ms(5), ms(2)), 4);
        assert_eq!(next_batch(1, ms(50), ms(2)), 1);
        assert_eq!(next_batch(BATCH_MAX, ms(1), ms(2)), BATCH_MAX);
    }

    #[test]
    fn a_run_with_a_solver_run_as_a_child_process_starts_at_a_line_a_task() {
        let native = || {
            let dlx = sudoku_catalogue::find("dlx").unwrap();
            Contender::new(dlx.solver(), Limits::FIRST)
        };
        let child = || {
            let external = External::from_words("x", vec!["x".into()], Duration::from_secs(1));
            Contender::external("x", external, Limits::FIRST)
        };
        for (contenders, threads, batch) in [
            (vec![native()], 2, BATCH as u64),
            (vec![native()], 1, 1),
            (vec![native(), child()], 2, 1),
            (vec![child()], 4, 1),
        ] {
            let plan = Plan {
                contenders,
                threads,
                ..Plan::default()
            };
            assert_eq!(State::new(&plan).batch, batch, "{threads} threads");
        }
    }
}
