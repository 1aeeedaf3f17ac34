//! The filters of one `alldifferent` constraint against enumeration: on random small
//! constraints (up to 5 variables over 7 values), Régin's filter keeps exactly the values
//! some solution gives, the Hall-interval sweep reaches exactly the bounds that some
//! solution over the intervals gives, both fail exactly when there is no such solution,
//! and the essay's definitions say the same.

use proptest::prelude::*;
use sudoku_core::DigitSet;
use sudoku_cp::alldifferent::{bounds, regin, Matching, Violated};
use sudoku_cp::essay;

/// Every assignment of different values within `domains` (bit `v` for value `v`).
fn solutions(domains: &[u32]) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let mut partial = Vec::new();
    fn go(domains: &[u32], partial: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        let Some(&d) = domains.get(partial.len()) else {
            out.push(partial.clone());
            return;
        };
        for v in 0..32 {
            if d & (1 << v) != 0 && !partial.contains(&v) {
                partial.push(v);
                go(domains, partial, out);
                partial.pop();
            }
        }
    }
    go(domains, &mut partial, &mut out);
    out
}

/// The values some solution gives each variable; `None` without a solution.
fn supported(domains: &[u32]) -> Option<Vec<u32>> {
    let all = solutions(domains);
    if all.is_empty() {
        return None;
    }
    let mut keep = vec![0; domains.len()];
    for s in &all {
        for (k, &v) in keep.iter_mut().zip(s) {
            *k |= 1 << v;
        }
    }
    Some(keep)
}

/// The interval from the smallest to the largest value of a mask.
fn interval(d: u32) -> u32 {
    let (low, high) = (d.trailing_zeros(), 31 - d.leading_zeros());
    (low..=high).fold(0, |m, v| m | 1 << v)
}

/// Bounds consistency by enumeration: a bound with no solution over the others'
/// intervals is removed, until none is.
fn bounds_by_enumeration(domains: &[u32]) -> Option<Vec<u32>> {
    let mut d = domains.to_vec();
    loop {
        if d.contains(&0) {
            return None;
        }
        let intervals: Vec<u32> = d.iter().map(|&x| interval(x)).collect();
        let support = supported(&intervals)?;
        let mut moved = false;
        for (x, s) in d.iter_mut().zip(&support) {
            for end in [x.trailing_zeros(), 31 - x.leading_zeros()] {
                if *x != 0 && *x & (1 << end) != 0 && s & (1 << end) == 0 {
                    *x &= !(1 << end);
                    moved = true;
                }
            }
        }
        if !moved {
            return Some(d);
        }
    }
}

fn to_digits(domains: &[u32]) -> Vec<DigitSet> {
    domains.iter().map(|&d| DigitSet::from_bits(d)).collect()
}

fn to_masks(domains: &[DigitSet]) -> Vec<u32> {
    domains.iter().map(|d| d.bits()).collect()
}

/// Up to 5 variables over the values 0..7, no domain empty.
fn constraint() -> impl Strategy<Value = Vec<u32>> {
    proptest::collection::vec(1u32..128, 1..=5)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn regin_keeps_exactly_the_supported_values(domains in constraint(), stale in constraint()) {
        let want = supported(&domains);
        // A matching left by another constraint's domains must not matter.
        let mut matching = Matching::default();
        let _ = regin(&mut stale.clone(), &mut matching);
        let mut got = domains.clone();
        let result = regin(&mut got, &mut matching);
        match want {
            None => prop_assert_eq!(result, Err(Violated)),
            Some(keep) => {
                prop_assert_eq!(result, Ok(()));
                prop_assert_eq!(&got, &keep);
            }
        }
        // The essay's definition (digits are values + 1: bit v stands for digit v + 1).
        let essay = essay::arc_consistency(&to_digits(&domains)).map(|d| to_masks(&d));
        prop_assert_eq!(essay, result.ok().map(|()| got.clone()));
        prop_assert_eq!(Matching::default().cover(&domains), result.is_ok());
    }

    #[test]
    fn the_hall_interval_sweep_reaches_bounds_consistency(domains in constraint()) {
        let want = bounds_by_enumeration(&domains);
        let mut got = domains.clone();
        let result = bounds(&mut got).map(|()| got);
        prop_assert_eq!(&result.clone().ok(), &want);
        let essay = essay::bounds_consistency(&to_digits(&domains)).map(|d| to_masks(&d));
        prop_assert_eq!(essay, want);
    }
}

#[test]
fn regin_example_and_a_sudoku_row() {
    // Régin (1994), the example of his figure: x1..x6 over 1..7.
    let set = |vs: &[u32]| vs.iter().fold(0, |m, v| m | 1 << v);
    let mut d = [
        set(&[1, 2]),
        set(&[2, 3]),
        set(&[1, 3]),
        set(&[2, 4]),
        set(&[3, 4, 5, 6]),
        set(&[6, 7]),
    ];
    regin(&mut d, &mut Matching::default()).unwrap();
    let want = [
        set(&[1, 2]),
        set(&[2, 3]),
        set(&[1, 3]),
        set(&[4]),
        set(&[5, 6]),
        set(&[6, 7]),
    ];
    assert_eq!(d, want);
    // A row where {1, 2} is a naked pair and 5 a hidden single (r1c9 its only place):
    // the pair leaves the rest of the row, 5 takes its place. (Bit d - 1 for digit d.)
    let digits = |ds: &[u32]| ds.iter().fold(0, |m, d| m | 1 << (d - 1));
    let pair = digits(&[1, 2]);
    let no_five = digits(&[1, 2, 3, 4, 6, 7, 8, 9]);
    let all = digits(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
    let row = [
        pair, pair, no_five, no_five, no_five, no_five, no_five, no_five, all,
    ];
    let rest = digits(&[3, 4, 6, 7, 8, 9]);
    let mut gac = row;
    regin(&mut gac, &mut Matching::default()).unwrap();
    assert_eq!(
        gac,
        [pair, pair, rest, rest, rest, rest, rest, rest, digits(&[5])]
    );
    // Bounds consistency sees the pair (an interval at the low end) but not the hidden
    // single inside the others' intervals: 1 and 2 leave the other cells, nothing more.
    let mut bc = row;
    bounds(&mut bc).unwrap();
    let from_three = digits(&[3, 4, 5, 6, 7, 8, 9]);
    assert_eq!(
        bc,
        [pair, pair, rest, rest, rest, rest, rest, rest, from_three]
    );
}
