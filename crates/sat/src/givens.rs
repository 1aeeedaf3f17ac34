//! The givens as unit clauses, and the formula they leave for the solver.
//!
//! Each given is the unit clause `x(c, d)`. Unit propagation of those units through the
//! binary clauses `¬x(c, d) ∨ ¬x(c', d')` makes the excluded placements false: the
//! given's digit in its peers, and (extended encoding) the other digits of its cell.
//! That one step is taken here, while the clauses are copied into the solver, as in
//! Kwon and Jain's optimised encoding ("Optimized CNF Encoding for Sudoku Puzzles",
//! 2006): the variables it fixes are not created, the clauses it satisfies are left
//! out, and the literals it falsifies are dropped. What follows from there (the cells
//! and units left with one place, and so on) is the solver's own unit propagation.
//!
//! Two givens with one digit in a unit make the unit clause of one false in that step:
//! the formula is refuted at the root, before the solver is built.

use batsat::{lbool, Callbacks, Lit, Solver, SolverInterface, SolverOpts, Var};
use sudoku_core::Grid;

use crate::encoding::{variable, Cnf, Literal};

/// The value unit propagation of the givens gives a variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fixed {
    /// Left to the solver.
    Free,
    /// A given.
    True,
    /// Excluded by a given.
    False,
}

/// The values the givens fix, one per variable; `None` when two givens clash.
pub(crate) fn fix(cnf: &Cnf, puzzle: &Grid) -> Option<Vec<Fixed>> {
    let size = cnf.size();
    let mut fixed = vec![Fixed::Free; cnf.variables()];
    for (cell, &digit) in puzzle.cells().iter().enumerate() {
        if digit == 0 {
            continue;
        }
        let given = variable(size, cell, digit);
        if fixed[given as usize] == Fixed::False {
            return None;
        }
        fixed[given as usize] = Fixed::True;
        for &w in cnf.excluded_by(given) {
            if fixed[w as usize] == Fixed::True {
                return None;
            }
            fixed[w as usize] = Fixed::False;
        }
    }
    Some(fixed)
}

/// A literal the givens make true (its clause is satisfied).
const SATISFIED: Lit = Lit::ERROR;
/// A literal the givens make false (it leaves its clause).
const FALSIFIED: Lit = Lit::UNDEF;

/// A SAT solver loaded with the formula the givens leave.
pub(crate) struct Instance<Cb: Callbacks> {
    /// The solver.
    pub solver: Solver<Cb>,
    /// The solver's variables, one per free variable, in the encoding's order.
    vars: Vec<Var>,
}

impl<Cb: Callbacks> Instance<Cb> {
    /// Creates a variable for each free variable, with the preferred polarity true (a
    /// decision puts a digit in a cell), and adds every clause the givens leave.
    /// Also returns the encoding's variable of each solver variable (a new solver
    /// numbers its variables from 0 in creation order, so the index is the solver's).
    pub fn load(cnf: &Cnf, fixed: &[Fixed], callbacks: Cb) -> (Instance<Cb>, Vec<u32>) {
        let mut solver = Solver::new(SolverOpts::default(), callbacks);
        let (mut vars, mut original) = (Vec::new(), Vec::new());
        // What each literal of the encoding becomes (indexed as `Literal::index`): the
        // solver's literal, or `SATISFIED` (true: the clause goes), or `FALSIFIED`
        // (false: the literal goes).
        let mut translated = vec![FALSIFIED; 2 * fixed.len()];
        for (v, &value) in fixed.iter().enumerate() {
            let (holds, lacks) = match value {
                Fixed::Free => {
                    let var = solver.new_var(lbool::TRUE, true);
                    debug_assert_eq!(var.idx() as usize, original.len());
                    vars.push(var);
                    original.push(v as u32);
                    (Lit::new(var, true), Lit::new(var, false))
                }
                Fixed::True => (SATISFIED, FALSIFIED),
                Fixed::False => (FALSIFIED, SATISFIED),
            };
            translated[Literal::holds(v as u32).index()] = holds;
            translated[Literal::lacks(v as u32).index()] = lacks;
        }
        let mut clause = Vec::with_capacity(cnf.size().side());
        'clauses: for literals in cnf.definedness() {
            clause.clear();
            for literal in literals {
                match translated[literal.index()] {
                    SATISFIED => continue 'clauses,
                    FALSIFIED => {}
                    lit => clause.push(lit),
                }
            }
            // An empty clause (a cell or unit left without a place) makes the solver
            // answer "unsatisfiable" at once.
            solver.add_clause_reuse(&mut clause);
        }
        // A pair with a fixed variable is satisfied: a given excludes every partner.
        for (&v, &var) in original.iter().zip(&vars) {
            for &w in cnf.excluded_by(v) {
                if w > v && fixed[w as usize] == Fixed::Free {
                    clause.clear();
                    let partner = translated[Literal::lacks(w).index()];
                    clause.extend([Lit::new(var, false), partner]);
                    solver.add_clause_reuse(&mut clause);
                }
            }
        }
        (Instance { solver, vars }, original)
    }

    /// The puzzle completed by the solver's model (after a satisfiable answer);
    /// `original` as [`Instance::load`] gave it.
    pub fn solution(&self, original: &[u32], cnf: &Cnf, puzzle: &Grid) -> Grid {
        let mut grid = *puzzle;
        for (&v, &var) in self.vars.iter().zip(original) {
            if self.solver.value_var(v) == lbool::TRUE {
                let (cell, digit) = crate::encoding::cell_and_digit(cnf.size(), var);
                grid.set(cell, digit);
            }
        }
        grid
    }

    /// Adds the clause that blocks the model just found: not all of its placements
    /// again (`¬x_1 ∨ … ∨ ¬x_k` over the free variables it makes true). Over no free
    /// variable (every cell given) the clause is empty, and the formula unsatisfiable.
    pub fn block_model(&mut self) {
        let mut clause: Vec<Lit> = self
            .vars
            .iter()
            .copied()
            .filter(|&v| self.solver.value_var(v) == lbool::TRUE)
            .map(|v| Lit::new(v, false))
            .collect();
        self.solver.add_clause_reuse(&mut clause);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::Encoding;
    use sudoku_core::Size;

    #[test]
    fn a_given_fixes_itself_and_what_it_excludes() {
        let puzzle: Grid = format!("5{}", ".".repeat(80)).parse().unwrap();
        for encoding in Encoding::ALL {
            let cnf = Cnf::of(Size::NINE, encoding);
            let fixed = fix(cnf, &puzzle).unwrap();
            assert_eq!(fixed[variable(Size::NINE, 0, 5) as usize], Fixed::True);
            assert_eq!(fixed[variable(Size::NINE, 1, 5) as usize], Fixed::False);
            assert_eq!(fixed[variable(Size::NINE, 80, 5) as usize], Fixed::Free);
            // The minimal encoding has no clause against a second digit in the cell.
            let other = fixed[variable(Size::NINE, 0, 4) as usize];
            let expected = match encoding {
                Encoding::Minimal => Fixed::Free,
                Encoding::Extended => Fixed::False,
            };
            assert_eq!(other, expected, "{encoding:?}");
        }
    }

    /// The plain way: every clause of the encoding and each given as a unit clause,
    /// to the solver as they are; the solutions up to two, and the first one.
    fn plain(cnf: &Cnf, puzzle: &Grid) -> (u64, Option<Grid>) {
        use batsat::BasicSolver;
        let mut solver = BasicSolver::default();
        let vars: Vec<Var> = (0..cnf.variables())
            .map(|_| solver.new_var(lbool::TRUE, true))
            .collect();
        let lit = |l: Literal| Lit::new(vars[l.var() as usize], l.is_positive());
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                let given = Literal::holds(variable(cnf.size(), cell, digit));
                solver.add_clause_reuse(&mut vec![lit(given)]);
            }
        }
        for clause in cnf.clauses() {
            solver.add_clause_reuse(&mut clause.into_iter().map(lit).collect());
        }
        let (mut count, mut first) = (0, None);
        while count < 2 && solver.solve_limited(&[]) == lbool::TRUE {
            count += 1;
            let placed: Vec<Var> = vars
                .iter()
                .copied()
                .filter(|&v| solver.value_var(v) == lbool::TRUE)
                .collect();
            let mut grid = *puzzle;
            for v in &placed {
                let (cell, digit) = crate::encoding::cell_and_digit(cnf.size(), v.idx());
                grid.set(cell, digit);
            }
            first.get_or_insert(grid);
            solver.add_clause_reuse(&mut placed.iter().map(|&v| Lit::new(v, false)).collect());
        }
        (count, first)
    }

    #[test]
    fn the_formula_the_givens_leave_has_the_solutions_of_the_whole_one() {
        use sudoku_core::{Limits, Solver};
        let mut puzzles: Vec<Grid> = sudoku_testkit::seeds::POLISH
            .parse()
            .into_iter()
            .chain(
                sudoku_core::CorpusReader::open(sudoku_testkit::corpus_path(
                    "norvig_sudoku-top95.txt",
                ))
                .unwrap()
                .take(20)
                .map(|p| p.unwrap().grid),
            )
            .collect();
        puzzles.push(sudoku_testkit::seeds::HARD1.parse().unwrap());
        puzzles.push(
            format!("12345678.{}9{}", ".".repeat(17), ".".repeat(54))
                .parse()
                .unwrap(),
        );
        puzzles.push(Grid::empty(Size::FOUR));
        for encoding in Encoding::ALL {
            for puzzle in &puzzles {
                let (count, first) = plain(Cnf::of(puzzle.size(), encoding), puzzle);
                let out = crate::Sat::new(encoding).solve(puzzle, &Limits::UNIQUENESS);
                assert_eq!(out.solutions, count, "{encoding:?} {}", puzzle.to_line());
                if count == 1 {
                    assert_eq!(out.solution, first);
                }
            }
        }
    }

    #[test]
    fn clashing_givens_fix_nothing() {
        let puzzle: Grid = format!("5.5{}", ".".repeat(78)).parse().unwrap();
        assert!(fix(Cnf::of(Size::NINE, Encoding::Minimal), &puzzle).is_none());
    }
}
