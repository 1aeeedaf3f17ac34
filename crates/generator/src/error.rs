//! What can go wrong: arguments that ask for the impossible, and targets not reached.

use sudoku_core::Size;
use thiserror::Error;

/// Why puzzles cannot be generated as asked.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GenerateError {
    /// A count of 0 puzzles.
    #[error("the count of puzzles must be at least 1")]
    ZeroCount,
    /// A budget of 0 attempts per puzzle.
    #[error("the attempts per puzzle must be at least 1")]
    ZeroAttempts,
    /// A range of givens whose low end is above its high end.
    #[error("the range of givens {low}..{high} is empty")]
    EmptyGivens {
        /// The low end.
        low: usize,
        /// The high end.
        high: usize,
    },
    /// A range of givens below the fewest givens any puzzle of the size with one solution
    /// can have (17 at 9x9, 4 at 4x4, N - 1 at N×N: a puzzle missing two digits has two
    /// solutions, the two digits swapped).
    #[error(
        "no {size} puzzle with at most {high} givens has one solution: it needs at least {minimum}"
    )]
    TooFewGivens {
        /// The grid size.
        size: Size,
        /// The high end of the range.
        high: usize,
        /// The fewest givens possible.
        minimum: usize,
    },
    /// A range of givens above the cells of the grid.
    #[error("a {size} grid has {cells} cells: {low} givens cannot fit")]
    TooManyGivens {
        /// The grid size.
        size: Size,
        /// The low end of the range.
        low: usize,
        /// The cells of the grid.
        cells: usize,
    },
    /// A range of givens above the most a minimal puzzle can have: removing a given from
    /// a minimal puzzle leaves two solutions, which differ on 4 cells at least (the
    /// smallest set of cells two solution grids can differ on: a rectangle of two digits
    /// across two boxes), so that it keeps 3 empty cells at least.
    #[error(
        "no minimal {size} puzzle has {low} givens: removing a given from a minimal puzzle \
         leaves two solutions, which differ on 4 cells at least, so it has {most} givens at \
         most (--no-minimal keeps more)"
    )]
    TooManyForMinimal {
        /// The grid size.
        size: Size,
        /// The low end of the range.
        low: usize,
        /// The most givens a minimal puzzle can have, as this rule bounds it.
        most: usize,
    },
    /// A node band whose low end is above its high end, or whose high end is 0 (every
    /// search visits its root).
    #[error("the node band {low}..{high} is empty (a solve visits at least 1 node)")]
    EmptyBand {
        /// The low end.
        low: u64,
        /// The high end.
        high: u64,
    },
    /// A node band whose low end is above the budget of its strategy (the catalogue's,
    /// what a run gives each of its solves): no solve counts that many nodes.
    #[error(
        "{strategy} stops at {budget} nodes (its budget per solve, as a run gives it): no \
         puzzle needs {low} nodes or more of it"
    )]
    BandAboveBudget {
        /// The band's strategy.
        strategy: String,
        /// The band's low end.
        low: u64,
        /// The strategy's budget.
        budget: u64,
    },
    /// A strategy the catalogue does not have.
    #[error("unknown strategy {name:?}: the strategies are {}", sudoku_catalogue::names().collect::<Vec<_>>().join(", "))]
    UnknownStrategy {
        /// The name.
        name: String,
    },
    /// A strategy that does not solve grids of the size asked for.
    #[error("strategy {name} does not solve {size} grids")]
    UnsupportedSize {
        /// The strategy.
        name: String,
        /// The size.
        size: Size,
    },
    /// A checker that is not exact (it cannot prove that a puzzle has one solution).
    #[error("strategy {name} is not exact: it cannot check that a puzzle has one solution")]
    NotExact {
        /// The strategy.
        name: String,
    },
    /// A grade target with no grader: the catalogue has no `logic` strategy and none
    /// was plugged in.
    #[error("a grade target needs the logic strategy, and the catalogue has none")]
    NoGrader,
    /// A grade target (a technique, solved without search) outside the difficulty asked
    /// for: no puzzle meets both.
    #[error(
        "a puzzle graded {technique} is {of}, not {difficulty} (--difficulty {difficulty} \
         takes {}), so none meets both",
        takes(*difficulty)
    )]
    GradeOutsideDifficulty {
        /// The technique of the grade target.
        technique: sudoku_core::Technique,
        /// Its difficulty.
        of: crate::Difficulty,
        /// The difficulty asked for.
        difficulty: crate::Difficulty,
    },
    /// A grade or difficulty target above `simple` at 4x4: naked singles solve every 4x4
    /// puzzle with one solution. Found by exhaustive search: the 12 solution grids whose
    /// first row is 1234 (every 4x4 grid is one of them with its digits renamed, which
    /// changes no naked single) under each of the 2^16 sets of givens, 786,432 puzzles,
    /// 565,820 of them with one solution, every one graded `simple` by
    /// [`grade`](crate::grade()).
    #[error(
        "no 4x4 puzzle with one solution is {target}: naked singles solve every one (an \
         exhaustive search of the 4x4 puzzles)"
    )]
    AboveSimpleAtFour {
        /// The target, in words: `expert`, `graded hidden_single`.
        target: String,
    },
    /// The thread pool could not be built.
    #[error("cannot start {threads} threads: {reason}")]
    Threads {
        /// The threads asked for.
        threads: usize,
        /// What the system said.
        reason: String,
    },
    /// Every attempt at one puzzle missed the targets.
    #[error("puzzle {index}: all {attempts} attempts allowed per puzzle missed the targets (a rare target: widen it or allow more attempts)")]
    TargetNotReached {
        /// The puzzle's number.
        index: u64,
        /// The attempts made at it: all those allowed per puzzle.
        attempts: u64,
    },
    /// The random fill could not complete a grid (never seen: the fill restarts
    /// [`FILL_ATTEMPTS`](crate::fill::FILL_ATTEMPTS) times).
    #[error("puzzle {index}: the random fill found no solution grid")]
    FillFailed {
        /// The puzzle's number.
        index: u64,
    },
}

/// Why a text is not a range of givens or a node band.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Not `A..B` (or a single number).
    #[error("{text:?} is not a range: write LOW..HIGH (e.g. 22..26) or one number")]
    Range {
        /// The text.
        text: String,
    },
    /// Not `STRATEGY:LOW..HIGH`.
    #[error("{text:?} is not a node band: write STRATEGY:LOW..HIGH (e.g. naive:100000..1000000)")]
    Band {
        /// The text.
        text: String,
    },
    /// Not a technique's name.
    #[error("unknown technique {text:?}: the techniques are {}", sudoku_core::Technique::ALL.map(|t| t.name()).join(", "))]
    Technique {
        /// The text.
        text: String,
    },
    /// Not a difficulty's name.
    #[error("unknown difficulty {text:?}: the difficulties are {}", crate::Difficulty::ALL.map(|d| d.name()).join(", "))]
    Difficulty {
        /// The text.
        text: String,
    },
}

/// What a difficulty takes of the grade targets, in words.
fn takes(difficulty: crate::Difficulty) -> String {
    let names: Vec<&str> = difficulty.techniques().iter().map(|t| t.name()).collect();
    match names.as_slice() {
        [] => "no --grade: a --grade puzzle is solved without search".to_string(),
        names => format!("--grade {}", names.join(", ")),
    }
}
