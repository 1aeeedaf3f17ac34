//! The essay's functions, one for one: [`eliminate`], [`only_choice`], [`reduce_puzzle`]
//! and [`search`], on the essay's [`Values`], at any grid size.
//!
//! Each function takes the search `depth` (how many tries stand) and an [`Observer`]
//! that is told every step in the shared [`Event`] vocabulary; pass `&mut ()` to watch
//! nothing.

use sudoku_core::{Choice, Contradiction, DigitSet, Event, Geometry, Observer, Rule, Tally};

use crate::{tell, Values};

/// *Eliminate*: if a square has a value assigned, then none of its peers can have this
/// value.
///
/// One pass, as the essay writes it: list the solved squares (one digit) at the start
/// of the pass, in reading order; for each, remove its *current* value from its peers,
/// each removal an [`Event::Eliminate`] by [`Rule::NakedSingle`]. Squares solved during
/// the pass wait for the next one. A square emptied during the pass by a peer holding
/// the same digit removes nothing; [`reduce_puzzle`] then fails.
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_reduce::{eliminate, Values};
///
/// let grid: Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse()
///         .unwrap();
/// let mut values = Values::from_grid(&grid);
/// eliminate(&mut values, 0, &mut ());
/// // A1 keeps only 4 and 5: its row, column and box hold every other digit.
/// assert_eq!(values[0].to_string(), "45");
/// ```
pub fn eliminate<O: Observer + ?Sized>(values: &mut Values, depth: u16, observer: &mut O) {
    eliminate_by(values, depth, Rule::NakedSingle, observer);
}

/// [`eliminate`], its removals told by `rule`.
fn eliminate_by<O: Observer + ?Sized>(
    values: &mut Values,
    depth: u16,
    rule: Rule,
    observer: &mut O,
) {
    let geometry = Geometry::of(values.size());
    let solved: Vec<usize> = (0..values.squares().len())
        .filter(|&s| values[s].len() == 1)
        .collect();
    for s in solved {
        // The square's value now: its digit, or none if a peer emptied it this pass.
        let Some(digit) = values[s].only() else {
            continue;
        };
        for &cell in geometry.peers(s) {
            if values[usize::from(cell)].remove(digit) {
                tell!(
                    observer,
                    Event::Eliminate {
                        depth,
                        cell,
                        digit,
                        rule,
                    }
                );
            }
        }
    }
}

/// *Only choice*: if there is only one square in a unit which would allow a certain
/// digit, then that square must be assigned that digit.
///
/// One pass over the units in the order rows (top to bottom), columns (left to right),
/// boxes (reading order); in each unit the digits `1..=N` in turn, the squares of the
/// unit in reading order. Each assignment is seen at once by the later digits and units
/// of the same pass. Each square that held more than that digit is an
/// [`Event::Assign`] by [`Rule::HiddenSingle`] of the unit.
///
/// ```
/// use sudoku_core::{Grid, DigitSet};
/// use sudoku_reduce::{only_choice, Values};
///
/// let mut values = Values::from_grid(&Grid::EMPTY);
/// // Digit 9 is removed from every square of the top row but the last one.
/// for square in 0..8 {
///     values[square].remove(9);
/// }
/// only_choice(&mut values, 0, &mut ());
/// assert_eq!(values[8], DigitSet::single(9));
/// ```
pub fn only_choice<O: Observer + ?Sized>(values: &mut Values, depth: u16, observer: &mut O) {
    let geometry = Geometry::of(values.size());
    let digits = 1..=values.size().side() as u8;
    for (unit, squares) in geometry.units().iter().enumerate() {
        for digit in digits.clone() {
            let mut places = squares
                .iter()
                .map(|&s| usize::from(s))
                .filter(|&s| values[s].contains(digit));
            if let (Some(place), None) = (places.next(), places.next()) {
                if values[place].len() > 1 {
                    tell!(
                        observer,
                        Event::Assign {
                            depth,
                            cell: place as u16,
                            digit,
                            rule: Rule::HiddenSingle { unit: unit as u16 },
                        }
                    );
                }
                values[place] = DigitSet::single(digit);
            }
        }
    }
}

/// *Reduce puzzle*: iterate [`eliminate`] and [`only_choice`]. If at some point there
/// is a square with no available values, fail; if after an iteration of both functions
/// the number of solved squares stays the same, stop.
///
/// Each iteration counts the solved squares, runs one eliminate pass and one only-choice
/// pass, counts again and fails if a square is empty (the first in reading order is the
/// contradiction). On `Ok`, `values` holds the reduced grid (solved when every square
/// holds one digit); on `Err` it holds the grid at the contradiction.
///
/// At the root (`depth` 0) the squares solved at the start of the first pass are the
/// givens: that pass's removals are told by [`Rule::Given`], as every strategy tells a
/// given's digit leaving its peers; the later ones by [`Rule::NakedSingle`].
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_reduce::{reduce_puzzle, Values};
///
/// let grid: Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse()
///         .unwrap();
/// let mut values = Values::from_grid(&grid);
/// assert_eq!(reduce_puzzle(&mut values, 0, &mut ()), Ok(()));
/// assert!(values.is_solved());
/// assert_eq!(values.to_grid().to_line()[..9], *"483921657");
/// ```
pub fn reduce_puzzle<O: Observer + ?Sized>(
    values: &mut Values,
    depth: u16,
    observer: &mut O,
) -> Result<(), Contradiction> {
    let mut rule = if depth == 0 {
        Rule::Given
    } else {
        Rule::NakedSingle
    };
    loop {
        let before = values.solved_count();
        eliminate_by(values, depth, rule, observer);
        rule = Rule::NakedSingle;
        only_choice(values, depth, observer);
        let after = values.solved_count();
        if let Some(cell) = values.empty_square() {
            return Err(Contradiction::EmptyCell { cell: cell as u16 });
        }
        if before == after {
            return Ok(());
        }
    }
}

/// *Search*: using depth-first search and propagation, create a search tree.
///
/// Reduce the puzzle: a contradiction is a dead end. Every square single: a solution.
/// Otherwise choose the unfilled square with the fewest possibilities (ties to the
/// first in reading order; an [`Event::Choose`] says which and how many) and try each of its values, ascending, on a copy of the
/// grid: each is a try of `tally`, and a try whose subtree does not end the search is
/// taken back. Returns `true` when the whole search must stop (enough solutions, or the
/// node budget spent). `depth` is how many tries stand (0 at the root).
///
/// ```
/// use sudoku_core::{Grid, Limits, Tally};
/// use sudoku_reduce::{search, Values};
///
/// let grid: Grid =
///     "2.............62....1....7......8...3...9...7...6..4...4....8....52.............3"
///         .parse()
///         .unwrap();
/// let mut tally = Tally::new(&Limits::FIRST);
/// assert!(search(Values::from_grid(&grid), 0, &mut tally, &mut ()));
/// assert_eq!(tally.counters().nodes, 17);
/// ```
pub fn search<O: Observer + ?Sized>(
    mut values: Values,
    depth: u16,
    tally: &mut Tally,
    observer: &mut O,
) -> bool {
    if let Err(reason) = reduce_puzzle(&mut values, depth, observer) {
        tell!(observer, Event::Contradiction { depth, reason });
        return false;
    }
    let unfilled = (0..values.squares().len()).filter(|&s| values[s].len() > 1);
    let Some(square) = unfilled.min_by_key(|&s| (values[s].len(), s)) else {
        // No square left unfilled (and none empty): every square single, a solution.
        tell!(observer, Event::Solution { depth });
        return tally.solution(|| values.to_grid());
    };
    let cell = square as u16;
    tell!(
        observer,
        Event::Choose {
            depth,
            choice: Choice::FewestCandidates {
                cell,
                candidates: values[square].len() as u8,
            },
        }
    );
    let depth = depth + 1;
    for digit in values[square].iter() {
        if !tally.try_one() {
            return true;
        }
        tell!(observer, Event::Try { depth, cell, digit });
        let mut new = values.clone();
        new[square] = DigitSet::single(digit);
        tell!(
            observer,
            Event::Assign {
                depth,
                cell,
                digit,
                rule: Rule::Tried,
            }
        );
        if search(new, depth, tally, observer) {
            return true;
        }
        tally.backtrack();
        tell!(observer, Event::Backtrack { depth, cell, digit });
    }
    false
}
