//! Whole numbers within bounds, the value parsers of the options that take one: a value
//! out of bounds is a usage error that gives the value back as typed, with the bounds in
//! words (`1025 is not in 1 to 1024`, `0 is less than 1, the least allowed`), never as a
//! Rust range (`1..1025`, `1..18446744073709551615`).

use std::fmt;
use std::num::IntErrorKind;

/// Why a value is not a whole number within its bounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NumberError {
    /// Not a whole number at all: the text.
    NotANumber(String),
    /// A number (as typed) below the least allowed, with no upper bound.
    TooSmall {
        /// The value, as typed.
        text: String,
        /// The least allowed.
        least: u64,
    },
    /// A number (as typed) above the most a count can be, with no upper bound of its own.
    TooLarge {
        /// The value, as typed.
        text: String,
    },
    /// A number (as typed) outside `low` to `high`, both allowed.
    OutOfBounds {
        /// The value, as typed.
        text: String,
        /// The least allowed.
        low: u64,
        /// The most allowed.
        high: u64,
    },
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumberError::NotANumber(text) => write!(f, "{text:?} is not a whole number"),
            NumberError::TooSmall { text, least } => {
                write!(f, "{text} is less than {least}, the least allowed")
            }
            NumberError::TooLarge { text } => {
                write!(f, "{text} is more than {}, the most allowed", u64::MAX)
            }
            NumberError::OutOfBounds { text, low, high } => {
                write!(f, "{text} is not in {low} to {high}")
            }
        }
    }
}

impl std::error::Error for NumberError {}

/// The value parser of a whole number of at least `least`.
pub fn at_least(
    least: u64,
) -> impl Fn(&str) -> Result<u64, NumberError> + Clone + Send + Sync + 'static {
    move |text| parse_within(text, least, u64::MAX)
}

/// The value parser of a whole number from `low` to `high`, both allowed.
pub fn from_to(
    low: u64,
    high: u64,
) -> impl Fn(&str) -> Result<u64, NumberError> + Clone + Send + Sync + 'static {
    move |text| parse_within(text, low, high)
}

/// `text` (spaces around it ignored) as a whole number from `low` to `high` (`u64::MAX`:
/// no upper bound).
fn parse_within(text: &str, low: u64, high: u64) -> Result<u64, NumberError> {
    let text = text.trim();
    let outside = || match high {
        u64::MAX => NumberError::TooSmall {
            text: text.to_string(),
            least: low,
        },
        _ => NumberError::OutOfBounds {
            text: text.to_string(),
            low,
            high,
        },
    };
    match text.parse::<u64>() {
        Ok(n) if (low..=high).contains(&n) => Ok(n),
        Ok(_) => Err(outside()),
        Err(e) if *e.kind() == IntErrorKind::PosOverflow => match high {
            u64::MAX => Err(NumberError::TooLarge {
                text: text.to_string(),
            }),
            _ => Err(outside()),
        },
        Err(_) => Err(NumberError::NotANumber(text.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_within_bounds_are_read() {
        assert_eq!(from_to(1, 1024)("1024"), Ok(1024));
        assert_eq!(from_to(1, 1024)(" 1 "), Ok(1));
        assert_eq!(at_least(1)("18446744073709551615"), Ok(u64::MAX));
    }

    #[test]
    fn errors_give_the_value_back_and_the_bounds_in_words() {
        let said = |r: Result<u64, NumberError>| r.unwrap_err().to_string();
        assert_eq!(said(from_to(1, 1024)("1025")), "1025 is not in 1 to 1024");
        assert_eq!(said(from_to(1, 1024)("0")), "0 is not in 1 to 1024");
        assert_eq!(
            said(from_to(100, 100_000)("99999999999999999999")),
            "99999999999999999999 is not in 100 to 100000"
        );
        assert_eq!(
            said(at_least(1)("0")),
            "0 is less than 1, the least allowed"
        );
        assert_eq!(said(at_least(1)("x")), "\"x\" is not a whole number");
        assert_eq!(said(at_least(1)("-3")), "\"-3\" is not a whole number");
        assert_eq!(
            said(at_least(1)("99999999999999999999")),
            "99999999999999999999 is more than 18446744073709551615, the most allowed"
        );
    }
}
