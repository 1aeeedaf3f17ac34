//! Many puzzles in parallel, streamed in order, with a bounded window.
//!
//! Puzzle `i` is a task of a rayon pool; at most `window` puzzles are in flight or waiting
//! to be handed out, so memory stays flat however many are asked for. Finished puzzles
//! come back over a channel in any order and are handed out in order of their numbers.
//! Since each puzzle depends only on the seed and its number, the stream is the same for
//! any thread count.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;

use crate::error::GenerateError;
use crate::generator::{Generated, Generator};

/// Where a run is: sent to the progress callback after every attempt, from the worker
/// that made it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Puzzles finished (in any order).
    pub done: u64,
    /// Puzzles asked for.
    pub count: u64,
    /// Candidates made so far, for all puzzles (each puzzle takes one or more).
    pub attempts: u64,
}

/// The progress callback: called from the worker threads, so it must be cheap and
/// thread-safe (an `indicatif` bar is).
pub type OnProgress = dyn Fn(Progress) + Send + Sync;

/// How to run: the threads and the window of puzzles in flight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    /// The seed of the run.
    pub seed: u64,
    /// How many puzzles (at least 1).
    pub count: u64,
    /// Worker threads; 0 for one per core.
    pub threads: usize,
}

/// The shared counters behind [`Progress`].
struct Counters {
    done: AtomicU64,
    attempts: AtomicU64,
    count: u64,
}

impl Counters {
    fn snapshot(&self) -> Progress {
        Progress {
            done: self.done.load(Ordering::Relaxed),
            count: self.count,
            attempts: self.attempts.load(Ordering::Relaxed),
        }
    }
}

type Message = (u64, Result<Option<Generated>, GenerateError>);

/// The puzzles of a run, in order: an iterator of `Result<Generated, GenerateError>`.
/// A puzzle that missed its targets is an error in its place; the stream goes on after
/// it. Dropping the stream stops the workers at their next attempt, as a flag given to
/// [`Puzzles::stop_on`] does once set (the stream then ends early).
pub struct Puzzles {
    generator: Arc<Generator>,
    pool: rayon::ThreadPool,
    run: Run,
    window: u64,
    next_spawn: u64,
    next_out: u64,
    /// Puzzles finished out of order (`None`: stopped, see [`Puzzles::stop_on`]).
    waiting: BTreeMap<u64, Result<Option<Generated>, GenerateError>>,
    sender: Sender<Message>,
    receiver: Receiver<Message>,
    cancel: Arc<AtomicBool>,
    /// A flag from outside (an interrupt) that stops the run: see [`Puzzles::stop_on`].
    stop: Option<&'static AtomicBool>,
    /// Whether the stream ended early, its workers stopped by `stop`.
    stopped: bool,
    counters: Arc<Counters>,
    on_progress: Arc<OnProgress>,
}

impl std::fmt::Debug for Puzzles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Puzzles")
            .field("run", &self.run)
            .field("next_out", &self.next_out)
            .finish_non_exhaustive()
    }
}

/// Puzzles in flight per worker thread.
const WINDOW_PER_THREAD: u64 = 32;

impl Generator {
    /// The puzzles `0..run.count` of seed `run.seed`, made by `run.threads` workers and
    /// handed out in order; `on_progress` hears of every attempt.
    pub fn stream(
        self: Arc<Self>,
        run: Run,
        on_progress: Arc<OnProgress>,
    ) -> Result<Puzzles, GenerateError> {
        if run.count == 0 {
            return Err(GenerateError::ZeroCount);
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(run.threads)
            .thread_name(|i| format!("generate-{i}"))
            .build()
            .map_err(|e| GenerateError::Threads {
                threads: run.threads,
                reason: e.to_string(),
            })?;
        let window = WINDOW_PER_THREAD * pool.current_num_threads() as u64;
        let (sender, receiver) = channel();
        Ok(Puzzles {
            generator: self,
            pool,
            run,
            window,
            next_spawn: 0,
            next_out: 0,
            waiting: BTreeMap::new(),
            sender,
            receiver,
            cancel: Arc::new(AtomicBool::new(false)),
            stop: None,
            stopped: false,
            counters: Arc::new(Counters {
                done: AtomicU64::new(0),
                attempts: AtomicU64::new(0),
                count: run.count,
            }),
            on_progress,
        })
    }
}

impl Puzzles {
    /// Stops the run once `stop` is set (an interrupt's flag): each worker looks after
    /// every attempt, and stops its puzzle there, so that a puzzle that takes many
    /// attempts (a rare target) does not hold the run; the stream then ends (`None`) at
    /// the first puzzle so stopped, those before it handed out whole.
    #[must_use]
    pub fn stop_on(mut self, stop: &'static AtomicBool) -> Self {
        self.stop = Some(stop);
        self
    }

    /// Starts puzzles until the window is full or all are started.
    fn fill_window(&mut self) {
        while self.next_spawn < self.run.count && self.next_spawn < self.next_out + self.window {
            let index = self.next_spawn;
            self.next_spawn += 1;
            let generator = Arc::clone(&self.generator);
            let sender = self.sender.clone();
            let cancel = Arc::clone(&self.cancel);
            let counters = Arc::clone(&self.counters);
            let on_progress = Arc::clone(&self.on_progress);
            let seed = self.run.seed;
            let stop = self.stop;
            self.pool.spawn(move || {
                let stopping = Arc::clone(&cancel);
                let mut on_attempt = || {
                    counters.attempts.fetch_add(1, Ordering::Relaxed);
                    on_progress(counters.snapshot());
                    if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                        stopping.store(true, Ordering::Relaxed);
                    }
                };
                let result = generator.puzzle_with(seed, index, &cancel, &mut on_attempt);
                counters.done.fetch_add(1, Ordering::Relaxed);
                on_progress(counters.snapshot());
                // The receiver is gone only when the stream was dropped.
                let _ = sender.send((index, result));
            });
        }
    }
}

impl Iterator for Puzzles {
    type Item = Result<Generated, GenerateError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.next_out == self.run.count || self.stopped {
            return None;
        }
        self.fill_window();
        loop {
            if let Some(result) = self.waiting.remove(&self.next_out) {
                // A worker stops its puzzle (`None`) only once `stop` is set, while the
                // stream lives: the stream ends there.
                let Some(result) = result.transpose() else {
                    self.stopped = true;
                    return None;
                };
                self.next_out += 1;
                self.fill_window();
                return Some(result);
            }
            // Every started task sends exactly once, and we hold a sender: this waits
            // for a puzzle, it cannot fail.
            let (index, result) = self.receiver.recv().expect("a worker's result");
            self.waiting.insert(index, result);
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = if self.stopped {
            0
        } else {
            (self.run.count - self.next_out) as usize
        };
        // A run that a flag may stop may end before its count.
        (if self.stop.is_some() { 0 } else { left }, Some(left))
    }
}

impl Drop for Puzzles {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}
