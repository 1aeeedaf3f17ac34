//! The reduce strategy: *eliminate* and *only choice* repeated until they stall, then search.
//!
//! This is the algorithm of the Udacity AI sudoku agent, as the Spanish and Chinese
//! essays retell it. The candidate grid (Norvig's `values`, here a [`Candidates`]) starts
//! from `grid_values`: each given holds its digit, each empty box all nine.
//!
//! - [`eliminate`]: *if a box has a value assigned, then none of the peers of this box
//!   can have this value*;
//! - [`only_choice`]: *if there is only one box in a unit which would allow a certain
//!   digit, then that box must be assigned that digit*;
//! - [`reduce_puzzle`]: *iterate `eliminate()` and `only_choice()`; if at some point there
//!   is a box with no available values, return False; if after an iteration of both
//!   functions the sudoku remains the same, return the sudoku*;
//! - *search* ([`Reduce`]): *using depth-first search and propagation, create a search
//!   tree*: reduce the puzzle, choose one of the unfilled boxes with the fewest
//!   possibilities, and try each of its values in turn on a copy of the grid.
//!
//! The exact order of every loop decides the counts (`../shared/reference/README.md`):
//! the solved boxes of an eliminate pass are those solved at its start, in reading
//! order; only choice walks the units rows → columns → boxes ([`UNITS`] is in that
//! order) and digits 1..9, and sees its own changes at once; the search branches on the
//! first box (reading order) of fewest candidates, its digits ascending.
//!
//! ```
//! use sudoku_core::{Candidates, Grid};
//! use sudoku_reduce::reduce_puzzle;
//!
//! let grid: Grid =
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!         .parse()
//!         .unwrap();
//! let mut values = Candidates::from_grid(&grid);
//! assert!(reduce_puzzle(&mut values));
//! assert!(values.is_solved());
//! assert_eq!(values.to_grid().to_line()[..9], *"483921657");
//! ```
#![deny(missing_docs)]

use sudoku_core::candidates::{ALL_DIGITS, DIGIT_COUNT};
use sudoku_core::units::{CELLS, PEERS, UNITS, UNITS_OF, UNIT_BITS};
use sudoku_core::{Candidates, Grid, Limits, Outcome, Solver, Tally};

/// The reduce strategy: [`reduce_puzzle`], then depth-first search on the box with the
/// fewest possibilities.
///
/// Each *try* is one value put in the chosen box of a copy of the grid; a try whose
/// subtree does not end the search is a backtrack. A puzzle whose givens clash has
/// no solution and costs one node.
#[derive(Debug, Clone, Copy, Default)]
pub struct Reduce;

impl Solver for Reduce {
    fn name(&self) -> &'static str {
        "reduce"
    }

    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        if !givens_ok(puzzle) {
            return Outcome::rejected_at_root();
        }
        let mut tally = Tally::new(limits);
        search(&mut tally, Board::new(puzzle));
        tally.outcome()
    }
}

/// *Eliminate*: if a box has a value assigned, then none of the peers of this box can
/// have this value.
///
/// One pass, as the essay writes it: list the solved boxes (one candidate) at the start
/// of the pass, in reading order; for each, remove its *current* value from its 20 peers.
/// Boxes solved during the pass wait for the next one. A box emptied during the pass by
/// a peer holding the same digit removes nothing; [`reduce_puzzle`] then fails.
///
/// ```
/// use sudoku_core::{Candidates, Grid};
/// use sudoku_reduce::eliminate;
///
/// let grid: Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse()
///         .unwrap();
/// let mut values = Candidates::from_grid(&grid);
/// eliminate(&mut values);
/// // A1 keeps only 4 and 5: its row, column and box hold every other digit.
/// assert_eq!(values.get(0), 0b1_1000);
/// ```
pub fn eliminate(values: &mut Candidates) {
    let masks = values.masks_mut();
    let solved = masks.map(is_single);
    for b in (0..CELLS).filter(|&b| solved[b]) {
        // The box's value now: its digit, or nothing if a peer emptied it this pass.
        let d = masks[b] & ALL_DIGITS;
        for &p in &PEERS[b] {
            masks[usize::from(p)] &= !d;
        }
    }
}

/// *Only choice*: if there is only one box in a unit which would allow a certain digit,
/// then that box must be assigned that digit.
///
/// One pass over the units in the order rows (top to bottom), columns (left to right),
/// boxes (reading order); in each unit the digits 1..9 in turn. Each assignment is seen
/// at once by the later digits and units of the same pass.
///
/// ```
/// use sudoku_core::Candidates;
/// use sudoku_reduce::only_choice;
///
/// let mut values = Candidates::all();
/// // Digit 9 is removed from every box of the top row but the last one.
/// for cell in 0..8 {
///     values.masks_mut()[cell] &= !(1 << 8);
/// }
/// only_choice(&mut values);
/// assert_eq!(values.get(8), 1 << 8);
/// ```
pub fn only_choice(values: &mut Candidates) {
    let masks = values.masks_mut();
    for unit in &UNITS {
        for digit in (0..9).map(|d| 1u16 << d) {
            let place = {
                let mut places = unit
                    .iter()
                    .map(|&c| usize::from(c))
                    .filter(|&c| masks[c] & digit != 0);
                match (places.next(), places.next()) {
                    (Some(place), None) => Some(place),
                    _ => None,
                }
            };
            if let Some(place) = place {
                masks[place] = digit;
            }
        }
    }
}

/// *Reduce puzzle*: iterate [`eliminate`] and [`only_choice`]. If at some point there
/// is a box with no available values, return `false`. If after an iteration of both
/// functions the number of solved boxes stays the same, stop and return `true`.
///
/// Each iteration counts the solved boxes, runs one eliminate pass and one only-choice
/// pass, counts again and fails if any box is empty. On `true`, `values` holds the
/// reduced grid (solved when every box holds one digit); on `false` it holds the grid
/// at the contradiction.
///
/// This is the essay's loop, one rule at a time; the search of [`Reduce`] runs the same
/// loop on its own incremental state, with the same results.
pub fn reduce_puzzle(values: &mut Candidates) -> bool {
    loop {
        let before = solved_boxes(values);
        eliminate(values);
        only_choice(values);
        let after = solved_boxes(values);
        if values.masks().iter().any(|&m| m & ALL_DIGITS == 0) {
            return false;
        }
        if before == after {
            return true;
        }
    }
}

/// How many boxes hold exactly one digit.
fn solved_boxes(values: &Candidates) -> usize {
    values.masks().iter().filter(|&&m| is_single(m)).count()
}

/// Whether a mask holds exactly one digit.
#[inline]
fn is_single(mask: u16) -> bool {
    (mask & ALL_DIGITS).count_ones() == 1
}

/// Whether no two givens of `grid` share a digit within a unit (the reference's
/// `givens_ok`): a grid with clashing givens is rejected before any search.
fn givens_ok(grid: &Grid) -> bool {
    let mut seen = [0u16; 27];
    for (cell, &d) in grid.cells().iter().enumerate() {
        if d == 0 {
            continue;
        }
        let bit = 1u16 << d;
        let units = [
            cell / 9,
            9 + cell % 9,
            18 + (cell / 27) * 3 + (cell % 9) / 3,
        ];
        for u in units {
            if seen[u] & bit != 0 {
                return false;
            }
            seen[u] |= bit;
        }
    }
    true
}

/// Every unit.
const ALL_UNITS: u32 = (1 << 27) - 1;

/// Boxes listed in the order they were solved.
#[derive(Clone, Copy)]
struct BoxList {
    cells: [u8; CELLS],
    len: usize,
}

impl BoxList {
    const EMPTY: BoxList = BoxList {
        cells: [0; CELLS],
        len: 0,
    };

    #[inline]
    fn push(&mut self, cell: usize) {
        self.cells[self.len] = cell as u8;
        self.len += 1;
    }
}

/// The search state: the candidate masks, kept with what the essay's loop would
/// recount on every iteration.
///
/// - `solved`: how many boxes hold one digit;
/// - `fresh`: the boxes solved since the last eliminate pass. The other solved boxes
///   were already eliminated from their peers, and eliminating them again removes
///   nothing, so an eliminate pass only visits the fresh ones;
/// - `placed`: for each unit, the digits of its solved boxes. A digit held once in a
///   unit whose box is already solved needs nothing from only choice;
/// - `dirty`: the units with a box changed since only choice last began to look at
///   them. Only choice is a function of the unit's masks: on an unchanged unit it
///   changes nothing again, so it skips it.
///
/// Within one eliminate pass the order of the boxes only matters when two of them hold
/// the same digit in one unit, and then a box ends empty whatever the order: the loop
/// fails either way. Skipping what is known to change nothing, the loop below changes
/// the masks exactly as [`reduce_puzzle`] does.
#[derive(Clone, Copy)]
struct Board {
    masks: [u16; CELLS],
    solved: u32,
    fresh: BoxList,
    placed: [u16; 27],
    dirty: u32,
}

impl Board {
    /// The board of `grid_values`: each given solved and fresh, every unit to look at.
    fn new(grid: &Grid) -> Board {
        let mut board = Board {
            masks: *Candidates::from_grid(grid).masks(),
            solved: 0,
            fresh: BoxList::EMPTY,
            placed: [0; 27],
            dirty: ALL_UNITS,
        };
        for (cell, &d) in grid.cells().iter().enumerate() {
            if d != 0 {
                board.solved_box(cell, 1 << (d - 1));
            }
        }
        board
    }

    /// Box `cell` now holds the single digit of `mask`: one more solved box, fresh for
    /// the next eliminate pass, its digit placed in its three units.
    #[inline]
    fn solved_box(&mut self, cell: usize, mask: u16) {
        self.fresh.push(cell);
        self.solved += 1;
        for u in UNITS_OF[cell] {
            self.placed[usize::from(u)] |= mask;
        }
    }

    /// A copy of this (reduced) board with box `cell` set to the digit of `mask`: a try.
    #[inline]
    fn with(&self, cell: usize, mask: u16) -> Board {
        let mut new = *self;
        new.masks[cell] = mask;
        new.fresh.len = 0;
        new.solved_box(cell, mask);
        new.dirty = UNIT_BITS[cell];
        new
    }

    /// [`reduce_puzzle`]: `false` on a contradiction (a box with no digit left).
    #[inline]
    fn reduce(&mut self) -> bool {
        loop {
            if !self.eliminate() {
                return false;
            }
            let before = self.solved;
            self.only_choice();
            if self.fresh.len == 0 {
                // No box solved by either rule: the count stayed the same.
                debug_assert_eq!(before, self.solved);
                return true;
            }
        }
    }

    /// One eliminate pass over the fresh boxes; `false` as soon as a box is emptied
    /// (the essay's loop fails at the end of this iteration).
    #[inline]
    fn eliminate(&mut self) -> bool {
        let list = self.fresh;
        self.fresh.len = 0;
        for &b in &list.cells[..list.len] {
            let d = self.masks[b as usize];
            for &p in &PEERS[b as usize] {
                let p = p as usize;
                let m = self.masks[p];
                if m & d != 0 {
                    let n = m & !d;
                    self.masks[p] = n;
                    self.dirty |= UNIT_BITS[p];
                    if n & n.wrapping_sub(1) == 0 {
                        if n == 0 {
                            return false;
                        }
                        self.solved_box(p, n);
                    }
                }
            }
        }
        true
    }

    /// One only-choice pass over the dirty units, in the order rows, columns, boxes.
    #[inline]
    fn only_choice(&mut self) {
        let mut from = 0u32;
        loop {
            let rest = self.dirty & !((1u32 << from) - 1);
            if rest == 0 {
                return;
            }
            let u = rest.trailing_zeros();
            // Cleared before the unit is looked at: an assignment in it can leave a lower
            // digit, already passed, with a single place, for the next pass to see.
            self.dirty &= !(1 << u);
            self.only_choice_in(u as usize);
            from = u + 1;
            if from == 27 {
                return;
            }
        }
    }

    /// Only choice in one unit, digits 1..9, each assignment seen by the higher digits.
    #[inline]
    fn only_choice_in(&mut self, u: usize) {
        let unit = &UNITS[u];
        let mut pending = ALL_DIGITS;
        'digits: loop {
            let mut once = 0u16;
            let mut twice = 0u16;
            for &c in unit {
                let m = self.masks[c as usize];
                twice |= once & m;
                once |= m;
            }
            let mut single = once & !twice & !self.placed[u] & pending;
            while single != 0 {
                let d = single & single.wrapping_neg();
                single ^= d;
                let mut place = 0;
                for &c in unit {
                    if self.masks[c as usize] & d != 0 {
                        place = c as usize;
                    }
                }
                if self.masks[place] != d {
                    self.masks[place] = d;
                    self.dirty |= UNIT_BITS[place];
                    self.solved_box(place, d);
                    // The box lost its other digits: recount the higher ones.
                    pending = ALL_DIGITS & !(d | (d - 1));
                    continue 'digits;
                }
            }
            break;
        }
    }

    /// The unfilled box with the fewest possibilities, ties to the first in reading order.
    #[inline]
    fn fewest_candidates(&self) -> usize {
        let mut best = 10u8;
        let mut cell = 0;
        for (i, &m) in self.masks.iter().enumerate() {
            let n = DIGIT_COUNT[usize::from(m & ALL_DIGITS)];
            if n > 1 && n < best {
                best = n;
                cell = i;
                if n == 2 {
                    break;
                }
            }
        }
        cell
    }

    fn to_grid(self) -> Grid {
        Candidates::from_masks(self.masks).to_grid()
    }
}

/// *Search*: reduce the puzzle (a contradiction is a dead end); every box solved is a
/// solution; otherwise choose the unfilled box with the fewest possibilities and try
/// each of its values, ascending, on a copy of the grid. Returns `true` when the
/// whole search must stop (enough solutions, or the budget spent).
fn search(tally: &mut Tally, mut values: Board) -> bool {
    if !values.reduce() {
        return false;
    }
    if values.solved as usize == CELLS {
        return tally.solution(|| values.to_grid());
    }
    let s = values.fewest_candidates();
    let mut digits = values.masks[s];
    while digits != 0 {
        let d = digits & digits.wrapping_neg();
        digits ^= d;
        if !tally.try_one() {
            return true;
        }
        if search(tally, values.with(s, d)) {
            return true;
        }
        tally.backtrack();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_incremental_loop_equals_the_essays_loop() {
        // The states met along the search of a few hard puzzles (up to 3000 each): the
        // search's own reduce equals `reduce_puzzle`, one rule at a time.
        let puzzles = [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
            ".....6....59.....82....8....45........3........6..3.54...325..6..................",
        ];
        let (mut states, mut dead_ends) = (0, 0);
        for p in puzzles {
            let grid: Grid = p.parse().unwrap();
            let mut stack = vec![Board::new(&grid)];
            let mut visited = 0;
            while let Some(mut board) = stack.pop() {
                visited += 1;
                if visited > 3000 {
                    break;
                }
                states += 1;
                let mut essay = Candidates::from_masks(board.masks);
                let ok = reduce_puzzle(&mut essay);
                assert_eq!(ok, board.reduce());
                if !ok {
                    dead_ends += 1;
                    continue;
                }
                assert_eq!(essay.masks(), &board.masks);
                assert_eq!(solved_boxes(&essay), board.solved as usize);
                assert_eq!(board.dirty, 0);
                if essay.is_solved() {
                    continue;
                }
                let s = board.fewest_candidates();
                let mut digits = board.masks[s];
                while digits != 0 {
                    let d = digits & digits.wrapping_neg();
                    digits ^= d;
                    stack.push(board.with(s, d));
                }
            }
        }
        assert!(states > 1000 && dead_ends > 100, "{states} {dead_ends}");
    }

    #[test]
    fn clashing_givens_are_found_in_rows_columns_and_boxes() {
        let empty = Grid::EMPTY;
        assert!(givens_ok(&empty));
        assert!(!givens_ok(&empty.with(0, 5).with(8, 5)));
        assert!(!givens_ok(&empty.with(0, 5).with(72, 5)));
        assert!(!givens_ok(&empty.with(0, 5).with(20, 5)));
        assert!(givens_ok(&empty.with(0, 5).with(12, 5)));
    }
}
