//! `bench --resume`: the latest unfinished run on the same output continued, as the book's
//! "Resuming" says: which run, what is kept of it, what is refused.

use std::path::{Path, PathBuf};

use anyhow::{bail, Result};
use sudoku_engine::Plan;
use sudoku_reports::done::{done_in, Done};
use sudoku_reports::settings::{differences, Shards};
use sudoku_reports::staged::KILLED;
use sudoku_reports::{CsvWriter, RunFiles, Sidecar, State, Summary};

use crate::bench::unchanged;
use crate::ui;
use crate::usage_error::Usage;

/// What `--resume` found on the output.
pub enum Earlier {
    /// No run, or none to continue: the run starts afresh.
    None,
    /// The finished run on the output is the latest: nothing is left to do.
    Finished,
    /// An unfinished run, to continue.
    Unfinished(Box<Resumed>),
}

/// What a resumed run starts from.
pub struct Resumed {
    /// The CSV continued.
    pub csv: PathBuf,
    /// The puzzles it holds whole, and their rows.
    pub done: Done,
    /// The sidecar of the run continued.
    pub earlier: Sidecar,
}

/// The run to continue on `target` (`--out`), `aside` being a killed run's files this run
/// moved aside; `fresh` is this run's sidecar, `plan` what it runs. A finished run whose
/// corpora changed since is continued, its rows checked against them ([`unchanged`]).
pub fn earlier_run(
    target: &Path,
    aside: Option<&RunFiles>,
    fresh: &Sidecar,
    plan: &Plan,
) -> Result<Earlier> {
    let files = RunFiles::beside(target);
    let finished = |csv: &PathBuf| {
        let sidecar = Sidecar::read_beside(csv).ok().flatten();
        sidecar.is_some_and(|s| s.state == State::Finished)
    };
    // The last written wins; a tie goes to the later in this order.
    let modified = |csv: &PathBuf| std::fs::metadata(csv).and_then(|m| m.modified()).ok();
    let latest = match aside {
        // Just moved aside: the run that was going until it was killed.
        Some(aside) => Some(aside.csv.clone()),
        None => (["interrupted", "failed", KILLED].map(|tag| files.tagged(tag).csv))
            .into_iter()
            .filter(|csv| csv.is_file())
            .chain(Some(target.to_path_buf()).filter(|t| t.is_file() && finished(t)))
            .max_by_key(modified),
    };
    let Some(csv) = latest else {
        return Ok(Earlier::None);
    };
    let Some(earlier) = Sidecar::read_beside(&csv)? else {
        bail!(
            "--resume: {}: no sidecar beside it tells how it was made: run without --resume \
             to start afresh",
            csv.display()
        );
    };
    // A finished run made another way is not "nothing left to do" either.
    let differ = differences(&earlier, fresh, Shards::Same);
    if !differ.is_empty() {
        let list: Vec<String> = differ.iter().map(ToString::to_string).collect();
        let (csv, list) = (csv.display(), list.join("; "));
        let said = format!("--resume: {csv} was made another way (earlier vs now): {list}");
        return Err(Usage(said).into());
    }
    let changed = unchanged::changed(&earlier.corpus, &fresh.corpus);
    if changed.is_empty() && csv == target {
        return Ok(Earlier::Finished);
    }
    // Not "nothing left to do": its rows are checked against the corpus now, and the
    // puzzles it lacks (a corpus that grew) solved.
    if !changed.is_empty() {
        ui::note(format!(
            "--resume: a corpus is not known to be the one the run of {} read: {}; its rows \
             are checked against it",
            csv.display(),
            changed.join("; ")
        ));
    }
    // A killed run said nothing of its rows: its last puzzle may not be whole.
    let said = (earlier.state != State::Running).then_some(earlier.rows);
    let check = unchanged::puzzle_check(&plan.contenders);
    let done = done_in(&csv, said, &check)?;
    unchanged::check_kept(&csv, &done, &plan.sources)?;
    Ok(Earlier::Unfinished(Box::new(Resumed {
        csv,
        done,
        earlier,
    })))
}

impl Resumed {
    /// Copies the rows kept into `csv`, a puzzle at a time, and waits until they are in
    /// the file (a write that fails stops the resumption); their summary.
    pub fn copy_into(&self, csv: &mut CsvWriter) -> Result<Summary> {
        let mut summary = Summary::new();
        let mut puzzle: Vec<sudoku_results::Row> = Vec::new();
        for row in self.done.rows(&self.csv)? {
            let row = row?;
            summary.add(&row);
            if (puzzle.first()).is_some_and(|p| (&p.corpus, p.index) != (&row.corpus, row.index)) {
                csv.push(&puzzle)?;
                puzzle.clear();
            }
            puzzle.push(row);
        }
        if !puzzle.is_empty() {
            csv.push(&puzzle)?;
        }
        csv.flush()?;
        Ok(summary)
    }
}
