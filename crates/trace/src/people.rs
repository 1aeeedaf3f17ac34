//! Numbers and outcomes as people read them: `1 node`, `301,535 nodes`, `no solution`.

use sudoku_core::Status;

/// `n` with a comma every three digits: `301,535`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `n` and the word for one or many: `1 node`, `0 nodes`, `658,726 nodes`, `2 tries`.
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", thousands(n), if n == 1 { one } else { many })
}

/// How a solve ended, in words: `solved`, `no solution`, `budget exhausted`.
pub const fn status(status: Status) -> &'static str {
    match status {
        Status::Solved => "solved",
        Status::NoSolution => "no solution",
        Status::BudgetExhausted => "budget exhausted",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_words() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(301_535), "301,535");
        assert_eq!(thousands(69_175_317), "69,175,317");
        assert_eq!(count(1, "node", "nodes"), "1 node");
        assert_eq!(count(2, "try", "tries"), "2 tries");
        assert_eq!(count(1_000, "pair", "pairs"), "1,000 pairs");
        assert_eq!(status(Status::NoSolution), "no solution");
    }
}
