//! The summary of a run, per corpus × solver: outcomes, time percentiles, search cost and
//! throughput, as a text table (fitting 100 columns, or `--wide`) or Markdown.
//!
//! It is built row by row (live during a run, or from a CSV) in memory that grows with the
//! number of (corpus, solver) groups, never with the puzzles; a group is found by hashing,
//! so a CSV of tens of thousands of corpora is summarised in one pass.

mod names;
mod render;
mod tally;

use std::collections::{BTreeSet, HashMap};
use std::path::Path;
use std::sync::Arc;

pub use names::{cut_middle, match_names, short_names};
pub use render::View;
pub use tally::{Stats, Times};

use crate::read::read_rows;
use crate::sidecar::{account_not_given, Said, ShardEntry, Sidecar, SidecarFile, State};
use crate::Error;
use sudoku_results::Row;
use sudoku_results::Status;

/// One (corpus, solver) group of the summary.
#[derive(Debug, Clone)]
pub struct Group {
    /// The corpus, as the rows give it.
    pub corpus: Arc<str>,
    /// The solver.
    pub solver: Arc<str>,
    /// What the solver did on the corpus.
    pub stats: Stats,
}

/// The wall clock of a whole run: how long it took, on how many threads.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Clock {
    /// Wall time of the run, in seconds (after `--resume`, of the part after it).
    pub seconds: f64,
    /// Worker threads (0: not one count, the shards of a merge having run on several).
    pub threads: u64,
    /// Puzzles read (after `--resume`, the earlier run's included), those without a row
    /// included (of a size no solver of the run solves): the sidecar's `puzzles`. The rate
    /// is of the puzzles with rows (see [`Summary::puzzles`]).
    pub puzzles: u64,
    /// After `--resume`: the earlier run's puzzles, in `puzzles` but not timed by
    /// `seconds`.
    pub resumed: u64,
}

impl Clock {
    /// The puzzles read in the time `seconds` gives.
    pub fn timed(&self) -> u64 {
        self.puzzles.saturating_sub(self.resumed)
    }
}

/// The shards of the merge `sidecar` describes that were continued with `--resume`, in
/// the order it lists them.
fn resumed_shards(sidecar: &Sidecar) -> Vec<ShardEntry> {
    let resumed: BTreeSet<_> = sidecar.resumed.iter().filter_map(|r| r.shard).collect();
    let merged = sidecar.merged_from.iter().map(|m| m.shard);
    merged.filter(|shard| resumed.contains(shard)).collect()
}

/// The counts of a sidecar (of [`ACCOUNT`](crate::sidecar::ACCOUNT)) its wall clock is
/// made of: without one of them the summary gives no wall-clock rate (see
/// [`Summary::apply_sidecar_found`]).
pub const CLOCK_COUNTS: [&str; 3] = ["threads", "puzzles", "seconds"];

/// How many failed rows the summary names.
const WRONG_LISTED: usize = 20;

/// The summary of a run.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    groups: Vec<Group>,
    index: HashMap<(Arc<str>, Arc<str>), usize>,
    /// The groups of the latest corpus met.
    latest: Vec<usize>,
    malformed: Vec<(String, u64)>,
    malformed_index: HashMap<String, usize>,
    wrong_rows: Vec<String>,
    unknown_statuses: BTreeSet<String>,
    notes: Vec<String>,
    /// Puzzles with rows: see [`Summary::puzzles`].
    puzzles: u64,
    /// The puzzle of the latest row (corpus, index).
    latest_puzzle: Option<(Arc<str>, u64)>,
    /// How the run ended, when it did not simply finish (as its sidecar says).
    pub state: Option<Said>,
    /// The error that stopped the run, if its sidecar gives one.
    pub error: Option<String>,
    /// The run's wall clock, when known.
    pub clock: Option<Clock>,
    /// For a merge of shards (`sudoku-lab merge`): the shards continued with `--resume`,
    /// whose earlier puzzles the clock's `resumed` counts; `None` for a run.
    pub resumed_shards: Option<Vec<ShardEntry>>,
    /// For one shard of a run (`bench --shard K/N`): its share, which the summary says, as
    /// its rows and clock are of that share of the puzzles only.
    pub shard: Option<ShardEntry>,
}

impl Summary {
    /// An empty summary.
    pub fn new() -> Summary {
        Summary::default()
    }

    /// The group of a row: among the latest corpus's (rows come corpus by corpus), else by
    /// hashing, else a new one.
    fn group_of(&mut self, row: &Row) -> usize {
        let same = |g: &Group| {
            (Arc::ptr_eq(&g.corpus, &row.corpus) || g.corpus == row.corpus)
                && g.solver == row.solver
        };
        if let Some(&i) = self.latest.iter().find(|&&i| same(&self.groups[i])) {
            return i;
        }
        let key = (row.corpus.clone(), row.solver.clone());
        let next = self.groups.len();
        let i = *self.index.entry(key).or_insert(next);
        if i == next {
            self.groups.push(Group {
                corpus: row.corpus.clone(),
                solver: row.solver.clone(),
                stats: Stats::default(),
            });
        }
        if self
            .latest
            .first()
            .is_some_and(|&l| self.groups[l].corpus != row.corpus)
        {
            self.latest.clear();
        }
        self.latest.push(i);
        i
    }

    /// Counts one row.
    pub fn add(&mut self, row: &Row) {
        self.count_puzzle(row);
        let i = self.group_of(row);
        self.groups[i].stats.add(row);
        match &row.status {
            Status::Wrong if self.wrong_rows.len() < WRONG_LISTED => {
                // Not the reason (the run printed it; the CSV does not keep it), so that the
                // summary of a CSV reads as the run's.
                self.wrong_rows.push(format!(
                    "{}:{} (index {}) {}",
                    row.corpus, row.line, row.index, row.solver
                ));
            }
            Status::Unknown(text) if !self.unknown_statuses.contains(&**text) => {
                self.unknown_statuses.insert(text.to_string());
            }
            _ => {}
        }
    }

    /// Counts the puzzle of `row` when it is not the latest row's: a puzzle's rows come
    /// one after the other (in a run, and in the CSVs it writes). The corpus's name is
    /// kept (a count on a name the workers share) only when it changes.
    fn count_puzzle(&mut self, row: &Row) {
        match &mut self.latest_puzzle {
            Some((corpus, index)) if Arc::ptr_eq(corpus, &row.corpus) || *corpus == row.corpus => {
                if *index != row.index {
                    self.puzzles += 1;
                    *index = row.index;
                }
            }
            _ => {
                self.puzzles += 1;
                self.latest_puzzle = Some((row.corpus.clone(), row.index));
            }
        }
    }

    /// Puzzles with rows: those a solver of the run was given (after `--resume`, the
    /// earlier run's included), not those read that no solver of the run solves (their
    /// size), nor another shard's. The wall-clock rate is of these.
    pub fn puzzles(&self) -> u64 {
        self.puzzles
    }

    /// Counts `n` malformed lines of `corpus`, skipped.
    pub fn add_malformed(&mut self, corpus: &str, n: u64) {
        let next = self.malformed.len();
        let i = *self
            .malformed_index
            .entry(corpus.to_string())
            .or_insert(next);
        if i == next {
            self.malformed.push((corpus.to_string(), 0));
        }
        self.malformed[i].1 += n;
    }

    /// Adds a note printed below the table (solves skipped, for instance).
    pub fn add_note(&mut self, note: String) {
        self.notes.push(note);
    }

    /// The notes added (see [`Summary::add_note`]).
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// Malformed lines skipped in all.
    pub fn malformed_total(&self) -> u64 {
        self.malformed.iter().map(|(_, n)| n).sum()
    }

    /// The groups, in the order met.
    pub fn groups(&self) -> &[Group] {
        &self.groups
    }

    /// Rows counted.
    pub fn rows(&self) -> u64 {
        self.groups.iter().map(|g| g.stats.puzzles).sum()
    }

    /// Rows whose solution failed its check.
    pub fn wrong(&self) -> u64 {
        self.groups.iter().map(|g| g.stats.wrong).sum()
    }

    /// Rows timed again, their first timing disturbed, then trusted.
    pub fn retimed(&self) -> u64 {
        self.groups.iter().map(|g| g.stats.retimed).sum()
    }

    /// Rows disturbed in every timing.
    pub fn disturbed(&self) -> u64 {
        self.groups.iter().map(|g| g.stats.disturbed).sum()
    }

    /// Rows with a status this version does not know.
    pub fn unknown(&self) -> u64 {
        self.groups.iter().map(|g| g.stats.unknown).sum()
    }

    /// What a run's sidecar adds: how the run ended, its malformed lines, its wall clock.
    pub fn apply_sidecar(&mut self, sidecar: &Sidecar) {
        if sidecar.state != State::Finished {
            self.state = Some(sidecar.state.clone());
        }
        self.error.clone_from(&sidecar.error);
        for c in &sidecar.corpus {
            if c.malformed > 0 {
                self.add_malformed(&c.path, c.malformed);
            }
        }
        for note in &sidecar.notes {
            self.add_note(note.clone());
        }
        for skipped in &sidecar.skipped {
            self.add_note(skipped.note());
        }
        if !sidecar.merged_from.is_empty() {
            self.resumed_shards = Some(resumed_shards(sidecar));
        }
        self.shard = sidecar.shard;
        if sidecar.seconds > 0.0 {
            self.clock = Some(Clock {
                seconds: sidecar.seconds,
                threads: sidecar.threads,
                puzzles: sidecar.puzzles,
                resumed: sidecar.resumed_puzzles,
            });
        }
    }

    /// [`Summary::apply_sidecar`] of the sidecar `found`, what its text does not give (see
    /// [`account_not_given`]) left out rather than read as 0: no wall clock unless it gives
    /// every one of [`CLOCK_COUNTS`] (a thread count of 0 is that of shards on several, a
    /// time of 0 no clock), no malformed line of a corpus that does not say its own. The
    /// counts the summary reads that it does not give, in the order of
    /// [`ACCOUNT`](crate::sidecar::ACCOUNT), for the reader to be told.
    pub fn apply_sidecar_found(&mut self, found: &SidecarFile) -> Vec<&'static str> {
        self.apply_sidecar(&found.sidecar);
        let untold: Vec<&'static str> = account_not_given(&found.text)
            .into_iter()
            .filter(|key| CLOCK_COUNTS.contains(key) || *key == "corpus.malformed")
            .collect();
        if untold.iter().any(|key| CLOCK_COUNTS.contains(key)) {
            self.clock = None;
        }
        untold
    }

    /// Counts the rows anew from the CSV at `csv`: what the summary says of rows (groups,
    /// outcomes, times, the failed checks listed) is then that file's, as
    /// [`Summary::from_csv`] reads it; the rest (malformed lines, notes, how the run
    /// ended, its clock) stays. For a run whose last rows did not reach its CSV.
    ///
    /// # Errors
    ///
    /// When the CSV cannot be read (the summary is then as it was).
    pub fn recount(&mut self, csv: &Path) -> Result<(), Error> {
        let mut rows = Summary::new();
        for row in read_rows(csv)? {
            rows.add(&row?);
        }
        self.groups = rows.groups;
        self.index = rows.index;
        self.latest = rows.latest;
        self.wrong_rows = rows.wrong_rows;
        self.unknown_statuses = rows.unknown_statuses;
        self.puzzles = rows.puzzles;
        self.latest_puzzle = rows.latest_puzzle;
        Ok(())
    }

    /// The summary of the rows of a CSV written by `sudoku-lab bench`, with what its
    /// sidecar says when one is beside it (see [`Summary::apply_sidecar_found`]: what it
    /// does not give is left out).
    ///
    /// # Errors
    ///
    /// If the CSV cannot be read or is not a sudoku-lab CSV (the error names the line),
    /// or if its sidecar is there but unreadable.
    pub fn from_csv(path: &Path) -> Result<Summary, Error> {
        let mut summary = Summary::new();
        for row in read_rows(path)? {
            summary.add(&row?);
        }
        if let Some(found) = Sidecar::read_text_beside(path)? {
            summary.apply_sidecar_found(&found);
        }
        Ok(summary)
    }
}

#[cfg(test)]
mod tests;
