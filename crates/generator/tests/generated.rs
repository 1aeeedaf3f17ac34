//! Generated puzzles, checked from the outside with another exact strategy than the
//! generator's checker: one solution, minimal, the symmetry asked for, the targets met.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use sudoku_core::{Grid, Limits, Outcome, Size, Solver, Status, Technique};
use sudoku_generator::{Generated, Generator, NodeBand, Options, Range, Run, Symmetry};

/// The strategy the tests check with: not the generator's checker at that size.
fn other_checker(generator: &Generator) -> Box<dyn Solver> {
    let name = if generator.checker() == "dlx" {
        "norvig"
    } else {
        "dlx"
    };
    sudoku_catalogue::find(name).unwrap().solver()
}

fn solutions(solver: &dyn Solver, puzzle: &Grid) -> u64 {
    let out = solver.solve(puzzle, &Limits::UNIQUENESS);
    assert_ne!(out.status, Status::BudgetExhausted);
    out.solutions
}

/// The puzzles `0..count` of `seed`, in order, on `threads` threads.
fn run(options: Options, seed: u64, count: u64, threads: usize) -> Vec<Generated> {
    let generator = Arc::new(Generator::new(options).unwrap());
    generator
        .stream(
            Run {
                seed,
                count,
                threads,
            },
            Arc::new(|_| {}),
        )
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

/// One solution (the one reported), no orbit of givens removable, the pattern symmetric.
fn assert_unique_minimal_symmetric(options: &Options, puzzles: &[Generated]) {
    let generator = Generator::new(options.clone()).unwrap();
    let other = other_checker(&generator);
    let size = options.size;
    let orbits = options.symmetry.orbits(size);
    for p in puzzles {
        let line = p.puzzle.to_line();
        assert_eq!(p.puzzle.size(), size);
        assert_eq!(solutions(other.as_ref(), &p.puzzle), 1, "{line}");
        assert!(p.solution.is_solution_of(&p.puzzle), "{line}");
        assert!(options.symmetry.holds_for(size, p.puzzle.cells()), "{line}");
        assert_eq!(p.unknown(), 0, "{line}: every removal decided");
        for orbit in orbits.iter().filter(|o| p.puzzle.get(o[0] as usize) != 0) {
            let mut fewer = p.puzzle;
            for &cell in orbit {
                fewer.set(cell as usize, 0);
            }
            assert_eq!(
                solutions(other.as_ref(), &fewer),
                2,
                "{line}: the givens at {orbit:?} can go"
            );
        }
    }
}

#[test]
fn nine_by_nine_puzzles_are_unique_and_minimal_under_every_symmetry() {
    for symmetry in Symmetry::ALL {
        let options = Options {
            symmetry,
            ..Options::default()
        };
        let puzzles = run(options.clone(), 2024, 12, 2);
        assert_unique_minimal_symmetric(&options, &puzzles);
        let indexes: Vec<u64> = puzzles.iter().map(|p| p.index).collect();
        assert_eq!(indexes, (0..12).collect::<Vec<_>>(), "in order");
    }
}

#[test]
fn four_and_sixteen_puzzles_are_unique_and_minimal() {
    for (size, count) in [(Size::FOUR, 50), (Size::SIXTEEN, 1)] {
        let options = Options {
            size,
            symmetry: Symmetry::Rotate180,
            ..Options::default()
        };
        let puzzles = run(options.clone(), 7, count, 2);
        assert_unique_minimal_symmetric(&options, &puzzles);
    }
}

#[test]
fn a_twenty_five_puzzle_has_one_solution() {
    // Not minimal: a 25x25 puzzle stops where the checks' budget does.
    let options = Options {
        size: Size::TWENTY_FIVE,
        minimal: false,
        givens: Some(Range::new(350, 400)),
        ..Options::default()
    };
    let generator = Generator::new(options).unwrap();
    let p = generator.puzzle(3, 0).unwrap();
    let givens = p.puzzle.givens() as u64;
    assert!((350..=400).contains(&givens), "{givens}");
    assert_eq!(solutions(other_checker(&generator).as_ref(), &p.puzzle), 1);
    assert!(p.solution.is_solution_of(&p.puzzle));
}

#[test]
fn the_same_seed_gives_the_same_puzzles_on_any_thread_count() {
    let options = Options {
        symmetry: Symmetry::Mirror,
        ..Options::default()
    };
    let one = run(options.clone(), 99, 40, 1);
    let two = run(options.clone(), 99, 40, 2);
    let four = run(options.clone(), 99, 40, 4);
    assert_eq!(one, two);
    assert_eq!(one, four);
    let generator = Generator::new(options.clone()).unwrap();
    assert_eq!(
        generator.puzzle(99, 17).unwrap(),
        one[17],
        "one puzzle alone"
    );
    let other_seed = run(options, 100, 40, 2);
    assert!(one
        .iter()
        .zip(&other_seed)
        .all(|(a, b)| a.puzzle != b.puzzle));
}

#[test]
fn the_first_puzzles_of_a_seed_are_pinned() {
    // Every corpus of data/ depends on these: a change in the fill, the dig or the random
    // numbers shows here first.
    let lines: Vec<String> = run(Options::default(), 1, 3, 2)
        .iter()
        .map(|p| p.puzzle.to_line())
        .collect();
    assert_eq!(
        lines,
        [
            ".9....3...8.4...1.....6.9.286...5......2..7..1.......3..95.....6.1.9........32.6.",
            "7.3.5...2.1...6..3....9.6.....5.......7.......4...37.1..8..42....92....7.3....4..",
            ".2.5....1.4...9.7.....786...98....4....917.8.............3....96..74..2..8....1.."
        ]
    );
}

#[test]
fn a_range_of_givens_is_met_minimal_or_not() {
    let range = Range::new(21, 22);
    let minimal = Options {
        givens: Some(range),
        ..Options::default()
    };
    let puzzles = run(minimal.clone(), 5, 10, 2);
    assert!(puzzles
        .iter()
        .all(|p| range.contains(p.puzzle.givens() as u64)));
    assert_unique_minimal_symmetric(&minimal, &puzzles);

    // Not minimal: the dig stops as soon as the range is reached.
    let easy = Options {
        givens: Some(Range::new(36, 40)),
        minimal: false,
        symmetry: Symmetry::Rotate90,
        ..Options::default()
    };
    let generator = Generator::new(easy.clone()).unwrap();
    let other = other_checker(&generator);
    for p in run(easy.clone(), 5, 10, 2) {
        let givens = p.puzzle.givens();
        assert!(
            (37..=40).contains(&givens),
            "stopped at the first count <= 40: {givens}"
        );
        assert_eq!(solutions(other.as_ref(), &p.puzzle), 1);
        assert!(Symmetry::Rotate90.holds_for(Size::NINE, p.puzzle.cells()));
    }
}

#[test]
fn without_minimal_and_without_a_range_the_dig_stops_at_the_first_refusal() {
    let options = Options {
        minimal: false,
        ..Options::default()
    };
    let generator = Generator::new(options.clone()).unwrap();
    let other = other_checker(&generator);
    let puzzles = run(options, 8, 20, 2);
    let mean = puzzles.iter().map(|p| p.puzzle.givens()).sum::<usize>() / puzzles.len();
    assert!(mean > 27, "{mean} givens: well above a minimal puzzle's");
    for p in &puzzles {
        assert_eq!(solutions(other.as_ref(), &p.puzzle), 1);
    }
}

#[test]
fn a_node_band_is_met_by_the_strategy_named() {
    let band = NodeBand {
        strategy: "naive".into(),
        range: Range::new(10_000, 100_000),
    };
    let options = Options {
        nodes: Some(band),
        ..Options::default()
    };
    let naive = sudoku_catalogue::find("naive").unwrap().solver();
    for p in run(options, 11, 6, 2) {
        let nodes = naive.solve(&p.puzzle, &Limits::FIRST).counters.nodes;
        assert_eq!(p.nodes, Some(nodes));
        assert!((10_000..=100_000).contains(&nodes), "{nodes}");
    }
}

#[test]
fn a_rare_target_fails_after_the_attempts_allowed() {
    let options = Options {
        givens: Some(Range::new(17, 17)),
        max_attempts: 3,
        ..Options::default()
    };
    let generator = Arc::new(Generator::new(options).unwrap());
    let first = generator
        .stream(
            Run {
                seed: 1,
                count: 2,
                threads: 1,
            },
            Arc::new(|_| {}),
        )
        .unwrap()
        .next()
        .unwrap();
    assert_eq!(
        first,
        Err(sudoku_generator::GenerateError::TargetNotReached {
            index: 0,
            attempts: 3
        })
    );
}

/// A grader for the tests: norvig, grading `HiddenSingle` what it solves without a try.
struct FakeGrader;

impl Solver for FakeGrader {
    fn name(&self) -> &'static str {
        "fake-grader"
    }
    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        let out = sudoku_catalogue::find("norvig")
            .unwrap()
            .solver()
            .solve(puzzle, limits);
        let grade = (out.counters.nodes == 1).then_some(Technique::HiddenSingle);
        out.with_grade(grade)
    }
}

#[test]
fn a_grade_target_keeps_the_puzzles_the_grader_solves_without_search_at_that_grade() {
    let options = Options {
        grade: Some(Technique::HiddenSingle),
        ..Options::default()
    };
    let generator = Arc::new(Generator::with_grader(options, Box::new(FakeGrader)).unwrap());
    let norvig = sudoku_catalogue::find("norvig").unwrap().solver();
    let puzzles: Vec<Generated> = Arc::clone(&generator)
        .stream(
            Run {
                seed: 4,
                count: 5,
                threads: 2,
            },
            Arc::new(|_| {}),
        )
        .unwrap()
        .map(Result::unwrap)
        .collect();
    for p in puzzles {
        assert_eq!(p.grade, Some(Technique::HiddenSingle));
        assert_eq!(norvig.solve(&p.puzzle, &Limits::FIRST).counters.nodes, 1);
    }
}

#[test]
fn progress_counts_every_attempt_and_every_puzzle() {
    let options = Options {
        givens: Some(Range::new(20, 23)),
        ..Options::default()
    };
    let generator = Arc::new(Generator::new(options).unwrap());
    let (calls, last_done, max_attempts) = (
        Arc::new(AtomicU64::new(0)),
        Arc::new(AtomicU64::new(0)),
        Arc::new(AtomicU64::new(0)),
    );
    let (c, d, a) = (calls.clone(), last_done.clone(), max_attempts.clone());
    let puzzles: Vec<Generated> = generator
        .stream(
            Run {
                seed: 3,
                count: 8,
                threads: 2,
            },
            Arc::new(move |p| {
                assert_eq!(p.count, 8);
                c.fetch_add(1, Ordering::SeqCst);
                d.fetch_max(p.done, Ordering::SeqCst);
                a.fetch_max(p.attempts, Ordering::SeqCst);
            }),
        )
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let attempts: u64 = puzzles.iter().map(|p| p.attempts).sum();
    assert_eq!(last_done.load(Ordering::SeqCst), 8);
    assert_eq!(max_attempts.load(Ordering::SeqCst), attempts);
    assert_eq!(calls.load(Ordering::SeqCst), attempts + 8);
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config::with_cases(200))]

    #[test]
    fn any_seed_gives_unique_minimal_symmetric_small_puzzles(
        seed: u64,
        index in 0u64..1_000_000,
        symmetry in proptest::sample::select(Symmetry::ALL.to_vec()),
    ) {
        let options = Options { size: Size::FOUR, symmetry, ..Options::default() };
        let p = Generator::new(options.clone()).unwrap().puzzle(seed, index).unwrap();
        proptest::prop_assert_eq!(p.index, index);
        assert_unique_minimal_symmetric(&options, &[p]);
    }
}

/// A stream given a flag to stop on ends before its count once the flag is set (an
/// interrupt): its workers stop at their next attempt, where a rare target (17 givens)
/// would keep them making attempts up to `max_attempts`. The puzzles handed out before
/// are whole; none comes after.
#[test]
fn a_stream_stops_on_its_flag_at_the_next_attempt() {
    use std::sync::atomic::AtomicBool;
    static STOP: AtomicBool = AtomicBool::new(false);
    let options = Options {
        givens: Some(Range::new(17, 17)),
        max_attempts: u64::MAX,
        ..Options::default()
    };
    let generator = Arc::new(Generator::new(options).unwrap());
    let attempts = Arc::new(AtomicU64::new(0));
    let counted = Arc::clone(&attempts);
    let on_progress = Arc::new(move |_| {
        // Set from a worker, after its 100th attempt: as an interrupt's handler would.
        if counted.fetch_add(1, Ordering::Relaxed) == 100 {
            STOP.store(true, Ordering::Relaxed);
        }
    });
    let run = Run {
        seed: 1,
        count: 3,
        threads: 2,
    };
    let mut puzzles = generator.stream(run, on_progress).unwrap().stop_on(&STOP);
    assert_eq!(puzzles.size_hint(), (0, Some(3)));
    assert!(puzzles.next().is_none());
    assert!(puzzles.next().is_none());
    assert_eq!(puzzles.size_hint(), (0, Some(0)));
    assert!(STOP.load(Ordering::Relaxed));
}
