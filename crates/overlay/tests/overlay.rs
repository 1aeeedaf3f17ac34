//! Exactness of the pattern overlay: the fast path ([`Overlay`]) equal to the essay
//! ([`OverlayEssay`]) event for event, an event stream that replays as templates chosen
//! and taken back, the same solutions as dlx's golden files, the template counts, the
//! budget, and bad input.

use sudoku_core::event::Contradiction;
use sudoku_core::units::{BOX_OF, CELLS, SIDE};
use sudoku_core::{Event, Grid, Limits, Outcome, Rule, Size, Solver, Status};
use sudoku_overlay::essay::overlaps;
use sudoku_overlay::templates::{self, TEMPLATE_COUNT};
use sudoku_overlay::{Overlay, OverlayEssay};
use sudoku_testkit::contract::{self, Replay};
use sudoku_testkit::seeds::{self, HARD1, POLISH, SPANISH_1};
use sudoku_testkit::{corpus_puzzles, grid, watch};

/// Both versions of the strategy: the fast path and the essay.
fn both() -> [&'static dyn Solver; 2] {
    [&Overlay, &OverlayEssay]
}

/// The seeds and the first puzzles of top95, top1465 and the 17-clue set.
fn sample() -> Vec<Grid> {
    let mut all = seeds::grids();
    all.extend(corpus_puzzles("norvig_sudoku-top95.txt", 6));
    all.extend(corpus_puzzles("puzzles3_magictour_top1465", 4));
    all.extend(corpus_puzzles("puzzles2_17_clue", 3));
    all
}

/// Whether nine cells are a template: one in every row, column and box.
fn is_template(cells: &[usize]) -> bool {
    let mask = |f: &dyn Fn(usize) -> usize| cells.iter().fold(0u16, |m, &c| m | 1 << f(c));
    cells.len() == SIDE
        && mask(&|c| c / SIDE) == 0x1FF
        && mask(&|c| c % SIDE) == 0x1FF
        && mask(&|c| usize::from(BOX_OF[c])) == 0x1FF
}

/// Places `digit` in `cell`, which must be empty and have it as a candidate.
fn place(now: &mut [u16], placed: &mut [u8], cell: u16, digit: u8, what: &str) {
    let c = usize::from(cell);
    assert!(now[c] & 1 << (digit - 1) != 0, "{what}: not a candidate");
    assert_eq!(placed[c], 0, "{what}: a digit is there");
    now[c] = 1 << (digit - 1);
    placed[c] = digit;
}

/// Replays an event stream on `puzzle` and checks that it is a search over templates:
/// a try and the cells assigned as it, with the cells already holding its digit, place
/// the digit on a template; each backtrack takes back the last standing try, and the
/// grid returns to what it was before it; the overlay only takes candidates away, and
/// places a digit in an empty cell where it is still a candidate; a solution is a full
/// grid (the first the outcome's); the counts are the outcome's counters.
fn check_stream(puzzle: &Grid, out: &Outcome, events: &[Event]) {
    let at = |i: usize| format!("{} event {i}: {:?}", puzzle.to_line(), events[i]);
    let mut now: Vec<u16> = puzzle
        .cells()
        .iter()
        .map(|&d| if d == 0 { 0x1FF } else { 1 << (d - 1) })
        .collect();
    let mut placed = puzzle.cells().to_vec();
    // The candidates and the digits placed before each standing try.
    let mut stack: Vec<(Vec<u16>, Vec<u8>)> = Vec::new();
    let mut replay = Replay::new(puzzle, out);
    // The digit of a try whose assignments are still being told.
    let mut open_try: Option<u8> = None;
    for (i, &event) in events.iter().enumerate() {
        let tried = matches!(
            event,
            Event::Assign {
                rule: Rule::Tried,
                ..
            }
        );
        if let (false, Some(digit)) = (tried, open_try) {
            let cells: Vec<usize> = (0..CELLS).filter(|&c| placed[c] == digit).collect();
            assert!(is_template(&cells), "{}: the try is not a template", at(i));
            open_try = None;
        }
        match event {
            Event::Try { depth, cell, digit } => {
                replay.tried(depth, cell, digit, &at(i));
                stack.push((now.clone(), placed.clone()));
                place(&mut now, &mut placed, cell, digit, &at(i));
                open_try = Some(digit);
            }
            Event::Assign {
                depth,
                cell,
                digit,
                rule,
            } => {
                replay.at_depth(depth, &at(i));
                match rule {
                    Rule::Tried => assert_eq!(open_try, Some(digit), "{}", at(i)),
                    Rule::PatternOverlay => {}
                    other => panic!("{}: the overlay does not use {other:?}", at(i)),
                }
                place(&mut now, &mut placed, cell, digit, &at(i));
            }
            Event::Eliminate {
                depth,
                cell,
                digit,
                rule,
            } => {
                replay.at_depth(depth, &at(i));
                assert_eq!(rule, Rule::PatternOverlay, "{}", at(i));
                let c = usize::from(cell);
                assert!(now[c] & 1 << (digit - 1) != 0, "{}: not a candidate", at(i));
                now[c] &= !(1 << (digit - 1));
            }
            Event::Backtrack { depth, cell, digit } => {
                replay.took_back(depth, cell, digit, &at(i));
                (now, placed) = stack.pop().expect("a try standing");
            }
            Event::Solution { depth } => {
                let board = Grid::from_values(Size::NINE, &placed);
                replay.solution(depth, board, &at(i));
            }
            Event::Contradiction {
                depth,
                reason: Contradiction::NoTemplate { digit },
            } => {
                replay.at_depth(depth, &at(i));
                assert!((1..=9).contains(&digit), "{}", at(i));
            }
            other => panic!("{}: the overlay does not report {other:?}", at(i)),
        }
    }
    replay.end();
}

#[test]
fn the_fast_path_is_the_essay_event_for_event() {
    let limits = [
        Limits::FIRST,
        Limits::UNIQUENESS.with_max_nodes(400),
        Limits::solutions(3).with_max_nodes(40),
    ];
    let watched = contract::assert_the_fast_path_is_the_essay_event_for_event(
        &Overlay,
        &OverlayEssay,
        &sample(),
        &limits,
    );
    for (puzzle, out, events) in &watched {
        check_stream(puzzle, out, events);
    }
}

/// The counters of top95, both versions, puzzle by puzzle.
#[test]
fn the_fast_path_and_the_essay_count_alike_on_top95() {
    let top95 = corpus_puzzles("norvig_sudoku-top95.txt", 95);
    let every_third: Vec<Grid> = top95.into_iter().step_by(3).collect();
    contract::assert_the_fast_path_and_the_essay_count_alike(
        &Overlay,
        &OverlayEssay,
        &every_third,
        &Limits::UNIQUENESS,
    );
}

/// The same statuses, solution counts and solutions (where unique) as dlx's golden
/// files of 9x9 puzzles: top95 at limits 1 and 2, easy50, the hardest, top1465, and the
/// first 2000 puzzles of kaggle and of the 17-clue set at limit 1.
#[test]
fn the_solutions_are_dlxs() {
    let nine_by_nine = |c: &str| c != "4x4" && c != "25x25" && !c.starts_with("16x16");
    contract::assert_the_solutions_are_dlxs(&Overlay, nine_by_nine, 5);
}

#[test]
fn the_templates_of_a_digit_are_46656_and_one_in_nine_fit_a_given() {
    let all = templates::all();
    assert_eq!(all.len(), TEMPLATE_COUNT);
    // r1c1 given 5: the templates of 5 through r1c1 fit, one in nine.
    let through = all.iter().filter(|t| t[0] == 0).count();
    assert_eq!(through * 9, TEMPLATE_COUNT);
    // Any template overlaps itself; the first and its shift by a column share no cell,
    // the first and the last share r5c5.
    assert_eq!(all[0], [0, 3, 6, 1, 4, 7, 2, 5, 8]);
    assert!(overlaps(&all[0], &all[0]));
    assert!(!overlaps(&all[0], &[1, 4, 7, 2, 5, 8, 0, 3, 6]));
    assert_eq!(all[all.len() - 1], [8, 5, 2, 7, 4, 1, 6, 3, 0]);
    assert!(overlaps(&all[0], &all[all.len() - 1]));
}

/// The overlay alone, with no try, solves 40 puzzles of easy50: every hidden single is
/// in it (a digit's templates go once through every unit), but not every naked single:
/// its rules are about the digits, and none says that a cell must hold one. Where a
/// cell is left to one digit's templates only, the search finds it instead.
#[test]
fn the_overlay_alone_solves_40_of_easy50() {
    let easy = corpus_puzzles("norvig_sudoku-easy50.txt", 50);
    let no_try = easy
        .iter()
        .filter(|p| Overlay.solve(p, &Limits::FIRST).counters.nodes == 1)
        .count();
    assert_eq!(no_try, 40);
    let solved = Overlay.solve(&easy[0], &Limits::UNIQUENESS);
    assert_eq!((solved.solutions, solved.counters.nodes), (1, 1));
}

#[test]
fn a_clash_of_givens_has_no_solution_at_the_root() {
    let polish = grid(POLISH);
    let clash = polish.with(0, polish.get(1));
    for solver in both() {
        contract::assert_rejected_at_root_silently(solver, &clash, &[Limits::UNIQUENESS]);
    }
}

/// A puzzle whose givens do not clash but leave a digit no template: row 1 holds no 9
/// and every empty cell of it sees a 9 in its column.
#[test]
fn a_digit_without_a_template_is_a_dead_end_at_the_root() {
    let puzzle = grid(
        "12345678.\
         .........\
         .........\
         ........9\
         .........\
         .........\
         .........\
         .........\
         .........",
    );
    // r1c9 is the only place for 9 in row 1, and column 9 has its 9 in r4c9.
    assert!(!puzzle.givens_clash());
    for solver in both() {
        let (out, events) = watch(solver, &puzzle, &Limits::UNIQUENESS);
        assert_eq!(out.status, Status::NoSolution, "{}", solver.name());
        assert_eq!(out.counters.nodes, 1, "{}", solver.name());
        assert_eq!(
            events,
            [Event::Contradiction {
                depth: 0,
                reason: Contradiction::NoTemplate { digit: 9 }
            }]
        );
    }
}

#[test]
fn a_full_grid_is_its_own_solution() {
    let solved = Overlay
        .solve(&grid(SPANISH_1), &Limits::FIRST)
        .solution
        .unwrap();
    for solver in both() {
        contract::assert_a_full_grid_is_its_own_solution(solver, &solved);
    }
}

#[test]
fn the_budget_bounds_the_search() {
    contract::assert_the_budget_bounds_the_search(
        &both(),
        &grid(HARD1),
        Limits::solutions(20),
        &[0, 1, 2, 15, 20],
    );
}

/// 9x9 only, and the empty 9x9 grid is solved (every digit with all 46,656 templates).
#[test]
fn nine_by_nine_only_and_the_empty_grid_is_solved() {
    contract::assert_names_and_sizes(
        &[(&Overlay, "overlay"), (&OverlayEssay, "overlay-essay")],
        &[Size::NINE],
    );
    let empty = Grid::empty(Size::NINE);
    let out = Overlay.solve(&empty, &Limits::solutions(3));
    assert_eq!((out.status, out.solutions), (Status::Solved, 3));
    assert!(out.solution.unwrap().is_solution_of(&empty));
}
