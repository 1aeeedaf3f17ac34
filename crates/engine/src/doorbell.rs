//! How workers wake the calling thread: they count the tasks done and ring only when the
//! count reaches what it waits for, so that it sleeps through batches of results instead of
//! waking (a system call each way) for every one.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

#[derive(Default)]
pub(crate) struct Doorbell {
    done: Mutex<usize>,
    want: AtomicUsize,
    rung: Condvar,
}

impl Doorbell {
    /// Called by a worker after sending a result.
    pub fn ring(&self) {
        let mut done = self.done.lock().unwrap_or_else(|e| e.into_inner());
        *done += 1;
        if *done >= self.want.load(Ordering::SeqCst) {
            self.rung.notify_one();
        }
    }

    /// Waits until `want` more tasks are done (counting from the last wait) or `tick`
    /// passes. The count may run ahead of the results received (a worker counts after
    /// sending), which only makes a wait end early: never a wait that cannot end.
    pub fn wait(&self, want: usize, tick: Duration) {
        let want = want.max(1);
        self.want.store(want, Ordering::SeqCst);
        let mut done = self.done.lock().unwrap_or_else(|e| e.into_inner());
        if *done < want {
            done = self
                .rung
                .wait_timeout(done, tick)
                .map(|(d, _)| d)
                .unwrap_or_else(|e| e.into_inner().0);
        }
        *done = 0;
    }
}
