//! Every strategy, under a small node budget, never panics on any grid; any solution
//! it returns solves the puzzle, and the counters keep their contract.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::{Grid, Limits, Solver, Status};

fuzz_target!(|data: &[u8]| {
    if data.len() < 83 {
        return;
    }
    let mut cells = [0u8; 81];
    for (c, &b) in cells.iter_mut().zip(&data[2..]) {
        // Mostly empty cells, so that the searches have work to do.
        *c = if b % 3 == 0 { b % 10 } else { 0 };
    }
    let puzzle = Grid::from_cells(cells);
    let limits = Limits::solutions(u64::from(data[0] % 3) + 1).with_max_nodes(u64::from(data[1]) * 40);
    let solvers: [&dyn Solver; 4] = [
        &sudoku_naive::Naive,
        &sudoku_reduce::Reduce,
        &sudoku_norvig::Norvig,
        &sudoku_dlx::Dlx,
    ];
    for solver in solvers {
        let out = solver.solve(&puzzle, &limits);
        let c = out.counters;
        assert!(c.nodes >= 1 && c.backtracks < c.nodes, "{}", solver.name());
        assert!(c.nodes <= limits.max_nodes.unwrap().max(1), "{}", solver.name());
        assert!(out.solutions <= limits.solution_limit());
        assert_eq!(out.solution.is_some(), out.solutions > 0);
        if let Some(s) = out.solution {
            assert!(s.is_solution_of(&puzzle), "{} returned a wrong solution", solver.name());
        }
        if out.status == Status::NoSolution {
            assert_eq!(out.solutions, 0);
        }
    }
});
