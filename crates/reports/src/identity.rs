//! A row known by its content: its corpus, index and solver, and the puzzle it holds (see
//! the book's "Runs: what they are known by"): [`check_puzzle`] checks the rows of one
//! puzzle, [`CorpusCursor`] tells the puzzle a corpus gives at an index now.

use std::io::BufRead;

use sudoku_core::{CorpusReader, Grid, Puzzle};
use sudoku_results::{grid_text, GridText, Row};

/// The corpus's puzzle of a row: its `original` under `--permute`, else its `puzzle`.
pub fn corpus_puzzle(row: &Row) -> &str {
    row.original.as_deref().unwrap_or(&row.puzzle).as_str()
}

/// What is wrong with the rows of one puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RowFault {
    /// Its rows are not one per solver that takes its size, in the run's order.
    #[error("its rows are of solvers [{}], where the run's are [{}]",
        .found.join(", "), .wanted.join(", "))]
    Solvers {
        /// The solvers of its rows, in order.
        found: Vec<String>,
        /// The run's solvers that take its size, in order.
        wanted: Vec<String>,
    },
    /// Its rows do not hold one puzzle, or it is not a grid.
    #[error("its rows do not hold one puzzle")]
    NotOnePuzzle,
}

/// Checks the rows of one puzzle (one corpus and index, in the order read, at least one):
/// one row per solver of `solvers` that `takes` the puzzle's size, in that order, all of
/// one puzzle.
pub fn check_puzzle(
    rows: &[Row],
    solvers: &[&str],
    takes: &dyn Fn(&str, &Grid) -> bool,
) -> Result<(), RowFault> {
    let text = rows.first().map_or("", corpus_puzzle);
    let one = rows.iter().all(|r| corpus_puzzle(r) == text);
    let grid: Grid = (text.parse().ok().filter(|_| one)).ok_or(RowFault::NotOnePuzzle)?;
    let found: Vec<String> = rows.iter().map(|r| r.solver.to_string()).collect();
    let wanted = solvers.iter().filter(|s| takes(s, &grid));
    let wanted: Vec<String> = wanted.map(|s| s.to_string()).collect();
    match found == wanted {
        true => Ok(()),
        false => Err(RowFault::Solvers { found, wanted }),
    }
}

/// A corpus read forward by the run's own reader (so that an index is the run's), to tell
/// the puzzle it gives at an index, asked in increasing order.
pub struct CorpusCursor<R> {
    reader: CorpusReader<R>,
    puzzle: Puzzle,
    /// The index `puzzle` holds; `None` before the first.
    at: Option<u64>,
    ended: bool,
}

impl<R: BufRead> CorpusCursor<R> {
    /// The corpus read from `source`.
    pub fn new(source: R) -> CorpusCursor<R> {
        CorpusCursor {
            reader: CorpusReader::new(source, ""),
            puzzle: Puzzle::default(),
            at: None,
            ended: false,
        }
    }

    /// The puzzle at `index`; `None` past the corpus's end (or an error that ends a run's
    /// reading too), or below an index asked before.
    pub fn puzzle_at(&mut self, index: u64) -> Option<GridText> {
        while !self.ended && self.at.is_none_or(|at| at < index) {
            match self.reader.read_into(&mut self.puzzle) {
                Some(Ok(())) => self.at = Some(self.puzzle.index),
                Some(Err(e)) if e.is_malformed_line() => {}
                None | Some(Err(_)) => self.ended = true,
            }
        }
        (self.at == Some(index)).then(|| grid_text(&self.puzzle.grid))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A row of puzzle `index` of `c.txt` (its line `index + 1`), solved by `solver`.
    pub(crate) fn row(index: u64, solver: &str, puzzle: &str) -> Row {
        let line = index + 1;
        let csv = format!(
            "{}\nc.txt,{index},{line},,{solver},1,solved,1,1,0,5,5,0,{puzzle},-,-\n",
            sudoku_results::COLUMNS.join(",")
        );
        let mut rows = csv::Reader::from_reader(csv.as_bytes());
        rows.deserialize().next().unwrap().unwrap()
    }

    pub(crate) const P: &str = "1.3.|.4..|2...|1..4";
    const Q: &str = "1.3.|.4..|2...|1..3";

    #[test]
    fn one_row_per_solver_in_order_of_one_puzzle() {
        let solvers = ["a", "b", "c"];
        // `c` takes only 9x9 grids: a 4x4 puzzle has no row of it.
        let takes = |s: &str, g: &Grid| s != "c" || g.size() == sudoku_core::Size::NINE;
        let check = |rows: &[(&str, &str)]| {
            let rows: Vec<Row> = rows.iter().map(|&(s, p)| row(3, s, p)).collect();
            check_puzzle(&rows, &solvers, &takes)
        };
        let fault = |found: &[&str]| {
            let found = found.iter().map(|s| s.to_string()).collect();
            let wanted = vec!["a".into(), "b".into()];
            Err(RowFault::Solvers { found, wanted })
        };
        assert_eq!(check(&[("a", P), ("b", P)]), Ok(()));
        for found in [&["a", "a", "b"][..], &["a"], &["b", "a"], &["a", "x"]] {
            let rows: Vec<_> = found.iter().map(|&s| (s, P)).collect();
            assert_eq!(check(&rows), fault(found));
        }
        assert_eq!(check(&[("a", P), ("b", Q)]), Err(RowFault::NotOnePuzzle));
    }

    #[test]
    fn a_cursor_gives_the_puzzle_at_an_index_as_a_run_counts_them() {
        let corpus = "# a comment\n1.3..4..2...1..4\nnot a puzzle\n1.3..4..2...1..3\n";
        let mut cursor = CorpusCursor::new(corpus.as_bytes());
        assert_eq!(cursor.puzzle_at(0).as_deref(), Some(P));
        assert_eq!(cursor.puzzle_at(1).as_deref(), Some(Q));
        assert_eq!(cursor.puzzle_at(2), None);
        let mut cursor = CorpusCursor::new(corpus.as_bytes());
        assert_eq!(cursor.puzzle_at(1).as_deref(), Some(Q));
        assert_eq!(cursor.puzzle_at(0), None);
    }
}
