//! `bench --resume`: the latest unfinished run on the same output continued.
//!
//! A run on `X.csv` that did not finish left its rows under a name that says how it ended
//! (see `sudoku_reports::output`): `X.killed.csv` (a killed run's `X.running.csv`, moved
//! aside as this run started), `X.interrupted.csv` or `X.failed.csv`. The latest of them
//! (by the time its CSV was last written) is continued, unless the finished `X.csv` is
//! later still: then nothing is left to do. A tie (a file system with coarse times) goes to
//! the later of interrupted, failed, killed, finished. Its sidecar must say it was made the
//! same way, and give every setting (one made by hand or cut short is refused, not read as
//! 0). Its whole puzzles (a killed run's but its last, which the kill may have cut) are
//! copied into this run's output, the earlier file left as it was, and the run solves only
//! the puzzles it lacks. Numbered files (`X.failed.2.csv`) are older, and not looked at.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Result};
use sudoku_engine::Plan;
use sudoku_reports::done::{done_in, Done};
use sudoku_reports::settings::{differences, not_given_told, Shards};
use sudoku_reports::sidecar::{account_not_given, account_told, SidecarFile};
use sudoku_reports::staged::KILLED;
use sudoku_reports::{CsvWriter, RunFiles, Sidecar, State, Summary};

use crate::bench::unchanged;
use crate::ui;
use crate::usage_error::Usage;

/// What `--resume` found on the output.
pub enum Earlier {
    /// No run, or none to continue: the run starts afresh.
    None,
    /// The finished run is the latest: nothing is left to do.
    Finished(PathBuf),
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
/// moved aside, if any; `fresh` is this run's sidecar, `plan` what it runs. Its rows are
/// kept only when they are the rows of its puzzles as its solvers wrote them, and those
/// puzzles are the ones its corpora give at their index now (see [`unchanged`]); a
/// finished run whose corpora changed since is continued so, not taken as the end.
///
/// # Errors
///
/// When its sidecar is missing, unreadable, made another way (a [`Usage`] naming each
/// difference) or silent on a setting or on the rows it wrote (made by hand or cut short:
/// each would read as 0), and when its rows cannot be read or are not those of its
/// puzzles (see [`done_in`], [`unchanged::check_kept`]).
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
    // The last written wins (a time not told counts as the earliest); a tie goes to the
    // later in this order.
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
    let found = Sidecar::read_text_beside(&csv)?.ok_or_else(|| {
        anyhow!(
            "--resume: {} has no sidecar beside it, so nothing tells how it was made: \
             run without --resume to start afresh",
            csv.display()
        )
    })?;
    if let Some(told) = not_given_told(&found.path, &found.text) {
        bail!(
            "--resume: {}: {told}, so whether it was made as this run is not known (a \
             sidecar made by hand, or cut short?): run without --resume to start afresh",
            csv.display()
        );
    }
    same_settings(&csv, &found.sidecar, fresh)?;
    let finished = csv == target;
    match unchanged::changed_since(&found.sidecar.corpus, &fresh.corpus) {
        None if finished => return Ok(Earlier::Finished(csv)),
        None => {}
        // Not "nothing left to do": its rows are checked against the corpus now, and the
        // puzzles it lacks (a corpus that grew) solved.
        Some(changed) => {
            let csv = csv.display();
            let run = if finished {
                format!("{csv} finished, but")
            } else {
                format!("continuing {csv}:")
            };
            ui::note(format!(
                "--resume: {run} {changed}; its rows are checked against the corpus as it is now"
            ));
        }
    }
    let said = if finished {
        Some(found.sidecar.rows)
    } else {
        rows_said(&csv, &found)?
    };
    let check = unchanged::puzzle_check(&plan.contenders);
    let done = done_in(&csv, said, &check)?;
    unchanged::check_kept(&csv, &done, &plan.sources)?;
    Ok(Earlier::Unfinished(Box::new(Resumed {
        csv,
        done,
        earlier: found.sidecar,
    })))
}

/// The rows the run of `csv` said it wrote (interrupted or failed; a killed run said
/// nothing), by its sidecar `found`: what tells whether its last puzzle is whole, and
/// whether rows were lost since (see [`done_in`]). Refused when not given: as 0, rows lost
/// since would be solved never.
fn rows_said(csv: &Path, found: &SidecarFile) -> Result<Option<u64>> {
    let ended = matches!(
        found.sidecar.state.known(),
        Some(State::Interrupted | State::Failed)
    );
    if !ended {
        return Ok(None);
    }
    if account_not_given(&found.text).contains(&"rows") {
        bail!(
            "--resume: {}: its sidecar ({}) does not say {}, so which of its puzzles are \
             whole is not known (a sidecar made by hand, or cut short?): run without \
             --resume to start afresh",
            csv.display(),
            found.path.display(),
            account_told("rows", "the run")
        );
    }
    Ok(Some(found.sidecar.rows))
}

/// Whether the run of `csv` (its sidecar `earlier`) was made as this one (`fresh`) is:
/// else a [`Usage`] naming each difference. A finished run made another way does not
/// hold what this one asks for, so it is not "nothing left to do" either.
fn same_settings(csv: &Path, earlier: &Sidecar, fresh: &Sidecar) -> Result<()> {
    let differ = differences(earlier, fresh, Shards::Same);
    if differ.is_empty() {
        return Ok(());
    }
    let list: Vec<String> = differ.iter().map(ToString::to_string).collect();
    let csv = csv.display();
    let list = list.join("; ");
    Err(Usage(format!(
        "--resume: {csv} was made another way (earlier vs now): {list}"
    ))
    .into())
}

impl Resumed {
    /// Copies the rows kept into `csv`, a puzzle at a time, and waits until they are in
    /// the file (a write that fails stops the resumption here, the earlier run's files as
    /// they were, rather than leave a run going whose CSV lacks some of them); their
    /// summary.
    ///
    /// # Errors
    ///
    /// When a row cannot be read again or written.
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
