//! The essay: Simonis's model with each level of consistency computed from its
//! definition, value by value, over [`DigitSet`] domains and [`Geometry`]'s units, at
//! every grid size. Read it first; the fast path ([`Cp`](crate::Cp)) is tested to make
//! exactly the same search tree (the same tries, backtracks and solutions).
//!
//! Where the fast path runs Régin's filter (a matching, then strongly connected
//! components) and Puget's Hall intervals, the essay asks the question those algorithms
//! answer, one value at a time: *is there an assignment of the unit's cells to different
//! digits that gives this cell this digit?* It answers with a matching made from
//! nothing ([`has_solution`]), with the cell's domain cut down to that one digit. That
//! is the definition of consistency for `alldifferent` and nothing more: slow (a
//! matching for every candidate of every cell of every unit, again after every change),
//! and plainly right.

use sudoku_core::{
    Contradiction, DigitSet, Event, Geometry, Grid, Limits, Observer, Outcome, Rule, Search, Size,
    Tally,
};

use crate::Consistency;

/// The cp strategy as the definitions read (`cp-fc-essay`, `cp-bc-essay`,
/// `cp-gac-essay`): the same tries as [`Cp`](crate::Cp) at the same level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CpEssay {
    consistency: Consistency,
}

impl CpEssay {
    /// The essay at one level of consistency.
    pub const fn new(consistency: Consistency) -> CpEssay {
        CpEssay { consistency }
    }

    /// Its level of consistency.
    pub const fn consistency(&self) -> Consistency {
        self.consistency
    }
}

impl Search for CpEssay {
    fn name(&self) -> &'static str {
        self.consistency.essay()
    }

    fn search<O: Observer + ?Sized>(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut O,
    ) -> Outcome {
        let mut essay = Essay {
            geometry: Geometry::of(puzzle.size()),
            consistency: self.consistency,
            tally: Tally::new(limits),
            givens: *puzzle,
        };
        let mut domains = vec![DigitSet::full(puzzle.size().side()); puzzle.size().cells()];
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                tell_assign(observer, 0, cell, digit, Rule::Given, domains[cell]);
                domains[cell] = DigitSet::single(digit);
            }
        }
        if essay.propagate(&mut domains, 0, observer).is_err() {
            return Outcome::rejected_at_root();
        }
        // Stopping early is not an error: the tally says why.
        let _ = essay.label(&domains, 0, observer);
        essay.tally.outcome()
    }

    fn supports(&self, _size: Size) -> bool {
        true
    }
}

sudoku_core::solver_from_search!(CpEssay);

/// Whether the cells of a unit, with these domains, can all take different digits: a
/// matching of cells to digits that covers every cell, made from nothing by augmenting
/// paths (each cell in turn takes a digit of its domain, moving the cells that hold
/// digits in the way along to others, if they can move).
pub fn has_solution(domains: &[DigitSet]) -> bool {
    let mut holder: Vec<Option<usize>> = vec![None; 26];
    (0..domains.len()).all(|cell| {
        let mut seen = DigitSet::EMPTY;
        find_a_digit(cell, domains, &mut holder, &mut seen)
    })
}

/// Gives `cell` a digit of its domain not yet `seen`, moving the cell that holds it to
/// another digit if that one can move.
fn find_a_digit(
    cell: usize,
    domains: &[DigitSet],
    holder: &mut [Option<usize>],
    seen: &mut DigitSet,
) -> bool {
    for digit in domains[cell].iter() {
        if seen.contains(digit) {
            continue;
        }
        seen.insert(digit);
        let d = usize::from(digit);
        let moved = match holder[d] {
            None => true,
            Some(other) => find_a_digit(other, domains, holder, seen),
        };
        if moved {
            holder[d] = Some(cell);
            return true;
        }
    }
    false
}

/// Whether some assignment of the unit's cells to different digits gives `cell` the
/// digit `digit`.
pub fn supports(domains: &[DigitSet], cell: usize, digit: u8) -> bool {
    let mut trial = domains.to_vec();
    trial[cell] = DigitSet::single(digit);
    has_solution(&trial)
}

/// Generalised arc consistency by its definition: every digit of every cell that no
/// solution of the unit's `alldifferent` gives it is removed; `None` when there is no
/// solution at all. One pass is enough: a digit removed was in no solution, so every
/// solution that supported another digit is still there.
pub fn arc_consistency(domains: &[DigitSet]) -> Option<Vec<DigitSet>> {
    if !has_solution(domains) {
        return None;
    }
    let mut narrowed = domains.to_vec();
    for cell in 0..domains.len() {
        for digit in domains[cell].iter() {
            if !supports(&narrowed, cell, digit) {
                narrowed[cell].remove(digit);
            }
        }
    }
    Some(narrowed)
}

/// The digits from the smallest of `domain` to its largest.
fn interval(domain: DigitSet) -> DigitSet {
    match (domain.first(), domain.iter().last()) {
        (Some(low), Some(high)) => (low..=high).collect(),
        _ => DigitSet::EMPTY,
    }
}

/// Whether some assignment of the unit's cells to different digits, each other cell
/// between its smallest and its largest digit, gives `cell` the digit `digit`.
pub fn supports_in_intervals(domains: &[DigitSet], cell: usize, digit: u8) -> bool {
    let mut trial: Vec<DigitSet> = domains.iter().map(|&d| interval(d)).collect();
    trial[cell] = DigitSet::single(digit);
    has_solution(&trial)
}

/// Bounds consistency by its definition: while the smallest (the largest) digit of a
/// cell has no support with every other cell taken as the interval between its bounds,
/// it is removed; and again over the unit until no bound moves (a bound that moves
/// narrows an interval, which can take the support of another bound away). `None` when
/// the intervals have no solution at all.
pub fn bounds_consistency(domains: &[DigitSet]) -> Option<Vec<DigitSet>> {
    let mut narrowed = domains.to_vec();
    loop {
        let intervals: Vec<DigitSet> = narrowed.iter().map(|&d| interval(d)).collect();
        if !has_solution(&intervals) {
            return None;
        }
        let mut moved = false;
        for cell in 0..narrowed.len() {
            let ends: [fn(DigitSet) -> Option<u8>; 2] = [DigitSet::first, |d| d.iter().last()];
            for bound in ends {
                while let Some(b) = bound(narrowed[cell]) {
                    if supports_in_intervals(&narrowed, cell, b) {
                        break;
                    }
                    narrowed[cell].remove(b);
                    moved = true;
                }
            }
        }
        if !moved {
            return Some(narrowed);
        }
    }
}

/// Tells an assignment (a given or a try) and the eliminations of the cell's other
/// digits.
fn tell_assign<O: Observer + ?Sized>(
    observer: &mut O,
    depth: u16,
    cell: usize,
    digit: u8,
    rule: Rule,
    before: DigitSet,
) {
    if !observer.active() {
        return;
    }
    let cell = cell as u16;
    observer.event(Event::Assign {
        depth,
        cell,
        digit,
        rule,
    });
    for other in before.iter().filter(|&d| d != digit) {
        let rule = Rule::Assigned;
        observer.event(Event::Eliminate {
            depth,
            cell,
            digit: other,
            rule,
        });
    }
}

/// One search, its counters and its budget.
struct Essay {
    geometry: &'static Geometry,
    consistency: Consistency,
    tally: Tally,
    /// The puzzle: a given's digit leaving its peers is told as [`Rule::Given`].
    givens: Grid,
}

/// The search stopped early: the solution limit was reached or the budget spent.
struct Stop;

impl Essay {
    /// Applies the level's definitions to every cell and every unit, again and again,
    /// until a whole round changes nothing: forward checking (an assigned cell's digit
    /// leaves its peers), then, above forward checking, the level's consistency on each
    /// unit.
    fn propagate<O: Observer + ?Sized>(
        &self,
        domains: &mut [DigitSet],
        depth: u16,
        observer: &mut O,
    ) -> Result<(), Contradiction> {
        loop {
            let mut changed = self.forward_checking(domains, depth, observer)?;
            if self.consistency != Consistency::Forward {
                for unit in 0..self.geometry.units().len() {
                    changed |= self.unit_consistency(domains, unit, depth, observer)?;
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// Forward checking: for each cell with one digit left, its peers lose that digit.
    fn forward_checking<O: Observer + ?Sized>(
        &self,
        domains: &mut [DigitSet],
        depth: u16,
        observer: &mut O,
    ) -> Result<bool, Contradiction> {
        let mut changed = false;
        for cell in 0..domains.len() {
            let Some(digit) = domains[cell].only() else {
                continue;
            };
            let rule = if self.givens.get(cell) == 0 {
                Rule::NakedSingle
            } else {
                Rule::Given
            };
            for &peer in self.geometry.peers(cell) {
                let peer = usize::from(peer);
                if domains[peer].remove(digit) {
                    changed = true;
                    tell_eliminate(observer, depth, peer, digit, rule);
                    if domains[peer].is_empty() {
                        let reason = Contradiction::EmptyCell { cell: peer as u16 };
                        return Err(tell_dead_end(observer, depth, reason));
                    }
                }
            }
        }
        Ok(changed)
    }

    /// Bounds or arc consistency on one unit, by its definition.
    fn unit_consistency<O: Observer + ?Sized>(
        &self,
        domains: &mut [DigitSet],
        unit: usize,
        depth: u16,
        observer: &mut O,
    ) -> Result<bool, Contradiction> {
        let cells = self.geometry.unit(unit);
        let before: Vec<DigitSet> = cells.iter().map(|&c| domains[usize::from(c)]).collect();
        let u = unit as u16;
        let (after, rule) = match self.consistency {
            Consistency::Forward => return Ok(false),
            Consistency::Bounds => (bounds_consistency(&before), Rule::HallInterval { unit: u }),
            Consistency::Generalised => (arc_consistency(&before), Rule::Matching { unit: u }),
        };
        let Some(after) = after else {
            let reason = Contradiction::NoMatching { unit: u };
            return Err(tell_dead_end(observer, depth, reason));
        };
        let mut changed = false;
        for ((&cell, &old), &new) in cells.iter().zip(&before).zip(&after) {
            for digit in old.difference(new).iter() {
                changed = true;
                tell_eliminate(observer, depth, usize::from(cell), digit, rule);
            }
            domains[usize::from(cell)] = new;
        }
        Ok(changed)
    }

    /// First-fail labelling: the cell with the fewest digits left (ties to the first in
    /// reading order), each of its digits in ascending order a try on a copy of the
    /// domains, propagated; a try whose propagation fails or whose subtree ends without
    /// stopping the search is taken back.
    fn label<O: Observer + ?Sized>(
        &mut self,
        domains: &[DigitSet],
        depth: u16,
        observer: &mut O,
    ) -> Result<(), Stop> {
        let open = (0..domains.len()).filter(|&c| domains[c].len() > 1);
        let Some(cell) = open.min_by_key(|&c| domains[c].len()) else {
            if observer.active() {
                observer.event(Event::Solution { depth });
            }
            let size = self.geometry.size();
            let digits: Vec<u8> = domains.iter().filter_map(|d| d.only()).collect();
            let grid = || Grid::from_values(size, &digits);
            return if self.tally.solution(grid) {
                Err(Stop)
            } else {
                Ok(())
            };
        };
        let depth = depth + 1;
        for digit in domains[cell].iter() {
            if !self.tally.try_one() {
                return Err(Stop);
            }
            let c = cell as u16;
            if observer.active() {
                observer.event(Event::Try {
                    depth,
                    cell: c,
                    digit,
                });
            }
            let mut child = domains.to_vec();
            tell_assign(observer, depth, cell, digit, Rule::Tried, child[cell]);
            child[cell] = DigitSet::single(digit);
            if self.propagate(&mut child, depth, observer).is_ok() {
                self.label(&child, depth, observer)?;
            }
            self.tally.backtrack();
            if observer.active() {
                observer.event(Event::Backtrack {
                    depth,
                    cell: c,
                    digit,
                });
            }
        }
        Ok(())
    }
}

fn tell_eliminate<O: Observer + ?Sized>(
    observer: &mut O,
    depth: u16,
    cell: usize,
    digit: u8,
    rule: Rule,
) {
    if observer.active() {
        observer.event(Event::Eliminate {
            depth,
            cell: cell as u16,
            digit,
            rule,
        });
    }
}

fn tell_dead_end<O: Observer + ?Sized>(
    observer: &mut O,
    depth: u16,
    reason: Contradiction,
) -> Contradiction {
    if observer.active() {
        observer.event(Event::Contradiction { depth, reason });
    }
    reason
}
