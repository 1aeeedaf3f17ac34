//! The runner's sink: each puzzle's rows to the CSV, the summary and the progress; wrong
//! solutions, malformed lines and sizes a solver skips to stderr.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::Arc;

use sudoku_core::{CorpusError, Size};
use sudoku_engine::{ChildEvent, CorpusCount, Sink, SinkError, Solved};
use sudoku_reports::sidecar::Skipped;
use sudoku_reports::{CsvWriter, Summary};
use sudoku_results::Status;

use crate::bench::config::RunConfig;
use crate::bench::progress::Progress;
use crate::ui;

/// Malformed lines reported one by one per corpus; the rest are counted.
const MALFORMED_SHOWN: u64 = 10;

/// Where a `bench` run's rows go.
pub struct Recorder {
    csv: CsvWriter,
    summary: Summary,
    progress: Progress,
    malformed: HashMap<Arc<str>, u64>,
    /// Puzzles skipped per (solver, size).
    skipped: BTreeMap<(Arc<str>, Size), u64>,
    /// Puzzles pushed to the CSV before this run's: an earlier run's, copied (`--resume`).
    earlier: u64,
    /// This run's puzzles, in the order they came.
    stretches: Vec<Stretch>,
    /// What a first interrupt says, once (`None` when said).
    on_interrupt: Option<String>,
}

/// Puzzles that came one after the other, of one corpus and one size: what the last ones
/// counted for, should their rows not reach the CSV (a few per run, not one per puzzle).
struct Stretch {
    corpus: Arc<str>,
    size: Size,
    puzzles: u64,
}

/// What a run's recording ends with.
#[derive(Default)]
pub struct Recorded {
    /// Rows in the CSV, every one whole.
    pub rows: u64,
    /// The error of the CSV's last write, if it failed.
    pub error: Option<SinkError>,
    /// The summary of the rows in the CSV.
    pub summary: Summary,
    /// The puzzles each solver skipped as it does not solve their size, per size.
    pub skipped: Vec<Skipped>,
    /// What the summary and the sidecar note.
    pub notes: Vec<String>,
    /// Per corpus, the puzzles that came but whose rows are not in the CSV (after a write
    /// that failed).
    pub unwritten: HashMap<Arc<str>, u64>,
}

impl Recorder {
    /// A recorder writing to `csv` (named `running`) for the run of `config`, its summary
    /// starting from `summary` (the rows `--resume` copied).
    pub fn new(csv: CsvWriter, config: &RunConfig, running: &Path, summary: Summary) -> Recorder {
        Recorder {
            summary,
            progress: Progress::start(config.quiet, config.progress_every, &config.plan),
            malformed: HashMap::new(),
            skipped: BTreeMap::new(),
            earlier: csv.pushed(),
            stretches: Vec::new(),
            on_interrupt: Some(format!(
                "interrupted: finishing the solves under way and writing the rows completed \
(interrupt again to quit at once, the rows written so far left in {})",
                running.display()
            )),
            csv,
        }
    }

    /// Ends the recording: the CSV closed, the progress cleared. After a failed write the
    /// summary counts the rows in the file ([`Summary::recount`]).
    pub fn finish(mut self) -> Recorded {
        self.progress.finish();
        let error = self.csv.close().err().map(|e| Box::new(e) as SinkError);
        let unwritten = self.unwritten();
        let n: u64 = unwritten.values().sum();
        let mut notes = Vec::new();
        if n > 0 {
            if let Err(e) = self.summary.recount(self.csv.path()) {
                notes.push(format!(
                    "The rows of the last {n} puzzles solved did not reach the CSV, which \
could not be read back ({e}): this table counts them, the CSV does not hold them."
                ));
            }
        }
        Recorded {
            rows: self.csv.rows(),
            error,
            skipped: (self.skipped.iter().filter(|s| *s.1 > 0))
                .map(|((solver, size), &puzzles)| Skipped {
                    solver: solver.to_string(),
                    size: size.to_string(),
                    puzzles,
                })
                .collect(),
            notes,
            summary: self.summary,
            unwritten,
        }
    }

    /// The puzzles that came whose rows are not in the CSV (the last ones), per corpus; the
    /// sizes skipped no longer count them.
    fn unwritten(&mut self) -> HashMap<Arc<str>, u64> {
        let written = self.csv.puzzles().saturating_sub(self.earlier);
        let came: u64 = self.stretches.iter().map(|s| s.puzzles).sum();
        let mut left = came.saturating_sub(written);
        let mut unwritten: HashMap<Arc<str>, u64> = HashMap::new();
        for stretch in self.stretches.iter().rev() {
            if left == 0 {
                break;
            }
            let n = stretch.puzzles.min(left);
            left -= n;
            *unwritten.entry(stretch.corpus.clone()).or_default() += n;
            for ((_, size), skipped) in &mut self.skipped {
                if *size == stretch.size {
                    *skipped = skipped.saturating_sub(n);
                }
            }
        }
        unwritten
    }

    /// Counts a puzzle that came into its stretch.
    fn count_puzzle(&mut self, solved: &Solved<'_>) {
        match self.stretches.last_mut() {
            Some(s) if s.size == solved.size && Arc::ptr_eq(&s.corpus, solved.corpus) => {
                s.puzzles += 1;
            }
            _ => self.stretches.push(Stretch {
                corpus: solved.corpus.clone(),
                size: solved.size,
                puzzles: 1,
            }),
        }
    }
}

impl Sink for Recorder {
    fn puzzle(&mut self, solved: Solved<'_>) -> Result<(), SinkError> {
        for row in solved.rows {
            self.summary.add(row);
            if row.status == Status::Wrong {
                ui::wrong(format!(
                    "{}:{} (index {}) {}: {}",
                    row.corpus,
                    row.line,
                    row.index,
                    row.solver,
                    row.problem.as_deref().unwrap_or("the check failed")
                ));
            }
        }
        for solver in solved.unsupported {
            let n = self
                .skipped
                .entry((solver.clone(), solved.size))
                .or_default();
            if *n == 0 {
                ui::warning(format!(
                    "{solver} does not solve {} puzzles: no row from it for {}:{} nor for any \
other {} puzzle",
                    solved.size, solved.corpus, solved.line, solved.size
                ));
            }
            *n += 1;
        }
        self.count_puzzle(&solved);
        self.csv.push(solved.rows)?;
        self.progress.inc();
        Ok(())
    }

    fn malformed(&mut self, error: &CorpusError) {
        let CorpusError::Malformed { location, .. } = error else {
            return;
        };
        let n = self.malformed.entry(location.path.clone()).or_default();
        *n += 1;
        if *n <= MALFORMED_SHOWN {
            ui::warning(format!("{error} (line skipped)"));
        }
    }

    fn corpus_done(&mut self, corpus: &CorpusCount) {
        if corpus.malformed > MALFORMED_SHOWN {
            ui::warning(format!(
                "{}: {} malformed lines skipped in all, the first {MALFORMED_SHOWN} shown",
                corpus.name, corpus.malformed
            ));
        }
        // Only a corpus without any puzzle, not one whose puzzles were another shard's.
        if corpus.puzzles + corpus.skipped == 0 {
            ui::warning(format!("{}: no puzzles", corpus.name));
        }
    }

    fn child(&mut self, event: &ChildEvent) {
        ui::warning(event);
    }

    fn tick(&mut self) -> Result<(), SinkError> {
        self.csv.flush_if_due()?;
        if crate::interrupt::interrupted() {
            if let Some(note) = self.on_interrupt.take() {
                ui::hide_bar();
                ui::plain(note);
            }
        }
        self.progress.tick();
        Ok(())
    }
}
