//! What `--version` and the run sidecar say about this build.

/// `sudoku-lab -V`: the version and the commit it was built from.
pub const SHORT: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (git ",
    env!("SUDOKU_LAB_GIT_SHORT"),
    ")"
);

/// `sudoku-lab --version`: the version, the full commit and the compiler.
pub const LONG: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    "\ngit commit: ",
    env!("SUDOKU_LAB_GIT_COMMIT"),
    "\nrustc: ",
    env!("SUDOKU_LAB_RUSTC")
);

/// The version alone.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
/// The full commit (`-dirty` when the tree had changes).
pub const GIT_COMMIT: &str = env!("SUDOKU_LAB_GIT_COMMIT");
/// The compiler that built the runner.
pub const RUSTC: &str = env!("SUDOKU_LAB_RUSTC");
