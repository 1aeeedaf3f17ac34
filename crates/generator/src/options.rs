//! What to generate: size, symmetry, minimality and the difficulty targets.

use std::fmt;
use std::str::FromStr;

use sudoku_core::{Size, Technique};

use crate::error::ParseError;
use crate::grade::Difficulty;
use crate::symmetry::Symmetry;

/// The attempts per puzzle unless told otherwise: a rare target fails after this many
/// candidates instead of running on.
pub const DEFAULT_MAX_ATTEMPTS: u64 = 1_000;

/// What to generate. [`Options::default`] asks for minimal 9x9 puzzles, no symmetry, no
/// difficulty target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The grid size.
    pub size: Size,
    /// The symmetry of the pattern of givens.
    pub symmetry: Symmetry,
    /// Dig until no orbit of givens can be removed (the default); `false` stops earlier:
    /// at the high end of the range of givens if there is one, otherwise at the first
    /// orbit that cannot go.
    pub minimal: bool,
    /// How many givens the puzzle has.
    pub givens: Option<Range>,
    /// How many nodes a strategy needs to solve it (first solution).
    pub nodes: Option<NodeBand>,
    /// The strongest technique the `logic` strategy needs to solve it without search.
    pub grade: Option<Technique>,
    /// Its difficulty, as [`grade`](crate::grade()) gives it with the `logic` strategy.
    pub difficulty: Option<Difficulty>,
    /// The candidates tried per puzzle before giving up on the targets.
    pub max_attempts: u64,
    /// The catalogue strategy that checks uniqueness; `None` for
    /// [`default_checker`](crate::default_checker).
    pub checker: Option<String>,
    /// The node budget of one uniqueness check; `None` for
    /// [`default_check_budget`](crate::default_check_budget).
    pub check_budget: Option<u64>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            size: Size::NINE,
            symmetry: Symmetry::None,
            minimal: true,
            givens: None,
            nodes: None,
            grade: None,
            difficulty: None,
            max_attempts: DEFAULT_MAX_ATTEMPTS,
            checker: None,
            check_budget: None,
        }
    }
}

/// An inclusive range of counts, written `LOW..HIGH` (or one number for both ends).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Range {
    /// The low end.
    pub low: u64,
    /// The high end (included).
    pub high: u64,
}

impl Range {
    /// The range `low..=high`.
    pub const fn new(low: u64, high: u64) -> Range {
        Range { low, high }
    }

    /// Whether `value` is in the range.
    pub const fn contains(&self, value: u64) -> bool {
        self.low <= value && value <= self.high
    }
}

impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.low, self.high)
    }
}

/// A count: digits with optional `_` separators.
fn count(text: &str) -> Option<u64> {
    let digits: String = text.trim().chars().filter(|&c| c != '_').collect();
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// Reads `22..26`, `22..=26` or `24`.
impl FromStr for Range {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseError::Range {
            text: s.to_string(),
        };
        let (low, high) = match s.split_once("..") {
            Some((low, high)) => (low, high.strip_prefix('=').unwrap_or(high)),
            None => (s, s),
        };
        Ok(Range::new(
            count(low).ok_or_else(err)?,
            count(high).ok_or_else(err)?,
        ))
    }
}

/// A node band: the strategy of that catalogue name needs `range` nodes to find the
/// first solution, as `sudoku-lab bench` counts them by default (limit 1).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NodeBand {
    /// The strategy's catalogue name.
    pub strategy: String,
    /// The nodes it may need.
    pub range: Range,
}

impl fmt::Display for NodeBand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.strategy, self.range)
    }
}

/// Reads `naive:100000..1000000`.
impl FromStr for NodeBand {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseError::Band {
            text: s.to_string(),
        };
        let (strategy, range) = s.split_once(':').ok_or_else(err)?;
        let strategy = strategy.trim();
        if strategy.is_empty() || !range.contains("..") {
            return Err(err());
        }
        Ok(NodeBand {
            strategy: strategy.to_string(),
            range: range.parse().map_err(|_| err())?,
        })
    }
}

/// The technique of a name of [`Technique::name`] (`x_wing`, `x-wing`...), as a typed
/// error naming every technique otherwise.
pub fn parse_technique(text: &str) -> Result<Technique, ParseError> {
    Technique::from_name(text.trim()).ok_or_else(|| ParseError::Technique {
        text: text.to_string(),
    })
}

/// The fewest givens a puzzle of `size` with one solution can have, as far as is
/// proved: 4 at 4x4 (exhaustive search), 17 at 9x9 (McGuire, Tugemann and Civario, 2012),
/// and at N×N the `N - 1` distinct digits without which two missing digits could be
/// swapped.
pub fn fewest_givens(size: Size) -> usize {
    match size.side() {
        4 => 4,
        9 => 17,
        n => n - 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_read_both_ends_or_one_number() {
        assert_eq!("22..26".parse(), Ok(Range::new(22, 26)));
        assert_eq!("22..=26".parse(), Ok(Range::new(22, 26)));
        assert_eq!(" 24 ".parse(), Ok(Range::new(24, 24)));
        assert_eq!(
            "100_000..1_000_000".parse(),
            Ok(Range::new(100_000, 1_000_000))
        );
        assert!(Range::new(3, 5).contains(5) && !Range::new(3, 5).contains(6));
        for bad in ["", "..5", "a..b", "-1..3", "3..", "1.5"] {
            assert_eq!(
                bad.parse::<Range>(),
                Err(ParseError::Range { text: bad.into() }),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn bands_read_a_strategy_and_a_range() {
        let band: NodeBand = "naive:100000..1000000".parse().unwrap();
        assert_eq!(band.strategy, "naive");
        assert_eq!(band.range, Range::new(100_000, 1_000_000));
        assert_eq!(band.to_string(), "naive:100000..1000000");
        for bad in ["naive", ":1..2", "naive:5", "naive:x..2"] {
            assert_eq!(
                bad.parse::<NodeBand>(),
                Err(ParseError::Band { text: bad.into() }),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn techniques_read_their_names_and_unknown_ones_list_them() {
        assert_eq!(parse_technique("x-wing"), Ok(Technique::XWing));
        let err = parse_technique("y-wing").unwrap_err().to_string();
        assert!(
            err.starts_with(
                "unknown technique \"y-wing\": the techniques are naked_single, hidden_single"
            ),
            "{err}"
        );
    }
}
