//! One CSV row per (puzzle, solver): the format every run writes and every
//! report (`summary`, `plot`) reads.

use serde::{Deserialize, Serialize};

/// One result row: which puzzle, which solver, how it ended and what it cost.
///
/// Columns, in order: `corpus,index,line,solver,limit,status,solutions,nodes,backtracks,
/// nanoseconds,median_nanoseconds,puzzle,solution`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    /// The corpus file, as given on the command line (or found in a folder).
    pub corpus: String,
    /// 0-based index of the puzzle among the puzzles of its corpus.
    pub index: u64,
    /// 1-based line of the puzzle in its corpus.
    pub line: u64,
    /// The solver's name.
    pub solver: String,
    /// The solution limit (1 = first solution, 2 = uniqueness check).
    pub limit: u64,
    /// `solved`, `no_solution`, `budget_exhausted` or `wrong` (a failed check).
    pub status: String,
    /// Solutions found, at most `limit`.
    pub solutions: u64,
    /// `1 + tries`.
    pub nodes: u64,
    /// Tries taken back.
    pub backtracks: u64,
    /// Wall time of the solve in nanoseconds: the minimum over `--repeat` runs.
    pub nanoseconds: u64,
    /// The median over `--repeat` runs (equal to `nanoseconds` when run once).
    pub median_nanoseconds: u64,
    /// The puzzle, one line, `.` for empty cells.
    pub puzzle: String,
    /// The first solution found, one line (empty when none).
    pub solution: String,
}

/// The status written for a solution that failed its check.
pub const WRONG: &str = "wrong";

/// The CSV header: the columns of [`Row`], in order.
pub const COLUMNS: [&str; 13] = [
    "corpus",
    "index",
    "line",
    "solver",
    "limit",
    "status",
    "solutions",
    "nodes",
    "backtracks",
    "nanoseconds",
    "median_nanoseconds",
    "puzzle",
    "solution",
];

/// Serializes rows as CSV lines (no header), ready to be appended in one write.
pub fn to_csv_lines(rows: &[Row]) -> Result<Vec<u8>, csv::Error> {
    let mut writer = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::with_capacity(rows.len() * 256));
    for row in rows {
        writer.serialize(row)?;
    }
    writer.into_inner().map_err(|e| e.into_error().into())
}

/// The header line.
pub fn header_line() -> Vec<u8> {
    let mut line = COLUMNS.join(",").into_bytes();
    line.push(b'\n');
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_names_the_serialized_fields() {
        let row = Row {
            corpus: "a,b.txt".into(),
            index: 1,
            line: 2,
            solver: "dlx".into(),
            limit: 1,
            status: "solved".into(),
            solutions: 1,
            nodes: 3,
            backtracks: 4,
            nanoseconds: 5,
            median_nanoseconds: 6,
            puzzle: "p".into(),
            solution: String::new(),
        };
        let mut w = csv::Writer::from_writer(Vec::new());
        w.serialize(&row).unwrap();
        let text = String::from_utf8(w.into_inner().unwrap()).unwrap();
        let (header, line) = text.split_once('\n').unwrap();
        assert_eq!(format!("{header}\n").into_bytes(), header_line());
        assert_eq!(
            line.as_bytes(),
            to_csv_lines(std::slice::from_ref(&row)).unwrap()
        );
        let mut r = csv::Reader::from_reader(text.as_bytes());
        let back: Row = r.deserialize().next().unwrap().unwrap();
        assert_eq!(back, row);
    }
}
