//! A result row as one CSV line, written by hand rather than through serde: it runs once
//! per solve on the thread that delivers the rows, and a test holds it byte for byte to
//! what the `csv` crate writes through `Row`'s serde (and reads back), so that a column
//! added to `Row` fails that test until it is written here too.
//!
//! Why by hand: writing the rows of `bench -j 1 -s norvig -n 3000` on the 17-clue set
//! (callgrind, one sitting, 2026-11-28) took 13.9 M instructions of a 207 M to 210 M run
//! through `csv::Writer` and serde, 4.9 M of a 197 M to 198 M run with this encoder: some
//! 5% of the run less.
//! A hand-made encoder is kept only where it saves 2% of a run or more.

use sudoku_results::{Retimed, Row, NO_GRID};

/// Appends a row as one CSV line, its fields in the order of
/// [`COLUMNS`](sudoku_results::COLUMNS).
pub fn encode_row(out: &mut Vec<u8>, row: &Row) {
    field(out, row.corpus.as_bytes());
    for n in [row.index, row.line] {
        out.push(b',');
        number(out, n);
    }
    out.push(b',');
    field(out, row.name.as_deref().unwrap_or("").as_bytes());
    out.push(b',');
    field(out, row.solver.as_bytes());
    out.push(b',');
    number(out, row.limit);
    out.push(b',');
    field(out, row.status.as_str().as_bytes());
    for n in [row.solutions, row.nodes, row.backtracks] {
        out.push(b',');
        number(out, n);
    }
    for n in [row.nanoseconds, row.median_nanoseconds] {
        out.push(b',');
        number(out, n);
    }
    out.push(b',');
    match row.retimed {
        Retimed::Unchecked => out.push(b'-'),
        Retimed::Trusted(n) => number(out, u64::from(n)),
        Retimed::Disturbed => out.extend_from_slice(b"disturbed"),
    }
    out.push(b',');
    field(out, row.puzzle.as_bytes());
    out.push(b',');
    grid_or_none(out, row.solution.as_bytes());
    out.push(b',');
    grid_or_none(out, row.original.as_deref().map_or(&[], |g| g.as_bytes()));
    out.push(b'\n');
}

/// Appends `n` in decimal.
fn number(out: &mut Vec<u8>, n: u64) {
    out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

/// Appends a grid column that may hold no grid: [`NO_GRID`] for an empty text, as the
/// row's serde attributes write it, else the text as a [`field`].
fn grid_or_none(out: &mut Vec<u8>, text: &[u8]) {
    if text.is_empty() {
        out.extend_from_slice(NO_GRID.as_bytes());
    } else {
        field(out, text);
    }
}

/// Appends one CSV field, quoted (its quotes doubled) when it holds a comma, a quote or a
/// line break, as the `csv` crate decides. The look goes through every byte without a
/// branch, which the compiler does many bytes a step (a grid's text is most of a row).
fn field(out: &mut Vec<u8>, text: &[u8]) {
    let quote = text.iter().fold(false, |any, &b| {
        any | matches!(b, b',' | b'"' | b'\n' | b'\r')
    });
    if !quote {
        out.extend_from_slice(text);
        return;
    }
    out.push(b'"');
    for &b in text {
        if b == b'"' {
            out.push(b'"');
        }
        out.push(b);
    }
    out.push(b'"');
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use sudoku_results::{GridText, Status};

    /// A row of `corpus`, `name` and `solver`, its numbers and grids made from `n`.
    fn row(corpus: &Arc<str>, name: Option<&Arc<str>>, solver: &Arc<str>, n: u64) -> Row {
        // A 9x9 grid's text: nine rows of nine, a bar between them.
        let grid: String = (0..89)
            .map(|i| match i % 10 {
                9 => '|',
                cell => char::from(b".123456789"[(cell + n as usize) % 10]),
            })
            .collect();
        Row {
            corpus: corpus.clone(),
            index: n,
            line: n * 10_007 + 1,
            name: name.cloned(),
            solver: solver.clone(),
            limit: n % 3,
            status: Status::KNOWN[n as usize % Status::KNOWN.len()].clone(),
            solutions: n % 2,
            nodes: n.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (n % 64),
            backtracks: 10u64.saturating_pow(n as u32 % 21),
            nanoseconds: 10u64.saturating_pow(n as u32 % 21) - 1,
            median_nanoseconds: u64::MAX - n,
            retimed: [
                Retimed::Unchecked,
                Retimed::Trusted(n as u32),
                Retimed::Disturbed,
            ][n as usize % 3],
            puzzle: GridText::from(grid.as_str()),
            solution: GridText::new(),
            original: n
                .is_multiple_of(4)
                .then(|| Box::new(GridText::from("1234|3412|2143|4321"))),
            problem: None,
        }
    }

    /// Rows of several corpora, names and solvers, with every byte that needs quoting in
    /// each text field.
    fn rows() -> Vec<Row> {
        let texts = |list: &[&str]| {
            list.iter()
                .map(|&t| Arc::from(t))
                .collect::<Vec<Arc<str>>>()
        };
        let corpora = texts(&[
            "../shared/corpora/p17",
            "a,b.txt",
            "say \"hi\".txt",
            "line\nbreak",
            "cr\rhere",
            "",
            "plain",
        ]);
        let names = texts(&["AI \"Escargot\", 2006", "x", "two\r\nlines", "", "a,b"]);
        let solvers: Vec<Arc<str>> = (0..40)
            .map(|i| {
                Arc::from(["dlx", "no,rvig", "\"q\"", "n\nl", "c\rr"][i % 5].repeat(i / 5 + 1))
            })
            .collect();
        let mut rows = Vec::new();
        let mut n = 0;
        for corpus in &corpora {
            for (p, name) in names.iter().map(Some).chain([None]).enumerate() {
                // The solvers taking turns on each puzzle: a few, then all of them.
                let count = if p % 2 == 0 { 3 } else { solvers.len() };
                for solver in &solvers[..count] {
                    rows.push(row(corpus, name, solver, n));
                    n += 1;
                }
            }
        }
        rows
    }

    /// What the `csv` crate writes for `rows`, without its header.
    fn csv_crate(rows: &[Row]) -> String {
        let mut theirs = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(Vec::new());
        for r in rows {
            theirs.serialize(r).unwrap();
        }
        String::from_utf8(theirs.into_inner().unwrap()).unwrap()
    }

    #[test]
    fn rows_are_written_as_the_csv_crate_writes_them() {
        let mut rows = rows();
        // Unknown statuses (which may need quotes), and grid texts (as read from a CSV)
        // that need them.
        let quoted_grid = format!("{}\"{}", ".".repeat(44), ",".repeat(44));
        for (i, status) in ["later", "a,b", "say \"x\"", "n\nl", ""].iter().enumerate() {
            let mut r = rows[i].clone();
            r.status = Status::Unknown((*status).into());
            r.solution = GridText::from(quoted_grid.as_str());
            r.original = Some(Box::new(GridText::from(*status)));
            rows.insert(3 * i, r);
        }
        let mut ours = Vec::new();
        for r in &rows {
            encode_row(&mut ours, r);
        }
        assert_eq!(String::from_utf8(ours).unwrap(), csv_crate(&rows));
    }

    #[test]
    fn numbers_are_written_in_decimal_at_every_length() {
        let (corpus, solver): (Arc<str>, Arc<str>) = (Arc::from("c"), Arc::from("s"));
        for digits in 0..=20 {
            for n in [
                10u64.saturating_pow(digits),
                10u64.saturating_pow(digits) - 1,
            ] {
                let r = Row {
                    index: n,
                    line: n / 7,
                    limit: n / 3,
                    solutions: n,
                    nodes: n / 9,
                    backtracks: n % 10_000,
                    nanoseconds: n % 100,
                    median_nanoseconds: n,
                    ..row(&corpus, None, &solver, 0)
                };
                let mut ours = Vec::new();
                encode_row(&mut ours, &r);
                assert_eq!(String::from_utf8(ours).unwrap(), csv_crate(&[r]));
            }
        }
    }
}
