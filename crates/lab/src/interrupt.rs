//! Ctrl-C and SIGTERM: the handler is installed first thing, before the command line is
//! read, so that no interrupt ever kills the process by the signal. A command that stops
//! cleanly (`bench`, `generate`) [`watch`]es for it: the first interrupt asks the run to
//! stop, the second exits at once. Before that, and in every other command, an interrupt
//! exits at once (status 130).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use anyhow::{anyhow, Result};
use sudoku_reports::output::RunningCsv;
use sudoku_reports::RunFiles;

use crate::ui;

/// The interrupt flag: set by the first Ctrl-C or SIGTERM of a command that watches.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// What the command watching the flag does after a first interrupt (see [`watch`]); unset,
/// an interrupt exits at once.
static FINISHING: OnceLock<&'static str> = OnceLock::new();

/// Why the handler could not be installed, told when a command asks to [`watch`].
static NOT_INSTALLED: OnceLock<String> = OnceLock::new();

/// The CSV a run is writing, named when a second interrupt leaves it as it is.
static WRITING: OnceLock<RunningCsv> = OnceLock::new();

/// Tells the handler which CSV the run is writing (see [`Output::running_csv`]).
///
/// [`Output::running_csv`]: sudoku_reports::Output::running_csv
pub fn writing(csv: RunningCsv) {
    let _ = WRITING.set(csv);
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
        ui::plain(again(WRITING.get()));
        std::process::exit(130);
    }
    ui::plain(format!(
        "interrupted: {finishing} (interrupt again to quit at once)"
    ));
}

/// What a second interrupt says as it exits, of the running CSV `csv` of the run, if there
/// is one: where the rows written so far stay, as the file is now (its name may no longer
/// name it: removed, or moved, its folder with it).
fn again(csv: Option<&RunningCsv>) -> String {
    let Some(csv) = csv else {
        return "interrupted again: exiting now".into();
    };
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
