//! The properties every strategy of the box-permutation space (anneal, genetic, tabu)
//! is tested for in its own crate: a run repeatable by seed and on any thread, what it
//! can prove at the root, honest outcomes on the 4x4 puzzles whose counts are known,
//! uniqueness checks and limits of two, the node budget and the default one, and an
//! event stream that counts the moves.

use std::fmt::Debug;

use sudoku_core::{Event, EventCount, Grid, Limits, Observer, Outcome, Solver, Status};

use crate::seeds::{HARD1, SPANISH_1};
use crate::{data_path, golden_files, golden_rows, grid};

/// Whether a strategy's search takes moves back: a backtrack is a move tried and not
/// kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TakenBack {
    /// Every move tried is kept: no backtrack, ever.
    Never,
    /// A move may be refused: fewer backtracks than nodes.
    Sometimes,
}

impl TakenBack {
    /// `out`'s backtracks are as this says.
    pub fn assert_of(self, out: &Outcome) {
        match self {
            TakenBack::Never => assert_eq!(out.counters.backtracks, 0, "{out:?}"),
            TakenBack::Sometimes => assert!(out.counters.backtracks < out.counters.nodes),
        }
    }
}

/// What the last cost a solve tells is when it finds its one solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LastCost {
    /// Zero: the solution is reached by a move.
    Zero,
    /// Zero, or no cost told when the solution stands at the root (one node).
    ZeroUnlessAtTheRoot,
}

/// The same seed makes the same run and another seed another: `run(seed)` is what a
/// crate reads of a watched solve (its moves, its generations); the run of `seed` has
/// `len` items, the run of `seed` again the same, and that of `seed + 1` others.
pub fn assert_the_same_seed_repeats<T: PartialEq + Debug>(
    run: impl Fn(u64) -> Vec<T>,
    seed: u64,
    len: usize,
) {
    let first = run(seed);
    assert_eq!(first.len(), len);
    assert_eq!(first, run(seed), "seed {seed} again");
    assert_ne!(first, run(seed + 1), "seed {}", seed + 1);
}

/// `solver` solves each of `puzzles` under `limits`, each answer a solution of its
/// puzzle, with its backtracks as `taken_back` says.
pub fn assert_solves_each(
    solver: &dyn Solver,
    puzzles: &[Grid],
    limits: &Limits,
    taken_back: TakenBack,
) {
    for out in crate::contract::assert_solves_each(solver, puzzles, limits) {
        taken_back.assert_of(&out);
    }
}

/// A uniqueness check of the Spanish essay's first grid, which has one solution, cannot
/// end before the budget: `BudgetExhausted` at `max_nodes` nodes, with the one solution
/// found, the one a limit of 1 finds.
pub fn assert_a_uniqueness_check_ends_with_the_budget(solver: &dyn Solver, max_nodes: u64) {
    let puzzle = grid(SPANISH_1);
    let first = solver.solve(&puzzle, &Limits::FIRST);
    let out = solver.solve(&puzzle, &Limits::UNIQUENESS.with_max_nodes(max_nodes));
    assert_eq!(out.status, Status::BudgetExhausted, "{}", solver.name());
    assert_eq!((out.solutions, out.counters.nodes), (1, max_nodes));
    assert_eq!(out.solution, first.solution);
}

/// Norvig's hard1 has many solutions: under a limit of 2 the search finds two, each
/// told by a solution event at depth 0, the first a solution of the puzzle.
pub fn assert_two_solutions_answer_a_limit_of_two(solver: &dyn Solver) {
    let puzzle = grid(HARD1);
    let mut told = 0;
    let mut count = |e: Event| {
        if let Event::Solution { depth } = e {
            assert_eq!(depth, 0);
            told += 1;
        }
    };
    let out = solver.solve_observed(&puzzle, &Limits::UNIQUENESS, &mut count);
    assert_eq!((out.status, out.solutions), (Status::Solved, 2));
    assert_eq!(told, 2);
    out.solution.unwrap().check_solution_of(&puzzle).unwrap();
}

/// Each of `budgets` ends the search of `puzzle` (which needs more) with the budget
/// exhausted at exactly that many nodes (one at the least, the root), no solution, and
/// backtracks as `taken_back` says.
pub fn assert_the_budget_bounds_the_moves(
    solver: &dyn Solver,
    puzzle: &Grid,
    budgets: &[u64],
    taken_back: TakenBack,
) {
    for &budget in budgets {
        let out = solver.solve(puzzle, &Limits::FIRST.with_max_nodes(budget));
        assert_eq!(out.status, Status::BudgetExhausted, "budget {budget}");
        assert_eq!(out.counters.nodes, budget.max(1), "budget {budget}");
        assert_eq!((out.solutions, out.solution), (0, None), "budget {budget}");
        taken_back.assert_of(&out);
    }
}

/// A 25x25 puzzle (the first of `data/25x25.txt`) runs to the budget `max_nodes`.
pub fn assert_a_25x25_puzzle_runs_to_the_budget(solver: &dyn Solver, max_nodes: u64) {
    let text = std::fs::read_to_string(data_path("25x25.txt")).unwrap();
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let out = solver.solve(&grid(line), &Limits::FIRST.with_max_nodes(max_nodes));
    assert_eq!(
        (out.status, out.counters.nodes),
        (Status::BudgetExhausted, max_nodes),
        "{}",
        solver.name()
    );
}

/// On each of `puzzles` under each of `limits`, the watched solve equals the plain one
/// and its events count its counters (tries, backtracks and solutions); when it finds
/// the one solution a limit of 1 asks for, the last cost `cost_of` reads from the events
/// is as `last` says.
pub fn assert_observed_equals_plain_and_the_events_count(
    solver: &dyn Solver,
    puzzles: &[Grid],
    limits: &[Limits],
    cost_of: impl Fn(Event) -> Option<u32>,
    last: LastCost,
) {
    for puzzle in puzzles {
        for l in limits {
            let case = format!("{} under {l:?}", puzzle.to_line());
            let plain = solver.solve(puzzle, l);
            let mut count = EventCount::default();
            let mut last_cost = None;
            let mut both = |e: Event| {
                count.event(e);
                last_cost = cost_of(e).or(last_cost);
            };
            let observed = solver.solve_observed(puzzle, l, &mut both);
            assert_eq!(plain, observed, "{case}");
            assert_eq!(count.tries + 1, plain.counters.nodes, "{case}");
            assert_eq!(count.backtracks, plain.counters.backtracks, "{case}");
            assert_eq!(count.solutions, plain.solutions, "{case}");
            if plain.status == Status::Solved && l.max_solutions == 1 {
                let at_root = last == LastCost::ZeroUnlessAtTheRoot && plain.counters.nodes == 1;
                assert!(
                    at_root || last_cost == Some(0),
                    "{case}: the last cost told is {last_cost:?}"
                );
            }
        }
    }
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
