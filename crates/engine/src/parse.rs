//! Parsing a chunk on a worker, exactly as the corpus reader parses the whole file: its
//! own [`CorpusReader`] goes on from where the chunk starts
//! ([`CorpusReader::continuing`]). Puzzle indexes are given later, in input order.

use std::io::BufRead;

use sudoku_core::{CorpusError, CorpusReader};

use crate::chunk::Chunk;

/// The puzzles and errors of a chunk, in order, their indexes still to be given.
pub(crate) fn parse(chunk: &Chunk) -> CorpusReader<&[u8]> {
    CorpusReader::continuing(
        &chunk.bytes[..],
        chunk.corpus.clone(),
        chunk.first_line - 1,
        chunk.after_record,
    )
}

/// Counts the puzzles of a corpus, up to `cap`, as a run reads them: the progress bar's
/// total.
///
/// # Errors
///
/// A read error, or a UTF-16 or UTF-32 file, which end the corpus's reading.
pub fn count_puzzles(reader: Box<dyn BufRead>, cap: u64) -> Result<u64, CorpusError> {
    let mut items = CorpusReader::new(reader, "");
    let mut count = 0;
    while count < cap {
        match items.next() {
            None => break,
            Some(Ok(_)) => count += 1,
            Some(Err(e)) if e.is_malformed_line() => {}
            Some(Err(e)) => return Err(e),
        }
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;
    use std::sync::Arc;

    use sudoku_core::{CorpusError, Puzzle};

    use super::*;
    use crate::chunk::tests::Trickle;
    use crate::chunk::{Chunker, Lines};

    const TOP1: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    /// The puzzles are counted as the reader reads them: not a header, a comment or a
    /// malformed line, a grid over four lines once; up to the cap.
    #[test]
    fn the_puzzles_are_counted_as_they_are_read() {
        let text = format!(
            "quizzes,solutions\n# a comment\n{TOP1}\nnot a puzzle\n1,0,0,0\n0,0,3,0\n0,4,0,0\n\
             0,0,0,2\n\n{TOP1}\n"
        );
        let count = |cap| count_puzzles(Box::new(Cursor::new(text.clone().into_bytes())), cap);
        let read = CorpusReader::new(text.as_bytes(), "t").filter(Result::is_ok);
        assert_eq!(read.count(), 3);
        assert_eq!(count(u64::MAX).unwrap(), 3);
        assert_eq!(count(2).unwrap(), 2);
        let utf16 = Box::new(Cursor::new(b"\xFF\xFE1\x002\x00".to_vec()));
        assert!(matches!(
            count_puzzles(utf16, 9),
            Err(CorpusError::Wide { .. })
        ));
    }

    fn show(item: Result<Puzzle, CorpusError>) -> String {
        match item {
            Ok(p) => format!("{} {} {:?}", p.line, p.grid.to_line(), p.label),
            Err(e) => e.to_string(),
        }
    }

    /// Every item of the chunks `reader` is cut into, `max` candidates at most, parsed.
    fn chunked<R: Lines>(reader: R, max: usize) -> Vec<String> {
        let mut chunker = Chunker::new(reader, 0, Arc::from("t.txt"));
        let chunks = std::iter::from_fn(|| chunker.next_chunk(max)).map(Result::unwrap);
        chunks
            .flat_map(|c| parse(&c).map(show).collect::<Vec<_>>())
            .collect()
    }

    /// Every item of `text` read whole, and read in chunks of `max`, also as a pipe fed
    /// line by line, where chunks end wherever the source may wait.
    fn both(text: &str, max: usize) -> (Vec<String>, Vec<String>) {
        let whole = CorpusReader::new(text.as_bytes(), "t.txt")
            .map(show)
            .collect();
        let bytes = || Cursor::new(text.as_bytes().to_vec());
        let reader: Box<dyn std::io::BufRead> = Box::new(bytes());
        let chunks = chunked(reader, max);
        assert_eq!(chunked(Trickle(bytes()), max), chunks, "as it trickles in");
        (whole, chunks)
    }

    #[test]
    fn chunks_read_as_the_whole_file_does() {
        let grid: String = (TOP1.replace('.', "0").as_bytes().chunks(9))
            .map(|row| row.iter().map(|&b| char::from(b).to_string()))
            .map(|cells| cells.collect::<Vec<_>>().join(",") + "\n")
            .collect();
        let texts = [
            format!("\u{FEFF}quizzes,solutions\n{TOP1}\n{TOP1}\tname one\n"),
            format!(
                "# c\n\n{TOP1}\nquizzes,solutions\n{}x\n{TOP1}\n",
                &TOP1[..80]
            ),
            format!("{TOP1}\n{grid}{TOP1}\n{}{TOP1}\n# end", &grid[..40]),
            format!("# only comments\n#\n\nquizzes\n{TOP1}\n\u{FEFF}{TOP1}\n"),
            format!(
                "{}\n{TOP1}\n",
                ".".repeat(sudoku_core::corpus::MAX_LINE_BYTES + 10)
            ),
        ];
        for text in &texts {
            for max in [1, 2, 3, 100] {
                let (whole, chunked) = both(text, max);
                assert_eq!(chunked, whole, "max {max}:\n{text}");
            }
        }
    }
}
