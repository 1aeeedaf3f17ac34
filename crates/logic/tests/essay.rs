//! The fast 9x9 path and the essay version take the same steps: at every level, under
//! limits 1 and 2, the same outcome, counters and grade, and the same events in the
//! same order.

use sudoku_core::{Event, Grid, Limits, Observer, Outcome};
use sudoku_logic::{Level, Logic, LogicEssay};
use sudoku_testkit::corpus_puzzles;

/// Every `step`-th of the first `first` puzzles of a corpus of `../shared/corpora/`.
fn corpus(file: &str, first: usize, step: usize) -> Vec<Grid> {
    let all = corpus_puzzles(file, first);
    all.into_iter().step_by(step).collect()
}

fn watched(solve: impl FnOnce(&mut dyn Observer) -> Outcome) -> (Outcome, Vec<Event>) {
    let mut events = Vec::new();
    let out = solve(&mut |e: Event| events.push(e));
    (out, events)
}

fn assert_same_steps(puzzles: &[Grid], levels: &[Level], limits: &[Limits]) {
    for puzzle in puzzles {
        for &level in levels {
            for limits in limits {
                let (fast, fast_events) =
                    watched(|o| Logic::new(level).solve_with(puzzle, limits, o));
                let (essay, essay_events) =
                    watched(|o| LogicEssay::new(level).solve_with(puzzle, limits, o));
                let what = format!("{} at {level}, {limits:?}", puzzle.to_line());
                assert_eq!(fast, essay, "{what}");
                assert_eq!(fast.grade, essay.grade, "{what}");
                if let Some(i) = (0..fast_events.len().max(essay_events.len()))
                    .find(|&i| fast_events.get(i) != essay_events.get(i))
                {
                    panic!(
                        "{what}: event {i} differs: fast {:?}, essay {:?} (after {:?})",
                        fast_events.get(i),
                        essay_events.get(i),
                        &fast_events[i.saturating_sub(3)..i]
                    );
                }
                let plain = Logic::new(level).solve_with(puzzle, limits, &mut ());
                assert_eq!(plain, fast, "plain and watched differ: {what}");
            }
        }
    }
}

#[test]
fn the_fast_path_takes_the_essays_steps_on_top95() {
    let puzzles = corpus("norvig_sudoku-top95.txt", usize::MAX, 1);
    assert_same_steps(&puzzles, &Level::ALL, &[Limits::FIRST, Limits::UNIQUENESS]);
}

#[test]
fn the_fast_path_takes_the_essays_steps_on_top1465() {
    let puzzles = corpus("puzzles3_magictour_top1465", usize::MAX, 7);
    assert_same_steps(&puzzles, &Level::ALL, &[Limits::FIRST]);
}

#[test]
fn the_fast_path_takes_the_essays_steps_on_17_clues_kaggle_and_easy50() {
    let mut puzzles = corpus("puzzles2_17_clue", 2000, 20);
    puzzles.extend(corpus("kaggle_bryanpark_sudoku_first20000.csv", 2000, 20));
    puzzles.extend(corpus("norvig_sudoku-easy50.txt", usize::MAX, 1));
    puzzles.extend(corpus("norvig_sudoku-hardest.txt", usize::MAX, 1));
    assert_same_steps(&puzzles, &Level::ALL, &[Limits::FIRST, Limits::UNIQUENESS]);
}
