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

    /// How many clauses the encoding has for the empty grid of `size`: `N²` cell
    /// definedness clauses and `3N · N · N(N−1)/2` unit uniqueness pairs, plus for the
    /// extended one `N² · N(N−1)/2` cell uniqueness pairs and `3N · N` unit definedness
    /// clauses. For 9x9: 8,829 and 11,988.
    pub const fn clause_count(self, size: Size) -> usize {
        let n = size.side();
        let pairs = n * (n - 1) / 2;
        let minimal = n * n + 3 * n * n * pairs;
        match self {
            Encoding::Minimal => minimal,
            Encoding::Extended => minimal + n * n * pairs + 3 * n * n,
        }
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

/// The clauses of one encoding for the empty grid of one size, in one flat array, and
/// for each variable the variables its binary clauses exclude when it is true.
#[derive(Debug)]
pub struct Cnf {
    size: Size,
    encoding: Encoding,
    literals: Vec<Literal>,
    /// Where each clause ends in `literals`.
    ends: Vec<u32>,
    /// For each variable `v`, every `w` of a clause `¬x_v ∨ ¬x_w`.
    excludes: Vec<Vec<u32>>,
}

impl Cnf {
    /// The clauses of `encoding` for the empty grid of `size`, built on first use.
    pub fn of(size: Size, encoding: Encoding) -> &'static Cnf {
        static BUILT: [[OnceLock<Cnf>; 2]; Size::ALL.len()] =
            [const { [const { OnceLock::new() }, const { OnceLock::new() }] }; Size::ALL.len()];
        let by_size = &BUILT[size.box_size() - Size::ALL[0].box_size()];
        by_size[encoding as usize].get_or_init(|| Cnf::build(size, encoding))
    }

    /// Builds the clauses, in this order: for each cell (reading order) its
    /// definedness, then (extended) its uniqueness pairs; then for each unit (rows,
    /// columns, boxes) and each digit, (extended) its definedness, then its
    /// uniqueness pairs.
    pub fn build(size: Size, encoding: Encoding) -> Cnf {
        let n = size.side();
        let extended = encoding == Encoding::Extended;
        let mut cnf = Cnf {
            size,
            encoding,
            literals: Vec::new(),
            ends: Vec::with_capacity(encoding.clause_count(size)),
            excludes: vec![Vec::new(); n * n * n],
        };
        let digits = || 1..=n as u8;
        for cell in 0..size.cells() {
            let vars: Vec<u32> = digits().map(|d| variable(size, cell, d)).collect();
            cnf.at_least_one(&vars);
            if extended {
                cnf.at_most_one(&vars);
            }
        }
        for unit in Geometry::of(size).units() {
            for d in digits() {
                let vars: Vec<u32> = unit
                    .iter()
                    .map(|&c| variable(size, usize::from(c), d))
                    .collect();
                if extended {
                    cnf.at_least_one(&vars);
                }
                cnf.at_most_one(&vars);
            }
        }
        debug_assert_eq!(cnf.len(), encoding.clause_count(size));
        cnf
    }

    /// The clause `x_1 ∨ … ∨ x_k`.
    fn at_least_one(&mut self, vars: &[u32]) {
        self.push(vars.iter().map(|&v| Literal::holds(v)));
    }

    /// The clauses `¬x_i ∨ ¬x_j` for every pair `i < j` (the pairwise encoding).
    fn at_most_one(&mut self, vars: &[u32]) {
        for (i, &a) in vars.iter().enumerate() {
            for &b in &vars[i + 1..] {
                self.push([Literal::lacks(a), Literal::lacks(b)]);
                self.excludes[a as usize].push(b);
                self.excludes[b as usize].push(a);
            }
        }
    }

    fn push(&mut self, clause: impl IntoIterator<Item = Literal>) {
        self.literals.extend(clause);
        self.ends.push(self.literals.len() as u32);
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
        self.excludes.len()
    }

    /// The number of clauses.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there is no clause (never: every size has cells).
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The clauses, in the order [`Cnf::build`] gives.
    pub fn clauses(&self) -> impl Iterator<Item = &[Literal]> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(&self.ends)
            .map(|(start, &end)| &self.literals[start as usize..end as usize])
    }

    /// The variables that a true `var` makes false through a binary clause
    /// `¬x_var ∨ ¬x_w`: the same digit in its peers, and (extended) the other digits
    /// of its cell.
    pub fn excluded_by(&self, var: u32) -> &[u32] {
        &self.excludes[var as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clause_counts_are_lynce_and_ouaknines() {
        assert_eq!(Encoding::Minimal.clause_count(Size::NINE), 8829);
        assert_eq!(Encoding::Extended.clause_count(Size::NINE), 11988);
        for size in Size::ALL {
            for encoding in Encoding::ALL {
                let cnf = Cnf::of(size, encoding);
                assert_eq!(
                    cnf.len(),
                    encoding.clause_count(size),
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
        // 20 peers; the pairs of a box repeat those of a row or a column.
        let mut peers: Vec<u32> = minimal.to_vec();
        peers.sort_unstable();
        peers.dedup();
        assert_eq!(peers.len(), 20);
        assert!(peers.iter().all(|&w| cell_and_digit(size, w).1 == 5));
        let extended = Cnf::of(size, Encoding::Extended).excluded_by(var);
        assert_eq!(extended.len(), minimal.len() + 8);
    }

    #[test]
    fn the_first_clauses_say_the_first_cell_holds_a_digit_and_only_one() {
        let cnf = Cnf::of(Size::FOUR, Encoding::Extended);
        let mut clauses = cnf.clauses();
        let first: Vec<Literal> = clauses.next().unwrap().to_vec();
        assert_eq!(first, (0..4).map(Literal::holds).collect::<Vec<_>>());
        assert_eq!(
            clauses.next().unwrap(),
            [Literal::lacks(0), Literal::lacks(1)]
        );
        let minimal = Cnf::of(Size::FOUR, Encoding::Minimal);
        assert_eq!(minimal.clauses().nth(1).unwrap().len(), 4);
    }
}
