//! Whole numbers within bounds, the value parsers of the options that take one: a value
//! out of bounds is a usage error that gives the value back as typed, with the bounds in
//! words (`1025 is not in 1 to 1024`), never as a Rust range (`1..1025`).

use std::num::IntErrorKind;

/// The value parser of a whole number of at least `least`.
pub fn at_least(least: u64) -> impl Fn(&str) -> Result<u64, String> + Clone + Send + Sync {
    move |text| parse_within(text, least, u64::MAX)
}

/// The value parser of a whole number from `low` to `high`, both allowed.
pub fn from_to(low: u64, high: u64) -> impl Fn(&str) -> Result<u64, String> + Clone + Send + Sync {
    move |text| parse_within(text, low, high)
}

/// `text` (spaces around it ignored) as a whole number from `low` to `high` (`u64::MAX`:
/// no upper bound, and the error says the least allowed).
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
    use super::*;

    #[test]
    fn values_are_read_within_bounds_and_errors_say_them_in_words() {
        assert_eq!(from_to(1, 1024)(" 1 "), Ok(1));
        assert_eq!(from_to(1, 1024)("1024"), Ok(1024));
        assert_eq!(at_least(1)("18446744073709551615"), Ok(u64::MAX));
        let too_large = "99999999999999999999";
        for (said, expected) in [
            (
                from_to(1, 1024)("1025"),
                "1025 is not in 1 to 1024".to_string(),
            ),
            (from_to(1, 1024)("0"), "0 is not in 1 to 1024".into()),
            (
                from_to(100, 100_000)(too_large),
                format!("{too_large} is not in 100 to 100000"),
            ),
            (
                at_least(1)("0"),
                "0 is less than 1, the least allowed".into(),
            ),
            (at_least(1)("x"), "\"x\" is not a whole number".into()),
            (at_least(1)("-3"), "\"-3\" is not a whole number".into()),
            (
                at_least(1)(too_large),
                format!("{too_large} is more than 18446744073709551615, the most allowed"),
            ),
        ] {
            assert_eq!(said, Err(expected));
        }
    }
}
