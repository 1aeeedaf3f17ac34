//! A solve's figures in words: its status, its time, and each solver's time against the
//! fastest.

use sudoku_results::{format_time, Row, Status};
use sudoku_trace::people::thousands;

use super::Solved;

/// A status in words: `solved`, `no solution`, `budget exhausted`, `WRONG`, `timed out`,
/// `crashed`.
pub fn status_words(status: &Status) -> &str {
    match status {
        Status::Solved => "solved",
        Status::NoSolution => "no solution",
        Status::BudgetExhausted => "budget exhausted",
        Status::Wrong => "WRONG",
        Status::Timeout => "timed out",
        Status::Crashed => "crashed",
        Status::Unknown(text) => text,
    }
}

/// A time against the fastest: `fastest`, `2.4×`, `10,789×`; `> 12×` for a search that was
/// stopped; `-` for a wrong answer or a crash.
fn versus(row: &Row, fastest: u64) -> String {
    if fastest == 0 || matches!(row.status, Status::Wrong | Status::Crashed) {
        return "-".to_string();
    }
    let finished = row.status.is_finished();
    if row.nanoseconds <= fastest && finished {
        return "fastest".to_string();
    }
    let times = match row.nanoseconds as f64 / fastest as f64 {
        r if r < 10.0 => format!("{r:.1}×"),
        r if r < 1000.0 => format!("{r:.0}×"),
        r => format!("{}×", thousands(r.round() as u64)),
    };
    match finished {
        true => times,
        false => format!("> {times}"),
    }
}

/// The time of `row`: its solve time ([`Row::solve_time`]); `> T` for a `cmd:` solver that
/// gave no answer in the `T` it was given; none for a crash.
pub fn time(row: &Row) -> Option<String> {
    match row.solve_time() {
        Some(ns) => Some(format_time(ns as f64)),
        None if row.status == Status::Timeout => {
            Some(format!("> {}", format_time(row.nanoseconds as f64)))
        }
        None => None,
    }
}

/// With two solvers or more that ran, one of them to its end, each one's time against the
/// fastest's, in the order they ran: `against the fastest: naive 10,056×, dlx fastest`.
pub fn against_fastest(solved: &[Solved]) -> Option<String> {
    let ran: Vec<(&str, &Row)> = (solved.iter())
        .filter_map(|s| Some((s.name.as_str(), s.row.as_ref().ok()?)))
        .collect();
    let fastest = (ran.iter().map(|(_, r)| r))
        .filter(|r| r.status.is_finished())
        .map(|r| r.nanoseconds)
        .min()?;
    let each: Vec<String> = (ran.iter())
        .map(|(name, row)| format!("{name} {}", versus(row, fastest)))
        .collect();
    (each.len() > 1).then(|| format!("against the fastest: {}", each.join(", ")))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use sudoku_results::GridText;

    fn solved(name: &str, status: Status, ns: u64) -> Solved {
        let row = Row {
            corpus: Arc::from("solve"),
            index: 0,
            line: 1,
            name: None,
            solver: Arc::from(name),
            limit: 1,
            status,
            solutions: 1,
            nodes: 1,
            backtracks: 0,
            nanoseconds: ns,
            median_nanoseconds: ns,
            retimed: sudoku_results::Retimed::Trusted(0),
            puzzle: GridText::new(),
            solution: GridText::new(),
            original: None,
            problem: None,
        };
        Solved {
            name: name.to_string(),
            strategy: None,
            max_nodes: 1000,
            row: Ok(row),
        }
    }

    /// A crash has no time (it read `0 ns`), a timeout the time it was given, as a bound;
    /// a solver skipped is not named.
    #[test]
    fn each_is_put_against_the_fastest() {
        let mut skipped = solved("sat", Status::Solved, 0);
        skipped.row = Err("it does not solve 9x9 grids".into());
        let said = against_fastest(&[
            solved("naive", Status::Solved, 412_300_000),
            solved("dlx", Status::Solved, 41_000),
            solved("norvig", Status::BudgetExhausted, 4_100_000),
            solved("py", Status::Crashed, 0),
            solved("slow", Status::Timeout, 10_000_000_000),
            skipped,
        ]);
        assert_eq!(
            said.as_deref(),
            Some(
                "against the fastest: naive 10,056×, dlx fastest, norvig > 100×, py -, slow > \
                 243,902×"
            )
        );
        assert_eq!(against_fastest(&[solved("dlx", Status::Solved, 1)]), None);
        // No search ran to its end: none is the fastest, and no line says "-" for each.
        let stopped = [Status::BudgetExhausted, Status::Crashed];
        let stopped = stopped.map(|status| solved("naive", status, 100));
        assert_eq!(against_fastest(&stopped), None);
    }
}
