//! The solvers side by side: status, solutions, nodes, backtracks, time, and each against
//! the fastest.

use sudoku_results::{format_time, Row, Status};
use sudoku_trace::people::thousands;

use super::Solved;
use crate::ui::Align::{Left, Right};

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

/// A time against the fastest: `fastest`, `2.4×`, `123×`, `10,789×`; `> 12×` for a search
/// stopped by its budget or time limit; `-` for a wrong answer or a crash, whose time says
/// nothing of a search.
fn versus(row: &Row, fastest: Option<u64>) -> String {
    let Some(fastest) = fastest.filter(|&f| f > 0) else {
        return "-".to_string();
    };
    if matches!(row.status, Status::Wrong | Status::Crashed) {
        return "-".to_string();
    }
    let finished = row.status.is_finished();
    if row.nanoseconds <= fastest && finished {
        return "fastest".to_string();
    }
    let ratio = row.nanoseconds as f64 / fastest as f64;
    let times = match ratio {
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
pub(super) fn time(row: &Row) -> Option<String> {
    match row.solve_time() {
        Some(ns) => Some(format_time(ns as f64)),
        None if row.status == Status::Timeout => {
            Some(format!("> {}", format_time(row.nanoseconds as f64)))
        }
        None => None,
    }
}

/// The table of the solvers, in the order they ran.
pub fn table(solved: &[Solved]) -> String {
    let fastest = (solved.iter().filter_map(|s| s.row.as_ref()))
        .filter(|r| r.status.is_finished())
        .map(|r| r.nanoseconds)
        .min();
    let header = [
        "solver",
        "status",
        "solutions",
        "nodes",
        "backtracks",
        "time",
        "vs fastest",
    ];
    let mut rows = vec![header.map(String::from)];
    for s in solved {
        rows.push(match &s.row {
            Some(r) => [
                s.name.clone(),
                status_words(&r.status).to_string(),
                thousands(r.solutions),
                thousands(r.nodes),
                thousands(r.backtracks),
                time(r).unwrap_or_else(|| "-".into()),
                versus(r, fastest),
            ],
            None => std::array::from_fn(|j| match j {
                0 => s.name.clone(),
                1 => "skipped".into(),
                _ => "-".into(),
            }),
        });
    }
    crate::ui::table(&rows, [Left, Left, Right, Right, Right, Right, Right])
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use sudoku_results::GridText;

    fn solved(name: &str, status: Status, ns: u64, nodes: u64) -> Solved {
        let row = Row {
            corpus: Arc::from("solve"),
            index: 0,
            line: 1,
            name: None,
            solver: Arc::from(name),
            limit: 1,
            status,
            solutions: 1,
            nodes,
            backtracks: nodes / 2,
            nanoseconds: ns,
            median_nanoseconds: ns,
            retimed: sudoku_results::Retimed::Trusted(0),
            puzzle: GridText::new(),
            solution: GridText::new(),
            original: None,
            problem: None,
        };
        let (name, strategy, max_nodes) = (name.to_string(), None, 1000);
        Solved {
            name,
            strategy,
            max_nodes,
            row: Some(row),
        }
    }

    /// A crash has no time (it read `0 ns`), a timeout the time it was given, as a bound.
    #[test]
    fn the_table_compares_each_with_the_fastest() {
        let mut skipped = solved("sat", Status::Solved, 0, 0);
        skipped.row = None;
        let text = table(&[
            solved("naive", Status::Solved, 412_300_000, 301_535),
            solved("dlx", Status::Solved, 41_000, 57),
            solved("norvig", Status::BudgetExhausted, 4_100_000, 10_000),
            solved("py", Status::Crashed, 0, 0),
            solved("slow", Status::Timeout, 10_000_000_000, 0),
            skipped,
        ]);
        assert_eq!(
            text,
            "solver  status            solutions    nodes  backtracks      time  vs fastest\n\
             naive   solved                    1  301,535     150,767    412 ms     10,056×\n\
             dlx     solved                    1       57          28   41.0 µs     fastest\n\
             norvig  budget exhausted          1   10,000       5,000   4.10 ms      > 100×\n\
             py      crashed                   1        0           0         -           -\n\
             slow    timed out                 1        0           0  > 10.0 s  > 243,902×\n\
             sat     skipped                   -        -           -         -           -\n"
        );
    }
}
