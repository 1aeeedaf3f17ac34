//! The essay version: the techniques as a puzzle book states them, on pencil marks (a
//! [`DigitSet`] per cell) and the [`Geometry`] of any size, looking at every house on
//! every sweep. The fast 9x9 path takes the same steps in the same order (tested equal,
//! event for event); this version also serves the other sizes.

mod deduce;
mod fish;
mod locked;
mod search;
mod singles;
mod subsets;

#[cfg(test)]
pub(crate) use deduce::apply_first;
pub(crate) use search::solve;

use sudoku_core::{Contradiction, DigitSet, Event, Geometry, Grid, Observer, Rule, Technique};

use crate::level::Used;

/// The pencil marks of a grid being solved: the digits each cell may still hold.
#[derive(Clone)]
pub(crate) struct Marks {
    geometry: &'static Geometry,
    marks: Vec<DigitSet>,
}

impl Marks {
    /// Pencil marks of any digits (for tests).
    #[cfg(test)]
    pub(crate) fn from_candidates(size: sudoku_core::Size, marks: Vec<DigitSet>) -> Marks {
        Marks {
            geometry: Geometry::of(size),
            marks,
        }
    }

    /// The side of the grid, N: digits `1..=N`, N cells per unit.
    fn side(&self) -> usize {
        self.geometry.size().side()
    }

    /// The digits `1..=N`.
    fn digits(&self) -> impl Iterator<Item = u8> {
        1..=self.side() as u8
    }

    /// Every unit: rows, columns, boxes.
    fn units(&self) -> std::ops::Range<usize> {
        0..self.geometry.size().unit_count()
    }

    /// Whether unit `u` is a box (else a row or a column).
    fn is_box(&self, u: usize) -> bool {
        u >= 2 * self.side()
    }

    /// The cells of unit `u`, in unit order.
    fn cells(&self, u: usize) -> Vec<usize> {
        self.geometry
            .unit(u)
            .iter()
            .map(|&c| usize::from(c))
            .collect()
    }

    /// The cells of unit `u` holding `digit`, in unit order.
    fn places(&self, u: usize, digit: u8) -> Vec<usize> {
        let mut cells = self.cells(u);
        cells.retain(|&c| self.marks[c].contains(digit));
        cells
    }

    /// Whether every cell holds one digit.
    fn is_solved(&self) -> bool {
        self.marks.iter().all(|m| m.len() == 1)
    }

    /// The grid of the solved cells.
    fn to_grid(&self) -> Grid {
        let values: Vec<u8> = self.marks.iter().map(|m| m.only().unwrap_or(0)).collect();
        Grid::from_values(self.geometry.size(), &values)
    }
}

/// The hand that writes: the observer, the depth, the techniques used, and the naked
/// singles whose peers have still to lose their digit.
pub(crate) struct Scribe<'o, O: Observer + ?Sized> {
    observer: &'o mut O,
    depth: u16,
    used: Used,
    naked_singles: Vec<usize>,
}

impl<'o, O: Observer + ?Sized> Scribe<'o, O> {
    pub(crate) fn new(observer: &'o mut O) -> Self {
        Scribe {
            observer,
            depth: 0,
            used: Used::default(),
            naked_singles: Vec::new(),
        }
    }

    /// Tells the observer about a dead end and hands it back.
    fn contradiction(&mut self, reason: Contradiction) -> Contradiction {
        if self.observer.active() {
            let depth = self.depth;
            self.observer.event(Event::Contradiction { depth, reason });
        }
        reason
    }

    /// Tells the observer.
    fn tell(&mut self, event: impl FnOnce(u16) -> Event) {
        if self.observer.active() {
            self.observer.event(event(self.depth));
        }
    }

    /// `cell` loses the digits `digits` (those it holds) by `rule`. Left with none, a
    /// contradiction; left with one, a naked single is found (unless a digit is being
    /// placed there): its peers will lose its digit.
    fn erase(
        &mut self,
        marks: &mut Marks,
        cell: usize,
        digits: DigitSet,
        rule: Rule,
        placing: bool,
    ) -> Result<(), Contradiction> {
        let lost = marks.marks[cell].intersection(digits);
        if lost.is_empty() {
            return Ok(());
        }
        let cell16 = cell as u16;
        for digit in lost.iter() {
            self.tell(|depth| Event::Eliminate {
                depth,
                cell: cell16,
                digit,
                rule,
            });
        }
        let left = marks.marks[cell].difference(digits);
        marks.marks[cell] = left;
        match left.only() {
            _ if left.is_empty() => {
                Err(self.contradiction(Contradiction::EmptyCell { cell: cell16 }))
            }
            Some(digit) => {
                self.naked_singles.push(cell);
                if !placing {
                    self.used.add(Technique::NakedSingle);
                    let rule = Rule::NakedSingle;
                    self.tell(|depth| Event::Assign {
                        depth,
                        cell: cell16,
                        digit,
                        rule,
                    });
                }
                Ok(())
            }
            None => Ok(()),
        }
    }

    /// `digit` goes in `cell` by `rule` (a try, a hidden single): the cell loses its
    /// other digits, and the naked singles are drawn.
    fn place(
        &mut self,
        marks: &mut Marks,
        cell: usize,
        digit: u8,
        rule: Rule,
    ) -> Result<(), Contradiction> {
        let cell16 = cell as u16;
        self.tell(|depth| Event::Assign {
            depth,
            cell: cell16,
            digit,
            rule,
        });
        let others = marks.marks[cell].difference(DigitSet::single(digit));
        self.erase(marks, cell, others, Rule::Assigned, true)?;
        self.draw_naked_singles(marks)
    }

    /// Naked singles: a cell with one digit left holds it, so its peers lose it (and a
    /// peer left with one digit is a naked single in turn), the last found first.
    fn draw_naked_singles(&mut self, marks: &mut Marks) -> Result<(), Contradiction> {
        while let Some(cell) = self.naked_singles.pop() {
            let digit = marks.marks[cell];
            for &peer in marks.geometry.peers(cell) {
                let peer = usize::from(peer);
                if marks.marks[peer].intersection(digit).is_empty() {
                    continue;
                }
                self.used.add(Technique::NakedSingle);
                self.erase(marks, peer, digit, Rule::NakedSingle, false)?;
            }
        }
        Ok(())
    }

    /// The cells of `cells` not in `keep` lose `digits` by `rule`: the eliminations of
    /// one instance of a technique (its naked singles are drawn once it is done).
    fn erase_from(
        &mut self,
        marks: &mut Marks,
        cells: &[usize],
        digits: DigitSet,
        keep: impl Fn(usize) -> bool,
        rule: Rule,
    ) -> Result<(), Contradiction> {
        for &cell in cells.iter().filter(|&&c| !keep(c)) {
            self.erase(marks, cell, digits, rule, false)?;
        }
        Ok(())
    }

    /// The starting pencil marks: every digit in every empty cell; then each given, in
    /// reading order, takes its digit from its peers (rule [`Rule::Given`]), and the
    /// naked singles this made are drawn.
    fn start(&mut self, puzzle: &Grid) -> Result<Marks, Contradiction> {
        let size = puzzle.size();
        let all = DigitSet::full(size.side());
        let marks = puzzle
            .cells()
            .iter()
            .map(|&d| if d == 0 { all } else { DigitSet::single(d) });
        let mut marks = Marks {
            geometry: Geometry::of(size),
            marks: marks.collect(),
        };
        for (cell, &digit) in puzzle.cells().iter().enumerate().filter(|(_, &d)| d != 0) {
            let rule = Rule::Given;
            self.tell(|depth| Event::Assign {
                depth,
                cell: cell as u16,
                digit,
                rule,
            });
            for &peer in marks.geometry.peers(cell) {
                self.erase(
                    &mut marks,
                    usize::from(peer),
                    DigitSet::single(digit),
                    rule,
                    false,
                )?;
            }
        }
        self.draw_naked_singles(&mut marks)?;
        Ok(marks)
    }
}

/// Every unit in turn: the first where `look` finds (and applies) an instance.
fn first_in_units<O: Observer + ?Sized>(
    marks: &mut Marks,
    scribe: &mut Scribe<'_, O>,
    mut look: impl FnMut(&mut Marks, &mut Scribe<'_, O>, usize) -> Result<bool, Contradiction>,
) -> Result<bool, Contradiction> {
    for unit in marks.units() {
        if look(marks, scribe, unit)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The `k`-combinations of `0..n`, in lexicographic order.
fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    combinations_from(0, n, k)
}

/// The `k`-combinations of `from..n`, in lexicographic order.
fn combinations_from(from: usize, n: usize, k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for first in from..n {
        for rest in combinations_from(first + 1, n, k - 1) {
            all.push([vec![first], rest].concat());
        }
    }
    all
}

/// The technique of a subset or fish of `k`, among the three of its kind (`k` = 2, 3, 4).
fn of_count(k: usize, kinds: [Technique; 3]) -> Technique {
    kinds[k - 2]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_come_in_lexicographic_order() {
        assert_eq!(
            combinations(4, 2),
            [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
        );
        assert_eq!(combinations(5, 3).len(), 10);
        assert_eq!(combinations(5, 3)[1], [0, 1, 3]);
        assert!(combinations(2, 3).is_empty());
    }
}
