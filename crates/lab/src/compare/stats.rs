//! The statistics of `compare`: the ratio of two runs' median times over the puzzles both
//! solved, with a percentile bootstrap confidence interval (Efron): the puzzles are drawn
//! again with replacement, as pairs (A's time and B's on one puzzle stay together), and the
//! ratio computed on each resample; the 2.5th and 97.5th percentiles of those ratios bound
//! the 95% interval. The draws come from a fixed seed, so the same CSVs give the same
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
/// `resamples` resamples; `None` without pairs.
pub fn ratio(pairs: &[(u64, u64)], resamples: u64) -> Option<Ratio> {
    let ratio = ratio_of_medians(pairs.iter().copied())?;
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let mut ratios: Vec<f64> = (0..resamples)
        .filter_map(|_| {
            ratio_of_medians((0..pairs.len()).map(|_| pairs[rng.random_range(0..pairs.len())]))
        })
        .collect();
    ratios.sort_by(f64::total_cmp);
    let at = |q: f64| ratios[((ratios.len() - 1) as f64 * q).round() as usize];
    Some(Ratio {
        ratio,
        low: at(0.025),
        high: at(0.975),
    })
}

/// median(B) / median(A) (`None` when empty, or A's median is zero).
fn ratio_of_medians(pairs: impl Iterator<Item = (u64, u64)>) -> Option<f64> {
    let (mut a, mut b): (Vec<u64>, Vec<u64>) = pairs.unzip();
    let (ma, mb) = (median(&mut a)?, median(&mut b)?);
    (ma > 0.0).then(|| mb / ma)
}

/// The median as `summary` takes it (nearest rank): the value of rank `ceil(n/2)`, the lower
/// of the two middle values for an even count.
pub fn median(values: &mut [u64]) -> Option<f64> {
    let rank = values.len().div_ceil(2).checked_sub(1)?;
    let (_, &mut middle, _) = values.select_nth_unstable(rank);
    Some(middle as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_and_a_ratio_with_its_interval() {
        assert_eq!(median(&mut []), None);
        assert_eq!(median(&mut [5, 1, 3]), Some(3.0));
        assert_eq!(median(&mut [4, 1, 3, 2]), Some(2.0));
        assert_eq!(median(&mut [7]), Some(7.0));
        let same: Vec<(u64, u64)> = (1..=50).map(|t| (t, t)).collect();
        let r = ratio(&same, 200).unwrap();
        assert_eq!(r.ratio, 1.0);
        assert!(r.low <= 1.0 && r.high >= 1.0, "{r:?}");
        let twice: Vec<(u64, u64)> = (1..=50).map(|t| (100 + t, 200 + 2 * t)).collect();
        let r = ratio(&twice, 200).unwrap();
        assert_eq!((r.ratio, r.low, r.high), (2.0, 2.0, 2.0));
        assert_eq!(ratio(&twice, 200), ratio(&twice, 200), "repeatable");
        assert_eq!(ratio(&[], 200), None);
    }
}
