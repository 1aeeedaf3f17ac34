//! The cp strategies on their own: the levels nest (a stronger level's fixpoint is inside
//! a weaker one's), worked examples from the lesson, agreement with dlx on whole corpora,
//! bad input and budgets.

use sudoku_core::{Contradiction, Event, Grid, Limits, Solver, Status};
use sudoku_cp::{Consistency, Cp, CpEssay};
use sudoku_dlx::Dlx;
use sudoku_testkit::contract::{
    assert_rejected_at_root, clash_in_its_row, one_puzzle_of_every_size,
};
use sudoku_testkit::seeds::{HARD1, POLISH};
use sudoku_testkit::{corpus_puzzles, data_puzzles};

/// The domains propagation leaves at the root (replayed from the root's events), or
/// `None` when it refutes the puzzle there.
fn root_domains(puzzle: &Grid, consistency: Consistency) -> Option<Vec<u32>> {
    let all = puzzle.size().all_digits();
    let mut domains = vec![all; puzzle.size().cells()];
    let mut dead = false;
    let limits = Limits::FIRST.with_max_nodes(1);
    Cp::new(consistency).solve_observed(puzzle, &limits, &mut |e: Event| match e {
        Event::Eliminate {
            depth: 0,
            cell,
            digit,
            ..
        } => domains[usize::from(cell)] &= !(1 << (digit - 1)),
        Event::Contradiction { depth: 0, .. } => dead = true,
        _ => {}
    });
    (!dead).then_some(domains)
}

#[test]
fn a_stronger_level_leaves_a_subset_of_what_a_weaker_one_leaves() {
    let mut puzzles = corpus_puzzles("puzzles3_magictour_top1465", 300);
    puzzles.extend(data_puzzles("bench/grade5-x_wing.txt", 100));
    puzzles.extend(data_puzzles("4x4.txt", 100));
    for p in &puzzles {
        let [fc, bc, gac] = Consistency::ALL.map(|c| root_domains(p, c).unwrap());
        let within =
            |inner: &[u32], outer: &[u32]| inner.iter().zip(outer).all(|(i, o)| i & !o == 0);
        assert!(within(&bc, &fc) && within(&gac, &bc), "{p:?}");
        // And so a stronger level never needs a try where a weaker one solves without.
        let nodes = Consistency::ALL.map(|c| Cp::new(c).solve(p, &Limits::FIRST).counters.nodes);
        assert!(nodes[0] > 1 || nodes[1] == 1, "{p:?} {nodes:?}");
        assert!(nodes[1] > 1 || nodes[2] == 1, "{p:?} {nodes:?}");
    }
}

#[test]
fn the_lesson_s_examples() {
    // top95's first puzzle: Régin's filter solves it without a try, where forward
    // checking and bounds need search.
    let first: Grid =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .unwrap();
    let nodes = Consistency::ALL.map(|c| Cp::new(c).solve(&first, &Limits::FIRST).counters.nodes);
    assert_eq!(nodes, [131, 106, 1]);
    // The Polish grid: naked singles alone finish it, so every level solves it (and
    // proves it unique) without a try.
    let polish: Grid = POLISH.parse().unwrap();
    for c in Consistency::ALL {
        let out = Cp::new(c).solve(&polish, &Limits::UNIQUENESS);
        assert_eq!((out.status, out.counters.nodes), (Status::Solved, 1));
        assert_eq!(out.solution, Dlx.solve(&polish, &Limits::FIRST).solution);
    }
}

#[test]
fn every_level_agrees_with_dlx_on_whole_corpora() {
    let limits = Limits::UNIQUENESS;
    let mut puzzles = corpus_puzzles("norvig_sudoku-top95.txt", 95);
    puzzles.extend(data_puzzles("4x4.txt", 200));
    puzzles.extend(corpus_puzzles("16x16Dataset.csv", 30));
    for p in &puzzles {
        let want = Dlx.solve(p, &limits);
        for c in Consistency::ALL {
            let out = Cp::new(c).solve(p, &limits);
            assert_eq!(
                (out.status, out.solutions),
                (want.status, want.solutions),
                "{p:?}"
            );
            if want.solutions == 1 {
                assert_eq!(out.solution, want.solution);
            }
        }
    }
}

/// Three cells of row 1 left {1, 2} between them (box 1 holds 3..8 below them, and 9
/// stands in row 1): no solution, which no single cell shows.
const THREE_IN_TWO: &str =
    "....9....345......678............................................................";

#[test]
fn a_unit_that_cannot_be_matched_is_refuted_at_the_root_by_bc_and_gac_only() {
    let puzzle: Grid = THREE_IN_TWO.parse().unwrap();
    for c in Consistency::ALL {
        let out = Cp::new(c).solve(&puzzle, &Limits::UNIQUENESS);
        assert_eq!(out.status, Status::NoSolution, "{}", c.name());
        assert_eq!(out, CpEssay::new(c).solve(&puzzle, &Limits::UNIQUENESS));
        let at_root = out.counters.nodes == 1;
        assert_eq!(
            at_root,
            c != Consistency::Forward,
            "{}: {:?}",
            c.name(),
            out.counters
        );
    }
    let mut reasons = Vec::new();
    Cp::GENERALISED.solve_observed(&puzzle, &Limits::FIRST, &mut |e: Event| {
        if let Event::Contradiction { reason, .. } = e {
            reasons.push(reason);
        }
    });
    assert_eq!(reasons, [Contradiction::NoMatching { unit: 0 }]);
}

#[test]
fn clashing_givens_are_rejected_at_the_root_at_every_size_and_level() {
    for p in one_puzzle_of_every_size() {
        let bad = clash_in_its_row(&p);
        for c in Consistency::ALL {
            for solver in [&Cp::new(c) as &dyn Solver, &CpEssay::new(c)] {
                assert_rejected_at_root(solver, &bad, &[Limits::UNIQUENESS]);
            }
        }
    }
}

#[test]
fn every_search_stops_at_its_budget() {
    let hard1: Grid = HARD1.parse().unwrap();
    for c in Consistency::ALL {
        for max_nodes in [0, 1, 2, 50] {
            let limits = Limits::UNIQUENESS.with_max_nodes(max_nodes);
            let out = Cp::new(c).solve(&hard1, &limits);
            assert!(
                out.counters.nodes <= max_nodes.max(1),
                "{} {max_nodes}",
                c.name()
            );
            assert_eq!(out, CpEssay::new(c).solve(&hard1, &limits));
        }
        // hard1 has many solutions: the search stops at the second under any level.
        let out = Cp::new(c).solve(&hard1, &Limits::UNIQUENESS);
        assert_eq!(
            (out.status, out.solutions),
            (Status::Solved, 2),
            "{}",
            c.name()
        );
    }
    let out = Cp::FORWARD.solve(&hard1, &Limits::solutions(u64::MAX).with_max_nodes(1000));
    assert_eq!(
        (out.status, out.counters.nodes),
        (Status::BudgetExhausted, 1000)
    );
}
