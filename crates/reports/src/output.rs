//! A run's three files (CSV, summary, sidecar), staged as one (see [`crate::staged`]).
//!
//! A run on `X.csv` writes `X.running.csv` (locked) and `X.running.run.toml` while it goes,
//! and at its end writes its summary and sidecar and renames all three to the names of how
//! it ended: `X.*` (finished), `X.interrupted.*`, `X.failed.*`. A killed run's files stay
//! under their running names, and the next run on `X.csv` moves them aside to `X.killed.*`.
//! A run dropped without an end (refused, or stopped before its first row) leaves nothing.

use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

use crate::claims::{check_names_a_file, check_unclaimed};
use crate::error::Error;
use crate::sidecar::{RunFiles, Sidecar, State};
use crate::staged::{check_names, create_locked, make_room, numbered, persist, tag, Placed};
use crate::staged::{write_whole, KILLED, TAGS};
use crate::write::CsvWriter;
use sudoku_results::header_line;

/// The files of a run being written, the CSV locked for it.
#[derive(Debug)]
pub struct Output {
    /// The names asked for (`--out`): the files of a finished run.
    target: RunFiles,
    /// Where the files are while it runs.
    running: RunFiles,
    /// The running CSV (the writer writes through another handle of it); `None` once
    /// placed.
    csv: Option<NamedTempFile>,
    /// Where a killed run's files were moved aside at the start, if there were any.
    moved_aside: Option<Moved>,
}

/// A run's files moved out of the way, and where an older run's under their new names went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moved {
    /// Where they are now.
    pub files: RunFiles,
    /// Where the files already under those names went (a numbered name).
    pub kept: Option<RunFiles>,
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
    /// Every file a run on `csv` may write or replace: a corpus of the run must be none of
    /// them.
    pub fn every_name(csv: &Path) -> Vec<PathBuf> {
        let target = RunFiles::beside(csv);
        let tagged = TAGS.iter().map(|t| target.tagged(t));
        std::iter::once(target.clone())
            .chain(tagged)
            .flat_map(|f| f.all().map(Path::to_path_buf))
            .collect()
    }

    /// Starts the output of a run on `csv`: `X.running.csv` created and locked (a killed
    /// run's files moved aside first), its header written.
    ///
    /// # Errors
    ///
    /// [`Error::Busy`] when another run holds the output, [`Error::InTheWay`] when a name
    /// it may take is a folder or a device, [`Error::NamesAFolder`] and [`Error::Claimed`]
    /// (see [`crate::claims`]), or an I/O error naming the file.
    pub fn open(csv: &Path) -> Result<(Output, CsvWriter), Error> {
        check_names_a_file(csv)?;
        check_unclaimed(csv)?;
        check_names(&Output::every_name(csv))?;
        let target = RunFiles::beside(csv);
        let running = target.tagged("running");
        let mut moved_aside = None;
        let empty = header_line().len() as u64;
        let (file, _) = create_locked(&running.csv, csv, empty, |_| {
            let files = target.tagged(KILLED);
            let kept = make_room_for_run(&target, KILLED, None)?;
            move_run(&running, &files)?;
            moved_aside = Some(Moved {
                files: files.clone(),
                kept,
            });
            Ok(Placed {
                path: files.csv,
                kept: None,
            })
        })?;
        let handle = fs_err::File::from_parts(file.as_file().try_clone()?, &running.csv);
        let writer = CsvWriter::new(handle.into_parts().0, &running.csv)?;
        let output = Output {
            target,
            running,
            csv: Some(file),
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

    /// Where a killed run's files were moved aside, if this run found any.
    pub fn moved_aside(&self) -> Option<&Moved> {
        self.moved_aside.as_ref()
    }

    /// The names of the files of a run that ended in `state`.
    pub fn ended(&self, state: State) -> RunFiles {
        match tag(state) {
            None => self.target.clone(),
            Some(tag) => self.target.tagged(tag),
        }
    }

    /// Writes the sidecar of the run under its running name.
    ///
    /// # Errors
    ///
    /// When it cannot be written.
    pub fn write_sidecar(&self, sidecar: &Sidecar) -> Result<(), Error> {
        sidecar.write(&self.running.sidecar)
    }

    /// Ends the run (its CSV closed already): its sidecar and summary written, then the
    /// sidecar and the CSV renamed to the names of the sidecar's `state`. An earlier
    /// unfinished run's files under those names move to a numbered name first, unless
    /// `continued` (the files this run continued, `--resume`) are those. When the sidecar
    /// cannot be written, or a rename fails, the files keep their running names.
    pub fn finish(mut self, sidecar: &Sidecar, summary: &str, continued: Option<&Path>) -> Ending {
        let state = sidecar.state.known().unwrap_or(State::Running);
        let end = self.ended(state);
        let csv = self.csv.take().expect("a run is finished once");
        let unplaced = |files: &RunFiles, kept, error| Ending {
            files: files.clone(),
            kept,
            written: Written::Unplaced,
            error: Some(error),
        };
        let kept = match tag(state).filter(|_| state != State::Running) {
            Some(tag) => match make_room_for_run(&self.target, tag, continued) {
                Ok(kept) => kept,
                Err(e) => {
                    let _ = csv.keep();
                    return unplaced(&self.running, None, e);
                }
            },
            None => None,
        };
        if let Err(e) = self.write_sidecar(sidecar) {
            let _ = csv.keep();
            return unplaced(&self.running, kept, e);
        }
        let summary_error = write_whole(&end.summary, summary.as_bytes()).err();
        let placed = fs_err::rename(&self.running.sidecar, &end.sidecar)
            .map_err(Error::from)
            .and_then(|()| persist(csv, &end.csv));
        if let Err(e) = placed {
            let _ = std::fs::remove_file(&end.summary);
            let _ = std::fs::rename(&end.sidecar, &self.running.sidecar);
            return unplaced(&self.running, kept, e);
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
}

impl Drop for Output {
    /// A run dropped without an end leaves nothing: its running sidecar is removed here,
    /// its CSV by its own drop.
    fn drop(&mut self) {
        if self.csv.is_some() {
            let _ = std::fs::remove_file(&self.running.sidecar);
        }
    }
}

/// Moves the files of an earlier run under `target.tagged(tag)` to the first free numbered
/// name, unless their CSV is `continued`.
fn make_room_for_run(
    target: &RunFiles,
    tag: &str,
    continued: Option<&Path>,
) -> Result<Option<RunFiles>, Error> {
    let earlier = target.tagged(tag);
    if continued == Some(earlier.csv.as_path()) {
        return Ok(None);
    }
    let taken = |f: &RunFiles| f.all().iter().any(|p| std::fs::symlink_metadata(p).is_ok());
    if !taken(&earlier) {
        return Ok(None);
    }
    let kept = (2..)
        .map(|n| target.tagged(&numbered(tag, n)))
        .find(|f| !taken(f))
        .expect("a free numbered name");
    move_run(&earlier, &kept)?;
    Ok(Some(kept))
}

/// Moves a run's files from `from` to `to`: the sidecar, the summary, then the CSV, each
/// when it is there.
fn move_run(from: &RunFiles, to: &RunFiles) -> Result<(), Error> {
    for (from, to) in [
        (&from.sidecar, &to.sidecar),
        (&from.summary, &to.summary),
        (&from.csv, &to.csv),
    ] {
        make_room(from, |_| to.clone()).map(drop)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sidecar(state: State) -> Sidecar {
        Sidecar {
            state: state.into(),
            ..Sidecar::default()
        }
    }

    #[test]
    fn a_finished_run_replaces_and_an_interrupted_one_keeps_the_earlier_result() {
        let dir = tempfile::tempdir().unwrap();
        let csv = dir.path().join("r.csv");
        std::fs::write(&csv, "earlier").unwrap();
        let (output, mut writer) = Output::open(&csv).unwrap();
        writer.close().unwrap();
        let ending = output.finish(&sidecar(State::Interrupted), "# s\n", None);
        assert!(ending.error.is_none(), "{:?}", ending.error);
        assert_eq!(ending.files.csv, dir.path().join("r.interrupted.csv"));
        assert_eq!(std::fs::read_to_string(&csv).unwrap(), "earlier");
        let toml = std::fs::read_to_string(dir.path().join("r.interrupted.run.toml")).unwrap();
        assert!(toml.contains("state = \"interrupted\""), "{toml}");
        assert!(!dir.path().join("r.running.csv").exists());

        let (output, mut writer) = Output::open(&csv).unwrap();
        writer.close().unwrap();
        let ending = output.finish(&sidecar(State::Interrupted), "# s\n", None);
        let second = dir.path().join("r.interrupted.2.csv");
        assert_eq!(ending.kept.map(|k| k.csv), Some(second));

        let (output, mut writer) = Output::open(&csv).unwrap();
        writer.close().unwrap();
        let ending = output.finish(&sidecar(State::Finished), "# s\n", None);
        assert_eq!(ending.written, Written::All);
        assert_eq!(std::fs::read(&csv).unwrap(), header_line());
        let summary = std::fs::read_to_string(dir.path().join("r.summary.md")).unwrap();
        assert_eq!(summary, "# s\n");
    }

    #[test]
    fn a_second_run_is_refused_and_a_dropped_one_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let csv = dir.path().join("r.csv");
        let (first, _writer) = Output::open(&csv).unwrap();
        first.write_sidecar(&sidecar(State::Running)).unwrap();
        let refused = Output::open(&csv).unwrap_err();
        assert!(matches!(refused, Error::Busy { .. }), "{refused}");
        drop(first);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
        assert!(Output::open(&csv).is_ok());
    }

    #[test]
    fn a_killed_runs_files_are_moved_aside() {
        let dir = tempfile::tempdir().unwrap();
        let csv = dir.path().join("r.csv");
        let mut leftover = header_line();
        leftover.extend_from_slice(b"a row\n");
        std::fs::write(dir.path().join("r.running.csv"), &leftover).unwrap();
        std::fs::write(
            dir.path().join("r.running.run.toml"),
            "state = \"running\"\n",
        )
        .unwrap();
        let (output, _writer) = Output::open(&csv).unwrap();
        let aside = &output.moved_aside().unwrap().files;
        assert_eq!(std::fs::read(&aside.csv).unwrap(), leftover);
        assert_eq!(aside.sidecar, dir.path().join("r.killed.run.toml"));
        assert!(aside.sidecar.exists());
    }
}
