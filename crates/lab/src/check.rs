//! One timed, checked solve: the runner's unit of work.

use std::time::Instant;

use sudoku_core::{Grid, Limits, Outcome, Solver, Status};

use crate::record::WRONG;

/// The result of one checked solve: the outcome, its status after the checks and its times.
#[derive(Debug, Clone)]
pub struct Checked {
    /// The solver's outcome (of the first timed run).
    pub outcome: Outcome,
    /// `solved`, `no_solution`, `budget_exhausted`, or `wrong` when a check failed.
    pub status: &'static str,
    /// Why the check failed, when it did.
    pub problem: Option<String>,
    /// The fastest of the timed runs, in nanoseconds.
    pub min_ns: u64,
    /// The median of the timed runs, in nanoseconds (the lower one for an even count).
    pub median_ns: u64,
}

impl Checked {
    /// The result of a solve that panicked (a solver bug): status `wrong`, no cost.
    pub fn panicked(payload: &(dyn std::any::Any + Send)) -> Checked {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "no message".into());
        Checked {
            outcome: Outcome::new(0, None, sudoku_core::Counters::default(), false),
            status: WRONG,
            problem: Some(format!("the solver panicked: {message}")),
            min_ns: 0,
            median_ns: 0,
        }
    }
}

/// Solves `puzzle` with `solver` `repeat` times (at least once), timing `solve` only, and
/// checks the outcome:
///
/// - every solution returned must solve the puzzle (`is_solution_of`), and a search that
///   claims solutions must return one;
/// - a puzzle whose corpus gives a `known` solution has one: `no_solution` is wrong;
/// - a found solution that differs from the known one proves two solutions: the solver
///   is asked again with a solution limit of 2 (same budget) and must find the second
///   (or run out of budget); a search that reports exactly one solution under a limit of
///   2 or more must have found the known one.
pub fn solve_checked(
    solver: &dyn Solver,
    puzzle: &Grid,
    known: Option<&Grid>,
    limits: &Limits,
    repeat: u64,
) -> Checked {
    let mut times = Vec::with_capacity(repeat.max(1) as usize);
    let mut first: Option<Outcome> = None;
    for _ in 0..repeat.max(1) {
        let start = Instant::now();
        let outcome = solver.solve(puzzle, limits);
        times.push(u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX));
        first.get_or_insert(outcome);
    }
    let outcome = first.expect("at least one run");
    times.sort_unstable();
    let min_ns = times[0];
    let median_ns = times[(times.len() - 1) / 2];
    let problem = check(solver, puzzle, known, limits, &outcome);
    let status = if problem.is_some() {
        WRONG
    } else {
        outcome.status.as_str()
    };
    Checked {
        outcome,
        status,
        problem,
        min_ns,
        median_ns,
    }
}

fn check(
    solver: &dyn Solver,
    puzzle: &Grid,
    known: Option<&Grid>,
    limits: &Limits,
    outcome: &Outcome,
) -> Option<String> {
    if let Some(solution) = &outcome.solution {
        if let Err(e) = solution.check_solution_of(puzzle) {
            return Some(format!(
                "the solution {} does not solve the puzzle: {e}",
                solution.to_line()
            ));
        }
    }
    match outcome.status {
        Status::Solved if outcome.solution.is_none() || outcome.solutions == 0 => {
            return Some(format!(
                "solved with {} solutions but no solution returned",
                outcome.solutions
            ));
        }
        Status::NoSolution if outcome.solutions != 0 || outcome.solution.is_some() => {
            return Some("no_solution but a solution returned".into());
        }
        Status::NoSolution if known.is_some() => {
            return Some("no_solution, but the corpus gives a solution".into());
        }
        _ => {}
    }
    if outcome.solutions > limits.solution_limit() {
        return Some(format!(
            "{} solutions found under a limit of {}",
            outcome.solutions,
            limits.solution_limit()
        ));
    }
    let (Some(known), Some(found)) = (known, &outcome.solution) else {
        return None;
    };
    if found == known {
        return None;
    }
    // Two different solutions: the puzzle is not unique, so a search for two must find two.
    let again = if limits.solution_limit() >= 2 {
        outcome.clone()
    } else {
        solver.solve(
            puzzle,
            &Limits {
                max_solutions: 2,
                ..*limits
            },
        )
    };
    if again.status == Status::BudgetExhausted || again.solutions >= 2 {
        return None;
    }
    Some(format!(
        "found {} instead of the corpus's solution {}, and claims it is the only one",
        found.to_line(),
        known.to_line()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Counters;

    const PUZZLE: &str =
        "004300209005009001070060043006002087190007400050083000600000105003508690042910300";
    const SOLUTION: &str =
        "864371259325849761971265843436192587198657432257483916689734125713528694542916378";

    /// A fake solver returning a fixed outcome under limit 1 and another under limit 2.
    struct Fixed(Outcome, Outcome);
    impl Solver for Fixed {
        fn name(&self) -> &'static str {
            "fixed"
        }
        fn solve(&self, _: &Grid, limits: &Limits) -> Outcome {
            if limits.solution_limit() == 1 {
                self.0.clone()
            } else {
                self.1.clone()
            }
        }
    }

    fn solved(grid: &Grid, solutions: u64) -> Outcome {
        Outcome::new(solutions, Some(*grid), Counters::from_tries(3, 1), false)
    }

    fn status_of(solver: &Fixed, known: Option<&Grid>, limit: u64) -> &'static str {
        let puzzle: Grid = PUZZLE.parse().unwrap();
        solve_checked(solver, &puzzle, known, &Limits::solutions(limit), 3).status
    }

    #[test]
    fn the_known_solution_passes_and_a_broken_one_is_wrong() {
        let sol: Grid = SOLUTION.parse().unwrap();
        let ok = Fixed(solved(&sol, 1), solved(&sol, 1));
        assert_eq!(status_of(&ok, Some(&sol), 1), "solved");
        assert_eq!(status_of(&ok, None, 1), "solved");
        let broken = sol.with(80, if sol.get(80) == 1 { 2 } else { 1 });
        let bad = Fixed(solved(&broken, 1), solved(&broken, 1));
        assert_eq!(status_of(&bad, None, 1), "wrong");
        let empty = Fixed(
            Outcome::new(1, None, Counters::default(), false),
            Outcome::new(1, None, Counters::default(), false),
        );
        assert_eq!(status_of(&empty, None, 1), "wrong");
    }

    #[test]
    fn no_solution_is_wrong_when_the_corpus_gives_one() {
        let sol: Grid = SOLUTION.parse().unwrap();
        let none = Fixed(Outcome::rejected_at_root(), Outcome::rejected_at_root());
        assert_eq!(status_of(&none, Some(&sol), 1), "wrong");
        assert_eq!(status_of(&none, None, 1), "no_solution");
    }

    #[test]
    fn a_different_solution_needs_a_second_one() {
        // A valid `found` that differs from the corpus's solution proves two solutions.
        let sol: Grid = SOLUTION.parse().unwrap();
        let puzzle: Grid = PUZZLE.parse().unwrap();
        // The empty grid has many solutions: `other` and its relabelling `known`.
        let other = sol;
        let empty = Grid::EMPTY;
        let known = {
            // Relabel every digit d -> d % 9 + 1: still a solution of the empty grid.
            let cells: Vec<u8> = sol.cells().iter().map(|c| c % 9 + 1).collect();
            Grid::from_values(sol.size(), &cells)
        };
        assert!(known.is_solution_of(&empty) && other.is_solution_of(&empty));
        let claims_unique = Fixed(solved(&other, 1), solved(&other, 1));
        let finds_two = Fixed(solved(&other, 1), solved(&other, 2));
        let check = |s: &Fixed, limit| {
            solve_checked(s, &empty, Some(&known), &Limits::solutions(limit), 1).status
        };
        assert_eq!(check(&claims_unique, 1), "wrong");
        assert_eq!(check(&finds_two, 1), "solved");
        assert_eq!(check(&claims_unique, 2), "wrong");
        assert_eq!(check(&finds_two, 2), "solved");
        // And the real puzzle with its real solution is fine under limit 2.
        let ok = Fixed(solved(&sol, 1), solved(&sol, 1));
        let r = solve_checked(&ok, &puzzle, Some(&sol), &Limits::solutions(2), 1);
        assert_eq!(r.status, "solved");
    }

    #[test]
    fn a_panic_is_wrong() {
        let payload: Box<dyn std::any::Any + Send> = Box::new("index out of bounds");
        let c = Checked::panicked(payload.as_ref());
        assert_eq!(c.status, "wrong");
        assert_eq!(
            c.problem.as_deref(),
            Some("the solver panicked: index out of bounds")
        );
    }

    #[test]
    fn times_keep_the_minimum_and_the_median() {
        let sol: Grid = SOLUTION.parse().unwrap();
        let ok = Fixed(solved(&sol, 1), solved(&sol, 1));
        let puzzle: Grid = PUZZLE.parse().unwrap();
        let r = solve_checked(&ok, &puzzle, None, &Limits::FIRST, 5);
        assert!(r.min_ns <= r.median_ns);
        assert_eq!(r.outcome.counters, Counters::from_tries(3, 1));
    }
}
