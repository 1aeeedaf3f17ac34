//! Ctrl-C, SIGTERM and SIGHUP by signal-hook's flag with the conditional default: the first
//! sets a flag the command returns on, a second ends the process (the book's "Signals").

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

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
    let signal = Arc::new(AtomicUsize::new(0));
    let mut failed = None;
    for s in [SIGINT, SIGTERM, SIGHUP]
        .into_iter()
        .filter(|&s| !ignored(s))
    {
        // The condition is read before this signal sets the flag: the second one kills.
        let registered = flag::register_conditional_default(s, Arc::clone(&interrupted))
            .and_then(|_| flag::register_usize(s, Arc::clone(&signal), s as usize))
            .and_then(|_| flag::register(s, Arc::clone(&interrupted)));
        if let Err(e) = registered {
            failed = Some(e.to_string());
        }
    }
    Flags {
        interrupted,
        signal,
        failed,
    }
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
