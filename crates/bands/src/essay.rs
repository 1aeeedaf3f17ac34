//! The essay: the same method in the classic words, cell by cell and unit by unit.
//!
//! The fast path ([`Bands`](crate::Bands)) works on registers of bits; this version
//! says the same thing over the candidates of each cell ([`DigitSet`]s), with loops over
//! rows, columns, boxes and the six permutations of three. It applies the rules until
//! none changes anything, then checks for dead ends, then chooses its try as the fast
//! path does; since the rules only take candidates away, the order they run in does not
//! change where they end, so both versions reach the same boards and make the same
//! tries: their counters are equal, puzzle by puzzle (the tests check it). It is slow,
//! and plain: read it first.
//!
//! Words used below: a *chute* is a band (three rows side by side) or a stack (three
//! columns side by side); a chute has three *lines* (its rows, or its columns) and three
//! *boxes*; a *triad* is the three cells a line shares with a box (a minirow, or a
//! minicolumn).

use sudoku_core::units::{CELLS, PEERS, UNITS};
use sudoku_core::Tally;
use sudoku_core::{Contradiction, DigitSet, Event, Grid, Limits, Observer, Outcome, Size};

use crate::told::Told;

/// The six permutations of three: line `i` takes box `p[i]`.
pub(crate) const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The plain version of the bands strategy (`bands-essay`), tested equal to it.
///
/// ```
/// use sudoku_bands::essay::BandsEssay;
/// use sudoku_bands::Bands;
/// use sudoku_core::{Grid, Limits, Solver};
///
/// let puzzle: Grid =
///     ".6.5.4.3.1...9...8.........9...5...6.4.6.2.7.7...4...5.........4...8...1.5.2.3.4."
///         .parse()
///         .unwrap();
/// let essay = BandsEssay.solve(&puzzle, &Limits::UNIQUENESS);
/// assert_eq!(essay, Bands.solve(&puzzle, &Limits::UNIQUENESS));
/// assert_eq!((essay.counters.nodes, essay.counters.backtracks), (2, 1));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct BandsEssay;

impl sudoku_core::Search for BandsEssay {
    fn name(&self) -> &'static str {
        "bands-essay"
    }

    fn search<O: Observer + ?Sized>(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut O,
    ) -> Outcome {
        solve(puzzle, limits, observer)
    }
}

sudoku_core::solver_from_search!(BandsEssay);

/// A band (`vertical == false`: rows `3c..3c+3`) or a stack (columns `3c..3c+3`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Chute {
    vertical: bool,
    index: usize,
}

impl Chute {
    /// The six chutes, in the order the choice ranks them: the bands, then the stacks.
    const ALL: [Chute; 6] = [
        Chute::band(0),
        Chute::band(1),
        Chute::band(2),
        Chute::stack(0),
        Chute::stack(1),
        Chute::stack(2),
    ];

    const fn band(index: usize) -> Chute {
        Chute {
            vertical: false,
            index,
        }
    }

    const fn stack(index: usize) -> Chute {
        Chute {
            vertical: true,
            index,
        }
    }

    /// The three cells of the triad of line `line` (0..3) and box `bx` (0..3).
    fn triad(self, line: usize, bx: usize) -> [usize; 3] {
        let (major, minor) = (3 * self.index + line, 3 * bx);
        if self.vertical {
            [0, 1, 2].map(|i| (minor + i) * 9 + major)
        } else {
            [0, 1, 2].map(|i| major * 9 + minor + i)
        }
    }

    /// The nine cells of line `line`.
    fn line(self, line: usize) -> [usize; 9] {
        let major = 3 * self.index + line;
        if self.vertical {
            UNITS[9 + major].map(usize::from)
        } else {
            UNITS[major].map(usize::from)
        }
    }
}

/// The candidates of every cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Pencil {
    values: [DigitSet; CELLS],
}

/// A dead end, and the cell or unit that shows it.
type Dead = Contradiction;

impl Pencil {
    /// The givens' cells hold their digit, every other cell every digit.
    fn new(puzzle: &Grid) -> Pencil {
        let mut values = [DigitSet::full(9); CELLS];
        for (v, &d) in values.iter_mut().zip(puzzle.cells()) {
            if d != 0 {
                *v = DigitSet::single(d);
            }
        }
        Pencil { values }
    }

    /// Takes `digit` out of `cell`; whether it was there.
    fn eliminate(&mut self, cell: usize, digit: u8) -> bool {
        self.values[cell].remove(digit)
    }

    /// Whether `digit` may go in a cell of `cells`.
    fn somewhere(&self, cells: &[usize], digit: u8) -> bool {
        cells.iter().any(|&c| self.values[c].contains(digit))
    }

    /// The occupancy of `digit` in `chute`: may it go in the triad of line `i`, box `j`?
    fn occupancy(&self, chute: Chute, digit: u8) -> [[bool; 3]; 3] {
        let mut m = [[false; 3]; 3];
        for (i, row) in m.iter_mut().enumerate() {
            for (j, place) in row.iter_mut().enumerate() {
                *place = self.somewhere(&chute.triad(i, j), digit);
            }
        }
        m
    }

    /// The permutations of an occupancy: the ways the digit can take one triad in each
    /// line and in each box.
    fn permutations(m: &[[bool; 3]; 3]) -> impl Iterator<Item = &'static [usize; 3]> + '_ {
        PERMUTATIONS
            .iter()
            .filter(move |p| (0..3).all(|i| m[i][p[i]]))
    }

    /// The chute rule (the band rule, the stack rule): a triad through which no
    /// permutation passes loses the digit. Whether anything changed.
    fn chute_rule(&mut self, chute: Chute, digit: u8) -> bool {
        let m = Pencil::occupancy(self, chute, digit);
        let mut on_one = [[false; 3]; 3];
        for p in Pencil::permutations(&m) {
            for i in 0..3 {
                on_one[i][p[i]] = true;
            }
        }
        let mut changed = false;
        for i in 0..3 {
            for j in 0..3 {
                if m[i][j] && !on_one[i][j] {
                    for c in chute.triad(i, j) {
                        changed |= self.eliminate(c, digit);
                    }
                }
            }
        }
        changed
    }

    /// Naked singles: a cell with one candidate holds it, and its peers lose it.
    fn naked_singles(&mut self) -> bool {
        let mut changed = false;
        for (cell, peers) in PEERS.iter().enumerate() {
            if let Some(d) = self.values[cell].only() {
                for &p in peers {
                    changed |= self.eliminate(usize::from(p), d);
                }
            }
        }
        changed
    }

    /// Hidden singles: a digit with one place left in a unit goes there.
    fn hidden_singles(&mut self) -> bool {
        let mut changed = false;
        for unit in &UNITS {
            for d in 1..=9 {
                let mut places = unit
                    .iter()
                    .filter(|&&c| self.values[usize::from(c)].contains(d));
                if let (Some(&only), None) = (places.next(), places.next()) {
                    let cell = usize::from(only);
                    changed |= self.values[cell] != DigitSet::single(d);
                    self.values[cell] = DigitSet::single(d);
                }
            }
        }
        changed
    }

    /// The digits that may go in `cells`.
    fn possible(&self, cells: &[usize]) -> DigitSet {
        cells.iter().fold(DigitSet::EMPTY, |s, &c| {
            DigitSet::from_bits(s.bits() | self.values[c].bits())
        })
    }

    /// The digits forced into triad `(i, j)` of `chute`: those that may go there and
    /// nowhere else in line `i`.
    fn forced(&self, chute: Chute, i: usize, j: usize) -> DigitSet {
        let triad = chute.triad(i, j);
        let rest: Vec<usize> = chute
            .line(i)
            .into_iter()
            .filter(|c| !triad.contains(c))
            .collect();
        let mut forced = DigitSet::EMPTY;
        for d in self.possible(&triad).iter() {
            if !self.somewhere(&rest, d) {
                forced.insert(d);
            }
        }
        forced
    }

    /// The triad rules: a triad holds exactly three digits. When only three may go
    /// there, each leaves the rest of the triad's line; when three are forced there,
    /// the other digits leave the triad.
    fn triads(&mut self) -> bool {
        let mut changed = false;
        for chute in Chute::ALL {
            for i in 0..3 {
                for j in 0..3 {
                    let triad = chute.triad(i, j);
                    let possible = self.possible(&triad);
                    if possible.len() == 3 {
                        for c in chute.line(i).into_iter().filter(|c| !triad.contains(c)) {
                            for d in possible.iter() {
                                changed |= self.eliminate(c, d);
                            }
                        }
                    }
                    let forced = self.forced(chute, i, j);
                    if forced.len() == 3 {
                        for c in triad {
                            for d in 1..=9 {
                                if !forced.contains(d) {
                                    changed |= self.eliminate(c, d);
                                }
                            }
                        }
                    }
                }
            }
        }
        changed
    }

    /// Every rule, again and again, until none changes anything.
    fn propagate(&mut self) {
        loop {
            let mut changed = false;
            for chute in Chute::ALL {
                for d in 1..=9 {
                    changed |= self.chute_rule(chute, d);
                }
            }
            changed |= self.naked_singles();
            changed |= self.hidden_singles();
            changed |= self.triads();
            if !changed {
                return;
            }
        }
    }

    /// The first dead end of a propagated board: a cell without candidates, a digit
    /// without a place in a unit, or a triad that cannot hold three digits (fewer
    /// possible, or more forced).
    fn dead_end(&self) -> Option<Dead> {
        if let Some(cell) = (0..CELLS).find(|&c| self.values[c].is_empty()) {
            return Some(Contradiction::EmptyCell { cell: cell as u16 });
        }
        for (u, unit) in UNITS.iter().enumerate() {
            let cells = unit.map(usize::from);
            if let Some(d) = (1..=9).find(|&d| !self.somewhere(&cells, d)) {
                return Some(Contradiction::NoPlace {
                    unit: u as u16,
                    digit: d,
                });
            }
        }
        for chute in Chute::ALL {
            for i in 0..3 {
                for j in 0..3 {
                    let triad = chute.triad(i, j);
                    if self.possible(&triad).len() < 3 || self.forced(chute, i, j).len() > 3 {
                        return Some(Contradiction::EmptyCell {
                            cell: triad[0] as u16,
                        });
                    }
                }
            }
        }
        None
    }

    /// Every cell holds one digit.
    fn solved(&self) -> bool {
        self.values.iter().all(|v| v.len() == 1)
    }

    /// The try at an open board: in the chute with the fewest configurations over its
    /// nine digits (a digit's configurations there: its permutations), among the digits
    /// with two or more, the open triad (in a line where the digit has two triads or
    /// more) with the fewest cells for it, ties to the digit with fewer configurations,
    /// then to the smaller digit and the first triad; the digit in its first cell.
    fn choose(&self) -> (usize, u8) {
        let configurations =
            |chute, d| Pencil::permutations(&self.occupancy(chute, d)).count() as u32;
        let tightest = Chute::ALL
            .into_iter()
            .map(|chute| {
                (
                    chute,
                    (1..=9).map(|d| configurations(chute, d)).sum::<u32>(),
                )
            })
            .filter(|&(_, total)| total > 9)
            .fold(
                None,
                |best: Option<(Chute, u32)>, (chute, total)| match best {
                    Some((_, fewest)) if fewest <= total => best,
                    _ => Some((chute, total)),
                },
            );
        let Some((chute, _)) = tightest else {
            return self.first_open();
        };
        let mut best: Option<(u32, usize, u8)> = None;
        for d in 1..=9 {
            let count = configurations(chute, d);
            if count < 2 {
                continue;
            }
            let m = self.occupancy(chute, d);
            for (i, j) in triad_order(chute) {
                let open = m[i][j] && m[i].iter().filter(|&&p| p).count() >= 2;
                if !open {
                    continue;
                }
                let cells: Vec<usize> = chute
                    .triad(i, j)
                    .into_iter()
                    .filter(|&c| self.values[c].contains(d))
                    .collect();
                let key = cells.len() as u32 * 8 + count;
                if best.is_none_or(|(k, _, _)| key < k) {
                    best = Some((key, cells[0], d));
                }
            }
        }
        best.map_or_else(|| self.first_open(), |(_, cell, d)| (cell, d))
    }

    /// The first cell with two candidates or more, and its smallest digit.
    fn first_open(&self) -> (usize, u8) {
        (0..CELLS)
            .find(|&c| self.values[c].len() > 1)
            .map_or((0, 1), |c| (c, self.values[c].first().unwrap_or(1)))
    }

    /// The grid of a solved board.
    fn to_grid(self) -> Grid {
        Grid::from_cells(self.values.map(|v| v.only().unwrap_or(0)))
    }
}

/// The triads of a chute in the order the choice reads them: reading order of their
/// first cells (a band: row by row; a stack: band by band).
fn triad_order(chute: Chute) -> impl Iterator<Item = (usize, usize)> {
    (0..9).map(move |k| {
        let (outer, inner) = (k / 3, k % 3);
        if chute.vertical {
            (inner, outer) // band `outer`, column `inner` of the stack
        } else {
            (outer, inner) // row `outer`, box `inner` of the band
        }
    })
}

/// The search stopped early: the solution limit was reached or the node budget spent.
struct Stop;

/// One search: the shared bookkeeping and the observer.
struct Search<'o, O: Observer + ?Sized> {
    tally: Tally,
    observer: &'o mut O,
    /// What the observer has been told of the candidates (only when someone watches).
    told: Option<Told>,
}

impl<O: Observer + ?Sized> Search<'_, O> {
    /// DPLL: propagate; at a dead end return, at a solution count it; else try the
    /// chosen digit in the chosen cell on a copy, and when the try is taken back the
    /// digit leaves the cell and the node goes on.
    fn node(&mut self, mut pencil: Pencil, depth: u16) -> Result<(), Stop> {
        loop {
            pencil.propagate();
            let dead = pencil.dead_end();
            if let (None, Some(told)) = (dead, self.told.as_mut()) {
                told.fixpoint(depth, |cell| pencil.values[cell], self.observer);
            }
            if let Some(reason) = dead {
                if self.observer.active() {
                    self.observer.event(Event::Contradiction { depth, reason });
                }
                return Ok(());
            }
            if pencil.solved() {
                if self.observer.active() {
                    self.observer.event(Event::Solution { depth });
                }
                return match self.tally.solution(|| pencil.to_grid()) {
                    true => Err(Stop),
                    false => Ok(()),
                };
            }
            let (cell, digit) = pencil.choose();
            if !self.tally.try_one() {
                return Err(Stop);
            }
            let cell16 = cell as u16;
            if self.observer.active() {
                self.observer.event(Event::Try {
                    depth: depth + 1,
                    cell: cell16,
                    digit,
                });
            }
            if let Some(told) = self.told.as_mut() {
                told.tried(cell, digit);
            }
            let mut child = pencil;
            child.values[cell] = DigitSet::single(digit);
            self.node(child, depth + 1)?;
            self.tally.backtrack();
            if let Some(told) = self.told.as_mut() {
                told.taken_back();
            }
            if self.observer.active() {
                self.observer.event(Event::Backtrack {
                    depth: depth + 1,
                    cell: cell16,
                    digit,
                });
            }
            pencil.eliminate(cell, digit);
        }
    }
}

/// Solves a 9x9 `puzzle` as [`BandsEssay`] does.
fn solve<O: Observer + ?Sized>(puzzle: &Grid, limits: &Limits, observer: &mut O) -> Outcome {
    assert_eq!(
        puzzle.size(),
        Size::NINE,
        "bands-essay solves 9x9 grids only"
    );
    let told = observer.active().then(|| Told::new(puzzle));
    let mut search = Search {
        tally: Tally::new(limits),
        observer,
        told,
    };
    // Stopping early is not an error: the tally says why.
    let _ = search.node(Pencil::new(puzzle), 0);
    search.tally.outcome()
}
