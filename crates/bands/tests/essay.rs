//! The essay and the fast path take the same steps: equal outcomes and counters,
//! puzzle by puzzle, under every limit and budget, and the same tries, backtracks and
//! solutions in the same order (their reasons for a dead end may be worded apart).

use sudoku_bands::{Bands, BandsEssay};
use sudoku_core::{Event, Grid, Limits, Solver};
use sudoku_testkit::corpus_puzzles;

fn puzzles(file: &str, step: usize) -> Vec<Grid> {
    let all = corpus_puzzles(file, usize::MAX);
    all.into_iter().step_by(step).collect()
}

/// The events of a solve, without the reasons of dead ends.
fn steps(solver: &dyn Solver, puzzle: &Grid, limits: &Limits) -> Vec<Event> {
    let mut events = Vec::new();
    let mut record = |e: Event| {
        if let Event::Contradiction { depth, .. } = e {
            events.push(Event::Solution {
                depth: depth + 1000,
            });
        } else {
            events.push(e);
        }
    };
    solver.solve_observed(puzzle, limits, &mut record);
    events
}

#[test]
fn the_essay_takes_the_same_steps_as_the_fast_path() {
    let mut all = puzzles("norvig_sudoku-hardest.txt", 1);
    all.extend(puzzles("famous_hardest_named.tsv", 1));
    all.extend(puzzles("carlmjohnson_testfile.txt", 1));
    all.extend(puzzles("norvig_sudoku-top95.txt", 1));
    all.extend(puzzles("puzzles3_magictour_top1465", 37));
    all.extend(puzzles("puzzles2_17_clue", 997));
    all.extend(puzzles("kaggle_bryanpark_sudoku_first20000.csv", 1999));
    let mut tries = 0;
    for p in &all {
        for limits in [
            Limits::FIRST,
            Limits::UNIQUENESS,
            Limits::solutions(3).with_max_nodes(25),
        ] {
            let fast = Bands.solve(p, &limits);
            let essay = BandsEssay.solve(p, &limits);
            assert_eq!(essay, fast, "{} {limits:?}", p.to_line());
            tries += fast.counters.nodes - 1;
        }
        let limits = Limits::UNIQUENESS;
        assert_eq!(
            steps(&BandsEssay, p, &limits),
            steps(&Bands, p, &limits),
            "{}",
            p.to_line()
        );
    }
    assert!(tries > 2000, "{tries} tries");
}
