//! Grading, as QQWing grades: how hard a puzzle is for a person, read off the logic
//! strategy's solve.
//!
//! The logic strategy (`sudoku-logic`) solves as a person does, the weakest technique of
//! its level first, and says the strongest one a solve used ([`Outcome::grade`](sudoku_core::Outcome::grade)) and
//! whether it had to guess (`nodes > 1`). [`grade`] reads those two from its public
//! outcome and nothing else; [`Difficulty`] names them on a small fixed ladder, the one
//! place where techniques map to difficulty names.

use std::fmt;
use std::str::FromStr;

use sudoku_core::{Grid, Limits, Solver, Status, Technique};

/// How hard a puzzle with one solution is, on a ladder of five, weakest first: the
/// logic level a person needs, QQWing's names for its first rungs.
///
/// The mapping from the logic strategy's levels (level `k` applies the first `k` of
/// [`Technique::ALL`]), stated once here, in [`Difficulty::of`]:
///
/// | difficulty     | the strongest technique needed, solved without a guess      | level           |
/// |----------------|--------------------------------------------------------------|-----------------|
/// | `simple`       | naked single                                                 | 1               |
/// | `easy`         | hidden single                                                | 2 (`logic-singles`) |
/// | `intermediate` | locked candidates, naked pair, hidden pair                   | 3 to 5          |
/// | `expert`       | naked or hidden triple or quad, X-wing, swordfish            | 6 to 11 (`logic`) |
/// | `beyond`       | no level solves it without a guess: the search has to try    | -               |
///
/// QQWing's own ladder is simple (singles in cells), easy (hidden singles), intermediate
/// (pairs, pointing, box-line reduction) and expert (a guess); it has no triples, quads or
/// fish. This one keeps its first three rungs, calls expert what needs the stronger
/// techniques the logic strategy has, and beyond what needs a guess.
///
/// ```
/// use sudoku_core::Technique;
/// use sudoku_generator::Difficulty;
///
/// assert_eq!(Difficulty::of(Technique::HiddenSingle), Difficulty::Easy);
/// assert_eq!(Difficulty::of(Technique::XWing), Difficulty::Expert);
/// assert_eq!(Difficulty::Intermediate.hardest(), Some(Technique::HiddenPair));
/// assert_eq!("beyond".parse(), Ok(Difficulty::Beyond));
/// assert!(Difficulty::Simple < Difficulty::Beyond);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Difficulty {
    /// Naked singles alone solve it.
    Simple,
    /// Hidden singles are needed (and nothing stronger).
    Easy,
    /// Locked candidates or pairs are needed.
    Intermediate,
    /// Triples, quads, an X-wing or a swordfish are needed.
    Expert,
    /// Every technique is stuck at some point: a person (and the strategy) has to guess.
    Beyond,
}

impl Difficulty {
    /// Every difficulty, weakest first.
    pub const ALL: [Difficulty; 5] = [
        Difficulty::Simple,
        Difficulty::Easy,
        Difficulty::Intermediate,
        Difficulty::Expert,
        Difficulty::Beyond,
    ];

    /// The difficulty of a puzzle solved without a guess whose strongest step was
    /// `technique`: the table of the [type's docs](Difficulty).
    pub const fn of(technique: Technique) -> Difficulty {
        match technique {
            Technique::NakedSingle => Difficulty::Simple,
            Technique::HiddenSingle => Difficulty::Easy,
            Technique::LockedCandidates | Technique::NakedPair | Technique::HiddenPair => {
                Difficulty::Intermediate
            }
            Technique::NakedTriple
            | Technique::HiddenTriple
            | Technique::NakedQuad
            | Technique::HiddenQuad
            | Technique::XWing
            | Technique::Swordfish => Difficulty::Expert,
        }
    }

    /// The techniques of this rung, weakest first (none for `beyond`, which is a guess).
    pub fn techniques(self) -> Vec<Technique> {
        Technique::ALL
            .into_iter()
            .filter(|&t| Difficulty::of(t) == self)
            .collect()
    }

    /// The strongest technique of this rung (none for `beyond`).
    pub fn hardest(self) -> Option<Technique> {
        self.techniques().last().copied()
    }

    /// Its name in the CSV and on the command line: `simple`, ..., `beyond`.
    pub const fn name(self) -> &'static str {
        match self {
            Difficulty::Simple => "simple",
            Difficulty::Easy => "easy",
            Difficulty::Intermediate => "intermediate",
            Difficulty::Expert => "expert",
            Difficulty::Beyond => "beyond",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads a name of [`Difficulty::name`].
impl FromStr for Difficulty {
    type Err = crate::ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name() == s)
            .ok_or_else(|| crate::ParseError::Difficulty {
                text: s.to_string(),
            })
    }
}

/// What grading a puzzle found of its solutions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Exactly one solution: the puzzle has a difficulty.
    Unique(Difficulty),
    /// No solution.
    NoSolution,
    /// Two solutions at least: no difficulty (a person would have to guess between them).
    NotUnique,
    /// The grader's node budget ran out before it could tell.
    Undecided,
}

impl Verdict {
    /// Its name in the CSV's `status` column: `unique`, `no_solution`, `not_unique`,
    /// `budget_exhausted`.
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Unique(_) => "unique",
            Verdict::NoSolution => "no_solution",
            Verdict::NotUnique => "not_unique",
            Verdict::Undecided => "budget_exhausted",
        }
    }

    /// The difficulty, for a puzzle with one solution.
    pub const fn difficulty(self) -> Option<Difficulty> {
        match self {
            Verdict::Unique(d) => Some(d),
            _ => None,
        }
    }
}

/// A puzzle's grade: what the grader's uniqueness check (limit 2) found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grade {
    /// Its solutions, and its difficulty when it has one.
    pub verdict: Verdict,
    /// The strongest technique the solve used at any node it visited ([`Outcome::grade`](sudoku_core::Outcome::grade));
    /// none when there was nothing to deduce (a complete grid, or givens that clash).
    pub technique: Option<Technique>,
    /// The grader's nodes (`1 + tries`): 1 when deduction alone solved it.
    pub nodes: u64,
}

/// Grades `puzzle` with `grader` (the catalogue's `logic`, or any solver whose
/// [`Outcome::grade`] names the strongest technique its solve used), searching at most
/// `max_nodes` nodes: a uniqueness check (limit 2), so that a puzzle with two solutions
/// is not graded as if it had one. A puzzle solved at the root (one node) is graded by its
/// strongest technique, [`Difficulty::of`] (a complete grid, with nothing to deduce, is
/// `simple`); one that needed a try is [`Difficulty::Beyond`].
///
/// [`Outcome::grade`]: sudoku_core::Outcome::grade
pub fn grade(grader: &dyn Solver, puzzle: &Grid, max_nodes: u64) -> Grade {
    let out = grader.solve(puzzle, &Limits::UNIQUENESS.with_max_nodes(max_nodes));
    let nodes = out.counters.nodes;
    let verdict = match out.status {
        Status::BudgetExhausted => Verdict::Undecided,
        Status::NoSolution => Verdict::NoSolution,
        Status::Solved if out.solutions >= 2 => Verdict::NotUnique,
        Status::Solved if nodes == 1 => {
            Verdict::Unique(out.grade.map_or(Difficulty::Simple, Difficulty::of))
        }
        Status::Solved => Verdict::Unique(Difficulty::Beyond),
    };
    Grade {
        verdict,
        technique: out.grade,
        nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_technique_has_one_rung_and_the_rungs_follow_the_levels() {
        let mut last = Difficulty::Simple;
        for t in Technique::ALL {
            let d = Difficulty::of(t);
            assert!(
                d >= last,
                "{t}: the ladder follows the levels, weakest first"
            );
            assert!(d.techniques().contains(&t));
            last = d;
        }
        assert_eq!(last, Difficulty::Expert);
        assert!(Difficulty::Beyond.techniques().is_empty());
        assert_eq!(Difficulty::Expert.hardest(), Some(Technique::Swordfish));
        assert_eq!(Difficulty::Simple.hardest(), Some(Technique::NakedSingle));
        for d in Difficulty::ALL {
            assert_eq!(d.name().parse(), Ok(d));
        }
        let err = "hard".parse::<Difficulty>().unwrap_err().to_string();
        assert_eq!(
            err,
            "unknown difficulty \"hard\": the difficulties are simple, easy, intermediate, \
             expert, beyond"
        );
    }
}
