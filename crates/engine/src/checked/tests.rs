//! Tests of one checked solve: the check's rules, panics.

use std::sync::Arc;

use sudoku_core::{Counters, Grid, Limits, Outcome, Puzzle, Solver};
use sudoku_results::{Row, Status};

use crate::contender::{solve_checked, Contender};

const PUZZLE: &str =
    "004300209005009001070060043006002087190007400050083000600000105003508690042910300";
const SOLUTION: &str =
    "864371259325849761971265843436192587198657432257483916689734125713528694542916378";

/// A fake solver: its outcome under limit 1, and under limit 2 (`None`: a panic, the
/// first one's message saying so when asked again).
#[derive(Clone)]
struct Fixed(Option<Outcome>, Option<Outcome>);

impl Solver for Fixed {
    fn name(&self) -> &'static str {
        "fixed"
    }
    fn solve(&self, _: &Grid, limits: &Limits) -> Outcome {
        let (outcome, why) = match limits.solution_limit() {
            1 => (&self.0, "index out of bounds"),
            _ => (&self.1, "asked again"),
        };
        outcome.clone().unwrap_or_else(|| panic!("{why}"))
    }
}

fn solved(grid: &Grid, solutions: u64) -> Option<Outcome> {
    let counters = Counters::from_tries(3, 1);
    Some(Outcome::new(solutions, Some(*grid), counters, false))
}

fn row_of(solver: &Fixed, grid: Grid, known: Option<Grid>, limit: u64) -> Row {
    let contender = Contender::new(Box::new(solver.clone()), Limits::solutions(limit));
    let solution = known.map(Box::new);
    let (label, line, index) = (None, 7, 3);
    let puzzle = Puzzle {
        grid,
        solution,
        label,
        line,
        index,
    };
    solve_checked(&contender, &Arc::from("c.txt"), &puzzle, 3).unwrap()
}

/// The check's rules: a solution must solve the puzzle and be returned when claimed;
/// `no_solution` is wrong when the corpus gives one; a solution other than the corpus's
/// proves two, so the solver must find a second one (asked again under a limit of 2).
#[test]
fn each_rule_of_the_check_gives_its_status() {
    let (grid, sol): (Grid, Grid) = (PUZZLE.parse().unwrap(), SOLUTION.parse().unwrap());
    // A solution of the empty grid other than `sol`: every digit d relabelled d % 9 + 1.
    let cells: Vec<u8> = sol.cells().iter().map(|c| c % 9 + 1).collect();
    let (empty, other) = (Grid::EMPTY, Grid::from_values(sol.size(), &cells));
    assert!(other.is_solution_of(&empty) && sol.is_solution_of(&empty));
    let broken = sol.with(80, if sol.get(80) == 1 { 2 } else { 1 });
    let both = |o: Option<Outcome>| Fixed(o.clone(), o);
    // Finds `sol` and claims it is the only one; finds two when asked for two.
    let ok = both(solved(&sol, 1));
    let finds_two = Fixed(solved(&sol, 1), solved(&sol, 2));
    let none = both(Some(Outcome::rejected_at_root()));
    let unreturned = both(Some(Outcome::new(1, None, Counters::default(), false)));
    let cases = [
        (&ok, grid, Some(sol), 1, Status::Solved),
        (&ok, grid, None, 1, Status::Solved),
        (&ok, grid, Some(sol), 2, Status::Solved),
        (&both(solved(&broken, 1)), grid, None, 1, Status::Wrong),
        (&unreturned, grid, None, 1, Status::Wrong),
        (&none, grid, Some(sol), 1, Status::Wrong),
        (&none, grid, None, 1, Status::NoSolution),
        (&ok, empty, Some(other), 1, Status::Wrong),
        (&finds_two, empty, Some(other), 1, Status::Solved),
        (&ok, empty, Some(other), 2, Status::Wrong),
        (&finds_two, empty, Some(other), 2, Status::Solved),
    ];
    for (k, (solver, grid, known, limit, want)) in cases.into_iter().enumerate() {
        assert_eq!(row_of(solver, grid, known, limit).status, want, "case {k}");
    }
    // A panic, in the solve or when the check asks again, is a row `wrong` that says why.
    let row = row_of(&Fixed(None, None), grid, None, 1);
    let problem = row.problem.as_deref();
    assert_eq!(problem, Some("the solver panicked: index out of bounds"));
    assert_eq!(
        (row.status, row.nodes, row.solution.as_str()),
        (Status::Wrong, 0, "")
    );
    let row = row_of(&Fixed(solved(&sol, 1), None), empty, Some(other), 1);
    let problem = row.problem.as_deref();
    assert_eq!(problem, Some("the solver panicked: asked again"));
    assert_eq!(row.status, Status::Wrong);
}
