//! An unfinished run's files kept when a later run ends under the same name.
//!
//! `X.killed.csv`, `X.interrupted.csv` and `X.failed.csv` (and a streamed file's
//! `X.killed.txt`, `X.interrupted.txt`, `X.failed.txt`) each name one unfinished run. A
//! later run that ends the same way takes the name. The earlier run's rows are safe to
//! replace only when the later run holds them, which it does when it continued the earlier
//! one: `--resume` copies the rows of the run it continues into its own output, and so on
//! down the chain (see [`continues`]). Otherwise the earlier files are first moved to the
//! first free numbered name (`X.killed.2.csv`, then `X.killed.3.csv`, ...), so that no row
//! already computed is lost. The unnumbered name always holds the latest run of its kind
//! (the one `--resume` looks at); the numbered ones hold earlier runs, kept.

use std::path::{Path, PathBuf};

use crate::error::{shown, Error};
use crate::output::rename;
use crate::sidecar::{RunFiles, Sidecar};

/// Whether the run `newer` describes continued, itself or through the runs between, the
/// run `older` describes. A resumed run keeps the start date of the run it continues and
/// adds its own resumption to theirs, so `newer` continued `older` when they share a date
/// and `older`'s resumptions are the first of `newer`'s, which has more.
pub fn continues(newer: &Sidecar, older: &Sidecar) -> bool {
    !older.date.is_empty()
        && newer.date == older.date
        && newer.resumed.len() > older.resumed.len()
        && newer.resumed.starts_with(&older.resumed)
}

/// Makes room for a run's files under the names `tag` gives beside `target` (`newer` is
/// the run's sidecar, when it has one). When a CSV is there that `newer` did not continue,
/// it and its sidecar and summary are moved to the first free numbered name, which is
/// returned.
///
/// # Errors
///
/// When an earlier file cannot be moved.
pub fn make_room(
    target: &RunFiles,
    tag: &str,
    newer: Option<&Sidecar>,
) -> Result<Option<RunFiles>, Error> {
    let earlier = target.tagged(tag);
    if !taken(&earlier.csv) {
        return Ok(None);
    }
    let older = Sidecar::read_beside(&earlier.csv).ok().flatten();
    if let (Some(newer), Some(older)) = (newer, &older) {
        if continues(newer, older) {
            return Ok(None);
        }
    }
    let kept = numbered(
        |n| target.tagged(&format!("{tag}.{n}")),
        |f| f.all().iter().all(|p| !taken(p)),
    );
    move_run(&earlier, &kept)?;
    Ok(Some(kept))
}

/// Moves a run's files from the names `from` to the names `to`: the sidecar, the summary,
/// then the CSV (as a run's files are put in place, its sidecar is beside it first);
/// each only when it is there. The moved sidecar is then written again with `csv` naming
/// the CSV's new place, so that it does not point a reader to a name that now holds
/// another run; its other keys stay as they were ([`Sidecar::point_to`]). That is best
/// effort: the rows are already safe, and a sidecar that cannot be rewritten keeps its
/// earlier text.
///
/// # Errors
///
/// When a file cannot be moved.
pub(crate) fn move_run(from: &RunFiles, to: &RunFiles) -> Result<(), Error> {
    for (from, to) in [
        (&from.sidecar, &to.sidecar),
        (&from.summary, &to.summary),
        (&from.csv, &to.csv),
    ] {
        if taken(from) {
            rename(from, to)?;
        }
    }
    if taken(&to.sidecar) {
        let _ = Sidecar::point_to(&to.sidecar, &shown(&to.csv));
    }
    Ok(())
}

/// [`make_room`] for a file written as it goes, `earlier` being the name it is to take
/// and `name(n)` its numbered names. Nothing continues such a file, so an earlier one is
/// always kept.
///
/// # Errors
///
/// When the earlier file cannot be moved.
pub fn make_room_for_file(
    earlier: &Path,
    name: impl Fn(u64) -> PathBuf,
) -> Result<Option<PathBuf>, Error> {
    if !taken(earlier) {
        return Ok(None);
    }
    let kept = numbered(name, |p| !taken(p));
    rename(earlier, &kept)?;
    Ok(Some(kept))
}

/// The first of `name(2)`, `name(3)`, ... that is `free`.
fn numbered<T>(name: impl Fn(u64) -> T, free: impl Fn(&T) -> bool) -> T {
    let mut n = 2;
    loop {
        let candidate = name(n);
        if free(&candidate) {
            return candidate;
        }
        n += 1;
    }
}

/// Whether something is under `path` (a dangling link included: a rename would replace it).
fn taken(path: &Path) -> bool {
    path.symlink_metadata().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(date: &str, resumed: &[&str]) -> Sidecar {
        Sidecar {
            date: date.into(),
            resumed: resumed.iter().map(|s| s.to_string()).collect(),
            ..Sidecar::default()
        }
    }

    #[test]
    fn a_run_continues_the_runs_of_its_chain_only() {
        let first = run("d1", &[]);
        let second = run("d1", &["r1"]);
        let third = run("d1", &["r1", "r2"]);
        assert!(continues(&second, &first));
        assert!(continues(&third, &first));
        assert!(continues(&third, &second));
        // Not itself, not an earlier one, not another branch, not another start.
        assert!(!continues(&first, &first));
        assert!(!continues(&first, &second));
        assert!(!continues(&run("d1", &["other"]), &second));
        assert!(!continues(&run("d1", &["other", "r2"]), &second));
        assert!(!continues(&run("d2", &["r1"]), &first));
        // A sidecar without a date (an older version's, or one cut short) tells nothing.
        assert!(!continues(&run("", &["r1"]), &run("", &[])));
    }

    #[test]
    fn earlier_files_not_continued_are_kept_under_the_first_free_number() {
        let dir = tempfile::tempdir().unwrap();
        let target = RunFiles::beside(&dir.path().join("r.csv"));
        assert!(make_room(&target, "failed", None).unwrap().is_none());
        let failed = target.tagged("failed");
        std::fs::write(&failed.csv, "first rows").unwrap();
        run("d1", &[]).write(&failed.sidecar).unwrap();
        // The run that continued it may replace it.
        let resumed = run("d1", &["r1"]);
        assert!(make_room(&target, "failed", Some(&resumed))
            .unwrap()
            .is_none());
        assert!(failed.csv.exists());
        // Another (number 2 taken by a stray summary) may not.
        std::fs::write(&target.tagged("failed.2").summary, "stray").unwrap();
        let kept = make_room(&target, "failed", Some(&run("d2", &[]))).unwrap();
        let kept = kept.unwrap();
        assert_eq!(kept.csv, dir.path().join("r.failed.3.csv"));
        assert_eq!(std::fs::read_to_string(&kept.csv).unwrap(), "first rows");
        assert!(kept.sidecar.exists() && !failed.csv.exists() && !failed.sidecar.exists());
        // Its sidecar names the CSV it is now beside, and says the rest as before.
        let moved = Sidecar::read_beside(&kept.csv).unwrap().unwrap();
        assert_eq!(moved.csv, kept.csv.display().to_string());
        assert_eq!(moved.date, "d1");
    }

    #[test]
    fn an_earlier_streamed_file_is_always_kept() {
        let dir = tempfile::tempdir().unwrap();
        let name = |n: u64| dir.path().join(format!("p.killed.{n}.txt"));
        let earlier = dir.path().join("p.killed.txt");
        assert!(make_room_for_file(&earlier, name).unwrap().is_none());
        std::fs::write(&earlier, "puzzles").unwrap();
        let kept = make_room_for_file(&earlier, name).unwrap().unwrap();
        assert_eq!(kept, name(2));
        assert_eq!(std::fs::read_to_string(kept).unwrap(), "puzzles");
        assert!(!earlier.exists());
    }
}
