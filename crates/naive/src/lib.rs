//! The naive strategy: plain backtracking, the algorithm of the Polish seed essay.
//!
//! In the essay's words, step for step:
//!
//! 1. take the **first empty cell** in reading order (row by row, left to right);
//! 2. for each digit **1 to 9, ascending**, check whether it is *safe*: no cell of the
//!    cell's row, column or box holds it already;
//! 3. a safe digit is **placed** (a *try*) and the search **recurses** on the grid with
//!    that cell filled;
//! 4. when the recursion fails, the digit is **taken back** (a *backtrack*) and the
//!    search goes on with the next digit; when no digit is left, this cell fails and the
//!    failure goes back to the cell before it.
//!
//! A grid with no empty cell left is a solution. The counters are those of
//! [`sudoku_core::Counters`]: `nodes = 1 + tries`, `backtracks` = tries taken back; the
//! tries still standing when the search stops (at the solution limit or the node budget)
//! are not backtracks.
//!
//! # How it is made fast
//!
//! The tree is exactly the essay's, node for node; only the bookkeeping is cheap:
//!
//! - the digits each row, column and box still lacks are kept as 9-bit masks, so the
//!   safe digits of a cell are `row & column & box`, one load of each;
//! - the empty cells are listed once, in reading order, with the indexes of their row,
//!   column and box masks, so "the first empty cell" of the grid at depth `k` is simply
//!   the `k`-th entry of that list (the cells before it are all filled);
//! - the safe digits are walked lowest bit first (`mask & mask.wrapping_neg()`), which is
//!   the ascending order 1..9;
//! - the recursion is a loop over an explicit stack of fixed arrays: no allocation, no
//!   call per node, no bounds check (every table is indexed by a `u8`);
//! - *look ahead*, two cells deep: the safe digits of the next two empty cells are known
//!   before a digit is placed here, and the digit only takes itself away from them. A
//!   try that would leave the next cell no safe digit is a node that fails at once: it
//!   is counted (a try, then a backtrack) without writing to the masks. A try that
//!   would leave the cell after the next without a safe digit is a node whose every try
//!   fails at once: those tries are counted together (one per safe digit of the next
//!   cell), then the try here is taken back. The nodes are the essay's, in its order;
//!   only the ones known to fail at once are counted rather than entered;
//! - *taking back late*: when the search comes back to a cell, its digit leaves the
//!   masks in the same toggle that puts the next digit in;
//! - the node budget is a countdown of the tries still allowed, one decrement and one
//!   test per try (about 5% of the instructions, no time difference measurable).
//!
//! ```
//! use sudoku_core::{Grid, Limits, Solver, Status};
//! use sudoku_naive::Naive;
//!
//! let polish: Grid =
//!     ".58.....317..5...8......1...........4.7.8...6.83.6..1791...3.7...6....8........34"
//!         .parse()
//!         .unwrap();
//! let out = Naive.solve(&polish, &Limits::FIRST);
//! assert_eq!(out.status, Status::Solved);
//! assert_eq!((out.counters.nodes, out.counters.backtracks), (301535, 301478));
//! ```
#![deny(missing_docs)]

use sudoku_core::candidates::DIGIT_COUNT;
use sudoku_core::units::{BOX_OF, CELLS, COL_OF, ROW_OF};
use sudoku_core::{Counters, Grid, Limits, Outcome, Solver};

/// The naive strategy: first empty cell in reading order, digits 1..9 ascending, a digit
/// placed only when no cell of its row, column or box holds it (see the crate docs).
#[derive(Debug, Clone, Copy, Default)]
pub struct Naive;

impl Solver for Naive {
    fn name(&self) -> &'static str {
        "naive"
    }

    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        let Some(mut search) = Search::load(puzzle, limits.max_tries()) else {
            // Givens that clash: no solution, decided at the root (1 node).
            return Outcome::rejected_at_root();
        };
        if search.empties == 0 {
            // No empty cell: the root itself is a solution.
            return Outcome::new(1, Some(*puzzle), Counters::from_tries(0, 0), false);
        }
        let limit = limits.solution_limit();
        let mut solutions = 0u64;
        let mut first = None;
        let (budget_exhausted, standing) = loop {
            match search.run() {
                Stop::Exhausted => break (false, 0),
                Stop::BudgetExhausted => break (true, u64::from(search.depth)),
                Stop::Solution => {
                    solutions += 1;
                    if first.is_none() {
                        first = Some(search.solution(puzzle));
                    }
                    if solutions >= limit {
                        // The tries of the whole path stand: one per empty cell.
                        break (false, u64::from(search.empties));
                    }
                }
            }
        };
        let tries = search.tries();
        Outcome::new(
            solutions,
            first,
            Counters::from_tries(tries, tries - standing),
            budget_exhausted,
        )
    }
}

/// All nine digits as a mask: bit `d - 1` stands for digit `d`.
const ALL_DIGITS: u32 = 0x1FF;

/// Size of the fixed tables indexed by a `u8` (a depth or a unit), so that every index
/// is in bounds by its type and the search loop carries no bounds check.
const TABLE: usize = 256;

/// The unit of the sentinel cell that follows the last empty cell: it never loses a
/// digit, so the sentinel always has safe digits and a try in the last empty cell always
/// goes down to it, the full grid: a solution.
const SENTINEL_UNIT: u8 = 27;

/// Why [`Search::run`] stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stop {
    /// Every digit of the first empty cell was tried: the tree is exhausted.
    Exhausted,
    /// The grid is full; the search can go on from here.
    Solution,
    /// The budget refused a try.
    BudgetExhausted,
}

/// The state of one search: the grid as masks, the list of its empty cells and the
/// explicit stack of the recursion, each table indexed by a `u8`.
struct Search {
    /// The digits each unit does not hold yet: rows 0..9, columns 9..18, boxes 18..27,
    /// then the sentinel's unit.
    free: [u32; TABLE],
    /// The cell (0..81) of each empty cell, in reading order.
    cell: [u8; TABLE],
    /// The row unit of each empty cell, then the sentinel's.
    row: [u8; TABLE],
    /// The column unit of each empty cell, then the sentinel's.
    col: [u8; TABLE],
    /// The box unit of each empty cell, then the sentinel's.
    boxx: [u8; TABLE],
    /// For each empty cell, [`ALL_DIGITS`] when the next empty cell shares a unit with
    /// it (a digit placed here is then unsafe there), else 0.
    next_is_peer: [u32; TABLE],
    /// For each empty cell, [`ALL_DIGITS`] when the empty cell after the next shares a
    /// unit with it, else 0.
    after_next_is_peer: [u32; TABLE],
    /// For each depth: the safe digits not tried yet.
    untried: [u32; TABLE],
    /// For each depth: the digit standing in the cell (0 for none).
    placed: [u32; TABLE],
    /// For each depth: the safe digits of the next empty cell before any try here.
    next_safe: [u32; TABLE],
    /// For each depth: the safe digits of the empty cell after the next before any try here.
    after_next_safe: [u32; TABLE],
    /// How many empty cells the puzzle has.
    empties: u8,
    /// The depth where the search stands.
    depth: u8,
    /// The safe digits not tried yet at that depth.
    safe: u32,
    /// The safe digits of the next empty cell before any try at that depth.
    next: u32,
    /// The safe digits of the empty cell after the next before any try at that depth.
    after_next: u32,
    /// The countdown of the tries the node budget still allows.
    left: u64,
    /// The budget in tries.
    max_tries: u64,
}

impl Search {
    /// Loads the givens into the unit masks and lists the empty cells, ready to search.
    /// Returns `None` when two givens clash (the same digit twice in a unit).
    fn load(puzzle: &Grid, max_tries: u64) -> Option<Search> {
        let mut s = Search {
            free: [ALL_DIGITS; TABLE],
            cell: [0; TABLE],
            row: [SENTINEL_UNIT; TABLE],
            col: [SENTINEL_UNIT; TABLE],
            boxx: [SENTINEL_UNIT; TABLE],
            next_is_peer: [0; TABLE],
            after_next_is_peer: [0; TABLE],
            untried: [0; TABLE],
            placed: [0; TABLE],
            next_safe: [0; TABLE],
            after_next_safe: [0; TABLE],
            empties: 0,
            depth: 0,
            safe: 0,
            next: 0,
            after_next: 0,
            left: max_tries,
            max_tries,
        };
        for (cell, &digit) in puzzle.cells().iter().enumerate().take(CELLS) {
            let (row, col, boxx) = (ROW_OF[cell], 9 + COL_OF[cell], 18 + BOX_OF[cell]);
            if digit == 0 {
                let k = s.empties as usize;
                s.cell[k] = cell as u8;
                s.row[k] = row;
                s.col[k] = col;
                s.boxx[k] = boxx;
                s.empties += 1;
            } else {
                let bit = 1 << (digit - 1);
                let free = s.free[row as usize] & s.free[col as usize] & s.free[boxx as usize];
                if free & bit == 0 {
                    return None;
                }
                s.free[row as usize] ^= bit;
                s.free[col as usize] ^= bit;
                s.free[boxx as usize] ^= bit;
            }
        }
        for k in 1..s.empties as usize {
            if s.row[k - 1] == s.row[k] || s.col[k - 1] == s.col[k] || s.boxx[k - 1] == s.boxx[k] {
                s.next_is_peer[k - 1] = ALL_DIGITS;
            }
        }
        for k in 2..s.empties as usize {
            if s.row[k - 2] == s.row[k] || s.col[k - 2] == s.col[k] || s.boxx[k - 2] == s.boxx[k] {
                s.after_next_is_peer[k - 2] = ALL_DIGITS;
            }
        }
        s.safe = s.safe_digits(0);
        s.next = s.safe_digits(1);
        s.after_next = s.safe_digits(2);
        Some(s)
    }

    /// The safe digits of the `k`-th empty cell: those its row, column and box lack.
    #[inline(always)]
    fn safe_digits(&self, k: u8) -> u32 {
        let k = k as usize;
        self.free[self.row[k] as usize]
            & self.free[self.col[k] as usize]
            & self.free[self.boxx[k] as usize]
    }

    /// Places a digit in the units of the `k`-th empty cell, or takes it back: the masks
    /// are toggled, so `bit` may also hold the digit leaving and the digit entering.
    #[inline(always)]
    fn toggle(&mut self, k: u8, bit: u32) {
        let k = k as usize;
        self.free[self.row[k] as usize] ^= bit;
        self.free[self.col[k] as usize] ^= bit;
        self.free[self.boxx[k] as usize] ^= bit;
    }

    /// How many tries the search has made.
    fn tries(&self) -> u64 {
        self.max_tries - self.left
    }

    /// The search of the essay, as a loop over an explicit stack, from where it stands
    /// to the next solution, the end of the tree or the end of the budget.
    ///
    /// Depth `k` is the `k`-th empty cell: the cells before it are filled, so it is the
    /// first empty cell of the grid. For the cell at each depth the stack keeps the safe
    /// digits not tried yet (`untried`), the digit standing in it (`placed`, 0 for none)
    /// and the look ahead below (`next_safe`, `after_next_safe`).
    ///
    /// **Look ahead.** The safe digits of the next two empty cells are known before any
    /// digit is placed here, and a digit placed here only takes itself away from them
    /// (from a cell that shares a unit with this one). So, for each try here:
    ///
    /// - if the next cell is left no safe digit, the try's node finds nothing to place
    ///   and fails at once: a try taken back, the grid untouched;
    /// - if the cell after the next is left no safe digit, every try of the next cell is
    ///   such a node: one try taken back per safe digit of the next cell, then the try
    ///   here is taken back, the grid untouched;
    /// - otherwise the digit is placed and the search goes down to the next cell.
    ///
    /// The tree and the counters are the essay's; the budget is counted in the same
    /// order, so it stops the search at the same try.
    ///
    /// **Taking back late.** When the search comes back to a cell, its digit leaves the
    /// masks only when the next digit enters (one toggle of both), or when the cell has
    /// no digit left.
    fn run(&mut self) -> Stop {
        let n = self.empties;
        let mut k = self.depth;
        let mut safe = self.safe;
        let mut next = self.next;
        let mut after_next = self.after_next;
        let mut left = self.left;
        let stop = loop {
            if safe == 0 {
                // No digit left for this cell: it fails. Its digit leaves the grid, and
                // the cell before it takes its own digit back (a backtrack).
                self.toggle(k, self.placed[k as usize]);
                self.placed[k as usize] = 0;
                if k == 0 {
                    break Stop::Exhausted;
                }
                k -= 1;
                safe = self.untried[k as usize];
                next = self.next_safe[k as usize];
                after_next = self.after_next_safe[k as usize];
                continue;
            }
            // The smallest safe digit not tried yet.
            let bit = safe & safe.wrapping_neg();
            if left == 0 {
                break Stop::BudgetExhausted;
            }
            left -= 1;
            safe ^= bit;
            // Place it (a try): the next cell loses that digit if it is a peer.
            let child = next & !(bit & self.next_is_peer[k as usize]);
            if child == 0 {
                // The next cell has no safe digit: the try fails and is taken back.
                continue;
            }
            let grandchild = after_next & !(bit & self.after_next_is_peer[k as usize]);
            if grandchild == 0 {
                // The cell after the next has no safe digit: each safe digit of the next
                // cell is a try that fails at once. They are counted, then this try is
                // taken back.
                let tries = u64::from(DIGIT_COUNT[(child & ALL_DIGITS) as usize]);
                if left < tries {
                    // The budget runs out among them, this try standing.
                    left = 0;
                    k += 1;
                    break Stop::BudgetExhausted;
                }
                left -= tries;
                continue;
            }
            // Recurse on the next empty cell (the digit tried before leaves as it enters).
            self.toggle(k, self.placed[k as usize] ^ bit);
            self.placed[k as usize] = bit;
            if k + 1 == n {
                // The grid is full: a solution. Going on, this try is taken back.
                break Stop::Solution;
            }
            self.untried[k as usize] = safe;
            self.next_safe[k as usize] = next;
            self.after_next_safe[k as usize] = after_next;
            k += 1;
            safe = child;
            next = grandchild;
            after_next = self.safe_digits(k + 2);
        };
        self.depth = k;
        self.safe = safe;
        self.next = next;
        self.after_next = after_next;
        self.left = left;
        stop
    }

    /// The full grid: the givens of `puzzle` and the digits standing in the empty cells.
    #[cold]
    fn solution(&self, puzzle: &Grid) -> Grid {
        let mut grid = *puzzle;
        for k in 0..self.empties as usize {
            grid.set(
                self.cell[k] as usize,
                self.placed[k].trailing_zeros() as u8 + 1,
            );
        }
        grid
    }
}
