//! The ilp strategy's own tests: the model's answers, the counters and their events, the
//! solution limit's second solve, the node budget and bad input, for each solver built.

use sudoku_core::{Event, EventCount, Grid, Limits, Outcome, Rule, Size, Solver, Status};
use sudoku_dlx::Dlx;
use sudoku_ilp::relaxation::relax;
use sudoku_ilp::Ilp;
use sudoku_testkit::contract::assert_rejected_at_root;
use sudoku_testkit::{grid, watch};

/// Every solver this build has.
fn solvers() -> Vec<Ilp> {
    #[allow(unused_mut)]
    let mut out = vec![Ilp::MICROLP];
    #[cfg(feature = "cbc")]
    out.push(Ilp::CBC);
    out
}

/// Norvig's easy1: naked and hidden singles solve it.
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// The seventh puzzle of top95 (one solution; microlp branches on it).
const HARD: &str =
    "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6.....";
/// The 69th puzzle of top95 (one solution): CBC's preprocessing and root cuts leave it
/// to the branch and bound (6 nodes below the root under limit 1, CBC 2.10.8).
const CBC_BRANCHES: &str =
    ".......4...2..4..1.7..5..9...3..7....4..6....6..1..8...2....1..85.9...6.....8...3";
/// Norvig's hard1, which has many solutions.
const MANY: &str =
    ".....6....59.....82....8....45........3........6..3.54...325..6..................";

#[test]
fn the_lp_relaxation_of_an_easy_puzzle_is_its_solution_and_no_node_is_needed() {
    let easy = grid(EASY);
    let solution = Dlx.solve(&easy, &Limits::FIRST).solution.unwrap();
    let r = relax(&easy, &solution).unwrap();
    assert!(r.integral && r.pinned, "{r:?}");
    for solver in solvers() {
        let out = solver.solve(&easy, &Limits::UNIQUENESS);
        assert_eq!(
            (out.status, out.solutions),
            (Status::Solved, 1),
            "{solver:?}"
        );
        assert_eq!(out.solution, Some(solution));
        // Under limit 2 the cut makes the relaxation infeasible at once: no node.
        assert_eq!((out.counters.nodes, out.counters.backtracks), (1, 0));
    }
}

#[test]
fn a_hard_puzzle_is_not_pinned_by_its_relaxation_and_microlp_branches() {
    let hard = grid(HARD);
    let solution = Dlx.solve(&hard, &Limits::FIRST).solution.unwrap();
    let r = relax(&hard, &solution).unwrap();
    assert!(!r.pinned, "{r:?}");
    let out = Ilp::MICROLP.solve(&hard, &Limits::FIRST);
    assert_eq!(out.solution, Some(solution));
    assert!(out.counters.nodes > 1, "{:?}", out.counters);
    // Under limit 1 the tree that ends at the solution keeps its nodes.
    assert_eq!(out.counters.backtracks, 0);
}

#[test]
fn uniqueness_takes_back_every_node_of_both_trees() {
    let hard = grid(HARD);
    for solver in solvers() {
        let first = solver.solve(&hard, &Limits::FIRST);
        let both = solver.solve(&hard, &Limits::UNIQUENESS);
        assert_eq!(
            (both.status, both.solutions),
            (Status::Solved, 1),
            "{solver:?}"
        );
        assert_eq!(both.solution, first.solution);
        assert!(both.counters.nodes >= first.counters.nodes);
        assert_eq!(both.counters.backtracks, both.counters.nodes - 1);
    }
}

#[test]
fn a_puzzle_with_several_solutions_gives_two_distinct_ones_and_keeps_the_second_tree() {
    let many = grid(MANY);
    for solver in solvers() {
        let first = solver.solve(&many, &Limits::FIRST);
        let (two, events) = watch(&solver, &many, &Limits::UNIQUENESS);
        assert_eq!(
            (two.status, two.solutions),
            (Status::Solved, 2),
            "{solver:?}"
        );
        assert_eq!(two.solution, first.solution);
        // The first tree is taken back by the restart, the second stands.
        assert_eq!(two.counters.backtracks, first.counters.nodes - 1);
        // Each solution is told cell by cell before its event: the second differs.
        let solutions: Vec<Grid> = grids_at_solutions(&many, &events);
        assert_eq!(solutions.len(), 2);
        assert!(solutions.iter().all(|s| s.is_solution_of(&many)));
        assert_ne!(solutions[0], solutions[1]);
        assert_eq!(Some(solutions[0]), two.solution);
    }
}

/// The grid at each solution event: the givens, then the placements told since.
fn grids_at_solutions(puzzle: &Grid, events: &[Event]) -> Vec<Grid> {
    let mut grid = *puzzle;
    let mut out = Vec::new();
    for e in events {
        match *e {
            Event::Assign {
                cell,
                digit,
                rule: Rule::IntegerProgram,
                ..
            } => grid.set(usize::from(cell), digit),
            Event::Solution { .. } => out.push(grid),
            _ => {}
        }
    }
    out
}

#[test]
fn the_events_count_the_counters_and_tell_the_givens_first() {
    let hard = grid(HARD);
    for solver in solvers() {
        for limits in [
            Limits::FIRST,
            Limits::UNIQUENESS,
            Limits::FIRST.with_max_nodes(3),
        ] {
            let plain = solver.solve(&hard, &limits);
            let mut count = EventCount::default();
            let watched = solver.solve_observed(&hard, &limits, &mut count);
            assert_eq!(watched, plain, "{solver:?} {limits:?}");
            assert_eq!(
                (count.tries + 1, count.backtracks),
                (plain.counters.nodes, plain.counters.backtracks),
                "{solver:?} {limits:?}"
            );
        }
        let (_, events) = watch(&solver, &hard, &Limits::FIRST);
        let givens = hard.givens();
        assert!(events[..givens].iter().all(|e| matches!(
            e,
            Event::Assign {
                rule: Rule::Given,
                ..
            }
        )));
    }
}

#[test]
fn the_budget_bounds_the_nodes_and_a_budget_just_large_enough_changes_nothing() {
    for solver in solvers() {
        let mut branched = false;
        for text in [HARD, CBC_BRANCHES] {
            let puzzle = grid(text);
            let free = solver.solve(&puzzle, &Limits::UNIQUENESS);
            let needed = free.counters.nodes;
            branched |= needed > 4;
            for budget in [1, 2, needed / 2, needed - 1]
                .into_iter()
                .filter(|b| (1..needed).contains(b))
            {
                let out = solver.solve(&puzzle, &Limits::UNIQUENESS.with_max_nodes(budget));
                assert_eq!(
                    out.status,
                    Status::BudgetExhausted,
                    "{solver:?} budget {budget} on {text}"
                );
                assert!(
                    out.counters.nodes <= budget,
                    "{solver:?} on {text}: {:?}",
                    out.counters
                );
            }
            let exact = solver.solve(&puzzle, &Limits::UNIQUENESS.with_max_nodes(needed));
            assert_eq!(exact, free, "{solver:?} on {text}");
        }
        assert!(
            branched,
            "{solver:?} hardly branches here: no budget to test"
        );
    }
}

#[test]
fn clashing_givens_are_no_solution_at_the_root() {
    let clash = grid(EASY).with(0, 3); // r1c3 holds 3 already.
    for solver in solvers() {
        assert_rejected_at_root(&solver, &clash, &[Limits::UNIQUENESS]);
    }
}

#[test]
fn a_puzzle_with_no_solution_is_refuted_by_its_model() {
    // No two givens clash, but r1c1 has no digit left: 1-8 in its row, 9 in its column,
    // so the givens leave its cell row no variable.
    let none =
        grid(".123456789.......................................................................");
    assert!(!none.givens_clash());
    for solver in solvers() {
        let out = solver.solve(&none, &Limits::UNIQUENESS);
        assert_eq!(
            (out.status, out.solutions),
            (Status::NoSolution, 0),
            "{solver:?}"
        );
        assert_eq!(out.counters.backtracks, out.counters.nodes - 1);
    }
}

#[test]
fn a_complete_grid_is_its_own_only_solution() {
    let easy = grid(EASY);
    let solution = Dlx.solve(&easy, &Limits::FIRST).solution.unwrap();
    for solver in solvers() {
        let out = solver.solve(&solution, &Limits::solutions(3));
        assert_eq!(
            (out.status, out.solutions),
            (Status::Solved, 1),
            "{solver:?}"
        );
        assert_eq!(out.counters.nodes, 1);
    }
}

#[test]
fn every_size_agrees_with_dlx() {
    let puzzles = [
        // 4x4 with one solution, and the empty 4x4 grid (many).
        "1...........4..3".to_string(),
        ".".repeat(16),
        // 16x16: the first of the 16x16 corpus' style, from dlx's own solution, half removed.
        sixteen(),
    ];
    for text in &puzzles {
        let puzzle = grid(text);
        let dlx = Dlx.solve(&puzzle, &Limits::UNIQUENESS);
        for solver in solvers() {
            let out = solver.solve(&puzzle, &Limits::UNIQUENESS);
            assert_eq!(out.solutions, dlx.solutions, "{solver:?} on {text}");
            if dlx.solutions == 1 {
                assert_eq!(out.solution, dlx.solution, "{solver:?} on {text}");
            }
            if let Some(s) = out.solution {
                assert!(s.is_solution_of(&puzzle));
            }
        }
    }
}

/// A 16x16 puzzle: dlx's first solution of the empty grid with every other cell emptied.
fn sixteen() -> String {
    let full = Dlx
        .solve(&Grid::empty(Size::SIXTEEN), &Limits::FIRST)
        .solution
        .unwrap();
    let cells: Vec<u8> = full
        .cells()
        .iter()
        .enumerate()
        .map(|(i, &d)| if i % 2 == 0 { d } else { 0 })
        .collect();
    Grid::from_values(Size::SIXTEEN, &cells).to_line()
}

#[test]
fn solves_on_several_threads_at_once_give_the_outcomes_of_one() {
    let puzzles = [grid(EASY), grid(HARD), grid(MANY)];
    for solver in solvers() {
        let alone: Vec<Outcome> = puzzles
            .iter()
            .map(|p| solver.solve(p, &Limits::UNIQUENESS))
            .collect();
        std::thread::scope(|scope| {
            let threads: Vec<_> = (0..4)
                .map(|_| {
                    scope.spawn(|| {
                        puzzles
                            .iter()
                            .map(|p| solver.solve(p, &Limits::UNIQUENESS))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            for thread in threads {
                assert_eq!(thread.join().unwrap(), alone, "{solver:?}");
            }
        });
    }
}
