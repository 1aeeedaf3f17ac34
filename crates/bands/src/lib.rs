//! The bands strategy: bit-parallel candidate sets, at the speed of the fastest
//! solvers.
//!
//! The other strategies of the lab follow a classic text step by step. This one ends
//! the ladder at the rung of the solvers that compete on speed: JCZSolve (the New
//! Sudoku Players' Forum, 2012-2016), whose *bands* of three rows in machine words it
//! takes for its representation, and tdoku (T. Dillon, 2019), whose inference and
//! guessing it follows (its essay, "Nerd Sniped: A Sudoku Story", explains them). The
//! code is its own; what it shares with those two is the method, described below.
//!
//! # The representation
//!
//! For each digit, the cells where it may still go, as three 27-bit *band words*, one
//! per band (three rows side by side): bit `9r + c` for row `r` of the band and column
//! `c`. The three words of a digit sit in one 128-bit vector register, one 32-bit lane
//! per band (the fourth lane stays zero): every rule below acts on the whole grid of one
//! digit at once, one instruction per step. Nine registers hold the grid: 144 bytes.
//!
//! ```text
//!          box 0     box 1     box 2
//!  row 0:  0  1  2 | 3  4  5 | 6  7  8        a row field:  9 bits, 9r..9r+9
//!  row 1:  9 10 11 |12 13 14 |15 16 17        a minirow:    3 bits, 9r+3k..9r+3k+3
//!  row 2: 18 19 20 |21 22 23 |24 25 26        a minicolumn: bits c, c+9, c+18
//! ```
//!
//! Three groups of cells matter: a row (a *row field* of 9 bits), the three cells of a
//! row within one box (a *minirow*, tdoku's horizontal *triad*) and the three cells of
//! a column within one band (a *minicolumn*). The board also keeps the cells whose digit
//! is known and drawn from (`placed`), and the digits whose cells changed since the
//! rules last ran on them (`dirty`). See [`board`] and [`rules`].
//!
//! # The rules as bit operations
//!
//! 1. **The band rule** ([`rules::band_allowed`]). In a band, a digit occupies one
//!    minirow in each row and one in each box: its minirows form a permutation of the
//!    3x3 matrix *rows × boxes* (one of six, a *configuration*). A minirow through which
//!    no permutation passes loses its cells; a band with no permutation left is a dead
//!    end. The occupancy is spread over the cells of each minirow
//!    ([`rules::minirows_spread`]); a cell `(r, k)` lies on a permutation when the 2x2
//!    minor of the other rows and boxes has a matching, `(r+1, k+1) & (r+2, k+2)` or
//!    `(r+1, k+2) & (r+2, k+1)`: the boxes rotate by shifts of 3 and 6 bits within each
//!    row, the rows by shifts of 9 and 18 bits. This is *locked candidates* along the
//!    rows, both ways: a digit confined to one minirow of a box leaves the rest of its
//!    row (pointing), confined to one box within a row it leaves the rest of the box
//!    (claiming); and more, as three rows and three boxes are weighed together.
//! 2. **The stack rule** ([`rules::stack_allowed`]). The same in each stack (three
//!    columns side by side), for the matrix *bands × columns*: the columns rotate
//!    within their stack by shifts of 1 and 2 bits, the bands by moving the lanes of
//!    the register (`pshufd` on x86-64). Locked candidates along the columns.
//! 3. **The row rule** ([`rules::row_singles`]): a cell alone in its row field for a
//!    digit holds it (a hidden single). `w & (w - 1)` clears the lowest bit of a
//!    number: subtracting 1 from the three fields at once leaves a field non-zero
//!    exactly when it had two bits. The other digits then leave that cell. Hidden
//!    singles in boxes and columns need no rule of their own: a box with one cell for a
//!    digit confines it to one minirow, the band rule then clears the rest of that row,
//!    and the row rule finds the cell; columns go through the stack rule the same way.
//! 4. **Naked singles**: the digits of every cell are counted across the nine
//!    registers with bit-sliced adders (`two |= one & w; one |= w`): a cell in `one`
//!    but not in `two` has one candidate left. Its digit keeps only that cell in its
//!    row (the band and stack rules then clear the box and the column). A cell in no
//!    register is a dead end, and so is a digit that is the only candidate of two cells
//!    of one row.
//! 5. **Triads** (tdoku's cardinality constraints): the three cells of a minirow hold
//!    exactly three digits. Counting, across the digits, the minirows that may hold
//!    each one (bit-sliced, up to four): where only three digits are possible, each is
//!    confined to that minirow within its row; where three digits are *forced* into it
//!    (each has no other minirow in its row), the other digits leave its cells; fewer
//!    than three possible, or four forced, is a dead end. The same for minicolumns.
//!
//! The rules only ever take candidates away, so applying them until none changes
//! anything gives one and the same result, whatever the order (its *fixpoint*). The
//! order chosen is for speed ([`board::Board::propagate`]): the dirty digits, two at a
//! time, get the band and stack rules until both hold and then the row rule (a
//! worklist, as JCZSolve updates only the bands that changed; two digits' rules are
//! independent chains of operations, which the processor runs side by side); when no
//! digit is dirty, the naked singles; when there are none, the triads; and again while
//! anything changes.
//!
//! # The search and its counters
//!
//! At a fixpoint that is not a solution the search branches as DPLL does: it *tries* a
//! digit in a cell on a copy of the board; when that try is taken back, the digit
//! leaves the cell and the node goes on from there, propagating again (the alternative
//! is not a try of its own: it is what is left). So **a try is a digit placed in a cell
//! at a branch point**, `nodes = 1 + tries` and `backtracks` counts the tries taken
//! back: under a limit of two, every try of a puzzle with one solution is taken back.
//! Givens, and everything the rules draw, are not tries. The search keeps its boards on
//! an explicit stack; it stops at the solution limit or before the try that would
//! exceed the node budget.
//!
//! **The guessing policy** is tdoku's, in cell-and-digit form ([`choice`]; the
//! configurations are counted in [`counts`]). In each of the six units (three bands,
//! three stacks) a digit has between one and six
//! configurations left; the unit with the fewest configurations over its nine digits is
//! the tightest. In it, among the digits with two configurations or more, the try goes
//! to the *open place* (a minirow or minicolumn in a row or column where the digit still
//! has two places or more) with the fewest cells, ties to the digit with fewer
//! configurations, then to the smaller digit and the first place: the digit in the
//! first cell of that place. A place with one cell makes the try exactly "this
//! configuration or not". Since every configuration count at a fixpoint follows from
//! the number of places alone (3, 5, 6, 7, 8, 9 places: 1, 2, 2, 3, 4, 6
//! configurations), counting them is a popcount.
//!
//! With the same inference and the same choices, the search trees are tdoku's: on
//! magictour's top1465, 8.80 tries per puzzle under a limit of two against tdoku's 8.94
//! guesses, and on most of the famous hardest puzzles the very same number.
//!
//! # A worked example
//!
//! The puzzle `.6.5.4.3.1...9...8.........9...5...6.4.6.2.7.7...4...5.........4...8...1.5.2.3.4.`
//! has 24 givens. The root propagation leaves 52 open cells (223 candidates in all),
//! with no try. The six units count 21, 21 and 25 configurations (bands 1 to 3) and
//! 24, 19 and 21 (stacks 1 to 3): stack 2, columns 4 to 6, is the tightest. There digit
//! 3 has two configurations: band 3 holds it in column 6 (r9c6 is a 3), so bands 1 and
//! 2 share columns 4 and 5 between them, one way or the other. Its minicolumn in band 1,
//! column 5, has a single cell, r3c5 (cell 22): the try is 3 in r3c5, which is "band 1
//! takes column 5". Propagation from it finds digit 7 without a place in row 1: the try
//! is taken back, 3 leaves r3c5, and the propagation that follows solves the puzzle.
//!
//! ```
//! use sudoku_bands::Bands;
//! use sudoku_core::{Contradiction, Event, Grid, Limits, Solver};
//!
//! let puzzle: Grid =
//!     ".6.5.4.3.1...9...8.........9...5...6.4.6.2.7.7...4...5.........4...8...1.5.2.3.4."
//!         .parse()
//!         .unwrap();
//! // The search's own steps (the propagation between them left out).
//! let mut events = Vec::new();
//! let mut record = |e: Event| {
//!     if !matches!(e, Event::Assign { .. } | Event::Eliminate { .. }) {
//!         events.push(e);
//!     }
//! };
//! let out = Bands.solve_observed(&puzzle, &Limits::UNIQUENESS, &mut record);
//! assert_eq!((out.counters.nodes, out.counters.backtracks), (2, 1));
//! assert!(out.solution.unwrap().is_solution_of(&puzzle));
//! assert_eq!(
//!     events,
//!     [
//!         Event::Try { depth: 1, cell: 22, digit: 3 },
//!         Event::Contradiction {
//!             depth: 1,
//!             reason: Contradiction::NoPlace { unit: 0, digit: 7 },
//!         },
//!         Event::Backtrack { depth: 1, cell: 22, digit: 3 },
//!         Event::Solution { depth: 0 },
//!     ]
//! );
//! ```
//!
//! And the band rule alone, on one digit in one band: row 0 may hold it only in box
//! 0, row 1 in boxes 0 or 1, row 2 anywhere. The only permutation is row 0 → box 0,
//! row 1 → box 1, row 2 → box 2: six cells go.
//!
//! ```
//! use sudoku_bands::lanes::Lanes;
//! use sudoku_bands::rules::{band_rule, BAND};
//!
//! //                    row 2       row 1       row 0
//! let band = 0b100_010_001_000_010_100_000_000_010;
//! let kept = 0b100_000_000_000_010_000_000_000_010;
//! let digit = Lanes::new([band, BAND, BAND, 0]);
//! assert_eq!(band_rule(digit).to_array()[0], kept);
//! ```
//!
//! # The essay beside it
//!
//! [`essay`] says the same method in the classic words: the candidates of each cell as
//! a set of digits, the rules as loops over rows, columns, boxes and the six
//! permutations of three, applied until none changes anything; the same dead ends, the
//! same choice. Its solver, [`BandsEssay`] (`bands-essay` in the catalogue), is tested
//! equal to [`Bands`] step for step: the same tries and backtracks, in the same order,
//! on every puzzle of the tests. Read it first; then the bit operations above are the
//! same sentences, said for the whole grid at once.
//!
//! # Portability, and the instruction sets used
//!
//! Every vector operation is one instruction of the 128-bit unit every processor of the
//! target has: SSE2 on x86-64, NEON on aarch64, and four scalar operations elsewhere
//! ([`lanes`]). On x86-64 the whole search is compiled a second time with AVX2 (and the
//! `popcnt`, BMI and `lzcnt` instructions that came with it) and that copy is chosen at
//! run time when the processor has them; in it, the band and stack rules close two
//! digits at once in one 256-bit register, and the chooser counts the configurations
//! two digits to a register, with tables of nibbles and bytes (`vpshufb`) ([`machine`]).
//! Both copies give the same outcome, counter for counter (a test checks it). The
//! `unsafe` blocks are the intrinsic calls of [`lanes`] (each sound because its feature
//! is part of the target's baseline), the call of the AVX2 copy and of its AVX2
//! functions (sound after detection: they run only where a proof of it, made by the
//! detection, is held), and the reading of the search's stack of boards (each frame read
//! was written by the try that pushed it).
//!
//! # Measuring it
//!
//! `examples/bands_speed.rs` times this solver the way tdoku's `run_benchmark` times
//! its own (the same puzzles, again and again, microseconds per puzzle), to run beside
//! it on the same machine; the workspace's `benches/strategies.rs` is the criterion
//! bench (`cargo bench --bench strategies -- bands`). The book's bands lesson
//! (`book/src/lessons/bands.md`) has the figures and the commands.
//!
//! # Watching the search
//!
//! [`Solver::solve_observed`](sudoku_core::Solver::solve_observed) reports, in the shared vocabulary: `Try { depth, cell,
//! digit }` at each try, `Backtrack` with the same fields when it is taken back,
//! `Solution { depth }`, and `Contradiction { depth, reason }` at each dead end, the
//! reason read from the board only when someone watches ([`board::Board::explain`]).
//! Propagation is reported by its net effect, not rule by rule (the rules act on whole
//! registers, not cell by cell): at each fixpoint, an `Eliminate` for each candidate
//! gone since the observer last heard and an `Assign` for each cell left with one
//! digit, both with `Rule::BandPropagation`. The search is written once, generic over
//! its observer; the plain solve runs it with `()`, and every report compiles away.
#![deny(missing_docs)]

pub mod board;
pub mod choice;
pub mod counts;
pub mod essay;
pub mod lanes;
pub mod machine;
pub mod rules;
mod search;
mod told;
#[cfg(target_arch = "x86_64")]
mod wide;

pub use crate::essay::BandsEssay;

use sudoku_core::{Grid, Limits, Observer, Outcome, Search, Size};

/// The bands strategy: bit-parallel propagation (band, stack, row, naked-single and
/// triad rules) and tdoku's branching. 9x9 only.
///
/// A *try* is a digit placed in a cell at a branch point; when it is taken back, the
/// digit leaves the cell and the node goes on (see the crate documentation).
///
/// ```
/// use sudoku_bands::Bands;
/// use sudoku_core::{Grid, Limits, Solver, Status};
///
/// let hard1: Grid =
///     ".....6....59.....82....8....45........3........6..3.54...325..6.................."
///         .parse()
///         .unwrap();
/// let out = Bands.solve(&hard1, &Limits::UNIQUENESS);
/// assert_eq!((out.status, out.solutions), (Status::Solved, 2));
/// assert_eq!((out.counters.nodes, out.counters.backtracks), (22, 1));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Bands;

impl Search for Bands {
    fn name(&self) -> &'static str {
        "bands"
    }

    fn search<O: Observer + ?Sized>(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut O,
    ) -> Outcome {
        dispatch(puzzle, limits, observer)
    }
}

sudoku_core::solver_from_search!(Bands);

/// The search compiled for the best instruction set this processor has.
///
/// # Panics
///
/// If `puzzle` is not 9x9 (the only size this strategy supports).
#[inline(always)]
fn dispatch<O: Observer + ?Sized>(puzzle: &Grid, limits: &Limits, observer: &mut O) -> Outcome {
    assert_eq!(puzzle.size(), Size::NINE, "bands solves 9x9 grids only");
    #[cfg(target_arch = "x86_64")]
    if let (true, Some(avx2)) = (has_avx2(), machine::Avx2::detect()) {
        // SAFETY: the processor has every feature `solve_avx2` is compiled for (just
        // detected).
        return unsafe { solve_avx2(puzzle, limits, observer, avx2) };
    }
    search::solve(puzzle, limits, observer, machine::Portable)
}

/// Whether this x86-64 processor has what [`solve_avx2`] is compiled for: AVX2 and the
/// bit instructions that came with it (Haswell, Excavator and later have them all).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn has_avx2() -> bool {
    std::is_x86_feature_detected!("avx2")
        && std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("lzcnt")
}

/// [`search::solve`] compiled for AVX2 processors: the same code with 3-operand (VEX)
/// vector instructions, and one instruction for `count_ones` and `trailing_zeros`.
///
/// # Safety
///
/// The processor must have the features named (see [`has_avx2`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt,bmi1,bmi2,lzcnt")]
unsafe fn solve_avx2<O: Observer + ?Sized>(
    puzzle: &Grid,
    limits: &Limits,
    observer: &mut O,
    avx2: machine::Avx2,
) -> Outcome {
    search::solve(puzzle, limits, observer, avx2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::corpus::CorpusReader;
    use sudoku_core::Solver;

    #[test]
    fn every_compiled_search_gives_the_same_outcome() {
        let path = sudoku_testkit::corpus_path("norvig_sudoku-top95.txt");
        for p in CorpusReader::open(path).unwrap() {
            let p = p.unwrap().grid;
            for limits in [Limits::FIRST, Limits::UNIQUENESS.with_max_nodes(5)] {
                let baseline = search::solve(&p, &limits, &mut (), machine::Portable);
                assert_eq!(Bands.solve(&p, &limits), baseline);
                #[cfg(target_arch = "x86_64")]
                if let (true, Some(two)) = (has_avx2(), machine::Avx2::detect()) {
                    // SAFETY: the features were just detected.
                    let avx2 = unsafe { solve_avx2(&p, &limits, &mut (), two) };
                    assert_eq!(avx2, baseline);
                }
            }
        }
    }
}
