//! The run: corpora read chunk by chunk, chunks parsed and solved on a pool of workers, and
//! their results handed to the sink in input order, whatever the thread count.
//!
//! A reading thread ([`crate::reader`]) cuts the corpora into chunks of lines
//! ([`crate::chunk`]) as the calling thread asks for them; the calling thread hands each
//! chunk to a rayon pool as one task (with one thread, it solves each chunk itself, puzzle
//! by puzzle). At most [`WINDOW`] lines that may hold a puzzle are in flight; results come
//! back in any order (the calling thread sleeps through batches of them, see
//! [`crate::doorbell`]) and wait in a reorder buffer until every earlier one is in, so that
//! memory stays flat however long the corpus. Puzzle indexes are given there, in order
//! (or by the reading thread when the run selects or permutes, see [`crate::select`]).
//!
//! A task's results come back once, when it ends, unless its solves are slow: it then sends
//! what it has finished every [`PART_TIME`], as parts of the task. The reorder buffer keys
//! each result by its task and the parts before it, so a task's end (the lines it held,
//! whether a stop cut it short) is counted once, with its last part.
//!
//! The calling thread never waits on the input: it wakes at least every [`TICK`] to watch
//! for an interrupt and to let the sink write what is done. `first` (at most N puzzles per
//! corpus) solves no puzzle too many: no more lines are handed out than puzzles may still
//! be wanted.
//!
//! On an interrupt reading stops, tasks not started are dropped, solves under way finish
//! (each is bounded by its node budget; `--repeat` stops between two solves), and the
//! results up to the first puzzle not done are delivered. An error (a corpus that cannot be
//! read, a strict run's malformed line, a failing sink) stops the run the same way after
//! everything before it is delivered.

use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::contender::Contender;
use crate::doorbell::Doorbell;
use crate::failure::EngineError;
use crate::reader::Reader;
use crate::select::Selection;
use crate::sink::{CorpusCount, Sink};
use crate::source::Source;
use crate::timing::{pin_current, Timing, Warmup};
use crate::work::Shared;

mod state;

use state::State;

/// Lines that may hold a puzzle handed to a worker as one task, at first: the batch then
/// follows the time tasks take, doubling while they are short and halving when they are
/// twice too long.
pub const BATCH: usize = 8;
/// The shortest a worker's task is made to take.
const TASK_TIME_MIN: Duration = Duration::from_micros(250);
/// The longest a worker's task is made to take (one may take up to twice as long before
/// its successors are halved).
const TASK_TIME_MAX: Duration = Duration::from_millis(1);
/// A worker's task is made to take this fraction of the run so far.
const TASK_SHARE: u32 = 100;
/// With one thread, the calling thread solves chunks made to take about this long, so that
/// the sink hears of the puzzles done (progress, writes) this often even when solves are
/// slow.
const CHUNK_TIME: Duration = Duration::from_millis(20);
/// The most lines a chunk holds.
const BATCH_MAX: u64 = 128;
/// Lines that may hold a puzzle in flight at most (handed out, not yet delivered): some
/// sixteen tasks of the longest.
pub const WINDOW: usize = 2048;
/// Lines a run's first request asks for, per worker: sixteen tasks each, cut while the
/// caller opens its output, a task per worker sent ahead of the rest (see
/// [`Request::early`](crate::reader::Request::early)). Each request after it asks for four
/// times more, up to a window. The first must keep the workers busy until the second is
/// answered, which on two cores is when a worker is idle.
const FIRST_ASK: usize = 16 * BATCH;
/// Lines the first request asks for when the calling thread solves alone.
const FIRST_ASK_ALONE: usize = BATCH;
/// The calling thread sleeps until a quarter of the tasks in flight are done, or this
/// long, to watch for interrupts and let the sink write what waits.
pub const TICK: Duration = Duration::from_millis(50);
/// A worker whose task has solved puzzles for this long since it last sent any sends them
/// as a part of the task (see [`work`](crate::work::work)), so that a row of a slow solver
/// reaches the CSV about a second after its puzzle is done, as the book promises. Tasks of
/// fast solves never reach it.
pub(crate) const PART_TIME: Duration = TICK;

/// What to run: which corpora, which contenders, how.
#[derive(Debug)]
pub struct Plan {
    /// The corpora, in order.
    pub sources: Vec<Source>,
    /// The solvers, in the order of each puzzle's rows.
    pub contenders: Vec<Contender>,
    /// Worker threads; 1 solves on the calling thread.
    pub threads: usize,
    /// Passes over each task's puzzles, the solvers' order rotated from pass to pass: each
    /// row keeps the fastest and the median of its `repeat` times.
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

/// Runs `plan`, handing every puzzle's rows to `sink` in input order. `interrupt` is
/// watched throughout (set it from a Ctrl-C handler to stop the run cleanly).
///
/// The same as [`start`] then [`Started::run`].
pub fn run(plan: &Plan, sink: &mut dyn Sink, interrupt: &AtomicBool) -> Report {
    start(plan, interrupt).run(sink)
}

/// Starts `plan`'s reading thread, which reads the first lines at once; nothing is solved
/// until [`Started::run`] starts the workers (a worker without a task spins before it
/// sleeps: started here, they would take the cores from the caller). A caller that has
/// files to open before the first result (a runner's output) does it in between.
/// Dropping it without running it ends its reading thread.
pub fn start<'a>(plan: &'a Plan, interrupt: &'a AtomicBool) -> Started<'a> {
    let shared = Shared {
        contenders: &plan.contenders,
        repeat: plan.repeat,
        strict: plan.strict,
        permute: plan.select.permute,
        interrupt,
        stop_at: AtomicU64::new(u64::MAX),
    };
    let bell = Arc::new(Doorbell::default());
    let mut state = State::new(plan);
    let reader = Reader::start(plan, bell.clone())
        .map_err(|e| EngineError::Threads(e.to_string()))
        // The reading thread is at work on the first lines from now on.
        .inspect(|reader| state.ask_first(reader));
    Started {
        plan,
        shared,
        bell,
        state,
        reader,
    }
}

/// A run whose reading thread is started (see [`start`]), waiting for its sink.
pub struct Started<'a> {
    plan: &'a Plan,
    shared: Shared<'a>,
    bell: Arc<Doorbell>,
    state: State<'a>,
    reader: Result<Reader, EngineError>,
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
            reader,
        } = self;
        let start = Instant::now();
        let warmup = Warmup::start(&plan.timing, &plan.sources, &plan.contenders);
        let warm = || {
            if let Some(w) = &warmup {
                w.run(&plan.contenders, shared.interrupt);
            }
        };
        // The workers (none with one thread: the calling thread solves).
        let threads = reader.and_then(|reader| {
            if plan.threads <= 1 {
                return Ok((reader, None));
            }
            let pool = pool(plan).map_err(|e| EngineError::Threads(e.to_string()))?;
            Ok((reader, Some(pool)))
        });
        match threads {
            Err(e) => state.fail(e, &shared),
            Ok((reader, None)) => {
                if let Some(&core) = plan.timing.pin.first() {
                    pin_current(core);
                }
                warm();
                state.warmup = start.elapsed();
                state.inline(&reader, &shared, sink);
            }
            Ok((reader, Some(pool))) => {
                if warmup.is_some() {
                    pool.broadcast(|_| warm());
                }
                state.warmup = start.elapsed();
                state.began = Instant::now();
                pool.in_place_scope(|scope| state.pooled(scope, &reader, &bell, &shared, sink));
            }
        }
        crate::external::pass_events(&plan.contenders, sink);
        state.report()
    }
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
