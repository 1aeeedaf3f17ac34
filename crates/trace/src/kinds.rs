//! Events counted by kind: what a trace reports at its end, and the page's counters.

use serde::Serialize;
use sudoku_core::Event;

use crate::people::count;

/// How many kinds [`kind_of`] tells apart.
pub const KINDS: usize = 14;

/// The kinds, in the order of [`Kinds::counts`]: the events, a swap kept or undone, a
/// node (of a solver that reports its tree by counts) kept or taken back, the choices,
/// then the generations of a genetic algorithm (the kinds added last, so that the older
/// kinds keep their index on the page).
pub const KIND_NAMES: [&str; KINDS] = [
    "try",
    "backtrack",
    "solution",
    "contradiction",
    "assign",
    "eliminate",
    "cover",
    "uncover",
    "swap kept",
    "swap undone",
    "node kept",
    "node undone",
    "choose",
    "generation",
];

/// The kind of an event: its index in [`KIND_NAMES`].
pub const fn kind_of(event: &Event) -> usize {
    match event {
        Event::Try { .. } => 0,
        Event::Backtrack { .. } => 1,
        Event::Solution { .. } => 2,
        Event::Contradiction { .. } => 3,
        Event::Assign { .. } => 4,
        Event::Eliminate { .. } => 5,
        Event::Cover { .. } => 6,
        Event::Uncover { .. } => 7,
        Event::Swap { accepted: true, .. } => 8,
        Event::Swap { .. } => 9,
        Event::Node { taken_back: false } => 10,
        Event::Node { .. } => 11,
        Event::Choose { .. } => 12,
        Event::Generation { .. } => 13,
    }
}

/// The events of a stream, counted by kind.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Kinds {
    /// How many of each kind, in the order of [`KIND_NAMES`].
    pub counts: [u64; KINDS],
}

impl Kinds {
    /// Counts one event.
    #[inline]
    pub fn add(&mut self, event: &Event) {
        self.counts[kind_of(event)] += 1;
    }

    /// Every event counted.
    pub fn events(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The tries ([`Event::is_try`]): tries, swaps, nodes and generations.
    pub fn tries(&self) -> u64 {
        self.counts[0]
            + self.counts[8]
            + self.counts[9]
            + self.counts[10]
            + self.counts[11]
            + self.counts[13]
    }

    /// The tries taken back ([`Event::is_backtrack`]): backtracks, swaps undone and
    /// nodes taken back.
    pub fn backtracks(&self) -> u64 {
        self.counts[1] + self.counts[9] + self.counts[11]
    }

    /// The events since `earlier` (a count of the same stream, taken before).
    pub fn since(&self, earlier: &Kinds) -> Kinds {
        let mut counts = self.counts;
        counts
            .iter_mut()
            .zip(earlier.counts)
            .for_each(|(c, e)| *c -= e);
        Kinds { counts }
    }

    /// The counts in words, the kinds that occur only: `36 tries, 33 backtracks,
    /// 1 solution, 30 dead ends, 2,071 eliminations`.
    pub fn describe(&self) -> String {
        const WORDS: [(&str, &str); KINDS] = [
            ("try", "tries"),
            ("backtrack", "backtracks"),
            ("solution", "solutions"),
            ("dead end", "dead ends"),
            ("assignment", "assignments"),
            ("elimination", "eliminations"),
            ("cover", "covers"),
            ("uncover", "uncovers"),
            ("swap kept", "swaps kept"),
            ("swap undone", "swaps undone"),
            ("node kept", "nodes kept"),
            ("node taken back", "nodes taken back"),
            ("choice", "choices"),
            ("generation", "generations"),
        ];
        let parts: Vec<String> = self
            .counts
            .iter()
            .zip(WORDS)
            .filter(|(&n, _)| n > 0)
            .map(|(&n, (one, many))| count(n, one, many))
            .collect();
        if parts.is_empty() {
            "no event".to_string()
        } else {
            parts.join(", ")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_count_tries_and_backtracks_as_the_contract_does() {
        let events = [
            Event::Try {
                depth: 1,
                cell: 0,
                digit: 1,
            },
            Event::Backtrack {
                depth: 1,
                cell: 0,
                digit: 1,
            },
            Event::Swap {
                cells: [0, 1],
                cost: 3,
                accepted: true,
            },
            Event::Swap {
                cells: [0, 1],
                cost: 3,
                accepted: false,
            },
            Event::Generation {
                cost: 3,
                restart: false,
            },
            Event::Solution { depth: 0 },
        ];
        let mut kinds = Kinds::default();
        let mut core = sudoku_core::EventCount::default();
        for e in events {
            kinds.add(&e);
            sudoku_core::Observer::event(&mut core, e);
        }
        assert_eq!(
            (kinds.tries(), kinds.backtracks()),
            (core.tries, core.backtracks)
        );
        assert_eq!(kinds.events(), 6);
        assert_eq!(
            kinds.describe(),
            "1 try, 1 backtrack, 1 solution, 1 swap kept, 1 swap undone, 1 generation"
        );
        assert_eq!(kinds.since(&kinds).describe(), "no event");
    }
}
