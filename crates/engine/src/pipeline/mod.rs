//! The run: an ordered parallel map over the corpora's puzzles, as the book's
//! "Architecture" tells it.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
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

/// Lines of a run's first tasks (then sized by the time tasks take).
pub const BATCH: usize = 8;
/// Lines that may hold a puzzle in flight at most: some sixteen tasks of the longest.
pub const WINDOW: usize = 2048;
/// The longest the calling thread sleeps, between interrupt checks and sink ticks.
pub const TICK: Duration = Duration::from_millis(50);
/// What to run: which corpora, which contenders, how (default: none, on one thread).
#[derive(Debug, Default)]
pub struct Plan {
    /// The corpora, in order.
    pub sources: Vec<Source>,
    /// The solvers, in the order of each puzzle's rows.
    pub contenders: Vec<Contender>,
    /// Worker threads; 0 or 1 solves on the calling thread.
    pub threads: usize,
    /// Timed passes over each puzzle (0 is 1), the solvers' order rotated between passes.
    pub repeat: u64,
    /// At most this many puzzles of each corpus (its first ones).
    pub first: Option<u64>,
    /// Whether a malformed line stops the run (otherwise it is skipped and counted).
    pub strict: bool,
    /// Which puzzles, as what (default: every puzzle as read).
    pub select: Selection,
    /// Warm-up and pinning (default: neither).
    pub timing: Timing,
}

/// How a run ended.
#[derive(Debug)]
pub enum End {
    /// Every puzzle delivered.
    Finished,
    /// Stopped by the interrupt flag: the puzzles before the first one not done are delivered.
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

/// Runs `plan` ([`start`] then [`Started::run`]), stopping cleanly when `interrupt` is set.
pub fn run(plan: &Plan, sink: &mut dyn Sink, interrupt: &AtomicBool) -> Report {
    start(plan, interrupt).run(sink)
}

/// Starts `plan`'s reading thread on the first lines while the caller opens its files; the
/// workers start in [`Started::run`] (idle, they would spin on the caller's cores).
pub fn start<'a>(plan: &'a Plan, interrupt: &'a AtomicBool) -> Started<'a> {
    let bell = Arc::new(Doorbell::default());
    let mut state = State::new(plan);
    let reader = Reader::start(plan, bell.clone())
        .map_err(|e| EngineError::Threads(e.to_string()))
        .inspect(|reader| state.ask_first(reader));
    Started {
        plan,
        interrupt,
        bell,
        state,
        reader,
    }
}

/// A run whose reading thread is started, waiting for its sink; dropped, it ends the thread.
pub struct Started<'a> {
    plan: &'a Plan,
    interrupt: &'a AtomicBool,
    bell: Arc<Doorbell>,
    state: State<'a>,
    reader: Result<Reader, EngineError>,
}

impl Started<'_> {
    /// Runs the plan, handing every puzzle's rows to `sink` in input order (after the
    /// warm-up, when the plan has one).
    pub fn run(self, sink: &mut dyn Sink) -> Report {
        let (plan, mut state) = (self.plan, self.state);
        let shared = Shared {
            contenders: &plan.contenders,
            repeat: plan.repeat,
            strict: plan.strict,
            permute: plan.select.permute,
            interrupt: self.interrupt,
            stop_at: AtomicU64::new(u64::MAX),
        };
        let start = Instant::now();
        let warmup = Warmup::start(&plan.timing, &plan.sources, &plan.contenders);
        let warm = || {
            if let Some(w) = &warmup {
                w.run(&plan.contenders, shared.interrupt);
            }
        };
        let mut warmed = Duration::ZERO;
        let pool = (plan.threads > 1).then(|| pool(plan)).transpose();
        let pool = pool.map_err(|e| EngineError::Threads(e.to_string()));
        match self.reader.and_then(|reader| Ok((reader, pool?))) {
            Err(e) => state.fail(e, &shared),
            Ok((reader, None)) => {
                if let Some(&core) = plan.timing.pin.first() {
                    pin_current(core);
                }
                warm();
                warmed = start.elapsed();
                state.inline(&reader, &shared, sink);
            }
            Ok((reader, Some(pool))) => {
                if warmup.is_some() {
                    pool.broadcast(|_| warm());
                }
                warmed = start.elapsed();
                pool.in_place_scope(|scope| {
                    state.pooled(scope, &reader, &self.bell, &shared, sink)
                });
            }
        }
        crate::external::pass_events(&plan.contenders, sink);
        state.report(warmed, self.interrupt.load(Ordering::Relaxed))
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
