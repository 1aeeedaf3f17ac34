//! What the binary says, pinned in one place: a message changed is changed here, and every
//! test that checks it follows.

use std::path::Path;

/// The refusal of a second run on an output another run writes.
pub fn busy(output: &Path, running: &Path) -> String {
    format!(
        "error: {}: another sudoku-lab run is writing this output ({} is locked): wait for it \
         to end, or name another output",
        output.display(),
        running.display()
    )
}

/// What a run interrupted once says as it ends.
pub fn interrupted(csv: &Path) -> String {
    format!(
        "interrupted: {} holds every row completed before the interrupt",
        csv.display()
    )
}

/// A CSV of `rows` rows whose sidecar says the run wrote `said` as it ended: one wording for
/// `summary`, `compare`, `merge` and `--resume`, each adding what follows.
pub fn not_as_written(rows: usize, said: usize) -> String {
    let change = if rows < said { "lost" } else { "added" };
    format!("{rows} rows, where its sidecar says the run wrote {said}: rows were {change} since")
}

/// What the first interrupt of a run says, on its next tick.
pub const FINISHING: &str =
    "interrupted: finishing the solves under way and writing the rows completed";

/// The note of a run that found a killed run's files and moved them aside.
pub fn moved_aside(out: &str, csv: &str) -> String {
    format!("note: an earlier run on {out} was killed: its rows are now in {csv}")
}
