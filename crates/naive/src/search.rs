//! The fast path: the essay's search as a loop over an explicit stack of unit masks.
//!
//! The tree is exactly the essay's ([`essay`](crate::essay)), node for node and in its
//! order; only the bookkeeping is cheap. See the [crate documentation](crate) for how each
//! step of the essay maps to this loop.
//!
//! The search is written once, generic over two things:
//!
//! - the type of a depth, [`Depth`], with the length `T` of the tables it indexes: `u8`
//!   with tables of 256 entries for grids of at most 81 cells (4x4 and 9x9), so that every
//!   index is in bounds by its type and the loop carries no bounds check; `usize`, masked
//!   to tables of 1024 entries, for 16x16 and 25x25 (up to 625 empty cells);
//! - the [`Observer`]: every event is built under `if observer.active()`, so the plain
//!   solve, with `()`, compiles to the loop without any event.

use std::ops::{Add, Sub};

use sudoku_core::candidates::{ALL_DIGITS, DIGIT_COUNT};
use sudoku_core::event::{Contradiction, Event, Observer};
use sudoku_core::units::{CELLS, UNITS_OF};
use sudoku_core::{Counters, Geometry, Grid, Limits, Outcome, Size};

/// The type of a depth of the search: the index of an empty cell in reading order, and
/// the index into the tables of the search.
pub(crate) trait Depth: Copy + Eq + Add<Output = Self> + Sub<Output = Self> {
    /// Depth 0, the root.
    const ZERO: Self;
    /// One level down.
    const ONE: Self;
    /// Two levels down.
    const TWO: Self;
    /// The depth as an index (the tables mask it to their length).
    fn index(self) -> usize;
    /// The depth of an index (below the length of the tables).
    fn of(index: usize) -> Self;
    /// How many digits `mask` holds.
    fn digit_count(mask: u32) -> u64;
}

/// Depths of grids of at most 81 cells, whose digits fit [`DIGIT_COUNT`]'s 9-bit masks.
impl Depth for u8 {
    const ZERO: u8 = 0;
    const ONE: u8 = 1;
    const TWO: u8 = 2;

    #[inline(always)]
    fn index(self) -> usize {
        self as usize
    }

    #[inline(always)]
    fn of(index: usize) -> u8 {
        index as u8
    }

    #[inline(always)]
    fn digit_count(mask: u32) -> u64 {
        u64::from(DIGIT_COUNT[(mask & u32::from(ALL_DIGITS)) as usize])
    }
}

/// Depths of 16x16 and 25x25 grids.
impl Depth for usize {
    const ZERO: usize = 0;
    const ONE: usize = 1;
    const TWO: usize = 2;

    #[inline(always)]
    fn index(self) -> usize {
        self
    }

    #[inline(always)]
    fn of(index: usize) -> usize {
        index
    }

    #[inline(always)]
    fn digit_count(mask: u32) -> u64 {
        u64::from(mask.count_ones())
    }
}

/// Why [`Search::run`] stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stop {
    /// Every digit of the first empty cell was tried: the tree is exhausted.
    Exhausted,
    /// The grid is full; the search can go on from here.
    Solution,
    /// The budget refused a try.
    BudgetExhausted,
    /// The budget refused a try of the next empty cell, the try here standing (the
    /// look ahead's tries of that cell took the rest of the budget).
    BudgetExhaustedBelow,
}

/// The state of one search: the grid as unit masks, the list of its empty cells and the
/// explicit stack of the recursion, each table of `T` entries indexed by a depth `D`.
struct Search<D, const T: usize> {
    /// The digits each unit does not hold yet: rows, columns, boxes (as
    /// [`Geometry`] numbers them), then the sentinel's unit.
    free: [u32; T],
    /// The cell of each empty cell, in reading order.
    cell: [u16; T],
    /// The row unit of each empty cell, then the sentinel's.
    row: [u8; T],
    /// The column unit of each empty cell, then the sentinel's.
    col: [u8; T],
    /// The box unit of each empty cell, then the sentinel's.
    boxx: [u8; T],
    /// For each empty cell, every digit when the next empty cell shares a unit with it
    /// (a digit placed here is then unsafe there), else 0.
    next_is_peer: [u32; T],
    /// For each empty cell, every digit when the empty cell after the next shares a unit
    /// with it, else 0.
    after_next_is_peer: [u32; T],
    /// For each depth: the safe digits not tried yet.
    untried: [u32; T],
    /// For each depth: the digit standing in the cell (0 for none).
    placed: [u32; T],
    /// For each depth: the safe digits of the next empty cell before any try here.
    next_safe: [u32; T],
    /// For each depth: the safe digits of the empty cell after the next before any try here.
    after_next_safe: [u32; T],
    /// How many empty cells the puzzle has.
    empties: D,
    /// The depth where the search stands.
    depth: D,
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

/// The naive search of `puzzle` under `limits`, telling `observer` every step: the
/// outcome of [`Naive`](crate::Naive).
pub(crate) fn solve<O: Observer + ?Sized>(
    puzzle: &Grid,
    limits: &Limits,
    observer: &mut O,
) -> Outcome {
    let size = puzzle.size();
    if size == Size::NINE {
        // The classic grid, with the `const` tables of its units.
        return solve_with::<u8, 256, O>(puzzle, limits, observer, UNITS_OF.iter().copied());
    }
    let geometry = Geometry::of(size);
    let units = (0..size.cells()).map(|cell| geometry.units_of(cell).map(|u| u as u8));
    if size.cells() <= CELLS {
        // 4x4: 8-bit depths as well.
        solve_with::<u8, 256, O>(puzzle, limits, observer, units)
    } else {
        // 16x16 and 25x25: up to 625 empty cells, tables of 1024 entries.
        solve_with::<usize, 1024, O>(puzzle, limits, observer, units)
    }
}

/// [`solve`] with depths of type `D` indexing tables of `T` entries; `units` gives the
/// row, column and box unit of each cell in reading order.
fn solve_with<D: Depth, const T: usize, O: Observer + ?Sized>(
    puzzle: &Grid,
    limits: &Limits,
    observer: &mut O,
    units: impl Iterator<Item = [u8; 3]>,
) -> Outcome {
    let mut search = Search::<D, T>::new(puzzle.size(), limits.max_tries());
    if !search.load(puzzle, units) {
        // Givens that clash: no solution, decided at the root (1 node).
        return Outcome::rejected_at_root();
    }
    if search.empties == D::ZERO {
        // No empty cell: the root itself is a solution.
        if observer.active() {
            observer.event(Event::Solution { depth: 0 });
        }
        return Outcome::new(1, Some(*puzzle), Counters::from_tries(0, 0), false);
    }
    if observer.active() && search.safe == 0 {
        // The first empty cell has no safe digit: the root is a dead end.
        observer.event(search.dead_end(D::ZERO));
    }
    let limit = limits.solution_limit();
    let mut solutions = 0u64;
    let mut first = None;
    let (budget_exhausted, standing) = loop {
        match search.run(observer) {
            Stop::Exhausted => break (false, 0),
            Stop::BudgetExhausted => break (true, search.depth.index() as u64),
            Stop::BudgetExhaustedBelow => break (true, search.depth.index() as u64 + 1),
            Stop::Solution => {
                solutions += 1;
                if first.is_none() {
                    first = Some(search.solution(puzzle));
                }
                if solutions >= limit {
                    // The tries of the whole path stand: one per empty cell.
                    break (false, search.empties.index() as u64);
                }
                if observer.active() {
                    // Going on, the try that filled the grid is taken back.
                    observer.event(search.last_backtrack());
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

impl<D: Depth, const T: usize> Search<D, T> {
    /// The table index of depth `k`: masked to the tables' length, which is a power of
    /// two, so that no index is out of bounds (for `u8` depths and 256 entries the mask
    /// is a no-op the compiler drops).
    #[inline(always)]
    fn at(k: D) -> usize {
        const { assert!(T.is_power_of_two()) };
        k.index() & (T - 1)
    }

    /// An empty search of a grid of `size` under a budget of `max_tries`.
    #[inline(always)]
    fn new(size: Size, max_tries: u64) -> Search<D, T> {
        // The sentinel's unit: the one after the last box, which never loses a digit.
        let sentinel = size.unit_count() as u8;
        Search {
            free: [size.all_digits(); T],
            cell: [0; T],
            row: [sentinel; T],
            col: [sentinel; T],
            boxx: [sentinel; T],
            next_is_peer: [0; T],
            after_next_is_peer: [0; T],
            untried: [0; T],
            placed: [0; T],
            next_safe: [0; T],
            after_next_safe: [0; T],
            empties: D::ZERO,
            depth: D::ZERO,
            safe: 0,
            next: 0,
            after_next: 0,
            left: max_tries,
            max_tries,
        }
    }

    /// Loads the givens of `puzzle` into the unit masks and lists its empty cells, ready
    /// to search; `units` gives the row, column and box unit of each cell in reading
    /// order.
    ///
    /// Returns `false` when two givens clash (the same digit twice in a unit). This is
    /// [`Grid::givens_clash`]'s check, made here as a by-product of building the masks
    /// rather than called: a given's digit leaves its units by a toggle, which is right
    /// only when they still lack it, so that test is made anyway, and when it fails the
    /// givens clash. Calling `givens_clash` as well would be a second pass over the cells
    /// with masks of its own: about 1,700 instructions per puzzle, 5% of all the
    /// instructions of the `naive_file` example over the 2000 kaggle puzzles, whose
    /// searches are short.
    fn load(&mut self, puzzle: &Grid, units: impl Iterator<Item = [u8; 3]>) -> bool {
        for ((cell, &digit), [row, col, boxx]) in puzzle.cells().iter().enumerate().zip(units) {
            let (row, col, boxx) = (row as usize, col as usize, boxx as usize);
            if digit == 0 {
                let k = Self::at(self.empties);
                self.cell[k] = cell as u16;
                self.row[k] = row as u8;
                self.col[k] = col as u8;
                self.boxx[k] = boxx as u8;
                self.empties = self.empties + D::ONE;
                continue;
            }
            let bit = 1 << (digit - 1);
            if self.free[row] & self.free[col] & self.free[boxx] & bit == 0 {
                // The digit is in one of its units already.
                return false;
            }
            self.free[row] ^= bit;
            self.free[col] ^= bit;
            self.free[boxx] ^= bit;
        }
        // Which empty cells share a unit with the next one, and with the one after it
        // (the sentinel's unit is none of the grid's).
        let all = puzzle.size().all_digits();
        for k in 0..self.empties.index() {
            let (next, after_next) = (self.share_a_unit(k, k + 1), self.share_a_unit(k, k + 2));
            let at = Self::at(D::of(k));
            self.next_is_peer[at] = if next { all } else { 0 };
            self.after_next_is_peer[at] = if after_next { all } else { 0 };
        }
        self.safe = self.safe_digits(D::ZERO);
        self.next = self.safe_digits(D::ONE);
        self.after_next = self.safe_digits(D::TWO);
        true
    }

    /// Whether the `a`-th and the `b`-th empty cells share a unit.
    fn share_a_unit(&self, a: usize, b: usize) -> bool {
        let (a, b) = (Self::at(D::of(a)), Self::at(D::of(b)));
        self.row[a] == self.row[b] || self.col[a] == self.col[b] || self.boxx[a] == self.boxx[b]
    }

    /// The safe digits of the `k`-th empty cell: those its row, column and box lack.
    #[inline(always)]
    fn safe_digits(&self, k: D) -> u32 {
        let k = Self::at(k);
        self.free[self.row[k] as usize]
            & self.free[self.col[k] as usize]
            & self.free[self.boxx[k] as usize]
    }

    /// Places a digit in the units of the `k`-th empty cell, or takes it back: the masks
    /// are toggled, so `bit` may also hold the digit leaving and the digit entering.
    #[inline(always)]
    fn toggle(&mut self, k: D, bit: u32) {
        let k = Self::at(k);
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
    /// order, so it stops the search at the same try. An observer is told each of those
    /// nodes as the essay meets them (each try, the dead end below it, its backtrack).
    ///
    /// **Taking back late.** When the search comes back to a cell, its digit leaves the
    /// masks only when the next digit enters (one toggle of both), or when the cell has
    /// no digit left.
    ///
    /// **Machine code.** The loop is a function of its own (`inline(never)`): inlined
    /// into the loop over the solutions, it had one register fewer and spilled one on
    /// each descent (5% more instructions). Its two budget exits return two different
    /// [`Stop`]s: with one shared exit the compiler set the stop value on every try (2%).
    #[inline(never)]
    fn run<O: Observer + ?Sized>(&mut self, observer: &mut O) -> Stop {
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
                self.toggle(k, self.placed[Self::at(k)]);
                self.placed[Self::at(k)] = 0;
                if k == D::ZERO {
                    break Stop::Exhausted;
                }
                k = k - D::ONE;
                if observer.active() {
                    observer.event(self.backtrack(k, self.placed[Self::at(k)]));
                }
                safe = self.untried[Self::at(k)];
                next = self.next_safe[Self::at(k)];
                after_next = self.after_next_safe[Self::at(k)];
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
            let child = next & !(bit & self.next_is_peer[Self::at(k)]);
            if child == 0 {
                // The next cell has no safe digit: the try fails and is taken back.
                if observer.active() {
                    self.tell_dead_try(observer, k, bit);
                }
                continue;
            }
            let grandchild = after_next & !(bit & self.after_next_is_peer[Self::at(k)]);
            if grandchild == 0 {
                // The cell after the next has no safe digit: each safe digit of the next
                // cell is a try that fails at once. They are counted, then this try is
                // taken back.
                let tries = D::digit_count(child);
                if left < tries {
                    // The budget runs out among them, this try standing.
                    if observer.active() {
                        self.tell_dead_children(observer, k, bit, child, left);
                    }
                    left = 0;
                    break Stop::BudgetExhaustedBelow;
                }
                left -= tries;
                if observer.active() {
                    self.tell_dead_children(observer, k, bit, child, tries);
                    observer.event(self.backtrack(k, bit));
                }
                continue;
            }
            // Recurse on the next empty cell (the digit tried before leaves as it enters).
            self.toggle(k, self.placed[Self::at(k)] ^ bit);
            self.placed[Self::at(k)] = bit;
            if observer.active() {
                observer.event(self.try_event(k, bit));
            }
            if k + D::ONE == n {
                // The grid is full: a solution. Going on, this try is taken back.
                if observer.active() {
                    observer.event(Event::Solution {
                        depth: n.index() as u16,
                    });
                }
                break Stop::Solution;
            }
            self.untried[Self::at(k)] = safe;
            self.next_safe[Self::at(k)] = next;
            self.after_next_safe[Self::at(k)] = after_next;
            k = k + D::ONE;
            safe = child;
            next = grandchild;
            after_next = self.safe_digits(k + D::TWO);
        };
        self.depth = k;
        self.safe = safe;
        self.next = next;
        self.after_next = after_next;
        self.left = left;
        stop
    }

    /// The try of digit `bit` in the `k`-th empty cell (at depth `k + 1`).
    fn try_event(&self, k: D, bit: u32) -> Event {
        Event::Try {
            depth: k.index() as u16 + 1,
            cell: self.cell[Self::at(k)],
            digit: bit.trailing_zeros() as u8 + 1,
        }
    }

    /// That try taken back.
    fn backtrack(&self, k: D, bit: u32) -> Event {
        Event::Backtrack {
            depth: k.index() as u16 + 1,
            cell: self.cell[Self::at(k)],
            digit: bit.trailing_zeros() as u8 + 1,
        }
    }

    /// The try standing in the last empty cell, taken back.
    #[cold]
    fn last_backtrack(&self) -> Event {
        let last = self.empties - D::ONE;
        self.backtrack(last, self.placed[Self::at(last)])
    }

    /// The dead end of the node at depth `k`: its cell, the `k`-th empty one, has no safe
    /// digit.
    fn dead_end(&self, k: D) -> Event {
        Event::Contradiction {
            depth: k.index() as u16,
            reason: Contradiction::EmptyCell {
                cell: self.cell[Self::at(k)],
            },
        }
    }

    /// Tells a try of the look ahead whose node is a dead end: the try of `bit` in the
    /// `k`-th empty cell, the next empty cell without a safe digit, the try taken back.
    #[cold]
    fn tell_dead_try<O: Observer + ?Sized>(&self, observer: &mut O, k: D, bit: u32) {
        observer.event(self.try_event(k, bit));
        observer.event(self.dead_end(k + D::ONE));
        observer.event(self.backtrack(k, bit));
    }

    /// Tells the try of `bit` in the `k`-th empty cell, then the first `count` tries of
    /// the next empty cell, whose safe digits are `child`: each a dead end.
    #[cold]
    fn tell_dead_children<O: Observer + ?Sized>(
        &self,
        observer: &mut O,
        k: D,
        bit: u32,
        mut child: u32,
        count: u64,
    ) {
        observer.event(self.try_event(k, bit));
        for _ in 0..count {
            let digit = child & child.wrapping_neg();
            child ^= digit;
            self.tell_dead_try(observer, k + D::ONE, digit);
        }
    }

    /// The full grid: the givens of `puzzle` and the digits standing in the empty cells.
    #[cold]
    fn solution(&self, puzzle: &Grid) -> Grid {
        let mut grid = *puzzle;
        for k in 0..self.empties.index() {
            grid.set(
                usize::from(self.cell[k]),
                self.placed[k].trailing_zeros() as u8 + 1,
            );
        }
        grid
    }
}
