//! The fast path's constraint store: the domains of the cells, trailed as a constraint
//! solver trails them, and the propagation of the 3N `alldifferent` constraints to their
//! fixpoint.

use sudoku_core::{Contradiction, Event, Geometry, Observer, Rule};

use crate::alldifferent::{bounds, regin, Matching};
use crate::Consistency;

/// The domains of one solve, with what propagation still has to do.
pub(crate) struct Store {
    geometry: &'static Geometry,
    consistency: Consistency,
    /// The domain of each cell: bit `d - 1` for digit `d`.
    domains: Vec<u32>,
    /// Each change of a domain, with the domain before it, to be undone on backtracking.
    trail: Vec<(u16, u32)>,
    /// Cells assigned (one digit left) whose peers must still lose their digit.
    assigned: Vec<u16>,
    /// The units whose domains changed since their filter last ran (bit `u` for unit `u`).
    dirty: u128,
    /// The matching of each unit, kept from one run of Régin's filter to the next.
    matchings: Vec<Matching>,
    /// The cells that hold a given: their digit leaves their peers as [`Rule::Given`].
    givens: Vec<bool>,
    /// The depth the events are told at.
    pub(crate) depth: u16,
}

/// The mask of digit `d`.
#[inline]
pub(crate) const fn bit(digit: u8) -> u32 {
    1 << (digit - 1)
}

/// The digit of a one-digit mask (its lowest).
#[inline]
pub(crate) const fn digit_of(mask: u32) -> u8 {
    mask.trailing_zeros() as u8 + 1
}

impl Store {
    /// Every digit in every cell.
    pub(crate) fn new(geometry: &'static Geometry, consistency: Consistency) -> Store {
        let size = geometry.size();
        Store {
            geometry,
            consistency,
            domains: vec![size.all_digits(); size.cells()],
            trail: Vec::with_capacity(4 * size.cells()),
            assigned: Vec::with_capacity(size.cells()),
            dirty: 0,
            matchings: vec![Matching::EMPTY; size.unit_count()],
            givens: vec![false; size.cells()],
            depth: 0,
        }
    }

    /// The tables of the grid's size.
    pub(crate) fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The domains.
    pub(crate) fn domains(&self) -> &[u32] {
        &self.domains
    }

    /// Asks every unit's filter to run at the next propagation (at the root).
    pub(crate) fn wake_every_unit(&mut self) {
        if self.consistency != Consistency::Forward {
            let units = self.geometry.size().unit_count();
            self.dirty = if units == 128 {
                u128::MAX
            } else {
                (1 << units) - 1
            };
        }
    }

    /// Where the trail stands: [`Store::undo`] comes back to it.
    pub(crate) fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Puts every domain back as it was at `mark`, and forgets what propagation had left
    /// to do.
    pub(crate) fn undo(&mut self, mark: usize) {
        for (cell, old) in self.trail.drain(mark..).rev() {
            self.domains[usize::from(cell)] = old;
        }
        self.assigned.clear();
        self.dirty = 0;
    }

    /// Tells the observer of a dead end and hands its reason back.
    fn dead_end<O: Observer + ?Sized>(
        &self,
        reason: Contradiction,
        observer: &mut O,
    ) -> Contradiction {
        if observer.active() {
            observer.event(Event::Contradiction {
                depth: self.depth,
                reason,
            });
        }
        reason
    }

    /// `cell = digit` by `rule` (a given, or a try): its other digits leave it, told as
    /// an assignment and then their eliminations.
    pub(crate) fn assign<O: Observer + ?Sized>(
        &mut self,
        cell: usize,
        digit: u8,
        rule: Rule,
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        if observer.active() {
            observer.event(Event::Assign {
                depth: self.depth,
                cell: cell as u16,
                digit,
                rule,
            });
        }
        if rule == Rule::Given {
            self.givens[cell] = true;
        }
        let others = self.domains[cell] & !bit(digit);
        self.remove(cell, others, Rule::Assigned, observer)
    }

    /// Removes the digits `gone` from the domain of `cell` (by `rule`), noting what
    /// propagation must do next. Fails when the domain is left empty.
    fn remove<O: Observer + ?Sized>(
        &mut self,
        cell: usize,
        gone: u32,
        rule: Rule,
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        let old = self.domains[cell];
        let gone = old & gone;
        if gone == 0 {
            return Ok(());
        }
        let left = old ^ gone;
        self.trail.push((cell as u16, old));
        self.domains[cell] = left;
        if observer.active() {
            let mut g = gone;
            while g != 0 {
                observer.event(Event::Eliminate {
                    depth: self.depth,
                    cell: cell as u16,
                    digit: digit_of(g),
                    rule,
                });
                g &= g - 1;
            }
        }
        if left == 0 {
            let reason = Contradiction::EmptyCell { cell: cell as u16 };
            return Err(self.dead_end(reason, observer));
        }
        if left & (left - 1) == 0 {
            self.assigned.push(cell as u16);
        }
        if self.consistency != Consistency::Forward {
            for u in self.geometry.units_of(cell) {
                self.dirty |= 1 << u;
            }
        }
        Ok(())
    }

    /// Propagates to the fixpoint: forward checking for every assigned cell first (it is
    /// cheap), then the filter of the level for a unit whose domains changed, and again,
    /// until neither has anything left to do. The fixpoint does not depend on that order
    /// (every step only removes values, and removes more from smaller domains), so the
    /// order only decides the order of the events.
    pub(crate) fn propagate<O: Observer + ?Sized>(
        &mut self,
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        loop {
            while let Some(cell) = self.assigned.pop() {
                self.forward_check(usize::from(cell), observer)?;
            }
            if self.dirty == 0 {
                return Ok(());
            }
            let unit = self.dirty.trailing_zeros() as usize;
            self.dirty &= self.dirty - 1;
            self.filter(unit, observer)?;
        }
    }

    /// Forward checking: the digit of an assigned cell leaves its peers.
    fn forward_check<O: Observer + ?Sized>(
        &mut self,
        cell: usize,
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        let digit = self.domains[cell];
        let rule = if self.givens[cell] {
            Rule::Given
        } else {
            Rule::NakedSingle
        };
        for &peer in self.geometry.peers(cell) {
            let peer = usize::from(peer);
            if self.domains[peer] & digit != 0 {
                self.remove(peer, digit, rule, observer)?;
            }
        }
        Ok(())
    }

    /// The filter of the level on one unit: its cells' domains gathered, narrowed, and
    /// the difference removed (and told) cell by cell.
    ///
    /// Régin's filter is given the unit's open cells only (two digits or more): forward
    /// checking has already taken each assigned cell's digit from the others, so an
    /// assigned cell and its digit are an edge apart from the rest of the value graph,
    /// in every maximum matching, and change nothing. Not so for bounds: an assigned
    /// cell's digit still fills a place of the intervals around it, so the Hall-interval
    /// sweep is given every cell.
    fn filter<O: Observer + ?Sized>(
        &mut self,
        unit: usize,
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        let all = self.geometry.unit(unit);
        let mut cells = [0u16; 32];
        let mut domains = [0u32; 32];
        let mut k = 0;
        for &cell in all {
            let d = self.domains[usize::from(cell)];
            if self.consistency == Consistency::Bounds || d & (d - 1) != 0 {
                (cells[k], domains[k]) = (cell, d);
                k += 1;
            }
        }
        let (cells, domains) = (&cells[..k], &mut domains[..k]);
        if domains.iter().all(|&d| d & (d - 1) == 0) {
            // Every cell assigned: forward checking has done all there is to do.
            return Ok(());
        }
        let (narrowed, rule) = match self.consistency {
            Consistency::Forward => return Ok(()),
            Consistency::Bounds => (bounds(domains), Rule::HallInterval { unit: unit as u16 }),
            Consistency::Generalised => (
                regin(domains, &mut self.matchings[unit]),
                Rule::Matching { unit: unit as u16 },
            ),
        };
        if narrowed.is_err() {
            let reason = Contradiction::NoMatching { unit: unit as u16 };
            return Err(self.dead_end(reason, observer));
        }
        for (&d, &cell) in domains.iter().zip(cells) {
            let cell = usize::from(cell);
            self.remove(cell, !d, rule, observer)?;
        }
        // The filter leaves its own unit consistent: only other changes wake it again.
        self.dirty &= !(1 << unit);
        Ok(())
    }
}
