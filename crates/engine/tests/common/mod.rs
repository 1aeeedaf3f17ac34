//! What the engine's tests share: a puzzle, a contender, a plan.

#![allow(dead_code)]

use sudoku_core::Limits;
use sudoku_engine::{Contender, Plan, Source};

pub const TOP1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// Dancing links, first solution.
pub fn dlx() -> Contender {
    let strategy = sudoku_catalogue::find("dlx").unwrap();
    Contender::new(strategy.solver(), Limits::FIRST)
}

/// A plan over `sources` with one repeat, no `first`, not strict.
pub fn plan(sources: Vec<Source>, contenders: Vec<Contender>, threads: usize) -> Plan {
    Plan {
        sources,
        contenders,
        threads,
        repeat: 1,
        first: None,
        strict: false,
        ..Plan::default()
    }
}
