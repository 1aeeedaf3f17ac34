//! Numbers as a person reads them: a duration in the unit that reads best, a decimal
//! without its trailing zeros, a count with its noun in the number it takes.

/// The ending of a noun counted `n` times: `""` for one, `"s"` for any other count
/// (`0 rows`, `1 row`, `2 rows`).
///
/// ```
/// use sudoku_reports::units::{is_are, plural};
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

/// A duration given in µs, in the unit that reads best: `850 ns`, `12.5 µs`, `3.2 ms`, `1.5 s`.
pub fn human_micros(micros: f64) -> String {
    let (value, unit) = if micros < 1.0 {
        (micros * 1000.0, "ns")
    } else if micros < 1000.0 {
        (micros, "µs")
    } else if micros < 1e6 {
        (micros / 1000.0, "ms")
    } else {
        (micros / 1e6, "s")
    };
    let digits = if value < 10.0 {
        2
    } else if value < 100.0 {
        1
    } else {
        0
    };
    format!("{} {unit}", trim_number(format!("{value:.digits$}")))
}

/// `1.50` → `1.5`, `100.00` → `100`.
pub(crate) fn trim_number(s: String) -> String {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        s
    }
}
