//! Which puzzles a run solves, and as what: `--shard K/N`, `--resume`, `--permute SEED`.
//! Each needs a puzzle's index, which counts the puzzles of the whole corpus: workers
//! parsing chunks do not know it, so such a run parses its corpora on the reading thread
//! (a fraction of a microsecond a puzzle, far below any solve; see [`crate::indexed`]).

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;

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

#[cfg(test)]
mod tests {
    use super::*;

    /// Each puzzle is in one share, wherever its corpus sits; the shares are even; small
    /// corpora do not all start in share 1.
    #[test]
    fn shards_deal_a_corpus_round_robin_and_keep_their_puzzles_when_it_grows() {
        let shards: Vec<Shard> = (1..=4).map(|k| Shard::new(k, 4).unwrap()).collect();
        let mut counts = [0; 4];
        for index in 0..103 {
            let owners: Vec<usize> = (0..4)
                .filter(|&s| shards[s].contains("c/top95.txt", index))
                .collect();
            assert_eq!(owners.len(), 1, "{index}");
            counts[owners[0]] += 1;
            assert!(shards[owners[0]].contains("/other/place/top95.txt", index));
        }
        assert!(counts.iter().all(|&c| c == 25 || c == 26), "{counts:?}");
        let first = |i| {
            shards
                .iter()
                .find(|s| s.contains(&format!("tiny{i}.txt"), 0))
                .unwrap()
                .k
        };
        assert_eq!((0..40).map(first).collect::<HashSet<u64>>().len(), 4);
    }
}
