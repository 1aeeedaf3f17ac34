//! The shape of a whole search in a thousand numbers: the depth of each try (the cost
//! after each move, for a stochastic search), grouped into at most [`BUCKETS`] buckets
//! of equal width, each keeping its least and greatest value. The width doubles (and
//! pairs of buckets merge) whenever the search outgrows them, so the profile covers
//! the summarised middle of a long search as well as the stretches kept in full.

use serde::Serialize;

/// The most buckets a profile holds.
pub(crate) const BUCKETS: usize = 1024;

/// The most solutions a profile marks.
const MARKS: usize = 64;

/// The profile of a search (see the [module documentation](self)).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Profile {
    /// What the values are: `depth`, or `cost` for a stochastic search.
    pub(crate) what: &'static str,
    /// Tries per bucket.
    pub(crate) width: u64,
    /// Tries profiled.
    pub(crate) tries: u64,
    /// The least value of each bucket.
    pub(crate) low: Vec<u32>,
    /// The greatest value of each bucket.
    pub(crate) high: Vec<u32>,
    /// The tries made before each solution (the first [`MARKS`] solutions).
    pub(crate) solutions: Vec<u64>,
}

impl Default for Profile {
    fn default() -> Self {
        Profile {
            what: "depth",
            width: 1,
            tries: 0,
            low: Vec::new(),
            high: Vec::new(),
            solutions: Vec::new(),
        }
    }
}

impl Profile {
    /// One more try, of `value`.
    pub(crate) fn add(&mut self, value: u32) {
        let mut bucket = (self.tries / self.width) as usize;
        if bucket == BUCKETS {
            self.merge();
            bucket /= 2;
        }
        if bucket == self.low.len() {
            self.low.push(value);
            self.high.push(value);
        } else {
            self.low[bucket] = self.low[bucket].min(value);
            self.high[bucket] = self.high[bucket].max(value);
        }
        self.tries += 1;
    }

    /// A solution, after the tries so far.
    pub(crate) fn solution(&mut self) {
        if self.solutions.len() < MARKS {
            self.solutions.push(self.tries);
        }
    }

    /// Doubles the width: each pair of buckets becomes one.
    fn merge(&mut self) {
        let pairs = |v: &[u32], f: fn(u32, u32) -> u32| -> Vec<u32> {
            v.chunks(2)
                .map(|p| p.iter().copied().reduce(f).unwrap_or(0))
                .collect()
        };
        self.low = pairs(&self.low, u32::min);
        self.high = pairs(&self.high, u32::max);
        self.width *= 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_double_in_width_and_keep_the_extremes() {
        let mut p = Profile::default();
        let n = 5 * BUCKETS as u32 + 3;
        for i in 0..n {
            p.add(i % 7);
        }
        assert_eq!(p.width, 8);
        assert_eq!(p.tries, u64::from(n));
        assert_eq!(p.low.len(), (n as usize).div_ceil(8));
        assert_eq!((p.low[0], p.high[0]), (0, 6));
        let last = p.low.len() - 1;
        // The last bucket holds tries 5120..5123: values 3, 4, 5.
        assert_eq!((p.low[last], p.high[last]), (3, 5));
        p.solution();
        assert_eq!(p.solutions, [u64::from(n)]);
    }
}
