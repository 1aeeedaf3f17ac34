//! The events every strategy reports while it works, and the [`Observer`] that receives them.
//!
//! One vocabulary serves every strategy, so that a trace, a replay or a test reads them
//! all alike:
//!
//! - the search: [`Event::Choose`] (where it branches, and why: the [`Choice`] its
//!   heuristic made), [`Event::Try`] (a trial value placed: a digit in a cell, or the
//!   exact-cover row of that cell and digit), [`Event::Backtrack`] (that try taken back),
//!   [`Event::Solution`], [`Event::Contradiction`] (a dead end, and why);
//! - propagation: [`Event::Assign`] and [`Event::Eliminate`], each with the [`Rule`] that
//!   drew it (a naked single, the only place for a digit in a unit, a locked candidate,
//!   ...); [`Event::Cover`] and [`Event::Uncover`] for the columns of an exact cover;
//! - stochastic search: [`Event::Swap`], a move of two cells (a try), taken back when
//!   not accepted; [`Event::Generation`], a new population of a genetic algorithm (a
//!   try, never taken back);
//! - a solver that reports its search by counts alone (a MIP solver's branch and bound):
//!   [`Event::Node`], one node of its tree (a try), taken back or not.
//!
//! One step has one name in every strategy. The givens' digits leaving their peers are
//! [`Rule::Given`] wherever a strategy tells them (Norvig's rule 1 on a given's square,
//! reduce's first *eliminate* pass, logic's starting pencil marks): a given is what the
//! puzzle says, not a deduction. A digit leaving the peers of a cell solved since (by a
//! try or a rule) is [`Rule::NakedSingle`].
//!
//! Every event carries the search *depth*: how many tries stand (the root is depth 0, the
//! first try is at depth 1, and what propagation draws from a try is at the try's depth).
//!
//! The contract every strategy is tested for: counting the tries
//! ([`Event::is_try`]) of an observed solve gives `nodes - 1`, and counting the tries
//! taken back ([`Event::is_backtrack`]) gives `backtracks`, with the same outcome as the
//! plain solve.
//!
//! # Watching costs nothing when nobody watches
//!
//! A strategy's search is generic over its observer, `O: Observer + ?Sized`, and asks
//! [`Observer::active`] before building an event. The unit type `()` is the observer that
//! watches nothing: its `active` is `false` and inlined, so the plain solve compiles to
//! the search without any event. A closure `|e: Event| ...` and any `&mut dyn Observer`
//! watch everything.
//!
//! ```
//! use sudoku_core::event::{Event, Observer};
//!
//! let mut tries = 0;
//! let mut count = |e: Event| tries += usize::from(e.is_try());
//! count.event(Event::Try { depth: 1, cell: 0, digit: 5 });
//! count.event(Event::Solution { depth: 1 });
//! assert_eq!(tries, 1);
//! assert!(!().active());
//! ```

use std::fmt;

/// Why a state of the search is a dead end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Contradiction {
    /// A cell has no candidate left (no safe digit, for naive).
    EmptyCell {
        /// The cell, in reading order.
        cell: u16,
    },
    /// A unit has no place left for a digit.
    NoPlace {
        /// The unit (rows, then columns, then boxes).
        unit: u16,
        /// The digit.
        digit: u8,
    },
    /// A column of the exact cover has no row left.
    EmptyColumn {
        /// The column, 0-based in the column order of the matrix.
        column: u16,
    },
    /// The cells of a unit cannot all take different digits: no matching of the unit's
    /// cells to digits covers every cell (Régin's test of an `alldifferent` constraint),
    /// though each cell may still have candidates and each digit places.
    NoMatching {
        /// The unit (rows, then columns, then boxes).
        unit: u16,
    },
    /// A digit has no template left: no way to place it once in every row, column and
    /// box that fits the grid (the pattern overlay method).
    NoTemplate {
        /// The digit.
        digit: u8,
    },
}

/// A deduction technique, in order of strength: the grade of a puzzle is the strongest
/// one its logical solve needed. Level `k` of the `logic` strategy applies the first `k`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Technique {
    /// A cell with one candidate left holds it (and its peers lose it).
    NakedSingle,
    /// A digit with one place left in a unit goes there.
    HiddenSingle,
    /// A digit confined to one line within a box (pointing), or to one box within a
    /// line (claiming), leaves the rest of that line or box.
    LockedCandidates,
    /// Two cells of a unit holding the same two candidates take them from the unit.
    NakedPair,
    /// Two digits confined to the same two cells of a unit: those cells lose the rest.
    HiddenPair,
    /// Three cells of a unit holding three candidates between them.
    NakedTriple,
    /// Three digits confined to the same three cells of a unit.
    HiddenTriple,
    /// Four cells of a unit holding four candidates between them.
    NakedQuad,
    /// Four digits confined to the same four cells of a unit.
    HiddenQuad,
    /// A digit confined to the same two columns in two rows (or rows in two columns).
    XWing,
    /// A digit confined to the same three columns in three rows (or rows in three columns).
    Swordfish,
}

impl Technique {
    /// Every technique, weakest first.
    pub const ALL: [Technique; 11] = [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::LockedCandidates,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::XWing,
        Technique::Swordfish,
    ];

    /// The name used in reports and the CSV: `naked_single`, `x_wing`, ...
    pub const fn name(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked_single",
            Technique::HiddenSingle => "hidden_single",
            Technique::LockedCandidates => "locked_candidates",
            Technique::NakedPair => "naked_pair",
            Technique::HiddenPair => "hidden_pair",
            Technique::NakedTriple => "naked_triple",
            Technique::HiddenTriple => "hidden_triple",
            Technique::NakedQuad => "naked_quad",
            Technique::HiddenQuad => "hidden_quad",
            Technique::XWing => "x_wing",
            Technique::Swordfish => "swordfish",
        }
    }

    /// The technique of a name given by [`Technique::name`] (`-` and `_` alike).
    pub fn from_name(name: &str) -> Option<Technique> {
        let name = name.replace('-', "_");
        Technique::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// The technique in words: `naked single`, `X-wing`, `swordfish`.
impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Technique::XWing => f.write_str("X-wing"),
            _ => f.write_str(&self.name().replace('_', " ")),
        }
    }
}

/// Why a digit was assigned to a cell or eliminated from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rule {
    /// A given of the puzzle: assigned as the puzzle states it, and its digit leaving the
    /// given's peers (every strategy that tells the starting candidates tells them so).
    Given,
    /// The try of the search (the [`Event::Try`] just before).
    Tried,
    /// The other digits of a cell just assigned leave it (Norvig's `assign`).
    Assigned,
    /// A cell with one candidate: it holds it, and its peers lose it (Norvig's first
    /// rule, the Udacity agent's *eliminate*).
    NakedSingle,
    /// The only place left for the digit in `unit` (Norvig's second rule, the Udacity
    /// agent's *only choice*).
    HiddenSingle {
        /// The unit.
        unit: u16,
    },
    /// Locked candidates, pointing: the digit is confined to one line of `box_unit`, so
    /// the rest of `line` loses it.
    Pointing {
        /// The box.
        box_unit: u16,
        /// The row or column.
        line: u16,
    },
    /// Locked candidates, claiming: the digit is confined to one box within `line`, so
    /// the rest of `box_unit` loses it.
    Claiming {
        /// The row or column.
        line: u16,
        /// The box.
        box_unit: u16,
    },
    /// `count` cells of `unit` hold `count` candidates between them (a naked pair,
    /// triple or quad): the rest of the unit loses them.
    NakedSubset {
        /// The unit.
        unit: u16,
        /// 2, 3 or 4.
        count: u8,
    },
    /// `count` digits confined to the same `count` cells of `unit` (a hidden pair,
    /// triple or quad): those cells lose their other candidates.
    HiddenSubset {
        /// The unit.
        unit: u16,
        /// 2, 3 or 4.
        count: u8,
    },
    /// A fish of `count` base lines (an X-wing for 2, a swordfish for 3): the digit is
    /// confined to `count` cover lines within `count` rows (or columns), so the rest of
    /// the cover lines lose it.
    Fish {
        /// 2 or 3.
        count: u8,
        /// Whether the base lines are rows (else columns).
        rows: bool,
        /// The base lines, a bit set of their indexes among the rows (or columns): bit
        /// `i` for row `i + 1`.
        base: u32,
        /// The cover lines, a bit set of their indexes among the columns (or rows).
        cover: u32,
    },
    /// Unit propagation of a SAT solver: every other literal of a clause is false.
    UnitPropagation,
    /// The propagation of the bands strategy (the band and stack rules, singles and
    /// triads, applied to whole registers at once), told by its net effect at each
    /// fixpoint rather than rule by rule.
    BandPropagation,
    /// The digit the fittest individual of a genetic algorithm's population holds in
    /// the cell: a search that keeps a population shows its best grid this way.
    Fittest,
    /// The point a MIP solver answered for the integer program of the puzzle: the
    /// variable of this cell and digit is 1 there.
    IntegerProgram,
    /// Bounds consistency of the `alldifferent` constraint of `unit`: the digit lies in a
    /// Hall interval, a range of `k` digits that `k` other cells of the unit need between
    /// them, and is the cell's smallest or largest candidate.
    HallInterval {
        /// The unit.
        unit: u16,
    },
    /// Generalised arc consistency of the `alldifferent` constraint of `unit` (Régin's
    /// filter): no matching of the unit's cells to digits that covers every cell puts the
    /// digit in the cell.
    Matching {
        /// The unit.
        unit: u16,
    },
    /// The pattern overlay method: every template (a placement of the digit once in
    /// every row, column and box) still possible covers the cell (an assignment), or
    /// none does (an elimination); told by its net effect at each fixpoint.
    PatternOverlay,
}

impl Rule {
    /// The deduction technique the rule is an instance of, if it is one.
    pub const fn technique(self) -> Option<Technique> {
        Some(match self {
            Rule::NakedSingle => Technique::NakedSingle,
            Rule::HiddenSingle { .. } => Technique::HiddenSingle,
            Rule::Pointing { .. } | Rule::Claiming { .. } => Technique::LockedCandidates,
            Rule::NakedSubset { count: 2, .. } => Technique::NakedPair,
            Rule::NakedSubset { count: 3, .. } => Technique::NakedTriple,
            Rule::NakedSubset { .. } => Technique::NakedQuad,
            Rule::HiddenSubset { count: 2, .. } => Technique::HiddenPair,
            Rule::HiddenSubset { count: 3, .. } => Technique::HiddenTriple,
            Rule::HiddenSubset { .. } => Technique::HiddenQuad,
            Rule::Fish { count: 2, .. } => Technique::XWing,
            Rule::Fish { .. } => Technique::Swordfish,
            Rule::Given
            | Rule::Tried
            | Rule::Assigned
            | Rule::UnitPropagation
            | Rule::BandPropagation
            | Rule::Fittest
            | Rule::IntegerProgram
            | Rule::HallInterval { .. }
            | Rule::Matching { .. }
            | Rule::PatternOverlay => return None,
        })
    }
}

/// Where a search branches, and why: what its heuristic chose before its tries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Choice {
    /// The open cell with the fewest candidates, the first in reading order of those
    /// (the *minimum remaining values* heuristic: Norvig's `min(len(values[s]))`, the
    /// Udacity agent's, and the logic strategy's when every technique is stuck).
    FewestCandidates {
        /// The cell, in reading order.
        cell: u16,
        /// How many candidates it has: how many tries it can take.
        candidates: u8,
    },
    /// The column of the exact cover with the fewest rows, the first in column order of
    /// those (Knuth's *S heuristic*: "choose a column object c with the fewest 1s").
    FewestRows {
        /// The column, 0-based in the column order of the matrix.
        column: u16,
        /// How many rows it has left.
        rows: u8,
    },
}

/// One step of a strategy at work. See the [module documentation](self).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Event {
    /// The search chooses where to branch: its tries that follow (at `depth + 1`) are
    /// the candidates of that cell, or the rows of that column. Told before the first of
    /// them; neither a try nor a backtrack.
    Choose {
        /// How many tries stand (the tries that follow are one deeper).
        depth: u16,
        /// What was chosen, and why.
        choice: Choice,
    },
    /// The search places a trial value: `digit` in `cell`, or (an exact cover) selects the
    /// row of that cell and digit. `depth` counts this try.
    Try {
        /// How many tries stand, this one included.
        depth: u16,
        /// The cell, in reading order.
        cell: u16,
        /// The digit.
        digit: u8,
    },
    /// The try at `depth` (the same cell and digit) is taken back: its subtree did not
    /// end the search.
    Backtrack {
        /// The depth of the try taken back.
        depth: u16,
        /// Its cell.
        cell: u16,
        /// Its digit.
        digit: u8,
    },
    /// Every cell holds a digit: a solution.
    Solution {
        /// How many tries stand.
        depth: u16,
    },
    /// A dead end.
    Contradiction {
        /// How many tries stand.
        depth: u16,
        /// Why.
        reason: Contradiction,
    },
    /// `digit` is assigned to `cell` (the cell holds it alone from now on).
    Assign {
        /// How many tries stand.
        depth: u16,
        /// The cell.
        cell: u16,
        /// The digit.
        digit: u8,
        /// Why.
        rule: Rule,
    },
    /// `digit` is removed from the candidates of `cell`.
    Eliminate {
        /// How many tries stand.
        depth: u16,
        /// The cell.
        cell: u16,
        /// The digit.
        digit: u8,
        /// Why.
        rule: Rule,
    },
    /// A column of the exact cover is covered: taken out of the header list, with every
    /// row that meets it taken out of the other columns.
    Cover {
        /// How many tries stand.
        depth: u16,
        /// The column, 0-based in the column order of the matrix.
        column: u16,
    },
    /// A column of the exact cover is uncovered: put back as it was.
    Uncover {
        /// How many tries stand.
        depth: u16,
        /// The column.
        column: u16,
    },
    /// A move of stochastic search: the digits of two cells are swapped (a try); when
    /// the move is not `accepted` it is taken back at once (a backtrack).
    Swap {
        /// The two cells.
        cells: [u16; 2],
        /// The cost after the move (digits missing from rows and columns).
        cost: u32,
        /// Whether the move was kept.
        accepted: bool,
    },
    /// A generation of a genetic algorithm (a try): a new population bred from the last
    /// one, or drawn afresh at a `restart`. Nothing is taken back: the next generation
    /// breeds from this one.
    Generation {
        /// The least cost in the new population (digits missing from rows and columns).
        cost: u32,
        /// Whether the population was drawn afresh (the search was stuck) rather than bred.
        restart: bool,
    },
    /// A node below the root of a solver's search tree, known by its count alone (a MIP
    /// solver's branch and bound reports how many nodes it solved, not what each one
    /// fixed): a try, and a backtrack too when `taken_back`. Told after the tree, with
    /// no depth (as [`Event::Swap`]).
    Node {
        /// Whether the search took it back (see the strategy's counters).
        taken_back: bool,
    },
}

impl Event {
    /// Whether the event is a try: a [`Event::Try`], a [`Event::Swap`], a
    /// [`Event::Generation`] or a [`Event::Node`].
    pub const fn is_try(&self) -> bool {
        matches!(
            self,
            Event::Try { .. } | Event::Swap { .. } | Event::Generation { .. } | Event::Node { .. }
        )
    }

    /// Whether the event takes a try back: a [`Event::Backtrack`], a move not accepted
    /// or a node taken back.
    pub const fn is_backtrack(&self) -> bool {
        matches!(
            self,
            Event::Backtrack { .. }
                | Event::Swap {
                    accepted: false,
                    ..
                }
                | Event::Node { taken_back: true }
        )
    }

    /// The search depth the event happened at.
    pub const fn depth(&self) -> u16 {
        match *self {
            Event::Choose { depth, .. }
            | Event::Try { depth, .. }
            | Event::Backtrack { depth, .. }
            | Event::Solution { depth }
            | Event::Contradiction { depth, .. }
            | Event::Assign { depth, .. }
            | Event::Eliminate { depth, .. }
            | Event::Cover { depth, .. }
            | Event::Uncover { depth, .. } => depth,
            Event::Swap { .. } | Event::Generation { .. } | Event::Node { .. } => 0,
        }
    }
}

/// Something that watches a strategy's [`Event`]s (see the [module documentation](self)).
///
/// Implement [`Observer::event`]; leave [`Observer::active`] at `true`. The unit type
/// `()` is the observer that watches nothing, at no cost. `dyn Observer` is the observer
/// of [`Solver::solve_observed`](crate::Solver::solve_observed).
pub trait Observer {
    /// Called for each event, in the order the strategy takes its steps.
    fn event(&mut self, event: Event);

    /// Whether this observer wants events at all. Strategies test it before building an
    /// event; `()` answers `false`, so a plain solve builds none.
    #[inline(always)]
    fn active(&self) -> bool {
        true
    }
}

/// The observer that watches nothing (the plain solve): compiled away.
impl Observer for () {
    #[inline(always)]
    fn event(&mut self, _event: Event) {}

    #[inline(always)]
    fn active(&self) -> bool {
        false
    }
}

/// Any closure taking an [`Event`] is an observer.
impl<F: FnMut(Event)> Observer for F {
    #[inline]
    fn event(&mut self, event: Event) {
        self(event)
    }
}

/// Counts the tries and backtracks of an event stream: what the contract compares with
/// a solve's counters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EventCount {
    /// Events seen.
    pub events: u64,
    /// Tries ([`Event::is_try`]).
    pub tries: u64,
    /// Tries taken back ([`Event::is_backtrack`]).
    pub backtracks: u64,
    /// Solutions.
    pub solutions: u64,
}

impl Observer for EventCount {
    #[inline]
    fn event(&mut self, event: Event) {
        self.events += 1;
        self.tries += u64::from(event.is_try());
        self.backtracks += u64::from(event.is_backtrack());
        self.solutions += u64::from(matches!(event, Event::Solution { .. }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_name_their_technique_and_techniques_are_ordered() {
        assert_eq!(
            Rule::HiddenSubset { unit: 3, count: 3 }.technique(),
            Some(Technique::HiddenTriple)
        );
        assert_eq!(
            Rule::Fish {
                count: 2,
                rows: true,
                base: 0b101,
                cover: 0b11000,
            }
            .technique(),
            Some(Technique::XWing)
        );
        assert_eq!(Rule::Assigned.technique(), None);
        assert_eq!(Rule::Fittest.technique(), None);
        assert!(Technique::ALL.windows(2).all(|w| w[0] < w[1]));
        for t in Technique::ALL {
            assert_eq!(Technique::from_name(t.name()), Some(t));
        }
        assert_eq!(Technique::from_name("x-wing"), Some(Technique::XWing));
        assert_eq!(Technique::XWing.to_string(), "X-wing");
        assert_eq!(Technique::NakedPair.to_string(), "naked pair");
    }

    #[test]
    fn swaps_and_generations_are_tries_and_rejected_swaps_backtracks() {
        let mut count = EventCount::default();
        for accepted in [true, false] {
            count.event(Event::Swap {
                cells: [0, 1],
                cost: 4,
                accepted,
            });
        }
        count.event(Event::Try {
            depth: 1,
            cell: 2,
            digit: 3,
        });
        count.event(Event::Backtrack {
            depth: 1,
            cell: 2,
            digit: 3,
        });
        assert_eq!((count.tries, count.backtracks, count.events), (3, 2, 4));
        for restart in [false, true] {
            let generation = Event::Generation { cost: 7, restart };
            assert!(generation.is_try() && !generation.is_backtrack());
            assert_eq!(generation.depth(), 0);
            count.event(generation);
        }
        assert_eq!((count.tries, count.backtracks, count.events), (5, 2, 6));
    }

    #[test]
    fn a_choice_is_neither_a_try_nor_a_backtrack() {
        let choice = Choice::FewestRows { column: 7, rows: 2 };
        let e = Event::Choose { depth: 3, choice };
        assert!(!e.is_try() && !e.is_backtrack());
        assert_eq!(e.depth(), 3);
    }
}
