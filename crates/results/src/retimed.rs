//! Whether a row's time was disturbed, and how many times its solve was timed again.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A disturbed solve that took this long on its core (1 ms, ns) or longer is not timed
/// again: on a busy machine it would be disturbed every time (it outlasts a scheduler
/// slice), and its time on its core, which a switch does not touch but for the caches it
/// finds cold after, is within a few per cent of an undisturbed timing. Its row keeps that
/// time and says `disturbed`.
pub const RETIME_BELOW: u64 = 1_000_000;

/// What the engine's disturbance check made of a row's time: the CSV's `retimed` column.
///
/// A timing is disturbed when the solve's thread was off its core for more than a
/// hundredth of it (switched out for another thread, moved to another core): its wall
/// time then counts the wait. A disturbed solve is timed again, a bounded number of times
/// (the engine's `RETIMES`; none for a solve of a millisecond or more), and the row keeps
/// its first undisturbed time, or says it stayed disturbed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Retimed {
    /// Not checked: a solver run as a child process (its time is the runner's wait for
    /// its answer), a platform without a check, or a CSV written before the column.
    /// Written `-`.
    #[default]
    Unchecked,
    /// Trusted: undisturbed after this many more timings (0: the first was undisturbed;
    /// under `--repeat`, the count over the row's passes). Written as the number.
    Trusted(u32),
    /// Disturbed in every timing (or in its one timing, a solve too long to time again):
    /// the row keeps the least time its thread spent on its core, and every report says
    /// the group holds such rows. Written `disturbed`.
    Disturbed,
}

impl Retimed {
    /// Whether a row timed so, whose time is `ns`, has a time that may not hold: disturbed
    /// in every timing and shorter than [`RETIME_BELOW`]. A longer one keeps its time on
    /// its core, which holds.
    pub fn doubtful(self, ns: u64) -> bool {
        self == Retimed::Disturbed && ns < RETIME_BELOW
    }

    /// The text written in the CSV.
    pub fn to_text(self) -> String {
        self.to_string()
    }

    /// The value a CSV's text stands for (`None` for a text this version does not write).
    pub fn parse(text: &str) -> Option<Retimed> {
        match text {
            "-" | "" => Some(Retimed::Unchecked),
            "disturbed" => Some(Retimed::Disturbed),
            n => n.parse().ok().map(Retimed::Trusted),
        }
    }

    /// Whether the solve was timed more than once to get its time (or never got an
    /// undisturbed one).
    pub fn was_disturbed(self) -> bool {
        matches!(self, Retimed::Trusted(1..) | Retimed::Disturbed)
    }
}

impl fmt::Display for Retimed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Retimed::Unchecked => f.write_str("-"),
            Retimed::Trusted(n) => write!(f, "{n}"),
            Retimed::Disturbed => f.write_str("disturbed"),
        }
    }
}

impl Serialize for Retimed {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Retimed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Retimed, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Retimed::parse(&text).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "{text:?} is not a count of timings, `disturbed` or `-`"
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_reads_back_and_others_are_refused() {
        for r in [
            Retimed::Unchecked,
            Retimed::Trusted(0),
            Retimed::Trusted(3),
            Retimed::Disturbed,
        ] {
            assert_eq!(Retimed::parse(&r.to_text()), Some(r));
        }
        assert_eq!(Retimed::parse(""), Some(Retimed::Unchecked));
        assert_eq!(Retimed::parse("often"), None);
        assert_eq!(Retimed::parse("-1"), None);
        assert!(!Retimed::Trusted(0).was_disturbed() && Retimed::Trusted(2).was_disturbed());
    }
}
