//! How one solve ended, as the CSV says it: the one status vocabulary of every report.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// How one solve ended after its checks.
///
/// Written as `solved`, `no_solution`, `budget_exhausted` or `wrong`, and for a solver run
/// as a child process (`cmd:`) also `timeout` or `crashed`. A CSV may hold a status this
/// version does not write (a later version's, a hand edit): it reads as
/// [`Status::Unknown`], which every report shows as unknown and never counts as wrong.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Status {
    /// The solutions asked for were found (or all there are, at least one), and checked.
    Solved,
    /// The search ran to its end and found no solution.
    NoSolution,
    /// The node budget ran out before the search could end.
    BudgetExhausted,
    /// A check failed: a solution that does not solve the puzzle, a solver that panicked,
    /// a claim the corpus's known solution contradicts.
    Wrong,
    /// A solver run as a child process did not answer within its time limit (`--timeout`):
    /// the child was killed, and a new one answers the next puzzle.
    Timeout,
    /// A solver run as a child process exited (or closed its output) before answering:
    /// a new one answers the next puzzle, unless it crashed too often in a row.
    Crashed,
    /// A status this version does not know, as read from a CSV.
    Unknown(Box<str>),
}

impl Status {
    /// The statuses this version writes, in report order.
    pub const KNOWN: [Status; 6] = [
        Status::Solved,
        Status::NoSolution,
        Status::BudgetExhausted,
        Status::Wrong,
        Status::Timeout,
        Status::Crashed,
    ];

    /// The text written in the CSV.
    pub fn as_str(&self) -> &str {
        match self {
            Status::Solved => "solved",
            Status::NoSolution => "no_solution",
            Status::BudgetExhausted => "budget_exhausted",
            Status::Wrong => "wrong",
            Status::Timeout => "timeout",
            Status::Crashed => "crashed",
            Status::Unknown(text) => text,
        }
    }

    /// The status a CSV's text stands for.
    pub fn parse(text: &str) -> Status {
        match text {
            "solved" => Status::Solved,
            "no_solution" => Status::NoSolution,
            "budget_exhausted" => Status::BudgetExhausted,
            "wrong" => Status::Wrong,
            "timeout" => Status::Timeout,
            "crashed" => Status::Crashed,
            other => Status::Unknown(other.into()),
        }
    }

    /// Whether the search ran to its end (`solved` or `no_solution`).
    pub fn is_finished(&self) -> bool {
        matches!(self, Status::Solved | Status::NoSolution)
    }
}

impl From<sudoku_core::Status> for Status {
    fn from(status: sudoku_core::Status) -> Status {
        match status {
            sudoku_core::Status::Solved => Status::Solved,
            sudoku_core::Status::NoSolution => Status::NoSolution,
            sudoku_core::Status::BudgetExhausted => Status::BudgetExhausted,
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Status {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Status {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Status, D::Error> {
        struct Text;
        impl serde::de::Visitor<'_> for Text {
            type Value = Status;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a status")
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Status, E> {
                Ok(Status::parse(text))
            }
        }
        deserializer.deserialize_str(Text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_statuses_read_back_and_others_are_unknown() {
        for status in Status::KNOWN {
            assert_eq!(Status::parse(status.as_str()), status);
        }
        let odd = Status::parse("stalled");
        assert_eq!(odd, Status::Unknown("stalled".into()));
        assert_eq!(odd.to_string(), "stalled");
        assert!(!odd.is_finished() && odd != Status::Wrong);
        assert_eq!(
            Status::from(sudoku_core::Status::BudgetExhausted),
            Status::BudgetExhausted
        );
    }
}
