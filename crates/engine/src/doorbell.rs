//! How workers wake the calling thread without a lock: a worker counts the tasks done with
//! one atomic addition and unparks the calling thread only when the count reaches what it
//! waits for (a system call only when that thread sleeps), so that it sleeps through
//! batches of results. The reading thread, and a worker that sends part of a task (see
//! [`PART_TIME`](crate::pipeline::PART_TIME)), wake it at once. A mutex and a condition
//! variable cost the 17-clue run about a point of its overhead (medians of 15 alternated
//! pairs): a ring made while the waiter held the lock waited for its next turn on a core.

use std::sync::atomic::{fence, AtomicBool, AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::thread::{self, Thread};
use std::time::{Duration, Instant};

#[derive(Default)]
pub(crate) struct Doorbell {
    /// Tasks done since the last wait ended.
    done: AtomicUsize,
    /// What the current wait waits for.
    want: AtomicUsize,
    /// The reading thread has answered, or a worker has sent part of a task.
    woken: AtomicBool,
    /// The thread that waits: the first to call [`Doorbell::wait`].
    waiter: OnceLock<Thread>,
}

impl Doorbell {
    /// Called by a worker after sending a result.
    pub fn ring(&self) {
        let done = self.done.fetch_add(1, Ordering::SeqCst) + 1;
        if done >= self.want.load(Ordering::SeqCst) {
            self.unpark();
        }
    }

    /// Called by the reading thread after sending what was asked, and by a worker after
    /// sending part of a task: ends the wait at once.
    pub fn wake(&self) {
        self.woken.store(true, Ordering::SeqCst);
        self.unpark();
    }

    /// Wakes the waiting thread, if one waits or is about to. The fence pairs with the one
    /// in [`Doorbell::wait`]: either this sees the waiter registered, or the wait sees
    /// what was counted before it parks.
    fn unpark(&self) {
        fence(Ordering::SeqCst);
        if let Some(waiter) = self.waiter.get() {
            waiter.unpark();
        }
    }

    /// Waits until `want` more tasks are done (counting from the last wait), the reading
    /// thread or a part of a task wakes it, or `tick` passes. The count may run ahead of
    /// the results received (a worker counts after sending), which only makes a wait end
    /// early: never a wait that cannot end. Always called from the same thread.
    pub fn wait(&self, want: usize, tick: Duration) {
        let want = want.max(1);
        let waiter = self.waiter.get_or_init(thread::current);
        debug_assert_eq!(waiter.id(), thread::current().id());
        self.want.store(want, Ordering::SeqCst);
        fence(Ordering::SeqCst);
        let until = Instant::now() + tick;
        while self.done.load(Ordering::SeqCst) < want && !self.woken.load(Ordering::SeqCst) {
            let now = Instant::now();
            if now >= until {
                break;
            }
            // Returns on an unpark (perhaps one left from an earlier wait), at the
            // deadline, or spuriously: the loop looks again.
            thread::park_timeout(until - now);
        }
        // Rings from now on count for the next wait; what they rang for is sent before
        // they ring, so the caller's receive after this finds it.
        self.done.store(0, Ordering::SeqCst);
        self.woken.store(false, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// Longer than any wait these tests expect to end early: a wait that lasts it was
    /// not ended by what should have ended it.
    const NEVER: Duration = Duration::from_secs(60);

    /// How long `bell.wait(want, tick)` took.
    fn waited(bell: &Doorbell, want: usize, tick: Duration) -> Duration {
        let start = Instant::now();
        bell.wait(want, tick);
        start.elapsed()
    }

    #[test]
    fn a_wait_ends_when_enough_tasks_rang() {
        let bell = Arc::new(Doorbell::default());
        waited(&bell, 1, Duration::ZERO); // registers this thread as the waiter
        let workers: Vec<_> = (0..3)
            .map(|_| {
                let bell = bell.clone();
                thread::spawn(move || bell.ring())
            })
            .collect();
        assert!(waited(&bell, 3, NEVER) < NEVER);
        for w in workers {
            w.join().unwrap();
        }
    }

    #[test]
    fn the_reading_thread_ends_a_wait_at_once_even_before_it_began() {
        let bell = Doorbell::default();
        bell.wake();
        assert!(waited(&bell, 5, NEVER) < NEVER);
    }

    #[test]
    fn a_wait_with_nothing_rung_ends_at_its_tick() {
        let bell = Doorbell::default();
        bell.ring();
        let tick = Duration::from_millis(20);
        assert!(waited(&bell, 2, tick) >= tick);
    }
}
