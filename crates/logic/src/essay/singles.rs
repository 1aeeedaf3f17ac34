//! Hidden singles: a digit with one place left in a unit goes there.

use sudoku_core::{Contradiction, Observer, Rule, Technique};

use super::{Marks, Scribe};

/// Every unit in turn, digits ascending: a digit with no place in the unit is a
/// contradiction; the first digit with one place, in a cell that holds other digits too,
/// goes there.
pub(super) fn hidden_single<O: Observer + ?Sized>(
    marks: &mut Marks,
    scribe: &mut Scribe<'_, O>,
) -> Result<bool, Contradiction> {
    for unit in marks.units() {
        for digit in marks.digits() {
            match marks.places(unit, digit)[..] {
                [] => {
                    let reason = Contradiction::NoPlace {
                        unit: unit as u16,
                        digit,
                    };
                    return Err(scribe.contradiction(reason));
                }
                [cell] if marks.marks[cell].len() > 1 => {
                    scribe.used.add(Technique::HiddenSingle);
                    let rule = Rule::HiddenSingle { unit: unit as u16 };
                    scribe.place(marks, cell, digit, rule)?;
                    return Ok(true);
                }
                _ => {}
            }
        }
    }
    Ok(false)
}
