//! Grid parsing never panics; what parses displays and re-parses to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::{Candidates, Grid, Size};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(grid) = Grid::parse(&text) {
        assert_eq!(grid.to_string().parse::<Grid>(), Ok(grid));
        assert_eq!(grid.to_line().parse::<Grid>(), Ok(grid));
        let _ = grid.conflicts();
        let _ = grid.check_solution_of(&grid);
        // Candidates are the 9x9 fast paths' (from_grid takes a 9x9 grid only).
        if grid.size() == Size::NINE {
            let _ = Candidates::from_grid(&grid).to_string();
        }
    }
});
