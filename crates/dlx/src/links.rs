//! The flat dancing-links matrix of the fast path, written once for every grid size.
//!
//! Each 1 of the matrix is a node, each column has a header, and the root `h` (index
//! [`ROOT`]) heads the list of the headers of the columns still to be covered. Links are
//! `u16` indices into flat arrays; since rows are never unlinked horizontally, the four
//! nodes of a row sit side by side, aligned on 4, and "the other nodes of row `i`" are
//! `i ^ 1`, `i ^ 2`, `i ^ 3`. The arrays are those of a [`Links`] storage: fixed arrays
//! built at compile time for 9x9 ([`crate::nine`]), boxed slices built once per size for
//! the others ([`crate::any_size`]); the code below is monomorphised for each, so the
//! 9x9 one reads constants only.

use sudoku_core::size::MAX_SIDE;
use sudoku_core::Size;

use crate::essay::columns_of;

/// The root `h` of the header list.
pub(crate) const ROOT: usize = 0;

/// The bit set in the size of a covered column (sizes are at most 25), so that the
/// smallest size is always an uncovered column's.
pub(crate) const COVERED: u8 = 0x80;
const _: () = assert!(MAX_SIDE < COVERED as usize);

/// Where everything sits in the flat arrays of the matrix of one grid size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Layout {
    /// The grid size.
    pub size: Size,
    /// The side `N` of the grid.
    pub side: usize,
    /// The box size `b`.
    pub box_size: usize,
    /// The columns (constraints), `4N²`.
    pub columns: usize,
    /// The rows (candidates `(r, c, d)`), `N³`.
    pub rows: usize,
    /// The headers: the root, then header `j + 1` for column `j`.
    pub headers: usize,
    /// The length of the array of sizes, indexed by header and padded to whole 16-byte
    /// chunks for the scan of the S heuristic.
    pub sizes: usize,
    /// The first node of the first row: rows are 4 nodes each, aligned on 4.
    pub first_node: usize,
    /// All nodes: headers, padding, then the rows.
    pub nodes: usize,
}

impl Layout {
    /// The layout of the matrix of grids of `size`.
    pub(crate) const fn of(size: Size) -> Layout {
        let side = size.side();
        let columns = 4 * side * side;
        let rows = side * side * side;
        let headers = columns + 1;
        let first_node = headers.next_multiple_of(4);
        Layout {
            size,
            side,
            box_size: size.box_size(),
            columns,
            rows,
            headers,
            sizes: headers.next_multiple_of(16),
            first_node,
            nodes: first_node + 4 * rows,
        }
    }

    /// The row of `digit` (1..=N) in `cell`: rows are `(r, c, d)` ascending.
    #[inline(always)]
    pub(crate) const fn row_of(&self, cell: usize, digit: u8) -> usize {
        cell * self.side + digit as usize - 1
    }

    /// The four columns of `row` (0-based), in column order (see [`columns_of`]).
    #[inline(always)]
    pub(crate) const fn columns_of(&self, row: usize) -> [usize; 4] {
        let n = self.side;
        let cell = row / n;
        columns_of(self.size, cell / n, cell % n, row % n)
    }

    /// The cell and digit (1..=N) a row node stands for.
    #[inline(always)]
    pub(crate) const fn cell_digit(&self, node: usize) -> (usize, u8) {
        let row = (node - self.first_node) / 4;
        (row / self.side, (row % self.side) as u8 + 1)
    }

    /// Fills `top`, the column header of every node (a header is its own column).
    pub(crate) const fn fill_top(&self, top: &mut [u16]) {
        let mut h = 0;
        while h < self.headers {
            top[h] = h as u16;
            h += 1;
        }
        let mut row = 0;
        while row < self.rows {
            let cols = self.columns_of(row);
            let mut k = 0;
            while k < 4 {
                top[self.first_node + 4 * row + k] = (cols[k] + 1) as u16;
                k += 1;
            }
            row += 1;
        }
    }

    /// Links the full matrix: the header list in column order, and every row at the
    /// bottom of its four columns, rows in ascending order (so top to bottom in each
    /// column). `top` is the table [`Layout::fill_top`] filled.
    pub(crate) const fn link(
        &self,
        top: &[u16],
        ud: &mut [[u16; 2]],
        lr: &mut [[u16; 2]],
        size: &mut [u8],
    ) {
        let mut h = 0;
        while h < self.sizes {
            size[h] = if h == ROOT || h >= self.headers {
                COVERED | 0x7f
            } else {
                0
            };
            h += 1;
        }
        let mut h = 0;
        while h < self.headers {
            let left = if h == ROOT { self.columns } else { h - 1 };
            let right = if h == self.columns { ROOT } else { h + 1 };
            lr[h] = [left as u16, right as u16];
            ud[h] = [h as u16, h as u16];
            h += 1;
        }
        let mut node = self.first_node;
        while node < self.nodes {
            let h = top[node] as usize;
            let last = ud[h][0] as usize;
            ud[node] = [last as u16, h as u16];
            ud[last][1] = node as u16;
            ud[h][0] = node as u16;
            size[h] += 1;
            node += 1;
        }
    }
}

// Every link of the largest matrix fits in a u16.
const _: () = assert!(Layout::of(Size::TWENTY_FIVE).nodes <= u16::MAX as usize + 1);

/// What the S heuristic found on entering a level.
pub(crate) enum Choice {
    /// Every column is covered: the rows chosen are a solution.
    Solution,
    /// Some column has no row left: a dead end.
    DeadEnd,
    /// The column (its header) to branch on.
    Column(usize),
}

/// What never changes in the matrix of one size: where everything sits, and the
/// column header of every node (a header is its own column).
pub(crate) trait Shape {
    /// Where everything sits.
    fn layout(&self) -> &Layout;
    /// The column header of every node.
    fn top(&self) -> &[u16];
}

/// A dancing-links matrix in flat arrays: the up/down links of every node, the
/// left/right links of the headers, and the column sizes; fixed arrays for 9x9
/// ([`crate::nine::Nine`]), boxed slices for the other sizes
/// ([`crate::any_size::AnySize`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Matrix<S, Ud, Lr, Sz> {
    /// The layout and the column of every node.
    pub(crate) shape: S,
    /// `[up, down]` of every node.
    pub(crate) ud: Ud,
    /// `[left, right]` of every header (and the root).
    pub(crate) lr: Lr,
    /// The number of rows of each column, with [`COVERED`] set while it is covered
    /// (the root and the padding are always "covered").
    pub(crate) size: Sz,
}

impl<S, Ud, Lr, Sz> Links for Matrix<S, Ud, Lr, Sz>
where
    S: Shape,
    Ud: AsRef<[[u16; 2]]> + AsMut<[[u16; 2]]>,
    Lr: AsRef<[[u16; 2]]> + AsMut<[[u16; 2]]>,
    Sz: AsRef<[u8]> + AsMut<[u8]>,
{
    #[inline(always)]
    fn layout(&self) -> &Layout {
        self.shape.layout()
    }
    #[inline(always)]
    fn top(&self) -> &[u16] {
        self.shape.top()
    }
    #[inline(always)]
    fn ud(&self) -> &[[u16; 2]] {
        self.ud.as_ref()
    }
    #[inline(always)]
    fn ud_mut(&mut self) -> &mut [[u16; 2]] {
        self.ud.as_mut()
    }
    #[inline(always)]
    fn lr(&self) -> &[[u16; 2]] {
        self.lr.as_ref()
    }
    #[inline(always)]
    fn lr_mut(&mut self) -> &mut [[u16; 2]] {
        self.lr.as_mut()
    }
    #[inline(always)]
    fn size(&self) -> &[u8] {
        self.size.as_ref()
    }
    #[inline(always)]
    fn size_mut(&mut self) -> &mut [u8] {
        self.size.as_mut()
    }
}

/// The operations of the paper on a [`Matrix`], over its arrays (provided methods,
/// so that each kind of storage gets its own compiled copy).
pub(crate) trait Links {
    /// Where everything sits.
    fn layout(&self) -> &Layout;
    /// The column header of every node.
    fn top(&self) -> &[u16];
    /// `[up, down]` of every node.
    fn ud(&self) -> &[[u16; 2]];
    /// `[up, down]` of every node, to change.
    fn ud_mut(&mut self) -> &mut [[u16; 2]];
    /// `[left, right]` of every header (and the root).
    fn lr(&self) -> &[[u16; 2]];
    /// `[left, right]` of every header, to change.
    fn lr_mut(&mut self) -> &mut [[u16; 2]];
    /// The size of every column (see [`Matrix::size`]).
    fn size(&self) -> &[u8];
    /// The sizes, to change.
    fn size_mut(&mut self) -> &mut [u8];

    /// `U[node]`.
    #[inline(always)]
    fn up(&self, node: usize) -> usize {
        self.ud()[node][0] as usize
    }

    /// `D[node]`.
    #[inline(always)]
    fn down(&self, node: usize) -> usize {
        self.ud()[node][1] as usize
    }

    /// `R[header]`.
    #[inline(always)]
    fn right(&self, header: usize) -> usize {
        self.lr()[header][1] as usize
    }

    /// Whether the column of `header` is covered.
    #[inline(always)]
    fn is_covered(&self, header: usize) -> bool {
        self.size()[header] & COVERED != 0
    }

    /// Takes node `j` out of its column (its row stays linked horizontally).
    #[inline(always)]
    fn unlink_vertically(&mut self, j: usize) {
        let [u, d] = self.ud()[j];
        let c = self.top()[j] as usize;
        let ud = self.ud_mut();
        ud[u as usize][1] = d;
        ud[d as usize][0] = u;
        self.size_mut()[c] -= 1;
    }

    /// Puts node `j` back into its column, where it was.
    #[inline(always)]
    fn relink_vertically(&mut self, j: usize) {
        let [u, d] = self.ud()[j];
        let c = self.top()[j] as usize;
        self.size_mut()[c] += 1;
        let ud = self.ud_mut();
        ud[u as usize][1] = j as u16;
        ud[d as usize][0] = j as u16;
    }

    /// *Cover column c*: remove `c` from the header list, then, going down the
    /// column, remove each of its rows from every other column it lies in.
    #[inline(always)]
    fn cover(&mut self, c: usize) {
        let [l, r] = self.lr()[c];
        let lr = self.lr_mut();
        lr[l as usize][1] = r;
        lr[r as usize][0] = l;
        self.size_mut()[c] |= COVERED;
        let mut i = self.down(c);
        while i != c {
            self.unlink_vertically(i ^ 1);
            self.unlink_vertically(i ^ 2);
            self.unlink_vertically(i ^ 3);
            i = self.down(i);
        }
    }

    /// *Uncover column c*: going up the column, put each of its rows back into the
    /// other columns in the reverse order of [`Links::cover`], then put `c` back into
    /// the header list.
    #[inline(always)]
    fn uncover(&mut self, c: usize) {
        let mut i = self.up(c);
        while i != c {
            self.relink_vertically(i ^ 3);
            self.relink_vertically(i ^ 2);
            self.relink_vertically(i ^ 1);
            i = self.up(i);
        }
        self.size_mut()[c] &= !COVERED;
        let [l, r] = self.lr()[c];
        let lr = self.lr_mut();
        lr[l as usize][1] = c as u16;
        lr[r as usize][0] = c as u16;
    }

    /// Knuth's *S heuristic*: the column with the fewest rows, ties to the first in
    /// column order.
    ///
    /// The header list keeps the columns in column order, and so does the array of
    /// sizes, where covered columns carry [`COVERED`]: the smallest size is found by
    /// one branch-free pass over the array and its first column by a second pass in
    /// 16-byte chunks (both compile to SIMD), which is much faster than walking the
    /// header list one link at a time. A smallest size of 0 is a dead end: that column
    /// would be chosen and has no row to try.
    #[inline(always)]
    fn choose_column(&self) -> Choice {
        if self.right(ROOT) == ROOT {
            return Choice::Solution;
        }
        let fewest = self.size().iter().fold(u8::MAX, |a, &s| a.min(s));
        if fewest == 0 {
            return Choice::DeadEnd;
        }
        Choice::Column(self.first_of_size(fewest))
    }

    /// The first header, in column order, of a column of `size` rows (one must be).
    #[inline(always)]
    fn first_of_size(&self, size: u8) -> usize {
        for (k, chunk) in self.size().chunks_exact(16).enumerate() {
            let mut hits = 0u32;
            for (i, &s) in chunk.iter().enumerate() {
                hits |= u32::from(s == size) << i;
            }
            if hits != 0 {
                return k * 16 + hits.trailing_zeros() as usize;
            }
        }
        unreachable!("an uncovered column holds the smallest size")
    }
}
