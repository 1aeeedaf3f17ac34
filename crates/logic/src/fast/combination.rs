//! The one search behind subsets and fish: the first combination of `count` masks, in
//! lexicographic order, whose union has exactly `count` members and which the caller
//! accepts (it would eliminate something).

use super::count;

/// A combination found: which masks (bit `i` for `sets[i]`) and their union.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Found {
    pub(super) chosen: u16,
    pub(super) union: u16,
}

/// The first `k`-combination of `sets` (at most nine), in lexicographic order of
/// indexes, whose union has exactly `k` members and that `accept` takes. Every set holds
/// two to `k` members (the callers' candidates), so for `k = 2` the union of two is two
/// exactly when they are equal. Otherwise a partial union of more than `k` members is
/// given up at once: it can only grow.
#[inline]
pub(super) fn first_combination(
    sets: &[u16],
    k: usize,
    accept: &mut impl FnMut(Found) -> bool,
) -> Option<Found> {
    if k == 2 {
        return first_equal_pair(sets, accept);
    }
    depth_first(sets, k, accept)
}

/// The first pair (lexicographically) of equal two-member sets that `accept` takes.
#[inline(always)]
fn first_equal_pair(sets: &[u16], accept: &mut impl FnMut(Found) -> bool) -> Option<Found> {
    for (i, &a) in sets.iter().enumerate() {
        for (j, &b) in sets.iter().enumerate().skip(i + 1) {
            if a == b {
                let found = Found {
                    chosen: 1 << i | 1 << j,
                    union: a,
                };
                if accept(found) {
                    return Some(found);
                }
            }
        }
    }
    None
}

/// The depth-first search over combinations, in lexicographic order, without recursion:
/// level `depth` holds the sets still open at that depth (after the last chosen), the
/// union and the choice so far.
#[inline(always)]
fn depth_first(sets: &[u16], k: usize, accept: &mut impl FnMut(Found) -> bool) -> Option<Found> {
    let mut open = [0u16; 5];
    let mut so_far = [Found {
        chosen: 0,
        union: 0,
    }; 5];
    open[0] = (1u16 << sets.len()) - 1;
    let mut depth = 0;
    loop {
        if count(open[depth]) < (k - depth) as u32 {
            if depth == 0 {
                return None;
            }
            depth -= 1;
            continue;
        }
        let i = open[depth].trailing_zeros() as usize;
        open[depth] &= open[depth] - 1;
        let next = Found {
            chosen: so_far[depth].chosen | 1 << i,
            union: so_far[depth].union | sets[i],
        };
        let members = count(next.union) as usize;
        if members > k {
            continue;
        }
        if depth + 1 == k {
            if members == k && accept(next) {
                return Some(next);
            }
            continue;
        }
        open[depth + 1] = open[depth];
        so_far[depth + 1] = next;
        depth += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_combination_with_a_union_of_k_that_is_accepted() {
        let sets = [0b011, 0b110, 0b101, 0b011];
        let found = first_combination(&sets, 2, &mut |_| true).unwrap();
        assert_eq!(
            found,
            Found {
                chosen: 0b1001,
                union: 0b011
            }
        );
        let found = first_combination(&sets, 3, &mut |_| true).unwrap();
        assert_eq!(
            found,
            Found {
                chosen: 0b0111,
                union: 0b111
            }
        );
        let skip_first = first_combination(&sets, 3, &mut |f| f.chosen != 0b0111).unwrap();
        assert_eq!(skip_first.chosen, 0b1011);
        assert_eq!(first_combination(&sets, 5, &mut |_| true), None);
        assert_eq!(first_combination(&[0b1010, 0b1100], 2, &mut |_| true), None);
    }
}
