//! Every strategy of the catalogue, under a small node budget, never panics on any grid
//! of any size it supports; any solution it returns solves the puzzle, the counters keep
//! their contract, and the observed solve equals the plain one with events that count it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_catalogue::{Options, Strategy, CATALOGUE};
use sudoku_core::{EventCount, Grid, Limits, Size, Status};

fuzz_target!(|data: &[u8]| {
    if data.len() < 4 {
        return;
    }
    let size = Size::ALL[usize::from(data[0] % 4)];
    let seed = u64::from(data[3]);
    let mut values = vec![0u8; size.cells()];
    for (c, &b) in values.iter_mut().zip(&data[4..]) {
        // Mostly empty cells, so that the searches have work to do.
        *c = if b % 3 == 0 {
            b % (size.side() as u8 + 1)
        } else {
            0
        };
    }
    let puzzle = Grid::from_values(size, &values);
    let limit = u64::from(data[1] % 3) + 1;
    for strategy in CATALOGUE.iter().filter(|s| s.sizes().contains(&size)) {
        let limits = Limits::solutions(limit).with_max_nodes(budget(strategy, size, data[2]));
        let solver = strategy.solver_with(&Options { seed });
        let out = solver.solve(&puzzle, &limits);
        let c = out.counters;
        let name = strategy.name;
        assert!(c.nodes >= 1 && c.backtracks < c.nodes, "{name}");
        assert!(c.nodes <= limits.max_nodes.unwrap().max(1), "{name}");
        assert!(out.solutions <= limits.solution_limit(), "{name}");
        assert_eq!(out.solution.is_some(), out.solutions > 0, "{name}");
        if let Some(s) = out.solution {
            assert!(
                s.is_solution_of(&puzzle),
                "{name} returned a wrong solution"
            );
        }
        if out.status == Status::NoSolution {
            assert_eq!(out.solutions, 0, "{name}");
        }
        let mut events = EventCount::default();
        let observed = solver.solve_observed(&puzzle, &limits, &mut events);
        assert_eq!(observed, out, "{name}: observed and plain differ");
        assert_eq!(
            (events.tries + 1, events.backtracks),
            (c.nodes, c.backtracks),
            "{name}: events"
        );
    }
});

/// The node budget of `strategy` on a grid of `size`, from the input's `byte`. A node
/// costs more as the grid grows, and more for some strategies than for others: the
/// catalogue's default budget is what a few seconds buy at 9x9, so a strategy whose
/// default is under ten million nodes (reduce, logic's levels, SAT, most essays) has
/// costly nodes at 16x16 and 25x25, up to tens of milliseconds each in this build (an
/// empty 16x16 grid took `logic` 28 ms a node, and inputs of 250 to 500 such nodes 26 to
/// 52 s). Those get at most 7 nodes there. The slowest inputs then run in a few seconds
/// (an empty 25x25 grid, most of it SAT's encoding, which no budget shortens).
fn budget(strategy: &Strategy, size: Size, byte: u8) -> u64 {
    let byte = u64::from(byte);
    match size.side() {
        4 | 9 => byte * 40,
        _ if strategy.default_max_nodes < 10_000_000 => byte / 32,
        16 => byte * 2,
        _ => byte,
    }
}
