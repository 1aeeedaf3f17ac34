//! A set of digits 1..=25: the candidates of one square, at any grid size.
//!
//! Norvig's essay keeps a square's possible digits as a string (`'1679'`); the essay
//! versions of the strategies keep them as a `DigitSet`, whose operations read as the
//! essay's (`d in values[s]`, `values[s].replace(d, '')`, `len(values[s]) == 1`). The fast
//! 9x9 paths use raw 9-bit masks ([`Candidates`](crate::Candidates)) instead.

use std::fmt;

use crate::size::SYMBOLS;

/// A set of digits 1..=25 (bit `d - 1` stands for digit `d`).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DigitSet(u32);

impl DigitSet {
    /// No digit.
    pub const EMPTY: DigitSet = DigitSet(0);

    /// The digits `1..=n`.
    pub const fn full(n: usize) -> DigitSet {
        DigitSet(((1u64 << n) - 1) as u32)
    }

    /// The set holding only `digit`.
    pub const fn single(digit: u8) -> DigitSet {
        DigitSet(1 << (digit - 1))
    }

    /// The set of a raw mask (bit `d - 1` for digit `d`).
    pub const fn from_bits(bits: u32) -> DigitSet {
        DigitSet(bits & 0x1FF_FFFF)
    }

    /// The raw mask.
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Whether `digit` is in the set.
    pub const fn contains(self, digit: u8) -> bool {
        digit >= 1 && digit <= 25 && self.0 & (1 << (digit - 1)) != 0
    }

    /// Adds `digit`.
    pub fn insert(&mut self, digit: u8) {
        self.0 |= 1 << (digit - 1);
    }

    /// Removes `digit`; `true` if it was there.
    pub fn remove(&mut self, digit: u8) -> bool {
        let had = self.contains(digit);
        self.0 &= !(1 << (digit - 1));
        had
    }

    /// How many digits the set holds.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no digit.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The digit of a set holding exactly one.
    pub const fn only(self) -> Option<u8> {
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            Some(self.0.trailing_zeros() as u8 + 1)
        } else {
            None
        }
    }

    /// The smallest digit, if any.
    pub const fn first(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as u8 + 1)
        }
    }

    /// The digits, ascending.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let d = rest.trailing_zeros() as u8 + 1;
            rest &= rest - 1;
            Some(d)
        })
    }

    /// The digits in both sets.
    pub const fn intersection(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & other.0)
    }

    /// The digits in either set.
    pub const fn union(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 | other.0)
    }

    /// The digits of `self` not in `other`.
    pub const fn difference(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & !other.0)
    }
}

impl FromIterator<u8> for DigitSet {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        let mut set = DigitSet::EMPTY;
        for d in iter {
            set.insert(d);
        }
        set
    }
}

/// The digits as symbols, ascending, as Norvig writes a square's values: `1679`, `3AG`.
impl fmt::Display for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.iter() {
            write!(f, "{}", SYMBOLS[d as usize - 1] as char)?;
        }
        Ok(())
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DigitSet({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_read_as_the_essay_writes_them() {
        let mut s: DigitSet = [1, 6, 7, 9].into_iter().collect();
        assert_eq!(s.to_string(), "1679");
        assert!(s.contains(6) && !s.contains(2) && !s.contains(0) && !s.contains(30));
        assert!(s.remove(6));
        assert!(!s.remove(6));
        assert_eq!((s.len(), s.first(), s.only()), (3, Some(1), None));
        assert_eq!(DigitSet::single(16).only(), Some(16));
        assert_eq!(DigitSet::full(16).to_string(), "123456789ABCDEFG");
        assert_eq!(DigitSet::full(25).len(), 25);
        assert_eq!(s.iter().collect::<Vec<_>>(), [1, 7, 9]);
    }
}
