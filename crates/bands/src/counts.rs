//! What the chooser counts at an open fixpoint: each digit's [`Occupancy`] (its occupied
//! minirows and minicolumns, as the propagation last saw them) and, from it, its
//! [`Configurations`] in each band and stack.
//!
//! A digit's *configuration* in a band is the permutation that says which box its
//! minirow takes in each row (one of 6); in a stack, which column its minicolumn takes
//! in each band. At a fixpoint every digit's occupancy is closed (each occupied
//! minirow is on some permutation), and the number of permutations of a closed 3x3
//! occupancy depends only on how many places it has:
//!
//! | places | 3 | 5 | 6 | 7 | 8 | 9 |
//! |---|---|---|---|---|---|---|
//! | configurations | 1 | 2 | 2 | 3 | 4 | 6 |
//!
//! (4 places cannot be closed.) So counting is a popcount and a table look-up. Where to
//! branch, from these counts, is [`choice`](crate::choice)'s.

use crate::lanes::Lanes;

/// How many digits.
pub const DIGITS: usize = 9;

/// The occupied minirows and minicolumns of each digit ([`rules::minirows`],
/// [`rules::minicolumns`]), as the last triad scan of a propagation saw them: at an
/// open fixpoint, the chooser reads them instead of computing them again.
///
/// [`rules::minirows`]: crate::rules::minirows
/// [`rules::minicolumns`]: crate::rules::minicolumns
#[derive(Debug, Clone, Copy, Default)]
pub struct Occupancy {
    /// Per digit, a flag on the first bit of each minirow that may hold it.
    pub minirows: [Lanes; DIGITS],
    /// Per digit, bit `c` of lane `b` when column `c` of band `b` may hold it.
    pub minicolumns: [Lanes; DIGITS],
}

/// Configurations of a closed 3x3 occupancy, by its number of places.
pub(crate) const CONFIGURATIONS: [u32; 10] = [0, 0, 0, 1, 1, 2, 2, 3, 4, 6];

/// [`CONFIGURATIONS`] as nibbles of one word, read with a shift: no memory access,
/// nothing for a compiler to turn into a vector gather.
const CONFIGURATION_NIBBLES: u64 = {
    let mut packed = 0;
    let mut n = 0;
    while n < CONFIGURATIONS.len() {
        packed |= (CONFIGURATIONS[n] as u64) << (4 * n);
        n += 1;
    }
    packed
};

/// The configurations of a closed 3x3 occupancy of `places` places (0..=9).
#[inline(always)]
fn configurations(places: u32) -> u32 {
    (CONFIGURATION_NIBBLES >> (4 * places) & 0xf) as u32
}

/// The columns of stack `s` in each band of a 27-bit packed column set.
pub(crate) const STACK_COLUMNS: [u32; 3] = {
    let mut m = [0; 3];
    let mut s = 0;
    while s < 3 {
        let cols = 0b111 << (3 * s);
        m[s] = cols | cols << 9 | cols << 18;
        s += 1;
    }
    m
};

/// How many configurations each digit has in each unit (1 for a digit whose three
/// places there are known, up to 6), units `0..3` the bands and `3..6` the stacks: one
/// byte per unit, unit `u` in byte `u`.
pub struct Configurations {
    /// Per digit, a byte per unit.
    per_digit: [u64; DIGITS],
    /// Per unit, over the nine digits (at most 54: no byte carries into the next).
    totals: u64,
}

impl Configurations {
    /// The configurations of every digit of a propagated board, from its `occupancy`.
    #[inline(always)]
    pub fn of(occupancy: &Occupancy) -> Configurations {
        let mut per_digit = [0; DIGITS];
        let mut totals = 0;
        for (d, counts) in per_digit.iter_mut().enumerate() {
            let rows = occupancy.minirows[d].to_array();
            let c = occupancy.minicolumns[d].to_array();
            let cols = c[0] | c[1] << 9 | c[2] << 18;
            for b in 0..3 {
                *counts |= u64::from(configurations(rows[b].count_ones())) << (8 * b);
                let stack = configurations((cols & STACK_COLUMNS[b]).count_ones());
                *counts |= u64::from(stack) << (8 * (3 + b));
            }
            totals += *counts;
        }
        Configurations { per_digit, totals }
    }

    /// Counts packed as [`Configurations::of`] packs them.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub(crate) fn from_counts(per_digit: [u64; DIGITS], totals: u64) -> Configurations {
        Configurations { per_digit, totals }
    }

    /// The configurations of digit `d` (0-based) in unit `u`.
    #[inline(always)]
    pub fn count(&self, d: usize, u: usize) -> u32 {
        (self.per_digit[d] >> (8 * u) & 0xff) as u32
    }

    /// The configurations of unit `u`, over its nine digits.
    #[inline(always)]
    pub fn total(&self, u: usize) -> u32 {
        (self.totals >> (8 * u) & 0xff) as u32
    }

    /// The unit with the fewest configurations over its nine digits, among those where
    /// some digit has two or more (ties to the first: bands 0, 1, 2, then stacks).
    #[inline(always)]
    pub fn tightest_unit(&self) -> Option<usize> {
        // Each unit's key: its total, then its index (ties to the first); a unit whose
        // nine digits have one configuration each has nothing to choose: no key.
        let key = |u: usize| {
            let total = self.total(u);
            if total > DIGITS as u32 {
                total << 3 | u as u32
            } else {
                u32::MAX
            }
        };
        let fewest = (0..6).map(key).min().unwrap_or(u32::MAX);
        (fewest != u32::MAX).then_some((fewest & 7) as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::essay::PERMUTATIONS;

    #[test]
    fn the_configurations_of_a_closed_occupancy_follow_its_size() {
        // Every union of permutations of 3: count its places and the permutations in it.
        let perms = PERMUTATIONS;
        for set in 1u32..64 {
            let mut places = 0u32;
            for (i, p) in perms.iter().enumerate() {
                if set >> i & 1 == 1 {
                    for (r, &c) in p.iter().enumerate() {
                        places |= 1 << (3 * r + c);
                    }
                }
            }
            let inside = perms
                .iter()
                .filter(|p| {
                    p.iter()
                        .enumerate()
                        .all(|(r, &c)| places >> (3 * r + c) & 1 == 1)
                })
                .count() as u32;
            assert_eq!(
                CONFIGURATIONS[places.count_ones() as usize],
                inside,
                "{places:09b}"
            );
        }
    }
}
