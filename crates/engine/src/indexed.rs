//! A corpus read puzzle by puzzle on the reading thread, when a run selects or permutes
//! (see [`crate::select`]): the puzzles the selection keeps, and the malformed lines it
//! reports, go out in chunks already parsed and numbered; the others are only counted.

use std::io;
use std::sync::Arc;

use sudoku_core::{CorpusError, CorpusReader, Puzzle};

use crate::chunk::{Chunk, Chunker, Cut, Lines};
use crate::select::{corpus_key, Selection};

/// What cuts corpus `source` named `corpus` into chunks: a reader that parses its puzzles
/// when `selection` needs their indexes, else a [`Chunker`]; `first` caps its puzzles (the
/// parsing reader applies it itself).
pub(crate) fn cutter<R: Lines + 'static>(
    reader: R,
    source: usize,
    corpus: Arc<str>,
    selection: &Arc<Selection>,
    first: Option<u64>,
) -> Box<dyn Cut> {
    if !selection.is_active() {
        return Box::new(Chunker::new(reader, source, corpus));
    }
    Box::new(Indexed {
        key: corpus_key(&corpus),
        puzzles: CorpusReader::new(reader, corpus.clone()),
        source,
        corpus,
        selection: selection.clone(),
        first,
        skipped: 0,
        line: 0,
        done: false,
    })
}

/// A corpus read puzzle by puzzle, keeping the ones the selection wants.
struct Indexed<R: Lines> {
    puzzles: CorpusReader<R>,
    source: usize,
    corpus: Arc<str>,
    key: u64,
    selection: Arc<Selection>,
    first: Option<u64>,
    skipped: u64,
    line: u64,
    done: bool,
}

impl<R: Lines> Cut for Indexed<R> {
    fn next_chunk(&mut self, max: usize) -> Option<io::Result<Chunk>> {
        let mut items: Vec<Result<Puzzle, CorpusError>> = Vec::new();
        while !self.done && items.len() < max.max(1) {
            if !items.is_empty() && self.puzzles.get_ref().would_block() {
                break; // a slow pipe: what is read goes to work now
            }
            let Some(item) = self.puzzles.next() else {
                self.done = true;
                break;
            };
            match item {
                Ok(puzzle) => {
                    self.line = puzzle.line;
                    if self.first.is_some_and(|n| puzzle.index >= n) {
                        self.done = true;
                    } else if self.selection.keeps(&self.corpus, self.key, puzzle.index) {
                        items.push(Ok(puzzle));
                    } else {
                        self.skipped += 1;
                    }
                }
                Err(e) if e.is_malformed_line() => {
                    if self.selection.reports_malformed() {
                        items.push(Err(e));
                    }
                }
                Err(e) => {
                    self.done = true;
                    items.push(Err(e));
                }
            }
        }
        if items.is_empty() {
            return None;
        }
        let first_line = match &items[0] {
            Ok(p) => p.line,
            Err(_) => self.line + 1,
        };
        Some(Ok(Chunk {
            source: self.source,
            corpus: self.corpus.clone(),
            first_line,
            after_record: true,
            bytes: Vec::new(),
            candidates: items.len(),
            parsed: Some(items),
        }))
    }

    fn line(&self) -> u64 {
        self.line
    }

    fn would_block(&self) -> bool {
        !self.done && self.puzzles.get_ref().would_block()
    }

    fn skipped(&self) -> u64 {
        self.skipped
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::select::Shard;

    const TOP1: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn indexes(text: &str, selection: &Selection, first: Option<u64>, max: usize) -> Vec<String> {
        let reader: Box<dyn io::BufRead> = Box::new(io::Cursor::new(text.as_bytes().to_vec()));
        let selection = Arc::new(selection.clone());
        let mut r = cutter(reader, 0, Arc::from("c.txt"), &selection, first);
        let mut out = Vec::new();
        while let Some(chunk) = r.next_chunk(max) {
            for item in chunk.unwrap().parsed.unwrap() {
                out.push(match item {
                    Ok(p) => format!("{}@{}", p.index, p.line),
                    Err(e) => format!("bad@{}", e.to_string().split(':').nth(1).unwrap()),
                });
            }
        }
        out.push(format!("skipped {}", r.skipped()));
        out
    }

    /// Each shard keeps its puzzles with their indexes and lines; the malformed line is
    /// reported by the first shard only; `first` counts the puzzles of every shard.
    #[test]
    fn a_shard_keeps_its_puzzles_with_their_indexes_and_lines() {
        let text = format!("# c\n{TOP1}\n{TOP1}\nxx\n{TOP1}\n{TOP1}\n{TOP1}\n");
        for k in 1..=2 {
            let shard = Shard::new(k, 2).unwrap();
            let mut want = Vec::new();
            for (index, line) in [(0, 2), (1, 3), (2, 5), (3, 6)] {
                if line == 5 && k == 1 {
                    want.push("bad@4".to_string());
                }
                if shard.contains("c.txt", index) {
                    want.push(format!("{index}@{line}"));
                }
            }
            want.push("skipped 2".into());
            let selection = Selection {
                shard: Some(shard),
                ..Selection::default()
            };
            let max = 2 * k as usize - 1;
            assert_eq!(indexes(&text, &selection, Some(4), max), want, "{shard}");
        }
    }
}
