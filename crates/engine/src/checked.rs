//! One timed, checked solve: the engine's unit of work, and its row.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;

use sudoku_core::{Grid, Limits, Outcome, Puzzle, Solver};
use sudoku_results::{grid_text, GridText, Retimed, Row, Status};

use crate::stopwatch::{trusted, Timing};

/// A puzzle about to be solved by every contender: what each of its rows shares.
pub(crate) struct Entry<'a> {
    pub corpus: &'a Arc<str>,
    pub puzzle: &'a Puzzle,
    pub text: GridText,
    pub name: Option<Arc<str>>,
    /// The corpus's puzzle, when `puzzle` is an isomorph of it (`--permute`).
    pub original: Option<GridText>,
}

impl<'a> Entry<'a> {
    pub fn new(corpus: &'a Arc<str>, puzzle: &'a Puzzle) -> Entry<'a> {
        Entry {
            corpus,
            puzzle,
            text: grid_text(&puzzle.grid),
            name: puzzle.label.as_deref().map(Arc::from),
            original: None,
        }
    }

    /// The same entry, solved in place of the corpus's `original` puzzle.
    pub fn instead_of(self, original: &Puzzle) -> Entry<'a> {
        Entry {
            original: Some(grid_text(&original.grid)),
            ..self
        }
    }

    /// Adds to `rows` the row of `solver`'s timed ([`trusted`]), checked solve of the
    /// puzzle within `limits`, named `name`. The row is made where it goes and the outcome
    /// stays where the solve put it (a grid of the largest size): neither is moved.
    pub fn solve(
        &self,
        (name, solver): (&Arc<str>, &dyn Solver),
        limits: &Limits,
        rows: &mut Vec<Row>,
    ) {
        let grid = &self.puzzle.grid;
        // A panic, in the solve or when the check asks again, is a row `wrong`; the row is
        // added last, when nothing can panic any more.
        let run = std::panic::catch_unwind(AssertUnwindSafe(|| {
            let (outcome, timing) = trusted(|| solver.solve(grid, limits));
            let known = self.puzzle.solution.as_deref();
            let problem = check(grid, known, limits, &outcome, Some(solver));
            let status = if problem.is_some() {
                Status::Wrong
            } else {
                Status::from(outcome.status)
            };
            rows.push(self.row((name, limits), status, &outcome, timing, problem));
        }));
        run.unwrap_or_else(|payload| {
            let message = (payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "no message".into());
            let none = Outcome::new(0, None, sudoku_core::Counters::default(), false);
            let problem = format!("the solver panicked: {message}");
            let timing = Timing {
                ns: 0,
                retimed: Retimed::Unchecked,
            };
            rows.push(self.row((name, limits), Status::Wrong, &none, timing, Some(problem)));
        });
    }

    /// The row of the puzzle for the solver named `name`, solving within `limits`.
    pub fn row(
        &self,
        (name, limits): (&Arc<str>, &Limits),
        status: Status,
        outcome: &Outcome,
        timing: Timing,
        problem: Option<String>,
    ) -> Row {
        Row {
            corpus: self.corpus.clone(),
            index: self.puzzle.index,
            line: self.puzzle.line,
            name: self.name.clone(),
            solver: name.clone(),
            limit: limits.solution_limit(),
            status,
            solutions: outcome.solutions,
            nodes: outcome.counters.nodes,
            backtracks: outcome.counters.backtracks,
            nanoseconds: timing.ns,
            median_nanoseconds: timing.ns,
            retimed: timing.retimed,
            // Copied as bytes (a `clone` copies them one by one).
            puzzle: GridText::from_str(&self.text),
            solution: outcome
                .solution
                .as_ref()
                .map_or_else(GridText::new, grid_text),
            original: self
                .original
                .as_deref()
                .map(|text| Box::new(GridText::from_str(text))),
            problem,
        }
    }
}

/// What is wrong with `outcome`, `solver`'s solve of `puzzle` within `limits`, by the
/// book's rules ("Checks, forecast and progress"). `solver` is `None` for one that cannot
/// be asked again with another limit (a child process): a second solution then passes.
pub fn check(
    puzzle: &Grid,
    known: Option<&Grid>,
    limits: &Limits,
    outcome: &Outcome,
    solver: Option<&dyn Solver>,
) -> Option<String> {
    use sudoku_core::Status as S;
    let (solutions, found) = (outcome.solutions, outcome.solution.as_ref());
    let limit = limits.solution_limit();
    if let Some(found) = found {
        if let Err(e) = found.check_solution_of(puzzle) {
            let line = found.to_line();
            return Some(format!(
                "the solution {line} does not solve the puzzle: {e}"
            ));
        }
    }
    let problem = match outcome.status {
        S::Solved if found.is_none() || solutions == 0 => {
            format!("solved with {solutions} solutions but no solution returned")
        }
        S::NoSolution if solutions != 0 || found.is_some() => {
            "no_solution but a solution returned".into()
        }
        S::NoSolution if known.is_some() => "no_solution, but the corpus gives a solution".into(),
        _ if solutions > limit => format!("{solutions} solutions found under a limit of {limit}"),
        _ => {
            // Two different solutions: a search for two must find two.
            let (known, found) = (known?, found?);
            let mut two = *limits;
            two.max_solutions = 2;
            let again = match limit {
                _ if found == known => return None,
                2.. => outcome.clone(),
                _ => solver?.solve(puzzle, &two),
            };
            if again.status == S::BudgetExhausted || again.solutions >= 2 {
                return None;
            }
            let (found, known) = (found.to_line(), known.to_line());
            format!("found {found} instead of the corpus's solution {known}, and claims it is the only one")
        }
    };
    Some(problem)
}

#[cfg(test)]
mod tests;
