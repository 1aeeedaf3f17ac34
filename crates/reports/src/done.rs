//! What the CSV of an unfinished run already holds, for a run that continues it
//! (`sudoku-lab bench --resume`).
//!
//! A run writes whole puzzles, in order, in chunks of one write each; a kill in the middle
//! of a write can still cut the file inside a puzzle's rows, even inside a line. So the
//! last puzzle of the file is not taken as done ([`Done::keep`] stops before its first
//! row, and the run solves it again) unless the run that wrote the file said, as it ended,
//! how many rows it holds, and it holds that many: an interrupted run's, or a failed one's.
//! The file itself is left as it is: the run that continues it copies the rows kept
//! ([`Done::rows`]) into its own output.

use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::Arc;

use crate::bounded::{open_regular, LineBound, CSV, LINE_BYTES};
use crate::error::{shown, Error};
use crate::identity::RowFault;
use crate::read::{read_rows_within, reason, row_reason, Rows};
use sudoku_results::{Row, COLUMNS};

/// The puzzles a CSV holds whole, and where the file is to be cut to keep just them.
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
    ///
    /// # Errors
    ///
    /// When it cannot be opened again.
    pub fn rows(&self, path: &Path) -> Result<Rows, Error> {
        read_rows_within(path, self.keep)
    }
}

/// What the rows of one puzzle must be, for [`done_in`] (see
/// [`crate::identity::check_puzzle`]).
pub type PuzzleCheck<'a> = &'a dyn Fn(&[Row]) -> Result<(), RowFault>;

/// Reads the CSV at `path` for a run that continues it. `whole`: the rows the run that
/// wrote it said it holds, every one whole, when it ended so as to say it (an interrupted
/// or failed run, not a killed one); its last puzzle is kept when the file holds exactly
/// that many. The rows of each puzzle kept pass `check` (one row per solver, of one
/// puzzle), and no puzzle's rows are in two places.
///
/// # Errors
///
/// When it cannot be read, its header is not this version's (its rows could not be
/// continued), a row before its last line is malformed, a puzzle's rows fail `check` or
/// come twice, or it holds another count of rows than `whole` (some were lost or added
/// since: those puzzles would never be solved again, or twice).
pub fn done_in(path: &Path, whole: Option<u64>, check: PuzzleCheck<'_>) -> Result<Done, Error> {
    let open = |source| Error::Open {
        path: shown(path),
        source,
    };
    let mut file = open_regular(path, CSV)?;
    // Only whole lines: a line cut short by a kill is not read.
    let len = file.seek(SeekFrom::End(0)).map_err(open)?;
    let lines = last_line_end(&mut file, len).map_err(|e| match e.kind() {
        std::io::ErrorKind::InvalidData => Error::Empty {
            path: shown(path),
            reason: e.to_string(),
        },
        _ => open(e),
    })?;
    file.seek(SeekFrom::Start(0)).map_err(open)?;
    let mut reader = csv::Reader::from_reader(LineBound::new(file.take(lines)));
    let malformed = |line: u64, reason: String| Error::Malformed {
        path: shown(path),
        line,
        reason,
    };
    let headers = reader
        .headers()
        .map_err(|e| malformed(1, format!("cannot read the header: {}", reason(&e))))?
        .clone();
    if headers.iter().ne(COLUMNS) {
        return Err(malformed(
            1,
            format!(
                "its columns are not this version's ({}): its rows cannot be continued",
                COLUMNS.join(",")
            ),
        ));
    }
    let mut done = Done {
        keep: reader.position().byte(),
        ..Done::default()
    };
    // The last puzzle met: its rows, where its first row starts.
    let mut last = Last::default();
    let mut record = csv::StringRecord::new();
    let mut rows = 0;
    loop {
        let start = reader.position().clone();
        match reader.read_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {}
            Err(e) => return Err(malformed(start.line(), row_reason(&e, &headers, &record))),
        }
        let row: Row = record
            .deserialize(Some(&headers))
            .map_err(|e| malformed(start.line(), row_reason(&e, &headers, &record)))?;
        rows += 1;
        let same = last
            .rows
            .first()
            .is_some_and(|r| r.corpus == row.corpus && r.index == row.index);
        if !same {
            last.keep_into(&mut done, start.byte(), check)
                .map_err(|(line, why)| malformed(line, why))?;
            last.start = (start.line(), start.byte());
        }
        last.rows.push(row);
    }
    // Fewer rows than the run said it wrote: some were lost since. More than it said
    // before its last puzzle: some were added (more in the last puzzle alone is a chunk
    // whose write failed part-way, not counted: that puzzle is solved again).
    let lost = whole.filter(|&said| rows < said);
    let added = whole.filter(|&said| done.rows > said);
    if let Some(said) = lost.or(added) {
        // Named at its last line.
        return Err(malformed(
            reader.position().line().saturating_sub(1).max(1),
            format!(
                "{rows} rows, where its sidecar says the run wrote {said}: rows were {} \
                 since, so it cannot be continued (a run without --resume starts afresh)",
                if lost.is_some() { "lost" } else { "added" }
            ),
        ));
    }
    if whole == Some(rows) {
        last.keep_into(&mut done, reader.position().byte(), check)
            .map_err(|(line, why)| malformed(line, why))?;
    } else if !last.rows.is_empty() {
        done.keep = last.start.1;
    }
    Ok(done)
}

/// The rows of the last puzzle [`done_in`] met, and where they start.
#[derive(Default)]
struct Last {
    rows: Vec<Row>,
    /// The line and byte offset of the first row.
    start: (u64, u64),
}

impl Last {
    /// Counts the puzzle into `done`, checked (a fault named at its first line), the
    /// bytes kept up to `end`; nothing when there is no puzzle.
    fn keep_into(
        &mut self,
        done: &mut Done,
        end: u64,
        check: PuzzleCheck<'_>,
    ) -> Result<(), (u64, String)> {
        let Some(first) = self.rows.first() else {
            return Ok(());
        };
        let (corpus, index) = (first.corpus.clone(), first.index);
        let told = |why: String| {
            (
                self.start.0,
                format!("puzzle {index} of {corpus} (line {}): {why}", first.line),
            )
        };
        if !done
            .puzzles
            .entry(corpus.clone())
            .or_default()
            .insert(index)
        {
            return Err(told(
                "its rows come twice: not the rows as the run wrote them, so it cannot be \
                 continued"
                    .into(),
            ));
        }
        check(&self.rows).map_err(|fault| {
            told(format!(
                "{fault}: not the rows as the run wrote them, so it cannot be continued"
            ))
        })?;
        done.rows += self.rows.len() as u64;
        done.keep = end;
        self.rows.clear();
        Ok(())
    }
}

/// The offset just past the last `\n` of the file (0 when there is none), looked for in
/// its last [`LINE_BYTES`] only: a run cut short by a kill leaves less than a row after
/// it, and a longer run without a line break (the zeros of a sparse file) is not a run's.
fn last_line_end(file: &mut File, len: u64) -> std::io::Result<u64> {
    let mut end = len;
    let mut buf = [0u8; 4096];
    let floor = len.saturating_sub(LINE_BYTES as u64 + 1);
    while end > floor {
        let from = end.saturating_sub(buf.len() as u64).max(floor);
        let n = (end - from) as usize;
        file.seek(SeekFrom::Start(from))?;
        file.read_exact(&mut buf[..n])?;
        if let Some(i) = buf[..n].iter().rposition(|&b| b == b'\n') {
            return Ok(from + i as u64 + 1);
        }
        end = from;
    }
    if floor > 0 {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("its last line is longer than {LINE_BYTES} bytes: not a CSV of sudoku-lab"),
        ));
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::write::encode_row;
    use sudoku_results::header_line;
    use sudoku_results::GridText;
    use sudoku_results::Status;

    /// Any rows of a puzzle pass.
    fn any(_: &[Row]) -> Result<(), RowFault> {
        Ok(())
    }

    fn row(index: u64, solver: &str) -> Row {
        Row {
            corpus: Arc::from("c.txt"),
            index,
            line: index + 1,
            name: None,
            solver: Arc::from(solver),
            limit: 1,
            status: Status::Solved,
            solutions: 1,
            nodes: 1,
            backtracks: 0,
            nanoseconds: 5,
            median_nanoseconds: 5,
            retimed: sudoku_results::Retimed::Trusted(0),
            puzzle: "1.3.|.4..|2...|1..4".into(),
            solution: GridText::new(),
            original: None,
            problem: None,
        }
    }

    #[test]
    fn the_last_puzzle_and_a_cut_line_are_left_to_solve_again() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.csv");
        let mut text = header_line();
        let header = text.len() as u64;
        for index in 0..3 {
            for solver in ["a", "b"] {
                encode_row(&mut text, &row(index, solver));
            }
        }
        let two_puzzles = {
            let mut t = header_line();
            for index in 0..2 {
                for solver in ["a", "b"] {
                    encode_row(&mut t, &row(index, solver));
                }
            }
            t.len() as u64
        };
        text.extend_from_slice(b"c.txt,3,4,,a,1,sol");
        std::fs::write(&path, &text).unwrap();
        let done = done_in(&path, None, &any).unwrap();
        assert_eq!(done.puzzles[&Arc::from("c.txt")], HashSet::from([0, 1]));
        assert_eq!((done.rows, done.keep, done.count()), (4, two_puzzles, 2));
        let kept: Vec<(u64, String)> = done
            .rows(&path)
            .unwrap()
            .map(|r| r.map(|r| (r.index, r.solver.to_string())).unwrap())
            .collect();
        assert_eq!(kept.len(), 4);
        assert_eq!(kept[3], (1, "b".to_string()));
        // A run that ended so as to say its rows: the last puzzle is whole when they
        // are all there, and only then.
        text.truncate(text.len() - b"c.txt,3,4,,a,1,sol".len());
        std::fs::write(&path, &text).unwrap();
        let said = done_in(&path, Some(6), &any).unwrap();
        assert_eq!(said.puzzles[&Arc::from("c.txt")], HashSet::from([0, 1, 2]));
        assert_eq!(
            (said.rows, said.keep, said.count()),
            (6, text.len() as u64, 3)
        );
        assert_eq!(said.rows(&path).unwrap().count(), 6);
        for other in [None, Some(5)] {
            let done = done_in(&path, other, &any).unwrap();
            assert_eq!((done.rows, done.keep), (4, two_puzzles), "{other:?}");
        }
        let lost = done_in(&path, Some(7), &any).unwrap_err().to_string();
        assert!(
            lost.contains("6 rows, where its sidecar says the run wrote 7: rows were lost"),
            "{lost}"
        );
        std::fs::write(&path, header_line()).unwrap();
        let empty = done_in(&path, None, &any).unwrap();
        assert_eq!((empty.rows, empty.keep, empty.count()), (0, header, 0));
    }

    /// A puzzle's rows in two places, a row added, a puzzle's rows that fail the check:
    /// each refused, naming the puzzle (they were kept, and the summary counted 301
    /// puzzles of a 300-puzzle run, or two were never solved).
    #[test]
    fn rows_copied_moved_or_added_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.csv");
        let write = |puzzles: &[(u64, &str)]| {
            let mut text = header_line();
            for &(index, solver) in puzzles {
                encode_row(&mut text, &row(index, solver));
            }
            std::fs::write(&path, &text).unwrap();
        };
        // Puzzle 0's rows again after puzzle 1's.
        write(&[(0, "a"), (1, "a"), (0, "a"), (2, "a")]);
        let err = done_in(&path, None, &any).unwrap_err().to_string();
        assert!(
            err.contains("line 4: puzzle 0 of c.txt (line 1): its rows come twice"),
            "{err}"
        );
        // A row more than the run said it wrote, before its last puzzle.
        write(&[(0, "a"), (0, "b"), (0, "c"), (1, "a"), (1, "b")]);
        let err = done_in(&path, Some(2), &any).unwrap_err().to_string();
        assert!(
            err.contains("5 rows, where its sidecar says the run wrote 2: rows were added"),
            "{err}"
        );
        // The check of a puzzle's rows: here, one row per solver a and b.
        let both = |rows: &[Row]| match rows.len() {
            2 => Ok(()),
            _ => Err(RowFault::Missing("b".into())),
        };
        write(&[(0, "a"), (1, "a"), (1, "b"), (2, "a"), (2, "b")]);
        let err = done_in(&path, None, &both).unwrap_err().to_string();
        assert!(
            err.contains("line 2: puzzle 0 of c.txt (line 1): no row of solver b"),
            "{err}"
        );
    }

    /// A CSV whose end is gigabytes without a line break (`truncate -s 3G`): refused after
    /// its last MiB, not read back to its rows (36 s for 3 GB).
    #[test]
    fn a_sparse_end_is_refused_without_reading_it_all() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.csv");
        let mut text = header_line();
        encode_row(&mut text, &row(0, "a"));
        std::fs::write(&path, &text).unwrap();
        let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        file.set_len(1 << 40).unwrap();
        let err = done_in(&path, None, &any).unwrap_err().to_string();
        assert!(
            err.ends_with(
                "r.csv: its last line is longer than 1048576 bytes: not a CSV of sudoku-lab"
            ),
            "{err}"
        );
        // Within the bound, the cut line is left out as before.
        file.set_len(text.len() as u64 + 1000).unwrap();
        assert_eq!(done_in(&path, None, &any).unwrap().rows, 0);
    }

    #[test]
    fn another_version_or_a_broken_row_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.csv");
        std::fs::write(&path, "corpus,index\nc,1\n").unwrap();
        let err = done_in(&path, None, &any).unwrap_err().to_string();
        assert!(
            err.contains("old.csv: line 1: its columns are not this version's"),
            "{err}"
        );
        let mut text = header_line();
        text.extend_from_slice(b"c.txt,x,4,,a,1,solved,1,1,0,5,5,p,,\n");
        encode_row(&mut text, &row(1, "a"));
        std::fs::write(&path, &text).unwrap();
        let err = done_in(&path, None, &any).unwrap_err().to_string();
        assert!(err.contains("old.csv: line 2: malformed row"), "{err}");
    }
}
