//! The two CNF encodings of Lynce and Ouaknine, for the empty grid of any size, built
//! once per (size, encoding) and shared by every solve.
//!
//! Variable `x(c, d)` says "cell `c` holds digit `d`"; it is number `c·N + d − 1` for a
//! grid of side `N` (cells in reading order, digits from 1), so `N³` variables in all.

use std::sync::OnceLock;

use sudoku_core::{Geometry, Size};

/// Which of Lynce and Ouaknine's two encodings the clauses follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// Each cell holds at least one digit; each digit at most once per row, column and
    /// box. That a cell holds only one digit follows (a row of `N` cells, each with a
    /// digit, and `N` digits each at most once), but not by unit propagation: the
    /// solver has to search for it.
    Minimal,
    /// The minimal clauses, and also: each cell holds at most one digit, and each
    /// digit is at least once in every row, column and box. Unit propagation over them
    /// is exactly the naked single (a cell with one digit left) and the hidden single
    /// (a digit with one place left in a unit).
    Extended,
}

impl Encoding {
    /// Both encodings, the minimal first.
    pub const ALL: [Encoding; 2] = [Encoding::Minimal, Encoding::Extended];

    /// `minimal` or `extended`.
    pub const fn name(self) -> &'static str {
        match self {
            Encoding::Minimal => "minimal",
            Encoding::Extended => "extended",
        }
    }

    /// How many clauses the encoding has for the empty grid of `size`, as published:
    /// `N²` cell definedness clauses and `3N · N · N(N−1)/2` unit uniqueness pairs,
    /// plus for the extended one `N² · N(N−1)/2` cell uniqueness pairs and `3N · N`
    /// unit definedness clauses. For 9x9: 8,829 and 11,988.
    pub const fn clause_count(self, size: Size) -> usize {
        let n = size.side();
        let pairs = n * (n - 1) / 2;
        let minimal = n * n + 3 * n * n * pairs;
        match self {
            Encoding::Minimal => minimal,
            Encoding::Extended => minimal + n * n * pairs + 3 * n * n,
        }
    }

    /// How many different clauses that is: two cells in one row (or column) and one
    /// box make their pair twice, once for the line and once for the box. `N` boxes,
    /// `N` digits, `2b` lines of a box with `b(b−1)/2` pairs each (`b` the box size):
    /// `N³(b−1)` fewer. For 9x9: 7,371 and 10,530.
    pub const fn distinct_clause_count(self, size: Size) -> usize {
        let (n, b) = (size.side(), size.box_size());
        self.clause_count(size) - n * n * n * (b - 1)
    }
}

/// A literal: a variable, true or false (`2v` is `x_v`, `2v + 1` is `¬x_v`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Literal(u32);

impl Literal {
    /// `x_v`: the cell of variable `v` holds its digit.
    pub const fn holds(var: u32) -> Literal {
        Literal(var << 1)
    }

    /// `¬x_v`: the cell of variable `v` does not hold its digit.
    pub const fn lacks(var: u32) -> Literal {
        Literal(var << 1 | 1)
    }

    /// The variable.
    pub const fn var(self) -> u32 {
        self.0 >> 1
    }

    /// Its index among the `2N³` literals: `2v` for `x_v`, `2v + 1` for `¬x_v`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether the literal is the variable itself (not its negation).
    pub const fn is_positive(self) -> bool {
        self.0 & 1 == 0
    }
}

/// The variable "cell `cell` holds `digit`" (digits from 1) in a grid of `size`.
pub const fn variable(size: Size, cell: usize, digit: u8) -> u32 {
    (cell * size.side() + digit as usize - 1) as u32
}

/// The cell and digit of a variable in a grid of `size`.
pub const fn cell_and_digit(size: Size, var: u32) -> (usize, u8) {
    let n = size.side();
    let var = var as usize;
    (var / n, (var % n) as u8 + 1)
}

/// The clauses of one encoding for the empty grid of one size.
///
/// Two kinds, stored apart: the *definedness* clauses `x_1 ∨ … ∨ x_N` ("at least one"),
/// all of length `N`, in one flat array; and the *uniqueness* pairs `¬x_v ∨ ¬x_w` ("at
/// most one", pairwise), as the list of each variable's partners `w` (each pair under
/// both of its variables). A CNF formula is a set of clauses: a pair that two units
/// share (two cells of a row that are also in one box) is one clause here, where the
/// published counts have it twice.
#[derive(Debug)]
pub struct Cnf {
    size: Size,
    encoding: Encoding,
    /// The definedness clauses, `N` literals each: the cells', then (extended) the
    /// units'.
    definedness: Vec<Literal>,
    /// Where each variable's partners start in `partners` (`N³ + 1` entries).
    starts: Vec<u32>,
    /// For each variable `v` in turn, every `w` of a clause `¬x_v ∨ ¬x_w`.
    partners: Vec<u32>,
}

impl Cnf {
    /// The clauses of `encoding` for the empty grid of `size`, built on first use.
    pub fn of(size: Size, encoding: Encoding) -> &'static Cnf {
        static BUILT: [[OnceLock<Cnf>; 2]; Size::ALL.len()] =
            [const { [const { OnceLock::new() }, const { OnceLock::new() }] }; Size::ALL.len()];
        let by_size = &BUILT[size.box_size() - Size::ALL[0].box_size()];
        by_size[encoding as usize].get_or_init(|| Cnf::build(size, encoding))
    }

    /// Builds the clauses: for each cell (reading order) its definedness and (extended)
    /// its uniqueness pairs; for each unit (rows, columns, boxes) and digit, (extended)
    /// its definedness and its uniqueness pairs.
    pub fn build(size: Size, encoding: Encoding) -> Cnf {
        let n = size.side();
        let extended = encoding == Encoding::Extended;
        let mut definedness = Vec::new();
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        let mut clause = |vars: Vec<u32>, at_least_one: bool, at_most_one: bool| {
            if at_least_one {
                definedness.extend(vars.iter().map(|&v| Literal::holds(v)));
            }
            if at_most_one {
                for (i, &a) in vars.iter().enumerate() {
                    pairs.extend(vars[i + 1..].iter().map(|&b| (a, b)));
                }
            }
        };
        let digits = || 1..=n as u8;
        for cell in 0..size.cells() {
            clause(
                digits().map(|d| variable(size, cell, d)).collect(),
                true,
                extended,
            );
        }
        for unit in Geometry::of(size).units() {
            for d in digits() {
                let vars = unit.iter().map(|&c| variable(size, usize::from(c), d));
                clause(vars.collect(), extended, true);
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        let (starts, partners) = adjacency(n * n * n, &pairs);
        let cnf = Cnf {
            size,
            encoding,
            definedness,
            starts,
            partners,
        };
        debug_assert_eq!(cnf.len(), encoding.distinct_clause_count(size));
        cnf
    }

    /// The grid size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The encoding.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// The number of variables, `N³`.
    pub fn variables(&self) -> usize {
        self.starts.len() - 1
    }

    /// The number of (distinct) clauses.
    pub fn len(&self) -> usize {
        self.definedness.len() / self.size.side() + self.partners.len() / 2
    }

    /// Whether there is no clause (never: every size has cells).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The definedness clauses (`N` literals each, all positive): each cell's, then
    /// (extended) each unit's for each digit.
    pub fn definedness(&self) -> impl Iterator<Item = &[Literal]> + '_ {
        self.definedness.chunks_exact(self.size.side())
    }

    /// The variables that a true `var` makes false through its uniqueness pairs
    /// `¬x_var ∨ ¬x_w`: the same digit in its peers, and (extended) the other digits
    /// of its cell.
    pub fn excluded_by(&self, var: u32) -> &[u32] {
        let v = var as usize;
        &self.partners[self.starts[v] as usize..self.starts[v + 1] as usize]
    }

    /// The uniqueness pairs `(v, w)`, `v < w`, each standing for `¬x_v ∨ ¬x_w`, by `v`.
    pub fn pairs(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0..self.variables() as u32).flat_map(move |v| {
            self.excluded_by(v)
                .iter()
                .filter(move |&&w| w > v)
                .map(move |&w| (v, w))
        })
    }

    /// Every clause: the definedness clauses, then the uniqueness pairs, as literals.
    pub fn clauses(&self) -> impl Iterator<Item = Vec<Literal>> + '_ {
        let pairs = self
            .pairs()
            .map(|(v, w)| vec![Literal::lacks(v), Literal::lacks(w)]);
        self.definedness().map(<[Literal]>::to_vec).chain(pairs)
    }
}

/// Each variable's partners in `pairs`, as start offsets into one array.
fn adjacency(variables: usize, pairs: &[(u32, u32)]) -> (Vec<u32>, Vec<u32>) {
    let mut starts = vec![0u32; variables + 1];
    for &(a, b) in pairs {
        starts[a as usize + 1] += 1;
        starts[b as usize + 1] += 1;
    }
    for v in 0..variables {
        starts[v + 1] += starts[v];
    }
    let mut next = starts.clone();
    let mut partners = vec![0u32; 2 * pairs.len()];
    for &(a, b) in pairs {
        for (from, to) in [(a, b), (b, a)] {
            partners[next[from as usize] as usize] = to;
            next[from as usize] += 1;
        }
    }
    (starts, partners)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clause_counts_are_lynce_and_ouaknines() {
        assert_eq!(Encoding::Minimal.clause_count(Size::NINE), 8829);
        assert_eq!(Encoding::Extended.clause_count(Size::NINE), 11988);
        assert_eq!(Encoding::Minimal.distinct_clause_count(Size::NINE), 7371);
        assert_eq!(Encoding::Extended.distinct_clause_count(Size::NINE), 10530);
        for size in Size::ALL {
            for encoding in Encoding::ALL {
                let cnf = Cnf::of(size, encoding);
                assert_eq!(
                    cnf.len(),
                    encoding.distinct_clause_count(size),
                    "{size:?} {encoding:?}"
                );
                assert_eq!(cnf.clauses().count(), cnf.len());
                assert_eq!(cnf.variables(), size.side().pow(3));
            }
        }
    }

    #[test]
    fn a_placement_excludes_its_peers_and_in_the_extended_encoding_its_cell() {
        let size = Size::NINE;
        let var = variable(size, 0, 5);
        assert_eq!(cell_and_digit(size, var), (0, 5));
        let minimal = Cnf::of(size, Encoding::Minimal).excluded_by(var);
        // Its 20 peers, each once.
        let peers: Vec<usize> = minimal.iter().map(|&w| cell_and_digit(size, w).0).collect();
        assert_eq!(
            peers,
            Geometry::of(size)
                .peers(0)
                .iter()
                .map(|&c| usize::from(c))
                .collect::<Vec<_>>()
        );
        assert!(minimal.iter().all(|&w| cell_and_digit(size, w).1 == 5));
        let extended = Cnf::of(size, Encoding::Extended).excluded_by(var);
        assert_eq!(extended.len(), minimal.len() + 8);
    }

    #[test]
    fn the_clauses_say_each_cell_holds_a_digit_and_only_one() {
        let size = Size::FOUR;
        let cnf = Cnf::of(size, Encoding::Extended);
        let first: Vec<Literal> = cnf.clauses().next().unwrap();
        assert_eq!(first, (0..4).map(Literal::holds).collect::<Vec<_>>());
        // 16 cells, then 12 units for each of 4 digits.
        assert_eq!(cnf.definedness().count(), 16 + 12 * 4);
        let first_pair = cnf.clauses().nth(cnf.definedness().count()).unwrap();
        assert_eq!(first_pair, [Literal::lacks(0), Literal::lacks(1)]);
        let minimal = Cnf::of(size, Encoding::Minimal);
        assert_eq!(minimal.definedness().count(), 16);
        // r1c1 = 1 and r1c2 = 1: the pair of a row and of a box, one clause.
        let once = |cnf: &Cnf| cnf.pairs().filter(|&p| p == (0, 4)).count();
        assert_eq!(once(minimal), 1);
        assert_eq!(once(cnf), 1);
    }
}
