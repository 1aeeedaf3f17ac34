//! A run's files, from its start to its end, so that nothing is lost whatever stops it.
//!
//! A run on `X.csv` writes `X.running.csv` and `X.running.run.toml` while it goes (locked:
//! a second run on the same output is refused), and at its end renames its three files
//! to the names that say how it ended:
//!
//! | how the run ends | its files | an earlier `X.csv` |
//! |---|---|---|
//! | finished | `X.csv`, `X.summary.md`, `X.run.toml` | replaced |
//! | interrupted (Ctrl-C, SIGTERM) | `X.interrupted.csv`, `.summary.md`, `.run.toml` | kept |
//! | failed (a write error, a corpus that cannot be read, `--strict`) | `X.failed.csv`, ... | kept |
//! | killed (SIGKILL, a crash, a second Ctrl-C) | `X.running.csv`, `X.running.run.toml` (`running`) | kept |
//!
//! A run that stops before its first row is written (its output cannot be created, it is
//! refused) leaves every earlier file as it was; one whose running CSV was removed or
//! moved while it went (its folder with it, say) writes nothing at its end, and says so
//! ([`Error::Gone`]). The next run on `X.csv` moves a killed
//! run's rows aside to `X.killed.csv` (and its sidecar to `X.killed.run.toml`) before it
//! starts, so that they are not lost either. An earlier run's files already under the
//! name a run's files take (`X.killed.*`, `X.interrupted.*`, `X.failed.*`) are replaced
//! only when the run continued that earlier one (`--resume`); otherwise they are kept
//! under a numbered name (see [`crate::leftover`]).

use std::fs::{File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};

use crate::error::{shown, Error};
use crate::leftover::{make_room, move_run};
use crate::sidecar::{RunFiles, Sidecar, State};
use crate::write::{in_the_way, write_file, write_file_else_in_place, CsvWriter};
use sudoku_results::header_line;

/// The name of a killed run's files, once the next run moved them aside.
pub const KILLED: &str = "killed";

/// The words in the other names a run's files take (`X.TAG.csv`): while it goes (also a
/// killed run's), once interrupted or failed, moved aside once killed.
pub const TAGS: [&str; 4] = ["running", "interrupted", "failed", KILLED];

/// The word in the names of a run's files that says how it ended (`None`: it finished,
/// its files have the names asked for).
pub fn tag(state: State) -> Option<&'static str> {
    match state {
        State::Finished => None,
        State::Running => Some("running"),
        State::Interrupted => Some("interrupted"),
        State::Failed => Some("failed"),
    }
}

/// The state the files of the run of `sidecar` are named after: a state this version does
/// not know (or none) as `running`, the files kept under their running names.
fn state_of(sidecar: &Sidecar) -> State {
    sidecar.state.known().unwrap_or(State::Running)
}

/// Checks that each of `names`, which a run may write or rename a file onto, is free or a
/// regular file (see [`in_the_way`]).
///
/// # Errors
///
/// [`Error::Create`] naming the first one in the way, and what it is.
pub fn check_output_names<P: AsRef<Path>>(names: &[P]) -> Result<(), Error> {
    for name in names {
        let name = name.as_ref();
        if let Some(what) = in_the_way(name) {
            return Err(Error::Create {
                path: shown(name),
                source: io::Error::other(what),
            });
        }
    }
    Ok(())
}

/// The files of a run being written, locked for it.
#[derive(Debug)]
pub struct Output {
    /// The names asked for (`--out`): the files of a finished run.
    target: RunFiles,
    /// Where the files are while it runs.
    running: RunFiles,
    /// The running CSV, locked while this lives (the writer writes through another
    /// handle of the same open file).
    lock: File,
    /// Where a killed run's files were moved aside at the start, if there were any.
    moved_aside: Option<RunFiles>,
    /// Where an older killed run's files went to make room for them (see
    /// [`crate::leftover`]).
    kept: Option<RunFiles>,
}

/// Where a run's files are once it ended, and what went wrong while putting them there.
#[derive(Debug)]
pub struct Ending {
    /// The CSV and sidecar (the summary beside them unless `error` says otherwise).
    pub files: RunFiles,
    /// Where an earlier run's files under the same names went (see [`crate::leftover`]):
    /// a numbered name, when this run did not continue it.
    pub kept: Option<RunFiles>,
    /// Whether the CSV and sidecar are under the names of how the run ended: else they
    /// keep their running names (or the CSV is gone), and `error` says why. Placed with an
    /// error, only the summary could not be written: the run ended as its sidecar says.
    pub placed: bool,
    /// Whether the summary was written beside them.
    pub summary: bool,
    /// Whether the sidecar beside them tells how the run ended: when it could not be
    /// written, the CSV keeps its running name, beside the sidecar of the run's start
    /// (`state = "running"`), as a killed run's.
    pub sidecar: bool,
    /// The first error met, if any.
    pub error: Option<Error>,
}

impl Output {
    /// Every file a run on `csv` may write or replace: a corpus of the run must be none of
    /// them.
    pub fn every_name(csv: &Path) -> Vec<PathBuf> {
        Output::every_run(csv)
            .iter()
            .flat_map(|(_, files)| files.all().map(Path::to_path_buf))
            .collect()
    }

    /// The files of a run on `csv` under each name they may take: the names asked for
    /// (`None`), then those of each of [`TAGS`] (see [`Output::every_name`]).
    pub fn every_run(csv: &Path) -> Vec<(Option<&'static str>, RunFiles)> {
        let target = RunFiles::beside(csv);
        let tagged = TAGS.iter().map(|&tag| (Some(tag), target.tagged(tag)));
        std::iter::once((None, target.clone()))
            .chain(tagged)
            .collect()
    }

    /// Starts the output of a run on `csv`: its folder created when missing, the running
    /// CSV created and locked (a killed run's files moved aside first), its header
    /// written. Nothing under the names asked for is touched.
    ///
    /// # Errors
    ///
    /// When another run holds the output ([`Error::Busy`]), when one of the names a run
    /// may end under is taken by something other than a file (see
    /// [`check_output_names`]), or when the files cannot be created.
    pub fn open(csv: &Path) -> Result<(Output, CsvWriter), Error> {
        check_output_names(&Output::every_name(csv))?;
        let target = RunFiles::beside(csv);
        let running = target.tagged("running");
        if let Some(dir) = csv.parent().filter(|d| !d.as_os_str().is_empty()) {
            crate::write::create_folder(dir)?;
        }
        let (mut moved_aside, mut kept) = (None, None);
        let lock = loop {
            let file = lock(&running.csv, &target.csv)?;
            let len = file.metadata().map_or(0, |m| m.len());
            if len <= header_line().len() as u64 {
                break file;
            }
            // A killed run's rows: kept under another name before this run starts.
            let killed = Sidecar::read_beside(&running.csv).ok().flatten();
            kept = make_room(&target, KILLED, killed.as_ref())?.or(kept);
            let aside = target.tagged(KILLED);
            move_run(&running, &aside)?;
            moved_aside = Some(aside);
        };
        let writer = match start_csv(&lock, &running.csv) {
            Ok(writer) => writer,
            Err(e) => {
                // Nothing of this run's is in it (a disk without room for the header):
                // no empty running CSV is left behind.
                let _ = std::fs::remove_file(&running.csv);
                return Err(e);
            }
        };
        let output = Output {
            target,
            running,
            lock,
            moved_aside,
            kept,
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

    /// The running CSV, as another thread may look at it while the run goes (see
    /// [`RunningFile::gone`]).
    pub fn running_csv(&self) -> RunningFile {
        RunningFile::of(&self.running.csv, &self.lock)
    }

    /// Where a killed run's files were moved aside, if this run found any.
    pub fn moved_aside(&self) -> Option<&RunFiles> {
        self.moved_aside.as_ref()
    }

    /// Where an older killed run's files went to make room for those moved aside (see
    /// [`crate::leftover`]).
    pub fn kept(&self) -> Option<&RunFiles> {
        self.kept.as_ref()
    }

    /// The names of the files of a run that ended in `state`.
    pub fn ended(&self, state: State) -> RunFiles {
        match tag(state) {
            None => self.target.clone(),
            Some(tag) => self.target.tagged(tag),
        }
    }

    /// Ends the run: writes its sidecar (the CSV's final name set in it) and its summary,
    /// then renames the sidecar and the CSV to the names of the sidecar's `state`, the CSV
    /// last. The CSV must be closed already.
    ///
    /// When the sidecar cannot be written, nothing is renamed (the rows are never put under
    /// a name whose sidecar says something else); on a disk without room for it beside the
    /// one written at the start, it is written over that one, in place (see
    /// [`write_file_else_in_place`]). When the summary cannot be written, the sidecar and
    /// CSV still are ([`Ending::placed`]), and no older summary stays beside them. When a
    /// rename is refused, the CSV keeps its running name, its sidecar beside it saying that
    /// a run that had finished failed (see [`failed_in_place`]). An earlier unfinished run's
    /// files under the same names are first kept under a numbered name, unless this run
    /// continued that one (see [`crate::leftover`]); when they cannot be moved, nothing is
    /// renamed either. A CSV removed or moved while the run went ([`Error::Gone`]) gets
    /// nothing written or renamed: no files tell of rows that are not there.
    pub fn finish(self, sidecar: &mut Sidecar, summary: &str) -> Ending {
        if let Some(gone) = self.gone(sidecar.rows) {
            return self.unmoved(None, gone, false);
        }
        let kept = match self.make_room(sidecar) {
            Ok(kept) => kept,
            Err(e) => {
                // The files stay under their running names, the sidecar saying so.
                sidecar.csv = shown(&self.running.csv);
                let sidecar = sidecar.write(&self.running.sidecar).is_ok();
                return self.unmoved(None, e, sidecar);
            }
        };
        let end = self.ended(state_of(sidecar));
        sidecar.csv = shown(&end.csv);
        let toml = sidecar.to_toml();
        if let Err(e) = write_file_else_in_place(&self.running.sidecar, toml.as_bytes()) {
            return self.unmoved(kept, e, false);
        }
        let mut error = None;
        if let Err(e) = write_file(&end.summary, summary.as_bytes()) {
            let _ = std::fs::remove_file(&end.summary);
            error = Some(e);
        }
        let placed = rename(&self.running.sidecar, &end.sidecar)
            .and_then(|()| rename(&self.running.csv, &end.csv));
        match placed {
            Ok(()) => Ending {
                files: end,
                kept,
                placed: true,
                summary: error.is_none(),
                sidecar: true,
                error,
            },
            Err(e) => self.unplaced(sidecar, (&end, kept), e),
        }
    }

    /// The ending of a run whose files could not be renamed to `end` (`error`): the CSV
    /// keeps its running name, its sidecar goes back beside it, rewritten to point to it
    /// and, for a run that had finished, to say that it failed as its files were put in
    /// place (see [`failed_in_place`]), as the run says; no summary stays under the names
    /// of rows that are not there.
    fn unplaced(
        &self,
        sidecar: &mut Sidecar,
        (end, kept): (&RunFiles, Option<RunFiles>),
        error: Error,
    ) -> Ending {
        let _ = std::fs::remove_file(&end.summary);
        let beside = &self.running.sidecar;
        if !beside.exists() && rename(&end.sidecar, beside).is_err() {
            return self.unmoved(kept, error, false);
        }
        if state_of(sidecar) == State::Finished {
            sidecar.state = State::Failed.into();
            sidecar.error = Some(failed_in_place(&error));
        }
        sidecar.csv = shown(&self.running.csv);
        let told = write_file_else_in_place(beside, sidecar.to_toml().as_bytes()).is_ok();
        self.unmoved(kept, error, told)
    }

    /// [`Error::Gone`] when the running CSV, which holds the run's `rows`, is no longer
    /// where it was written (removed or moved while the run went): nothing is then written
    /// or renamed, as a sidecar and a summary would tell of rows that are not there, and
    /// its names may be another run's by now (a run on the same output that started after
    /// the removal holds a lock of its own).
    fn gone(&self, rows: u64) -> Option<Error> {
        let csv = &self.running.csv;
        if names_the_same(csv, &self.lock) {
            return None;
        }
        Some(Error::Gone {
            path: shown(csv),
            why: gone_why(csv),
            rows,
        })
    }

    /// The ending of a run whose files stay under their running names (if they are there),
    /// for `error`, its sidecar rewritten to say how it ended or not (`sidecar`), and no
    /// summary.
    fn unmoved(&self, kept: Option<RunFiles>, error: Error, sidecar: bool) -> Ending {
        Ending {
            files: self.running.clone(),
            kept,
            placed: false,
            summary: false,
            sidecar,
            error: Some(error),
        }
    }

    /// Makes room for the files of an unfinished run described by `sidecar` (see
    /// [`make_room`]): where an earlier run's files under the same names went.
    fn make_room(&self, sidecar: &Sidecar) -> Result<Option<RunFiles>, Error> {
        let state = state_of(sidecar);
        match (state, tag(state)) {
            (State::Interrupted | State::Failed, Some(tag)) => {
                make_room(&self.target, tag, Some(sidecar))
            }
            _ => Ok(None),
        }
    }

    /// Removes the run's files: a run that stopped before it began (nothing to keep).
    pub fn discard(self) {
        let _ = std::fs::remove_file(&self.running.sidecar);
        let _ = std::fs::remove_file(&self.running.csv);
        drop(self.lock);
    }
}

/// The error of a run that went to its end and then failed as its files were put in
/// place (`error`: its CSV removed meanwhile, a sidecar that cannot be written, a rename
/// refused), as its printed summary and its sidecar give it.
pub fn failed_in_place(error: &Error) -> String {
    format!("after its last row, as its files were put in place: {error}")
}

/// A file under its running name (a run's CSV, a streamed file: see
/// [`crate::streamed`]), as a thread other than the one writing it may look at it while
/// it is written (the interrupt handler, before it exits): its name, and the file opened
/// under it.
#[derive(Debug, Clone)]
pub struct RunningFile {
    /// Its name.
    path: PathBuf,
    /// The file written (`None` when it could not be told).
    id: Option<FileId>,
}

/// What [`RunningFile::remove`] did.
#[derive(Debug)]
pub enum Removal {
    /// The file was removed, and the files beside it given.
    Removed,
    /// Its name no longer names the file written (removed or moved meanwhile): nothing
    /// was removed; what is there now, as [`RunningFile::gone`] says it.
    Gone(String),
    /// It could not be removed.
    Failed(io::Error),
}

impl RunningFile {
    /// The file `file`, opened under the name `path`.
    pub(crate) fn of(path: &Path, file: &File) -> RunningFile {
        RunningFile {
            path: path.to_path_buf(),
            id: file.metadata().ok().map(|m| FileId::of(&m)),
        }
    }

    /// The file's name.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// `None` while the name still names the file written; else, as [`Error::Gone`] says
    /// it at the end of a run, what is there now, in parentheses after a space (` (its
    /// folder out too)`, ` (another file has its name now)`), or nothing.
    pub fn gone(&self) -> Option<String> {
        let there = match self.id {
            Some(id) => names(&self.path, id),
            None => self.path.exists(),
        };
        (!there).then(|| gone_why(&self.path))
    }

    /// Removes the file, then each of `beside` (its sidecar), as [`Output::discard`] and
    /// [`crate::Streamed::discard`] do, from another thread than the writer's (the
    /// interrupt handler of a command that does not stop cleanly, about to exit): only
    /// while its name still names the file written, so that nothing another writer made
    /// since under that name is touched.
    pub fn remove(&self, beside: &[PathBuf]) -> Removal {
        if let Some(why) = self.gone() {
            return Removal::Gone(why);
        }
        if let Err(e) = std::fs::remove_file(&self.path) {
            return Removal::Failed(e);
        }
        for path in beside {
            let _ = std::fs::remove_file(path);
        }
        Removal::Removed
    }
}

/// What is said of the running CSV `csv` once it is gone (see [`Error::Gone`]): another
/// file under its name, its folder gone too, or nothing.
pub(crate) fn gone_why(csv: &Path) -> String {
    let folder = csv.parent().filter(|d| !d.as_os_str().is_empty());
    if std::fs::symlink_metadata(csv).is_ok() {
        " (another file has its name now)".to_string()
    } else if let Some(dir) = folder.filter(|d| !d.is_dir()) {
        format!(" (its folder {} too)", dir.display())
    } else {
        String::new()
    }
}

/// Empties the locked running CSV `lock` (at `path`) and starts its writer, which writes
/// the header.
fn start_csv(lock: &File, path: &Path) -> Result<CsvWriter, Error> {
    let create = |source| Error::Create {
        path: shown(path),
        source,
    };
    lock.set_len(0).map_err(create)?;
    let file = lock.try_clone().map_err(create)?;
    CsvWriter::new(file, path)
}

/// Opens `path` (created when missing, never truncated here) and locks it; `csv` names
/// the output in the refusal.
pub(crate) fn lock(path: &Path, csv: &Path) -> Result<File, Error> {
    let create = |source| Error::Create {
        path: shown(path),
        source,
    };
    loop {
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(create)?;
        match fs4::fs_std::FileExt::try_lock_exclusive(&file) {
            Ok(true) => {}
            Ok(false) => {
                return Err(Error::Busy {
                    path: shown(path),
                    csv: shown(csv),
                })
            }
            // A file system without locks: the run goes on unlocked.
            Err(_) => return Ok(file),
        }
        // The run that held it may have renamed it away just before the lock was taken:
        // then the name is free again, and locked anew.
        if names_the_same(path, &file) {
            return Ok(file);
        }
    }
}

/// What tells a file from another whatever its name: its device and inode on Unix;
/// elsewhere nothing, and a file is taken as the one its name names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FileId {
    /// The device and inode.
    #[cfg(unix)]
    dev_ino: (u64, u64),
}

impl FileId {
    /// The file whose metadata is `meta`.
    #[cfg(unix)]
    fn of(meta: &std::fs::Metadata) -> FileId {
        use std::os::unix::fs::MetadataExt;
        FileId {
            dev_ino: (meta.dev(), meta.ino()),
        }
    }

    /// The file whose metadata is `meta`.
    #[cfg(not(unix))]
    fn of(_meta: &std::fs::Metadata) -> FileId {
        FileId {}
    }
}

/// Whether `path` names the file `id`.
fn names(path: &Path, id: FileId) -> bool {
    std::fs::metadata(path).is_ok_and(|m| FileId::of(&m) == id)
}

/// Whether `path` still names the open `file` (the same device and inode).
pub(crate) fn names_the_same(path: &Path, file: &File) -> bool {
    file.metadata().is_ok_and(|m| names(path, FileId::of(&m)))
}

pub(crate) fn rename(from: &Path, to: &Path) -> Result<(), Error> {
    std::fs::rename(from, to).map_err(|source| Error::Rename {
        from: shown(from),
        to: shown(to),
        source,
    })
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
        assert_eq!(std::fs::read_to_string(&csv).unwrap(), "earlier");
        writer.close().unwrap();
        let ending = output.finish(&mut sidecar(State::Interrupted), "# s\n");
        assert!(ending.error.is_none(), "{:?}", ending.error);
        assert_eq!(ending.files.csv, dir.path().join("r.interrupted.csv"));
        assert_eq!(std::fs::read_to_string(&csv).unwrap(), "earlier");
        let toml = std::fs::read_to_string(dir.path().join("r.interrupted.run.toml")).unwrap();
        assert!(toml.contains("state = \"interrupted\""), "{toml}");
        assert!(!dir.path().join("r.running.csv").exists());

        let (output, mut writer) = Output::open(&csv).unwrap();
        writer.close().unwrap();
        let ending = output.finish(&mut sidecar(State::Finished), "# s\n");
        assert!(ending.error.is_none());
        assert_eq!(std::fs::read(&csv).unwrap(), header_line());
        assert_eq!(
            std::fs::read_to_string(dir.path().join("r.summary.md")).unwrap(),
            "# s\n"
        );
    }

    /// The running CSV as another thread sees it: there while its name names the file the
    /// run writes; else gone, saying what is there now, as the end of the run would.
    #[test]
    fn a_running_csv_is_gone_once_its_name_names_another_file_or_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("out");
        let (output, writer) = Output::open(&folder.join("r.csv")).unwrap();
        let running = output.running_csv();
        assert_eq!(running.path(), folder.join("r.running.csv"));
        assert_eq!(running.gone(), None);
        let moved = dir.path().join("moved.csv");
        std::fs::rename(running.path(), &moved).unwrap();
        assert_eq!(running.gone().as_deref(), Some(""));
        std::fs::copy(&moved, running.path()).unwrap();
        assert_eq!(
            running.gone().as_deref(),
            Some(" (another file has its name now)")
        );
        std::fs::remove_dir_all(&folder).unwrap();
        assert_eq!(
            running.gone(),
            Some(format!(" (its folder {} too)", folder.display()))
        );
        drop(writer);
    }

    #[test]
    fn a_second_run_on_one_output_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let csv = dir.path().join("r.csv");
        let (first, _writer) = Output::open(&csv).unwrap();
        let refused = Output::open(&csv).unwrap_err().to_string();
        assert_eq!(
            refused,
            format!(
                "{}: another sudoku-lab run is writing this output ({} is locked): wait for \
it to end, or name another output",
                csv.display(),
                first.running().csv.display()
            )
        );
        first.discard();
        assert!(!dir.path().join("r.running.csv").exists());
        assert!(Output::open(&csv).is_ok());
    }

    #[test]
    fn a_killed_runs_rows_are_moved_aside_and_a_folder_in_the_way_is_named() {
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
        let aside = output.moved_aside().unwrap();
        assert_eq!(std::fs::read(&aside.csv).unwrap(), leftover);
        assert_eq!(aside.sidecar, dir.path().join("r.killed.run.toml"));
        assert!(aside.sidecar.exists());
        output.discard();

        std::fs::create_dir(dir.path().join("r.failed.run.toml")).unwrap();
        let err = Output::open(&csv).unwrap_err().to_string();
        assert!(err.starts_with(&format!(
            "{}: cannot create: a folder is in the way",
            dir.path().join("r.failed.run.toml").display()
        )));
    }
}
