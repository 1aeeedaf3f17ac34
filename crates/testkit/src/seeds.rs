//! The seed puzzles the essays quote (and `data/seeds.txt` holds), shared by the tests.

/// The Polish essay's grid: naive takes 301535 nodes, 301478 backtracks.
pub const POLISH: &str =
    ".58.....317..5...8......1...........4.7.8...6.83.6..1791...3.7...6....8........34";
/// The Spanish essay's first grid (Norvig's easy1): reduction alone solves it.
pub const SPANISH_1: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// The Spanish essay's second grid: 17 nodes with reduce to its first solution; it
/// has many (more than a thousand: `--limit 1000` stops at the thousandth).
pub const SPANISH_2: &str =
    "2.............62....1....7......8...3...9...7...6..4...4....8....52.............3";
/// Wikipedia's anti-brute-force grid: no given in the top row, whose solution is 987654321.
pub const ANTI_BRUTE_FORCE: &str =
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";
/// Norvig's hard1, the puzzle his essay reports taking 188 s; it has many solutions.
pub const HARD1: &str =
    ".....6....59.....82....8....45........3........6..3.54...325..6..................";

/// The seed puzzles, in the order of `data/seeds.txt`.
pub const ALL: [&str; 5] = [POLISH, SPANISH_1, SPANISH_2, ANTI_BRUTE_FORCE, HARD1];

/// The seed puzzles as grids, in the order of `data/seeds.txt`.
pub fn grids() -> Vec<sudoku_core::Grid> {
    ALL.map(crate::grid).to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `data/seeds.txt` holds exactly these puzzles, in this order.
    #[test]
    fn data_seeds_holds_the_seed_puzzles() {
        let path = crate::workspace_dir().join("data/seeds.txt");
        let puzzles: Vec<String> = sudoku_core::CorpusReader::open(path)
            .unwrap()
            .map(|p| p.unwrap().grid.to_line())
            .collect();
        assert_eq!(puzzles, ALL);
    }
}
