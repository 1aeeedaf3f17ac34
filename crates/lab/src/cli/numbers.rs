//! The value parsers' one message, `expected WHAT` (after clap's value and option), and whole
//! numbers within bounds.

use std::fmt::Display;

/// The message of a value that is not what its option takes.
pub fn expected(what: impl Display) -> String {
    format!("expected {what}")
}

/// The value parser of a whole number of at least `least`.
pub fn at_least(least: u64) -> impl Fn(&str) -> Result<u64, String> + Clone + Send + Sync {
    from_to(least, u64::MAX)
}

/// The value parser of a whole number from `low` to `high`, both allowed (`u64::MAX`: no
/// upper bound).
pub fn from_to(low: u64, high: u64) -> impl Fn(&str) -> Result<u64, String> + Clone + Send + Sync {
    move |text| {
        let n = text
            .trim()
            .parse()
            .ok()
            .filter(|n| (low..=high).contains(n));
        n.ok_or_else(|| match high {
            u64::MAX => expected(format_args!("a whole number of at least {low}")),
            _ => expected(format_args!("a whole number from {low} to {high}")),
        })
    }
}
