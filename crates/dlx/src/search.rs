//! Algorithm X on a flat [`Links`] matrix: the givens selected, then the search as an
//! iterative loop over an explicit stack, reporting its steps to an [`Observer`].
//!
//! Everything here is generic over the matrix (9x9 or any size) and the observer, and
//! inlined into [`Dlx`](crate::Dlx)'s solves: with the observer `()`, whose
//! [`Observer::active`] is a constant `false`, every `if observer.active()` block
//! disappears and the plain solve is the search alone.

use sudoku_core::{event, Contradiction, Event, Grid, Limits, Observer, Outcome, Tally};

use crate::links::{Choice, Layout, Links, ROOT};

/// Solves `puzzle` on `m`, the full matrix of its size: selects the givens, then
/// searches. `chosen` is the stack of the rows tried, one per level: its length is a
/// power of two above the number of cells.
#[inline(always)]
pub(crate) fn solve<M: Links, O: Observer + ?Sized>(
    m: &mut M,
    chosen: &mut [u16],
    puzzle: &Grid,
    limits: &Limits,
    observer: &mut O,
) -> Outcome {
    if !select_givens(m, puzzle, observer) {
        return Outcome::rejected_at_root();
    }
    search(m, chosen, puzzle, limits, observer)
}

/// Selects each given's row, in reading order, by covering its four columns (at depth
/// 0). Returns `false` if the givens clash: a given whose row is already gone.
///
/// This is the clash check of the reference itself, and it costs nothing beyond the
/// covering: a row is gone exactly when one of its columns is covered, and
/// [`Links::cover`] already marks a covered column in its size (the flag the S
/// heuristic needs), so the check reads four flags the covering wrote. It says the
/// same as [`Grid::givens_clash`] (two givens share a column exactly when they are the
/// same digit in one unit), which a test checks; calling that one as well would be a
/// second pass over the givens for an answer already at hand.
#[inline(always)]
fn select_givens<M: Links, O: Observer + ?Sized>(
    m: &mut M,
    puzzle: &Grid,
    observer: &mut O,
) -> bool {
    for (cell, &digit) in puzzle.cells().iter().enumerate() {
        if digit == 0 {
            continue;
        }
        let layout = m.layout();
        let columns = layout.columns_of(layout.row_of(cell, digit));
        if columns.iter().any(|&j| m.is_covered(j + 1)) {
            return false;
        }
        for j in columns {
            m.cover(j + 1);
            if observer.active() {
                observer.event(Event::Cover {
                    depth: 0,
                    column: j as u16,
                });
            }
        }
    }
    true
}

/// Algorithm X from the state the givens left, as an iterative loop over an explicit
/// stack: `chosen[l]` is the row node tried on level `l`, the level being the number
/// of tries standing (the depth of the events).
#[inline(always)]
fn search<M: Links, O: Observer + ?Sized>(
    m: &mut M,
    chosen: &mut [u16],
    puzzle: &Grid,
    limits: &Limits,
    observer: &mut O,
) -> Outcome {
    // The length is a power of two above the number of levels, so `level & last`
    // indexes the stack without a bounds check.
    let last = chosen.len() - 1;
    let first_node = m.layout().first_node;
    let mut level = 0usize;
    let mut tally = Tally::new(limits);
    'enter: loop {
        // Enter a level: a solution, a dead end, or a column whose rows to try. `row`
        // is the next row to try, the column's header once they are all tried, or
        // ROOT when this level covered nothing.
        let mut row = match m.choose_column() {
            Choice::Solution => {
                if observer.active() {
                    observer.event(Event::Solution {
                        depth: level as u16,
                    });
                }
                if tally.solution(|| solution_grid(m.layout(), puzzle, &chosen[..level])) {
                    break 'enter;
                }
                ROOT
            }
            Choice::DeadEnd => {
                if observer.active() {
                    observer.event(Event::Contradiction {
                        depth: level as u16,
                        reason: Contradiction::EmptyColumn {
                            column: (m.first_of_size(0) - 1) as u16,
                        },
                    });
                }
                ROOT
            }
            Choice::Column(c) => {
                if observer.active() {
                    observer.event(Event::Choose {
                        depth: level as u16,
                        choice: event::Choice::FewestRows {
                            column: (c - 1) as u16,
                            rows: m.size()[c],
                        },
                    });
                }
                m.cover(c);
                if observer.active() {
                    observer.event(Event::Cover {
                        depth: level as u16,
                        column: (c - 1) as u16,
                    });
                }
                m.down(c)
            }
        };
        loop {
            if row >= first_node {
                // Try the row: select it and go one level deeper.
                if !tally.try_one() {
                    break 'enter; // the budget is spent
                }
                chosen[level & last] = row as u16;
                if observer.active() {
                    let (cell, digit) = m.layout().cell_digit(row);
                    observer.event(Event::Try {
                        depth: level as u16 + 1,
                        cell: cell as u16,
                        digit,
                    });
                }
                select_row(m, row, level + 1, observer);
                level += 1;
                continue 'enter;
            }
            if row != ROOT {
                // The column's rows are all tried: uncover it.
                m.uncover(row);
                if observer.active() {
                    observer.event(Event::Uncover {
                        depth: level as u16,
                        column: (row - 1) as u16,
                    });
                }
            }
            // Leave the level: take back the try that led here, then try the next row.
            if level == 0 {
                break 'enter;
            }
            level -= 1;
            let r = chosen[level & last] as usize;
            unselect_row(m, r, level + 1, observer);
            tally.backtrack();
            if observer.active() {
                let (cell, digit) = m.layout().cell_digit(r);
                observer.event(Event::Backtrack {
                    depth: level as u16 + 1,
                    cell: cell as u16,
                    digit,
                });
            }
            row = m.down(r);
        }
    }
    tally.outcome()
}

/// Selects row node `r`, whose own column is covered already: covers the other columns
/// of its row, `r ^ 1`, `r ^ 2`, `r ^ 3`, at the try's `depth`.
///
/// Knuth covers them going right from `r`; this order (one XOR each) covers the same
/// columns and leaves the same matrix, and [`unselect_row`] undoes it in reverse.
#[inline(always)]
fn select_row<M: Links, O: Observer + ?Sized>(m: &mut M, r: usize, depth: usize, observer: &mut O) {
    for j in [r ^ 1, r ^ 2, r ^ 3] {
        let c = m.top()[j] as usize;
        m.cover(c);
        if observer.active() {
            observer.event(Event::Cover {
                depth: depth as u16,
                column: (c - 1) as u16,
            });
        }
    }
}

/// Unselects row node `r`: uncovers the other columns of its row in the reverse order
/// of [`select_row`].
#[inline(always)]
fn unselect_row<M: Links, O: Observer + ?Sized>(
    m: &mut M,
    r: usize,
    depth: usize,
    observer: &mut O,
) {
    for j in [r ^ 3, r ^ 2, r ^ 1] {
        let c = m.top()[j] as usize;
        m.uncover(c);
        if observer.active() {
            observer.event(Event::Uncover {
                depth: depth as u16,
                column: (c - 1) as u16,
            });
        }
    }
}

/// The puzzle with the chosen rows' digits written in.
fn solution_grid(layout: &Layout, puzzle: &Grid, chosen: &[u16]) -> Grid {
    let mut grid = *puzzle;
    for &node in chosen {
        let (cell, digit) = layout.cell_digit(node as usize);
        grid.set(cell, digit);
    }
    grid
}
