//! The essay version: the pattern overlay method as a player states it, templates and
//! all, with a search when it is stuck.
//!
//! A *template* (a *pattern*) of a digit is one way to place it once in every row, every
//! column and every box: nine cells, one per row, given here by the column of each
//! ([`Columns`]). There are 46,656 of them ([`templates::all`]). The method works on
//! each digit's list of templates:
//!
//! ```text
//! overlay(puzzle):
//!     for each digit d: its templates that fit the givens
//!         (every given d among its cells, no cell given another digit)
//!     repeat, in rounds:
//!         if a digit has no template left: a dead end
//!         remove every template T of a digit d such that, for some other digit e,
//!             every template of e overlaps T (shares a cell with it):
//!             choosing T would leave e no place
//!     until a round removes nothing
//!     place d in every cell that all the templates of d cover
//!
//! search(depth):
//!     overlay; a dead end fails
//!     every digit down to one template: the templates tile the grid, a solution
//!     otherwise: the digit with the fewest templates left (ties: the lowest digit);
//!         for each of its templates, in order:
//!             keep that template alone (a try) and search(depth + 1)
//!             put the others back (a backtrack)
//! ```
//!
//! Placing is the overlay made visible: a cell that every template of `d` covers holds
//! `d`, so every template of another digit that covers it overlaps all of `d`'s and is
//! removed; the cells no template of `d` covers lose `d`. A round looks at the lists as
//! they stood when it began and removes what it found at its end, so that the rounds,
//! and the dead end named, do not depend on the order the templates are looked at.
//!
//! Each rule is one function below: `fits_givens`, [`overlaps`] and
//! [`one_avoids`] (is there a template of `e` that `T` does not overlap?),
//! `overlay_round`, `overlay`, `agreed_cells`, and the
//! recursive `search`. One shortcut, as a player leafing through an ordered
//! list of templates would take it: when a template of `e` meets `T` first in row `r`,
//! the templates after it that begin as it does, down to row `r`, meet `T` there too,
//! and are skipped. The counters are kept by [`Tally`]; the events are told by their
//! net effect at each fixpoint, as the [crate documentation](crate) says. Givens that
//! clash are rejected at the root ([`Grid::givens_clash`]).
//!
//! [`Overlay`](crate::Overlay) is the same tree, node for node: the tests compare the
//! two, outcome and event stream.

use sudoku_core::event::{Contradiction, Event, Observer};
use sudoku_core::units::{CELLS, SIDE};
use sudoku_core::{Grid, Limits, Outcome, Search, Size, Tally};

use crate::templates::{self, Columns};
use crate::told::Told;

/// The pattern overlay method as a player states it: lists of templates compared cell
/// by cell (see the [module documentation](self)). Slower than
/// [`Overlay`](crate::Overlay), with the same counters, solutions and events.
///
/// ```
/// use sudoku_core::{Grid, Limits, Solver, Status};
/// use sudoku_overlay::{Overlay, OverlayEssay};
///
/// let easy: Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse()
///         .unwrap();
/// let essay = OverlayEssay.solve(&easy, &Limits::UNIQUENESS);
/// assert_eq!((essay.status, essay.solutions, essay.counters.nodes), (Status::Solved, 1, 1));
/// assert_eq!(essay, Overlay.solve(&easy, &Limits::UNIQUENESS));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct OverlayEssay;

impl Search for OverlayEssay {
    fn name(&self) -> &'static str {
        "overlay-essay"
    }

    fn search<O: Observer + ?Sized>(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut O,
    ) -> Outcome {
        overlay_sudoku(puzzle, limits, observer)
    }

    /// 9x9 only: the templates are those of the 9x9 grid.
    fn supports(&self, size: Size) -> bool {
        size == Size::NINE
    }
}

sudoku_core::solver_from_search!(OverlayEssay);

/// Whether two templates overlap: they share a cell, the same column in some row.
pub fn overlaps(a: &Columns, b: &Columns) -> bool {
    (0..SIDE).any(|row| a[row] == b[row])
}

/// Whether one of `theirs` (a digit's templates, in order) avoids `t`: shares no cell
/// with it. They are looked at in order, and when one meets `t`, first in row `r`, the
/// templates after it that begin as it does, down to row `r`, meet `t` there too: they
/// are skipped.
pub fn one_avoids(theirs: &[Columns], t: &Columns) -> bool {
    let mut rest = theirs;
    while let Some(u) = rest.first() {
        let Some(r) = (0..SIDE).find(|&r| u[r] == t[r]) else {
            return true;
        };
        let same_start = |v: &Columns| (0..=r).all(|k| v[k] == u[k]);
        rest = &rest[rest.partition_point(same_start)..];
    }
    false
}

/// Solves `puzzle` by the pattern overlay method and search, telling `observer` every
/// step.
fn overlay_sudoku<O: Observer + ?Sized>(
    puzzle: &Grid,
    limits: &Limits,
    observer: &mut O,
) -> Outcome {
    assert_eq!(puzzle.size(), Size::NINE, "the overlay is 9x9 only");
    if puzzle.givens_clash() {
        // Two givens clash: no solution, decided at the root (1 node).
        return Outcome::rejected_at_root();
    }
    let mut essay = Essay {
        puzzle: *puzzle,
        templates: Vec::new(),
        tally: Tally::new(limits),
        told: observer.active().then(|| Told::new(puzzle)),
        observer,
    };
    essay.templates = (1..=SIDE as u8)
        .map(|digit| {
            let givens: Vec<usize> = (0..CELLS).filter(|&c| puzzle.get(c) == digit).collect();
            let all = templates::all().iter();
            all.filter(|t| essay.fits_givens(digit, &givens, t))
                .copied()
                .collect()
        })
        .collect();
    essay.search(0);
    essay.tally.outcome()
}

/// The lists of templates and what the search keeps beside them.
struct Essay<'o, O: ?Sized> {
    /// The puzzle.
    puzzle: Grid,
    /// For each digit `d`, at `d - 1`, the templates it may still take.
    templates: Vec<Vec<Columns>>,
    /// The counters, the node budget and the solutions.
    tally: Tally,
    /// What the observer was told (when it watches).
    told: Option<Told>,
    /// Who watches.
    observer: &'o mut O,
}

/// How the overlay ended.
enum Overlaid {
    /// No round removes anything more.
    Fixpoint,
    /// The digit has no template left.
    DeadEnd(u8),
}

impl<O: Observer + ?Sized> Essay<'_, O> {
    /// Whether template `t` of `digit` fits the givens: each of its cells is empty or
    /// given `digit`, and each cell given `digit` (`givens`) is one of its cells.
    fn fits_givens(&self, digit: u8, givens: &[usize], t: &Columns) -> bool {
        let cells = templates::cells(t);
        let given = |cell: usize| self.puzzle.get(cell);
        cells.iter().all(|&c| given(c) == 0 || given(c) == digit)
            && givens.iter().all(|c| cells.contains(c))
    }

    /// One round of the overlay: the templates each digit keeps, those that no other
    /// digit's whole list overlaps (as the lists stand when the round begins).
    fn overlay_round(&self) -> Vec<Vec<Columns>> {
        let lists = self.templates.iter().enumerate();
        lists
            .map(|(d, mine)| {
                let blocked = |t: &Columns| {
                    let mut others = self.templates.iter().enumerate();
                    others.any(|(e, theirs)| e != d && !one_avoids(theirs, t))
                };
                mine.iter().filter(|t| !blocked(t)).copied().collect()
            })
            .collect()
    }

    /// The overlay: rounds until none removes a template, or a digit has none left.
    fn overlay(&mut self) -> Overlaid {
        loop {
            if let Some(d) = self.templates.iter().position(Vec::is_empty) {
                return Overlaid::DeadEnd(d as u8 + 1);
            }
            let kept = self.overlay_round();
            if kept
                .iter()
                .map(Vec::len)
                .eq(self.templates.iter().map(Vec::len))
            {
                return Overlaid::Fixpoint;
            }
            self.templates = kept;
        }
    }

    /// The cells every template of `digit` covers: where the digit is placed.
    fn agreed_cells(&self, digit: u8) -> Vec<usize> {
        let mine = &self.templates[usize::from(digit) - 1];
        (0..CELLS)
            .filter(|&cell| mine.iter().all(|t| templates::cells(t).contains(&cell)))
            .collect()
    }

    /// The digits some template covers `cell` with.
    fn candidates(&self, cell: usize) -> u16 {
        let covers = |t: &Columns| templates::cells(t).contains(&cell);
        (0..SIDE)
            .filter(|&d| self.templates[d].iter().any(covers))
            .fold(0, |mask, d| mask | 1 << d)
    }

    /// Tells the observer the net effect of the overlay at a fixpoint.
    fn tell_fixpoint(&mut self, depth: u16) {
        let Some(mut told) = self.told.take() else {
            return;
        };
        let mut placed = [0u8; CELLS];
        for digit in 1..=SIDE as u8 {
            for cell in self.agreed_cells(digit) {
                placed[cell] = digit;
            }
        }
        let candidates: Vec<u16> = (0..CELLS).map(|c| self.candidates(c)).collect();
        told.fixpoint(depth, |c| candidates[c], |c| placed[c], self.observer);
        self.told = Some(told);
    }

    /// The grid the templates tile, one per digit.
    fn solution(&self) -> Grid {
        let mut grid = self.puzzle;
        for (d, mine) in self.templates.iter().enumerate() {
            for cell in templates::cells(&mine[0]) {
                grid.set(cell, d as u8 + 1);
            }
        }
        grid
    }

    /// The search with `depth` tries standing: the overlay, then a template of the digit
    /// with the fewest left, each in turn. Returns `true` when the search must stop: the
    /// solution limit is reached or the node budget is spent.
    fn search(&mut self, depth: u16) -> bool {
        if let Overlaid::DeadEnd(digit) = self.overlay() {
            self.tell(Event::Contradiction {
                depth,
                reason: Contradiction::NoTemplate { digit },
            });
            return false;
        }
        self.tell_fixpoint(depth);
        let open = (0..SIDE).filter(|&d| self.templates[d].len() > 1);
        let Some(d) = open.min_by_key(|&d| (self.templates[d].len(), d)) else {
            // One template per digit: they tile the grid.
            self.tell(Event::Solution { depth });
            let grid = self.solution();
            return self.tally.solution(|| grid);
        };
        let digit = d as u8 + 1;
        let before = self.templates.clone();
        for t in &before[d] {
            if !self.tally.try_one() {
                return true;
            }
            self.templates[d] = vec![*t];
            if let Some(told) = &mut self.told {
                told.tried(depth + 1, digit, &templates::cells(t), self.observer);
            }
            if self.search(depth + 1) {
                return true;
            }
            self.templates.clone_from(&before);
            self.tally.backtrack();
            if let Some(told) = &mut self.told {
                told.taken_back(depth + 1, self.observer);
            }
        }
        false
    }

    /// Tells the observer, if it watches.
    #[inline(always)]
    fn tell(&mut self, event: Event) {
        if self.observer.active() {
            self.observer.event(event);
        }
    }
}
