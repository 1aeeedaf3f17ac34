//! Whole numbers within bounds, the value parsers of the options that take one: a value
//! out of bounds gives the value back as typed, with the bounds in words (`1025 is not in
//! 1 to 1024`), never as a Rust range. tests/conventions.rs pins the messages.

use std::num::IntErrorKind;

/// The value parser of a whole number of at least `least`.
pub fn at_least(least: u64) -> impl Fn(&str) -> Result<u64, String> + Clone + Send + Sync {
    move |text| parse_within(text, least, u64::MAX)
}

/// The value parser of a whole number from `low` to `high`, both allowed.
pub fn from_to(low: u64, high: u64) -> impl Fn(&str) -> Result<u64, String> + Clone + Send + Sync {
    move |text| parse_within(text, low, high)
}

/// `text` (trimmed) as a whole number from `low` to `high` (`u64::MAX`: no upper bound).
fn parse_within(text: &str, low: u64, high: u64) -> Result<u64, String> {
    let text = text.trim();
    let unbounded = high == u64::MAX;
    let outside = || match unbounded {
        true => format!("{text} is less than {low}, the least allowed"),
        false => format!("{text} is not in {low} to {high}"),
    };
    match text.parse::<u64>() {
        Ok(n) if (low..=high).contains(&n) => Ok(n),
        Ok(_) => Err(outside()),
        Err(e) if *e.kind() == IntErrorKind::PosOverflow && unbounded => Err(format!(
            "{text} is more than {}, the most allowed",
            u64::MAX
        )),
        Err(e) if *e.kind() == IntErrorKind::PosOverflow => Err(outside()),
        Err(_) => Err(format!("{text:?} is not a whole number")),
    }
}

#[cfg(test)]
mod tests {
    /// A number past u64 under a bound is out of that bound (unbounded: tests/conventions.rs).
    #[test]
    fn a_huge_number_is_out_of_bounds() {
        let huge = "99999999999999999999";
        let said = super::from_to(100, 100_000)(huge);
        assert_eq!(said, Err(format!("{huge} is not in 100 to 100000")));
    }
}
