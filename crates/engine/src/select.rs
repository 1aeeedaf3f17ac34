//! Which puzzles a run solves, and as what: `--shard K/N`, `--resume`, `--permute SEED`.
//! Each needs a puzzle's index, which counts the puzzles of the whole corpus: workers
//! parsing chunks do not know it, so such a run parses its corpora on the reading thread
//! (a fraction of a microsecond a puzzle, far below any solve): the puzzles the selection
//! keeps, and the malformed lines it reports, go out in chunks already parsed and
//! numbered; the others are only counted.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;

use sudoku_core::{CorpusError, CorpusReader};

use crate::chunk::{Chunk, Chunker, Cut};
use crate::source::Input;

/// A corpus's key for its shards and isomorphs: the 64-bit FNV-1a of its file name, so that
/// they are the same wherever it sits.
pub fn corpus_key(corpus: &str) -> u64 {
    let name = Path::new(corpus)
        .file_name()
        .map_or_else(|| corpus.into(), |n| n.to_string_lossy());
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Share `k` of `n` (`1 <= k <= n`) of the puzzles, `--shard K/N`: the rule is the book's
/// "Shards", the offset a corpus's [`corpus_key`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// Which share, from 1.
    pub k: u64,
    /// How many shares.
    pub n: u64,
}

impl Shard {
    /// Share `k` of `n`; `None` unless `1 <= k <= n`.
    pub fn new(k: u64, n: u64) -> Option<Shard> {
        (1..=n).contains(&k).then_some(Shard { k, n })
    }

    /// Whether puzzle `index` of `corpus` is in this share.
    pub fn contains(&self, corpus: &str, index: u64) -> bool {
        self.contains_keyed(corpus_key(corpus), index)
    }

    /// [`Shard::contains`] with the corpus's key already computed.
    pub(crate) fn contains_keyed(&self, key: u64, index: u64) -> bool {
        (index % self.n + key % self.n) % self.n == self.k - 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

impl FromStr for Shard {
    type Err = String;

    /// Reads `K/N`.
    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("{text:?} is not a shard K/N with 1 <= K <= N (such as 2/8)");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let k: u64 = k.trim().parse().map_err(|_| bad())?;
        let n: u64 = n.trim().parse().map_err(|_| bad())?;
        Shard::new(k, n).ok_or_else(bad)
    }
}

/// Which puzzles of the corpora a run solves, and as what. The default solves every puzzle
/// as it is read.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// Only this share of the puzzles.
    pub shard: Option<Shard>,
    /// Not these puzzles: per corpus name, the indexes already solved (`--resume`).
    pub done: HashMap<Arc<str>, HashSet<u64>>,
    /// Each puzzle solved as its random isomorph under this seed ([`crate::Isomorph`]).
    pub permute: Option<u64>,
}

impl Selection {
    /// Whether the run needs the puzzles' indexes before solving them.
    pub fn is_active(&self) -> bool {
        self.shard.is_some() || !self.done.is_empty() || self.permute.is_some()
    }

    /// Whether the selection keeps puzzle `index` of the corpus named `corpus`, whose key
    /// ([`corpus_key`]) is `key`: in the share, and not solved before.
    pub(crate) fn keeps(&self, corpus: &str, key: u64, index: u64) -> bool {
        self.shard.is_none_or(|s| s.contains_keyed(key, index))
            && self
                .done
                .get(corpus)
                .is_none_or(|done| !done.contains(&index))
    }

    /// Whether malformed lines are reported: by share 1 only (see the book's "Shards").
    pub(crate) fn reports_malformed(&self) -> bool {
        self.shard.is_none_or(|s| s.k == 1)
    }
}

/// What cuts corpus `source` named `corpus` into chunks: a reader that parses its puzzles
/// when `selection` needs their indexes, else a [`Chunker`]; `first` caps its puzzles (the
/// parsing reader applies it itself).
pub(crate) fn cutter(
    reader: Input,
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
        first: first.unwrap_or(u64::MAX),
        skipped: 0,
        done: false,
    })
}

/// A corpus read puzzle by puzzle, keeping the ones the selection wants.
struct Indexed {
    puzzles: CorpusReader<Input>,
    source: usize,
    corpus: Arc<str>,
    key: u64,
    selection: Arc<Selection>,
    first: u64,
    skipped: u64,
    done: bool,
}

impl Cut for Indexed {
    fn next_chunk(&mut self, max: usize) -> Option<Result<Chunk, CorpusError>> {
        let mut items = Vec::new();
        while !self.done && items.len() < max.max(1) {
            if !items.is_empty() && self.puzzles.get_ref().would_block() {
                break; // a slow pipe: what is read goes to work now
            }
            match self.puzzles.next() {
                Some(Ok(p)) if p.index < self.first => {
                    match self.selection.keeps(&self.corpus, self.key, p.index) {
                        true => items.push(Ok(p)),
                        false => self.skipped += 1,
                    }
                }
                Some(Err(e)) if e.is_malformed_line() => {
                    if self.selection.reports_malformed() {
                        items.push(Err(e));
                    }
                }
                Some(Err(e)) => {
                    self.done = true;
                    items.push(Err(e));
                }
                // The end, or the puzzle past `first`.
                _ => self.done = true,
            }
        }
        (!items.is_empty()).then(|| {
            Ok(Chunk {
                source: self.source,
                corpus: self.corpus.clone(),
                first_line: 0,
                before: sudoku_core::corpus::Before::default(),
                bytes: Vec::new(),
                candidates: items.len(),
                parsed: Some(items),
            })
        })
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

    /// Each puzzle is in one share, wherever its corpus sits; the shares are even; small
    /// corpora do not all start in share 1.
    #[test]
    fn shards_deal_a_corpus_round_robin_and_keep_their_puzzles_when_it_grows() {
        let shard = |k| Shard::new(k, 4).unwrap();
        let mut counts = [0; 4];
        for index in 0..103 {
            let owners = (1..=4).filter(|&k| shard(k).contains("c/top95.txt", index));
            let owners: Vec<u64> = owners.collect();
            assert_eq!(owners.len(), 1, "{index}");
            counts[owners[0] as usize - 1] += 1;
            assert!(shard(owners[0]).contains("/other/place/top95.txt", index));
        }
        assert!(counts.iter().all(|&c| c == 25 || c == 26), "{counts:?}");
        let first = |i| (1..=4).find(|&k| shard(k).contains(&format!("tiny{i}.txt"), 0));
        assert_eq!((0..40).map(first).collect::<HashSet<_>>().len(), 4);
    }

    /// Each shard keeps its puzzles with their indexes and lines; the malformed line is
    /// reported by the first shard only; `first` counts the puzzles of every shard.
    #[test]
    fn a_shard_keeps_its_puzzles_with_their_indexes_and_lines() {
        const TOP1: &str =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let text = format!("# c\n{TOP1}\n{TOP1}\nxx\n{TOP1}\n{TOP1}\n{TOP1}\n");
        let show = |item: Result<sudoku_core::Puzzle, CorpusError>| match item {
            Ok(p) => format!("{}@{}", p.index, p.line),
            Err(e) => format!("bad@{}", e.to_string().split(':').nth(1).unwrap()),
        };
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
            let selection = Arc::new(Selection {
                shard: Some(shard),
                ..Selection::default()
            });
            let reader = Input::new(Box::new(std::io::Cursor::new(text.clone())), false);
            let mut cut = cutter(reader, 0, Arc::from("c.txt"), &selection, Some(4));
            let mut got = Vec::new();
            while let Some(chunk) = cut.next_chunk(2 * k as usize - 1) {
                got.extend(chunk.unwrap().parsed.unwrap().into_iter().map(show));
            }
            got.push(format!("skipped {}", cut.skipped()));
            assert_eq!(got, want, "{shard}");
        }
    }
}
