//! One solve: the givens, the solver's trees, and the solution limit by no-good cuts.

use sudoku_core::{Counters, Event, Grid, Limits, Observer, Outcome, Rule};

use crate::backend::{end_at, Backend, End, Tree};
use crate::model::{Model, NoGood};

/// Solves `puzzle` within `limits` with `backend`, telling `observer` (the crate
/// documentation says what each counter and event means).
///
/// The solver's answer is a solution; while the limit asks for more, the cut that
/// excludes it is added and the model solved again from its root. "Infeasible" means no
/// solution is left.
pub(crate) fn solve<B: Backend, O: Observer + ?Sized>(
    backend: &B,
    puzzle: &Grid,
    limits: &Limits,
    observer: &mut O,
) -> Outcome {
    if observer.active() {
        tell_givens(puzzle, observer);
    }
    if puzzle.givens_clash() {
        return Outcome::rejected_at_root();
    }
    let (mut tries, mut backtracks, mut solutions) = (0u64, 0u64, 0u64);
    let (mut first, mut cuts, mut spent) = (None, Vec::new(), false);
    loop {
        let tree = grow(
            backend,
            &Model::of(puzzle, &cuts),
            limits.max_tries().saturating_sub(tries),
        );
        tries += tree.tries;
        // A tree that proves there is no solution (left) takes back every node; so does
        // the restart after a solution, when the limit asks for another.
        let (taken_back, found, next) = match tree.end {
            End::Solution(grid) => {
                let grid = *grid;
                solutions += 1;
                let more = solutions < limits.solution_limit();
                let cut = NoGood::excluding(puzzle, &grid);
                first.get_or_insert(grid);
                // A grid with no empty cell has no other solution: no cut, no solve.
                (
                    more,
                    Some(grid),
                    (more && !cut.variables.is_empty()).then_some(cut),
                )
            }
            End::Infeasible => (true, None, None),
            End::NodeLimit | End::Failed => {
                spent = true;
                (false, None, None)
            }
        };
        backtracks += if taken_back { tree.tries } else { 0 };
        if observer.active() {
            tell_nodes(tree.tries, taken_back, observer);
            if let Some(grid) = found {
                tell_solution(puzzle, &grid, observer);
            }
        }
        match next {
            Some(cut) => cuts.push(cut),
            None => break,
        }
    }
    let counters = Counters::from_tries(tries, backtracks);
    Outcome::new(solutions, first, counters, spent)
}

/// The tree of `model`: none when the givens decide it (a row left empty refutes it; no
/// variable left, and the givens are the solution), else the solver's.
fn grow<B: Backend>(backend: &B, model: &Model, max_tries: u64) -> Tree {
    let end = if model.refuted {
        End::Infeasible
    } else if model.free.is_empty() {
        end_at(model, &[])
    } else {
        return backend.solve(model, max_tries);
    };
    Tree { tries: 0, end }
}

/// Each given, in reading order.
fn tell_givens<O: Observer + ?Sized>(puzzle: &Grid, observer: &mut O) {
    for (cell, &digit) in puzzle.cells().iter().enumerate() {
        if digit != 0 {
            observer.event(Event::Assign {
                depth: 0,
                cell: cell as u16,
                digit,
                rule: Rule::Given,
            });
        }
    }
}

/// A tree's nodes below the root, told after it: the solver reports how many it solved,
/// not what each one fixed.
fn tell_nodes<O: Observer + ?Sized>(tries: u64, taken_back: bool, observer: &mut O) {
    for _ in 0..tries {
        observer.event(Event::Node { taken_back });
    }
}

/// A solution: the digit the solver's point puts in each empty cell, then the solution.
fn tell_solution<O: Observer + ?Sized>(puzzle: &Grid, solution: &Grid, observer: &mut O) {
    for (cell, &digit) in solution.cells().iter().enumerate() {
        if puzzle.get(cell) == 0 {
            observer.event(Event::Assign {
                depth: 0,
                cell: cell as u16,
                digit,
                rule: Rule::IntegerProgram,
            });
        }
    }
    observer.event(Event::Solution { depth: 0 });
}
