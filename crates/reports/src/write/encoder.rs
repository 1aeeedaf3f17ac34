//! A result row as one CSV line, written by hand: a test holds it byte for byte to what the
//! `csv` crate writes through `Row`'s serde, so that a column added to `Row` fails it.
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

/// Appends a grid column: [`NO_GRID`] for an empty text, as `Row`'s serde writes it.
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
pub(super) mod tests {
    use std::sync::Arc;

    use super::*;
    use sudoku_results::{GridText, Status};

    /// A row whose numbers, status, time check and grids are made from `n`.
    pub(crate) fn row(n: u64) -> Row {
        Row {
            corpus: Arc::from("../shared/corpora/p17"),
            index: n,
            line: n / 7,
            name: None,
            solver: Arc::from("dlx"),
            limit: n / 3,
            status: Status::KNOWN[n as usize % Status::KNOWN.len()].clone(),
            solutions: n,
            nodes: n / 9,
            backtracks: n % 10_000,
            nanoseconds: n % 100,
            median_nanoseconds: u64::MAX - n,
            retimed: [
                Retimed::Unchecked,
                Retimed::Trusted(n as u32),
                Retimed::Disturbed,
            ][n as usize % 3],
            puzzle: GridText::from("..3.|.4..|2...|1..4"),
            solution: GridText::new(),
            original: n
                .is_multiple_of(2)
                .then(|| Box::new(GridText::from("1234|3412|2143|4321"))),
            problem: None,
        }
    }

    /// Rows with numbers of every length, and every byte that needs quoting in each text
    /// field, are written as the csv crate writes them through `Row`'s serde.
    #[test]
    fn rows_are_written_as_the_csv_crate_writes_them() {
        let numbers = (0..=20).flat_map(|e| [10u64.saturating_pow(e), 10u64.saturating_pow(e) - 1]);
        let texts = "|plain|a,b|say \"hi\"|line\nbreak|cr\rhere|two\r\nlines".split('|');
        let texts = texts.enumerate().map(|(i, text)| Row {
            corpus: Arc::from(text),
            name: Some(Arc::from(text)),
            solver: Arc::from(text),
            status: Status::Unknown(text.into()),
            puzzle: GridText::from(text),
            solution: GridText::from(text),
            original: Some(Box::new(GridText::from(text))),
            ..row(i as u64)
        });
        let mut theirs = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(Vec::new());
        let mut ours = Vec::new();
        for r in numbers.map(row).chain(texts) {
            theirs.serialize(&r).unwrap();
            encode_row(&mut ours, &r);
        }
        let theirs = theirs.into_inner().unwrap();
        assert_eq!(String::from_utf8(ours), String::from_utf8(theirs));
    }
}
