//! The fast 9x9 path: the techniques of the [crate docs](crate) on 9-bit candidate masks
//! and `const` unit tables, with the same steps, in the same order, as the
//! [essay](crate::essay) (tested equal, event for event).
//!
//! What makes it fast, without changing a step:
//!
//! - candidates are 9-bit masks per cell, units and peers `const` tables; a try copies
//!   the [`Board`] (a few hundred bytes) on the stack: no allocation anywhere;
//! - naked singles are a work list (a stack) drained after every change;
//! - each technique keeps the *houses* it still has to look at (units, or digits for the
//!   fish): a house whose candidates did not change since the technique last found
//!   nothing in it cannot hold anything new, so a sweep skips it. After a try, only the
//!   houses the try touched are looked at again;
//! - subsets and fish are found by a search over combinations of bit masks that prunes
//!   as soon as a union has more than `count` members.

mod combination;
mod deduce;
mod fish;
mod locked;
mod search;
mod singles;
mod subsets;

pub(crate) use search::solve;

use sudoku_core::candidates::{digit_mask, mask_digit, ALL_DIGITS, DIGIT_COUNT};
use sudoku_core::units::{
    CELLS, COL_OF, PEERS, ROW_OF, SIDE, UNITS, UNITS_OF, UNIT_BITS, UNIT_COUNT,
};
use sudoku_core::{Contradiction, Event, Grid, Observer, Rule, Technique};

use crate::level::{Used, LEVEL_COUNT};

/// Every unit, as a set of houses.
const ALL_UNITS: u32 = (1 << UNIT_COUNT) - 1;

/// The place of each cell within each of its three units (as [`UNITS`] lists them): its
/// column within its row, its row within its column, its place in reading order within
/// its box.
const PLACE_IN_UNITS: [[u8; 3]; CELLS] = {
    let mut t = [[0u8; 3]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let (r, c) = (ROW_OF[i], COL_OF[i]);
        t[i] = [c, r, (r % 3) * 3 + c % 3];
        i += 1;
    }
    t
};

/// The candidates of a grid being solved, and what each technique has still to look at.
#[derive(Clone, Copy)]
pub(crate) struct Board {
    /// The candidates of each cell, bit `d - 1` for digit `d`.
    pub(crate) cand: [u16; CELLS],
    /// For each unit and digit (`u * 9 + d - 1`), the places of the digit in the unit:
    /// bit `i` for the unit's `i`-th cell.
    pub(crate) places: [u16; UNIT_COUNT * SIDE],
    /// How many cells hold more than one candidate.
    pub(crate) unsolved: u32,
    /// For each technique, the houses to look at in its next sweep: units (bit `u`), or
    /// for the fish digits (bit `d - 1`).
    pending: [u32; LEVEL_COUNT],
    /// Units whose cells lost a candidate since the last look at `pending`.
    touched_units: u32,
    /// Digits lost somewhere since the last look at `pending`.
    touched_digits: u32,
}

impl Board {
    /// The givens as single candidates, every other cell with all nine; every house of
    /// every technique still to look at.
    fn new(puzzle: &Grid) -> Board {
        let mut cand = [ALL_DIGITS; CELLS];
        let mut unsolved = 0;
        for (m, &d) in cand.iter_mut().zip(puzzle.cells()) {
            if d == 0 {
                unsolved += 1;
            } else {
                *m = digit_mask(d);
            }
        }
        let mut places = [0u16; UNIT_COUNT * SIDE];
        for (cell, &m) in cand.iter().enumerate() {
            for (&u, &at) in UNITS_OF[cell].iter().zip(&PLACE_IN_UNITS[cell]) {
                for (d, p) in places[usize::from(u) * SIDE..][..SIDE]
                    .iter_mut()
                    .enumerate()
                {
                    *p |= (m >> d & 1) << at;
                }
            }
        }
        let mut pending = [ALL_UNITS; LEVEL_COUNT];
        for t in [Technique::XWing, Technique::Swordfish] {
            pending[t as usize] = u32::from(ALL_DIGITS);
        }
        Board {
            cand,
            places,
            unsolved,
            pending,
            touched_units: 0,
            touched_digits: 0,
        }
    }

    /// Adds what was touched to the houses every technique has to look at.
    #[inline(always)]
    fn fold(&mut self) {
        if self.touched_units | self.touched_digits == 0 {
            return;
        }
        for (t, p) in self.pending.iter_mut().enumerate() {
            *p |= if t >= Technique::XWing as usize {
                self.touched_digits
            } else {
                self.touched_units
            };
        }
        self.touched_units = 0;
        self.touched_digits = 0;
    }

    /// The first house at or after `from` that `technique` has to look at, taken off its list.
    #[inline(always)]
    fn next_pending(&mut self, technique: Technique, from: usize) -> Option<usize> {
        self.fold();
        let pending = &mut self.pending[technique as usize];
        let rest = *pending & (u32::MAX << from);
        if rest == 0 {
            return None;
        }
        let house = rest.trailing_zeros() as usize;
        *pending &= !(1 << house);
        Some(house)
    }

    /// The places of digit `d + 1` in unit `u`.
    #[inline(always)]
    pub(crate) fn places(&self, u: usize, d: usize) -> u16 {
        self.places[u * SIDE + d]
    }

    /// The solved grid (every cell holds one candidate).
    fn to_grid(&self) -> Grid {
        Grid::from_cells(self.cand.map(mask_digit))
    }
}

/// One sweep of `technique`: `look` examines each house still to look at, in order (the
/// houses a change makes due later in the sweep are looked at in it). A house where
/// `look` made a change stays due: it may hold more.
#[inline(always)]
fn sweep<O: Observer + ?Sized>(
    board: &mut Board,
    ctx: &mut Ctx<'_, O>,
    technique: Technique,
    mut look: impl FnMut(&mut Board, &mut Ctx<'_, O>, usize) -> Result<bool, Contradiction>,
) -> Result<bool, Contradiction> {
    let mut changed = false;
    let mut from = 0;
    while let Some(house) = board.next_pending(technique, from) {
        if look(board, ctx, house)? {
            changed = true;
            board.pending[technique as usize] |= 1 << house;
        }
        from = house + 1;
    }
    Ok(changed)
}

/// What a solve carries besides the board: the observer, the depth, the techniques used,
/// and the naked singles whose peers have still to lose their digit.
pub(crate) struct Ctx<'o, O: Observer + ?Sized> {
    pub(crate) observer: &'o mut O,
    pub(crate) depth: u16,
    pub(crate) used: Used,
    stack: [u8; CELLS],
    len: usize,
}

impl<'o, O: Observer + ?Sized> Ctx<'o, O> {
    pub(crate) fn new(observer: &'o mut O) -> Self {
        Ctx {
            observer,
            depth: 0,
            used: Used::default(),
            stack: [0; CELLS],
            len: 0,
        }
    }

    /// Forgets the naked singles of a dead end (before the next try).
    #[inline(always)]
    fn clear(&mut self) {
        self.len = 0;
    }

    /// Tells the observer about a dead end and hands it back.
    #[inline(always)]
    fn contradiction(&mut self, reason: Contradiction) -> Contradiction {
        if self.observer.active() {
            self.observer.event(Event::Contradiction {
                depth: self.depth,
                reason,
            });
        }
        reason
    }

    /// `cell` loses the candidates `digits` (those it has) by `rule`. Left with none, a
    /// contradiction; left with one, a naked single (unless `PLACING`: a digit is being
    /// placed there), whose peers lose it when the stack is drained.
    #[inline(always)]
    fn remove<const PLACING: bool>(
        &mut self,
        board: &mut Board,
        cell: usize,
        digits: u16,
        rule: Rule,
    ) -> Result<(), Contradiction> {
        let old = board.cand[cell];
        let gone = old & digits;
        if gone == 0 {
            return Ok(());
        }
        let left = old ^ gone;
        board.cand[cell] = left;
        let [r, c, b] = UNITS_OF[cell].map(|u| usize::from(u) * SIDE);
        let [pr, pc, pb] = PLACE_IN_UNITS[cell].map(|at| !(1u16 << at));
        let mut g = gone;
        while g != 0 {
            let d = g.trailing_zeros() as usize;
            g &= g - 1;
            board.places[r + d] &= pr;
            board.places[c + d] &= pc;
            board.places[b + d] &= pb;
        }
        board.touched_units |= UNIT_BITS[cell];
        board.touched_digits |= u32::from(gone);
        if self.observer.active() {
            let mut g = gone;
            while g != 0 {
                let digit = mask_digit(g);
                g &= g - 1;
                let (depth, cell) = (self.depth, cell as u16);
                self.observer.event(Event::Eliminate {
                    depth,
                    cell,
                    digit,
                    rule,
                });
            }
        }
        if left & left.wrapping_sub(1) == 0 {
            if left == 0 {
                let cell = cell as u16;
                return Err(self.contradiction(Contradiction::EmptyCell { cell }));
            }
            board.unsolved -= 1;
            self.stack[self.len] = cell as u8;
            self.len += 1;
            if !PLACING {
                self.used.add(Technique::NakedSingle);
                if self.observer.active() {
                    self.observer.event(Event::Assign {
                        depth: self.depth,
                        cell: cell as u16,
                        digit: mask_digit(left),
                        rule: Rule::NakedSingle,
                    });
                }
            }
        }
        Ok(())
    }

    /// Places `digit` (a mask) in `cell` by `rule` (a try or a hidden single): the cell
    /// loses its other candidates, and the naked singles are drained.
    #[inline(always)]
    fn place(
        &mut self,
        board: &mut Board,
        cell: usize,
        digit: u16,
        rule: Rule,
    ) -> Result<(), Contradiction> {
        if self.observer.active() {
            self.observer.event(Event::Assign {
                depth: self.depth,
                cell: cell as u16,
                digit: mask_digit(digit),
                rule,
            });
        }
        let others = board.cand[cell] & !digit;
        self.remove::<true>(board, cell, others, Rule::Assigned)?;
        self.drain(board)
    }

    /// Naked singles: each cell on the stack holds one candidate, which its peers lose
    /// (cells left with one candidate go on the stack in turn), until the stack is empty.
    fn drain(&mut self, board: &mut Board) -> Result<(), Contradiction> {
        while self.len > 0 {
            self.len -= 1;
            let cell = usize::from(self.stack[self.len]);
            let digit = board.cand[cell];
            let peers = &PEERS[cell];
            // Which peers still hold the digit, without a branch per peer.
            let mut holding = 0u32;
            for (i, &peer) in peers.iter().enumerate() {
                holding |= u32::from(board.cand[usize::from(peer)] & digit != 0) << i;
            }
            if holding != 0 {
                self.used.add(Technique::NakedSingle);
            }
            while holding != 0 {
                let i = holding.trailing_zeros() as usize;
                holding &= holding - 1;
                let peer = usize::from(peers[i]);
                self.remove::<false>(board, peer, digit, Rule::NakedSingle)?;
            }
        }
        Ok(())
    }

    /// Removes `digits` from every cell of `cells` but the `i`-th ones whose bit `i` is set
    /// in `keep`, by `rule`: the eliminations of one instance of a technique (the naked
    /// singles they make are drained once the instance is done).
    #[inline(always)]
    fn eliminate_from(
        &mut self,
        board: &mut Board,
        cells: &[u8],
        digits: u16,
        keep: u16,
        rule: Rule,
    ) -> Result<(), Contradiction> {
        for (i, &cell) in cells.iter().enumerate() {
            if keep >> i & 1 == 0 {
                self.remove::<false>(board, usize::from(cell), digits, rule)?;
            }
        }
        Ok(())
    }

    /// The starting pencil marks: each given, in reading order, takes its digit from its
    /// peers (rule [`Rule::Given`]); then the naked singles this made are drained.
    fn start(&mut self, puzzle: &Grid) -> Result<Board, Contradiction> {
        let mut board = Board::new(puzzle);
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit == 0 {
                continue;
            }
            if self.observer.active() {
                let cell = cell as u16;
                self.observer.event(Event::Assign {
                    depth: 0,
                    cell,
                    digit,
                    rule: Rule::Given,
                });
            }
            let mask = digit_mask(digit);
            for &peer in &PEERS[cell] {
                self.remove::<false>(&mut board, usize::from(peer), mask, Rule::Given)?;
            }
        }
        self.drain(&mut board)?;
        Ok(board)
    }
}

/// How many digits a 9-bit mask holds.
#[inline(always)]
fn count(mask: u16) -> u32 {
    u32::from(DIGIT_COUNT[usize::from(mask & ALL_DIGITS)])
}

/// The cells of unit `u`.
#[inline(always)]
fn unit(u: usize) -> &'static [u8; 9] {
    &UNITS[u]
}
