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

/// The first `k`-combination of `sets` (at most nine, `k` from 2 to 4), in lexicographic
/// order of indexes, whose union has exactly `k` members and that `accept` takes. Every
/// set holds two to `k` members (the callers' candidates), so for `k = 2` the union of
/// two is two exactly when they are equal; for 3 and 4 the combinations come from a
/// table, in order, each tested without a branch that is hard to predict.
#[inline]
pub(super) fn first_combination(
    sets: &[u16],
    k: usize,
    accept: &mut impl FnMut(Found) -> bool,
) -> Option<Found> {
    match k {
        2 => first_equal_pair(sets, accept),
        3 => first_in_table(sets, &TRIPLES[sets.len()], accept),
        _ => first_in_table(sets, &QUADS[sets.len()], accept),
    }
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

/// The first combination of `table` (the `K`-combinations of `0..sets.len()`, in order)
/// whose union has `K` members and that `accept` takes.
#[inline(always)]
fn first_in_table<const K: usize, const N: usize>(
    sets: &[u16],
    table: &Table<K, N>,
    accept: &mut impl FnMut(Found) -> bool,
) -> Option<Found> {
    for pick in &table.combinations[..table.len] {
        let union = pick.iter().fold(0, |u, &i| u | sets[usize::from(i)]);
        if count(union) as usize == K {
            let chosen = pick.iter().fold(0, |c, &i| c | 1 << i);
            let found = Found { chosen, union };
            if accept(found) {
                return Some(found);
            }
        }
    }
    None
}

/// The `K`-combinations of `0..n` for one `n`, in lexicographic order (`len` of them).
struct Table<const K: usize, const N: usize> {
    combinations: [[u8; K]; N],
    len: usize,
}

/// The `K`-combinations of `0..n`, in lexicographic order, for each `n` from 0 to 9.
const fn tables<const K: usize, const N: usize>() -> [Table<K, N>; 10] {
    let mut all = [const {
        Table {
            combinations: [[0; K]; N],
            len: 0,
        }
    }; 10];
    let mut n = 0;
    while n < 10 {
        // Walk every K-combination of 0..n in lexicographic order.
        let mut pick = [0u8; K];
        let mut i = 0;
        while i < K {
            pick[i] = i as u8;
            i += 1;
        }
        if K <= n {
            loop {
                all[n].combinations[all[n].len] = pick;
                all[n].len += 1;
                // The rightmost index that can still move up, then the ones after it.
                let mut j = K;
                while j > 0 && pick[j - 1] as usize == n - K + j - 1 {
                    j -= 1;
                }
                if j == 0 {
                    break;
                }
                pick[j - 1] += 1;
                let mut l = j;
                while l < K {
                    pick[l] = pick[l - 1] + 1;
                    l += 1;
                }
            }
        }
        n += 1;
    }
    all
}

/// The triples of `0..n`, for each `n` up to 9 (at most 84).
static TRIPLES: [Table<3, 84>; 10] = tables();

/// The quadruples of `0..n`, for each `n` up to 9 (at most 126).
static QUADS: [Table<4, 126>; 10] = tables();

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
        assert_eq!(
            first_combination(&[0b1111; 5], 4, &mut |_| true)
                .unwrap()
                .chosen,
            0b1111
        );
        assert_eq!(first_combination(&[0b1010, 0b1100], 2, &mut |_| true), None);
    }
}

#[cfg(test)]
mod table_tests {
    use super::*;

    #[test]
    fn the_tables_hold_every_combination_in_order() {
        for n in 0..10 {
            let want: Vec<[u8; 3]> = (0..n)
                .flat_map(|a| (a + 1..n).flat_map(move |b| (b + 1..n).map(move |c| [a, b, c])))
                .collect();
            assert_eq!(
                &TRIPLES[n as usize].combinations[..TRIPLES[n as usize].len],
                &want[..]
            );
        }
        assert_eq!(QUADS[9].len, 126);
        assert_eq!(QUADS[9].combinations[125], [5, 6, 7, 8]);
        assert_eq!(QUADS[3].len, 0);
    }
}
