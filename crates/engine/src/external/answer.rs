//! The line protocol of a solver run as a child process: what it is sent, what it answers.
//!
//! **In**: one puzzle per line, its cells in reading order, `.` for an empty cell, the
//! digits `1`-`9` then `A`-`P` for the larger sizes (81 characters for a 9x9 puzzle,
//! `Grid::to_line`), then `\n`.
//!
//! **Out**: one line per puzzle, in the order received, fields separated by spaces or tabs:
//!
//! ```text
//! SOLUTION|none|budget [NODES [BACKTRACKS [SOLUTIONS]]]
//! ```
//!
//! - `SOLUTION`: the first solution found, in any form the corpus reader takes in one word
//!   (81 digits, or the CSV's `417369825|632158947|…`); `none`: the search ended without a
//!   solution; `budget`: the solver gave up at the node budget it was given (see below);
//! - `NODES` (at least 1: `1 + tries`) and `BACKTRACKS`: the counters, if the solver keeps
//!   them (else the row says 0: not counted);
//! - `SOLUTIONS`: how many it found, for a solver asked for more than one (default: 1 with
//!   a solution, 0 without).
//!
//! The child learns its limits from its environment: `SUDOKU_LAB_LIMIT` (solutions to look
//! for, 1 or more) and, when `--max-nodes` is given, `SUDOKU_LAB_MAX_NODES`.

use sudoku_core::{Counters, Grid, Outcome};

/// The most bytes of an answer line read: a longer line is not an answer.
pub const MAX_ANSWER_BYTES: usize = 64 * 1024;

/// What the first word of an answer says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// A solution.
    Solution(Box<Grid>),
    /// The search ended without one.
    None,
    /// The node budget ran out.
    Budget,
}

/// One answer line, understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The first word.
    pub verdict: Verdict,
    /// `NODES`, if given.
    pub nodes: Option<u64>,
    /// `BACKTRACKS`, if given.
    pub backtracks: Option<u64>,
    /// `SOLUTIONS`, if given.
    pub solutions: Option<u64>,
}

impl Answer {
    /// Reads an answer line; the error says what is wrong with it.
    pub fn parse(line: &str) -> Result<Answer, String> {
        let mut words = line.split_ascii_whitespace();
        let verdict = match words.next() {
            None => return Err("an empty line".into()),
            Some("none") => Verdict::None,
            Some("budget") => Verdict::Budget,
            Some(word) => Verdict::Solution(Box::new(word.parse::<Grid>().map_err(|e| {
                format!("the first word is neither a solution ({e}) nor `none` nor `budget`")
            })?)),
        };
        let mut number = |what: &str| -> Result<Option<u64>, String> {
            words
                .next()
                .map(|w| {
                    w.parse::<u64>()
                        .map_err(|_| format!("{what} {w:?} is not a whole number"))
                })
                .transpose()
        };
        let nodes = number("NODES")?;
        let backtracks = number("BACKTRACKS")?;
        let solutions = number("SOLUTIONS")?;
        if nodes == Some(0) {
            return Err("NODES is 0 (nodes = 1 + tries: at least 1)".into());
        }
        if let Some(extra) = words.next() {
            return Err(format!("{extra:?} after SOLUTIONS (at most four fields)"));
        }
        Ok(Answer {
            verdict,
            nodes,
            backtracks,
            solutions,
        })
    }

    /// The answer as a solve's outcome (counters 0 when not given: not counted).
    pub fn outcome(&self) -> Outcome {
        let counters = Counters {
            nodes: self.nodes.unwrap_or(0),
            backtracks: self.backtracks.unwrap_or(0),
        };
        match &self.verdict {
            Verdict::Solution(grid) => {
                Outcome::new(self.solutions.unwrap_or(1), Some(**grid), counters, false)
            }
            Verdict::None => Outcome::new(self.solutions.unwrap_or(0), None, counters, false),
            Verdict::Budget => Outcome::new(self.solutions.unwrap_or(0), None, counters, true),
        }
    }
}

#[cfg(test)]
mod tests {
    use sudoku_core::Status;

    use super::*;

    const SOLVED: &str =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

    #[test]
    fn answers_read_with_or_without_counters() {
        let a = Answer::parse(&format!("{SOLVED} 12 9")).unwrap();
        assert_eq!(
            (a.nodes, a.backtracks, a.solutions),
            (Some(12), Some(9), None)
        );
        let o = a.outcome();
        assert_eq!(
            (o.status, o.solutions, o.counters.nodes),
            (Status::Solved, 1, 12)
        );
        let bars = "417369825|632158947|958724316|825437169|791586432|346912758|289643571|573291684|164875293";
        assert_eq!(Answer::parse(bars).unwrap().verdict, a.verdict);
        let none = Answer::parse("none\r").unwrap().outcome();
        assert_eq!((none.status, none.counters.nodes), (Status::NoSolution, 0));
        let budget = Answer::parse("budget 1000 999").unwrap().outcome();
        assert_eq!(budget.status, Status::BudgetExhausted);
        let two = Answer::parse(&format!("{SOLVED}\t5 3 2"))
            .unwrap()
            .outcome();
        assert_eq!(two.solutions, 2);
    }

    #[test]
    fn a_garbled_answer_says_what_is_wrong() {
        for (line, what) in [
            ("", "an empty line"),
            ("solved!", "neither a solution"),
            ("12345", "neither a solution"),
            (
                &format!("{SOLVED} many"),
                "NODES \"many\" is not a whole number",
            ),
            (&format!("{SOLVED} 0"), "NODES is 0"),
            (&format!("{SOLVED} 1 0 1 x"), "at most four fields"),
        ] {
            let err = Answer::parse(line).unwrap_err();
            assert!(err.contains(what), "{line:?}: {err}");
        }
    }
}
