//! Every strategy of the catalogue, under a small node budget, never panics on any grid
//! of any size it supports; any solution it returns solves the puzzle, the counters keep
//! their contract, and the observed solve equals the plain one with events that count it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_catalogue::{Options, CATALOGUE};
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
    // A node costs more as the grid grows (at 25x25 a logic node takes milliseconds):
    // the budget shrinks with it, so every input runs in about a second at most.
    let per_step = match size.side() {
        4 | 9 => 40,
        16 => 8,
        _ => 2,
    };
    let limits = Limits::solutions(u64::from(data[1] % 3) + 1)
        .with_max_nodes(u64::from(data[2]) * per_step);
    for strategy in CATALOGUE.iter().filter(|s| s.sizes().contains(&size)) {
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
