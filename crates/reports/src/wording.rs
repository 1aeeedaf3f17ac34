//! Counts and numbers as a person reads them: a noun in the number its count takes, a
//! decimal without its trailing zeros (a time: [`sudoku_results::format_time`]).

/// The ending of a noun counted `n` times: `""` for one, `"s"` for any other count
/// (`0 rows`, `1 row`, `2 rows`).
///
/// ```
/// use sudoku_reports::wording::{is_are, plural};
/// let said = |n: u64| format!("the {n} row{} {} there", plural(n), is_are(n));
/// assert_eq!(said(1), "the 1 row is there");
/// assert_eq!(said(0), "the 0 rows are there");
/// assert_eq!(said(19), "the 19 rows are there");
/// ```
pub fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The verb "to be" after a noun counted `n` times: `is` for one, `are` for any other.
pub fn is_are(n: u64) -> &'static str {
    if n == 1 {
        "is"
    } else {
        "are"
    }
}

/// `1.50` → `1.5`, `100.00` → `100`.
pub(crate) fn trim_number(s: String) -> String {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        s
    }
}
