//! Ctrl-C, SIGTERM and SIGHUP by signal-hook's flag with the conditional default: the first
//! sets a flag the command returns on, a second ends the process (the book's "Signals").
//! The default is armed a moment after the first signal ([`SAME_INTERRUPT`]): GNU `timeout`
//! signals the command and then its process group, and that one interrupt must not kill.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use anyhow::{anyhow, Result};

/// What the handlers set, registered by the first [`watch`].
static FLAGS: OnceLock<Flags> = OnceLock::new();

struct Flags {
    /// Set by the first signal.
    interrupted: Arc<AtomicBool>,
    /// The number of the signal that set it (0 before).
    signal: Arc<AtomicUsize>,
    /// Why the handlers could not be registered, if they could not.
    failed: Option<String>,
}

/// How long after the first signal another is the same interrupt sent again, not a second.
pub const SAME_INTERRUPT: Duration = Duration::from_millis(100);

/// The flag the first Ctrl-C, SIGTERM or SIGHUP sets (the handlers registered once).
pub fn watch() -> Result<&'static AtomicBool> {
    let flags = FLAGS.get_or_init(register);
    match &flags.failed {
        None => Ok(&flags.interrupted),
        Some(e) => Err(anyhow!("cannot install the Ctrl-C / SIGTERM handler: {e}")),
    }
}

#[cfg(unix)]
fn register() -> Flags {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::flag;
    let interrupted = Arc::new(AtomicBool::new(false));
    let armed = Arc::new(AtomicBool::new(false));
    let signal = Arc::new(AtomicUsize::new(0));
    let watched: Vec<i32> = [SIGINT, SIGTERM, SIGHUP]
        .into_iter()
        .filter(|&s| !ignored(s))
        .collect();
    let mut registered = arm_after_first(&watched, Arc::clone(&armed));
    for &s in &watched {
        registered = registered
            .and_then(|()| flag::register_conditional_default(s, Arc::clone(&armed)))
            .and_then(|_| flag::register_usize(s, Arc::clone(&signal), s as usize))
            .and_then(|_| flag::register(s, Arc::clone(&interrupted)))
            .map(drop);
    }
    Flags {
        interrupted,
        signal,
        failed: registered.err().map(|e| e.to_string()),
    }
}

/// Sets `armed` [`SAME_INTERRUPT`] after the first of `signals` comes, on a thread of its
/// own that waits for it.
#[cfg(unix)]
fn arm_after_first(signals: &[i32], armed: Arc<AtomicBool>) -> std::io::Result<()> {
    let mut first = signal_hook::iterator::Signals::new(signals)?;
    let arm = move || {
        if first.forever().next().is_some() {
            std::thread::sleep(SAME_INTERRUPT);
            armed.store(true, Ordering::SeqCst);
        }
    };
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(arm)
        .map(drop)
}

/// Off unix, the console's Ctrl-C.
#[cfg(not(unix))]
fn register() -> Flags {
    let interrupted = Arc::new(AtomicBool::new(false));
    let signal = Arc::new(AtomicUsize::new(0));
    let (flag, which) = (Arc::clone(&interrupted), Arc::clone(&signal));
    let failed = ctrlc::set_handler(move || {
        which.store(2, Ordering::SeqCst);
        flag.store(true, Ordering::SeqCst);
    });
    let failed = failed.err().map(|e| e.to_string());
    Flags {
        interrupted,
        signal,
        failed,
    }
}

/// Whether the command was interrupted.
pub fn interrupted() -> bool {
    FLAGS
        .get()
        .is_some_and(|f| f.interrupted.load(Ordering::SeqCst))
}

/// Whether `signal` was ignored as the process started.
#[cfg(unix)]
fn ignored(signal: i32) -> bool {
    let mut current = std::mem::MaybeUninit::<libc::sigaction>::zeroed();
    // SAFETY: with no new action, `sigaction` only writes the current one to `current`,
    // which is zeroed memory of its type.
    let read = unsafe { libc::sigaction(signal, std::ptr::null(), current.as_mut_ptr()) };
    // SAFETY: zeroed, then written by `sigaction`: a valid `sigaction` either way.
    read == 0 && unsafe { current.assume_init() }.sa_sigaction == libc::SIG_IGN
}

/// Ends an interrupted command, its cleanup done: stdout flushed, then the signal it got
/// raised at its default; 130 where that cannot be done.
pub fn die() -> ! {
    use std::io::Write;
    let _ = std::io::stdout().flush();
    #[cfg(unix)]
    {
        let signal = FLAGS.get().map_or(0, |f| f.signal.load(Ordering::SeqCst)) as i32;
        if signal != 0 {
            let _ = signal_hook::low_level::emulate_default_handler(signal);
        }
    }
    std::process::exit(130)
}
