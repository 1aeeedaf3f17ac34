//! Every size but 9x9: the fast path's work list over [`Geometry`]'s run-time tables.
//!
//! The same propagation as [`propagate`](crate::propagate) (rule 1 for each square
//! reduced to one digit, rule 2 for each unit that lost digits, until nothing is left
//! to draw), and the same search, with what changes when the size is only known at run
//! time: the candidates are `u32` masks (bit `d - 1` for digit `d`, up to 25 digits),
//! units and peers come from [`Geometry`], the pending squares are a growing stack and
//! the units waiting for rule 2 a 128-bit set (75 units at most). No recursion in the
//! propagation, so no depth of the call stack grows with the grid.

use sudoku_core::candidates::fewest_candidates_n;
use sudoku_core::{Contradiction, Event, Geometry, Grid, Limits, Observer, Outcome, Rule, Size};

use crate::search::{self, Propagation};

/// The digit of a non-empty mask (its lowest).
#[inline]
fn digit_of(mask: u32) -> u8 {
    mask.trailing_zeros() as u8 + 1
}

/// The eliminations whose consequences are still to be drawn (reused from one
/// propagation to the next, emptied after a contradiction).
struct Work {
    geometry: &'static Geometry,
    /// Squares reduced to a single digit, whose peers must still lose it (rule 1).
    solved: Vec<u16>,
    /// For each unit, the digits eliminated from one of its squares since the unit was
    /// last checked for rule 2.
    eliminated: Vec<u32>,
    /// The units with a non-empty entry in `eliminated` (bit `u` for unit `u`).
    dirty: u128,
    /// The search depth the events are told at.
    depth: u16,
}

/// No given is being assigned (see [`Work::run`]).
const NO_GIVEN: (usize, u32) = (usize::MAX, 0);

impl Work {
    fn new(geometry: &'static Geometry) -> Work {
        Work {
            geometry,
            solved: Vec::with_capacity(geometry.size().cells()),
            eliminated: vec![0; geometry.size().unit_count()],
            dirty: 0,
            depth: 0,
        }
    }

    /// Forgets what was pending (after a contradiction).
    fn clear(&mut self) {
        self.solved.clear();
        self.eliminated.fill(0);
        self.dirty = 0;
    }

    /// Tells the observer about a contradiction and hands it back.
    fn contradiction<O: Observer + ?Sized>(
        &self,
        reason: Contradiction,
        observer: &mut O,
    ) -> Contradiction {
        if observer.active() {
            let depth = self.depth;
            observer.event(Event::Contradiction { depth, reason });
        }
        reason
    }

    /// Removes the digits `digits` from square `cell` (by `rule`), recording what must
    /// follow. Fails when the square is left empty.
    fn remove<O: Observer + ?Sized>(
        &mut self,
        values: &mut [u32],
        cell: usize,
        digits: u32,
        rule: Rule,
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        let gone = values[cell] & digits;
        if gone == 0 {
            return Ok(());
        }
        let left = values[cell] ^ gone;
        values[cell] = left;
        if observer.active() {
            let (depth, cell) = (self.depth, cell as u16);
            let mut g = gone;
            while g != 0 {
                let digit = digit_of(g);
                observer.event(Event::Eliminate {
                    depth,
                    cell,
                    digit,
                    rule,
                });
                g &= g - 1;
            }
        }
        if left == 0 {
            let reason = Contradiction::EmptyCell { cell: cell as u16 };
            return Err(self.contradiction(reason, observer));
        }
        if left & (left - 1) == 0 {
            self.solved.push(cell as u16);
        }
        for u in self.geometry.units_of(cell) {
            self.eliminated[usize::from(u)] |= gone;
            self.dirty |= 1 << u;
        }
        Ok(())
    }

    /// Draws every pending consequence, until none is left (or a contradiction).
    /// `given` is the square and digit (a mask) of the given being assigned, if one is
    /// ([`NO_GIVEN`] otherwise): that digit leaves its peers by [`Rule::Given`].
    fn run<O: Observer + ?Sized>(
        &mut self,
        values: &mut [u32],
        given: (usize, u32),
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        loop {
            // Rule 1: a square with one digit left takes it from its peers.
            while let Some(cell) = self.solved.pop() {
                let cell = usize::from(cell);
                let digit = values[cell];
                let rule = if (cell, digit) == given {
                    Rule::Given
                } else {
                    Rule::NakedSingle
                };
                for &peer in self.geometry.peers(cell) {
                    let peer = usize::from(peer);
                    if values[peer] & digit != 0 {
                        self.remove(values, peer, digit, rule, observer)?;
                    }
                }
                // In the square's own units the digit's one place is this square.
                for u in self.geometry.units_of(cell) {
                    self.eliminated[usize::from(u)] &= !digit;
                }
            }
            if self.dirty == 0 {
                return Ok(());
            }
            let unit = self.dirty.trailing_zeros() as usize;
            self.dirty &= self.dirty - 1;
            let digits = std::mem::take(&mut self.eliminated[unit]);
            if digits != 0 {
                self.only_places(values, unit, digits, observer)?;
            }
        }
    }

    /// Rule 2 for one unit and the digits it lost: a digit with no place left is a
    /// contradiction, a digit with one place left is assigned there.
    fn only_places<O: Observer + ?Sized>(
        &mut self,
        values: &mut [u32],
        unit: usize,
        digits: u32,
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        let squares = self.geometry.unit(unit);
        // `once`: digits with at least one place; `twice`: with at least two.
        let (mut once, mut twice) = (0u32, 0u32);
        for &s in squares {
            let v = values[usize::from(s)];
            twice |= once & v;
            once |= v;
        }
        let nowhere = digits & !once;
        if nowhere != 0 {
            let (unit, digit) = (unit as u16, digit_of(nowhere));
            return Err(self.contradiction(Contradiction::NoPlace { unit, digit }, observer));
        }
        let mut only = digits & !twice;
        while only != 0 {
            let d = only & only.wrapping_neg();
            only ^= d;
            // No place any more when an earlier digit took it: the unit lost `d` then,
            // and its next check finds the contradiction.
            let mut places = squares.iter().map(|&s| usize::from(s));
            let Some(place) = places.find(|&s| values[s] & d != 0) else {
                continue;
            };
            let v = values[place];
            if v != d {
                if observer.active() {
                    observer.event(Event::Assign {
                        depth: self.depth,
                        cell: place as u16,
                        digit: digit_of(d),
                        rule: Rule::HiddenSingle { unit: unit as u16 },
                    });
                }
                self.remove(values, place, v ^ d, Rule::Assigned, observer)?;
            }
        }
        Ok(())
    }

    /// `assign(cell, digit)` by `rule`: every other digit leaves the square (told when
    /// there is one), then everything that follows. Leaves the work list empty either way.
    fn assign<O: Observer + ?Sized>(
        &mut self,
        values: &mut [u32],
        cell: usize,
        digit: u8,
        rule: Rule,
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        let others = values[cell] & !(1 << (digit - 1));
        let given = if observer.active() && rule == Rule::Given {
            (cell, 1 << (digit - 1))
        } else {
            NO_GIVEN
        };
        if observer.active() && others != 0 {
            let (depth, cell) = (self.depth, cell as u16);
            observer.event(Event::Assign {
                depth,
                cell,
                digit,
                rule,
            });
        }
        let done = self
            .remove(values, cell, others, Rule::Assigned, observer)
            .and_then(|()| self.run(values, given, observer));
        if done.is_err() {
            self.clear();
        }
        done
    }

    /// `parse_grid`: every digit everywhere, then the givens. Watched, each given is
    /// assigned and propagated before the next (as the essay does); unwatched, the
    /// givens' other digits all leave first and the consequences are drawn once (the
    /// same state, less work).
    fn parse_grid<O: Observer + ?Sized>(
        &mut self,
        grid: &Grid,
        observer: &mut O,
    ) -> Result<Vec<u32>, Contradiction> {
        let size = grid.size();
        let mut values = vec![size.all_digits(); size.cells()];
        let givens = grid.cells().iter().enumerate().filter(|(_, &d)| d != 0);
        if observer.active() {
            for (cell, &digit) in givens {
                self.assign(&mut values, cell, digit, Rule::Given, observer)?;
            }
        } else {
            for (cell, &digit) in givens {
                let others = size.all_digits() & !(1 << (digit - 1));
                self.remove(&mut values, cell, others, Rule::Assigned, observer)?;
            }
            self.run(&mut values, NO_GIVEN, observer)?;
        }
        Ok(values)
    }
}

impl Propagation for Work {
    type Values = Vec<u32>;

    fn fewest(values: &Self::Values) -> Option<usize> {
        fewest_candidates_n(values)
    }

    fn candidates(values: &Self::Values, cell: usize) -> u32 {
        values[cell]
    }

    fn assign_try<O: Observer + ?Sized>(
        &mut self,
        values: &mut Self::Values,
        cell: usize,
        digit: u8,
        depth: u16,
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        self.depth = depth;
        self.assign(values, cell, digit, Rule::Tried, observer)
    }

    fn grid(values: &Self::Values) -> Grid {
        let size = Size::from_cells(values.len()).expect("a grid size");
        let digits: Vec<u8> = values.iter().map(|&v| digit_of(v)).collect();
        Grid::from_values(size, &digits)
    }
}

/// Solves a grid of any size with the work list: `parse_grid`, then `search`.
pub(crate) fn solve<O: Observer + ?Sized>(
    puzzle: &Grid,
    limits: &Limits,
    observer: &mut O,
) -> Outcome {
    let mut work = Work::new(Geometry::of(puzzle.size()));
    match work.parse_grid(puzzle, observer) {
        Ok(values) => search::run(work, &values, limits, observer),
        Err(_) => Outcome::rejected_at_root(),
    }
}
