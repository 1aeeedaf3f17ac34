//! A run's three files (CSV, summary, sidecar), staged as one (see [`crate::staged`]); a
//! run dropped without an end leaves nothing.

use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

use crate::claims::{check_names_a_file, check_unclaimed};
use crate::sidecar::{RunFiles, Sidecar};
use crate::staged::{persist, write_whole, Names, Placed};
use crate::write::CsvWriter;
use crate::Error;
use sudoku_results::header_line;

/// A run's files, named from its CSV's, the CSV first.
const RUN: Names = Names {
    group: |csv: &Path| RunFiles::beside(csv).all().map(Path::to_path_buf).into(),
    default: ("bench", Some("csv")),
};

/// The files of a run being written, the CSV locked for it.
#[derive(Debug)]
pub struct Output {
    target: RunFiles,
    running: RunFiles,
    /// The running CSV (written through another handle); `None` once placed.
    csv: Option<NamedTempFile>,
    moved_aside: Option<Placed>,
}

/// How much of a run's ending was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    /// The CSV, summary and sidecar, under the names of how the run ended.
    All,
    /// The CSV and sidecar in place; the summary could not be written.
    NoSummary,
    /// Nothing renamed: the files keep their running names, as a killed run's.
    Unplaced,
}

/// Where a run's files are once it ended.
#[derive(Debug)]
pub struct Ending {
    /// The CSV, summary and sidecar (as far as `written` says).
    pub files: RunFiles,
    /// Where an earlier run's files under the same names went.
    pub kept: Option<RunFiles>,
    /// What was written.
    pub written: Written,
    /// The first error met, if any.
    pub error: Option<Error>,
}

impl Output {
    /// Every file a run on `csv` may write or replace.
    pub fn every_name(csv: &Path) -> Vec<PathBuf> {
        RUN.every_name(csv)
    }

    /// Starts the output of a run on `csv`: `X.running.csv` created and locked, its header
    /// written ([`Error::Busy`] when another run has it, [`Error::Claimed`]...).
    pub fn open(csv: &Path) -> Result<(Output, CsvWriter), Error> {
        check_names_a_file(csv)?;
        check_unclaimed(csv)?;
        let (file, moved_aside) = RUN.start(csv, header_line().len() as u64)?;
        let target = RunFiles::beside(csv);
        let running = target.tagged("running");
        let writer = CsvWriter::new(file.as_file().try_clone()?, &running.csv)?;
        let csv = Some(file);
        let output = Output {
            target,
            running,
            csv,
            moved_aside,
        };
        Ok((output, writer))
    }

    /// The names asked for.
    pub fn target(&self) -> &RunFiles {
        &self.target
    }

    /// The names of the files while the run goes.
    pub fn running(&self) -> &RunFiles {
        &self.running
    }

    /// Where a killed run's CSV was moved aside, if this run found one: its other files
    /// are beside it ([`RunFiles::beside`]).
    pub fn moved_aside(&self) -> Option<&Placed> {
        self.moved_aside.as_ref()
    }

    /// Writes the sidecar of the run under its running name.
    pub fn write_sidecar(&self, sidecar: &Sidecar) -> Result<(), Error> {
        sidecar.write(&self.running.sidecar)
    }

    /// Ends the run (its CSV closed already): its sidecar and summary written, then its
    /// files renamed after the sidecar's `state`, an earlier run's moved aside unless it is
    /// the one this run `continued`. On a failure the files keep their running names.
    pub fn finish(mut self, sidecar: &Sidecar, summary: &str, continued: Option<&Path>) -> Ending {
        let state = sidecar.state;
        let csv = self.csv.take().expect("a run is finished once");
        let (end, kept) = match RUN.end(&self.target.csv, state, continued) {
            Ok(Placed { path, kept }) => (
                RunFiles::beside(&path),
                kept.as_deref().map(RunFiles::beside),
            ),
            Err(e) => return self.unplaced(Some(csv), None, e),
        };
        if let Err(e) = self.write_sidecar(sidecar) {
            return self.unplaced(Some(csv), kept, e);
        }
        let summary_error = write_whole(&end.summary, summary.as_bytes()).err();
        if let Err(e) = fs_err::rename(&self.running.sidecar, &end.sidecar) {
            let _ = std::fs::remove_file(&end.summary);
            return self.unplaced(Some(csv), kept, e.into());
        }
        if let Err(e) = persist(csv, &end.csv) {
            let _ = std::fs::remove_file(&end.summary);
            let _ = std::fs::rename(&end.sidecar, &self.running.sidecar);
            return self.unplaced(None, kept, e);
        }
        let written = match summary_error {
            None => Written::All,
            Some(_) => Written::NoSummary,
        };
        Ending {
            files: end,
            kept,
            written,
            error: summary_error,
        }
    }

    /// The ending of a run whose files keep their running names.
    fn unplaced(&self, csv: Option<NamedTempFile>, kept: Option<RunFiles>, error: Error) -> Ending {
        let _ = csv.map(NamedTempFile::keep);
        Ending {
            files: self.running.clone(),
            kept,
            written: Written::Unplaced,
            error: Some(error),
        }
    }
}

impl Drop for Output {
    /// Removes the running sidecar of a run dropped without an end (its CSV removes itself).
    fn drop(&mut self) {
        if self.csv.is_some() {
            let _ = std::fs::remove_file(&self.running.sidecar);
        }
    }
}
