//! What the SAT solver tells us while it works, through its two hooks: the counters,
//! the node budget and the events (the crate documentation says what each means).
//!
//! batsat calls its [`Theory`] (meant for SMT) when it opens a decision level
//! (`create_level`, just before it puts the decision literal on its trail), when it
//! backtracks (`pop_levels`), after each propagation that ended without a conflict
//! (`partial_check`, which can read the whole trail) and when every variable has a
//! value (`final_check`); and its [`Callbacks`] at each learnt clause (one per conflict
//! above the root, its first literal the one it asserts) and whenever it may stop
//! (`stop`, asked after each propagation without a conflict, before the next
//! decision). [`Watch`] is the theory (it propagates nothing) and [`Hooks`] the
//! callbacks; they share a [`Shared`].

use std::cell::Cell;
use std::rc::Rc;

use batsat::{Callbacks, ClauseKind, Lit, Theory, TheoryArg};
use sudoku_core::{Event, Observer, Rule, Size};

use crate::encoding::cell_and_digit;

/// What the two hooks share.
#[derive(Debug, Default)]
pub(crate) struct Shared {
    /// The node budget is spent: the solver must stop.
    spent: Cell<bool>,
    /// Conflicts above the root, within the budget.
    conflicts: Cell<u64>,
    /// The literal the latest conflict's clause asserts, until its backjump.
    asserted: Cell<Option<Lit>>,
}

impl Shared {
    /// Whether the node budget ran out.
    pub fn spent(&self) -> bool {
        self.spent.get()
    }

    /// Conflicts above the root: the backtracks.
    pub fn conflicts(&self) -> u64 {
        self.conflicts.get()
    }
}

/// The solver's callbacks: they count the conflicts and stop the solver when the
/// budget is spent.
#[derive(Debug)]
pub(crate) struct Hooks(pub Rc<Shared>);

impl Callbacks for Hooks {
    #[inline]
    fn on_new_clause(&mut self, clause: &[Lit], kind: ClauseKind) {
        if kind == ClauseKind::Learnt && !self.0.spent.get() {
            self.0.conflicts.set(self.0.conflicts.get() + 1);
            self.0.asserted.set(clause.first().copied());
        }
    }

    #[inline]
    fn stop(&self) -> bool {
        self.0.spent.get()
    }
}

/// One decision level above the root.
#[derive(Debug, Clone, Copy)]
struct Level {
    /// Where its literals start on the solver's trail.
    start: usize,
    /// Its decision, `(cell, digit)`, once seen.
    decision: Option<(u16, u8)>,
}

/// The solver's theory: it counts the tries against the budget and tells the observer
/// what the solver does.
pub(crate) struct Watch<'a, O: Observer + ?Sized> {
    shared: Rc<Shared>,
    observer: &'a mut O,
    size: Size,
    /// The encoding's variable of each solver variable.
    original: &'a [u32],
    max_tries: u64,
    tries: u64,
    levels: Vec<Level>,
    /// How much of the solver's trail the observer has been told.
    told: usize,
}

impl<'a, O: Observer + ?Sized> Watch<'a, O> {
    /// A theory for a search of at most `max_tries` tries.
    pub fn new(
        shared: Rc<Shared>,
        observer: &'a mut O,
        size: Size,
        original: &'a [u32],
        max_tries: u64,
    ) -> Self {
        Watch {
            shared,
            observer,
            size,
            original,
            max_tries,
            tries: 0,
            levels: Vec::new(),
            told: 0,
        }
    }

    /// The tries counted so far.
    pub fn tries(&self) -> u64 {
        self.tries
    }

    fn depth(&self) -> u16 {
        self.levels.len() as u16
    }

    /// The cell and digit of a solver literal (whatever its sign).
    fn placement(&self, lit: Lit) -> (u16, u8) {
        let (cell, digit) = cell_and_digit(self.size, self.original[lit.var().idx() as usize]);
        (cell as u16, digit)
    }

    /// The events of a conflict's backjump: the try at the conflict's level taken back.
    fn tell_backtrack(&mut self, asserted: Lit) {
        let depth = self.depth();
        let Some(top) = self.levels.last().copied() else {
            return;
        };
        let (cell, digit) = match top.decision {
            Some(decision) => decision,
            None => {
                // Refuted by its own propagation: named by the first UIP.
                let (cell, digit) = self.placement(!asserted);
                self.observer.event(Event::Try { depth, cell, digit });
                (cell, digit)
            }
        };
        self.observer.event(Event::Backtrack { depth, cell, digit });
    }
}

impl<O: Observer + ?Sized> Theory for Watch<'_, O> {
    fn final_check(&mut self, _: &mut TheoryArg) {
        if self.observer.active() {
            self.observer.event(Event::Solution {
                depth: self.depth(),
            });
        }
    }

    #[inline]
    fn create_level(&mut self) {
        if self.tries == self.max_tries {
            self.shared.spent.set(true);
        } else {
            self.tries += 1;
        }
        self.levels.push(Level {
            start: self.told,
            decision: None,
        });
    }

    #[inline]
    fn pop_levels(&mut self, n: usize) {
        if let Some(asserted) = self.shared.asserted.take() {
            if self.observer.active() {
                self.tell_backtrack(asserted);
            }
        }
        let keep = self.levels.len() - n;
        self.told = self.levels[keep].start;
        self.levels.truncate(keep);
    }

    #[inline]
    fn n_levels(&self) -> usize {
        self.levels.len()
    }

    fn partial_check(&mut self, acts: &mut TheoryArg) {
        if !self.observer.active() {
            return;
        }
        let trail = acts.model();
        let depth = self.depth();
        let mut from = self.told;
        if let Some(top) = self.levels.last().copied() {
            if top.decision.is_none() {
                let lit = trail[top.start];
                debug_assert!(lit.sign(), "decisions put a digit in a cell");
                let (cell, digit) = self.placement(lit);
                self.levels.last_mut().unwrap().decision = Some((cell, digit));
                self.observer.event(Event::Try { depth, cell, digit });
                from = top.start + 1;
            }
        }
        for &lit in &trail[from..] {
            let (cell, digit) = self.placement(lit);
            let rule = Rule::UnitPropagation;
            self.observer.event(if lit.sign() {
                Event::Assign {
                    depth,
                    cell,
                    digit,
                    rule,
                }
            } else {
                Event::Eliminate {
                    depth,
                    cell,
                    digit,
                    rule,
                }
            });
        }
        self.told = trail.len();
    }

    fn explain_propagation(&mut self, _: Lit) -> &[Lit] {
        unreachable!("this theory propagates nothing")
    }
}
