//! One solve: the givens, the solver, and the solution limit by blocking clauses.

use std::rc::Rc;

use batsat::{lbool, SolverInterface};
use sudoku_core::{Counters, Event, Grid, Limits, Observer, Outcome, Rule};

use crate::encoding::{cell_and_digit, Cnf, Encoding};
use crate::givens::{fix, Fixed, Instance};
use crate::hooks::{Hooks, Shared, Watch};

/// Solves `puzzle` under `encoding` within `limits`, telling `observer` (see
/// [`crate::hooks`] for the events).
///
/// The solver answers "satisfiable" with a model, which is a solution; while the limit
/// asks for more, the clause blocking that model is added and the solver asked again
/// (it keeps what it learned). "Unsatisfiable" means no solution is left.
pub(crate) fn solve<O: Observer + ?Sized>(
    puzzle: &Grid,
    encoding: Encoding,
    limits: &Limits,
    observer: &mut O,
) -> Outcome {
    let cnf = Cnf::of(puzzle.size(), encoding);
    if observer.active() {
        tell_givens(puzzle, observer);
    }
    let Some(fixed) = fix(cnf, puzzle) else {
        return Outcome::rejected_at_root();
    };
    if observer.active() {
        tell_exclusions(cnf, puzzle, &fixed, observer);
    }
    let shared = Rc::new(Shared::default());
    let (mut instance, original) = Instance::load(cnf, &fixed, Hooks(Rc::clone(&shared)));
    let mut watch = Watch::new(
        Rc::clone(&shared),
        observer,
        cnf.size(),
        &original,
        limits.max_tries(),
    );
    let (mut solutions, mut first) = (0, None);
    loop {
        let answer = instance.solver.solve_limited_th(&mut watch, &[]);
        if shared.spent() || answer != lbool::TRUE {
            break;
        }
        solutions += 1;
        if first.is_none() {
            first = Some(instance.solution(&original, cnf, puzzle));
        }
        if solutions >= limits.solution_limit() {
            break;
        }
        instance.block_model();
    }
    let counters = Counters::from_tries(watch.tries(), shared.conflicts());
    Outcome::new(solutions, first, counters, shared.spent())
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

/// Each placement the givens' unit clauses exclude, in variable order: a given's digit
/// in its peers by [`Rule::Given`], the other digits of a given's cell by
/// [`Rule::Assigned`] (the names every strategy gives those steps).
fn tell_exclusions<O: Observer + ?Sized>(
    cnf: &Cnf,
    puzzle: &Grid,
    fixed: &[Fixed],
    observer: &mut O,
) {
    for (var, _) in fixed.iter().enumerate().filter(|(_, &f)| f == Fixed::False) {
        let (cell, digit) = cell_and_digit(cnf.size(), var as u32);
        let rule = if puzzle.get(cell) == 0 {
            Rule::Given
        } else {
            Rule::Assigned
        };
        observer.event(Event::Eliminate {
            depth: 0,
            cell: cell as u16,
            digit,
            rule,
        });
    }
}
