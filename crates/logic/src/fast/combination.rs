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

/// The first `k`-combination of `sets`, in lexicographic order of indexes, whose union
/// has exactly `k` members and that `accept` takes. A partial union of more than `k`
/// members is given up at once: it can only grow.
pub(super) fn first_combination(
    sets: &[u16],
    k: usize,
    accept: &mut impl FnMut(Found) -> bool,
) -> Option<Found> {
    let none = Found {
        chosen: 0,
        union: 0,
    };
    extend(sets, k as u32, k, 0, none, accept)
}

/// Extends `so_far` by `left` more masks taken from `start` on.
fn extend(
    sets: &[u16],
    k: u32,
    left: usize,
    start: usize,
    so_far: Found,
    accept: &mut impl FnMut(Found) -> bool,
) -> Option<Found> {
    if left == 0 {
        return (count(so_far.union) == k && accept(so_far)).then_some(so_far);
    }
    for (i, &set) in sets
        .iter()
        .enumerate()
        .take(sets.len().checked_sub(left)? + 1)
        .skip(start)
    {
        let union = so_far.union | set;
        if count(union) > k {
            continue;
        }
        let next = Found {
            chosen: so_far.chosen | 1 << i,
            union,
        };
        if let Some(found) = extend(sets, k, left - 1, i + 1, next, accept) {
            return Some(found);
        }
    }
    None
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
        assert_eq!(first_combination(&[0b111, 0b1000], 2, &mut |_| true), None);
    }
}
