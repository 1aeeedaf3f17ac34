//! Arguments that ask for the impossible are typed errors up front, with messages that
//! say what was wrong.

use std::sync::Arc;

use sudoku_core::{Grid, Limits, Outcome, Size, Solver, Technique};
use sudoku_generator::{
    GenerateError, Generator, NodeBand, Options, ParseError, Range, Run, Symmetry, SymmetryError,
};

fn error(options: Options) -> GenerateError {
    Generator::new(options).unwrap_err()
}

#[test]
fn a_count_of_zero_is_an_error() {
    let generator = Arc::new(Generator::new(Options::default()).unwrap());
    let err = generator
        .stream(
            Run {
                seed: 1,
                count: 0,
                threads: 1,
            },
            Arc::new(|_| {}),
        )
        .unwrap_err();
    assert_eq!(err, GenerateError::ZeroCount);
    assert_eq!(err.to_string(), "the count of puzzles must be at least 1");
}

#[test]
fn an_unknown_symmetry_is_an_error() {
    assert_eq!(
        "spiral".parse::<Symmetry>(),
        Err(SymmetryError("spiral".into()))
    );
}

#[test]
fn impossible_bands_are_errors() {
    let band = |strategy: &str, low, high| Options {
        nodes: Some(NodeBand {
            strategy: strategy.into(),
            range: Range::new(low, high),
        }),
        ..Options::default()
    };
    assert_eq!(
        error(band("naive", 1000, 10)),
        GenerateError::EmptyBand {
            low: 1000,
            high: 10
        }
    );
    assert_eq!(
        error(band("naive", 0, 0)).to_string(),
        "the node band 0..0 is empty (a solve visits at least 1 node)"
    );
    // A band above the strategy's budget was a rare target: every attempt missed it.
    let budget = sudoku_catalogue::find("dlx")
        .unwrap()
        .default_max_nodes(Size::NINE);
    let err = error(band("dlx", budget + 1, budget * 2));
    assert_eq!(
        err,
        GenerateError::BandAboveBudget {
            strategy: "dlx".into(),
            low: budget + 1,
            budget
        }
    );
    assert_eq!(
        err.to_string(),
        format!(
            "dlx stops at {budget} nodes (its budget per solve, as a run gives it): no puzzle \
             needs {} nodes or more of it",
            budget + 1
        )
    );
    assert!(Generator::new(band("dlx", budget, budget * 2)).is_ok());
    assert_eq!(
        error(band("fast", 1, 10)),
        GenerateError::UnknownStrategy {
            name: "fast".into()
        }
    );
    assert_eq!(
        "naive:10".parse::<NodeBand>(),
        Err(ParseError::Band {
            text: "naive:10".into()
        })
    );
}

#[test]
fn impossible_ranges_of_givens_are_errors() {
    let givens = |size, low, high| Options {
        size,
        givens: Some(Range::new(low, high)),
        ..Options::default()
    };
    let err = error(givens(Size::NINE, 10, 16));
    assert_eq!(
        err,
        GenerateError::TooFewGivens {
            size: Size::NINE,
            high: 16,
            minimum: 17
        }
    );
    assert_eq!(
        err.to_string(),
        "no 9x9 puzzle with at most 16 givens has one solution: it needs at least 17"
    );
    assert_eq!(
        error(givens(Size::FOUR, 1, 3)),
        GenerateError::TooFewGivens {
            size: Size::FOUR,
            high: 3,
            minimum: 4
        }
    );
    assert_eq!(
        error(givens(Size::SIXTEEN, 5, 14)),
        GenerateError::TooFewGivens {
            size: Size::SIXTEEN,
            high: 14,
            minimum: 15
        }
    );
    assert_eq!(
        error(givens(Size::NINE, 30, 20)),
        GenerateError::EmptyGivens { low: 30, high: 20 }
    );
    assert_eq!(
        error(givens(Size::FOUR, 17, 20)),
        GenerateError::TooManyGivens {
            size: Size::FOUR,
            low: 17,
            cells: 16
        }
    );
    // A minimal puzzle keeps 3 empty cells at least: 81 givens was a rare target.
    let err = error(givens(Size::NINE, 81, 81));
    assert_eq!(
        err,
        GenerateError::TooManyForMinimal {
            size: Size::NINE,
            low: 81,
            most: 78
        }
    );
    assert_eq!(
        err.to_string(),
        "no minimal 9x9 puzzle has 81 givens: removing a given from a minimal puzzle leaves \
         two solutions, which differ on 4 cells at least, so it has 78 givens at most \
         (--no-minimal keeps more)"
    );
    assert!(Generator::new(givens(Size::NINE, 78, 81)).is_ok());
    let not_minimal = Options {
        minimal: false,
        ..givens(Size::NINE, 81, 81)
    };
    assert!(Generator::new(not_minimal).is_ok());
}

#[test]
fn checkers_must_be_exact_and_strategies_must_support_the_size() {
    let checker = |name: &str| Options {
        checker: Some(name.into()),
        ..Options::default()
    };
    assert_eq!(
        error(checker("anneal")),
        GenerateError::NotExact {
            name: "anneal".into()
        }
    );
    assert!(Generator::new(checker("dlx")).is_ok());
    let sixteen = Options {
        size: Size::SIXTEEN,
        grade: Some(Technique::NakedPair),
        ..Options::default()
    };
    assert_eq!(
        Generator::with_grader(sixteen, Box::new(NineOnly)).unwrap_err(),
        GenerateError::UnsupportedSize {
            name: "nine-only".into(),
            size: Size::SIXTEEN
        }
    );
}

/// A solver of 9x9 grids only (the trait's default), that never solves anything.
struct NineOnly;

impl Solver for NineOnly {
    fn name(&self) -> &'static str {
        "nine-only"
    }
    fn solve(&self, _: &Grid, _: &Limits) -> Outcome {
        Outcome::rejected_at_root()
    }
}

#[test]
fn zero_attempts_is_an_error() {
    let options = Options {
        max_attempts: 0,
        ..Options::default()
    };
    assert_eq!(error(options), GenerateError::ZeroAttempts);
}

#[test]
fn a_grade_target_needs_a_grader() {
    let options = Options {
        grade: Some(Technique::XWing),
        ..Options::default()
    };
    match sudoku_catalogue::find(sudoku_generator::GRADER) {
        None => assert_eq!(error(options), GenerateError::NoGrader),
        Some(_) => assert!(Generator::new(options).is_ok()),
    }
}

/// A grade outside the difficulty asked for, and a target above `simple` at 4x4 (where
/// naked singles solve every puzzle with one solution), are refused before anything runs.
#[test]
fn difficulties_no_puzzle_can_have_are_errors() {
    use sudoku_generator::Difficulty;
    let options = Options {
        grade: Some(Technique::XWing),
        difficulty: Some(Difficulty::Easy),
        ..Options::default()
    };
    assert_eq!(
        error(options),
        GenerateError::GradeOutsideDifficulty {
            technique: Technique::XWing,
            of: Difficulty::Expert,
            difficulty: Difficulty::Easy,
        }
    );
    let consistent = Options {
        grade: Some(Technique::XWing),
        difficulty: Some(Difficulty::Expert),
        ..Options::default()
    };
    assert!(Generator::new(consistent).is_ok());
    let four = |grade, difficulty| Options {
        size: Size::FOUR,
        grade,
        difficulty,
        ..Options::default()
    };
    assert_eq!(
        error(four(None, Some(Difficulty::Beyond))).to_string(),
        "no 4x4 puzzle with one solution is beyond: naked singles solve every one (an \
         exhaustive search of the 4x4 puzzles)"
    );
    assert!(matches!(
        error(four(Some(Technique::HiddenSingle), None)),
        GenerateError::AboveSimpleAtFour { target } if target == "graded hidden_single"
    ));
    assert!(Generator::new(four(Some(Technique::NakedSingle), Some(Difficulty::Simple))).is_ok());
}
