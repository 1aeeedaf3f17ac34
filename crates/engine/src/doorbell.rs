//! How workers wake the calling thread without a lock: a worker counts a task done with one
//! atomic addition, and unparks the caller only when the count reaches what it waits for. A
//! mutex and a condition variable cost the 17-clue run about a point of its overhead.

use std::sync::atomic::{fence, AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::thread::{self, Thread};
use std::time::{Duration, Instant};

#[derive(Default)]
pub(crate) struct Doorbell {
    /// Tasks done since the last wait ended; past any want after a wake.
    done: AtomicUsize,
    /// What the current wait waits for.
    want: AtomicUsize,
    /// The thread that waits: the first to call [`Doorbell::wait`].
    waiter: OnceLock<Thread>,
}

impl Doorbell {
    /// Called by a worker after sending a task's results.
    pub fn ring(&self) {
        let done = self.done.fetch_add(1, Ordering::SeqCst) + 1;
        if done >= self.want.load(Ordering::SeqCst) {
            self.unpark();
        }
    }

    /// Ends the wait at once (the reading thread answered, or a worker sent part of a task).
    pub fn wake(&self) {
        self.done.store(usize::MAX / 2, Ordering::SeqCst);
        self.unpark();
    }

    /// The fence pairs with the one in [`Doorbell::wait`]: either this sees the waiter
    /// registered, or the wait sees what was counted before it parks.
    fn unpark(&self) {
        fence(Ordering::SeqCst);
        if let Some(waiter) = self.waiter.get() {
            waiter.unpark();
        }
    }

    /// Waits until `want` more tasks are done, a wake, or `tick` passes. Always called from
    /// the same thread.
    pub fn wait(&self, want: usize, tick: Duration) {
        let want = want.max(1);
        self.waiter.get_or_init(thread::current);
        self.want.store(want, Ordering::SeqCst);
        fence(Ordering::SeqCst);
        let until = Instant::now() + tick;
        while self.done.load(Ordering::SeqCst) < want && Instant::now() < until {
            // Returns on an unpark (perhaps one left from an earlier wait), at the
            // deadline, or spuriously: the loop looks again.
            thread::park_timeout(until.saturating_duration_since(Instant::now()));
        }
        // Rings from now on count for the next wait; what they rang for is sent before
        // they ring, so the caller's receive after this finds it.
        self.done.store(0, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A wait ends when enough tasks rang, or at once after a wake, or else at its tick.
    #[test]
    fn a_wait_ends_on_enough_rings_a_wake_or_its_tick() {
        let never = Duration::from_secs(60);
        let waited = |bell: &Doorbell, want, tick| {
            let start = Instant::now();
            bell.wait(want, tick);
            start.elapsed()
        };
        let bell = Doorbell::default();
        waited(&bell, 1, Duration::ZERO); // registers this thread as the waiter
        thread::scope(|scope| {
            for _ in 0..3 {
                scope.spawn(|| bell.ring());
            }
            assert!(waited(&bell, 3, never) < never);
        });
        bell.wake();
        assert!(waited(&bell, 5, never) < never);
        bell.ring();
        let tick = Duration::from_millis(20);
        assert!(waited(&bell, 2, tick) >= tick);
    }
}
