//! The robust statistics of every time figure: the median and the percentiles by nearest
//! rank, the median absolute deviation, and the ratio of two runs' medians with its
//! bootstrap interval. `summary`, `compare`, `solve`, the plots and the engine's `--repeat`
//! take their figures from here, so that one set of times gives one figure wherever it is
//! shown.
//!
//! The bootstrap is Efron's percentile bootstrap: the puzzles are drawn again with
//! replacement, as pairs (A's time and B's on one puzzle stay together), and the ratio
//! computed on each resample; the 2.5th and 97.5th percentiles of those ratios bound the
//! 95% interval. The draws come from a fixed seed, so the same times give the same
//! interval.

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

/// The seed of the resamples.
const SEED: u64 = 0x5eed_c0de;

/// B's time over A's on the same puzzles: the ratio of medians and its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ratio {
    /// median(B) / median(A).
    pub ratio: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// The ratio of medians of `pairs` (A's nanoseconds, B's), with its bootstrap interval over
/// `resamples` resamples; `None` without pairs, or when no resample gives a ratio (none
/// drawn; A's median 0 in every one, a chance below 1e-58 with `compare`'s 100 at least).
pub fn ratio(pairs: &[(u64, u64)], resamples: u64) -> Option<Ratio> {
    let ratio = ratio_of_medians(pairs.iter().copied())?;
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let mut ratios: Vec<f64> = match Tally::new(pairs) {
        Some(mut tally) => (0..resamples)
            .filter_map(|_| tally.resample(&mut rng))
            .collect(),
        None => (0..resamples)
            .filter_map(|_| ratio_of_medians(resample(pairs, &mut rng)))
            .collect(),
    };
    ratios.sort_by(f64::total_cmp);
    // No resample gave a ratio (none drawn, or A's median 0 in each): no interval.
    let last = ratios.len().checked_sub(1)?;
    let at = |q: f64| ratios[(last as f64 * q).round() as usize];
    Some(Ratio {
        ratio,
        low: at(0.025),
        high: at(0.975),
    })
}

/// One resample of `pairs`: as many pairs, each drawn with replacement from `rng`.
fn resample<'p>(
    pairs: &'p [(u64, u64)],
    rng: &'p mut ChaCha8Rng,
) -> impl Iterator<Item = (u64, u64)> + 'p {
    (0..pairs.len()).map(|_| pairs[rng.random_range(0..pairs.len())])
}

/// The medians of resamples, counted rather than sorted. Each side's times are sorted
/// once; a resample's draws ([`resample`]'s, one after the other from the same generator)
/// are counted by their place in those orders, and its median is the time at the place
/// where the running count reaches the median's rank: the ratios a resample's selection
/// gives, in a pass over the draws instead of a selection over copies of the pairs (a
/// million pairs, a thousand resamples: seconds, not a minute).
///
/// The median of a resample lies within a few times `sqrt(n)` places of the middle (the
/// count of draws below a place is binomial): only the places of a window about the middle
/// are counted one by one (a table that stays in the cache), those below it in all; a
/// resample whose median falls outside the window (a chance below 1e-12) is counted again
/// whole from its draws, kept.
struct Tally {
    /// A's times, sorted; B's.
    sorted: [Vec<u64>; 2],
    /// Per pair, its place in A's order and in B's.
    place: Vec<[u32; 2]>,
    /// The first place of the window, and the count of its places.
    window: (u32, u32),
    /// Per place of the window, in A's order and in B's: how many times the resample drew it.
    counts: [Vec<u32>; 2],
    /// The resample's draws, by the pair's index.
    drawn: Vec<u32>,
}

impl Tally {
    /// The tally of `pairs` (`None` when they are too many for its 32-bit places).
    fn new(pairs: &[(u64, u64)]) -> Option<Tally> {
        let n = u32::try_from(pairs.len()).ok()?;
        let mut place = vec![[0u32; 2]; pairs.len()];
        let sorted = [0, 1].map(|side| {
            let time = |i: u32| {
                let (a, b) = pairs[i as usize];
                if side == 0 {
                    a
                } else {
                    b
                }
            };
            let mut order: Vec<u32> = (0..n).collect();
            order.sort_unstable_by_key(|&i| time(i));
            for (at, &i) in (0..n).zip(&order) {
                place[i as usize][side] = at;
            }
            order.into_iter().map(time).collect()
        });
        // 8 standard deviations of the median's place (sqrt(n) / 2) either side of it.
        let reach = 4 * n.isqrt() + 16;
        let middle = n.div_ceil(2);
        let first = middle.saturating_sub(reach);
        let window = (first, (middle + reach).min(n) - first);
        Some(Tally {
            sorted,
            place,
            window,
            counts: [0, 1].map(|_| vec![0; window.1 as usize]),
            drawn: Vec::with_capacity(pairs.len()),
        })
    }

    /// The ratio of medians of the next resample drawn from `rng` (as [`ratio_of_medians`]
    /// of [`resample`] gives it).
    fn resample(&mut self, rng: &mut ChaCha8Rng) -> Option<f64> {
        let n = self.place.len();
        self.drawn.clear();
        // Below u32::MAX (see `new`).
        self.drawn
            .extend((0..n).map(|_| rng.random_range(0..n) as u32));
        let (first, width) = self.window;
        let mut below = [0u64; 2];
        for &i in &self.drawn {
            let places = self.place[i as usize];
            for side in 0..2 {
                let at = places[side].wrapping_sub(first);
                below[side] += u64::from(places[side] < first);
                if at < width {
                    self.counts[side][at as usize] += 1;
                }
            }
        }
        let [ma, mb] = [0, 1].map(|side| self.median(side, below[side]));
        (ma > 0.0).then(|| mb / ma)
    }

    /// The median (as [`median`] takes it) of the resample counted on `side`, `below` its
    /// draws below the window; its counts set back to zero.
    fn median(&mut self, side: usize, below: u64) -> f64 {
        let rank = self.place.len().div_ceil(2) as u64;
        let mut seen = below;
        let within = (below < rank)
            .then(|| {
                self.counts[side].iter().position(|&c| {
                    seen += u64::from(c);
                    seen >= rank
                })
            })
            .flatten();
        self.counts[side].fill(0);
        let at = within.map_or_else(
            || self.counted_whole(side, rank),
            |at| at + self.window.0 as usize,
        );
        self.sorted[side][at] as f64
    }

    /// The place of the median of rank `rank` on `side`, the resample's draws all counted.
    fn counted_whole(&self, side: usize, rank: u64) -> usize {
        let mut counts = vec![0u32; self.place.len()];
        for &i in &self.drawn {
            counts[self.place[i as usize][side] as usize] += 1;
        }
        let mut seen = 0u64;
        counts
            .iter()
            .position(|&c| {
                seen += u64::from(c);
                seen >= rank
            })
            .unwrap_or_default()
    }
}

/// median(B) / median(A) (`None` when empty, or A's median is zero).
fn ratio_of_medians(pairs: impl Iterator<Item = (u64, u64)>) -> Option<f64> {
    let (mut a, mut b): (Vec<u64>, Vec<u64>) = pairs.unzip();
    let (ma, mb) = (median(&mut a)?, median(&mut b)?);
    (ma > 0).then(|| mb as f64 / ma as f64)
}

/// The median by nearest rank: the value of rank `ceil(n/2)`, the lower of the two middle
/// values for an even count (a measured time, never the mean of two). `None` when empty.
pub fn median(values: &mut [u64]) -> Option<u64> {
    let rank = values.len().div_ceil(2).checked_sub(1)?;
    let (_, &mut middle, _) = values.select_nth_unstable(rank);
    Some(middle)
}

/// The `p`-th percentile of `sorted` (ascending) by nearest rank, `0 < p <= 100`: the value
/// of rank `ceil(p/100 * n)` (the 50th is [`median`]'s). `None` when empty.
pub fn percentile(sorted: &[u64], p: f64) -> Option<u64> {
    let n = sorted.len();
    let rank = ((p / 100.0 * n as f64).ceil() as usize).clamp(1, n.max(1));
    sorted.get(rank - 1).copied()
}

/// The median absolute deviation of `sorted` (ascending): the median, by [`median`]'s rule,
/// of each value's distance from their median. The robust spread beside a median, as the
/// standard deviation is beside a mean (about 0.67 of it for normal data), which one
/// outlier does not move. `None` when empty.
pub fn mad(sorted: &[u64]) -> Option<u64> {
    let middle = percentile(sorted, 50.0)?;
    let mut distances: Vec<u64> = sorted.iter().map(|&t| t.abs_diff(middle)).collect();
    median(&mut distances)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_and_a_ratio_with_its_interval() {
        assert_eq!(median(&mut []), None);
        assert_eq!(median(&mut [5, 1, 3]), Some(3));
        assert_eq!(median(&mut [4, 1, 3, 2]), Some(2));
        assert_eq!(median(&mut [7]), Some(7));
        let same: Vec<(u64, u64)> = (1..=50).map(|t| (t, t)).collect();
        let r = ratio(&same, 200).unwrap();
        assert_eq!(r.ratio, 1.0);
        assert!(r.low <= 1.0 && r.high >= 1.0, "{r:?}");
        let twice: Vec<(u64, u64)> = (1..=50).map(|t| (100 + t, 200 + 2 * t)).collect();
        let r = ratio(&twice, 200).unwrap();
        assert_eq!((r.ratio, r.low, r.high), (2.0, 2.0, 2.0));
        assert_eq!(ratio(&twice, 200), ratio(&twice, 200), "repeatable");
        assert_eq!(ratio(&[], 200), None);
        // No resample, no interval (it indexed an empty list: a panic).
        assert_eq!(ratio(&twice, 0), None);
    }

    /// The interval as the resamples' sort gives it: [`ratio`] without its [`Tally`].
    fn sorted_ratio(pairs: &[(u64, u64)], resamples: u64) -> Option<Ratio> {
        let ratio = ratio_of_medians(pairs.iter().copied())?;
        let mut rng = ChaCha8Rng::seed_from_u64(SEED);
        let mut ratios: Vec<f64> = (0..resamples)
            .filter_map(|_| ratio_of_medians(resample(pairs, &mut rng)))
            .collect();
        ratios.sort_by(f64::total_cmp);
        let at = |q: f64| ratios[((ratios.len() - 1) as f64 * q).round() as usize];
        Some(Ratio {
            ratio,
            low: at(0.025),
            high: at(0.975),
        })
    }

    #[test]
    fn percentiles_by_nearest_rank_and_the_spread_about_the_median() {
        let sorted: Vec<u64> = (1..=100).collect();
        assert_eq!(percentile(&sorted, 50.0), Some(50));
        assert_eq!(percentile(&sorted, 90.0), Some(90));
        assert_eq!(percentile(&sorted, 99.0), Some(99));
        assert_eq!(percentile(&sorted, 100.0), Some(100));
        assert_eq!(percentile(&sorted, 0.1), Some(1));
        assert_eq!(percentile(&[], 50.0), None);
        assert_eq!(percentile(&sorted, 50.0), median(&mut sorted.clone()));
        // One value far out moves the mean, not the median nor the MAD.
        assert_eq!(mad(&[10, 11, 12, 13, 1_000_000]), Some(1));
        assert_eq!(mad(&[5]), Some(0));
        assert_eq!(mad(&[]), None);
    }

    #[test]
    fn counted_medians_are_the_sorted_ones() {
        // Times of many ties and of few, zeros (a resample whose A median is 0 is left
        // out), odd and even counts.
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for (n, spread) in [
            (1, 10),
            (2, 3),
            (7, 1),
            (100, 4),
            (1001, 1_000_000),
            (2000, 50),
        ] {
            let pairs: Vec<(u64, u64)> = (0..n)
                .map(|_| (rng.random_range(0..spread), rng.random_range(0..spread)))
                .collect();
            assert_eq!(
                ratio(&pairs, 300),
                sorted_ratio(&pairs, 300),
                "{n} {spread}"
            );
        }
    }
}
