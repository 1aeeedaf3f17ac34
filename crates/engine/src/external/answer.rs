//! The answer line of a `cmd:` solver, as the book's "Any solver, in any language" states
//! it: `SOLUTION|none|budget [NODES [BACKTRACKS [SOLUTIONS]]]`.

use sudoku_core::{Counters, Grid, Outcome};

/// The most bytes of an answer line read: a longer line is not an answer.
pub(crate) const MAX_ANSWER_BYTES: usize = 64 * 1024;

/// An answer line as a solve's outcome (counters not given are 0: not counted); the error
/// says what is wrong with it.
pub(crate) fn parse(line: &str) -> Result<Outcome, String> {
    let mut words = line.split_ascii_whitespace();
    let (solution, budget) = match words.next() {
        None => return Err("an empty line".into()),
        Some("none") => (None, false),
        Some("budget") => (None, true),
        Some(word) => (
            Some(word.parse::<Grid>().map_err(|e| {
                format!("the first word is neither a solution ({e}) nor `none` nor `budget`")
            })?),
            false,
        ),
    };
    let mut number = |what: &str| -> Result<Option<u64>, String> {
        (words.next())
            .map(|w| (w.parse::<u64>()).map_err(|_| format!("{what} {w:?} is not a whole number")))
            .transpose()
    };
    let nodes = number("NODES")?;
    let backtracks = number("BACKTRACKS")?;
    let solutions = number("SOLUTIONS")?;
    if nodes == Some(0) {
        return Err("NODES is 0 (nodes = 1 + tries: at least 1)".into());
    }
    if let Some(extra) = words.next() {
        return Err(format!("{extra:?} after SOLUTIONS (at most four fields)"));
    }
    let counters = Counters {
        nodes: nodes.unwrap_or(0),
        backtracks: backtracks.unwrap_or(0),
    };
    let solutions = solutions.unwrap_or(u64::from(solution.is_some()));
    Ok(Outcome::new(solutions, solution, counters, budget))
}

#[cfg(test)]
mod tests {
    use sudoku_core::Status::{self, BudgetExhausted as Budget, NoSolution, Solved};

    use crate::external::FIRST_QUESTION as SOLVED;

    #[test]
    fn answers_are_read_or_say_what_is_wrong() {
        let bars = "417369825|632158947|958724316|825437169|791586432|346912758|289643571|573291684|164875293";
        let ok = |s: Status, solutions, nodes, backtracks| Ok((s, solutions, nodes, backtracks));
        for (line, want) in [
            (format!("{SOLVED} 12 9"), ok(Solved, 1, 12, 9)),
            (bars.to_string(), ok(Solved, 1, 0, 0)),
            ("none\r".into(), ok(NoSolution, 0, 0, 0)),
            ("budget 1000 999".into(), ok(Budget, 0, 1000, 999)),
            (format!("{SOLVED}\t5 3 2"), ok(Solved, 2, 5, 3)),
            ("".into(), Err("an empty line")),
            ("12345".into(), Err("neither a solution")),
            (
                format!("{SOLVED} x"),
                Err("NODES \"x\" is not a whole number"),
            ),
            (format!("{SOLVED} 0"), Err("NODES is 0")),
            (format!("{SOLVED} 1 0 1 x"), Err("at most four fields")),
        ] {
            match (super::parse(&line), want) {
                (Ok(o), Ok(want)) => {
                    let (c, solved) = (o.counters, o.status == Solved);
                    let got = (o.status, o.solutions, c.nodes, c.backtracks);
                    assert_eq!(got, want, "{line:?}");
                    assert_eq!(o.solution.is_some(), solved, "{line:?}");
                }
                (Err(e), Err(want)) => assert!(e.contains(want), "{line:?}: {e}"),
                (got, want) => panic!("{line:?}: {got:?}, not {want:?}"),
            }
        }
    }
}
