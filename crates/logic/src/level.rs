//! The levels of deduction: level `k` applies the first `k` techniques.

use std::fmt;

use sudoku_core::Technique;

/// How many techniques there are, and so how many levels.
pub const LEVEL_COUNT: usize = Technique::ALL.len();

/// A level of deduction: the first [`Level::count`] techniques of [`Technique::ALL`]
/// (weakest first), applied to a fixed point before the search tries a digit.
///
/// ```
/// use sudoku_core::Technique;
/// use sudoku_logic::Level;
///
/// assert_eq!(Level::SINGLES.techniques(), [Technique::NakedSingle, Technique::HiddenSingle]);
/// assert_eq!(Level::FULL.strongest(), Technique::Swordfish);
/// assert_eq!(Level::of(Technique::HiddenQuad), Level::SUBSETS);
/// assert_eq!(Level::new(3).unwrap().name(), "logic-locked");
/// assert!(Level::new(0).is_none() && Level::new(12).is_none());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

/// The solver name of each level, weakest first.
const NAMES: [&str; LEVEL_COUNT] = [
    "logic-naked-singles",
    "logic-singles",
    "logic-locked",
    "logic-naked-pairs",
    "logic-pairs",
    "logic-naked-triples",
    "logic-triples",
    "logic-naked-quads",
    "logic-subsets",
    "logic-x-wing",
    "logic",
];

/// The name of the essay version at each level, weakest first.
const ESSAY_NAMES: [&str; LEVEL_COUNT] = [
    "logic-naked-singles-essay",
    "logic-singles-essay",
    "logic-locked-essay",
    "logic-naked-pairs-essay",
    "logic-pairs-essay",
    "logic-naked-triples-essay",
    "logic-triples-essay",
    "logic-naked-quads-essay",
    "logic-subsets-essay",
    "logic-x-wing-essay",
    "logic-essay",
];

impl Level {
    /// Naked singles only: forward checking, in the words of constraint programming.
    pub const NAKED_SINGLES: Level = Level(1);
    /// Naked and hidden singles: the propagation of Norvig's essay (the same search tree).
    pub const SINGLES: Level = Level(2);
    /// Singles and locked candidates (pointing and claiming).
    pub const LOCKED: Level = Level(3);
    /// Everything up to hidden quads: singles, locked candidates, naked and hidden subsets.
    pub const SUBSETS: Level = Level(9);
    /// Every technique, up to the swordfish.
    pub const FULL: Level = Level(LEVEL_COUNT as u8);
    /// Every level, weakest first.
    pub const ALL: [Level; LEVEL_COUNT] = {
        let mut all = [Level(1); LEVEL_COUNT];
        let mut k = 0;
        while k < LEVEL_COUNT {
            all[k] = Level(k as u8 + 1);
            k += 1;
        }
        all
    };

    /// The level of the first `count` techniques (`1..=11`).
    pub const fn new(count: usize) -> Option<Level> {
        if count >= 1 && count <= LEVEL_COUNT {
            Some(Level(count as u8))
        } else {
            None
        }
    }

    /// The weakest level that applies `technique`.
    pub const fn of(technique: Technique) -> Level {
        Level(technique as u8 + 1)
    }

    /// How many techniques the level applies.
    pub const fn count(self) -> usize {
        self.0 as usize
    }

    /// The techniques it applies, weakest first.
    pub fn techniques(self) -> &'static [Technique] {
        &Technique::ALL[..self.count()]
    }

    /// Its strongest technique.
    pub const fn strongest(self) -> Technique {
        Technique::ALL[self.count() - 1]
    }

    /// Whether it applies `technique`.
    pub const fn allows(self, technique: Technique) -> bool {
        (technique as usize) < self.count()
    }

    /// The name of the solver at this level (`logic-singles`, ..., `logic`).
    pub const fn name(self) -> &'static str {
        NAMES[self.count() - 1]
    }

    /// The name of the essay version at this level (`logic-singles-essay`, ..., `logic-essay`).
    pub const fn essay_name(self) -> &'static str {
        ESSAY_NAMES[self.count() - 1]
    }
}

impl Default for Level {
    fn default() -> Self {
        Level::FULL
    }
}

/// The level's name without the `logic-` prefix: `singles`, `subsets`, `full`...
impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name().strip_prefix("logic-") {
            Some(short) => f.write_str(short),
            None => f.write_str("full"),
        }
    }
}

/// The set of techniques a solve used, as bits (`1 << technique as u16`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Used(u16);

impl Used {
    /// Records that `technique` changed the grid.
    #[inline(always)]
    pub(crate) fn add(&mut self, technique: Technique) {
        self.0 |= 1 << technique as u16;
    }

    /// The strongest technique used, if any: the grade.
    pub(crate) fn strongest(self) -> Option<Technique> {
        (self.0 != 0).then(|| Technique::ALL[15 - self.0.leading_zeros() as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_prefixes_of_the_techniques() {
        for (k, level) in Level::ALL.into_iter().enumerate() {
            assert_eq!(level.count(), k + 1);
            assert_eq!(Level::of(level.strongest()), level);
            assert_eq!(level.techniques().last(), Some(&level.strongest()));
            assert!(level.allows(level.strongest()));
            assert!(Technique::ALL[k + 1..].iter().all(|&t| !level.allows(t)));
            assert!(level.essay_name().starts_with(level.name()));
        }
        assert_eq!(Level::FULL.name(), "logic");
        assert_eq!(Level::FULL.to_string(), "full");
        assert_eq!(Level::SUBSETS.to_string(), "subsets");
        assert_eq!(Level::default(), Level::FULL);
    }

    #[test]
    fn the_grade_is_the_strongest_technique_used() {
        let mut used = Used::default();
        assert_eq!(used.strongest(), None);
        used.add(Technique::HiddenPair);
        used.add(Technique::NakedSingle);
        assert_eq!(used.strongest(), Some(Technique::HiddenPair));
        used.add(Technique::Swordfish);
        assert_eq!(used.strongest(), Some(Technique::Swordfish));
    }
}
