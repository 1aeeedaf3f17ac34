//! Step two of the method: dig holes in a solution grid, keeping one solution.
//!
//! The digger visits the orbits of the symmetry (single cells without one) once each,
//! in a random order, and takes the givens of each away when the puzzle keeps exactly one
//! solution without them; otherwise it puts them back. One pass is enough for a minimal
//! puzzle: a removal refused once stays refused, since removing more givens can only add
//! solutions.
//!
//! Most removals need no search at all. If the digits taken away are forced back by the
//! givens that remain — a cell with one candidate left (a naked single), or a digit with
//! one place left in a unit (a hidden single) — then every solution of the new puzzle
//! holds them, so it is a solution of the old one: there is still exactly one. Only when
//! that fails does the checker (an exact strategy, asked for two solutions) decide.

use sudoku_core::Grid;

use crate::board::Board;
use crate::check::{Checker, Verdict};

/// When the digger stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// After the pass over every orbit: a minimal puzzle.
    Minimal,
    /// As soon as at most this many givens are left (or the pass ends).
    AtGivens(usize),
    /// At the first orbit that cannot go.
    FirstRefusal,
}

/// What the digger did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DigStats {
    /// Removals proved safe by singles on the removed cells alone.
    pub forced: u64,

    /// Calls of the checker.
    pub checks: u64,
    /// Removals refused because the check ran out of its node budget: 0 means that the
    /// minimality of a minimal puzzle is proved.
    pub unknown: u64,
}

/// The puzzle dug out of `solution`, visiting `orbits` in the order given: `None` if the
/// givens fell below `floor` (a target the attempt can no longer reach).
pub fn dig<'a>(
    solution: &Grid,
    orbits: impl IntoIterator<Item = &'a [u16]>,
    checker: &Checker,
    stop: Stop,
    floor: usize,
    stats: &mut DigStats,
) -> Option<Grid> {
    let mut board = Board::of(solution);
    let mut givens = board.givens();
    for orbit in orbits {
        if matches!(stop, Stop::AtGivens(n) if givens <= n) {
            break;
        }
        let mut removed = [(0usize, 0u8); MAX_ORBIT];
        let removed = &mut removed[..orbit.len()];
        for (r, &cell) in removed.iter_mut().zip(orbit) {
            *r = (cell as usize, board.take(cell as usize));
        }
        let verdict = verdict(&mut board, removed, checker, stats);
        if verdict == Verdict::Unique {
            givens -= removed.len();
            if givens < floor {
                return None;
            }
            continue;
        }
        stats.unknown += u64::from(verdict == Verdict::Unknown);
        for &(cell, digit) in removed.iter() {
            board.put(cell, digit);
        }
        if stop == Stop::FirstRefusal {
            break;
        }
    }
    Some(board.grid())
}

/// The most cells an orbit has (a quarter turn's four).
const MAX_ORBIT: usize = 4;

/// Whether the puzzle on `board`, just stripped of `removed`, still has one solution:
/// proved by singles on the removed cells, or else asked of the checker.
fn verdict(
    board: &mut Board,
    removed: &[(usize, u8)],
    checker: &Checker,
    stats: &mut DigStats,
) -> Verdict {
    if forced_back(board, removed) {
        stats.forced += 1;
        return Verdict::Unique;
    }
    stats.checks += 1;
    checker.verdict(&board.grid())
}

/// Whether the `removed` cells (with their digits) are forced back, one after another, by
/// singles on what the board holds. The board is left as it was.
fn forced_back(board: &mut Board, removed: &[(usize, u8)]) -> bool {
    let mut back = 0usize; // bit i: removed[i] is back on the board
    let all = (1usize << removed.len()) - 1;
    loop {
        let before = back;
        for (i, &(cell, digit)) in removed.iter().enumerate() {
            if back & (1 << i) == 0 && is_single(board, cell, digit) {
                board.put(cell, digit);
                back |= 1 << i;
            }
        }
        if back == all || back == before {
            break;
        }
    }
    for (i, &(cell, _)) in removed.iter().enumerate() {
        if back & (1 << i) != 0 {
            board.take(cell);
        }
    }
    back == all
}

/// Whether the empty `cell` must hold `digit`: it is its only candidate (a naked single),
/// or no other empty cell of one of its units can take it (a hidden single).
fn is_single(board: &Board, cell: usize, digit: u8) -> bool {
    let bit = 1u32 << (digit - 1);
    if board.candidates(cell) == bit {
        return true;
    }
    let geometry = board.geometry();
    geometry.units_of(cell).into_iter().any(|u| {
        geometry.unit(u as usize).iter().all(|&other| {
            let other = other as usize;
            other == cell || board.get(other) != 0 || board.candidates(other) & bit == 0
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Size;

    fn solved() -> Grid {
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
            .parse()
            .unwrap()
    }

    #[test]
    fn a_cell_whose_peers_hold_the_other_digits_is_a_naked_single() {
        let mut board = Board::of(&solved());
        let digit = board.take(40);
        assert!(is_single(&board, 40, digit));
        assert!(forced_back(&mut board, &[(40, digit)]));
        assert_eq!(board.get(40), 0, "the board is left as it was");
    }

    #[test]
    fn a_digit_with_one_place_left_in_a_unit_is_a_hidden_single() {
        // Row 1 and column 1 emptied: r1c1 has several candidates, but every other
        // cell of row 1 sees a 5 in its column.
        let mut board = Board::of(&solved());
        let five = board.take(0);
        assert_eq!(five, 5);
        for cell in (1..9).chain((9..81).step_by(9)) {
            board.take(cell);
        }
        assert_ne!(board.candidates(0), 1 << 4, "not a naked single");
        assert!(is_single(&board, 0, 5));
    }

    #[test]
    fn an_empty_grid_forces_nothing() {
        let mut board = Board::empty(Size::NINE);
        board.put(0, 1);
        let one = board.take(0);
        assert!(!forced_back(&mut board, &[(0, one)]));
    }
}
