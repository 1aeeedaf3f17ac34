//! The runner's sink: each puzzle's rows to the CSV, the summary and the progress; wrong
//! solutions, malformed lines and sizes a solver skips to stderr.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::Arc;

use sudoku_core::{CorpusError, Size};
use sudoku_engine::{ChildEvent, CorpusCount, Sink, SinkError, Solved};
use sudoku_reports::sidecar::Skipped;
use sudoku_reports::{read_rows, CsvWriter, Summary};
use sudoku_results::Status;

use crate::bench::config::RunConfig;
use crate::bench::progress::Progress;
use crate::ui;

/// Malformed lines reported one by one per corpus; the rest are counted.
const MALFORMED_SHOWN: u64 = 10;

/// Warns of `error`, a corpus's `n`th malformed line, while `n` is at most
/// [`MALFORMED_SHOWN`] (`bench`, and the commands that read one corpus).
pub(crate) fn warn_malformed(error: &impl std::fmt::Display, n: u64) {
    if n <= MALFORMED_SHOWN {
        ui::warning(format!("{error} (line skipped)"));
    }
}

/// Warns that `corpus` had `malformed` lines skipped, when not each was warned of.
pub(crate) fn warn_malformed_in_all(corpus: &str, malformed: u64) {
    if malformed > MALFORMED_SHOWN {
        ui::warning(format!(
            "{corpus}: {malformed} malformed lines skipped in all, the first {MALFORMED_SHOWN} \
             shown"
        ));
    }
}

/// Where a `bench` run's rows go.
pub struct Recorder {
    csv: CsvWriter,
    summary: Summary,
    progress: Progress,
    malformed: HashMap<Arc<str>, u64>,
    /// Puzzles skipped per (solver, size).
    skipped: BTreeMap<(Arc<str>, Size), u64>,
    /// Whether the first interrupt was told.
    interrupt_told: bool,
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
    /// The puzzles each solver skipped as it does not solve their size, per size (of the
    /// puzzles read, written or not).
    pub skipped: Vec<Skipped>,
    /// What the summary and the sidecar note.
    pub notes: Vec<String>,
    /// After a failed write, the puzzles with rows in the CSV per corpus, read back from it.
    pub in_file: Option<HashMap<Arc<str>, u64>>,
}

impl Recorder {
    /// A recorder writing to `csv` for the run of `config`, its summary starting from
    /// `summary` (the rows `--resume` copied).
    pub fn new(csv: CsvWriter, config: &RunConfig, summary: Summary) -> Recorder {
        Recorder {
            summary,
            progress: Progress::start(&config.plan, config.args),
            malformed: HashMap::new(),
            skipped: BTreeMap::new(),
            interrupt_told: false,
            csv,
        }
    }

    /// Ends the recording: the CSV closed, the progress cleared. After a failed write the
    /// summary and the puzzles are counted from the rows in the file.
    pub fn finish(mut self) -> Recorded {
        self.progress.finish();
        let error = self.csv.close().err().map(|e| Box::new(e) as SinkError);
        let mut notes = Vec::new();
        let in_file = match error.is_some().then(|| read_back(self.csv.path())) {
            Some(Ok((summary, puzzles))) => {
                self.summary = summary;
                Some(puzzles)
            }
            Some(Err(e)) => {
                notes.push(format!(
                    "The CSV could not be read back after its write failed ({e}): this table \
counts every puzzle solved, and the CSV may not hold the last ones."
                ));
                None
            }
            None => None,
        };
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
            in_file,
        }
    }
}

/// The summary of the rows in the CSV at `path`, and its puzzles per corpus (a puzzle's
/// rows come together).
fn read_back(path: &Path) -> Result<(Summary, HashMap<Arc<str>, u64>), sudoku_reports::Error> {
    let (mut summary, mut puzzles) = (Summary::new(), HashMap::new());
    let mut last: Option<(Arc<str>, u64)> = None;
    for row in read_rows(path)? {
        let row = row?;
        summary.add(&row);
        if last.as_ref() != Some(&(row.corpus.clone(), row.index)) {
            *puzzles.entry(row.corpus.clone()).or_default() += 1;
            last = Some((row.corpus.clone(), row.index));
        }
    }
    Ok((summary, puzzles))
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
        warn_malformed(error, *n);
    }

    fn corpus_done(&mut self, corpus: &CorpusCount) {
        warn_malformed_in_all(&corpus.name, corpus.malformed);
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
        if !self.interrupt_told && crate::interrupt::interrupted() {
            self.interrupt_told = true;
            ui::hide_bar();
            ui::plain(format!(
                "interrupted: finishing the solves under way and writing the rows completed \
(interrupt again to quit at once, the rows written so far left in {})",
                self.csv.path().display()
            ));
        }
        self.progress.tick();
        Ok(())
    }
}
