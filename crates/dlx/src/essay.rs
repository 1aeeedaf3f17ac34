//! Algorithm X on dancing links in the words of Knuth's paper ("Dancing Links", 2000):
//! the `dlx-essay` strategy, tested equal to the fast [`Dlx`](crate::Dlx), counter for
//! counter, on every golden file.
//!
//! Every 1 of the matrix is a *data object* `x` with five fields: `L[x]`, `R[x]`
//! (its row, a circular list), `U[x]`, `D[x]` (its column, a circular list) and `C[x]`,
//! its column object. A *column object* has the same fields and two more: `S[c]`, the
//! number of 1s in the column, and `N[c]`, its name (here its number, 0-based in column
//! order). The root `h` heads the circular list of the column objects still to cover.
//! All objects live in one vector and link to each other by index: `h` is object 0,
//! column `j` is object `j + 1`, and the data objects follow, row after row.
//!
//! Knuth's `search(k)`, which [`Search::search`] follows line by line:
//!
//! > If `R[h] = h`, print the current solution and return. Otherwise choose a column
//! > object `c`. Cover column `c`. For each `r ← D[c]`, `D[D[c]]`, ..., while `r ≠ c`,
//! > set `O_k ← r`; for each `j ← R[r]`, `R[R[r]]`, ..., while `j ≠ r`, cover column
//! > `C[j]`; `search(k + 1)`; set `r ← O_k` and `c ← C[r]`; for each `j ← L[r]`,
//! > `L[L[r]]`, ..., while `j ≠ r`, uncover column `C[j]`. Uncover column `c` and
//! > return.
//!
//! Choosing `c` is Knuth's *S heuristic*: the column with the fewest 1s, the first in
//! column order on a tie. Each row `r` selected by the search is a *try*; unselecting
//! it is a *backtrack*. The givens' rows are selected before the search.

pub use sudoku_core::cover::columns_of;
use sudoku_core::{Choice, Contradiction, Event, Grid, Limits, Observer, Outcome, Size, Tally};

/// The root `h`: the head of the list of the columns still to cover.
pub const ROOT: usize = 0;

/// A data object or a column object: its links and its column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Node {
    /// `L[x]`: the object to the left in its row (column objects: in the header list).
    pub l: usize,
    /// `R[x]`: the object to the right.
    pub r: usize,
    /// `U[x]`: the object above in its column.
    pub u: usize,
    /// `D[x]`: the object below.
    pub d: usize,
    /// `C[x]`: its column object (a column object is its own).
    pub c: usize,
}

/// The two fields only a column object has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column {
    /// `S[c]`: how many data objects the column holds.
    pub s: usize,
    /// `N[c]`: its name, the column's number in column order.
    pub n: usize,
}

/// The sparse matrix of a sudoku as an exact cover, in dancing links.
#[derive(Debug, Clone)]
pub struct Matrix {
    /// Every object: `h`, the column objects, then the data objects row after row.
    pub node: Vec<Node>,
    /// `S` and `N` of `h` (unused) and of each column object, indexed as in `node`.
    pub column: Vec<Column>,
    /// The leftmost data object (in the cell column) of each row `(r, c, d)`, so that
    /// a given's row can be found.
    pub row: Vec<usize>,
    /// The grid size.
    pub size: Size,
}

impl Matrix {
    /// The matrix of `size`: `4N²` columns, and the `N³` rows `(r, c, d)` appended in
    /// ascending order, so that each column lists its rows top to bottom.
    pub fn new(size: Size) -> Matrix {
        let mut m = Matrix::columns(size);
        let n = size.side();
        for r in 0..n {
            for c in 0..n {
                for d in 0..n {
                    m.append_row(columns_of(size, r, c, d));
                }
            }
        }
        m
    }

    /// The `4N²` empty column objects, linked in column order into a circle with `h`.
    fn columns(size: Size) -> Matrix {
        let count = 4 * size.cells() + 1;
        let node = (0..count)
            .map(|x| Node {
                l: (x + count - 1) % count,
                r: (x + 1) % count,
                u: x,
                d: x,
                c: x,
            })
            .collect();
        let column = (0..count)
            .map(|x| Column {
                s: 0,
                n: x.wrapping_sub(1),
            })
            .collect();
        Matrix {
            node,
            column,
            row: Vec::new(),
            size,
        }
    }

    /// Appends a row with a 1 in each of `columns` (ascending): its data objects are
    /// linked left to right into a circle and each put at the bottom of its column.
    fn append_row(&mut self, columns: [usize; 4]) {
        let first = self.node.len();
        self.row.push(first);
        for (k, j) in columns.into_iter().enumerate() {
            let (x, c) = (first + k, j + 1);
            let above = self.node[c].u;
            self.node.push(Node {
                l: first + (k + 3) % 4,
                r: first + (k + 1) % 4,
                u: above,
                d: c,
                c,
            });
            self.node[above].d = x;
            self.node[c].u = x;
            self.column[c].s += 1;
        }
    }

    /// *Cover column c*: `L[R[c]] ← L[c]`, `R[L[c]] ← R[c]`; then for each
    /// `i ← D[c]`, ..., and each `j ← R[i]`, ...: `U[D[j]] ← U[j]`, `D[U[j]] ← D[j]`,
    /// `S[C[j]] ← S[C[j]] − 1`.
    pub fn cover(&mut self, c: usize) {
        let Node { l, r, .. } = self.node[c];
        self.node[r].l = l;
        self.node[l].r = r;
        let mut i = self.node[c].d;
        while i != c {
            let mut j = self.node[i].r;
            while j != i {
                let Node { u, d, c: cj, .. } = self.node[j];
                self.node[d].u = u;
                self.node[u].d = d;
                self.column[cj].s -= 1;
                j = self.node[j].r;
            }
            i = self.node[i].d;
        }
    }

    /// *Uncover column c*: for each `i ← U[c]`, ..., and each `j ← L[i]`, ...:
    /// `S[C[j]] ← S[C[j]] + 1`, `U[D[j]] ← j`, `D[U[j]] ← j`; then `L[R[c]] ← c`,
    /// `R[L[c]] ← c`. The exact reverse of [`Matrix::cover`]: the links dance back.
    pub fn uncover(&mut self, c: usize) {
        let mut i = self.node[c].u;
        while i != c {
            let mut j = self.node[i].l;
            while j != i {
                let Node { u, d, c: cj, .. } = self.node[j];
                self.column[cj].s += 1;
                self.node[d].u = j;
                self.node[u].d = j;
                j = self.node[j].l;
            }
            i = self.node[i].u;
        }
        let Node { l, r, .. } = self.node[c];
        self.node[r].l = c;
        self.node[l].r = c;
    }

    /// The S heuristic: `s ← ∞`; for each `j ← R[h]`, ..., if `S[j] < s`, set `c ← j`
    /// and `s ← S[j]`. The first column of fewest 1s.
    pub fn choose_column(&self) -> usize {
        let (mut c, mut s) = (ROOT, usize::MAX);
        let mut j = self.node[ROOT].r;
        while j != ROOT {
            if self.column[j].s < s {
                (c, s) = (j, self.column[j].s);
            }
            j = self.node[j].r;
        }
        c
    }

    /// Whether column `c` is covered: its neighbours in the header list no longer lead
    /// to it.
    pub fn is_covered(&self, c: usize) -> bool {
        self.node[self.node[c].l].r != c
    }

    /// The cell and digit (1..=N) of the row of data object `x`, read from the names
    /// of its columns: the cell column names the cell, the row-digit column the digit.
    pub fn cell_and_digit(&self, x: usize) -> (usize, u8) {
        let cells = self.size.cells();
        let (mut cell, mut digit) = (0, 0);
        let mut j = x;
        loop {
            let name = self.column[self.node[j].c].n;
            if name < cells {
                cell = name;
            } else if name < 2 * cells {
                digit = (name - cells) % self.size.side() + 1;
            }
            j = self.node[j].r;
            if j == x {
                return (cell, digit as u8);
            }
        }
    }
}

/// One run of Algorithm X: the matrix, the rows chosen `O_0`, `O_1`, ..., the counters
/// and the observer told every step.
pub struct Search<'a, O: Observer + ?Sized> {
    /// The matrix, covered as the search stands.
    pub matrix: Matrix,
    /// `O_0 .. O_{k-1}`: the row chosen on each level standing.
    pub o: Vec<usize>,
    puzzle: &'a Grid,
    tally: Tally,
    observer: &'a mut O,
}

impl<'a, O: Observer + ?Sized> Search<'a, O> {
    /// A search for `puzzle` under `limits`, on its full matrix.
    pub fn new(puzzle: &'a Grid, limits: &Limits, observer: &'a mut O) -> Self {
        Search {
            matrix: Matrix::new(puzzle.size()),
            o: Vec::new(),
            puzzle,
            tally: Tally::new(limits),
            observer,
        }
    }

    /// Selects each given's row, in reading order, by covering its columns from left
    /// to right (at depth 0). Returns `false` if the givens clash: a given whose row
    /// is gone, one of its columns covered by an earlier given.
    pub fn select_givens(&mut self) -> bool {
        let n = self.puzzle.size().side();
        for (cell, &digit) in self.puzzle.cells().iter().enumerate() {
            if digit == 0 {
                continue;
            }
            let r = self.matrix.row[cell * n + digit as usize - 1];
            if self.row_is_gone(r) {
                return false;
            }
            self.cover(0, self.matrix.node[r].c);
            self.cover_right_of(0, r);
        }
        true
    }

    /// Whether the row of `r` is gone: one of its columns is covered.
    fn row_is_gone(&self, r: usize) -> bool {
        let m = &self.matrix;
        let mut j = r;
        loop {
            if m.is_covered(m.node[j].c) {
                return true;
            }
            j = m.node[j].r;
            if j == r {
                return false;
            }
        }
    }

    /// Knuth's `search(k)`, `k` rows chosen. Returns `true` when the search must stop:
    /// the solutions asked for are found, or the node budget is spent.
    ///
    /// A column with no 1 left (`S[c] = 0`) is a dead end: Knuth covers it, finds no
    /// row to try and uncovers it; here it is reported and left alone.
    pub fn search(&mut self, k: usize) -> bool {
        if self.matrix.node[ROOT].r == ROOT {
            return self.print_solution(k);
        }
        let c = self.matrix.choose_column();
        if self.matrix.column[c].s == 0 {
            self.dead_end(k, c);
            return false;
        }
        self.report(Event::Choose {
            depth: k as u16,
            choice: Choice::FewestRows {
                column: self.matrix.column[c].n as u16,
                rows: self.matrix.column[c].s as u8,
            },
        });
        self.cover(k, c);
        let mut r = self.matrix.node[c].d;
        while r != c {
            if !self.tally.try_one() {
                return true;
            }
            self.o.truncate(k);
            self.o.push(r);
            let depth = k as u16 + 1;
            self.report_row(r, |cell, digit| Event::Try { depth, cell, digit });
            self.cover_right_of(k + 1, r);
            if self.search(k + 1) {
                return true;
            }
            self.uncover_left_of(k + 1, r);
            self.tally.backtrack();
            self.report_row(r, |cell, digit| Event::Backtrack { depth, cell, digit });
            r = self.matrix.node[r].d;
        }
        self.uncover(k, c);
        false
    }

    /// The counters and solutions of the search.
    pub fn outcome(self) -> Outcome {
        self.tally.outcome()
    }

    /// For each `j ← R[r]`, `R[R[r]]`, ..., while `j ≠ r`: cover column `C[j]`.
    fn cover_right_of(&mut self, depth: usize, r: usize) {
        let mut j = self.matrix.node[r].r;
        while j != r {
            self.cover(depth, self.matrix.node[j].c);
            j = self.matrix.node[j].r;
        }
    }

    /// For each `j ← L[r]`, `L[L[r]]`, ..., while `j ≠ r`: uncover column `C[j]`.
    fn uncover_left_of(&mut self, depth: usize, r: usize) {
        let mut j = self.matrix.node[r].l;
        while j != r {
            self.uncover(depth, self.matrix.node[j].c);
            j = self.matrix.node[j].l;
        }
    }

    /// "Print the current solution": the puzzle with the digits of `O_0 .. O_{k-1}`.
    /// Returns `true` when that was the last solution asked for.
    fn print_solution(&mut self, k: usize) -> bool {
        self.report(Event::Solution { depth: k as u16 });
        let (matrix, o, puzzle) = (&self.matrix, &self.o[..k], self.puzzle);
        self.tally.solution(|| {
            let mut grid = *puzzle;
            for &r in o {
                let (cell, digit) = matrix.cell_and_digit(r);
                grid.set(cell, digit);
            }
            grid
        })
    }

    /// Covers column `c` at `depth`, and says so.
    fn cover(&mut self, depth: usize, c: usize) {
        self.matrix.cover(c);
        let column = self.matrix.column[c].n as u16;
        self.report(Event::Cover {
            depth: depth as u16,
            column,
        });
    }

    /// Uncovers column `c` at `depth`, and says so.
    fn uncover(&mut self, depth: usize, c: usize) {
        self.matrix.uncover(c);
        let column = self.matrix.column[c].n as u16;
        self.report(Event::Uncover {
            depth: depth as u16,
            column,
        });
    }

    /// Says that column `c` has no 1 left at depth `k`.
    fn dead_end(&mut self, k: usize, c: usize) {
        let column = self.matrix.column[c].n as u16;
        self.report(Event::Contradiction {
            depth: k as u16,
            reason: Contradiction::EmptyColumn { column },
        });
    }

    /// Says what happens to the row of `r` (tried, or taken back): `event` is given
    /// its cell and digit.
    fn report_row(&mut self, r: usize, event: impl FnOnce(u16, u8) -> Event) {
        if self.observer.active() {
            let (cell, digit) = self.matrix.cell_and_digit(r);
            self.report(event(cell as u16, digit));
        }
    }

    /// Tells the observer, if it watches.
    fn report(&mut self, event: Event) {
        if self.observer.active() {
            self.observer.event(event);
        }
    }
}

/// The dlx strategy in the words of the paper: [`Matrix`] and [`Search`] above, the
/// matrix built for each solve. Same counters as [`Dlx`](crate::Dlx), at every size.
///
/// ```
/// use sudoku_core::{Grid, Limits, Solver};
/// use sudoku_dlx::DlxEssay;
/// let polish: Grid =
///     ".58.....317..5...8......1...........4.7.8...6.83.6..1791...3.7...6....8........34"
///         .parse()
///         .unwrap();
/// let out = DlxEssay.solve(&polish, &Limits::FIRST);
/// assert_eq!((out.counters.nodes, out.counters.backtracks), (57, 0));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct DlxEssay;

impl DlxEssay {
    /// Selects the givens, then `search(0)`.
    fn run<O: Observer + ?Sized>(puzzle: &Grid, limits: &Limits, observer: &mut O) -> Outcome {
        let mut search = Search::new(puzzle, limits, observer);
        if !search.select_givens() {
            return Outcome::rejected_at_root();
        }
        search.search(0);
        search.outcome()
    }
}

impl sudoku_core::Search for DlxEssay {
    fn name(&self) -> &'static str {
        "dlx-essay"
    }

    fn search<O: Observer + ?Sized>(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut O,
    ) -> Outcome {
        DlxEssay::run(puzzle, limits, observer)
    }

    /// Every size: the matrix has `4N²` columns and `N³` rows.
    fn supports(&self, _size: Size) -> bool {
        true
    }
}

sudoku_core::solver_from_search!(DlxEssay);

#[cfg(test)]
mod tests {
    use super::*;

    /// The columns of the header list, in list order.
    fn header_list(m: &Matrix) -> Vec<usize> {
        let mut list = Vec::new();
        let mut j = m.node[ROOT].r;
        while j != ROOT {
            list.push(j);
            j = m.node[j].r;
        }
        list
    }

    #[test]
    fn every_column_holds_n_rows_top_to_bottom_and_every_row_four_objects() {
        for size in Size::ALL {
            let m = Matrix::new(size);
            let n = size.side();
            assert_eq!(header_list(&m), (1..=4 * n * n).collect::<Vec<_>>());
            for c in header_list(&m) {
                assert_eq!((m.column[c].s, m.column[c].n), (n, c - 1));
                let mut rows = Vec::new();
                let mut i = m.node[c].d;
                while i != c {
                    assert_eq!(m.node[i].c, c);
                    rows.push(i);
                    i = m.node[i].d;
                }
                assert_eq!(rows.len(), n);
                assert!(rows.windows(2).all(|w| w[0] < w[1]), "top to bottom");
            }
            assert_eq!(m.row.len(), n * n * n);
            for &x in &m.row {
                let right = [m.node[x].r, m.node[m.node[x].r].r];
                assert_eq!(m.node[m.node[right[1]].r].r, x, "a circle of four");
                assert_eq!(m.node[x].l, m.node[right[1]].r);
            }
        }
    }

    #[test]
    fn a_row_names_its_cell_and_digit() {
        let m = Matrix::new(Size::SIXTEEN);
        // Row (r=2, c=5, d=11): cell 37, digit 12; any object of the row says so.
        let x = m.row[(2 * 16 + 5) * 16 + 11];
        for j in [x, m.node[x].r, m.node[x].l] {
            assert_eq!(m.cell_and_digit(j), (37, 12));
        }
        let expected = columns_of(Size::SIXTEEN, 2, 5, 11);
        assert_eq!(m.column[m.node[m.node[x].r].c].n, expected[1]);
    }

    #[test]
    fn uncover_puts_back_exactly_what_cover_took() {
        let mut m = Matrix::new(Size::NINE);
        let pristine = m.clone();
        let columns = [1, 82, 170, 300, 12];
        for c in columns {
            m.cover(c);
            assert!(m.is_covered(c));
        }
        assert!(!header_list(&m).contains(&82));
        assert_ne!(m.node, pristine.node);
        for c in columns.into_iter().rev() {
            m.uncover(c);
        }
        assert_eq!(m.node, pristine.node);
        assert_eq!(m.column, pristine.column);
        assert!(!m.is_covered(1));
    }

    #[test]
    fn the_s_heuristic_takes_the_first_of_the_fewest() {
        let mut m = Matrix::new(Size::FOUR);
        assert_eq!(m.choose_column(), 1, "all of size 4: the first");
        // Covering cell column 0 takes one row out of each of its digits' columns.
        m.cover(1);
        assert_eq!(m.choose_column(), 17, "row-digit (0, 0) now holds 3");
        assert_eq!(m.column[17].s, 3);
    }
}
