//! Naked and hidden subsets: pairs, triples and quads.
//!
//! - naked: `k` cells of a unit holding `k` digits between them: those digits will fill
//!   those cells, so the unit's other cells lose them;
//! - hidden: `k` digits whose places in a unit are the same `k` cells: those cells will
//!   hold those digits, so they lose their other digits.

use sudoku_core::{Contradiction, DigitSet, Observer, Rule, Technique};

use super::{combinations, first_in_units, of_count, Marks, Scribe};

const NAKED: [Technique; 3] = [
    Technique::NakedPair,
    Technique::NakedTriple,
    Technique::NakedQuad,
];
const HIDDEN: [Technique; 3] = [
    Technique::HiddenPair,
    Technique::HiddenTriple,
    Technique::HiddenQuad,
];

/// Every unit in turn: the first naked subset of `k` cells that eliminates something.
pub(super) fn naked_subset<O: Observer + ?Sized>(
    marks: &mut Marks,
    scribe: &mut Scribe<'_, O>,
    k: usize,
) -> Result<bool, Contradiction> {
    first_in_units(marks, scribe, |marks, scribe, unit| {
        naked_subset_in(marks, scribe, unit, k)
    })
}

/// Every unit in turn: the first hidden subset of `k` digits that eliminates something.
pub(super) fn hidden_subset<O: Observer + ?Sized>(
    marks: &mut Marks,
    scribe: &mut Scribe<'_, O>,
    k: usize,
) -> Result<bool, Contradiction> {
    first_in_units(marks, scribe, |marks, scribe, unit| {
        hidden_subset_in(marks, scribe, unit, k)
    })
}

/// In `unit`, of its cells holding two to `k` digits (in unit order), the first `k`
/// (lexicographically) holding `k` digits between them that another cell of the unit
/// holds too: the other cells lose them.
fn naked_subset_in<O: Observer + ?Sized>(
    marks: &mut Marks,
    scribe: &mut Scribe<'_, O>,
    unit: usize,
    k: usize,
) -> Result<bool, Contradiction> {
    let cells = marks.cells(unit);
    let small: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| (2..=k).contains(&marks.marks[c].len()))
        .collect();
    for pick in combinations(small.len(), k) {
        let subset: Vec<usize> = pick.iter().map(|&i| small[i]).collect();
        let digits = subset
            .iter()
            .fold(DigitSet::EMPTY, |u, &c| u.union(marks.marks[c]));
        let others_hold_them = cells
            .iter()
            .any(|c| !subset.contains(c) && !marks.marks[*c].intersection(digits).is_empty());
        if digits.len() != k || !others_hold_them {
            continue;
        }
        let technique = of_count(k, NAKED);
        scribe.used.add(technique);
        let rule = Rule::NakedSubset {
            unit: unit as u16,
            count: k as u8,
        };
        scribe.erase_from(marks, &cells, digits, |c| subset.contains(&c), rule)?;
        scribe.draw_naked_singles(marks)?;
        return Ok(true);
    }
    Ok(false)
}

/// In `unit`, of the digits with two to `k` places in it (ascending), the first `k`
/// (lexicographically) whose places are `k` cells between them, where some cell holds
/// another digit too: those cells lose their other digits.
fn hidden_subset_in<O: Observer + ?Sized>(
    marks: &mut Marks,
    scribe: &mut Scribe<'_, O>,
    unit: usize,
    k: usize,
) -> Result<bool, Contradiction> {
    let cells = marks.cells(unit);
    let few: Vec<u8> = marks
        .digits()
        .filter(|&d| (2..=k).contains(&marks.places(unit, d).len()))
        .collect();
    for pick in combinations(few.len(), k) {
        let digits: DigitSet = pick.iter().map(|&i| few[i]).collect();
        let mut places: Vec<usize> = digits.iter().flat_map(|d| marks.places(unit, d)).collect();
        places.sort_unstable();
        places.dedup();
        let hold_others = places
            .iter()
            .any(|&c| !marks.marks[c].difference(digits).is_empty());
        if places.len() != k || !hold_others {
            continue;
        }
        let technique = of_count(k, HIDDEN);
        scribe.used.add(technique);
        let rule = Rule::HiddenSubset {
            unit: unit as u16,
            count: k as u8,
        };
        let others = DigitSet::full(marks.side()).difference(digits);
        // In unit order: the cells outside the places keep everything.
        scribe.erase_from(marks, &cells, others, |c| !places.contains(&c), rule)?;
        scribe.draw_naked_singles(marks)?;
        return Ok(true);
    }
    Ok(false)
}
