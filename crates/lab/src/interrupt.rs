//! Ctrl-C and SIGTERM: the first one asks the run to stop cleanly, the second exits at once.

use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result};

use crate::ui;

/// The interrupt flag: set by the first Ctrl-C or SIGTERM.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Installs the handler and returns the flag it sets: the first signal sets it (a run then
/// finishes the solves under way and writes what is complete); a second one clears the
/// progress bar and exits at once with status 130.
pub fn install() -> Result<&'static AtomicBool> {
    ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            ui::hide_bar();
            ui::plain("interrupted again: exiting now");
            std::process::exit(130);
        }
        ui::plain(
            "interrupted: finishing the solves under way and writing the rows completed \
             (interrupt again to quit at once)",
        );
    })
    .context("cannot install the Ctrl-C / SIGTERM handler")?;
    Ok(&INTERRUPTED)
}
