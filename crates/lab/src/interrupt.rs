//! Ctrl-C and SIGTERM: the first one asks the run to stop cleanly, the second exits at once.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use anyhow::{Context, Result};

use crate::ui;

/// The interrupt flag: set by the first Ctrl-C or SIGTERM.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

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

/// Installs the handler and returns the flag it sets: the first signal sets it (a run then
/// finishes what is under way and writes what is complete: `finishing` says what, see
/// [`BENCH`]); a second one clears the progress bar and exits at once with status 130.
pub fn install(finishing: &'static str) -> Result<&'static AtomicBool> {
    ctrlc::set_handler(move || {
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
    })
    .context("cannot install the Ctrl-C / SIGTERM handler")?;
    Ok(&INTERRUPTED)
}
