//! The logic strategy from the outside: solutions and counts against dlx's golden files,
//! the event-stream contract, the grade, the budget, clashing givens, and what the levels
//! do and do not promise.

use sudoku_core::{
    Event, EventCount, Grid, Limits, Observer, Rule, Size, Solver, Status, Technique,
};
use sudoku_logic::{Level, Logic, LogicEssay};
use sudoku_testkit::contract::assert_rejected_at_root;
use sudoku_testkit::seeds::{HARD1, POLISH, SPANISH_2};
use sudoku_testkit::{corpus_puzzles, golden_files, golden_rows, grid};

/// The puzzles of a corpus of `../shared/corpora/`.
fn corpus(file: &str) -> Vec<Grid> {
    corpus_puzzles(file, usize::MAX)
}

/// easy50 #6, which the full level solves without a try and grades `x_wing`.
const X_WING: &str =
    ".43.8.25.6.............1.949....4.7....6.8....1.2....382.5.............5.34.9.71.";

#[test]
fn every_level_finds_dlxs_solutions_and_counts_on_its_golden_files() {
    let levels = [
        Level::NAKED_SINGLES,
        Level::LOCKED,
        Level::SUBSETS,
        Level::FULL,
    ];
    let mut checked = 0;
    for file in golden_files("dlx") {
        let rows = golden_rows(&file);
        let limits = Limits::solutions(file.limit);
        for level in levels {
            // Naked singles alone (forward checking) take too long on sparse big grids.
            let big = file.corpus.contains("17clue") || file.corpus.contains("25x25");
            if level == Level::NAKED_SINGLES && big {
                continue;
            }
            for row in &rows {
                let puzzle = grid(&row.puzzle);
                let out = Logic::new(level).solve(&puzzle, &limits);
                let what = format!("{} #{} at {level}", file.corpus, row.index);
                assert_eq!(out.solutions, row.solutions, "{what}");
                let want = if row.solutions == 0 {
                    Status::NoSolution
                } else {
                    Status::Solved
                };
                assert_eq!(out.status, want, "{what}");
                let Some(solution) = out.solution else {
                    continue;
                };
                assert!(solution.is_solution_of(&puzzle), "{what}");
                // With one solution only, it must be dlx's.
                let unique = file.limit >= 2 && row.solutions == 1
                    || file.limit == 1
                        && Logic::default()
                            .solve(&puzzle, &Limits::UNIQUENESS)
                            .solutions
                            == 1;
                if unique {
                    assert_eq!(solution, grid(&row.solution), "{what}");
                }
            }
        }
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} dlx golden files");
}

#[test]
fn the_events_count_the_tries_and_backtracks_and_name_the_grade() {
    let mut puzzles = corpus("norvig_sudoku-top95.txt");
    puzzles.extend(corpus("norvig_sudoku-easy50.txt"));
    puzzles.push(grid(SPANISH_2));
    for puzzle in &puzzles {
        for level in Level::ALL {
            for limits in [Limits::FIRST, Limits::UNIQUENESS] {
                let mut count = EventCount::default();
                let mut strongest = None;
                let mut watch = |e: Event| {
                    count.event(e);
                    if let Event::Assign { rule, .. } | Event::Eliminate { rule, .. } = e {
                        strongest = strongest.max(rule.technique());
                    }
                };
                let watched = Logic::new(level).solve_observed(puzzle, &limits, &mut watch);
                let plain = Logic::new(level).solve(puzzle, &limits);
                assert_eq!(watched, plain);
                assert_eq!(count.tries + 1, plain.counters.nodes);
                assert_eq!(count.backtracks, plain.counters.backtracks);
                assert_eq!(count.solutions, plain.solutions);
                assert_eq!(plain.grade, strongest, "{} at {level}", puzzle.to_line());
                assert!(plain.grade.is_none_or(|t| level.allows(t)));
            }
        }
    }
}

#[test]
fn the_grade_is_the_weakest_level_that_solves_without_a_try() {
    for puzzle in corpus("norvig_sudoku-top95.txt")
        .iter()
        .chain(&corpus("norvig_sudoku-easy50.txt"))
    {
        let full = Logic::default().solve(puzzle, &Limits::FIRST);
        let without_search = |level: Level| {
            Logic::new(level)
                .solve(puzzle, &Limits::FIRST)
                .counters
                .nodes
                == 1
        };
        match full.counters.nodes {
            1 => {
                let grade = full.grade.expect("a solve by deduction uses a technique");
                assert!(without_search(Level::of(grade)));
                assert!(Level::ALL[..Level::of(grade).count() - 1]
                    .iter()
                    .all(|&l| !without_search(l)));
            }
            _ => assert!(!Level::ALL.iter().any(|&l| without_search(l))),
        }
    }
    let x_wing = Logic::default().solve(&grid(X_WING), &Limits::UNIQUENESS);
    assert_eq!(
        (x_wing.grade, x_wing.counters.nodes, x_wing.solutions),
        (Some(Technique::XWing), 1, 1)
    );
    let polish = Logic::default().solve(&grid(POLISH), &Limits::FIRST);
    assert!(polish.grade <= Some(Technique::HiddenSingle) && polish.counters.nodes == 1);
    let solution = polish.solution.unwrap();
    let done = Logic::default().solve(&solution, &Limits::UNIQUENESS);
    assert_eq!(
        (done.grade, done.counters.nodes, done.solutions),
        (None, 1, 1)
    );
}

#[test]
fn a_stronger_level_never_needs_a_try_where_a_weaker_one_does_not() {
    for puzzle in corpus("puzzles3_magictour_top1465").iter().step_by(5) {
        let mut solved_before = false;
        for level in Level::ALL {
            let solved = Logic::new(level)
                .solve(puzzle, &Limits::FIRST)
                .counters
                .nodes
                == 1;
            assert!(solved || !solved_before, "{} at {level}", puzzle.to_line());
            solved_before = solved;
        }
    }
}

#[test]
fn but_a_stronger_level_can_need_more_tries() {
    // easy50 #48: locked candidates change the cell the search branches on.
    let puzzle =
        grid(".....3.17.15..9..8.6.......1....7.....9...2.....5....4.......2.5..6..34.34.2.....");
    let nodes =
        |level: Level, limits: Limits| Logic::new(level).solve(&puzzle, &limits).counters.nodes;
    assert_eq!(
        (
            nodes(Level::SINGLES, Limits::FIRST),
            nodes(Level::LOCKED, Limits::FIRST)
        ),
        (3, 4)
    );
    assert_eq!(
        (
            nodes(Level::SINGLES, Limits::UNIQUENESS),
            nodes(Level::LOCKED, Limits::UNIQUENESS)
        ),
        (3, 5)
    );
}

#[test]
fn clashing_givens_have_no_solution_at_one_node() {
    let clash = grid(POLISH).with(0, 5); // a second 5 in row 1
    let small = grid("11.. .... .... ....");
    for level in Level::ALL {
        for puzzle in [&clash, &small] {
            for solver in [&Logic::new(level) as &dyn Solver, &LogicEssay::new(level)] {
                assert_rejected_at_root(solver, puzzle, &[Limits::UNIQUENESS]);
            }
        }
    }
    // The trace says where: the second 5 leaves r1c2 with nothing.
    let mut last = None;
    Logic::default().solve_observed(&clash, &Limits::FIRST, &mut |e: Event| last = Some(e));
    let reason = sudoku_core::Contradiction::EmptyCell { cell: 1 };
    assert_eq!(last, Some(Event::Contradiction { depth: 0, reason }));
}

#[test]
fn the_budget_stops_the_search_before_the_try_that_would_exceed_it() {
    for level in [Level::NAKED_SINGLES, Level::SINGLES, Level::FULL] {
        let out = Logic::new(level).solve(&grid(HARD1), &Limits::UNIQUENESS.with_max_nodes(20));
        assert_eq!(
            (out.status, out.counters.nodes),
            (Status::BudgetExhausted, 20),
            "{level}"
        );
        let out = Logic::new(level).solve(&grid(HARD1), &Limits::FIRST.with_max_nodes(1));
        assert_eq!(
            (out.status, out.counters.nodes, out.counters.backtracks),
            (Status::BudgetExhausted, 1, 0)
        );
    }
}

#[test]
fn a_trace_reads_like_a_puzzle_book() {
    let mut trace = Vec::new();
    Logic::default().solve_observed(&grid(X_WING), &Limits::FIRST, &mut |e: Event| trace.push(e));
    let givens = grid(X_WING).givens();
    let assigned = |rule: fn(&Rule) -> bool| {
        trace
            .iter()
            .filter(|e| matches!(e, Event::Assign { rule: r, .. } if rule(r)))
            .count()
    };
    assert_eq!(assigned(|r| *r == Rule::Given), givens);
    // Every empty cell is filled by a naked or a hidden single.
    let singles = assigned(|r| matches!(r, Rule::NakedSingle | Rule::HiddenSingle { .. }));
    assert_eq!(singles, 81 - givens);
    assert!(trace.iter().any(|e| matches!(
        e,
        Event::Eliminate {
            rule: Rule::Fish { count: 2, .. },
            ..
        }
    )));
    assert_eq!(trace.last(), Some(&Event::Solution { depth: 0 }));
}

#[test]
fn every_size_is_supported_and_names_follow_the_level() {
    for size in Size::ALL {
        assert!(Logic::default().supports(size) && LogicEssay::default().supports(size));
    }
    assert_eq!(Logic::default().name(), "logic");
    assert_eq!(Logic::new(Level::SINGLES).name(), "logic-singles");
    assert_eq!(
        LogicEssay::new(Level::SUBSETS).name(),
        "logic-subsets-essay"
    );
}
