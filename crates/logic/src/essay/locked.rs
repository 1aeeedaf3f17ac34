//! Locked candidates: when a digit's places in a box all lie in one line, the rest of
//! the line cannot hold it (pointing); when its places in a line all lie in one box, the
//! rest of the box cannot hold it (claiming).

use sudoku_core::{Contradiction, DigitSet, Observer, Rule, Technique};

use super::{first_in_units, Marks, Scribe};

/// Every unit in turn, claiming in a row or column, pointing in a box, digits ascending:
/// the first locked candidate that eliminates something.
pub(super) fn locked_candidate<O: Observer + ?Sized>(
    marks: &mut Marks,
    scribe: &mut Scribe<'_, O>,
) -> Result<bool, Contradiction> {
    first_in_units(marks, scribe, |marks, scribe, unit| {
        if marks.is_box(unit) {
            pointing(marks, scribe, unit)
        } else {
            claiming(marks, scribe, unit)
        }
    })
}

/// The one value `of` takes on every cell of the non-empty `places`, if there is one.
fn common(places: &[usize], of: impl Fn(usize) -> usize) -> Option<usize> {
    let first = of(*places.first()?);
    places.iter().all(|&c| of(c) == first).then_some(first)
}

/// Claiming in line `line`: a digit whose places in the line all lie in one box, which
/// holds it elsewhere, leaves the rest of that box.
fn claiming<O: Observer + ?Sized>(
    marks: &mut Marks,
    scribe: &mut Scribe<'_, O>,
    line: usize,
) -> Result<bool, Contradiction> {
    let geometry = marks.geometry;
    let n = marks.side();
    for digit in marks.digits() {
        let places = marks.places(line, digit);
        let Some(b) = common(&places, |c| geometry.box_of(c)) else {
            continue;
        };
        let box_unit = 2 * n + b;
        let on_line = |c: usize| geometry.units_of(c)[..2].contains(&(line as u16));
        let rest = marks.places(box_unit, digit);
        if rest.iter().all(|&c| on_line(c)) {
            continue;
        }
        scribe.used.add(Technique::LockedCandidates);
        let rule = Rule::Claiming {
            line: line as u16,
            box_unit: box_unit as u16,
        };
        let cells = marks.cells(box_unit);
        scribe.erase_from(marks, &cells, DigitSet::single(digit), on_line, rule)?;
        scribe.draw_naked_singles(marks)?;
        return Ok(true);
    }
    Ok(false)
}

/// Pointing in box `box_unit`: a digit whose places in the box all lie in one row (else
/// one column), which holds it elsewhere, leaves the rest of that line.
fn pointing<O: Observer + ?Sized>(
    marks: &mut Marks,
    scribe: &mut Scribe<'_, O>,
    box_unit: usize,
) -> Result<bool, Contradiction> {
    let geometry = marks.geometry;
    let n = marks.side();
    let in_box = |c: usize| 2 * n + geometry.box_of(c) == box_unit;
    for digit in marks.digits() {
        let places = marks.places(box_unit, digit);
        let row = common(&places, |c| geometry.row_of(c));
        let column = common(&places, |c| n + geometry.col_of(c));
        for line in row.into_iter().chain(column) {
            if marks.places(line, digit).iter().all(|&c| in_box(c)) {
                continue;
            }
            scribe.used.add(Technique::LockedCandidates);
            let rule = Rule::Pointing {
                box_unit: box_unit as u16,
                line: line as u16,
            };
            let cells = marks.cells(line);
            scribe.erase_from(marks, &cells, DigitSet::single(digit), in_box, rule)?;
            scribe.draw_naked_singles(marks)?;
            return Ok(true);
        }
    }
    Ok(false)
}
