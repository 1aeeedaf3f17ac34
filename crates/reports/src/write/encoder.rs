//! A result row as one CSV line, written by hand rather than through serde: it runs once
//! per solve on the thread that delivers the rows, and a test holds it byte for byte to
//! what the `csv` crate writes through `Row`'s serde (and reads back), so that a column
//! added to `Row` fails that test until it is written here too.
//!
//! Why by hand: through `csv::Writer` and serde, writing the rows took 12.2 M of the
//! 190.6 M instructions of a run (`bench -j 1 -s norvig -n 3000` on the 17-clue set,
//! counted by callgrind on 2026-11-28), 6.4% of it; with this encoder they take 2.5 M and
//! the run 180.4 M, 5.4% fewer, the solves the same 166.5 M in both. A hand-made encoder is
//! kept only where it saves 2% of a run or more.
//!
//! What it costs goes mostly to small copies and to the look for bytes that need quoting,
//! so it makes few of either:
//!
//! - the corpus, the name and the solver of a row are the `Arc`s of the rows before it, as
//!   a rule: [`RowEncoder`] keeps their encoded text by `Arc` and copies it, without a look;
//! - a status this version writes is a word without such bytes;
//! - the numbers, and the status between them, are put together in a buffer on the stack
//!   and appended in one copy;
//! - a grid's text is looked at many bytes a step, and a 9x9 grid's (the common one) is
//!   copied with its known length, without a call to `memcpy`.

use std::borrow::Cow;
use std::sync::Arc;

use sudoku_results::{Retimed, Row, Status, GRID_TEXT_INLINE, NO_GRID};

/// Appends a row as one CSV line, its fields in the order of [`COLUMNS`](sudoku_results::COLUMNS).
///
/// Each text field is looked at anew: [`RowEncoder`] writes the same bytes with less work
/// when rows come one after the other.
pub fn encode_row(out: &mut Vec<u8>, row: &Row) {
    let name = row.name.as_deref().unwrap_or("");
    let texts = Texts {
        corpus: &quoted(row.corpus.as_bytes()),
        name: &quoted(name.as_bytes()),
        solver: &quoted(row.solver.as_bytes()),
    };
    encode_with(out, row, &texts);
}

/// Writes rows as [`encode_row`] does, byte for byte, keeping the encoded corpus, name and
/// solver of the last rows it wrote: the rows of a run share them (the same `Arc`), and
/// each is then copied without being looked at for bytes that need quoting.
///
/// What it keeps follows how a run makes its rows: a corpus at a time (a few, should
/// their rows ever mix), a puzzle's rows one after the other (its name one `Arc`, a new one
/// with the next puzzle), its solvers taking turns (each of them, more than the catalogue
/// holds).
#[derive(Debug, Default)]
pub struct RowEncoder {
    corpus: Recent<4>,
    name: Recent<1>,
    solver: Recent<32>,
}

impl RowEncoder {
    /// Appends a row as one CSV line (see [`encode_row`]).
    pub fn encode(&mut self, out: &mut Vec<u8>, row: &Row) {
        let name = match &row.name {
            Some(name) => self.name.encoded(name),
            None => &[],
        };
        let texts = Texts {
            corpus: self.corpus.encoded(&row.corpus),
            name,
            solver: self.solver.encoded(&row.solver),
        };
        encode_with(out, row, &texts);
    }
}

/// The last `N` texts a field had, each with its encoded bytes.
#[derive(Debug, Default)]
struct Recent<const N: usize> {
    entries: Vec<(Arc<str>, Vec<u8>)>,
    /// The entry given to the next new text once all `N` are taken.
    next: usize,
}

impl<const N: usize> Recent<N> {
    /// The encoded bytes of `text`: those kept when it is the same `Arc` as one seen lately
    /// (it is kept alive here, so its address cannot be another text's), else encoded now.
    fn encoded(&mut self, text: &Arc<str>) -> &[u8] {
        let at = match self.entries.iter().position(|(t, _)| Arc::ptr_eq(t, text)) {
            Some(at) => at,
            None => self.keep(text),
        };
        &self.entries[at].1
    }

    /// Encodes `text` into a new entry, or into the oldest one (its buffer reused: no
    /// allocation once the entries are taken, unless the text is longer).
    #[cold]
    fn keep(&mut self, text: &Arc<str>) -> usize {
        let at = if self.entries.len() < N {
            self.entries.push((text.clone(), Vec::new()));
            self.entries.len() - 1
        } else {
            let at = self.next;
            self.next = (at + 1) % N;
            self.entries[at].0 = text.clone();
            at
        };
        let bytes = &mut self.entries[at].1;
        bytes.clear();
        field(bytes, text.as_bytes());
        at
    }
}

/// The encoded corpus, name and solver of a row (quoted when they need it).
struct Texts<'a> {
    corpus: &'a [u8],
    name: &'a [u8],
    solver: &'a [u8],
}

/// Appends `row` as one line, its corpus, name and solver already encoded.
fn encode_with(out: &mut Vec<u8>, row: &Row, texts: &Texts<'_>) {
    out.extend_from_slice(texts.corpus);
    let mut middle = Run::new();
    middle.byte(b',');
    middle.number(row.index);
    middle.byte(b',');
    middle.number(row.line);
    middle.byte(b',');
    out.extend_from_slice(middle.bytes());
    out.extend_from_slice(texts.name);
    out.push(b',');
    out.extend_from_slice(texts.solver);
    counts(out, row);
    grid_field(out, row.puzzle.as_bytes());
    out.push(b',');
    grid_or_none(out, row.solution.as_bytes());
    out.push(b',');
    grid_or_none(out, row.original.as_deref().map_or(&[], |g| g.as_bytes()));
    out.push(b'\n');
}

/// Appends a grid column that may hold no grid: [`NO_GRID`] for an empty text, as the
/// row's serde attributes write it, else [`grid_field`].
fn grid_or_none(out: &mut Vec<u8>, text: &[u8]) {
    if text.is_empty() {
        out.extend_from_slice(NO_GRID.as_bytes());
    } else {
        grid_field(out, text);
    }
}

/// Appends `,limit,status,solutions,nodes,backtracks,nanoseconds,median_nanoseconds,`: in
/// one copy, unless the status is one this version does not write (which may need quotes).
fn counts(out: &mut Vec<u8>, row: &Row) {
    let mut run = Run::new();
    run.byte(b',');
    run.number(row.limit);
    run.byte(b',');
    if let Status::Unknown(text) = &row.status {
        out.extend_from_slice(run.bytes());
        run = Run::new();
        field(out, text.as_bytes());
    } else {
        run.word(row.status.as_str().as_bytes());
    }
    for n in [row.solutions, row.nodes, row.backtracks] {
        run.byte(b',');
        run.number(n);
    }
    run.byte(b',');
    let time = run.len;
    run.number(row.nanoseconds);
    run.byte(b',');
    if row.median_nanoseconds == row.nanoseconds {
        // A run timed once (the common case): the median is the same digits again.
        run.again(time);
    } else {
        run.number(row.median_nanoseconds);
        run.byte(b',');
    }
    match row.retimed {
        Retimed::Unchecked => run.word(b"-"),
        Retimed::Trusted(n) => run.number(u64::from(n)),
        Retimed::Disturbed => run.word(b"disturbed"),
    }
    run.byte(b',');
    out.extend_from_slice(run.bytes());
}

/// The longest status word this version writes (`budget_exhausted`; a test holds every
/// word to it).
const LONGEST_WORD: usize = 16;

/// Room for what [`counts`] writes at once: seven numbers of up to 20 digits (`u64::MAX`),
/// a status word, `disturbed` and the commas.
const RUN: usize = 7 * 20 + 2 * LONGEST_WORD + 9;

/// Fields put together on the stack, then appended to the line in one copy (one check of
/// the line's room and one copy, rather than one of each per field).
struct Run {
    buffer: [u8; RUN],
    len: usize,
}

impl Run {
    /// An empty run.
    fn new() -> Run {
        Run {
            buffer: [0; RUN],
            len: 0,
        }
    }

    /// Appends `byte`.
    fn byte(&mut self, byte: u8) {
        self.buffer[self.len] = byte;
        self.len += 1;
    }

    /// Appends `bytes` (a known status: no quotes needed).
    fn word(&mut self, bytes: &[u8]) {
        self.buffer[self.len..self.len + bytes.len()].copy_from_slice(bytes);
        self.len += bytes.len();
    }

    /// Appends `n` in decimal: a digit at once (a row's limit and solutions, often its
    /// backtracks), else through `itoa` and a copy.
    fn number(&mut self, n: u64) {
        match u8::try_from(n) {
            Ok(digit @ 0..=9) => self.byte(b'0' + digit),
            _ => self.word(itoa::Buffer::new().format(n).as_bytes()),
        }
    }

    /// Appends again what was written from `from` on.
    fn again(&mut self, from: usize) {
        let end = self.len;
        self.buffer.copy_within(from..end, end);
        self.len += end - from;
    }

    /// What was written, in order.
    fn bytes(&self) -> &[u8] {
        &self.buffer[..self.len]
    }
}

/// Whether a field must be quoted: when it holds a comma, a quote or a line break, as the
/// `csv` crate decides.
#[inline(always)]
fn needs_quotes(text: &[u8]) -> bool {
    any_below_dash(text)
        && text
            .iter()
            .any(|&b| matches!(b, b',' | b'"' | b'\n' | b'\r'))
}

/// Bytes [`any_below_dash`] looks at in one step (one vector register).
const LANES: usize = 16;

/// Whether `text` has a byte below `-`: the four bytes that need quoting all do, and a
/// grid's text, most of a row, has none, so this rules out most fields before the exact
/// test. It takes [`LANES`] bytes a step, keeping the smallest byte of each lane, and its
/// last step takes the last [`LANES`] bytes (which may overlap the step before) rather
/// than finishing byte by byte.
#[inline(always)]
fn any_below_dash(text: &[u8]) -> bool {
    let Some(last) = text.last_chunk::<LANES>() else {
        return text.iter().any(|&b| b < b'-');
    };
    let mut low = *last;
    for chunk in text.as_chunks::<LANES>().0 {
        for (low, &b) in low.iter_mut().zip(chunk) {
            *low = (*low).min(b);
        }
    }
    low.into_iter().fold(false, |any, b| any | (b < b'-'))
}

/// Appends one CSV field: quoted (with `"` doubled) when [`needs_quotes`].
#[inline(always)]
fn field(out: &mut Vec<u8>, text: &[u8]) {
    if needs_quotes(text) {
        push_quoted(out, text);
    } else {
        out.extend_from_slice(text);
    }
}

/// Appends a grid's text as [`field`] does: a 9x9 grid's text, the common one, with a
/// look and a copy of its known length, which the compiler writes out in a few steps.
fn grid_field(out: &mut Vec<u8>, text: &[u8]) {
    match <&[u8; GRID_TEXT_INLINE]>::try_from(text) {
        Ok(nine) => field(out, nine),
        Err(_) => field(out, text),
    }
}

/// Appends `text` in quotes, its quotes doubled.
#[cold]
fn push_quoted(out: &mut Vec<u8>, text: &[u8]) {
    out.push(b'"');
    for &b in text {
        if b == b'"' {
            out.push(b'"');
        }
        out.push(b);
    }
    out.push(b'"');
}

/// A field's encoded text: itself, unless it [`needs_quotes`].
fn quoted(text: &[u8]) -> Cow<'_, [u8]> {
    if needs_quotes(text) {
        let mut out = Vec::with_capacity(text.len() + 2);
        push_quoted(&mut out, text);
        Cow::Owned(out)
    } else {
        Cow::Borrowed(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_results::GridText;

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

    /// Rows as a run of several corpora, names and solvers makes them (each its own
    /// `Arc`, shared by its rows), with every byte that needs quoting in each text field.
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
        // More solvers than the encoder keeps.
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
            // The same texts, other `Arc`s.
            let again: Arc<str> = Arc::from(&**corpus);
            rows.push(row(&again, None, &Arc::from("dlx"), n));
            n += 1;
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
    fn the_encoder_writes_what_encode_row_and_the_csv_crate_write() {
        let mut rows = rows();
        // Unknown statuses (which may need quotes), and grid texts (as read from a CSV)
        // that need them, a 9x9 grid's length among them.
        let quoted_grid = format!("{}\"{}", ".".repeat(44), ",".repeat(44));
        for (i, status) in ["later", "a,b", "say \"x\"", "n\nl", ""].iter().enumerate() {
            let mut r = rows[i].clone();
            r.status = Status::Unknown((*status).into());
            r.solution = GridText::from(quoted_grid.as_str());
            r.original = Some(Box::new(GridText::from(*status)));
            rows.insert(3 * i, r);
        }
        let mut encoder = RowEncoder::default();
        let mut cached = Vec::new();
        let mut plain = Vec::new();
        for r in &rows {
            encoder.encode(&mut cached, r);
            encode_row(&mut plain, r);
            assert_eq!(cached, plain, "{r:?}");
        }
        assert_eq!(String::from_utf8(plain).unwrap(), csv_crate(&rows));
    }

    #[test]
    fn numbers_are_written_in_decimal_at_every_length() {
        let corpus: Arc<str> = Arc::from("c");
        let solver: Arc<str> = Arc::from("s");
        let mut encoder = RowEncoder::default();
        for digits in 0..=20 {
            for n in [
                10u64.saturating_pow(digits),
                10u64.saturating_pow(digits) - 1,
                u64::MAX,
            ] {
                let r = Row {
                    index: n,
                    line: n / 7,
                    limit: n / 3,
                    solutions: n,
                    nodes: n / 9,
                    backtracks: n % 10_000,
                    nanoseconds: n % 100,
                    median_nanoseconds: n % 10,
                    ..row(&corpus, None, &solver, 0)
                };
                // A time and its median apart, then the same (a run timed once).
                let once = Row {
                    nanoseconds: n,
                    median_nanoseconds: n,
                    ..r.clone()
                };
                for r in [r, once] {
                    let mut ours = Vec::new();
                    encoder.encode(&mut ours, &r);
                    assert_eq!(String::from_utf8(ours).unwrap(), csv_crate(&[r]));
                }
            }
        }
    }

    #[test]
    fn every_status_word_has_room() {
        for status in Status::KNOWN {
            assert!(status.as_str().len() <= LONGEST_WORD, "{status:?}");
            assert!(!needs_quotes(status.as_str().as_bytes()), "{status:?}");
        }
    }
}
