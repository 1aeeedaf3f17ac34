//! What the CSV of an unfinished run already holds, for `bench --resume` (the rules: the
//! book's "What a stopped run leaves"). The file is left as it is: the run copies the rows.

use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::Arc;

use crate::bounded::{open_regular, CSV, LINE_BYTES};
use crate::identity::RowFault;
use crate::read::Rows;
use crate::sidecar::RowsNotAsWritten;
use crate::Error;
use sudoku_results::Row;

/// The puzzles a CSV holds whole, and how much of the file holds them.
#[derive(Debug, Clone, Default)]
pub struct Done {
    /// Per corpus, the indexes of the puzzles done.
    pub puzzles: HashMap<Arc<str>, HashSet<u64>>,
    /// Their rows.
    pub rows: u64,
    /// The bytes to keep: the header and those rows.
    pub keep: u64,
}

impl Done {
    /// Puzzles done in all.
    pub fn count(&self) -> u64 {
        self.puzzles.values().map(|s| s.len() as u64).sum()
    }

    /// The rows kept of the CSV at `path` (the one [`done_in`] read), in order.
    pub fn rows(&self, path: &Path) -> Result<Rows, Error> {
        Rows::new(Box::new(open_regular(path, CSV)?), self.keep, path)
    }
}

/// What the rows of one puzzle must be (see [`crate::identity::check_puzzle`]).
pub type PuzzleCheck<'a> = &'a dyn Fn(&[Row]) -> Result<(), RowFault>;

/// Reads the CSV at `path` for a run that continues it. `whole`: the rows the run said, as
/// it ended, it wrote; its last puzzle, which a kill may have cut, is kept only when the file
/// holds that many. Refused when a row is malformed, a puzzle's rows fail `check` or come
/// twice, or rows were lost or added since.
pub fn done_in(path: &Path, whole: Option<u64>, check: PuzzleCheck<'_>) -> Result<Done, Error> {
    let mut file = open_regular(path, CSV)?;
    // Only whole lines: a line cut short by a kill is not read.
    let lines = last_line_end(&mut file, path)?;
    let mut rows = Rows::new(Box::new(file), lines, path)?;
    let mut done = Done {
        keep: rows.at().byte(),
        ..Done::default()
    };
    // The rows of the last puzzle met, and the line where they start.
    let (mut last, mut start, mut count) = (Vec::new(), 1, 0);
    loop {
        let at = rows.at().clone();
        let Some(row) = rows.next().transpose()? else {
            break;
        };
        count += 1;
        if last.first().map(|r: &Row| (&r.corpus, r.index)) != Some((&row.corpus, row.index)) {
            keep(&mut done, &mut last, start, at.byte(), check, path)?;
            start = at.line();
        }
        last.push(row);
    }
    // More rows than said in the last puzzle alone is a chunk whose write failed part-way,
    // not counted: that puzzle is solved again.
    if let Some(said) = whole.filter(|&said| count < said || done.rows > said) {
        let reason = format!(
            "{}, so it cannot be continued (a run without --resume starts afresh)",
            RowsNotAsWritten { rows: count, said }
        );
        // Named at its last line.
        let line = rows.at().line().saturating_sub(1).max(1);
        return Err(Error::malformed(path, line, reason));
    }
    // Else the last puzzle is left out: `keep` is where it starts.
    if whole == Some(count) {
        keep(&mut done, &mut last, start, rows.at().byte(), check, path)?;
    }
    Ok(done)
}

/// Counts the puzzle of `rows`, read from line `start`, into `done`, checked, the bytes
/// kept up to `end`.
fn keep(
    done: &mut Done,
    rows: &mut Vec<Row>,
    start: u64,
    end: u64,
    check: PuzzleCheck<'_>,
    path: &Path,
) -> Result<(), Error> {
    let Some(first) = rows.first() else {
        return Ok(());
    };
    let puzzles = done.puzzles.entry(first.corpus.clone()).or_default();
    let twice = !puzzles.insert(first.index);
    let fault = match check(rows) {
        _ if twice => "its rows come twice".to_string(),
        Err(fault) => fault.to_string(),
        Ok(()) => {
            done.rows += rows.len() as u64;
            done.keep = end;
            rows.clear();
            return Ok(());
        }
    };
    let reason = format!(
        "puzzle {} of {} (line {}): {fault}: not the rows as the run wrote them, so it cannot \
         be continued",
        first.index, first.corpus, first.line
    );
    Err(Error::malformed(path, start, reason))
}

/// The offset just past the last `\n` of `file` (0 when none), looked for in its last
/// [`LINE_BYTES`] only (a longer end is refused by the reader's line bound); the file is
/// left at its start.
fn last_line_end(file: &mut File, path: &Path) -> Result<u64, Error> {
    let mut tail = Vec::new();
    let mut read_tail = || {
        let floor = file
            .seek(SeekFrom::End(0))?
            .saturating_sub(1 + LINE_BYTES as u64);
        file.seek(SeekFrom::Start(floor))?;
        file.read_to_end(&mut tail)?;
        file.rewind().map(|()| floor)
    };
    let floor = read_tail().map_err(|e| Error::open(path, e))?;
    Ok(match tail.iter().rposition(|&b| b == b'\n') {
        Some(i) => floor + i as u64 + 1,
        None if floor > 0 => u64::MAX,
        None => 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::identity::tests::{row, P};
    use crate::write::encode_row;
    use sudoku_results::header_line;

    /// Any rows of a puzzle pass.
    const ANY: PuzzleCheck = &|_| Ok(());

    /// A CSV of one row per (puzzle, solver) given.
    fn csv(rows: &[(u64, &str)]) -> Vec<u8> {
        let mut text = header_line();
        for &(index, solver) in rows {
            encode_row(&mut text, &row(index, solver, P));
        }
        text
    }

    const AB: [(u64, &str); 6] = [(0, "a"), (0, "b"), (1, "a"), (1, "b"), (2, "a"), (2, "b")];

    /// The last puzzle and a cut line are left to solve again, unless the run said its
    /// rows (the counts a sidecar says are pinned by `harness.rs`).
    #[test]
    fn the_last_puzzle_and_a_cut_line_are_left_to_solve_again() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.csv");
        let two_puzzles = csv(&AB[..4]).len() as u64;
        let mut text = csv(&AB);
        text.extend_from_slice(b"c.txt,3,4,,a,1,sol");
        std::fs::write(&path, &text).unwrap();
        for (said, rows, count) in [(None, 4, 2), (Some(6), 6, 3)] {
            let done = done_in(&path, said, ANY).unwrap();
            assert_eq!((done.rows, done.count()), (rows, count));
            let kept: Vec<Row> = done.rows(&path).unwrap().map(Result::unwrap).collect();
            assert_eq!((kept.len() as u64, &*kept[3].solver), (rows, "b"));
        }
        assert_eq!(done_in(&path, None, ANY).unwrap().keep, two_puzzles);
        std::fs::write(&path, header_line()).unwrap();
        let empty = done_in(&path, None, ANY).unwrap();
        assert_eq!((empty.rows, empty.keep), (0, header_line().len() as u64));
    }

    /// A puzzle's rows in two places, rows added: each refused (a puzzle's rows that fail
    /// the check are pinned by `identity.rs`).
    #[test]
    fn rows_copied_or_added_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.csv");
        let refused = |rows: &[(u64, &str)], whole| {
            std::fs::write(&path, csv(rows)).unwrap();
            done_in(&path, whole, ANY).unwrap_err().to_string()
        };
        let twice = refused(&[(0, "a"), (1, "a"), (0, "a"), (2, "a")], None);
        let says = "line 4: puzzle 0 of c.txt (line 1): its rows come twice";
        assert!(twice.contains(says), "{twice}");
        let added = refused(&[(0, "a"), (0, "b"), (0, "c"), (1, "a"), (1, "b")], Some(2));
        let says = "5 rows, where its sidecar says the run wrote 2: rows were added since, so";
        assert!(added.contains(says), "{added}");
    }

    /// A CSV whose end is gigabytes without a line break (`truncate -s 3G`): refused after
    /// its last MiB, not read back to its rows.
    #[test]
    fn a_sparse_end_is_refused_without_reading_it_all() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.csv");
        std::fs::write(&path, csv(&AB[..1])).unwrap();
        let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        file.set_len(1 << 40).unwrap();
        let err = done_in(&path, None, ANY).unwrap_err().to_string();
        let says = "r.csv: line 3: malformed row: a line longer than 1048576 bytes: not a CSV of \
sudoku-lab";
        assert!(err.ends_with(says), "{err}");
    }
}
