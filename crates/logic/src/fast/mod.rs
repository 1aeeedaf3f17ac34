//! The fast 9x9 path: the techniques of the [crate docs](crate) on 9-bit candidate masks
//! and `const` unit tables, with the same steps, in the same order, as the
//! [essay](crate::essay) (tested equal, event for event).
//!
//! What makes it fast, without changing a step:
//!
//! - candidates are 9-bit masks per cell, units and peers `const` tables; a try copies
//!   the [`Board`] (a few hundred bytes) on the stack: no allocation anywhere;
//! - naked singles are a work list (a stack) drained after every change;
//! - the places of each digit in each unit are kept as 9-bit masks beside the
//!   candidates, so that hidden subsets, fish and locked candidates read them directly;
//! - each technique keeps the *houses* it still has to look at (units, or digits for the
//!   fish): a house whose candidates did not change since the technique last found
//!   nothing there cannot hold a new instance, so a look skips it. After a try, only the
//!   houses the try touched are looked at again. Subsets and fish also skip for good the
//!   units (digits) with too few open cells (lines) for them (see [`subsets`], [`fish`]);
//! - subsets and fish are found by a search over combinations of bit masks that prunes
//!   as soon as a union has more than `count` members.

mod board;
mod combination;
mod deduce;
mod fish;
mod locked;
mod search;
mod singles;
mod subsets;

#[cfg(test)]
pub(crate) use deduce::apply_first;
pub(crate) use search::solve;

pub(crate) use board::Board;

use sudoku_core::candidates::{digit_mask, mask_digit, ALL_DIGITS, DIGIT_COUNT};
use sudoku_core::units::{CELLS, PEERS, UNITS, UNITS_OF, UNIT_COUNT};
use sudoku_core::{Contradiction, Event, Grid, Observer, Rule, Technique};

use crate::level::Used;

/// One look of `technique` over the grid: `look` examines each house still to look at,
/// in order, until one holds an instance, which it applies (that house stays due: it
/// may hold more). Whether it found one.
#[inline(always)]
fn first_instance<O: Observer + ?Sized>(
    board: &mut Board,
    ctx: &mut Ctx<'_, O>,
    technique: Technique,
    mut look: impl FnMut(&mut Board, &mut Ctx<'_, O>, usize) -> Result<bool, Contradiction>,
) -> Result<bool, Contradiction> {
    let mut from = 0;
    while let Some(house) = board.next_due(technique, from) {
        if look(board, ctx, house)? {
            board.keep_due(technique, house);
            return Ok(true);
        }
        from = house + 1;
    }
    Ok(false)
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
        board.lose(cell, gone, left);
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
            board.solved(cell);
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
    /// peers (rule [`Rule::Given`]); then the naked singles this made are drained. `deep`:
    /// whether techniques past the singles will look at the board.
    ///
    /// Unwatched, the marks are computed at once: each empty cell loses the digits given
    /// in its units. They end the same, and so does everything the solve reports, as the
    /// naked singles end in one fixed point whatever their order; only a contradiction's
    /// reason and moment depend on it, so a puzzle that meets one is done one given at a
    /// time after all.
    fn start(&mut self, puzzle: &Grid, deep: bool) -> Result<Board, Contradiction> {
        if !self.observer.active() {
            if let Some(board) = self.start_at_once(puzzle, deep) {
                return Ok(board);
            }
            (self.len, self.used) = (0, Used::default());
        }
        self.start_one_by_one(puzzle, deep)
    }

    /// The starting marks at once (see [`Ctx::start`]); `None` at a contradiction.
    fn start_at_once(&mut self, puzzle: &Grid, deep: bool) -> Option<Board> {
        let mut given = [0u16; UNIT_COUNT];
        let mut cand = [0u16; CELLS];
        for (cell, &digit) in puzzle.cells().iter().enumerate().filter(|&(_, &d)| d != 0) {
            let mask = digit_mask(digit);
            for u in UNITS_OF[cell].map(usize::from) {
                if given[u] & mask != 0 {
                    return None;
                }
                given[u] |= mask;
            }
            cand[cell] = mask;
        }
        for (cell, m) in cand.iter_mut().enumerate().filter(|(_, m)| **m == 0) {
            let [r, c, b] = UNITS_OF[cell].map(usize::from);
            *m = ALL_DIGITS & !(given[r] | given[c] | given[b]);
            if *m == 0 {
                return None;
            }
            if *m & (*m - 1) == 0 {
                self.used.add(Technique::NakedSingle);
                self.stack[self.len] = cell as u8;
                self.len += 1;
            }
        }
        let mut board = Board::from_candidates(cand, deep);
        self.drain(&mut board).ok()?;
        Some(board)
    }

    /// The starting marks one given at a time (see [`Ctx::start`]).
    fn start_one_by_one(&mut self, puzzle: &Grid, deep: bool) -> Result<Board, Contradiction> {
        let mut board = Board::new(puzzle, deep);
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
