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
//!   fish): a house cannot hold a new instance unless something the instance depends on
//!   changed since the technique last found nothing there (a digit left with at most `k`
//!   places in a unit for hidden subsets of `k`, a cell left with at most `k` candidates
//!   for naked ones, ...), so a sweep skips the others. After a try, only the houses the
//!   try made due are looked at again;
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
use sudoku_core::units::{CELLS, COL_OF, PEERS, ROW_OF, SIDE, UNITS, UNITS_OF, UNIT_COUNT};
use sudoku_core::{Contradiction, Event, Grid, Observer, Rule, Technique};

use crate::level::{Used, LEVEL_COUNT};

/// Every technique, as a set (bit `t`).
const ALL_TECHNIQUES: u16 = (1 << LEVEL_COUNT) - 1;

/// The fewest open cells a unit needs for `technique` to eliminate anything there when
/// every weaker technique is stuck (a subset's dual, see [`subsets`]); 0 for the others.
const fn open_cells_needed(technique: Technique) -> usize {
    match technique {
        Technique::NakedPair => 4,
        Technique::HiddenPair => 5,
        Technique::NakedTriple => 6,
        Technique::HiddenTriple => 7,
        Technique::NakedQuad => 8,
        Technique::HiddenQuad => 9,
        _ => 0,
    }
}

/// For each count of open cells in a unit, the techniques that can still find anything
/// there (open cells only ever get fewer, so the others never need to look again).
const POSSIBLE_WITH_OPEN: [u16; 10] = {
    let mut table = [0u16; 10];
    let mut open = 0;
    while open < 10 {
        let mut t = 0;
        while t < LEVEL_COUNT {
            if open_cells_needed(Technique::ALL[t]) <= open {
                table[open] |= 1 << t;
            }
            t += 1;
        }
        open += 1;
    }
    table
};

/// Whether the houses of `technique` are digits (the fish), not units.
const fn is_fish(technique: Technique) -> bool {
    matches!(technique, Technique::XWing | Technique::Swordfish)
}

/// The techniques whose instances in a unit need `t` places or fewer for some digit.
const fn needing_places(t: u32) -> u16 {
    let mut due = 0u16;
    if t <= 1 {
        due |= 1 << Technique::HiddenSingle as u16;
    }
    if t >= 1 && t <= 3 {
        due |= 1 << Technique::LockedCandidates as u16;
    }
    let mut k = 2;
    while k <= 4 {
        if t >= 2 && t <= k {
            due |= 1 << hidden_subset(k) as u16;
        }
        k += 1;
    }
    due
}

/// The hidden subset technique of `k` digits.
const fn hidden_subset(k: u32) -> Technique {
    match k {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    }
}

/// A house can hold a new instance of a technique only if something it depends on
/// changed: for each count `t` of places a digit is left with in a unit, the unit
/// techniques that change makes due (a hidden single needs at most one place, locked
/// candidates one to three, a hidden subset of `k` two to `k`)...
const DUE_BY_PLACES: [u16; 10] = {
    let mut table = [0u16; 10];
    let mut t = 0;
    while t < 10 {
        table[t] = needing_places(t as u32);
        t += 1;
    }
    table
};

/// ... and, in a row or a column, the fish on that digit (two to `k` places in a base line)...
const FISH_BY_PLACES: [u16; 10] = {
    let mut table = [0u16; 10];
    table[2] = 1 << Technique::XWing as u16 | 1 << Technique::Swordfish as u16;
    table[3] = 1 << Technique::Swordfish as u16;
    table
};

/// ... and for each count of candidates a cell is left with, the naked subsets due in its
/// units (two to `k` candidates).
const DUE_BY_CANDIDATES: [u16; 10] = {
    let pair = 1 << Technique::NakedPair as u16;
    let triple = 1 << Technique::NakedTriple as u16;
    let quad = 1 << Technique::NakedQuad as u16;
    let mut table = [0u16; 10];
    table[2] = pair | triple | quad;
    table[3] = triple | quad;
    table[4] = quad;
    table
};

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
    /// For each unit, how many of its cells hold more than one candidate.
    pub(crate) open: [u8; UNIT_COUNT],
    /// For each unit, the techniques (bit `t`) that have to look at it in their next sweep.
    due_units: [u16; UNIT_COUNT],
    /// For each digit (`d - 1`), the fish that have to look at it in their next sweep.
    due_digits: [u16; SIDE],
    /// The techniques with some house due (a bit may be set with none left).
    any_due: u16,
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
        // Every digit may go in every open cell of a unit; a given only in its own cell.
        let open_places = UNITS.map(|cells| {
            let open = cells
                .iter()
                .enumerate()
                .filter(|&(_, &c)| puzzle.get(usize::from(c)) == 0);
            open.fold(0u16, |m, (i, _)| m | 1 << i)
        });
        let mut places = [0u16; UNIT_COUNT * SIDE];
        for (u, &p) in open_places.iter().enumerate() {
            places[u * SIDE..][..SIDE].fill(p);
        }
        for (cell, &d) in puzzle.cells().iter().enumerate().filter(|&(_, &d)| d != 0) {
            for (&u, &at) in UNITS_OF[cell].iter().zip(&PLACE_IN_UNITS[cell]) {
                places[usize::from(u) * SIDE + usize::from(d) - 1] |= 1 << at;
            }
        }
        let open = open_places.map(|p| count(p) as u8);
        Board {
            cand,
            places,
            unsolved,
            open,
            due_units: open.map(|o| ALL_TECHNIQUES & POSSIBLE_WITH_OPEN[usize::from(o)]),
            due_digits: [ALL_TECHNIQUES; SIDE],
            any_due: ALL_TECHNIQUES,
        }
    }

    /// The first house (unit, or digit for the fish) at or after `from` that `technique`
    /// has to look at, taken off its list.
    #[inline(always)]
    fn next_due(&mut self, technique: Technique, from: usize) -> Option<usize> {
        let bit = 1 << technique as u16;
        if self.any_due & bit == 0 {
            return None;
        }
        let due: &mut [u16] = if is_fish(technique) {
            &mut self.due_digits
        } else {
            &mut self.due_units
        };
        match due
            .get(from..)
            .and_then(|d| d.iter().position(|&d| d & bit != 0))
        {
            Some(i) => {
                due[from + i] &= !bit;
                Some(from + i)
            }
            None => {
                // Every house was looked at: none is due any more.
                self.any_due &= !bit;
                None
            }
        }
    }

    /// Puts `house` back on the list of `technique`.
    #[inline(always)]
    fn keep_due(&mut self, technique: Technique, house: usize) {
        let bit = 1 << technique as u16;
        self.any_due |= bit;
        if is_fish(technique) {
            self.due_digits[house] |= bit;
        } else {
            self.due_units[house] |= bit;
        }
    }

    /// Digit `d + 1` lost a place in unit `u` (a line or a box), leaving it `places`:
    /// the techniques this can give a new instance to are due there (or on that digit).
    #[inline(always)]
    fn mark(&mut self, u: usize, d: usize, places: u16, line: bool) {
        let t = usize::from(DIGIT_COUNT[usize::from(places)]);
        let mut due = DUE_BY_PLACES[t] & POSSIBLE_WITH_OPEN[usize::from(self.open[u])];
        // One place left, in a cell holding the digit alone: it is placed, nothing new.
        if t == 1 && self.cand[usize::from(UNITS[u][places.trailing_zeros() as usize])] == 1 << d {
            due = 0;
        }
        self.due_units[u] |= due;
        let fish = if line { FISH_BY_PLACES[t] } else { 0 };
        self.due_digits[d] |= fish;
        self.any_due |= due | fish;
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
        board.cand[cell] = left;
        let [r, c, b] = UNITS_OF[cell].map(usize::from);
        let [pr, pc, pb] = PLACE_IN_UNITS[cell].map(|at| !(1u16 << at));
        let mut g = gone;
        while g != 0 {
            let d = g.trailing_zeros() as usize;
            g &= g - 1;
            for (u, keep, line) in [(r, pr, true), (c, pc, true), (b, pb, false)] {
                let places = &mut board.places[u * SIDE + d];
                *places &= keep;
                let places = *places;
                board.mark(u, d, places, line);
            }
        }
        let due = DUE_BY_CANDIDATES[usize::from(DIGIT_COUNT[usize::from(left)])];
        for u in [r, c, b] {
            let due = due & POSSIBLE_WITH_OPEN[usize::from(board.open[u])];
            board.due_units[u] |= due;
            board.any_due |= due;
        }
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
            for u in [r, c, b] {
                board.open[u] -= 1;
            }
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
