//! The summary of a run, per corpus × solver, as a text table or Markdown (the book's
//! "summary" and "bench" chapters). Its memory grows with the groups and, for exact
//! percentiles, by a solve time (eight bytes) a row.

mod names;
mod render;
mod tally;

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

pub use names::{cut_middle, match_names, short_names};
pub use render::View;
use tally::Group;

use crate::read::read_rows;
use crate::sidecar::{Sidecar, State};
use crate::Error;
use sudoku_results::{Row, Status};

/// How many failed rows the summary names.
const WRONG_LISTED: usize = 20;

/// What the summary knows from the rows alone: [`Summary::recount`] replaces it whole.
#[derive(Debug, Clone, Default)]
struct Tally {
    /// The groups in the order met, found by hashing (tens of thousands of corpora).
    groups: Vec<Group>,
    index: HashMap<(Arc<str>, Arc<str>), usize>,
    /// The groups of the latest corpus met: rows come corpus by corpus.
    latest: Vec<usize>,
    wrong_rows: Vec<String>,
    /// Puzzles with rows: see [`Summary::puzzles`].
    puzzles: u64,
    /// The puzzle of the latest row (corpus, index).
    latest_puzzle: Option<(Arc<str>, u64)>,
}

/// The summary of a run.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    tally: Tally,
    /// The run's sidecar ([`Summary::apply_sidecar`]): its clock, malformed lines, notes.
    sidecar: Sidecar,
    /// How the run ended, when it did not simply finish (as its sidecar says).
    pub state: Option<State>,
    /// The error that stopped the run, if its sidecar gives one.
    pub error: Option<String>,
    /// Whether the sidecar's wall clock timed these rows (not when they changed since).
    pub clock: bool,
}

impl Tally {
    /// The group of a row: among the latest corpus's, else by hashing, else a new one.
    fn group_of(&mut self, row: &Row) -> usize {
        let same = |g: &Group| {
            (Arc::ptr_eq(&g.corpus, &row.corpus) || g.corpus == row.corpus)
                && g.solver == row.solver
        };
        if let Some(&i) = self.latest.iter().find(|&&i| same(&self.groups[i])) {
            return i;
        }
        let key = (row.corpus.clone(), row.solver.clone());
        let groups = &mut self.groups;
        let i = *self.index.entry(key).or_insert_with(|| {
            let (corpus, solver) = (row.corpus.clone(), row.solver.clone());
            groups.push(Group {
                corpus,
                solver,
                ..Group::default()
            });
            groups.len() - 1
        });
        if self.latest.first().map(|&l| &self.groups[l].corpus) != Some(&row.corpus) {
            self.latest.clear();
        }
        self.latest.push(i);
        i
    }

    /// Counts the puzzle of `row` when it is not the latest row's (a puzzle's rows come one
    /// after the other); the corpus's name is kept only when it changes.
    fn count_puzzle(&mut self, row: &Row) {
        match &mut self.latest_puzzle {
            Some((corpus, index)) if Arc::ptr_eq(corpus, &row.corpus) || *corpus == row.corpus => {
                self.puzzles += u64::from(*index != row.index);
                *index = row.index;
            }
            _ => {
                self.puzzles += 1;
                self.latest_puzzle = Some((row.corpus.clone(), row.index));
            }
        }
    }
}

impl Summary {
    /// An empty summary.
    pub fn new() -> Summary {
        Summary::default()
    }

    /// Counts one row.
    pub fn add(&mut self, row: &Row) {
        let t = &mut self.tally;
        t.count_puzzle(row);
        let i = t.group_of(row);
        t.groups[i].add(row);
        if row.status == Status::Wrong && t.wrong_rows.len() < WRONG_LISTED {
            // Without the reason, which the CSV does not keep: a CSV's summary is the run's.
            let (corpus, line, index, solver) = (&row.corpus, row.line, row.index, &row.solver);
            t.wrong_rows
                .push(format!("{corpus}:{line} (index {index}) {solver}"));
        }
    }

    /// Puzzles with rows (after `--resume`, the earlier run's too): not those read that no
    /// solver of the run solves, nor another shard's. The wall-clock rate is of these.
    pub fn puzzles(&self) -> u64 {
        self.tally.puzzles
    }

    /// A count summed over the groups.
    fn total(&self, count: fn(&Group) -> u64) -> u64 {
        self.tally.groups.iter().map(count).sum()
    }

    /// Rows whose solution failed its check.
    pub fn wrong(&self) -> u64 {
        self.total(|s| s.wrong)
    }

    /// Rows timed again, their first timing disturbed, then trusted.
    pub fn retimed(&self) -> u64 {
        self.total(|s| s.retimed)
    }

    /// Rows disturbed in every timing.
    pub fn disturbed(&self) -> u64 {
        self.total(|s| s.disturbed)
    }

    /// What a run's sidecar adds: how the run ended, its malformed lines, notes and clock.
    pub fn apply_sidecar(&mut self, sidecar: &Sidecar) {
        if sidecar.state != State::Finished {
            self.state = Some(sidecar.state);
        }
        self.error.clone_from(&sidecar.error);
        self.clock = sidecar.seconds > 0.0;
        self.sidecar = sidecar.clone();
    }

    /// Counts the rows anew from the CSV at `csv`, keeping what the sidecar added: for a
    /// run whose last rows did not reach its CSV.
    ///
    /// # Errors
    ///
    /// When the CSV cannot be read (the summary is then as it was).
    pub fn recount(&mut self, csv: &Path) -> Result<(), Error> {
        let mut rows = Summary::new();
        for row in read_rows(csv)? {
            rows.add(&row?);
        }
        self.tally = rows.tally;
        Ok(())
    }
}

#[cfg(test)]
mod tests;
