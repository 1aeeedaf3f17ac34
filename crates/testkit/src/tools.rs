//! The tools a test needs from outside Cargo (a browser, Python's data-frame libraries,
//! GNU parallel, a Slurm cluster): one call at the top of the test, [`require`], which
//! fails it in one line naming what provides a missing tool, before anything else runs.
//! The table of tools, and the test command that installs them (`cargo xtask test`),
//! are the `xtask` crate's.

pub use xtask::{executable, Tool};

/// Fails the calling test at once, in one line, when `tool` is missing: what is missing,
/// why, and the commands that provide it (`chromium is missing (the replay page is
/// played in a real browser): `cargo xtask test` installs it, or `apt-get install -y
/// chromium``).
///
/// # Panics
///
/// When `tool` is missing: a test that cannot run is a failure, never a silent skip.
#[track_caller]
pub fn require(tool: Tool) {
    if !tool.is_present() {
        panic!("{}", tool.missing());
    }
}
