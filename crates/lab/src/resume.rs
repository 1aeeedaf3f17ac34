//! `bench --resume`: an interrupted run continued from its CSV. The sidecar beside it must
//! say the run was made the same way (what differs is named); the CSV is cut after its last
//! whole puzzle but one (see `sudoku_reports::resume`), its rows counted into the summary,
//! and the run solves only the puzzles it lacks, appending their rows.

use std::path::Path;

use anyhow::{anyhow, Result};
use sudoku_reports::resume::{done_in, Done};
use sudoku_reports::settings::{differences, Shards};
use sudoku_reports::{read_rows, Sidecar, Summary};

/// What a resumed run starts from.
pub struct Resumed {
    /// The puzzles the CSV holds whole, and its rows.
    pub done: Done,
    /// The sidecar of the run continued.
    pub earlier: Sidecar,
    /// The summary of the rows kept.
    pub summary: Summary,
}

/// The run to continue at `csv`, made as `fresh` says; `None` when there is no CSV there
/// (the run starts afresh).
///
/// # Errors
///
/// When the CSV has no sidecar, the sidecar's settings differ from `fresh`'s (each
/// difference named), or the CSV cannot be read or cut.
pub fn continue_run(csv: &Path, fresh: &Sidecar) -> Result<Option<Resumed>> {
    if !csv.exists() {
        return Ok(None);
    }
    let earlier = Sidecar::read_beside(csv)?.ok_or_else(|| {
        anyhow!(
            "--resume: {} has no sidecar beside it, so nothing tells how it was made: \
             run without --resume to start afresh",
            csv.display()
        )
    })?;
    let differ = differences(&earlier, fresh, Shards::Same);
    if !differ.is_empty() {
        let list: Vec<String> = differ.iter().map(ToString::to_string).collect();
        return Err(anyhow!(
            "--resume: {} was made another way (earlier vs now): {}",
            csv.display(),
            list.join("; ")
        ));
    }
    let done = done_in(csv)?;
    done.cut(csv)?;
    let mut summary = Summary::new();
    for row in read_rows(csv)? {
        summary.add(&row?);
    }
    Ok(Some(Resumed {
        done,
        earlier,
        summary,
    }))
}
