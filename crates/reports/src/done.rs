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

use crate::error::{shown, Error};
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

/// Reads the CSV at `path` for a run that continues it. `whole`: the rows the run that
/// wrote it said it holds, every one whole, when it ended so as to say it (an interrupted
/// or failed run, not a killed one); its last puzzle is kept when the file holds exactly
/// that many.
///
/// # Errors
///
/// When it cannot be read, its header is not this version's (its rows could not be
/// continued), a row before its last line is malformed, or it holds fewer rows than
/// `whole` (some were lost since: those puzzles would never be solved again).
pub fn done_in(path: &Path, whole: Option<u64>) -> Result<Done, Error> {
    let open = |source| Error::Open {
        path: shown(path),
        source,
    };
    let mut file = File::open(path).map_err(open)?;
    // Only whole lines: a line cut short by a kill is not read.
    let len = file.seek(SeekFrom::End(0)).map_err(open)?;
    let lines = last_line_end(&mut file, len).map_err(open)?;
    file.seek(SeekFrom::Start(0)).map_err(open)?;
    let mut reader = csv::Reader::from_reader(file.take(lines));
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
    // The last puzzle met: its key, its first row's offset, its rows.
    let mut last: Option<((Arc<str>, u64), u64, u64)> = None;
    let mut record = csv::StringRecord::new();
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
        let key = (row.corpus.clone(), row.index);
        match &mut last {
            Some((k, _, rows)) if *k == key => *rows += 1,
            _ => {
                if let Some(((corpus, index), offset, rows)) = last.take() {
                    done.puzzles.entry(corpus).or_default().insert(index);
                    done.rows += rows;
                    done.keep = offset;
                }
                last = Some((key, start.byte(), 1));
            }
        }
    }
    let read = done.rows + last.as_ref().map_or(0, |l| l.2);
    if let Some(said) = whole.filter(|&said| read < said) {
        // Named at its last line.
        return Err(malformed(
            reader.position().line().saturating_sub(1).max(1),
            format!(
                "{read} rows, where its sidecar says the run wrote {said}: rows were lost \
                 since, so it cannot be continued (a run without --resume starts afresh)"
            ),
        ));
    }
    if let Some(((corpus, index), offset, rows)) = last {
        if whole == Some(read) {
            done.puzzles.entry(corpus).or_default().insert(index);
            done.rows += rows;
            done.keep = reader.position().byte();
        } else {
            done.keep = offset;
        }
    }
    Ok(done)
}

/// The offset just past the last `\n` of the file (0 when there is none).
fn last_line_end(file: &mut File, len: u64) -> std::io::Result<u64> {
    let mut end = len;
    let mut buf = [0u8; 4096];
    while end > 0 {
        let from = end.saturating_sub(buf.len() as u64);
        let n = (end - from) as usize;
        file.seek(SeekFrom::Start(from))?;
        file.read_exact(&mut buf[..n])?;
        if let Some(i) = buf[..n].iter().rposition(|&b| b == b'\n') {
            return Ok(from + i as u64 + 1);
        }
        end = from;
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
        let done = done_in(&path, None).unwrap();
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
        let said = done_in(&path, Some(6)).unwrap();
        assert_eq!(said.puzzles[&Arc::from("c.txt")], HashSet::from([0, 1, 2]));
        assert_eq!(
            (said.rows, said.keep, said.count()),
            (6, text.len() as u64, 3)
        );
        assert_eq!(said.rows(&path).unwrap().count(), 6);
        for other in [None, Some(5)] {
            let done = done_in(&path, other).unwrap();
            assert_eq!((done.rows, done.keep), (4, two_puzzles), "{other:?}");
        }
        let lost = done_in(&path, Some(7)).unwrap_err().to_string();
        assert!(
            lost.contains("6 rows, where its sidecar says the run wrote 7: rows were lost"),
            "{lost}"
        );
        std::fs::write(&path, header_line()).unwrap();
        let empty = done_in(&path, None).unwrap();
        assert_eq!((empty.rows, empty.keep, empty.count()), (0, header, 0));
    }

    #[test]
    fn another_version_or_a_broken_row_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.csv");
        std::fs::write(&path, "corpus,index\nc,1\n").unwrap();
        let err = done_in(&path, None).unwrap_err().to_string();
        assert!(
            err.contains("old.csv: line 1: its columns are not this version's"),
            "{err}"
        );
        let mut text = header_line();
        text.extend_from_slice(b"c.txt,x,4,,a,1,solved,1,1,0,5,5,p,,\n");
        encode_row(&mut text, &row(1, "a"));
        std::fs::write(&path, &text).unwrap();
        let err = done_in(&path, None).unwrap_err().to_string();
        assert!(err.contains("old.csv: line 2: malformed row"), "{err}");
    }
}
