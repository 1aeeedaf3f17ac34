//! One puzzle: fill, dig, and test the targets, attempt after attempt.

use std::sync::atomic::{AtomicBool, Ordering};

use rand::seq::SliceRandom;
use sudoku_catalogue::Strategy;
use sudoku_core::{Grid, Limits, Size, Solver, Status, Technique};

use crate::check::{default_checker, Checker};
use crate::dig::{dig, DigStats, Stop};
use crate::error::GenerateError;
use crate::fill::fill;
use crate::grade::{grade, Difficulty, Verdict};
use crate::options::{fewest_givens, Options, Range};
use crate::rng::puzzle_rng;

/// The node budget of one uniqueness check at `size` unless told otherwise: enough for
/// every check of a 9x9 or 16x16 dig; at 25x25 the last checks of a minimal dig can
/// search long, and a check that runs out refuses its removal (the puzzle keeps one
/// solution, and [`Generated::unknown`] counts the givens whose removal was not decided).
pub fn default_check_budget(size: Size) -> u64 {
    if size == Size::TWENTY_FIVE {
        20_000
    } else {
        1_000_000
    }
}

/// A generated puzzle and how it was made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// Its number in the run (0-based).
    pub index: u64,
    /// The puzzle: exactly one solution.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// The candidates made for it (1 when the first met the targets).
    pub attempts: u64,
    /// The nodes the node band's strategy needed, if there is a band.
    pub nodes: Option<u64>,
    /// The strongest technique the grader used, if there is a grade or difficulty target
    /// (see [`crate::grade()`]).
    pub grade: Option<Technique>,
    /// The difficulty the grader gave, if there is a grade or difficulty target.
    pub difficulty: Option<Difficulty>,
    /// The digger's work on this puzzle (its last attempt).
    pub dig: DigStats,
}

impl Generated {
    /// Removals refused because their check ran out of budget: 0 means that a minimal
    /// puzzle is proved minimal.
    pub fn unknown(&self) -> u64 {
        self.dig.unknown
    }
}

/// A node band resolved: the strategy, its range, and the budget of its solves (the
/// band's high end, which may exceed the strategy's budget in a run: a band is measured
/// whole).
struct Band {
    solver: Box<dyn Solver>,
    range: Range,
    budget: u64,
}

/// A generator: the options checked, the orbits of the symmetry and the strategies
/// (checker, node band, grader) built once. It makes puzzle `index` of seed `seed` the
/// same way every time, on any thread.
pub struct Generator {
    options: Options,
    orbits: Vec<Vec<u16>>,
    checker: Checker,
    band: Option<Band>,
    grader: Option<Box<dyn Solver>>,
}

impl std::fmt::Debug for Generator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Generator")
            .field("options", &self.options)
            .field("checker", &self.checker)
            .finish_non_exhaustive()
    }
}

/// The catalogue strategy of that name, supporting `size`.
fn strategy(name: &str, size: Size) -> Result<&'static Strategy, GenerateError> {
    let s = sudoku_catalogue::find(name).ok_or_else(|| GenerateError::UnknownStrategy {
        name: name.to_string(),
    })?;
    if !s.solver().supports(size) {
        return Err(GenerateError::UnsupportedSize {
            name: name.to_string(),
            size,
        });
    }
    Ok(s)
}

/// The name of the catalogue strategy that grades by technique.
pub const GRADER: &str = "logic";

/// The node budget of the grader's uniqueness check ([`grade`]): that of the `logic`
/// strategy in a run, enough for any 9x9 puzzle within a second.
pub const GRADER_BUDGET: u64 = 1_000_000;

impl Generator {
    /// A generator for `options`, or the error saying which option asks for the
    /// impossible. A grade target uses the catalogue's `logic` strategy.
    pub fn new(options: Options) -> Result<Generator, GenerateError> {
        let grader = match (options.grade, options.difficulty) {
            (None, None) => None,
            _ => Some(
                strategy(GRADER, options.size)
                    .map_err(|e| match e {
                        GenerateError::UnknownStrategy { .. } => GenerateError::NoGrader,
                        e => e,
                    })?
                    .solver(),
            ),
        };
        Generator::build(options, grader)
    }

    /// A generator for `options` whose grade target is measured by `grader`: any solver
    /// whose [`Outcome::grade`](sudoku_core::Outcome::grade) names the strongest technique
    /// its solve used.
    pub fn with_grader(
        options: Options,
        grader: Box<dyn Solver>,
    ) -> Result<Generator, GenerateError> {
        if !grader.supports(options.size) {
            return Err(GenerateError::UnsupportedSize {
                name: grader.name().to_string(),
                size: options.size,
            });
        }
        Generator::build(options, Some(grader))
    }

    fn build(
        options: Options,
        grader: Option<Box<dyn Solver>>,
    ) -> Result<Generator, GenerateError> {
        let size = options.size;
        if options.max_attempts == 0 {
            return Err(GenerateError::ZeroAttempts);
        }
        if let Some(r) = options.givens {
            check_givens(size, r, options.minimal)?;
        }
        if size == Size::FOUR {
            let above = |d: Difficulty| d != Difficulty::Simple;
            if let Some(d) = options.difficulty.filter(|&d| above(d)) {
                return Err(GenerateError::AboveSimpleAtFour {
                    target: d.to_string(),
                });
            }
            if let Some(t) = options.grade.filter(|&t| above(Difficulty::of(t))) {
                return Err(GenerateError::AboveSimpleAtFour {
                    target: format!("graded {}", t.name()),
                });
            }
        }
        if let (Some(technique), Some(difficulty)) = (options.grade, options.difficulty) {
            let of = Difficulty::of(technique);
            if of != difficulty {
                return Err(GenerateError::GradeOutsideDifficulty {
                    technique,
                    of,
                    difficulty,
                });
            }
        }
        let band = match &options.nodes {
            Some(b) => {
                if b.range.high == 0 || b.range.low > b.range.high {
                    return Err(GenerateError::EmptyBand {
                        low: b.range.low,
                        high: b.range.high,
                    });
                }
                let s = strategy(&b.strategy, size)?;
                if b.range.low > s.default_max_nodes(size) {
                    return Err(GenerateError::BandAboveBudget {
                        strategy: s.name.to_string(),
                        low: b.range.low,
                        budget: s.default_max_nodes(size),
                    });
                }
                Some(Band {
                    solver: s.solver(),
                    range: b.range,
                    budget: b.range.high,
                })
            }
            None => None,
        };
        let checker = strategy(
            options.checker.as_deref().unwrap_or(default_checker(size)),
            size,
        )?;
        if !checker.exact {
            return Err(GenerateError::NotExact {
                name: checker.name.to_string(),
            });
        }
        let budget = options
            .check_budget
            .unwrap_or_else(|| default_check_budget(size));
        Ok(Generator {
            orbits: options.symmetry.orbits(size),
            checker: Checker::new(checker, budget),
            band,
            grader: if options.grade.is_some() || options.difficulty.is_some() {
                grader
            } else {
                None
            },
            options,
        })
    }

    /// The options, as checked.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The name of the strategy that checks uniqueness.
    pub fn checker(&self) -> &'static str {
        self.checker.name()
    }

    /// Puzzle `index` of the run seeded with `seed`.
    pub fn puzzle(&self, seed: u64, index: u64) -> Result<Generated, GenerateError> {
        self.puzzle_with(seed, index, &AtomicBool::new(false), &mut || {})
            .map(|p| p.expect("not cancelled"))
    }

    /// Puzzle `index`, calling `on_attempt` after each attempt; `None` once `cancel` is set.
    pub(crate) fn puzzle_with(
        &self,
        seed: u64,
        index: u64,
        cancel: &AtomicBool,
        on_attempt: &mut dyn FnMut(),
    ) -> Result<Option<Generated>, GenerateError> {
        let mut rng = puzzle_rng(seed, index);
        let mut order: Vec<u32> = (0..self.orbits.len() as u32).collect();
        for attempt in 1..=self.options.max_attempts {
            if cancel.load(Ordering::Relaxed) {
                return Ok(None);
            }
            let solution =
                fill(self.options.size, &mut rng).ok_or(GenerateError::FillFailed { index })?;
            order.shuffle(&mut rng);
            let mut dig_stats = DigStats::default();
            let found = self.dig(&solution, &order, &mut dig_stats);
            on_attempt();
            let Some(puzzle) = found else { continue };
            if let Some(Targets { nodes, grade }) = self.meets_targets(&puzzle) {
                return Ok(Some(Generated {
                    index,
                    puzzle,
                    solution,
                    attempts: attempt,
                    nodes,
                    grade: grade.and_then(|(technique, _)| technique),
                    difficulty: grade.map(|(_, difficulty)| difficulty),
                    dig: dig_stats,
                }));
            }
        }
        Err(GenerateError::TargetNotReached {
            index,
            attempts: self.options.max_attempts,
        })
    }

    /// The puzzle dug out of `solution`, stopped as the options say; `None` when it can
    /// no longer meet the range of givens.
    fn dig(&self, solution: &Grid, order: &[u32], stats: &mut DigStats) -> Option<Grid> {
        let range = self.options.givens;
        let stop = match (self.options.minimal, range) {
            (true, _) => Stop::Minimal,
            (false, Some(r)) => Stop::AtGivens(r.high as usize),
            (false, None) => Stop::FirstRefusal,
        };
        let floor = range.map_or(0, |r| r.low as usize);
        let orbits = order.iter().map(|&o| self.orbits[o as usize].as_slice());
        let puzzle = dig(solution, orbits, &self.checker, stop, floor, stats)?;
        match range {
            Some(r) if !r.contains(puzzle.givens() as u64) => None,
            _ => Some(puzzle),
        }
    }

    /// The nodes and grade of `puzzle` if it meets the node band and the grade target;
    /// `None` if it misses one.
    fn meets_targets(&self, puzzle: &Grid) -> Option<Targets> {
        let nodes = match &self.band {
            Some(band) => Some(band.nodes(puzzle)?),
            None => None,
        };
        let grade = match &self.grader {
            Some(grader) => {
                let found = grade(grader.as_ref(), puzzle, GRADER_BUDGET);
                let Verdict::Unique(difficulty) = found.verdict else {
                    return None;
                };
                // A grade target is a technique that solves it without search.
                let technique = found.technique.filter(|_| found.nodes == 1);
                if self.options.grade.is_some_and(|t| Some(t) != technique)
                    || self.options.difficulty.is_some_and(|d| d != difficulty)
                {
                    return None;
                }
                Some((found.technique, difficulty))
            }
            None => None,
        };
        Some(Targets { nodes, grade })
    }
}

/// What the targets measured of an accepted puzzle.
struct Targets {
    nodes: Option<u64>,
    grade: Option<(Option<Technique>, Difficulty)>,
}

impl Band {
    /// The nodes the band's strategy needs for the first solution of `puzzle`, if in the
    /// band (the search stops at the band's high end, or the strategy's budget).
    fn nodes(&self, puzzle: &Grid) -> Option<u64> {
        let out = self
            .solver
            .solve(puzzle, &Limits::FIRST.with_max_nodes(self.budget));
        let nodes = out.counters.nodes;
        (out.status == Status::Solved && self.range.contains(nodes)).then_some(nodes)
    }
}

/// Whether a range of givens can hold a puzzle of `size` with one solution (a `minimal`
/// one, when asked: see [`GenerateError::TooManyForMinimal`]).
fn check_givens(size: Size, r: Range, minimal: bool) -> Result<(), GenerateError> {
    let (low, high) = (r.low as usize, r.high as usize);
    if low > high {
        return Err(GenerateError::EmptyGivens { low, high });
    }
    if low > size.cells() {
        return Err(GenerateError::TooManyGivens {
            size,
            low,
            cells: size.cells(),
        });
    }
    // A minimal puzzle less one given has two solutions, which differ on 4 cells at least.
    let most = size.cells() - 3;
    if minimal && low > most {
        return Err(GenerateError::TooManyForMinimal { size, low, most });
    }
    let minimum = fewest_givens(size);
    if high < minimum {
        return Err(GenerateError::TooFewGivens {
            size,
            high,
            minimum,
        });
    }
    Ok(())
}
