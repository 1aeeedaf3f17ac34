//! Ctrl-C, SIGTERM and SIGHUP, the documented way: signal-hook's flag with the conditional
//! default.
//!
//! A command that writes files [`watch`]es: from then on the first signal sets a flag,
//! which the command checks and returns on (its outputs placed, or removed by their
//! `Drop`), and a second signal does what the signal does by default: the process ends at
//! once, its files left as a killed run's. Before that, and in the commands that do not
//! watch, a signal ends the process at once (nothing is written then). An interrupted
//! command ends by the signal it got ([`die`]): a shell reads 130 for Ctrl-C, 143 for
//! SIGTERM, and a shell loop stops. A signal the process was started with ignored (`nohup`,
//! a script's background job) stays ignored.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use anyhow::{anyhow, Result};

/// The flag, the signal that set it, and whether the handlers could be registered: made
/// by the first [`watch`].
static FLAGS: OnceLock<Flags> = OnceLock::new();

/// What the signal handlers set.
struct Flags {
    /// Set by the first signal.
    interrupted: Arc<AtomicBool>,
    /// The number of the signal that set it (0 before).
    signal: Arc<AtomicUsize>,
    /// Why the handlers could not be registered, if they could not.
    failed: Option<String>,
}

/// Has the first Ctrl-C, SIGTERM or SIGHUP set the flag it returns, and a second end the
/// process at once (the handlers registered once, whoever asks).
///
/// # Errors
///
/// When a handler cannot be registered.
pub fn watch() -> Result<&'static AtomicBool> {
    let flags = FLAGS.get_or_init(register);
    match &flags.failed {
        None => Ok(&flags.interrupted),
        Some(e) => Err(anyhow!("cannot install the Ctrl-C / SIGTERM handler: {e}")),
    }
}

/// Registers the handlers.
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

/// Registers the handler (off unix, the console's Ctrl-C).
#[cfg(not(unix))]
fn register() -> Flags {
    let interrupted = Arc::new(AtomicBool::new(false));
    let signal = Arc::new(AtomicUsize::new(0));
    let (flag, which) = (Arc::clone(&interrupted), Arc::clone(&signal));
    let failed = ctrlc::set_handler(move || {
        which.store(2, Ordering::SeqCst);
        flag.store(true, Ordering::SeqCst);
    });
    Flags {
        interrupted,
        signal,
        failed: failed.err().map(|e| e.to_string()),
    }
}

/// Whether the command was interrupted.
pub fn interrupted() -> bool {
    FLAGS
        .get()
        .is_some_and(|f| f.interrupted.load(Ordering::SeqCst))
}

/// Whether `signal` is ignored, as the process was started with it: such a signal stays
/// ignored, as POSIX tools keep it.
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
/// raised at its default (the process dies by it); 130 where that cannot be done.
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
