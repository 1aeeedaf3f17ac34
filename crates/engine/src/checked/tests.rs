//! Tests of one checked solve: the check's rules, panics.

use std::sync::Arc;

use sudoku_core::{Counters, Grid, Limits, Outcome, Puzzle, Solver};
use sudoku_results::Status;

use crate::contender::{solve_checked, Contender};

const PUZZLE: &str =
    "004300209005009001070060043006002087190007400050083000600000105003508690042910300";
const SOLUTION: &str =
    "864371259325849761971265843436192587198657432257483916689734125713528694542916378";

/// A fake solver returning a fixed outcome under limit 1 and another under limit 2.
#[derive(Clone)]
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

/// A solver that panics; with a grid, one that finds it and claims it is the only one,
/// but panics when the check asks it again (under a limit of 2).
struct Panics(Option<Grid>);

impl Solver for Panics {
    fn name(&self) -> &'static str {
        "panics"
    }
    fn solve(&self, _: &Grid, limits: &Limits) -> Outcome {
        let Some(found) = &self.0 else {
            panic!("index out of bounds")
        };
        assert_eq!(limits.solution_limit(), 1, "asked again");
        solved(found, 1)
    }
}

fn solved(grid: &Grid, solutions: u64) -> Outcome {
    Outcome::new(solutions, Some(*grid), Counters::from_tries(3, 1), false)
}

fn row_of(
    solver: impl Solver + 'static,
    grid: &Grid,
    known: Option<&Grid>,
    limit: u64,
) -> sudoku_results::Row {
    let contender = Contender::new(Box::new(solver), Limits::solutions(limit));
    let puzzle = Puzzle {
        grid: *grid,
        solution: known.copied().map(Box::new),
        label: None,
        line: 7,
        index: 3,
    };
    solve_checked(&contender, &Arc::from("c.txt"), &puzzle, 3).unwrap()
}

/// A solution of the empty grid other than `SOLUTION`: every digit d relabelled d % 9 + 1.
fn other_solution() -> Grid {
    let sol: Grid = SOLUTION.parse().unwrap();
    let cells: Vec<u8> = sol.cells().iter().map(|c| c % 9 + 1).collect();
    Grid::from_values(sol.size(), &cells)
}

/// The check's rules: a solution must solve the puzzle and be returned when claimed;
/// `no_solution` is wrong when the corpus gives one; a solution other than the corpus's
/// proves two, so the solver must find a second one (asked again under a limit of 2).
#[test]
fn each_rule_of_the_check_gives_its_status() {
    let (grid, sol): (Grid, Grid) = (PUZZLE.parse().unwrap(), SOLUTION.parse().unwrap());
    let (empty, other) = (Grid::EMPTY, other_solution());
    assert!(other.is_solution_of(&empty) && sol.is_solution_of(&empty));
    let broken = sol.with(80, if sol.get(80) == 1 { 2 } else { 1 });
    let both = |o: Outcome| Fixed(o.clone(), o);
    // Finds `sol` and claims it is the only one; finds two when asked for two.
    let ok = both(solved(&sol, 1));
    let finds_two = Fixed(solved(&sol, 1), solved(&sol, 2));
    let none = both(Outcome::rejected_at_root());
    let unreturned = both(Outcome::new(1, None, Counters::default(), false));
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
        let status = row_of(solver.clone(), &grid, known.as_ref(), limit).status;
        assert_eq!(status, want, "case {k}");
    }
}

/// A panic, in the solve or when the check asks again, is a row `wrong` that says why.
#[test]
fn a_panic_is_wrong_and_says_why() {
    let grid: Grid = PUZZLE.parse().unwrap();
    let row = row_of(Panics(None), &grid, None, 1);
    assert_eq!(row.status, Status::Wrong);
    assert_eq!(
        row.problem.as_deref(),
        Some("the solver panicked: index out of bounds")
    );
    assert_eq!((row.nodes, row.solution.as_str()), (0, ""));
    let sol: Grid = SOLUTION.parse().unwrap();
    let row = row_of(Panics(Some(sol)), &Grid::EMPTY, Some(&other_solution()), 1);
    assert_eq!(row.status, Status::Wrong);
    let problem = row.problem.unwrap();
    assert!(problem.starts_with("the solver panicked: "), "{problem}");
    assert!(problem.contains("asked again"), "{problem}");
}
