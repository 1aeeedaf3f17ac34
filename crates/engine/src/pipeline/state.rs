//! The run's bookkeeping on the calling thread ([`State`]), as the book's "Architecture"
//! tells it: chunks asked for and handed out as tasks, results delivered in input order.

use std::collections::{BTreeMap, VecDeque};
use std::sync::atomic::Ordering;
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use sudoku_results::Row;

use super::{End, Plan, Report, BATCH, TICK, WINDOW};
use crate::chunk::Chunk;
use crate::doorbell::Doorbell;
use crate::failure::EngineError;
use crate::reader::{ReadEnd, Reader, Reply, Request};
use crate::sink::{CorpusCount, Sink};
use crate::source::corpus_names;
use crate::work::{work, work_each, Done, Item, Part, Shared};

/// A worker's task is made to take a [`TASK_SHARE`]th of the run so far, between these.
const TASK_TIME_MIN: Duration = Duration::from_micros(250);
const TASK_TIME_MAX: Duration = Duration::from_millis(1);
const TASK_SHARE: u32 = 100;
/// How long the calling thread's chunks take when it solves alone.
const CHUNK_TIME: Duration = Duration::from_millis(20);
/// The most lines a chunk holds.
const BATCH_MAX: u64 = 128;
/// Lines the first request to the reading thread asks for, per worker (each later one four
/// times more, up to a window): the workers stay busy until the second is answered.
const ASK: usize = 16 * BATCH;
/// A task that has solved for this long since it last sent rows sends them as a part.
const PART_TIME: Duration = TICK;

/// Where a result goes in the ordered stream: its task's number, then its parts before it.
type Place = (u64, usize);

/// One entry of the ordered stream of results.
enum Slot {
    /// The first items of a task that goes on (see [`PART_TIME`]).
    Part { source: usize, part: Part },
    /// A task's results after its parts, and how long it took.
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

/// What the reading thread gave, in order, not yet handed out.
enum Ready {
    Chunk(Chunk),
    Marker(Slot),
}

/// What is known of one corpus, and its candidate lines handed out, not yet delivered.
#[derive(Default)]
struct Corpus {
    count: CorpusCount,
    outstanding: u64,
}

/// How long a worker's task is made to take, `elapsed` into the run: short at first (the
/// workers start at once), longer later (fewer hand-offs, a small lone last task).
fn task_time(elapsed: Duration) -> Duration {
    (elapsed / TASK_SHARE).clamp(TASK_TIME_MIN, TASK_TIME_MAX)
}

/// The lines of the next chunk, after one of `batch` lines took `took` where `target` was
/// wanted; a time between the two keeps the size (the first tasks are slowed by cold caches).
fn next_batch(batch: u64, took: Duration, target: Duration) -> u64 {
    if took > target * 2 {
        (batch / 2).max(1)
    } else if took < target {
        (batch * 2).min(BATCH_MAX)
    } else {
        batch
    }
}

/// How far delivery goes.
enum Stop {
    /// Every puzzle read is delivered (after an interrupt, what the tasks under way complete).
    Running,
    /// A task was cut short (by an interrupt): nothing after it is delivered.
    Cut,
    /// Stopped by the first error: nothing after it is delivered.
    Failed(EngineError),
}

impl Stop {
    /// Whether nothing more is delivered.
    fn cut(&self) -> bool {
        matches!(self, Stop::Cut | Stop::Failed(_))
    }
}

/// The run's bookkeeping on the calling thread.
pub(super) struct State<'p> {
    plan: &'p Plan,
    corpora: Vec<Corpus>,
    /// The corpus being read.
    current: usize,
    /// A request is out to the reading thread.
    asked: bool,
    /// Lines the next request asks for.
    ask: usize,
    ready: VecDeque<Ready>,
    reading_done: bool,
    next_seq: u64,
    /// The task (or marker) delivered next.
    next_out: u64,
    /// The reorder buffer.
    pending: BTreeMap<Place, Slot>,
    stop: Stop,
    /// Lines per chunk.
    batch: u64,
    /// When the workers started.
    began: Instant,
    /// Puzzles come numbered from the reading thread (see [`crate::select`]).
    indexed: bool,
}

impl<'p> State<'p> {
    pub(super) fn new(plan: &'p Plan) -> State<'p> {
        let corpora = corpus_names(&plan.sources)
            .into_iter()
            .map(|name| {
                let mut corpus = Corpus::default();
                corpus.count.name = Arc::from(name);
                corpus
            })
            .collect();
        // A `cmd:` solver's solves take milliseconds to seconds: a task of BATCH would hold
        // back the first rows while the other workers idle.
        let external = plan.contenders.iter().any(|c| c.as_external().is_some());
        let alone = plan.threads <= 1;
        State {
            plan,
            corpora,
            current: 0,
            asked: false,
            ask: if alone { BATCH } else { ASK * plan.threads },
            ready: VecDeque::new(),
            reading_done: plan.sources.is_empty(),
            next_seq: 0,
            next_out: 0,
            pending: BTreeMap::new(),
            stop: Stop::Running,
            batch: if alone || external { 1 } else { BATCH as u64 },
            began: Instant::now(),
            indexed: plan.select.is_active(),
        }
    }

    /// One thread: each task runs here, each puzzle delivered as soon as it is done.
    pub(super) fn inline(&mut self, reader: &Reader, shared: &Shared<'_>, sink: &mut dyn Sink) {
        loop {
            if let Some((seq, mut chunk)) = self.next_chunk(reader, shared) {
                self.deliver(shared, sink);
                if self.stop.cut() || seq != self.next_out {
                    continue;
                }
                self.next_out += 1;
                let (start, source, mut rows) = (Instant::now(), chunk.source, Vec::new());
                let complete = work_each(seq, &mut chunk, shared, &mut rows, |item, rows| {
                    if !self.stop.cut() {
                        self.deliver_item(source, item, rows, shared, sink);
                        self.tick(shared, sink);
                    }
                    rows.clear();
                });
                self.corpora[source].outstanding -= chunk.candidates as u64;
                self.end_task(complete, shared);
                self.adapt(start.elapsed());
            } else if self.stop.cut() || (self.reading_done && self.pending.is_empty()) {
                break;
            } else if self.asked && !self.reading_done {
                if let Some(reply) = reader.reply_within(TICK) {
                    self.take(reply);
                }
            }
            self.deliver(shared, sink);
            self.tick(shared, sink);
        }
    }

    /// A pool of workers: tasks handed out while the window allows, results delivered as
    /// they come in.
    pub(super) fn pooled<'a>(
        &mut self,
        scope: &rayon::Scope<'a>,
        reader: &Reader,
        bell: &Arc<Doorbell>,
        shared: &'a Shared<'a>,
        sink: &mut dyn Sink,
    ) {
        let (tx, rx) = mpsc::channel::<(Place, Slot)>();
        // Tasks in flight, and their candidate lines.
        let (mut tasks, mut lines) = (0_usize, 0);
        self.began = Instant::now();
        loop {
            while lines < WINDOW {
                let Some((seq, mut chunk)) = self.next_chunk(reader, shared) else {
                    break;
                };
                tasks += 1;
                lines += chunk.candidates.max(1);
                let (tx, bell) = (tx.clone(), bell.clone());
                // The task: its results sent, each part waking the bell at once.
                scope.spawn(move |_| {
                    let (start, source, mut parts) = (Instant::now(), chunk.source, 0);
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
                });
            }
            if tasks == 0 && (self.reading_done || self.stop.cut()) {
                break;
            }
            bell.wait(tasks.div_ceil(4), TICK);
            for (place, slot) in rx.try_iter() {
                if let Slot::Done {
                    candidates, took, ..
                } = &slot
                {
                    tasks -= 1;
                    lines -= candidates.max(&1);
                    self.adapt(*took);
                }
                self.pending.insert(place, slot);
            }
            // A reply comes only to a request.
            if let Some(reply) = reader.try_reply() {
                self.take(reply);
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
                self.ready
                    .push_back(Ready::Marker(Slot::Fail(EngineError::Corpus(e))));
                self.reading_done = true;
            }
        }
    }

    /// The corpus being read is done (its end, or all the puzzles it may give).
    fn corpus_read(&mut self) {
        self.ready.push_back(Ready::Marker(Slot::End(self.current)));
        self.current += 1;
        self.reading_done |= self.current >= self.plan.sources.len();
    }

    /// How many candidate lines the corpus being read may still hand out, at most `batch`:
    /// `None` when it has all the puzzles it wants.
    fn credit(&self, batch: u64) -> Option<u64> {
        let Some(first) = self.plan.first.filter(|_| !self.indexed) else {
            return Some(batch);
        };
        let corpus = &self.corpora[self.current];
        let wanted = first.checked_sub(corpus.count.puzzles).filter(|&n| n > 0)?;
        Some(wanted.saturating_sub(corpus.outstanding).min(batch))
    }

    /// The next chunk to hand out and its task's number, asking the reading thread for more;
    /// none when the run is done or stopped, the reader is at work, or `--first` waits.
    fn next_chunk(&mut self, reader: &Reader, shared: &Shared<'_>) -> Option<(u64, Chunk)> {
        loop {
            if shared.interrupt.load(Ordering::Relaxed) {
                self.reading_done = true;
                self.ready.clear();
            }
            if self.stop.cut() {
                return None;
            }
            match self.ready.pop_front() {
                Some(Ready::Chunk(chunk)) => {
                    self.next_seq += 1;
                    return Some((self.next_seq - 1, chunk));
                }
                Some(Ready::Marker(slot)) => {
                    self.pending.insert((self.next_seq, 0), slot);
                    self.next_seq += 1;
                    continue;
                }
                None => {}
            }
            if self.reading_done {
                return None;
            }
            if self.asked {
                let reply = reader.try_reply()?;
                self.take(reply);
            } else if !self.ask_more(reader) {
                return None;
            }
        }
    }

    /// The run's first request to the reading thread, made by [`start`](super::start).
    pub(super) fn ask_first(&mut self, reader: &Reader) {
        if !self.reading_done && !self.asked {
            self.ask_more(reader);
        }
    }

    /// Asks the reading thread for the next lines of the corpus being read, a window at a
    /// time; false when there is nothing to ask for until results come back. A corpus that
    /// has all the puzzles it wants is ended instead.
    fn ask_more(&mut self, reader: &Reader) -> bool {
        let ask = self.ask;
        self.ask = (ask * 4).min(WINDOW);
        match self.credit(ask as u64) {
            None => self.corpus_read(),
            Some(0) => return false,
            Some(total) => {
                reader.ask(Request {
                    source: self.current,
                    batch: self.batch as usize,
                    total,
                    early: self.plan.threads.max(1),
                });
                self.asked = true;
            }
        }
        true
    }

    /// Follows the time of one pass over the last chunk (`--repeat K` keeps the chunk size).
    fn adapt(&mut self, took: Duration) {
        let target = if self.plan.threads <= 1 {
            CHUNK_TIME
        } else {
            task_time(self.began.elapsed())
        };
        let passes = u32::try_from(self.plan.repeat.max(1)).unwrap_or(u32::MAX);
        self.batch = next_batch(self.batch, took / passes, target);
    }

    /// Hands the results next in order to the sink: a task's parts, then its end.
    fn deliver(&mut self, shared: &Shared<'_>, sink: &mut dyn Sink) {
        while !self.stop.cut() {
            let next = self.next_out;
            let Some(entry) = self.pending.first_entry().filter(|e| e.key().0 == next) else {
                break;
            };
            let slot = entry.remove();
            // A task's end, or a marker, is the last of its place in the stream.
            self.next_out += u64::from(!matches!(slot, Slot::Part { .. }));
            match slot {
                Slot::Part {
                    source,
                    part: Part { items, mut rows },
                } => self.deliver_items(source, items, &mut rows, shared, sink),
                Slot::Done {
                    source,
                    candidates,
                    mut done,
                    ..
                } => {
                    self.corpora[source].outstanding -= candidates as u64;
                    self.deliver_items(source, done.items, &mut done.rows, shared, sink);
                    self.end_task(done.complete, shared);
                }
                Slot::End(source) => sink.corpus_done(&self.corpora[source].count),
                Slot::Fail(e) => self.fail(e, shared),
            }
        }
    }

    /// Hands `items` to the sink, each puzzle with the next of `rows`, until the run is cut.
    fn deliver_items(
        &mut self,
        source: usize,
        items: Vec<Item>,
        rows: &mut [Row],
        shared: &Shared<'_>,
        sink: &mut dyn Sink,
    ) {
        let mut rest = rows;
        for item in items {
            if self.stop.cut() {
                return;
            }
            let (these, after) = rest.split_at_mut(item.row_count());
            rest = after;
            self.deliver_item(source, item, these, shared, sink);
        }
    }

    /// Hands one item to the sink, giving a puzzle its index.
    fn deliver_item(
        &mut self,
        source: usize,
        item: Item,
        rows: &mut [Row],
        shared: &Shared<'_>,
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
                if let Err(e) = sink.puzzle(head.solved(rows)) {
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

    /// A task's items are delivered: one cut short cuts the run, and fails it when the runner
    /// could not start a child process.
    fn end_task(&mut self, complete: bool, shared: &Shared<'_>) {
        if !complete && !self.stop.cut() {
            self.stop = Stop::Cut;
            let mut contenders = self.plan.contenders.iter();
            if let Some(e) = contenders.find_map(|c| c.as_external()?.take_failure()) {
                self.fail(EngineError::External(e), shared);
            }
        }
    }

    /// Lets the sink write what waits.
    fn tick(&mut self, shared: &Shared<'_>, sink: &mut dyn Sink) {
        crate::external::pass_events(&self.plan.contenders, sink);
        if !matches!(self.stop, Stop::Failed(_)) {
            if let Err(e) = sink.tick() {
                self.fail(EngineError::Sink(e), shared);
            }
        }
    }

    /// Stops the run for `e` (the first error is the one reported) and every task not yet
    /// wholly delivered.
    pub(super) fn fail(&mut self, e: EngineError, shared: &Shared<'_>) {
        if !matches!(self.stop, Stop::Failed(_)) {
            self.stop = Stop::Failed(e);
        }
        self.reading_done = true;
        shared.stop_from(self.next_out.saturating_sub(1));
    }

    /// What the run did, after a warm-up of `warmup`, `interrupted` or not.
    pub(super) fn report(self, warmup: Duration, interrupted: bool) -> Report {
        let end = match self.stop {
            Stop::Failed(e) => End::Failed(e),
            Stop::Running if !interrupted => End::Finished,
            Stop::Running | Stop::Cut => End::Interrupted,
        };
        Report {
            end,
            puzzles: self.corpora.iter().map(|c| c.count.puzzles).sum(),
            corpora: self.corpora.into_iter().map(|c| c.count).collect(),
            warmup,
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
    fn tasks_follow_the_run_and_the_time_they_take_between_their_bounds() {
        let (us, ms) = (Duration::from_micros, Duration::from_millis);
        for (elapsed, want) in [(0, us(250)), (50, us(500)), (80, us(800)), (60_000, ms(1))] {
            assert_eq!(task_time(ms(elapsed)), want);
        }
        for (batch, took, want) in [(8, 1, 16), (8, 2, 8), (8, 4, 8), (8, 5, 4), (1, 50, 1)] {
            assert_eq!(next_batch(batch, ms(took), ms(2)), want, "{batch} {took}");
        }
        assert_eq!(next_batch(BATCH_MAX, ms(1), ms(2)), BATCH_MAX);
        let dlx = sudoku_catalogue::find("dlx").unwrap();
        let native = || Contender::new(dlx.solver(), Limits::FIRST);
        let child = || {
            let external = External::from_words("x", vec!["x".into()], ms(1000));
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
