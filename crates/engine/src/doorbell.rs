//! How workers wake the calling thread: they count the tasks done and ring only when the
//! count reaches what it waits for, so that it sleeps through batches of results instead of
//! waking (a system call each way) for every one. The reading thread wakes it at once when
//! it has read what was asked.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

#[derive(Default)]
struct Rings {
    done: usize,
    woken: bool,
}

#[derive(Default)]
pub(crate) struct Doorbell {
    rings: Mutex<Rings>,
    want: AtomicUsize,
    rung: Condvar,
}

impl Doorbell {
    /// Called by a worker after sending a result.
    pub fn ring(&self) {
        let mut rings = self.rings.lock().unwrap_or_else(|e| e.into_inner());
        rings.done += 1;
        if rings.done >= self.want.load(Ordering::SeqCst) {
            self.rung.notify_one();
        }
    }

    /// Called by the reading thread after sending what was asked: ends the wait at once.
    pub fn wake(&self) {
        let mut rings = self.rings.lock().unwrap_or_else(|e| e.into_inner());
        rings.woken = true;
        self.rung.notify_one();
    }

    /// Waits until `want` more tasks are done (counting from the last wait), the reading
    /// thread wakes it, or `tick` passes. The count may run ahead of the results received
    /// (a worker counts after sending), which only makes a wait end early: never a wait
    /// that cannot end.
    pub fn wait(&self, want: usize, tick: Duration) {
        let want = want.max(1);
        self.want.store(want, Ordering::SeqCst);
        let mut rings = self.rings.lock().unwrap_or_else(|e| e.into_inner());
        if rings.done < want && !rings.woken {
            rings = self
                .rung
                .wait_timeout(rings, tick)
                .map(|(r, _)| r)
                .unwrap_or_else(|e| e.into_inner().0);
        }
        rings.done = 0;
        rings.woken = false;
    }
}
