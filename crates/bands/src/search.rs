//! The search: propagate, then branch on one cell and digit (DPLL's binary branch),
//! depth first, with an explicit stack of boards.

use std::mem::MaybeUninit;

use sudoku_core::units::CELLS;
use sudoku_core::{DigitSet, Event, Grid, Limits, Observer, Outcome, Tally};

use crate::board::{Board, Fixpoint};
use crate::choice;
use crate::counts::Occupancy;
use crate::machine::Machine;
use crate::told::Told;

/// A try standing: the board before it, and the digit placed in the cell.
#[derive(Clone, Copy)]
struct Frame {
    board: Board,
    cell: u8,
    digit: u8,
}

/// Solves a 9x9 `puzzle` within `limits`, telling `observer` (`()` for the plain solve);
/// `machine` does the heaviest bit work (two digits closed at once, configurations
/// counted) in the instructions of this processor.
///
/// At each node the board is propagated. A dead end or a solution ends the node; an
/// open board chooses a cell and a digit ([`choice::choose`]) and tries it: the board
/// is kept on the stack and the digit placed. When the try is taken back, the board
/// comes back from the stack without that digit in that cell, and the node goes on
/// from there (its next try, if it needs one, is chosen afresh).
#[inline(always)]
pub fn solve<O: Observer + ?Sized, T: Machine>(
    puzzle: &Grid,
    limits: &Limits,
    observer: &mut O,
    machine: T,
) -> Outcome {
    let mut tally = Tally::new(limits);
    // A try places a cell for good, so no more tries than cells can stand. The frames
    // are written as tries are made: left uninitialised, the stack costs nothing to
    // set up (an easy puzzle never uses it).
    let mut stack = [const { MaybeUninit::<Frame>::uninit() }; CELLS];
    let mut depth = 0usize;
    let mut board = Board::new(puzzle);
    let mut occupancy = Occupancy::default();
    // What the observer has been told of the candidates (only when someone watches).
    let mut told = observer.active().then(|| Told::new(puzzle));
    loop {
        let fixpoint = board.propagate_with(machine, &mut occupancy);
        if let (Ok(_), Some(told)) = (&fixpoint, told.as_mut()) {
            let now = |cell| DigitSet::from_bits(u32::from(board.candidates(cell)));
            told.fixpoint(depth as u16, now, observer);
        }
        let settled = match fixpoint {
            Err(dead) => {
                if observer.active() {
                    let reason = board.explain(dead);
                    observer.event(Event::Contradiction {
                        depth: depth as u16,
                        reason,
                    });
                }
                true
            }
            Ok(Fixpoint::Solved) => {
                if observer.active() {
                    observer.event(Event::Solution {
                        depth: depth as u16,
                    });
                }
                if tally.solution(|| board.to_grid()) {
                    break;
                }
                true
            }
            Ok(Fixpoint::Open) => false,
        };
        if settled {
            // Take back the last try standing: its board, without its digit.
            let Some(top) = depth.checked_sub(1) else {
                break;
            };
            depth = top;
            // SAFETY: `stack[top]` was written when the try at depth `top + 1` was
            // made (the `write` below), and `depth` has not gone below it since.
            let Frame {
                board: before,
                cell,
                digit,
            } = unsafe { stack[top].assume_init_read() };
            tally.backtrack();
            if observer.active() {
                observer.event(Event::Backtrack {
                    depth: depth as u16 + 1,
                    cell: u16::from(cell),
                    digit,
                });
            }
            if let Some(told) = told.as_mut() {
                told.taken_back();
            }
            board = before;
            board.eliminate(usize::from(cell), digit);
            continue;
        }
        let (cell, digit) =
            choice::choose(&board, &occupancy, machine).unwrap_or_else(|| board.first_open());
        debug_assert!(board.candidates(cell) >> (digit - 1) & 1 == 1);
        debug_assert!(board.candidates(cell).count_ones() > 1);
        if !tally.try_one() {
            break;
        }
        if observer.active() {
            observer.event(Event::Try {
                depth: depth as u16 + 1,
                cell: cell as u16,
                digit,
            });
        }
        if let Some(told) = told.as_mut() {
            told.tried(cell, digit);
        }
        stack[depth].write(Frame {
            board,
            cell: cell as u8,
            digit,
        });
        depth += 1;
        board.assign(cell, digit);
    }
    tally.outcome()
}
