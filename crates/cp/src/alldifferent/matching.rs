//! A matching of an `alldifferent` constraint's variables to values, made maximum by
//! augmenting paths (Berge; Hopcroft and Karp's phases are not worth their bookkeeping
//! for the at most 32 variables here).

/// No partner.
const NONE: u8 = u8::MAX;

/// The bit of value `v`.
#[inline]
const fn bit(v: u8) -> u32 {
    1 << v
}

/// A matching in the *value graph* of an `alldifferent` constraint (Régin's words): one
/// side the variables, the other the values, an edge `x — v` for each value `v` of the
/// domain of `x`; a matching is a set of edges no two of which share an end.
///
/// Domains are bit masks (bit `v` for value `v`, 32 values at most), for at most 32
/// variables. A matching is kept between calls of [`Matching::cover`]: the edges still
/// in the domains are reused, which saves most of the work when the domains have changed
/// little since.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Matching {
    /// The value matched to each variable, or `NONE`.
    value_of: [u8; 32],
    /// The variable matched to each value, or `NONE`.
    variable_of: [u8; 32],
}

impl Default for Matching {
    fn default() -> Self {
        Matching::EMPTY
    }
}

impl Matching {
    /// The matching with no edge.
    pub const EMPTY: Matching = Matching {
        value_of: [NONE; 32],
        variable_of: [NONE; 32],
    };

    /// The value matched to variable `x`, if any.
    pub fn value_of(&self, x: usize) -> Option<u8> {
        Some(self.value_of[x]).filter(|&v| v != NONE)
    }

    /// The variable matched to value `v`, if any.
    pub fn variable_of(&self, v: u8) -> Option<usize> {
        Some(self.variable_of[usize::from(v)])
            .filter(|&x| x != NONE)
            .map(usize::from)
    }

    /// The value matched to variable `x`, which [`Matching::cover`] has just matched.
    #[inline]
    pub(crate) fn value(&self, x: usize) -> u8 {
        self.value_of[x]
    }

    /// Makes this a maximum matching of the value graph of `domains` and says whether it
    /// *covers* the variables (every variable matched): the constraint has a solution
    /// exactly when it does (a solution is such a matching).
    ///
    /// The edges of the matching held before that are still in the domains are kept;
    /// each unmatched variable is matched to a free value of its domain if it has one,
    /// else by an augmenting path: a path from it that alternates edges out of and in
    /// the matching and ends at a free value, along which the matching is swapped.
    ///
    /// # Panics
    ///
    /// With more than 32 variables.
    pub fn cover(&mut self, domains: &[u32]) -> bool {
        assert!(domains.len() <= 32, "at most 32 variables");
        self.keep_edges_in(domains);
        let mut matched = (0..domains.len())
            .filter(|&x| self.value_of[x] != NONE)
            .fold(0, |m, x| m | bit(self.value_of[x]));
        // The free values first: most variables find one without a path.
        let mut pending = 0u32;
        for (x, &d) in domains.iter().enumerate() {
            if self.value_of[x] != NONE {
                continue;
            }
            let free = d & !matched;
            if free == 0 {
                pending |= 1 << x;
            } else {
                let v = free.trailing_zeros() as u8;
                self.join(x, v);
                matched |= bit(v);
            }
        }
        while pending != 0 {
            let x = pending.trailing_zeros() as usize;
            pending &= pending - 1;
            let mut visited = 0u32;
            if !self.augment(x, domains, &mut visited) {
                return false;
            }
        }
        true
    }

    /// Drops the edges no longer in `domains`, and every edge of a variable past them.
    fn keep_edges_in(&mut self, domains: &[u32]) {
        self.variable_of = [NONE; 32];
        self.value_of[domains.len()..].fill(NONE);
        for (x, &d) in domains.iter().enumerate() {
            let v = self.value_of[x];
            if v == NONE {
                continue;
            }
            if d & bit(v) != 0 && self.variable_of[usize::from(v)] == NONE {
                self.variable_of[usize::from(v)] = x as u8;
            } else {
                self.value_of[x] = NONE;
            }
        }
    }

    fn join(&mut self, x: usize, v: u8) {
        self.value_of[x] = v;
        self.variable_of[usize::from(v)] = x as u8;
    }

    /// Looks for an augmenting path from variable `x` (depth first, values ascending, each
    /// value visited once) and swaps the matching along it.
    fn augment(&mut self, x: usize, domains: &[u32], visited: &mut u32) -> bool {
        loop {
            let open = domains[x] & !*visited;
            if open == 0 {
                return false;
            }
            let v = open.trailing_zeros() as u8;
            *visited |= bit(v);
            let holder = self.variable_of[usize::from(v)];
            if holder == NONE || self.augment(usize::from(holder), domains, visited) {
                self.join(x, v);
                return true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_maximum_matching_covers_the_variables_when_one_can() {
        // x0 {0,1}, x1 {0}: x0 must give 0 up to x1 (an augmenting path).
        let mut m = Matching::default();
        assert!(m.cover(&[0b11, 0b01]));
        assert_eq!((m.value_of(0), m.value_of(1)), (Some(1), Some(0)));
        assert_eq!(m.variable_of(1), Some(0));
        // Three variables over two values: no matching covers them.
        assert!(!Matching::default().cover(&[0b11, 0b11, 0b11]));
        // A stale edge (value 1 left x0's domain) is dropped, the rest kept.
        assert!(m.cover(&[0b101, 0b01]));
        assert_eq!((m.value_of(0), m.value_of(1)), (Some(2), Some(0)));
    }
}
