//! Ctrl-C and SIGTERM: the handler is installed first thing, before the command line is
//! read, so that no interrupt ever kills the process by the signal. A command that stops
//! cleanly (`bench`, `generate`) [`watch`]es for it: the first interrupt asks the run to
//! stop, the second exits at once. Before that, and in every other command, an interrupt
//! exits at once (status 130).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use anyhow::{anyhow, Result};

use crate::ui;

/// The interrupt flag: set by the first Ctrl-C or SIGTERM of a command that watches.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// What the command watching the flag does after a first interrupt (see [`watch`]); unset,
/// an interrupt exits at once.
static FINISHING: OnceLock<&'static str> = OnceLock::new();

/// Why the handler could not be installed, told when a command asks to [`watch`].
static NOT_INSTALLED: OnceLock<String> = OnceLock::new();

/// The CSV a run is writing, named when a second interrupt leaves it as it is.
static WRITING: OnceLock<PathBuf> = OnceLock::new();

/// Tells the handler which CSV the run is writing.
pub fn writing(csv: &Path) {
    let _ = WRITING.set(csv.to_path_buf());
}

/// What `bench` does after a first interrupt, as its note says it.
pub const BENCH: &str = "finishing the solves under way and writing the rows completed";
/// What `generate` does after a first interrupt, as its note says it.
pub const GENERATE: &str = "finishing the puzzles under way and keeping those made";

/// Installs the handler: the first thing `main` does, so that an interrupt while the
/// command line is read exits with status 130 too (until then the signal's default would
/// kill the process). A failure is kept, and told by [`watch`]: a command that does not
/// watch works without the handler.
pub fn install() {
    if let Err(e) = ctrlc::set_handler(handle) {
        let _ = NOT_INSTALLED.set(e.to_string());
    }
}

/// The command watches the flag from now on, and returns it: the first signal sets it (a
/// run then finishes what is under way and writes what is complete: `finishing` says
/// what, see [`BENCH`]); a second one clears the progress bar and exits at once with
/// status 130.
pub fn watch(finishing: &'static str) -> Result<&'static AtomicBool> {
    if let Some(e) = NOT_INSTALLED.get() {
        return Err(anyhow!("cannot install the Ctrl-C / SIGTERM handler: {e}"));
    }
    let _ = FINISHING.set(finishing);
    Ok(&INTERRUPTED)
}

/// The handler: see [`install`] and [`watch`].
fn handle() {
    let Some(finishing) = FINISHING.get() else {
        ui::hide_bar();
        ui::plain("interrupted");
        std::process::exit(130);
    };
    if INTERRUPTED.swap(true, Ordering::SeqCst) {
        ui::hide_bar();
        match WRITING.get() {
            Some(csv) => ui::plain(format!(
                "interrupted again: exiting now (the rows written so far stay in {}, \
its sidecar saying running)",
                csv.display()
            )),
            None => ui::plain("interrupted again: exiting now"),
        }
        std::process::exit(130);
    }
    ui::plain(format!(
        "interrupted: {finishing} (interrupt again to quit at once)"
    ));
}
