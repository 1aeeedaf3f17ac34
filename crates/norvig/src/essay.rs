//! The essay's code, plainly: `parse_grid`, `assign`, `eliminate` and `search` in
//! Norvig's own words, at every grid size.
//!
//! This is the version to read first. The essay keeps `values`, a dictionary from each
//! square to the string of its possible digits; here it is a [`Values`], a vector of
//! [`DigitSet`]s in reading order (`values[s]`). The essay's globals `squares`,
//! `units` and `peers` are the [`Geometry`] of the grid's size, so the same code solves
//! 4x4, 9x9, 16x16 and 25x25 grids (digits `1..=N`). The functions call each other as
//! in the essay: `assign` is `eliminate` of every other digit; `eliminate` applies the
//! two rules, which call `eliminate` (rule 1) and `assign` (rule 2) again; `search`
//! tries each digit of the square with the fewest on a copy of `values`.
//!
//! Where the essay returns `False`, these functions return the [`Contradiction`] they
//! met (so `?` reads as the essay's `if not all(...): return False`). Each takes one
//! argument more than the essay's, *why* (a [`Rule`]): it only names the step for an
//! observer, and costs nothing when nobody watches.
//!
//! The fast path ([`Norvig`](crate::Norvig)) computes the same states in another order
//! and is tested equal to this version, counter for counter, on every golden file.
//!
//! ```
//! use sudoku_core::{Grid, Limits, Solver};
//! use sudoku_norvig::{Norvig, NorvigEssay};
//!
//! let hard: Grid =
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
//!         .parse()
//!         .unwrap();
//! let essay = NorvigEssay.solve(&hard, &Limits::UNIQUENESS);
//! assert_eq!(essay, Norvig.solve(&hard, &Limits::UNIQUENESS));
//! ```
//!
//! The recursion of `eliminate` runs as deep as a chain of consequences goes (each
//! level removes one more candidate, so it is bounded by their number): every grid of
//! the project's corpora, 25x25 included, solves within 64 KiB of stack, far below
//! the 2 MiB of a spawned thread.

use sudoku_core::{
    Choice, Contradiction, DigitSet, Event, Geometry, Grid, Limits, Observer, Outcome, Rule,
    Search, Size, Tally,
};

/// The essay's `values`: for each square, in reading order, the digits it may still hold.
pub type Values = Vec<DigitSet>;

/// The essay's functions, with what they share: the essay's globals (the units and peers
/// of one grid size), the counters of the search, its depth, and who watches.
pub struct Essay<'o, O: Observer + ?Sized> {
    geometry: &'static Geometry,
    tally: Tally,
    depth: u16,
    /// The square and digit of the given `parse_grid` is assigning: rule 1 on it tells
    /// that digit leaving the peers by [`Rule::Given`], as every strategy names a given's
    /// step.
    given: Option<(usize, u8)>,
    observer: &'o mut O,
}

impl<'o, O: Observer + ?Sized> Essay<'o, O> {
    /// The essay for grids of `size`, searching within `limits`, watched by `observer`
    /// (`&mut ()` for nobody).
    pub fn new(size: Size, limits: &Limits, observer: &'o mut O) -> Self {
        Essay {
            geometry: Geometry::of(size),
            tally: Tally::new(limits),
            depth: 0,
            given: None,
            observer,
        }
    }

    /// `parse_grid(grid)`: every digit possible in every square, then each given
    /// assigned in reading order. A contradiction means the puzzle has no solution.
    ///
    /// # Panics
    /// When `grid` is not of the essay's size.
    ///
    /// ```
    /// use sudoku_core::{Grid, Limits};
    /// use sudoku_norvig::essay::Essay;
    ///
    /// let polish: Grid =
    ///     ".58.....317..5...8......1...........4.7.8...6.83.6..1791...3.7...6....8........34"
    ///         .parse()
    ///         .unwrap();
    /// let mut nobody = (); // watching
    /// let mut essay = Essay::new(polish.size(), &Limits::FIRST, &mut nobody);
    /// let values = essay.parse_grid(&polish).unwrap();
    /// assert!(values.iter().all(|v| v.len() == 1)); // solved by propagation alone
    /// assert_eq!(values[0].to_string(), "6");
    /// ```
    pub fn parse_grid(&mut self, grid: &Grid) -> Result<Values, Contradiction> {
        let size = self.geometry.size();
        assert_eq!(
            grid.size(),
            size,
            "a {} grid for the {size} essay",
            grid.size()
        );
        let mut values = vec![DigitSet::full(size.side()); size.cells()];
        for (s, &d) in grid.cells().iter().enumerate() {
            if d != 0 {
                self.given = Some((s, d));
                let assigned = self.assign(&mut values, s, d, Rule::Given);
                self.given = None;
                assigned?;
            }
        }
        Ok(values)
    }

    /// `assign(values, s, d)`: eliminate all the other values (except `d`) from
    /// `values[s]` and propagate.
    ///
    /// ```
    /// use sudoku_core::{DigitSet, Limits, Rule, Size};
    /// use sudoku_norvig::essay::Essay;
    ///
    /// let mut nobody = (); // watching
    /// let mut essay = Essay::new(Size::FOUR, &Limits::FIRST, &mut nobody);
    /// let mut values = vec![DigitSet::full(4); 16];
    /// essay.assign(&mut values, 0, 3, Rule::Given).unwrap();
    /// assert_eq!(values[0].to_string(), "3");
    /// assert_eq!(values[1].to_string(), "124"); // a peer: 3 is gone
    /// assert_eq!(values[15].to_string(), "1234"); // not a peer
    /// ```
    pub fn assign(
        &mut self,
        values: &mut Values,
        s: usize,
        d: u8,
        why: Rule,
    ) -> Result<(), Contradiction> {
        let other_values = values[s].difference(DigitSet::single(d));
        if !other_values.is_empty() {
            self.tell(Event::Assign {
                depth: self.depth,
                cell: s as u16,
                digit: d,
                rule: why,
            });
        }
        for d2 in other_values.iter() {
            self.eliminate(values, s, d2, Rule::Assigned)?;
        }
        Ok(())
    }

    /// `eliminate(values, s, d)`: eliminate `d` from `values[s]`; propagate when values
    /// or places are down to one (the essay's two rules).
    ///
    /// ```
    /// use sudoku_core::{Contradiction, DigitSet, Limits, Rule, Size};
    /// use sudoku_norvig::essay::Essay;
    ///
    /// let mut nobody = (); // watching
    /// let mut essay = Essay::new(Size::FOUR, &Limits::FIRST, &mut nobody);
    /// let mut values = vec![DigitSet::full(4); 16];
    /// // 4 out of the first three squares of the top row: the fourth must hold it.
    /// for s in 0..3 {
    ///     essay.eliminate(&mut values, s, 4, Rule::Given).unwrap();
    /// }
    /// assert_eq!(values[3].to_string(), "4");
    /// // Its last digit out of a square is a contradiction.
    /// let failed = essay.eliminate(&mut values, 3, 4, Rule::Given);
    /// assert_eq!(failed, Err(Contradiction::EmptyCell { cell: 3 }));
    /// ```
    pub fn eliminate(
        &mut self,
        values: &mut Values,
        s: usize,
        d: u8,
        why: Rule,
    ) -> Result<(), Contradiction> {
        if !values[s].contains(d) {
            return Ok(()); // Already eliminated
        }
        values[s].remove(d);
        self.tell(Event::Eliminate {
            depth: self.depth,
            cell: s as u16,
            digit: d,
            rule: why,
        });
        // (1) If a square s is reduced to one value d2, then eliminate d2 from the peers.
        if values[s].is_empty() {
            return Err(self.contradiction(Contradiction::EmptyCell { cell: s as u16 }));
        } else if let Some(d2) = values[s].only() {
            // The square of the given being assigned: its digit leaves its peers as
            // the puzzle says (told by the one name every strategy gives it).
            let why = if self.given == Some((s, d2)) {
                Rule::Given
            } else {
                Rule::NakedSingle
            };
            for &s2 in self.geometry.peers(s) {
                self.eliminate(values, usize::from(s2), d2, why)?;
            }
        }
        // (2) If a unit u is reduced to only one place for a value d, then put it there.
        for u in self.geometry.units_of(s) {
            let unit = self.geometry.unit(usize::from(u));
            let in_unit = unit.iter().map(|&s| usize::from(s));
            let mut dplaces = in_unit.filter(|&s| values[s].contains(d));
            match (dplaces.next(), dplaces.next()) {
                (None, _) => {
                    let reason = Contradiction::NoPlace { unit: u, digit: d };
                    return Err(self.contradiction(reason));
                }
                (Some(place), None) => {
                    self.assign(values, place, d, Rule::HiddenSingle { unit: u })?;
                }
                _ => {} // two places or more
            }
        }
        Ok(())
    }

    /// `search(values)`: using depth-first search and propagation, try all possible
    /// values. If every square holds one digit, that is a solution; otherwise choose
    /// the unfilled square `s` with the fewest possibilities (the first in reading
    /// order among equals) and try each of its digits, ascending, by `assign` on a copy
    /// of `values`.
    ///
    /// Returns whether the search is over: the solution limit reached or the node
    /// budget spent (then [`Essay::outcome`] says which). A try is one digit assigned
    /// here; a try whose `assign` fails or whose subtree does not end the search is
    /// taken back.
    ///
    /// ```
    /// use sudoku_core::{Grid, Limits, Status};
    /// use sudoku_norvig::essay::Essay;
    ///
    /// let hard: Grid =
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    ///         .parse()
    ///         .unwrap();
    /// let mut nobody = (); // watching
    /// let mut essay = Essay::new(hard.size(), &Limits::FIRST, &mut nobody);
    /// let values = essay.parse_grid(&hard).unwrap();
    /// assert!(essay.search(values)); // the first solution ends the search
    /// let out = essay.outcome();
    /// assert_eq!(out.status, Status::Solved);
    /// assert!(out.solution.unwrap().is_solution_of(&hard));
    /// ```
    pub fn search(&mut self, values: Values) -> bool {
        let unfilled = (0..values.len()).filter(|&s| values[s].len() > 1);
        let Some(s) = unfilled.min_by_key(|&s| values[s].len()) else {
            self.tell(Event::Solution { depth: self.depth });
            let size = self.geometry.size();
            return self.tally.solution(|| grid_of(size, &values)); // Solved!
        };
        let (cell, digits) = (s as u16, values[s]);
        self.tell(Event::Choose {
            depth: self.depth,
            choice: Choice::FewestCandidates {
                cell,
                candidates: digits.len() as u8,
            },
        });
        self.depth += 1;
        let depth = self.depth;
        for d in digits.iter() {
            if !self.tally.try_one() {
                return true; // the node budget is spent
            }
            self.tell(Event::Try {
                depth,
                cell,
                digit: d,
            });
            let mut copy = values.clone();
            if self.assign(&mut copy, s, d, Rule::Tried).is_ok() && self.search(copy) {
                return true;
            }
            self.tally.backtrack();
            self.tell(Event::Backtrack {
                depth,
                cell,
                digit: d,
            });
        }
        self.depth -= 1;
        false
    }

    /// The outcome of the search so far.
    pub fn outcome(self) -> Outcome {
        self.tally.outcome()
    }

    /// Tells the observer, if anybody watches.
    #[inline(always)]
    fn tell(&mut self, event: Event) {
        if self.observer.active() {
            self.observer.event(event);
        }
    }

    /// Tells the observer about a contradiction and hands it back.
    fn contradiction(&mut self, reason: Contradiction) -> Contradiction {
        let depth = self.depth;
        self.tell(Event::Contradiction { depth, reason });
        reason
    }
}

/// The grid of a solved `values`.
fn grid_of(size: Size, values: &Values) -> Grid {
    let digits: Vec<u8> = values.iter().map(|v| v.only().unwrap_or(0)).collect();
    Grid::from_values(size, &digits)
}

/// The norvig strategy in the essay's words ([`Essay`]), at every grid size: the plain
/// sibling of [`Norvig`](crate::Norvig), equal to it counter for counter.
#[derive(Debug, Clone, Copy, Default)]
pub struct NorvigEssay;

impl NorvigEssay {
    /// `solve(grid)`: `search(parse_grid(grid))`, watched by `observer`.
    fn run<O: Observer + ?Sized>(puzzle: &Grid, limits: &Limits, observer: &mut O) -> Outcome {
        let mut essay = Essay::new(puzzle.size(), limits, observer);
        match essay.parse_grid(puzzle) {
            Ok(values) => {
                essay.search(values);
                essay.outcome()
            }
            Err(_) => Outcome::rejected_at_root(),
        }
    }
}

impl Search for NorvigEssay {
    fn name(&self) -> &'static str {
        "norvig-essay"
    }

    fn search<O: Observer + ?Sized>(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut O,
    ) -> Outcome {
        NorvigEssay::run(puzzle, limits, observer)
    }

    fn supports(&self, _size: Size) -> bool {
        true
    }
}

sudoku_core::solver_from_search!(NorvigEssay);
