//! The essay version: the Polish essay's backtracking, in its own words.
//!
//! The essay's program is a few small functions over the grid array, and this module
//! is the same functions, one idea each (N is the side of the grid, b the side of a box:
//! 9 and 3 for the classic grid, so it works at every size):
//!
//! - `find_empty_location`: the first empty cell, row by row, left to right;
//! - `used_in_row`, `used_in_column`, `used_in_box`: whether a cell of the location's
//!   row, column or box already holds the digit;
//! - `is_location_safe`: the digit is used in none of the three;
//! - `solve`: no empty location left means a solution; otherwise each digit 1 to N,
//!   ascending, that is safe in the location is placed (a try) and the rest solved;
//!   when that fails the digit is taken back (a backtrack) and the next one tried.
//!
//! ```text
//! solve(depth):
//!     location = find_empty_location()
//!     if there is none: a solution (stop at the solution limit)
//!     for digit in 1..=N:
//!         if is_location_safe(location, digit):
//!             place digit                    (a try, refused once the budget is spent)
//!             if solve(depth + 1): stop
//!             take digit back                (a backtrack)
//!     no safe digit at all: a dead end
//!     this location fails
//! ```
//!
//! The counters are kept by [`Tally`] and the events go to the observer as the search
//! meets them: [`Event::Try`], [`Event::Backtrack`], [`Event::Solution`], and an
//! [`Event::Contradiction`] when the location has no safe digit at all. Givens that
//! clash are rejected at the root by [`Grid::givens_clash`].
//!
//! [`Naive`](crate::Naive) is the same tree, node for node: the tests compare the two,
//! outcome and event stream.

use sudoku_core::event::{Contradiction, Event, Observer};
use sudoku_core::{Grid, Limits, Outcome, Search, Size, Tally};

/// The naive strategy as the essay writes it: a plain recursive function over the grid
/// array (see the [module documentation](self)). Slower than [`Naive`](crate::Naive),
/// with the same counters, solutions and events.
///
/// ```
/// use sudoku_core::{Grid, Limits, Solver};
/// use sudoku_naive::{Naive, NaiveEssay};
///
/// let polish: Grid =
///     ".58.....317..5...8......1...........4.7.8...6.83.6..1791...3.7...6....8........34"
///         .parse()
///         .unwrap();
/// let essay = NaiveEssay.solve(&polish, &Limits::FIRST);
/// assert_eq!((essay.counters.nodes, essay.counters.backtracks), (301535, 301478));
/// assert_eq!(essay, Naive.solve(&polish, &Limits::FIRST));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct NaiveEssay;

impl Search for NaiveEssay {
    fn name(&self) -> &'static str {
        "naive-essay"
    }

    fn search<O: Observer + ?Sized>(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut O,
    ) -> Outcome {
        solve_sudoku(puzzle, limits, observer)
    }

    /// Every size: the essay's code with N and b.
    fn supports(&self, _size: Size) -> bool {
        true
    }
}

sudoku_core::solver_from_search!(NaiveEssay);

/// Solves `puzzle` the essay's way, telling `observer` every step.
fn solve_sudoku<O: Observer + ?Sized>(puzzle: &Grid, limits: &Limits, observer: &mut O) -> Outcome {
    if puzzle.givens_clash() {
        // Two givens clash: no solution, decided at the root (1 node).
        return Outcome::rejected_at_root();
    }
    let size = puzzle.size();
    let mut essay = Essay {
        grid: puzzle.cells().to_vec(),
        size,
        n: size.side(),
        b: size.box_size(),
        tally: Tally::new(limits),
        observer,
    };
    essay.solve(0);
    essay.tally.outcome()
}

/// The essay's grid array and what the search keeps beside it.
struct Essay<'o, O: ?Sized> {
    /// The cells in reading order, 0 for an empty one: cell `(row, col)` is at
    /// `row * N + col`.
    grid: Vec<u8>,
    /// The size of the grid.
    size: Size,
    /// N, the side of the grid: digits are 1..=N.
    n: usize,
    /// b, the side of a box (N = b²).
    b: usize,
    /// The counters, the node budget and the solutions.
    tally: Tally,
    /// Who watches.
    observer: &'o mut O,
}

/// An empty location: its row and column, and the row and column of the top left cell
/// of its box.
#[derive(Debug, Clone, Copy)]
struct Location {
    row: usize,
    col: usize,
    box_row: usize,
    box_col: usize,
}

impl<O: Observer + ?Sized> Essay<'_, O> {
    /// The first empty location, row by row, left to right; `None` when the grid is full.
    fn find_empty_location(&self) -> Option<Location> {
        for (row, line) in self.grid.chunks(self.n).enumerate() {
            if let Some(col) = line.iter().position(|&d| d == 0) {
                return Some(Location {
                    row,
                    col,
                    box_row: row - row % self.b,
                    box_col: col - col % self.b,
                });
            }
        }
        None
    }

    /// Whether a cell of `row` holds `digit`.
    fn used_in_row(&self, row: usize, digit: u8) -> bool {
        self.grid[row * self.n..][..self.n].contains(&digit)
    }

    /// Whether a cell of `col` holds `digit`.
    fn used_in_column(&self, col: usize, digit: u8) -> bool {
        self.grid[col..].iter().step_by(self.n).any(|&d| d == digit)
    }

    /// Whether a cell of the box whose top left cell is `(box_row, box_col)` holds `digit`.
    fn used_in_box(&self, box_row: usize, box_col: usize, digit: u8) -> bool {
        self.grid[box_row * self.n + box_col..]
            .chunks(self.n)
            .take(self.b)
            .any(|line| line[..self.b].contains(&digit))
    }

    /// Whether `digit` may go in the location: not used in its row, its column or its box.
    fn is_location_safe(&self, at: Location, digit: u8) -> bool {
        !self.used_in_row(at.row, digit)
            && !self.used_in_column(at.col, digit)
            && !self.used_in_box(at.box_row, at.box_col, digit)
    }

    /// The essay's `solve`, with `depth` tries standing: fills the first empty location
    /// with each safe digit in turn and solves the rest. Returns `true` when the search
    /// must stop: the solution limit is reached or the node budget is spent.
    fn solve(&mut self, depth: u16) -> bool {
        let Some(at) = self.find_empty_location() else {
            self.tell(Event::Solution { depth });
            let (size, grid) = (self.size, &self.grid);
            return self.tally.solution(|| Grid::from_values(size, grid));
        };
        let cell = at.row * self.n + at.col;
        let tried = depth + 1;
        let mut any_safe = false;
        for digit in 1..=self.n as u8 {
            if !self.is_location_safe(at, digit) {
                continue;
            }
            any_safe = true;
            if !self.tally.try_one() {
                return true;
            }
            self.grid[cell] = digit;
            self.tell(Event::Try {
                depth: tried,
                cell: cell as u16,
                digit,
            });
            if self.solve(tried) {
                return true;
            }
            self.grid[cell] = 0;
            self.tally.backtrack();
            self.tell(Event::Backtrack {
                depth: tried,
                cell: cell as u16,
                digit,
            });
        }
        if !any_safe {
            let cell = cell as u16;
            self.tell(Event::Contradiction {
                depth,
                reason: Contradiction::EmptyCell { cell },
            });
        }
        false
    }

    /// Tells the observer, if it watches.
    #[inline(always)]
    fn tell(&mut self, event: Event) {
        if self.observer.active() {
            self.observer.event(event);
        }
    }
}
