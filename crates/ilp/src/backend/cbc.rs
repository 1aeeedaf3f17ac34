//! CBC: COIN-OR's branch-and-cut MIP solver (Forrest and Lougee-Heimer), with
//! preprocessing, probing, cutting planes and primal heuristics around its branch and
//! bound (the `cbc` feature). Debian's `coinor-libcbc-dev` provides the library, which
//! `coin_cbc_sys` finds through pkg-config and links.
//!
//! The model goes through CBC's C interface as it is shipped: `Cbc_solve` runs the
//! solver's own driver (`CbcMain1`, what the `cbc` program runs) with its defaults, and
//! the parameters `log 0` (no output at all, not even the banner) and `maxNodes` (the
//! node limit).
//!
//! # The count
//!
//! `Cbc_getNodeCount` is the count CBC reports as "Enumerated nodes" (`numberNodes_`):
//! one per node it takes from its tree and solves, that is one per child subproblem,
//! *the root not included*. A puzzle that CBC's preprocessing or root cuts settle
//! counts 0; a root whose relaxation is fractional and whose two children both prove
//! infeasible counts 2 (the test `the_count_is_the_children_the_root_left_out` builds
//! that tree; on every puzzle of top95, top1465 and the first 2,000 17-clue ones, the
//! count equals the "Enumerated nodes" of CBC's log). Strong branching's trial solves
//! are not nodes. So the count is the tries as it stands.
//!
//! CBC's node limit `maxNodes` bounds the same count: the tree stops before it takes
//! node `max_tries + 1`. But CBC calls a tree "stopped on nodes" whenever its count
//! reaches the limit, even one it finished at that very node. So a tree stopped with
//! exactly `max_tries` nodes is run again with the limit one higher: if it then ends
//! (a solution, or none) within `max_tries` nodes, that run is the tree; else the first
//! run stands, out of budget. CBC is deterministic: the second run takes the same nodes.
//!
//! # One solve at a time
//!
//! libcbc is not thread-safe unless built to be (`CBC_THREAD_SAFE`): its driver keeps
//! state in static variables. Every call into it made here happens while
//! holding one process-wide lock, from the model's creation to its deletion, so CBC
//! solves serialise across threads: `sudoku-lab bench -j 4 -s ilp-cbc` runs one CBC
//! solve at a time (the other threads wait for it), with the same counters as `-j 1`.
//! This module is the only caller of libcbc in the workspace; the `coin_cbc` crate,
//! whose own lock covers model creation, solve and deletion, is not used: it reads
//! neither the node count nor gives the model's pointer to read it with.

use std::ffi::{CStr, CString};
use std::marker::PhantomData;
use std::os::raw::c_int;
use std::ptr::NonNull;
use std::sync::{Mutex, MutexGuard, PoisonError};

use coin_cbc_sys as sys;

use super::{end_at, Backend, End, Tree};
use crate::model::Model;

/// The CBC backend.
#[derive(Debug, Clone, Copy, Default)]
pub struct Cbc;

impl Backend for Cbc {
    fn solve(&self, model: &Model, max_tries: u64) -> Tree {
        let Some(matrix) = Matrix::of(model) else {
            return FAILED;
        };
        // A panic between two calls leaves libcbc as a return does (each call is
        // whole), and the session is deleted under the lock as it unwinds: a poisoned
        // lock is taken all the same.
        let lock = LIBCBC.lock().unwrap_or_else(PoisonError::into_inner);
        let within = grow(&lock, &matrix, model, max_tries);
        // CBC calls a tree stopped on the node limit whenever its count reaches the
        // limit, the tree finished there or not: with one node more, a tree finished
        // within the budget ends so (CBC is deterministic), else it is out of budget.
        if within.end == End::NodeLimit && within.tries == max_tries && max_tries < MAX_LIMIT {
            let probe = grow(&lock, &matrix, model, max_tries + 1);
            if probe.tries <= max_tries && probe.end != End::NodeLimit {
                return probe;
            }
        }
        within
    }
}

/// A tree that could not be grown.
const FAILED: Tree = Tree {
    tries: 0,
    end: End::Failed,
};

/// The largest node limit CBC takes (an `int`).
const MAX_LIMIT: u64 = i32::MAX as u64;

/// One run of CBC on `matrix` (of `model`) with the node limit `max_nodes`.
fn grow(lock: &MutexGuard<'_, ()>, matrix: &Matrix, model: &Model, max_nodes: u64) -> Tree {
    let Some(mut cbc) = Session::new(lock) else {
        return FAILED;
    };
    cbc.load(matrix);
    cbc.set(c"log", c"0");
    let limit = max_nodes.min(MAX_LIMIT).to_string();
    cbc.set(
        c"maxNodes",
        &CString::new(limit).expect("digits have no NUL"),
    );
    let tries = cbc.run();
    let end = match cbc.verdict() {
        Verdict::Optimal(values) => end_at(model, &values),
        Verdict::Infeasible => End::Infeasible,
        Verdict::NodeLimit => End::NodeLimit,
        Verdict::Other => End::Failed,
    };
    Tree { tries, end }
}

/// The lock held around every call into libcbc.
static LIBCBC: Mutex<()> = Mutex::new(());

/// `Cbc_status`: the search finished (proved its answer).
const FINISHED: c_int = 0;
/// `Cbc_secondaryStatus`: the search stopped on the node limit.
const STOPPED_ON_NODES: c_int = 3;

/// The model in CBC's column-major form: each column's rows in ascending order, all
/// coefficients 1; the equality rows `= 1`, then the cuts `≤` their length less one.
struct Matrix {
    starts: Vec<c_int>,
    rows: Vec<c_int>,
    ones: Vec<f64>,
    row_lower: Vec<f64>,
    row_upper: Vec<f64>,
}

impl Matrix {
    /// `None` if a count does not fit CBC's `int` (no grid size comes near).
    fn of(model: &Model) -> Option<Matrix> {
        let mut rows_of = vec![Vec::with_capacity(4); model.free.len()];
        let (mut row_lower, mut row_upper) = (Vec::new(), Vec::new());
        let equal = model.rows.iter().map(|r| (r, 1.0, 1.0));
        let cuts = (model.cuts.iter()).map(|c| (c, f64::NEG_INFINITY, c.len() as f64 - 1.0));
        for (i, (row, lower, upper)) in equal.chain(cuts).enumerate() {
            let i = c_int::try_from(i).ok()?;
            row.iter().for_each(|&c| rows_of[c as usize].push(i));
            row_lower.push(lower);
            row_upper.push(upper);
        }
        c_int::try_from(rows_of.len()).ok()?;
        c_int::try_from(row_lower.len()).ok()?;
        let mut starts = vec![0];
        for column in &rows_of {
            starts.push(starts.last()? + c_int::try_from(column.len()).ok()?);
        }
        let rows: Vec<c_int> = rows_of.concat();
        Some(Matrix {
            starts,
            ones: vec![1.0; rows.len()],
            rows,
            row_lower,
            row_upper,
        })
    }

    fn columns(&self) -> usize {
        self.starts.len() - 1
    }
}

/// How a CBC run ended, as its C interface tells it.
enum Verdict {
    /// Finished with a proved optimum: this point (one value per column).
    Optimal(Vec<f64>),
    /// The model has no integer point.
    Infeasible,
    /// Stopped on the node limit.
    NodeLimit,
    /// Anything else (abandoned, a numerical failure).
    Other,
}

/// One CBC model, alive while the lock is held (it borrows the guard) and on one thread
/// (a raw pointer is neither `Send` nor `Sync`); deleted when dropped.
struct Session<'l> {
    cbc: NonNull<sys::Cbc_Model>,
    columns: usize,
    _locked: PhantomData<&'l MutexGuard<'l, ()>>,
}

impl<'l> Session<'l> {
    fn new(_locked: &'l MutexGuard<'l, ()>) -> Option<Session<'l>> {
        // SAFETY: the lock is held (the guard outlives the session).
        let cbc = NonNull::new(unsafe { sys::Cbc_newModel() })?;
        Some(Session {
            cbc,
            columns: 0,
            _locked: PhantomData,
        })
    }

    /// Loads `matrix`: an integer column in `[0, 1]` per free variable, no objective.
    fn load(&mut self, matrix: &Matrix) {
        let n = matrix.columns();
        let (zeros, ones) = (vec![0.0; n], vec![1.0; n]);
        // SAFETY: the lock is held; the column and row counts fit an int (`of` checked
        // them); `starts` has n + 1 entries whose last is the length of `rows` and
        // `ones`; every row index is below the row count; the bounds have one entry per
        // column or row; CBC copies them all before returning.
        unsafe {
            sys::Cbc_loadProblem(
                self.cbc.as_ptr(),
                n as c_int,
                matrix.row_lower.len() as c_int,
                matrix.starts.as_ptr(),
                matrix.rows.as_ptr(),
                matrix.ones.as_ptr(),
                zeros.as_ptr(),
                ones.as_ptr(),
                zeros.as_ptr(),
                matrix.row_lower.as_ptr(),
                matrix.row_upper.as_ptr(),
            );
            for c in 0..n {
                sys::Cbc_setInteger(self.cbc.as_ptr(), c as c_int);
            }
        }
        self.columns = n;
    }

    /// Sets the parameter `name` of CBC's driver (as the `cbc` program takes it).
    fn set(&mut self, name: &CStr, value: &CStr) {
        // SAFETY: the lock is held; both strings are NUL-terminated; CBC copies them.
        unsafe { sys::Cbc_setParameter(self.cbc.as_ptr(), name.as_ptr(), value.as_ptr()) }
    }

    /// Runs CBC's branch and cut; its node count, the root left out.
    fn run(&mut self) -> u64 {
        // SAFETY: the lock is held and the model loaded.
        let nodes = unsafe {
            sys::Cbc_solve(self.cbc.as_ptr());
            sys::Cbc_getNodeCount(self.cbc.as_ptr())
        };
        u64::try_from(nodes).unwrap_or(0)
    }

    /// How the run ended: the optimum first (CBC says "node limit reached" whenever its
    /// count is at the limit, even on a tree that ended there).
    fn verdict(&self) -> Verdict {
        let m = self.cbc.as_ptr();
        // SAFETY: the lock is held and the model solved; the solution CBC points to
        // holds one value per column of the model (their number checked), and lives as
        // long as the model: it is copied.
        unsafe {
            if sys::Cbc_status(m) == FINISHED && sys::Cbc_isProvenOptimal(m) != 0 {
                let values = sys::Cbc_getColSolution(m);
                let columns = usize::try_from(sys::Cbc_getNumCols(m));
                if values.is_null() || columns != Ok(self.columns) {
                    return Verdict::Other;
                }
                Verdict::Optimal(std::slice::from_raw_parts(values, self.columns).to_vec())
            } else if sys::Cbc_isProvenInfeasible(m) != 0 {
                Verdict::Infeasible
            } else if sys::Cbc_secondaryStatus(m) == STOPPED_ON_NODES {
                Verdict::NodeLimit
            } else {
                Verdict::Other
            }
        }
    }
}

impl Drop for Session<'_> {
    fn drop(&mut self) {
        // SAFETY: the lock is held (the session borrows its guard); the model was made
        // by `Cbc_newModel` and is deleted once.
        unsafe { sys::Cbc_deleteModel(self.cbc.as_ptr()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::Duration;
    use sudoku_core::Grid;

    /// `x1 + x2 = x2 + x3 = x1 + x3 = 1` over binaries: the relaxation's point is
    /// `(½, ½, ½)`, and either value of `x1` leaves no integer point (an odd cycle).
    fn odd_cycle() -> Matrix {
        Matrix {
            starts: vec![0, 2, 4, 6],
            rows: vec![0, 2, 0, 1, 1, 2],
            ones: vec![1.0; 6],
            row_lower: vec![1.0; 3],
            row_upper: vec![1.0; 3],
        }
    }

    /// CBC on `matrix` with its preprocessing, cuts, heuristics and strong branching
    /// off (plain branch and bound) and `max_nodes`: its count and verdict.
    fn plain(matrix: &Matrix, max_nodes: &CStr) -> (u64, Verdict) {
        let lock = LIBCBC.lock().unwrap_or_else(PoisonError::into_inner);
        let mut cbc = Session::new(&lock).unwrap();
        cbc.load(matrix);
        cbc.set(c"log", c"0");
        for name in [c"preprocess", c"presolve", c"cuts", c"heuristics"] {
            cbc.set(name, c"off");
        }
        cbc.set(c"strong", c"0");
        cbc.set(c"maxNodes", max_nodes);
        (cbc.run(), cbc.verdict())
    }

    #[test]
    fn the_count_is_the_children_the_root_left_out() {
        // The root branches on a variable; both children are infeasible: CBC's log says
        // "Enumerated nodes: 2", and so does the count.
        let (nodes, verdict) = plain(&odd_cycle(), c"100");
        assert_eq!(nodes, 2);
        assert!(matches!(verdict, Verdict::Infeasible));
        // The node limit bounds the same count, and the root is free.
        for limit in [c"0", c"1"] {
            let (nodes, verdict) = plain(&odd_cycle(), limit);
            assert_eq!(nodes.to_string(), limit.to_str().unwrap());
            assert!(matches!(verdict, Verdict::NodeLimit));
        }
    }

    #[test]
    fn a_solve_waits_for_the_lock() {
        let easy: Grid =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .parse()
                .unwrap();
        let held = LIBCBC.lock().unwrap_or_else(PoisonError::into_inner);
        let (tell, told) = mpsc::channel();
        let solver = std::thread::spawn(move || {
            let tree = Cbc.solve(&Model::of(&easy, &[]), 0);
            tell.send(tree).unwrap();
        });
        // While the lock is held no CBC solve ends: one that did would have skipped it.
        assert!(told.recv_timeout(Duration::from_millis(300)).is_err());
        drop(held);
        let tree = told.recv().unwrap();
        assert!(matches!(tree.end, End::Solution(_)), "{tree:?}");
        solver.join().unwrap();
    }
}
