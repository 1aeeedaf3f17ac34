//! Constraint propagation: the essay's `parse_grid`, `assign` and `eliminate`.
//!
//! The essay's two rules, in other words:
//!
//! 1. when a square is left with a single possible digit, no peer of that square can
//!    hold that digit: take it out of all twenty peers;
//! 2. when a unit is left with a single square where some digit can go, that digit
//!    goes there: assign it to that square.
//!
//! A square with no digit left, or a unit with no square left for a digit, is a
//! contradiction: the assignment that led there was wrong.
//!
//! The essay runs the two rules by mutual recursion (`eliminate` calls `eliminate` on
//! the peers and `assign` on the only place). Here the consequences still waiting to be
//! drawn are kept on a small work list instead: the squares just reduced to one digit
//! (rule 1 still to apply), and for each unit the digits just eliminated from one of
//! its squares (rule 2 still to check). Nothing else is stronger or weaker: every
//! elimination the essay's recursion makes is made here and no other, and every
//! contradiction it detects is detected here. The rules only ever remove digits, so the
//! state they end in (or the contradiction they reach) does not depend on the order
//! the eliminations are processed in: the search tree and its counts are the essay's.
//!
//! Watched, each step is told with the rule that drew it: `Eliminate { rule:
//! NakedSingle }` for rule 1 (`Given` on the square of a given being assigned: its
//! digit leaving its peers is what the puzzle says), `Assign { rule: HiddenSingle { unit
//! } }` for rule 2, and `Eliminate { rule: Assigned }` for the other digits leaving an
//! assigned square. Every
//! event is behind `observer.active()`, which the plain solve's `()` answers `false`:
//! the plain path compiles to no event at all.

use sudoku_core::candidates::{digit_mask, mask_digit, ALL_DIGITS};
use sudoku_core::units::{CELLS, PEERS, SIDE, UNITS, UNITS_OF, UNIT_BITS, UNIT_COUNT};
use sudoku_core::{Candidates, Contradiction, Event, Grid, Observer, Rule, Size};

/// The eliminations whose consequences are still to be drawn.
struct Work {
    /// Squares reduced to a single digit, whose peers must still lose it (rule 1);
    /// one spare entry for the branchless push.
    solved: [u8; CELLS + 1],
    /// How many entries of `solved` are pending.
    pending: usize,
    /// For each unit, the digits eliminated from one of its squares since the unit was
    /// last checked for rule 2.
    eliminated: [u16; UNIT_COUNT],
    /// The units with a non-empty entry in `eliminated`.
    dirty: u32,
    /// The search depth the events are told at (how many tries stand).
    depth: u16,
}

/// No given is being assigned (see [`Work::run`]).
const NO_GIVEN: (usize, u16) = (usize::MAX, 0);

impl Work {
    #[inline(always)]
    fn new(depth: u16) -> Work {
        Work {
            solved: [0; CELLS + 1],
            pending: 0,
            eliminated: [0; UNIT_COUNT],
            dirty: 0,
            depth,
        }
    }

    /// Removes the digits `digits` from square `cell` (by `rule`, for the observer),
    /// recording what must follow. Fails when the square is left empty.
    #[inline(always)]
    fn remove<O: Observer + ?Sized>(
        &mut self,
        values: &mut [u16; CELLS],
        cell: usize,
        digits: u16,
        rule: Rule,
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        let old = values[cell];
        let gone = old & digits;
        if gone == 0 {
            return Ok(());
        }
        let left = old ^ gone;
        values[cell] = left;
        if observer.active() {
            let mut g = gone;
            while g != 0 {
                observer.event(Event::Eliminate {
                    depth: self.depth,
                    cell: cell as u16,
                    digit: mask_digit(g),
                    rule,
                });
                g &= g - 1;
            }
        }
        if left == 0 {
            let reason = Contradiction::EmptyCell { cell: cell as u16 };
            return Err(contradiction(reason, self.depth, observer));
        }
        // Rule 1 is due when one digit is left (pushed without a branch: the entry
        // past the end is overwritten by the next push when it is not).
        self.solved[self.pending] = cell as u8;
        self.pending += (left & (left - 1) == 0) as usize;
        // Rule 2 is due in the three units of the square, for the digits it lost.
        let [row, col, bx] = UNITS_OF[cell];
        self.eliminated[row as usize] |= gone;
        self.eliminated[col as usize] |= gone;
        self.eliminated[bx as usize] |= gone;
        self.dirty |= UNIT_BITS[cell];
        Ok(())
    }

    /// Draws every pending consequence, until none is left (or a contradiction).
    /// `given` is the square and digit (a mask) of the given being assigned, if one is
    /// ([`NO_GIVEN`] otherwise): that digit leaves its peers by [`Rule::Given`]. An
    /// argument, not a field: the plain solve passes the constant and keeps nothing.
    #[inline(always)]
    fn run<O: Observer + ?Sized>(
        &mut self,
        values: &mut [u16; CELLS],
        given: (usize, u16),
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        loop {
            // Rule 1: a square with one digit left takes it from its peers.
            while self.pending > 0 {
                self.pending -= 1;
                let cell = self.solved[self.pending] as usize;
                let digit = values[cell];
                let peers = &PEERS[cell];
                // Which peers still hold the digit, without a branch per peer.
                let mut holding = 0u32;
                for (i, &peer) in peers.iter().enumerate() {
                    holding |= u32::from(values[peer as usize] & digit != 0) << i;
                }
                // Told by the rule only when watched: the plain solve never reads it.
                let rule = if (cell, digit) == given {
                    Rule::Given
                } else {
                    Rule::NakedSingle
                };
                while holding != 0 {
                    let i = holding.trailing_zeros() as usize;
                    holding &= holding - 1;
                    let peer = peers[i] as usize;
                    self.remove(values, peer, digit, rule, observer)?;
                }
                // In the square's own units the digit now has one place, this square,
                // which already holds it alone: rule 2 has nothing to do for it there
                // (and the square cannot lose it without an empty-square contradiction).
                let [row, col, bx] = UNITS_OF[cell];
                self.eliminated[row as usize] &= !digit;
                self.eliminated[col as usize] &= !digit;
                self.eliminated[bx as usize] &= !digit;
            }
            if self.dirty == 0 {
                return Ok(());
            }
            // Rule 2, for one unit and the digits it lost: where can each still go?
            let unit = self.dirty.trailing_zeros() as usize;
            self.dirty &= self.dirty - 1;
            let digits = self.eliminated[unit];
            self.eliminated[unit] = 0;
            if digits == 0 {
                continue;
            }
            let squares = &UNITS[unit];
            // `once`: digits with at least one place; `twice`: with at least two.
            let (mut once, mut twice) = (0u16, 0u16);
            for &s in squares {
                let v = values[s as usize];
                twice |= once & v;
                once |= v;
            }
            let nowhere = digits & !once;
            if nowhere != 0 {
                let reason = Contradiction::NoPlace {
                    unit: unit as u16,
                    digit: mask_digit(nowhere),
                };
                return Err(contradiction(reason, self.depth, observer));
            }
            let mut only = digits & !twice;
            while only != 0 {
                let d = only & only.wrapping_neg();
                only ^= d;
                // The one place left for `d` gets `d` (nothing to do if it is there already).
                for &s in squares {
                    let s = s as usize;
                    let v = values[s];
                    if v & d != 0 {
                        if v != d {
                            if observer.active() {
                                observer.event(Event::Assign {
                                    depth: self.depth,
                                    cell: s as u16,
                                    digit: mask_digit(d),
                                    rule: Rule::HiddenSingle { unit: unit as u16 },
                                });
                            }
                            self.remove(values, s, v ^ d, Rule::Assigned, observer)?;
                        }
                        break;
                    }
                }
            }
        }
    }
}

/// Tells the observer about a contradiction and hands it back.
#[inline(always)]
fn contradiction<O: Observer + ?Sized>(
    reason: Contradiction,
    depth: u16,
    observer: &mut O,
) -> Contradiction {
    if observer.active() {
        observer.event(Event::Contradiction { depth, reason });
    }
    reason
}

/// Checks a cell and a digit given to the public functions.
#[inline(always)]
fn check(cell: usize, digit: u8) {
    assert!(cell < CELLS, "cell {cell} is not in 0..{CELLS}");
    assert!(
        (1..=SIDE as u8).contains(&digit),
        "digit {digit} is not in 1..={SIDE}"
    );
}

/// The essay's `assign(values, s, d)`: eliminates every digit of square `cell` but
/// `digit`, and propagates (rules 1 and 2) until nothing more follows.
///
/// Fails with the contradiction reached; `values` is then left half-propagated and
/// must be dropped, as the essay drops its dictionary on `False`.
///
/// Watched, a call from outside the search is a given: the observer sees
/// [`Event::Assign`] with [`Rule::Given`], then what follows, at depth 0.
///
/// # Panics
/// When `cell` is not in `0..81` or `digit` not in `1..=9`.
///
/// ```
/// use sudoku_core::candidates::{digit_mask, ALL_DIGITS};
/// use sudoku_core::Candidates;
/// use sudoku_norvig::assign;
///
/// let mut values = Candidates::all();
/// assign(&mut values, 0, 7, &mut ()).unwrap();
/// assert_eq!(values.get(0), digit_mask(7)); // only 7 left in the square
/// assert_eq!(values.get(1), ALL_DIGITS & !digit_mask(7)); // and no peer can hold 7
/// ```
pub fn assign<O: Observer + ?Sized>(
    values: &mut Candidates,
    cell: usize,
    digit: u8,
    observer: &mut O,
) -> Result<(), Contradiction> {
    check(cell, digit);
    let rule = Rule::Given;
    assign_unchecked(values.masks_mut(), cell, digit, rule, 0, observer)
}

/// `assign` without the argument checks, on raw masks: tells the observer
/// `Assign { rule }` at `depth` (when the square holds other digits: an assign with
/// nothing to eliminate tells nothing, as in the essay version), then propagates.
#[inline(always)]
pub(crate) fn assign_unchecked<O: Observer + ?Sized>(
    values: &mut [u16; CELLS],
    cell: usize,
    digit: u8,
    rule: Rule,
    depth: u16,
    observer: &mut O,
) -> Result<(), Contradiction> {
    let others = ALL_DIGITS & !digit_mask(digit);
    if observer.active() && values[cell] & others != 0 {
        observer.event(Event::Assign {
            depth,
            cell: cell as u16,
            digit,
            rule,
        });
    }
    let mut work = Work::new(depth);
    let given = if observer.active() && rule == Rule::Given {
        (cell, digit_mask(digit))
    } else {
        NO_GIVEN
    };
    work.remove(values, cell, others, Rule::Assigned, observer)?;
    work.run(values, given, observer)
}

/// The essay's `eliminate(values, s, d)`: removes `digit` from square `cell` (nothing
/// to do if it is gone already), then applies the two rules to what follows: a square
/// left with one digit takes it from its peers, a unit left with one place for a digit
/// puts it there. Fails on a square with no digit left or a unit with no place left
/// for a digit; `values` must then be dropped.
///
/// Watched, the elimination asked for is told with [`Rule::Given`] (it comes from
/// outside the search), what follows with its own rule, at depth 0.
///
/// # Panics
/// When `cell` is not in `0..81` or `digit` not in `1..=9`.
///
/// ```
/// use sudoku_core::candidates::digit_mask;
/// use sudoku_core::Candidates;
/// use sudoku_norvig::eliminate;
///
/// let mut values = Candidates::all();
/// // Take 9 out of the first eight squares of the top row: only the ninth can hold it.
/// for cell in 0..8 {
///     eliminate(&mut values, cell, 9, &mut ()).unwrap();
/// }
/// assert_eq!(values.get(8), digit_mask(9));
/// ```
pub fn eliminate<O: Observer + ?Sized>(
    values: &mut Candidates,
    cell: usize,
    digit: u8,
    observer: &mut O,
) -> Result<(), Contradiction> {
    check(cell, digit);
    let mut work = Work::new(0);
    let values = values.masks_mut();
    work.remove(values, cell, digit_mask(digit), Rule::Given, observer)?;
    work.run(values, NO_GIVEN, observer)
}

/// The essay's `parse_grid`: starts with every digit possible in every square, then
/// assigns each given in reading order. A contradiction means the puzzle has no
/// solution (its givens clash, or propagation alone proves them inconsistent).
///
/// Watched, each given is an [`Event::Assign`] with [`Rule::Given`], followed by what
/// it implies, before the next one, at depth 0.
///
/// # Panics
/// When `grid` is not 9x9 (the fast path's [`Candidates`] are 9x9; the [`Norvig`]
/// solver and the [`essay`] take every size).
///
/// [`Norvig`]: crate::Norvig
/// [`essay`]: crate::essay
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_norvig::parse_grid;
///
/// // The Polish essay's grid is solved by propagation alone.
/// let polish: Grid =
///     ".58.....317..5...8......1...........4.7.8...6.83.6..1791...3.7...6....8........34"
///         .parse()
///         .unwrap();
/// let values = parse_grid(&polish, &mut ()).unwrap();
/// assert!(values.is_solved());
/// ```
pub fn parse_grid<O: Observer + ?Sized>(
    grid: &Grid,
    observer: &mut O,
) -> Result<Candidates, Contradiction> {
    assert_eq!(grid.size(), Size::NINE, "the fast path's parse_grid is 9x9");
    let mut values = Candidates::all();
    let masks = values.masks_mut();
    if observer.active() {
        // Watched: one given at a time, each propagated before the next, as in the essay.
        for (cell, &digit) in grid.cells().iter().enumerate() {
            if digit != 0 {
                assign_unchecked(masks, cell, digit, Rule::Given, 0, observer)?;
            }
        }
    } else {
        // Unwatched: the other digits of every given are eliminated first, then all
        // the consequences are drawn at once. The two rules end in the same state (or
        // the same failure) whatever the order, and this order does less work.
        let mut work = Work::new(0);
        for (cell, &digit) in grid.cells().iter().enumerate() {
            if digit != 0 {
                let others = ALL_DIGITS & !digit_mask(digit);
                work.remove(masks, cell, others, Rule::Assigned, observer)?;
            }
        }
        work.run(masks, NO_GIVEN, observer)?;
    }
    Ok(values)
}
