//! The board of the fast path: candidates, the places of each digit in each unit, and
//! the houses each technique has still to look at.

use sudoku_core::candidates::{digit_mask, mask_digit, ALL_DIGITS};
use sudoku_core::units::{CELLS, COL_OF, ROW_OF, SIDE, UNITS, UNITS_OF, UNIT_BITS, UNIT_COUNT};
use sudoku_core::{Grid, Technique};

use super::count;
use crate::level::LEVEL_COUNT;

/// The place of each cell within each of its three units (as [`UNITS`] lists them): its
/// column within its row, its row within its column, its place in reading order within
/// its box.
const PLACE_IN_UNITS: [[u8; 3]; CELLS] = {
    let mut t = [[0u8; 3]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let (r, c) = (ROW_OF[i], COL_OF[i]);
        t[i] = [c, r, (r % 3) * 3 + c % 3];
        i += 1;
    }
    t
};

/// The fewest open cells a unit needs for `technique` to eliminate anything there when
/// every weaker technique is stuck (a subset's dual: see the `subsets` module); for a
/// fish, the fewest lines where its digit is still to place (see the `fish` module); 0
/// for the others.
pub(super) const fn open_needed(technique: Technique) -> usize {
    match technique {
        Technique::NakedPair | Technique::XWing => 4,
        Technique::HiddenPair => 5,
        Technique::NakedTriple | Technique::Swordfish => 6,
        Technique::HiddenTriple => 7,
        Technique::NakedQuad => 8,
        Technique::HiddenQuad => 9,
        _ => 0,
    }
}

/// Whether the houses of `technique` are digits (the fish), not units.
const fn is_fish(technique: Technique) -> bool {
    matches!(technique, Technique::XWing | Technique::Swordfish)
}

/// The candidates of a grid being solved, and what each technique has still to look at.
#[derive(Clone, Copy)]
pub(crate) struct Board {
    /// The candidates of each cell, bit `d - 1` for digit `d`.
    pub(crate) cand: [u16; CELLS],
    /// For each unit and digit (`u * 9 + d - 1`), the places of the digit in the unit:
    /// bit `i` for the unit's `i`-th cell.
    places: [u16; UNIT_COUNT * SIDE],
    /// How many cells hold more than one candidate.
    pub(crate) unsolved: u32,
    /// For each unit, how many of its cells hold more than one candidate.
    pub(crate) open: [u8; UNIT_COUNT],
    /// For each digit, how many cells hold it alone.
    placed: [u8; SIDE],
    /// For each technique, the houses (bit `u` for a unit, `d - 1` for a fish's digit)
    /// it has to look at in its next look.
    pending: [u32; LEVEL_COUNT],
    /// For each technique, the houses where it can still find anything: for subsets the
    /// units with enough open cells, for fish the digits with enough lines to place in.
    /// Open cells only get fewer, so a house once ruled out stays out.
    possible: [u32; LEVEL_COUNT],
    /// Units where a cell lost a candidate since `pending` was last brought up to date.
    touched_units: u32,
    /// Digits lost somewhere since then.
    touched_digits: u32,
    /// Whether any technique past the singles is applied: only those read `places` and
    /// `possible`, which a level of singles leaves alone.
    deep: bool,
}

impl Board {
    /// The givens as single candidates, every other cell with all nine; every house of
    /// every technique still to look at.
    pub(super) fn new(puzzle: &Grid, deep: bool) -> Board {
        let mut cand = [ALL_DIGITS; CELLS];
        for (m, &d) in cand.iter_mut().zip(puzzle.cells()) {
            if d != 0 {
                *m = digit_mask(d);
            }
        }
        // Every digit may go in every open cell of a unit; a given only in its own cell.
        let open_places = UNITS.map(|cells| {
            let open = cells.iter().enumerate();
            let open = open.filter(|&(_, &c)| puzzle.get(usize::from(c)) == 0);
            open.fold(0u16, |m, (i, _)| m | 1 << i)
        });
        let mut places = [0u16; UNIT_COUNT * SIDE];
        for (u, &p) in open_places.iter().enumerate() {
            places[u * SIDE..][..SIDE].fill(p);
        }
        for (cell, &d) in puzzle.cells().iter().enumerate().filter(|&(_, &d)| d != 0) {
            for (&u, &at) in UNITS_OF[cell].iter().zip(&PLACE_IN_UNITS[cell]) {
                places[usize::from(u) * SIDE + usize::from(d) - 1] |= 1 << at;
            }
        }
        Board::assemble(cand, places, deep)
    }

    /// A board of any candidates: places, open cells and placed digits are read from
    /// them; every house of every technique still to look at.
    pub(crate) fn from_candidates(cand: [u16; CELLS], deep: bool) -> Board {
        let mut places = [0u16; UNIT_COUNT * SIDE];
        if deep {
            for (u, cells) in UNITS.iter().enumerate() {
                for (i, &c) in cells.iter().enumerate() {
                    let mut m = cand[usize::from(c)];
                    while m != 0 {
                        places[u * SIDE + m.trailing_zeros() as usize] |= 1 << i;
                        m &= m - 1;
                    }
                }
            }
        }
        Board::assemble(cand, places, deep)
    }

    /// The board of these candidates and places: open cells and placed digits counted,
    /// every house where a technique can find anything due.
    fn assemble(cand: [u16; CELLS], places: [u16; UNIT_COUNT * SIDE], deep: bool) -> Board {
        let single = |m: u16| count(m) == 1;
        let mut placed = [0u8; SIDE];
        for &m in cand.iter().filter(|&&m| single(m)) {
            placed[m.trailing_zeros() as usize] += 1;
        }
        let open = UNITS.map(|cells| {
            let open = cells.iter().filter(|&&c| !single(cand[usize::from(c)]));
            open.count() as u8
        });
        let mut board = Board {
            cand,
            places,
            unsolved: cand.iter().filter(|&&m| !single(m)).count() as u32,
            open,
            placed,
            pending: [0; LEVEL_COUNT],
            possible: [0; LEVEL_COUNT],
            touched_units: 0,
            touched_digits: 0,
            deep,
        };
        board.all_due();
        board
    }

    /// Every house where a technique can find anything is due.
    fn all_due(&mut self) {
        for (t, &technique) in Technique::ALL.iter().enumerate() {
            self.possible[t] = if is_fish(technique) {
                (0..SIDE)
                    .filter(|&d| self.open_lines(d) >= open_needed(technique))
                    .fold(0, |m, d| m | 1 << d)
            } else {
                (0..UNIT_COUNT)
                    .filter(|&u| usize::from(self.open[u]) >= open_needed(technique))
                    .fold(0, |m, u| m | 1 << u)
            };
            self.pending[t] = self.possible[t];
        }
    }

    /// How many rows (and columns) digit `d + 1` is still to be placed in (none when it
    /// is placed more than nine times: a contradiction about to be found).
    fn open_lines(&self, d: usize) -> usize {
        SIDE.saturating_sub(usize::from(self.placed[d]))
    }

    /// The places of digit `d + 1` in unit `u`.
    #[inline(always)]
    pub(crate) fn places(&self, u: usize, d: usize) -> u16 {
        self.places[u * SIDE + d]
    }

    /// `cell` loses the candidates `gone` (which it holds), keeping `left`: the touched
    /// houses follow, and the places (past the singles).
    #[inline(always)]
    pub(super) fn lose(&mut self, cell: usize, gone: u16, left: u16) {
        self.cand[cell] = left;
        self.touched_units |= UNIT_BITS[cell];
        self.touched_digits |= u32::from(gone);
        if !self.deep {
            return;
        }
        let [r, c, b] = UNITS_OF[cell].map(usize::from);
        let [pr, pc, pb] = PLACE_IN_UNITS[cell].map(|at| !(1u16 << at));
        let mut g = gone;
        while g != 0 {
            let d = g.trailing_zeros() as usize;
            g &= g - 1;
            self.places[r * SIDE + d] &= pr;
            self.places[c * SIDE + d] &= pc;
            self.places[b * SIDE + d] &= pb;
        }
    }

    /// `cell` is left with one candidate: one open cell fewer in its units, one more
    /// placed for its digit; the houses that leaves too few open for a technique are
    /// ruled out for it (past the singles only).
    #[inline(always)]
    pub(super) fn solved(&mut self, cell: usize) {
        self.unsolved -= 1;
        if !self.deep {
            return;
        }
        for u in UNITS_OF[cell].map(usize::from) {
            self.open[u] -= 1;
            let open = usize::from(self.open[u]);
            for t in Technique::NakedPair as usize..=Technique::HiddenQuad as usize {
                let ruled_out = open < open_needed(Technique::ALL[t]);
                self.possible[t] &= !(u32::from(ruled_out) << u);
            }
        }
        let d = mask_digit(self.cand[cell]) as usize - 1;
        self.placed[d] += 1;
        for t in [Technique::XWing, Technique::Swordfish] {
            let ruled_out = self.open_lines(d) < open_needed(t);
            self.possible[t as usize] &= !(u32::from(ruled_out) << d);
        }
    }

    /// Brings the houses every technique has to look at up to date with what was touched.
    #[inline(always)]
    fn fold(&mut self) {
        if self.touched_units | self.touched_digits == 0 {
            return;
        }
        for (t, p) in self.pending.iter_mut().enumerate() {
            let touched = if t >= Technique::XWing as usize {
                self.touched_digits
            } else {
                self.touched_units
            };
            *p |= touched & self.possible[t];
        }
        self.touched_units = 0;
        self.touched_digits = 0;
    }

    /// The first house (unit, or digit for the fish) at or after `from` that `technique`
    /// has to look at, taken off its list.
    #[inline(always)]
    pub(super) fn next_due(&mut self, technique: Technique, from: usize) -> Option<usize> {
        self.fold();
        let pending = &mut self.pending[technique as usize];
        let rest = *pending & (u32::MAX << from);
        if rest == 0 {
            return None;
        }
        let house = rest.trailing_zeros() as usize;
        *pending &= !(1 << house);
        Some(house)
    }

    /// Puts `house` back on the list of `technique`.
    #[inline(always)]
    pub(super) fn keep_due(&mut self, technique: Technique, house: usize) {
        self.pending[technique as usize] |= 1 << house;
    }

    /// The solved grid (every cell holds one candidate).
    pub(super) fn solution(&self) -> Grid {
        Grid::from_cells(self.cand.map(mask_digit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_board_reads_as_its_givens_candidates() {
        let puzzle: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let new = Board::new(&puzzle, true);
        let read = Board::from_candidates(new.cand, true);
        assert_eq!(new.places, read.places);
        assert_eq!(
            (new.unsolved, new.open, new.placed),
            (read.unsolved, read.open, read.placed)
        );
        assert_eq!((new.pending, new.possible), (read.pending, read.possible));
    }

    #[test]
    fn places_follow_the_candidates() {
        let puzzle: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let mut board = Board::new(&puzzle, true);
        board.lose(1, 0b110, board.cand[1] & !0b110);
        for (u, cells) in UNITS.iter().enumerate() {
            for d in 0..SIDE {
                let want = cells
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| board.cand[usize::from(c)] >> d & 1 != 0)
                    .fold(0u16, |m, (i, _)| m | 1 << i);
                assert_eq!(board.places(u, d), want, "unit {u} digit {}", d + 1);
            }
        }
        assert_eq!(board.unsolved, 64);
        assert_eq!(board.open[0], 6);
    }
}
