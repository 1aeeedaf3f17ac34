//! The properties every strategy of the box-permutation space (anneal, genetic, tabu)
//! is tested for in its own crate: a run repeatable on any thread, what it can prove at
//! the root, honest outcomes on the 4x4 puzzles whose counts are known, and the default
//! budget.

use sudoku_core::{Grid, Limits, Outcome, Solver, Status};

use crate::seeds::SPANISH_1;
use crate::{golden_files, golden_rows};

fn grid(text: &str) -> Grid {
    text.parse().unwrap()
}

/// The same puzzles solved alone and on four threads (in reverse order on each) give the
/// same outcomes: the random numbers of a solve depend on the seed and the puzzle only.
pub fn assert_the_same_run_on_any_thread(solver: &dyn Solver, puzzles: &[Grid]) {
    let alone: Vec<Outcome> = puzzles
        .iter()
        .map(|p| solver.solve(p, &Limits::FIRST))
        .collect();
    let threaded: Vec<Outcome> = std::thread::scope(|scope| {
        let handles: Vec<_> = puzzles
            .chunks(puzzles.len().div_ceil(4).max(1))
            .map(|part| {
                scope.spawn(move || {
                    let mut outs: Vec<Outcome> = part
                        .iter()
                        .rev()
                        .map(|p| solver.solve(p, &Limits::FIRST))
                        .collect();
                    outs.reverse();
                    outs
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    assert_eq!(alone, threaded, "{}", solver.name());
}

/// What a stochastic search can prove, it proves at the root: clashing givens are
/// `NoSolution` (1 node); a complete grid is its own one solution under any limit (1
/// node); a box of one non-fixed cell each forces the fill, here a clashing one:
/// `NoSolution` (1 node).
pub fn assert_what_can_be_proved_at_the_root_is_exact(solver: &dyn Solver) {
    let name = solver.name();
    let clash = grid(SPANISH_1).with(0, 3);
    assert!(clash.givens_clash());
    assert_eq!(
        solver.solve(&clash, &Limits::FIRST),
        Outcome::rejected_at_root(),
        "{name}"
    );
    let complete = solver
        .solve(&grid(SPANISH_1), &Limits::FIRST)
        .solution
        .unwrap();
    for limits in [Limits::FIRST, Limits::UNIQUENESS] {
        let out = solver.solve(&complete, &limits);
        assert_eq!((out.status, out.solutions), (Status::Solved, 1), "{name}");
        assert_eq!(
            (out.counters.nodes, out.solution),
            (1, Some(complete)),
            "{name}"
        );
    }
    let forced = grid(".12324.1.3.21234");
    assert!(!forced.givens_clash());
    let out = solver.solve(&forced, &Limits::UNIQUENESS);
    assert_eq!(
        (out.status, out.counters.nodes),
        (Status::NoSolution, 1),
        "{name}"
    );
}

/// The 4x4 puzzles of `data/`, against their exact counts, each within `max_nodes`:
/// under a limit of 1 every one is solved; under a limit of 2 the search finds both
/// solutions of every puzzle that has two or more (`Solved`, 2), and ends with the
/// budget and the one solution of every other (`BudgetExhausted`, 1), never claiming
/// more or less.
pub fn assert_four_by_four_outcomes_agree_with_the_exact_counts(
    solver: &dyn Solver,
    max_nodes: u64,
) {
    let files: Vec<_> = golden_files("dlx")
        .into_iter()
        .filter(|f| f.corpus == "4x4")
        .collect();
    assert_eq!(files.len(), 2, "data/golden/dlx.4x4.limit{{1,2}}.csv");
    for file in files {
        let limits = Limits::solutions(file.limit).with_max_nodes(max_nodes);
        for row in golden_rows(&file) {
            let puzzle = grid(&row.puzzle);
            let out = solver.solve(&puzzle, &limits);
            out.solution.unwrap().check_solution_of(&puzzle).unwrap();
            let status = if row.solutions == file.limit {
                Status::Solved
            } else {
                Status::BudgetExhausted
            };
            let what = format!(
                "{} on {} limit {}: {out:?}",
                solver.name(),
                row.puzzle,
                file.limit
            );
            assert_eq!(
                (out.status, out.solutions),
                (status, row.solutions),
                "{what}"
            );
        }
    }
}

/// Without a node budget in the limits, the strategy's own (`default_max_nodes`) bounds
/// the search: on a puzzle whose givens do not clash yet which has no solution (r1c3 can
/// hold neither 3 nor 4), it ends with exactly that many nodes.
pub fn assert_the_default_budget_applies(solver: &dyn Solver, default_max_nodes: u64) {
    let puzzle = grid("12........3...4.");
    assert!(!puzzle.givens_clash());
    let out = solver.solve(&puzzle, &Limits::FIRST);
    assert_eq!(out.status, Status::BudgetExhausted, "{}", solver.name());
    assert_eq!(out.counters.nodes, default_max_nodes, "{}", solver.name());
}
