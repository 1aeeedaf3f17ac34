//! Counts and numbers as a person reads them: a noun in the number its count takes, a
//! decimal without its trailing zeros (a time: [`sudoku_results::format_time`]).

/// The ending of a noun counted `n` times: `0 rows`, `1 row`, `2 rows`.
///
/// ```
/// use sudoku_reports::wording::{is_are, plural};
/// let said = |n: u64| format!("{n} row{} {}", plural(n), is_are(n));
/// assert_eq!([said(0), said(1)], ["0 rows are", "1 row is"]);
/// ```
pub fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// "to be" after a noun counted `n` times: `1 row is`, `2 rows are`.
pub fn is_are(n: u64) -> &'static str {
    if n == 1 {
        "is"
    } else {
        "are"
    }
}

/// `text` with `<`, `>` and `&` as HTML entities: a name or an error in Markdown shows as
/// it is, never read as a tag (`<script>`, `<!--`).
pub fn html_escaped(text: &str) -> String {
    let text = text.replace('&', "&amp;");
    text.replace('<', "&lt;").replace('>', "&gt;")
}

/// `1.50` → `1.5`, `100.00` → `100`.
pub(crate) fn trim_number(s: String) -> String {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        s
    }
}
