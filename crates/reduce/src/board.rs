//! The fast 9x9 path: the essay's loop on an incremental state of 9-bit masks.

use sudoku_core::candidates::{digit_mask, fewest_candidates, mask_digit, ALL_DIGITS};
use sudoku_core::units::{CELLS, PEERS, UNITS, UNITS_OF, UNIT_BITS, UNIT_COUNT};
use sudoku_core::{Candidates, Choice, Contradiction, Event, Grid, Observer, Rule, Tally};

use crate::tell;

/// Every unit, as a bit set of [`UNITS`].
const ALL_UNITS: u32 = (1 << UNIT_COUNT) - 1;

/// Cells listed in the order they were solved.
#[derive(Clone, Copy)]
struct CellList {
    cells: [u8; CELLS],
    len: usize,
}

impl CellList {
    const EMPTY: CellList = CellList {
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
/// - `fresh`: the cells solved since the last eliminate pass. The other solved cells
///   were already eliminated from their peers, and eliminating them again removes
///   nothing, so an eliminate pass only visits the fresh ones;
/// - `placed`: for each unit, the digits of its solved cells. A digit held once in a
///   unit whose cell is already solved needs nothing from only choice;
/// - `dirty`: the units with a cell changed since only choice last began to look at
///   them. Only choice is a function of the unit's masks: on an unchanged unit it
///   changes nothing again, so it skips it;
/// - `depth`: how many tries made this board (0 at the root), the depth of its events.
///   It rides in the board, not along the search's arguments, so that the plain solve,
///   which never reads it, keeps no register for it.
///
/// Within one eliminate pass the order of the cells only matters when two of them hold
/// the same digit in one unit, and then a cell ends empty whatever the order: the loop
/// fails either way. Skipping what is known to change nothing, the loop below changes
/// the masks exactly as [`reduce_puzzle`](crate::reduce_puzzle) does, pass for pass.
#[derive(Clone, Copy)]
pub(crate) struct Board {
    masks: [u16; CELLS],
    fresh: CellList,
    placed: [u16; UNIT_COUNT],
    dirty: u32,
    depth: u16,
}

impl Board {
    /// The board of `grid_values`: each given solved and fresh, every unit to look at.
    pub(crate) fn new(grid: &Grid) -> Board {
        let mut board = Board {
            masks: *Candidates::from_grid(grid).masks(),
            fresh: CellList::EMPTY,
            placed: [0; UNIT_COUNT],
            dirty: ALL_UNITS,
            depth: 0,
        };
        for (cell, &d) in grid.cells().iter().enumerate() {
            if d != 0 {
                board.solved_cell(cell, digit_mask(d));
            }
        }
        board
    }

    /// Cell `cell` now holds the single digit of `mask`: fresh for the next eliminate
    /// pass, its digit placed in its three units.
    #[inline]
    fn solved_cell(&mut self, cell: usize, mask: u16) {
        self.fresh.push(cell);
        for u in UNITS_OF[cell] {
            self.placed[usize::from(u)] |= mask;
        }
    }

    /// A copy of this (reduced) board with cell `cell` set to the digit of `mask`: a try.
    #[inline]
    fn with(&self, cell: usize, mask: u16) -> Board {
        let mut new = *self;
        new.masks[cell] = mask;
        new.fresh.len = 0;
        new.solved_cell(cell, mask);
        new.dirty = UNIT_BITS[cell];
        new.depth = self.depth + 1;
        new
    }

    /// [`reduce_puzzle`](crate::reduce_puzzle): `false` on a contradiction (a cell with
    /// no digit left). The first eliminate pass of the root board is over the givens
    /// alone: its removals are told by [`Rule::Given`].
    #[inline]
    fn reduce<O: Observer + ?Sized>(&mut self, observer: &mut O) -> bool {
        let mut rule = if self.depth == 0 {
            Rule::Given
        } else {
            Rule::NakedSingle
        };
        loop {
            if !self.eliminate(observer, rule) {
                return false;
            }
            rule = Rule::NakedSingle;
            self.only_choice(observer);
            if self.fresh.len == 0 {
                // No cell solved by either rule: the count of solved cells stayed the same.
                return true;
            }
        }
    }

    /// One eliminate pass over the fresh cells, its removals told by `rule`; `false` as
    /// soon as a cell is emptied (the essay's loop fails at the end of this iteration).
    #[inline]
    fn eliminate<O: Observer + ?Sized>(&mut self, observer: &mut O, rule: Rule) -> bool {
        let depth = self.depth;
        let list = self.fresh;
        self.fresh.len = 0;
        for &cell in &list.cells[..list.len] {
            let d = self.masks[usize::from(cell)];
            for &p in &PEERS[usize::from(cell)] {
                let p = usize::from(p);
                let m = self.masks[p];
                if m & d != 0 {
                    let n = m & !d;
                    self.masks[p] = n;
                    self.dirty |= UNIT_BITS[p];
                    tell!(
                        observer,
                        Event::Eliminate {
                            depth,
                            cell: p as u16,
                            digit: mask_digit(d),
                            rule,
                        }
                    );
                    if n & n.wrapping_sub(1) == 0 {
                        if n == 0 {
                            tell!(
                                observer,
                                Event::Contradiction {
                                    depth,
                                    reason: Contradiction::EmptyCell { cell: p as u16 },
                                }
                            );
                            return false;
                        }
                        self.solved_cell(p, n);
                    }
                }
            }
        }
        true
    }

    /// One only-choice pass over the dirty units, in the order rows, columns, boxes.
    #[inline]
    fn only_choice<O: Observer + ?Sized>(&mut self, observer: &mut O) {
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
            self.only_choice_in(u as usize, observer);
            from = u + 1;
            if from as usize == UNIT_COUNT {
                return;
            }
        }
    }

    /// Only choice in one unit, digits 1..9, each assignment seen by the higher digits.
    #[inline]
    fn only_choice_in<O: Observer + ?Sized>(&mut self, u: usize, observer: &mut O) {
        let depth = self.depth;
        let unit = &UNITS[u];
        let mut pending = ALL_DIGITS;
        'digits: loop {
            let mut once = 0u16;
            let mut twice = 0u16;
            for &c in unit {
                let m = self.masks[usize::from(c)];
                twice |= once & m;
                once |= m;
            }
            let mut single = once & !twice & !self.placed[u] & pending;
            while single != 0 {
                let d = single & single.wrapping_neg();
                single ^= d;
                let mut place = 0;
                for &c in unit {
                    if self.masks[usize::from(c)] & d != 0 {
                        place = usize::from(c);
                    }
                }
                if self.masks[place] != d {
                    tell!(
                        observer,
                        Event::Assign {
                            depth,
                            cell: place as u16,
                            digit: mask_digit(d),
                            rule: Rule::HiddenSingle { unit: u as u16 },
                        }
                    );
                    self.masks[place] = d;
                    self.dirty |= UNIT_BITS[place];
                    self.solved_cell(place, d);
                    // The cell lost its other digits: recount the higher ones.
                    pending = ALL_DIGITS & !(d | (d - 1));
                    continue 'digits;
                }
            }
            break;
        }
    }

    fn to_grid(self) -> Grid {
        Candidates::from_masks(self.masks).to_grid()
    }
}

/// Solves a 9x9 puzzle whose givens do not clash, telling `observer` every step.
#[inline]
pub(crate) fn solve<O: Observer + ?Sized>(
    puzzle: &Grid,
    tally: &mut Tally,
    observer: &mut O,
) -> bool {
    search(tally, Board::new(puzzle), observer)
}

/// [`search`](crate::search) on the board: reduce (a contradiction is a dead end);
/// every cell solved is a solution; otherwise the unfilled cell with the fewest
/// candidates (core's [`fewest_candidates`]), each of its digits ascending tried on a
/// copy of the board. Returns `true` when the whole search must stop.
fn search<O: Observer + ?Sized>(tally: &mut Tally, mut board: Board, observer: &mut O) -> bool {
    if !board.reduce(observer) {
        return false;
    }
    let Some(cell) = fewest_candidates(&board.masks) else {
        // No cell left unfilled (and none empty): every cell single, a solution.
        tell!(observer, Event::Solution { depth: board.depth });
        return tally.solution(|| board.to_grid());
    };
    tell!(
        observer,
        Event::Choose {
            depth: board.depth,
            choice: Choice::FewestCandidates {
                cell: cell as u16,
                candidates: board.masks[cell].count_ones() as u8,
            },
        }
    );
    let depth = board.depth + 1;
    let mut digits = board.masks[cell];
    while digits != 0 {
        let d = digits & digits.wrapping_neg();
        digits ^= d;
        if !tally.try_one() {
            return true;
        }
        let digit = mask_digit(d);
        tell!(
            observer,
            Event::Try {
                depth,
                cell: cell as u16,
                digit
            }
        );
        tell!(
            observer,
            Event::Assign {
                depth,
                cell: cell as u16,
                digit,
                rule: Rule::Tried,
            }
        );
        if search(tally, board.with(cell, d), observer) {
            return true;
        }
        tally.backtrack();
        tell!(
            observer,
            Event::Backtrack {
                depth,
                cell: cell as u16,
                digit
            }
        );
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{reduce_puzzle, Values};

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
                let mut essay = Values::from(&Candidates::from_masks(board.masks));
                let ok = reduce_puzzle(&mut essay, 0, &mut ()).is_ok();
                assert_eq!(ok, board.reduce(&mut ()));
                if !ok {
                    dead_ends += 1;
                    continue;
                }
                assert_eq!(essay, Values::from(&Candidates::from_masks(board.masks)));
                assert_eq!(board.dirty, 0);
                if essay.is_solved() {
                    continue;
                }
                let cell = fewest_candidates(&board.masks).unwrap();
                let mut digits = board.masks[cell];
                while digits != 0 {
                    let d = digits & digits.wrapping_neg();
                    digits ^= d;
                    stack.push(board.with(cell, d));
                }
            }
        }
        assert!(states > 1000 && dead_ends > 100, "{states} {dead_ends}");
    }
}
