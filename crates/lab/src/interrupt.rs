//! Ctrl-C, SIGTERM and SIGHUP: the handler is installed first thing, before the command
//! line is read, so that an interrupt always has the command clean up first. A command
//! that stops cleanly (`bench`, `generate`) [`watch`]es for it: the first interrupt asks
//! the run to stop, the second ends the command at once. Before that, and in every other
//! command, an interrupt ends the command at once.
//!
//! However a command ends on an interrupt, it then dies by the signal it got (see
//! [`die_by`]): a shell reads 130 for Ctrl-C, 143 for SIGTERM, and a shell loop stops
//! (it goes on after a child that merely exits 130: see "wait and cooperative exit",
//! <https://www.cons.org/cracauer/sigint.html>).
//!
//! What a command is writing is told to the handler in one place ([`WRITING`], through
//! [`writing`] and [`registered`]): a run's rows and a file of puzzles stay as they are
//! when a second interrupt exits (the handler says where); the unfinished output of a
//! command that does not stop cleanly (`trace -o`, `trace --html`, `merge -o`) is removed
//! when an interrupt ends it, so that no file under a running name is left to look like a
//! killed run's; once a run's or a merge's files are in place, an interrupt names the CSV
//! where its rows are ([`Writing::Ended`]). A whole file being written as the handler exits
//! (a sidecar, a summary, a figure of `plot`) is let put in place first (see
//! [`sudoku_reports::write::hold_whole_writes`]): its temporary file is not left behind.

use std::ffi::c_int;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock, TryLockError, TryLockResult};
use std::time::{Duration, Instant};

use anyhow::{anyhow, Result};
use sudoku_reports::output::{Removal, RunningFile};
use sudoku_reports::{Output, RunFiles, State, Streamed};

use crate::ui;

/// The interrupt flag: set by the first Ctrl-C or SIGTERM of a command that watches.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// The signal that set [`INTERRUPTED`] (SIGINT until then): the one a command that
/// stopped cleanly dies by (see [`die`]).
static STOPPED_BY: AtomicI32 = AtomicI32::new(SIGINT);

/// What the command watching the flag does after a first interrupt (see [`watch`]); unset,
/// an interrupt exits at once.
static FINISHING: OnceLock<&'static str> = OnceLock::new();

/// Why the handler could not be installed, told when a command asks to [`watch`].
static NOT_INSTALLED: OnceLock<String> = OnceLock::new();

/// What the command is writing, if anything: what an interrupt that exits says of it, or
/// removes. The handler takes the lock before it looks, so that a file opened or put in
/// place under it (see [`registered`]) is told whole.
static WRITING: Mutex<Option<Writing>> = Mutex::new(None);

/// How long the handler waits for [`WRITING`] while a step that holds it goes (see
/// [`registered`]): such a step can block without end (the opening of a named pipe no one
/// reads, a flush into a full one), and the interrupt must end the command all the same.
const PATIENCE: Duration = Duration::from_secs(2);

/// What a command is writing, as the handler sees it.
#[derive(Debug)]
pub enum Writing {
    /// A run's CSV (`bench`): kept by a second interrupt, which says where the rows are.
    Rows(RunningFile),
    /// The puzzles of `generate -o`, under their running name: kept by a second
    /// interrupt, which says where they are.
    Puzzles(RunningFile),
    /// A run's CSV once its files were put in place (`bench` after its last row, `merge`
    /// after its rows are all written): under the name it ended with, or its running name
    /// when they could not be renamed. An interrupt before the command has said how it
    /// ended (a second one for `bench`, the first for `merge`, which does not stop
    /// cleanly) says where its rows are, and touches nothing.
    Ended {
        /// The CSV.
        csv: PathBuf,
        /// What ended, as the message names it: `run`, `merge`.
        what: &'static str,
    },
    /// The output of a command that does not stop cleanly (`trace`, `merge`): removed when
    /// an interrupt ends the command, as the command removes it when it fails.
    Unfinished {
        /// The file under its running name.
        file: RunningFile,
        /// The files beside it removed with it (a merge's running sidecar).
        beside: Vec<PathBuf>,
        /// The name asked for, which is not touched.
        target: PathBuf,
    },
}

impl Writing {
    /// The streamed file `file` (`trace -o`, `trace --html`) as unfinished output; `None`
    /// for a device or a pipe, written as it is (nothing to remove).
    pub fn unfinished(file: &Streamed) -> Option<Writing> {
        Some(Writing::Unfinished {
            file: file.running_file()?,
            beside: Vec::new(),
            target: file.ended(State::Finished),
        })
    }

    /// The running files of `output` (`merge -o`) as unfinished output: the CSV and its
    /// sidecar.
    pub fn unfinished_run(output: &Output) -> Writing {
        Writing::Unfinished {
            file: output.running_csv(),
            beside: vec![output.running().sidecar.clone()],
            target: output.target().csv.clone(),
        }
    }

    /// The puzzles of `generate -o`, written to `file`; `None` for a device or a pipe.
    pub fn puzzles(file: &Streamed) -> Option<Writing> {
        file.running_file().map(Writing::Puzzles)
    }
}

/// The lock on [`WRITING`]: a poisoned one (a panic while it was held) is taken as it is.
fn lock() -> MutexGuard<'static, Option<Writing>> {
    WRITING.lock().unwrap_or_else(|e| e.into_inner())
}

/// Tells the handler which CSV the run is writing (see [`Output::running_csv`]).
pub fn writing(csv: RunningFile) {
    *lock() = Some(Writing::Rows(csv));
}

/// The lock on [`WRITING`], as the handler takes it: `None` when a step holds it for
/// longer than [`PATIENCE`].
fn lock_within(patience: Duration) -> Option<MutexGuard<'static, Option<Writing>>> {
    within(patience, || WRITING.try_lock())
}

/// The guard `try_lock` gives, tried until it is free (a poisoned one taken as it is), for
/// `patience` at most: `None` then.
fn within<G>(patience: Duration, try_lock: impl Fn() -> TryLockResult<G>) -> Option<G> {
    let start = Instant::now();
    loop {
        match try_lock() {
            Ok(guard) => return Some(guard),
            Err(TryLockError::Poisoned(e)) => return Some(e.into_inner()),
            Err(TryLockError::WouldBlock) if start.elapsed() < patience => {
                std::thread::sleep(Duration::from_millis(10));
            }
            Err(TryLockError::WouldBlock) => return None,
        }
    }
}

/// What the handler says when a step that holds [`WRITING`] did not end within
/// [`PATIENCE`]: it exits without looking at the output.
fn blocked() -> String {
    format!(
        "the output was being opened or put in place, which had not ended {} s later (a named \
pipe no one reads blocks it): nothing was removed",
        PATIENCE.as_secs()
    )
}

/// Runs `step` (the opening of an output, or its end), then tells the handler what the
/// command writes from now on: `after(&result)` (`None`: nothing). An interrupt meanwhile
/// waits for both, so that the handler never sees a file opened but not told, or put in
/// place but still told under its running name; for [`PATIENCE`] at most, as `step` can
/// block without end (a named pipe no one reads), and exits then without looking.
pub fn registered<T>(step: impl FnOnce() -> T, after: impl FnOnce(&T) -> Option<Writing>) -> T {
    let mut writing = lock();
    let result = step();
    *writing = after(&result);
    result
}

/// What `bench` does after a first interrupt, as its note says it.
pub const BENCH: &str = "finishing the solves under way and writing the rows completed";
/// What `generate` does after a first interrupt, as its note says it.
pub const GENERATE: &str =
    "stopping the puzzles under way at their next attempt and keeping those made";

/// A signal number (`SIGINT`, `SIGTERM`, `SIGHUP`).
pub type Signal = c_int;

/// Ctrl-C's signal.
#[cfg(unix)]
const SIGINT: Signal = libc::SIGINT;
/// Ctrl-C's signal: the one the handler is told of off unix (the console's Ctrl-C has no
/// number there; see [`die_by`]).
#[cfg(not(unix))]
const SIGINT: Signal = 2;

/// Installs the handler: the first thing `main` does, so that an interrupt while the
/// command line is read is handled too (until then the signal's default would kill the
/// process at once). The signals are taken from a thread of their own, where the handler
/// may take locks and write. A signal the process was started with ignored is left
/// ignored (see [`ignored`]): `nohup` (SIGHUP), a shell's background job or `trap '' INT`
/// (SIGINT). A failure is kept, and told by [`watch`]: a command that does not watch works
/// without the handler.
#[cfg(unix)]
pub fn install() {
    use signal_hook::consts::{SIGHUP, SIGTERM};
    use signal_hook::iterator::Signals;
    let taken = [SIGINT, SIGTERM, SIGHUP]
        .into_iter()
        .filter(|&s| !ignored(s));
    let installed = Signals::new(taken).and_then(|mut signals| {
        // Should the thread not start, `signals` is dropped with it, and the signals'
        // defaults are back.
        std::thread::Builder::new()
            .name("interrupt".into())
            .spawn(move || signals.forever().for_each(handle))
    });
    if let Err(e) = installed {
        let _ = NOT_INSTALLED.set(e.to_string());
    }
}

/// Whether `signal` is ignored, as the process was started with it (`nohup` ignores
/// SIGHUP; a non-interactive shell starts a background job with SIGINT ignored; `trap ''
/// INT` ignores it in the shell's children): such a signal stays ignored, as POSIX shells
/// and tools keep it, so that the command goes on through it, where the handler took it
/// for an interrupt (a run under `nohup` stopped when its terminal closed). A disposition
/// that cannot be read is taken as not ignored.
#[cfg(unix)]
fn ignored(signal: Signal) -> bool {
    let mut current = std::mem::MaybeUninit::<libc::sigaction>::zeroed();
    // SAFETY: with no new action, `sigaction` only writes the current one to `current`,
    // which is zeroed memory of its type.
    let read = unsafe { libc::sigaction(signal, std::ptr::null(), current.as_mut_ptr()) };
    // SAFETY: zeroed, then written by `sigaction`: a valid `sigaction` either way.
    read == 0 && unsafe { current.assume_init() }.sa_sigaction == libc::SIG_IGN
}

/// Installs the handler (see the unix one): Ctrl-C, through the console.
#[cfg(not(unix))]
pub fn install() {
    if let Err(e) = ctrlc::set_handler(|| handle(SIGINT)) {
        let _ = NOT_INSTALLED.set(e.to_string());
    }
}

/// The command watches the flag from now on, and returns it: the first signal sets it (a
/// run then finishes what is under way and writes what is complete: `finishing` says
/// what, see [`BENCH`]; the command then ends by [`die`]); a second one clears the
/// progress bar and ends the command at once (see [`die_by`]).
pub fn watch(finishing: &'static str) -> Result<&'static AtomicBool> {
    if let Some(e) = NOT_INSTALLED.get() {
        return Err(anyhow!("cannot install the Ctrl-C / SIGTERM handler: {e}"));
    }
    let _ = FINISHING.set(finishing);
    Ok(&INTERRUPTED)
}

/// The handler of `signal`: see [`install`] and [`watch`].
fn handle(signal: Signal) {
    // The lock, when taken, is held until the exit: the command does not go on to put in
    // place or remove what the handler looks at.
    let Some(finishing) = FINISHING.get() else {
        let writing = lock_within(PATIENCE);
        ui::hide_bar();
        ui::plain(match &writing {
            Some(writing) => at_once(writing.as_ref()),
            None => format!("interrupted: {}", blocked()),
        });
        exit(writing, signal);
    };
    // One thread handles every signal: the flag is not set meanwhile.
    if INTERRUPTED.load(Ordering::SeqCst) {
        let writing = lock_within(PATIENCE);
        ui::hide_bar();
        ui::plain(match &writing {
            Some(writing) => again(writing.as_ref()),
            None => format!("interrupted again: exiting now; {}", blocked()),
        });
        exit(writing, signal);
    }
    // Before the flag: the command, once it sees it, may end by the signal at once.
    STOPPED_BY.store(signal, Ordering::SeqCst);
    INTERRUPTED.store(true, Ordering::SeqCst);
    ui::plain(format!(
        "interrupted: {finishing} (interrupt again to quit at once)"
    ));
}

/// Ends the command at once by `signal` (see [`die_by`]), still holding `writing` (the
/// lock on [`WRITING`], if it was taken), once a whole file being written is in place
/// (see [`sudoku_reports::write::hold_whole_writes`], taken after [`WRITING`], as a
/// command that writes a whole file under [`registered`] takes them), or [`PATIENCE`]
/// later on a disk that does not answer: no temporary file is left behind, and no exit
/// waits without end. The children of `cmd:` solvers are ended first, with all they
/// started (their process groups), as a run's end ends them.
fn exit(_writing: Option<MutexGuard<'_, Option<Writing>>>, signal: Signal) -> ! {
    sudoku_engine::external::end_all_groups();
    let _whole = within(PATIENCE, sudoku_reports::write::try_hold_whole_writes);
    die_by(signal);
}

/// Ends a command that stopped cleanly on an interrupt (`bench`, `generate`: see
/// [`watch`]), its files written and its messages said: it dies by the signal that
/// stopped it (see [`die_by`]).
pub fn die() -> ! {
    die_by(STOPPED_BY.load(Ordering::SeqCst))
}

/// The signal [`die_by`] raises as the process exits (0: none): read by [`raise_dying`].
#[cfg(unix)]
static DYING: AtomicI32 = AtomicI32::new(0);

/// The one end of an interrupted command, after its cleanup: the process exits as any
/// exit does (std flushes stdout, unless a thread that holds it is blocked on a pipe no
/// one reads), then, the last thing it does, restores the default disposition of `signal`
/// and raises it (`signal_hook::low_level::emulate_default_handler`), so that it dies by
/// it: a shell reads 128 + the signal's number (130 for SIGINT, 143 for SIGTERM, 129 for
/// SIGHUP) and, the signal being SIGINT, stops a loop the command is in. The raise is an
/// exit handler of the C library ([`raise_dying`]), as std's cleanup before it cannot be
/// run alone; should it not be registered (no memory left), the process exits with status
/// 128 + the signal's number. Off unix, it exits with status 130.
pub fn die_by(signal: Signal) -> ! {
    #[cfg(unix)]
    {
        DYING.store(signal, Ordering::SeqCst);
        // Registered last, so it runs first of the exit handlers, after std's cleanup.
        // SAFETY: `raise_dying` is a plain function that reads an atomic and raises.
        unsafe { libc::atexit(raise_dying) };
        std::process::exit(128 + signal);
    }
    #[cfg(not(unix))]
    {
        let _ = signal;
        std::process::exit(130);
    }
}

/// The exit handler [`die_by`] registers: raises the signal it was given, restored to its
/// default (the process dies by it).
#[cfg(unix)]
extern "C" fn raise_dying() {
    let signal = DYING.load(Ordering::SeqCst);
    if signal != 0 {
        let _ = signal_hook::low_level::emulate_default_handler(signal);
    }
}

/// What an interrupt that ends a command at once does to what it writes, if anything, and
/// says: an unfinished output is removed (see [`Writing::Unfinished`]); the files of a
/// merge put in place are said where they are (see [`Writing::Ended`]).
fn at_once(writing: Option<&Writing>) -> String {
    let (file, beside, target) = match writing {
        Some(Writing::Unfinished {
            file,
            beside,
            target,
        }) => (file, beside, target),
        Some(Writing::Ended { csv, what }) => {
            return format!("interrupted {}", ended(csv, what));
        }
        _ => return "interrupted".into(),
    };
    let path = file.path().display();
    let target = target.display();
    let with = if beside.is_empty() {
        ""
    } else {
        " and its sidecar"
    };
    match file.remove(beside) {
        Removal::Removed => {
            format!("interrupted: {path}{with} removed, unfinished ({target} not touched)")
        }
        Removal::Gone(why) => format!(
            "interrupted ({path}, unfinished, was removed or moved while the command went{why})"
        ),
        Removal::Failed(e) => format!(
            "interrupted: {path}, unfinished, cannot be removed ({e}): the next run on {target} \
moves it aside as a killed run's"
        ),
    }
}

/// What a second interrupt says as it exits, of what the run writes, if anything: where
/// the rows or puzzles written so far stay, as the file is now (its name may no longer
/// name it: removed, or moved, its folder with it).
fn again(writing: Option<&Writing>) -> String {
    match writing {
        Some(Writing::Rows(csv)) => again_rows(csv),
        Some(Writing::Puzzles(file)) => {
            let path = file.path().display();
            match file.gone() {
                Some(why) => format!(
                    "interrupted again: exiting now; {path}, where the puzzles went, was \
removed or moved while the run went{why}: the puzzles written to it are not there"
                ),
                None => format!(
                    "interrupted again: exiting now (the puzzles written so far stay in {path}, \
as a killed run's)"
                ),
            }
        }
        Some(Writing::Ended { csv, what }) => {
            format!("interrupted again: exiting now {}", ended(csv, what))
        }
        _ => "interrupted again: exiting now".into(),
    }
}

/// What an interrupt says of the files of a run or a merge (`what`) put in place, its
/// rows in `csv` (see [`Writing::Ended`]): `(the run had ended: its rows are in x.csv)`.
fn ended(csv: &std::path::Path, what: &str) -> String {
    format!("(the {what} had ended: its rows are in {})", csv.display())
}

/// What a second interrupt says of the running CSV `csv` of a run (see [`again`]).
fn again_rows(csv: &RunningFile) -> String {
    let path = csv.path().display();
    if let Some(why) = csv.gone() {
        return format!(
            "interrupted again: exiting now; {path}, where the rows went, was removed or moved \
while the run went{why}: the rows written to it are not there"
        );
    }
    if RunFiles::beside(csv.path()).sidecar.exists() {
        format!(
            "interrupted again: exiting now (the rows written so far stay in {path}, its sidecar \
saying running)"
        )
    } else {
        format!(
            "interrupted again: exiting now (the rows written so far stay in {path}, without \
the sidecar the run wrote beside it, removed meanwhile)"
        )
    }
}
