//! The puzzle generator of sudoku-lab: seeded, one solution, minimal, symmetric, graded,
//! at every size, in parallel.
//!
//! A lab that compares strategies makes its own puzzles: of known provenance, as many as
//! needed, at the difficulty asked for. Puzzle `i` of seed `s` is the same on any machine
//! and for any thread count, so a corpus is a command and a seed.
//!
//! ```
//! use std::sync::Arc;
//! use sudoku_core::{Limits, Solver};
//! use sudoku_generator::{Generator, Options, Run, Symmetry};
//!
//! let options = Options { symmetry: Symmetry::Rotate180, ..Options::default() };
//! let generator = Arc::new(Generator::new(options).unwrap());
//! let run = Run { seed: 2024, count: 3, threads: 2 };
//! let dlx = sudoku_catalogue::find("dlx").unwrap().solver();
//! for generated in generator.stream(run, Arc::new(|_progress| {})).unwrap() {
//!     let p = generated.unwrap();
//!     assert_eq!(dlx.solve(&p.puzzle, &Limits::UNIQUENESS).solutions, 1);
//!     assert!(Symmetry::Rotate180.holds_for(p.puzzle.size(), p.puzzle.cells()));
//!     println!("{}", p.puzzle.to_line());
//! }
//! ```
//!
//! # The method
//!
//! The classic one, as QQWing and most generators do it: fill a grid, then dig holes.
//!
//! 1. **Fill a grid by randomised search** ([`fill`]). The boxes on the diagonal share no
//!    unit, so each gets the digits in a random order; backtracking fills the rest,
//!    always in the cell with the fewest digits left, trying its digits in a random
//!    order. The result is a random solution grid `S`.
//! 2. **Dig holes under the symmetry.** The cells fall into *orbits* under the symmetry
//!    asked for ([`Symmetry::orbits`]: single cells without one, a cell and its image under
//!    a mirror or a half turn, four cells under a quarter turn). The digger visits the
//!    orbits once each, in a random order, and takes away the givens of each orbit if
//!    the puzzle keeps exactly one solution without them; otherwise it puts them back.
//!    The pattern of givens is a union of orbits, so it is invariant under the symmetry.
//! 3. **Check uniqueness.** After a removal the puzzle `P'` still has `S` as a solution;
//!    the question is whether it has another. First the cheap proof: if the removed
//!    digits are forced back by the givens left — a removed cell whose peers hold every
//!    other digit (a *naked single*) or a removed digit with no other place in one of the
//!    cell's units (a *hidden single*) — every solution of `P'` holds them, so `P'` has
//!    exactly the solutions of the puzzle before, one. Otherwise an exact strategy of the
//!    catalogue, the *checker*, is asked for two solutions within a node budget.
//! 4. **Minimality comes from one pass.** Removing givens can only add solutions, so an
//!    orbit refused once would be refused again later: after the pass no orbit of givens
//!    can be removed without losing uniqueness. Without symmetry that is the classic
//!    definition of a minimal puzzle (no given can be removed); under a symmetry it is
//!    the same for whole orbits, as a symmetric puzzle must keep its symmetry.
//!    [`Options::minimal`] `= false` stops earlier: at the high end of a range of givens,
//!    or at the first orbit that cannot go.
//! 5. **Targets, attempt after attempt.** A puzzle that misses a difficulty target (a
//!    range of givens, a node band of a strategy, the grade of the `logic` strategy or its
//!    [`Difficulty`], see [`grade()`]) is dropped and a new grid is filled, with the random numbers that follow, up to
//!    [`Options::max_attempts`]; then the puzzle is a [`GenerateError::TargetNotReached`]
//!    in its place of the stream, never a hang. Targets that no puzzle can meet (16 givens
//!    at 9x9, an empty band, a grade outside the difficulty asked for) are errors before
//!    anything runs.
//!
//! # Seeds and threads
//!
//! The random numbers of puzzle `i` come from ChaCha8 keyed by the seed, on stream `i`
//! ([`puzzle_rng`]): they depend on the seed and `i` only, and rand guarantees the same
//! ChaCha8 output on every platform. Each puzzle is a rayon task; at most 32 per thread
//! are in flight or waiting ([`Puzzles`]), so memory stays flat, and they are handed out
//! in order. Progress goes to a callback after every attempt ([`Progress`]).
//!
//! The checker's answer does not depend on which exact strategy gives it, except when a
//! check runs out of budget: then the removal is refused (the puzzle keeps one solution)
//! and [`Generated::unknown`] counts it. That never happens at 4x4, 9x9 or 16x16 with the
//! default budget; it does at 25x25 (below).
//!
//! # Sizes
//!
//! Every size of [`sudoku_core::Size`]. A minimal 9x9 puzzle has about 24 givens and takes
//! about 40 checks (the other 40 removals are forced). A 16x16 one has about 95 givens and
//! takes about 150 checks, some of them real searches: under a second each. At 25x25 the
//! last checks of a minimal dig are searches for a second solution among some 300 empty
//! cells; each check gets [`default_check_budget`] (20,000 nodes of dlx, the faster
//! checker there) and a check that runs out refuses its removal, so a "minimal" 25x25
//! puzzle has about 290 givens, one solution, and is minimal only as far as the budget
//! could tell (seconds per puzzle). A range of givens with `minimal = false` is the quick
//! way to 25x25 puzzles.
//!
//! # Why it is fast
//!
//! Measured with callgrind on 300 minimal 9x9 puzzles (instruction counts do not depend
//! on the load of the machine):
//!
//! - about half the removals (41 of 81) are proved by the forced-back test, a hundred
//!   instructions each, and need no search;
//! - the checker is the fastest exact strategy of the catalogue on these puzzles: bands
//!   (223 million instructions for the whole run), ahead of norvig (499 million), reduce
//!   (680 million) and dlx (1,106 million); bands takes 9x9 only, and at 16x16 norvig is
//!   the faster of the others, at 25x25 dlx (its nodes are cheaper there: 5 s a puzzle
//!   against 30 s). The checker's answer is the same whichever exact strategy gives it,
//!   so the puzzles do not depend on it;
//! - the checks left are about 16 successes and 24 failures, one failure for each given
//!   of the final puzzle: its removal must be shown to give a second solution, and only a
//!   search can show that. These failures are most of the time, and no pruning before the
//!   checker avoids them. Proving more removals by singles over the whole board
//!   before asking the checker was tried and dropped (measured with norvig as the
//!   checker): it saved 14 of the 16 successful
//!   checks but cost more than they did (758 million instructions against 509 million
//!   for a plain version, 584 against 507 for one that works by difference and stops as
//!   soon as the removed cells are filled), because on a failure singles run through most
//!   of the board before they stall, and a successful check costs the checker no more
//!   than that same propagation. Asking instead for a solution with each other digit in
//!   the removed cell cost more too (554 million against 499 million);
//! - the fill starts with the diagonal boxes done, a third of the grid for free;
//! - nothing is shared between threads but a counter, so the puzzles per second grow
//!   with the cores.
//!
//! QQWing, the generator people know, makes the same kind of puzzle (unique, minimal, no
//! difficulty target). On this project's machine (2 cores, shared with other work at the
//! time), in seven A B A B pairs of whole processes, `qqwing --generate 1000 --one-line
//! --symmetry none` took a median of 4.75 s of CPU and `sudoku-lab generate --count 1000
//! --seed 1 --threads 1` 0.119 s: 40 times the puzzles per CPU second, and 40 times by the
//! clock. On both cores (QQWing as two processes of 500 puzzles, sudoku-lab on two
//! threads) it was 41 times per CPU second and 34 times by the clock. With norvig as the
//! checker it was 25 times. The `speed` example gives the commands.
#![deny(missing_docs)]

mod board;
mod check;
mod dig;
mod error;
pub mod fill;
mod generator;
mod grade;
mod options;
mod rng;
mod stream;
mod symmetry;

pub use check::default_checker;
pub use dig::DigStats;
pub use error::{GenerateError, ParseError};
pub use generator::{default_check_budget, Generated, Generator, GRADER, GRADER_BUDGET};
pub use grade::{grade, Difficulty, Grade, Verdict};
pub use options::{fewest_givens, parse_technique, NodeBand, Options, Range, DEFAULT_MAX_ATTEMPTS};
pub use rng::puzzle_rng;
pub use stream::{OnProgress, Progress, Puzzles, Run};
pub use symmetry::{Symmetry, SymmetryError};
