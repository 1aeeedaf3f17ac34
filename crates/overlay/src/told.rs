//! What an observer has been told of the grid, so that the overlay can be reported by
//! its net effect, and a template chosen as a try.
//!
//! The overlay removes templates many at a time, in rounds, so neither version reports
//! a template as it goes. At each fixpoint they report instead what the templates left
//! say of the cells since the observer last heard: each digit that left a cell (no
//! template of it covers the cell any more: an [`Event::Eliminate`]) and each cell that
//! every template of a digit covers (an [`Event::Assign`]), both with
//! [`Rule::PatternOverlay`], cell by cell in reading order. A template chosen by the
//! search is an [`Event::Try`] at its first cell the digit does not hold yet, then an
//! [`Event::Assign`] with [`Rule::Tried`] for each other such cell; taken back, an
//! [`Event::Backtrack`] of that first cell. An observer that applies the events holds
//! the overlay's candidates at every fixpoint, and the solution at the solution.

use sudoku_core::units::CELLS;
use sudoku_core::{Event, Grid, Observer, Rule};

/// What the observer was told, as of one try.
#[derive(Clone)]
struct Frame {
    /// The digits each cell may still hold (bit `d - 1` for digit `d`).
    candidates: [u16; CELLS],
    /// The digit placed in each cell (0 for none).
    placed: [u8; CELLS],
    /// The cell and digit the try of this frame was told with.
    tried: (u16, u8),
}

/// The grid told, one frame per try standing (the first before any try).
pub(crate) struct Told {
    stack: Vec<Frame>,
}

impl Told {
    /// Before the first event: each given's cell holds its digit, every other cell
    /// every digit.
    pub(crate) fn new(puzzle: &Grid) -> Told {
        let mut first = Frame {
            candidates: [0x1FF; CELLS],
            placed: [0; CELLS],
            tried: (0, 0),
        };
        for (cell, &d) in puzzle.cells().iter().enumerate().filter(|(_, &d)| d != 0) {
            first.candidates[cell] = 1 << (d - 1);
            first.placed[cell] = d;
        }
        Told { stack: vec![first] }
    }

    fn top(&mut self) -> &mut Frame {
        let last = self.stack.len() - 1;
        &mut self.stack[last]
    }

    /// The template of `digit` whose cells are `cells` (in reading order) is chosen by
    /// the try at `depth`: tells the try at its first cell without the digit, and the
    /// assignment of its other such cells.
    pub(crate) fn tried<O: Observer + ?Sized>(
        &mut self,
        depth: u16,
        digit: u8,
        cells: &[usize],
        observer: &mut O,
    ) {
        let mut next = self.stack[self.stack.len() - 1].clone();
        let mut first = None;
        for &cell in cells {
            if next.placed[cell] == digit {
                continue;
            }
            let at = cell as u16;
            match first {
                None => {
                    first = Some(at);
                    observer.event(Event::Try {
                        depth,
                        cell: at,
                        digit,
                    });
                }
                Some(_) => observer.event(Event::Assign {
                    depth,
                    cell: at,
                    digit,
                    rule: Rule::Tried,
                }),
            }
            next.candidates[cell] = 1 << (digit - 1);
            next.placed[cell] = digit;
        }
        next.tried = (
            first.expect("a template chosen differs from the others"),
            digit,
        );
        self.stack.push(next);
    }

    /// The last try, at `depth`, is taken back: tells the backtrack, and the grid told
    /// before it stands again.
    pub(crate) fn taken_back<O: Observer + ?Sized>(&mut self, depth: u16, observer: &mut O) {
        let (cell, digit) = self.top().tried;
        observer.event(Event::Backtrack { depth, cell, digit });
        self.stack.pop();
    }

    /// At a fixpoint at `depth`, where `candidates(cell)` gives the digits some template
    /// left covers `cell` with, and `placed(cell)` the digit whose every template covers
    /// it (0 for none): tells `observer` what changed, cell by cell in reading order
    /// (first the digits that left it, then the digit placed there).
    pub(crate) fn fixpoint<O: Observer + ?Sized>(
        &mut self,
        depth: u16,
        candidates: impl Fn(usize) -> u16,
        placed: impl Fn(usize) -> u8,
        observer: &mut O,
    ) {
        let rule = Rule::PatternOverlay;
        let told = self.top();
        for cell in 0..CELLS {
            let (now, digit) = (candidates(cell), placed(cell));
            let at = cell as u16;
            let mut gone = told.candidates[cell] & !now;
            while gone != 0 {
                let d = gone.trailing_zeros() as u8 + 1;
                gone &= gone - 1;
                observer.event(Event::Eliminate {
                    depth,
                    cell: at,
                    digit: d,
                    rule,
                });
            }
            told.candidates[cell] &= now;
            if digit != 0 && told.placed[cell] != digit {
                observer.event(Event::Assign {
                    depth,
                    cell: at,
                    digit,
                    rule,
                });
                told.placed[cell] = digit;
            }
        }
    }
}
