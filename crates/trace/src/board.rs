//! The grid a trace shows, kept by applying the events one by one.
//!
//! Each cell holds a mask: the candidates still open for it (bit `d - 1` for digit `d`),
//! and the [`GUESS`] bit when the cell holds a try of the standing path. The events move
//! it as the strategy moved its own state:
//!
//! - a try fixes its cell to its digit (and marks it a guess); a backtrack at depth `d`
//!   restores everything as it was before the try at depth `d` (a trail of the changes,
//!   with a mark per standing try, as a SAT solver keeps its assignments);
//! - an assignment fixes a cell; an elimination takes a digit out of a cell;
//! - covering a column of the exact cover takes its rows out of the matrix: an open
//!   cell's candidates are then the rows still there (all four of their columns
//!   uncovered), as dlx sees them; uncovering puts them back;
//! - a kept swap exchanges two cells (when the grid it started from is known);
//! - a generation of a genetic algorithm changes a whole population, not one grid: the
//!   board shows the population's fittest grid, which the strategy tells cell by cell
//!   as assignments (`Rule::Fittest`).
//!
//! So the propagating strategies show their candidates, dlx the rows of its matrix, and
//! naive (which only places digits) its placed digits. Only a strategy that reports
//! propagation ([`Board::propagates`]) has candidates worth showing; for the others an
//! open cell is shown empty.

use sudoku_core::{Event, Grid, Size};

use crate::column::{columns_of_row, Column};

/// The bit of a mask that marks a cell holding a try of the standing path.
pub(crate) const GUESS: u32 = 1 << 31;

/// The mask of digit `d` (1-based).
pub(crate) const fn bit(digit: u8) -> u32 {
    1 << (digit - 1)
}

/// One change the trail can take back.
#[derive(Debug, Clone, Copy)]
enum Undo {
    /// A cell held `old`.
    Mask { cell: u16, old: u32 },
    /// A column of the exact cover was `old` (covered or not).
    Column { column: u32, old: bool },
}

/// The grid of a trace (see the [module documentation](self)).
#[derive(Debug, Clone)]
pub(crate) struct Board {
    size: Size,
    masks: Vec<u32>,
    /// The givens of the puzzle.
    givens: Vec<bool>,
    /// The covered columns of the exact cover (empty until the first cover).
    covered: Vec<bool>,
    trail: Vec<Undo>,
    /// For each standing try, the length of the trail when it was made.
    marks: Vec<usize>,
    /// The cells the last event changed, each with its mask before the change (a cell
    /// may appear more than once: its first entry holds the mask before the event).
    changes: Vec<(u16, u32)>,
    /// Cells already listed by [`Board::diff`] (reset after each call).
    listed: Vec<bool>,
    propagates: bool,
}

impl Board {
    /// The grid before the first event: each given fixed; each open cell with every
    /// candidate, or fixed to `start`'s digit when the search started from a full grid.
    pub(crate) fn new(puzzle: &Grid, start: Option<&Grid>) -> Board {
        let size = puzzle.size();
        let all = size.all_digits();
        let masks = (0..size.cells())
            .map(|c| match (puzzle.get(c), start.map(|s| s.get(c))) {
                (0, Some(d)) if d != 0 => bit(d),
                (0, _) => all,
                (d, _) => bit(d),
            })
            .collect();
        Board {
            size,
            masks,
            givens: puzzle.cells().iter().map(|&d| d != 0).collect(),
            covered: Vec::new(),
            trail: Vec::new(),
            marks: Vec::new(),
            changes: Vec::new(),
            listed: vec![false; size.cells()],
            propagates: false,
        }
    }

    /// The masks of the cells, in reading order.
    pub(crate) fn masks(&self) -> &[u32] {
        &self.masks
    }

    /// The grid the board holds: each cell down to one digit holds it, the others are
    /// empty.
    pub(crate) fn grid(&self) -> Grid {
        let values: Vec<u8> = self
            .masks
            .iter()
            .map(|&m| {
                let m = m & !GUESS;
                if m.count_ones() == 1 {
                    m.trailing_zeros() as u8 + 1
                } else {
                    0
                }
            })
            .collect();
        Grid::from_values(self.size, &values)
    }

    /// Whether the strategy has reported propagation (assignments, eliminations or
    /// covers): its candidates are then worth showing.
    pub(crate) fn propagates(&self) -> bool {
        self.propagates
    }

    /// Applies one event.
    pub(crate) fn apply(&mut self, event: &Event) {
        self.changes.clear();
        if !matches!(event, Event::Try { .. } | Event::Backtrack { .. }) {
            self.ended_above(usize::from(event.depth()));
        }
        match *event {
            Event::Try {
                depth, cell, digit, ..
            } => {
                self.enter(usize::from(depth));
                self.set(cell, bit(digit) | GUESS);
            }
            Event::Backtrack { depth, .. } => self.back_to(usize::from(depth)),
            Event::Choose { .. }
            | Event::Solution { .. }
            | Event::Contradiction { .. }
            | Event::Node { .. } => {}
            Event::Assign { cell, digit, .. } => {
                self.propagates = true;
                let guess = self.masks[usize::from(cell)] & GUESS;
                self.set(cell, bit(digit) | guess);
            }
            Event::Eliminate { cell, digit, .. } => {
                self.propagates = true;
                self.set(cell, self.masks[usize::from(cell)] & !bit(digit));
            }
            Event::Cover { column, .. } => {
                self.propagates = true;
                self.cover(column, true);
            }
            Event::Uncover { column, .. } => self.cover(column, false),
            Event::Swap {
                cells: [a, b],
                accepted,
                ..
            } => {
                if accepted {
                    let (x, y) = (self.masks[usize::from(a)], self.masks[usize::from(b)]);
                    self.set(a, y);
                    self.set(b, x);
                }
            }
            Event::Generation { .. } => {}
        }
    }

    /// The changes of the last event, one entry per cell changed: `(cell, old ^ new)`.
    pub(crate) fn diff(&mut self, out: &mut Vec<(u16, u32)>) {
        out.clear();
        for &(cell, old) in &self.changes {
            let c = usize::from(cell);
            if !self.listed[c] {
                self.listed[c] = true;
                let toggled = old ^ self.masks[c];
                if toggled != 0 {
                    out.push((cell, toggled));
                }
            }
        }
        for &(cell, _) in &self.changes {
            self.listed[usize::from(cell)] = false;
        }
    }

    /// A cell's text in Norvig's display: its candidates (`.` for none) when the
    /// strategy propagates, else its digit or `.`.
    pub(crate) fn cell_text(&self, cell: usize, out: &mut String) {
        let mask = self.masks[cell] & !GUESS;
        let single = mask.count_ones() == 1;
        if mask == 0 || !(self.propagates || single) {
            out.push('.');
            return;
        }
        (1..=self.size.side() as u8)
            .filter(|&d| mask & bit(d) != 0)
            .for_each(|d| out.push(self.size.symbol(d)));
    }

    /// A try at `depth` is made: marks the trail (the tries above it stand). A try
    /// still standing at `depth` or deeper has ended ([`Board::ended_above`]).
    fn enter(&mut self, depth: usize) {
        self.back_to(depth);
        let above = depth.saturating_sub(1);
        while self.marks.len() <= above {
            self.marks.push(self.trail.len());
        }
    }

    /// An event at `depth` says that every try deeper than it has ended: undone.
    ///
    /// Most strategies say so with a [`Event::Backtrack`] per try, and this does
    /// nothing. A SAT solver does not: a conflict's backjump takes back several tries
    /// with one backtrack (its latest), and a restart or a new call after a solution
    /// takes them all back without any; the depth of its next event shows where it
    /// landed.
    fn ended_above(&mut self, depth: usize) {
        self.back_to(depth + 1);
    }

    /// The try at `depth` is taken back: everything since it is undone.
    fn back_to(&mut self, depth: usize) {
        let Some(above) = depth.checked_sub(1) else {
            return;
        };
        let Some(&mark) = self.marks.get(above) else {
            return;
        };
        while self.trail.len() > mark {
            match self.trail.pop() {
                Some(Undo::Mask { cell, old }) => {
                    let c = usize::from(cell);
                    self.changes.push((cell, self.masks[c]));
                    self.masks[c] = old;
                }
                Some(Undo::Column { column, old }) => self.covered[column as usize] = old,
                None => break,
            }
        }
        self.marks.truncate(above);
    }

    /// Sets the mask of `cell`, kept on the trail while a try stands.
    ///
    /// A given's cell keeps its digit. Only sat-minimal ever tries or rules out another
    /// digit there: its encoding has no clause against a second digit in a cell, so its
    /// solver may place one in a given's cell (a model, by the pigeonhole, never does).
    fn set(&mut self, cell: u16, mask: u32) {
        let c = usize::from(cell);
        let old = self.masks[c];
        if old == mask || self.givens[c] {
            return;
        }
        if !self.marks.is_empty() {
            self.trail.push(Undo::Mask { cell, old });
        }
        self.changes.push((cell, old));
        self.masks[c] = mask;
    }

    /// Covers (or uncovers) a column: the open cells of its rows see their candidates
    /// again as the rows left in the matrix.
    fn cover(&mut self, column: u16, on: bool) {
        let size = self.size;
        let Some(col) = Column::of(size, usize::from(column)) else {
            return;
        };
        if self.covered.is_empty() {
            self.covered = vec![false; 4 * size.cells()];
        }
        let j = usize::from(column);
        let old = self.covered[j];
        if old == on {
            return;
        }
        if !self.marks.is_empty() {
            self.trail.push(Undo::Column {
                column: u32::from(column),
                old,
            });
        }
        self.covered[j] = on;
        match col {
            Column::Cell { cell } => self.refresh(cell),
            _ => col.rows(size).for_each(|(cell, _)| self.refresh(cell)),
        }
    }

    /// An open cell (its cell column uncovered) holds the digits whose rows are all
    /// still in the matrix; a filled cell (a given, a try standing, or its cell column
    /// covered) keeps what it shows.
    fn refresh(&mut self, cell: usize) {
        if self.covered[cell] || self.givens[cell] || self.masks[cell] & GUESS != 0 {
            return;
        }
        let size = self.size;
        let open = (1..=size.side() as u8)
            .filter(|&d| {
                columns_of_row(size, cell, d)
                    .iter()
                    .all(|&j| !self.covered[j])
            })
            .fold(0, |m, d| m | bit(d));
        self.set(cell as u16, open);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::{Contradiction, Rule};

    fn line(board: &Board) -> String {
        let mut s = String::new();
        for c in 0..board.masks().len() {
            let m = board.masks()[c] & !GUESS;
            s.push(if m.count_ones() == 1 {
                board.size.symbol(m.trailing_zeros() as u8 + 1)
            } else {
                '.'
            });
        }
        s
    }

    /// A SAT solver's backjump: one backtrack for three tries, then an assignment at
    /// depth 1 and a try at depth 2; and a restart: a try at depth 1 with no backtrack.
    #[test]
    fn an_event_at_a_lower_depth_ends_the_tries_deeper_than_it() {
        let puzzle = Grid::parse("1...............").unwrap();
        let mut b = Board::new(&puzzle, None);
        let (try_at, assign) = (
            |depth, cell, digit| Event::Try { depth, cell, digit },
            |depth, cell, digit| Event::Assign {
                depth,
                cell,
                digit,
                rule: Rule::UnitPropagation,
            },
        );
        for e in [try_at(1, 1, 2), try_at(2, 2, 3), try_at(3, 3, 4)] {
            b.apply(&e);
        }
        assert_eq!(line(&b), "1234............");
        b.apply(&Event::Backtrack {
            depth: 3,
            cell: 3,
            digit: 4,
        });
        b.apply(&assign(1, 5, 3));
        assert_eq!(line(&b), "12...3..........", "the try at depth 2 ended");
        b.apply(&try_at(2, 6, 1));
        assert_eq!(line(&b), "12...31.........", "depth 1's assignment stands");
        b.apply(&try_at(1, 4, 2));
        assert_eq!(line(&b), "1...2...........", "a restart ends every try");
        // A given's cell keeps its digit (sat-minimal may try another there).
        b.apply(&try_at(2, 0, 3));
        assert_eq!(line(&b), "1...2...........");
    }

    #[test]
    fn a_backtrack_restores_the_grid_before_its_try() {
        let puzzle = Grid::parse("1...............").unwrap();
        let mut b = Board::new(&puzzle, None);
        let before = b.masks().to_vec();
        let events = [
            Event::Try {
                depth: 1,
                cell: 1,
                digit: 2,
            },
            Event::Eliminate {
                depth: 1,
                cell: 2,
                digit: 2,
                rule: Rule::NakedSingle,
            },
            Event::Try {
                depth: 2,
                cell: 2,
                digit: 3,
            },
            Event::Assign {
                depth: 2,
                cell: 3,
                digit: 4,
                rule: Rule::NakedSingle,
            },
            Event::Contradiction {
                depth: 2,
                reason: Contradiction::EmptyCell { cell: 5 },
            },
            Event::Backtrack {
                depth: 2,
                cell: 2,
                digit: 3,
            },
        ];
        let mut diff = Vec::new();
        for e in &events {
            b.apply(e);
        }
        b.diff(&mut diff);
        assert_eq!(diff, [(3, 0b1111 ^ 0b1000), (2, (0b0100 | GUESS) ^ 0b1101)]);
        assert_eq!(line(&b), "12..............");
        assert_eq!(b.masks()[2], 0b1101);
        b.apply(&Event::Backtrack {
            depth: 1,
            cell: 1,
            digit: 2,
        });
        assert_eq!(b.masks(), before);
        assert!(b.propagates());
    }

    #[test]
    fn covering_columns_takes_their_rows_out_of_the_open_cells() {
        let size = Size::FOUR;
        let puzzle = Grid::empty(size);
        let mut b = Board::new(&puzzle, None);
        // Select the row r1c1 = 1: its four columns.
        b.apply(&Event::Try {
            depth: 1,
            cell: 0,
            digit: 1,
        });
        for j in columns_of_row(size, 0, 1) {
            b.apply(&Event::Cover {
                depth: 1,
                column: j as u16,
            });
        }
        // Row 1, column 1 and box 1 lose the 1; r1c1 shows its digit.
        assert_eq!(b.masks()[0], 1 | GUESS);
        for cell in [1, 2, 3, 4, 8, 12, 5] {
            assert_eq!(b.masks()[cell], 0b1110, "{cell}");
        }
        assert_eq!(b.masks()[6], 0b1111);
        b.apply(&Event::Uncover {
            depth: 1,
            column: columns_of_row(size, 0, 1)[1] as u16,
        });
        assert_eq!(
            b.masks()[2],
            0b1111,
            "row 1 may hold 1 again, its column may"
        );
        b.apply(&Event::Backtrack {
            depth: 1,
            cell: 0,
            digit: 1,
        });
        assert!(b.masks().iter().all(|&m| m == 0b1111));
    }

    #[test]
    fn givens_and_tries_keep_their_digit_whatever_is_covered_first() {
        let size = Size::FOUR;
        let puzzle = Grid::parse("1..2............").unwrap();
        let mut b = Board::new(&puzzle, None);
        // The givens' columns in reading order, each row's columns from the last to the
        // first: r1c4's row-digit column is covered before its cell column.
        for (cell, digit) in [(0, 1), (3, 2)] {
            for j in columns_of_row(size, cell, digit).into_iter().rev() {
                b.apply(&Event::Cover {
                    depth: 0,
                    column: j as u16,
                });
            }
        }
        b.apply(&Event::Try {
            depth: 1,
            cell: 1,
            digit: 3,
        });
        for j in columns_of_row(size, 1, 3).into_iter().rev() {
            b.apply(&Event::Cover {
                depth: 1,
                column: j as u16,
            });
        }
        assert_eq!(line(&b), "1342............", "r1c3 may only hold 4");
        assert_eq!(b.masks()[1], 0b0100 | GUESS);
    }

    #[test]
    fn kept_swaps_exchange_cells_and_naive_shows_placed_digits() {
        let puzzle = Grid::parse("1...............").unwrap();
        let start = Grid::parse("1234341221434321").unwrap();
        let mut b = Board::new(&puzzle, Some(&start));
        b.apply(&Event::Swap {
            cells: [1, 2],
            cost: 2,
            accepted: false,
        });
        assert_eq!(line(&b), "1234341221434321");
        b.apply(&Event::Swap {
            cells: [1, 2],
            cost: 2,
            accepted: true,
        });
        assert_eq!(line(&b), "1324341221434321");
        let mut text = String::new();
        let open = Board::new(&puzzle, None);
        open.cell_text(1, &mut text);
        assert_eq!(text, ".", "naive shows no candidates");
    }
}
