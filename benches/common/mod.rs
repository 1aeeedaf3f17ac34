//! The puzzle sets every bench shares, read once, before any timing.
//!
//! - `seeds`: the puzzles quoted in the seed essays (`data/seeds.txt`);
//! - `top95`: Norvig's top95, all 95;
//! - `top1465/5`: every 5th puzzle of magictour's top1465 (293);
//! - `17clue/100`: every 100th puzzle of the 49,158 17-clue puzzles (492).
//!
//! The corpora are read from `../shared/corpora/` by relative path.
// Not every bench uses every helper.
#![allow(dead_code)]

use sudoku_core::{CorpusReader, Grid};

/// A named set of puzzles.
pub struct Set {
    /// The set's name in criterion's reports.
    pub name: &'static str,
    /// The puzzles.
    pub puzzles: Vec<Grid>,
}

/// Every `step`-th puzzle of a file (a path relative to the workspace root).
pub fn read(path: &str, step: usize) -> Vec<Grid> {
    let path = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    CorpusReader::open(&path)
        .unwrap_or_else(|e| panic!("{e}"))
        .map(|p| p.unwrap_or_else(|e| panic!("{e}")).grid)
        .step_by(step)
        .collect()
}

/// Every `step`-th puzzle of a file of `../shared/corpora/`.
pub fn corpus(file: &str, step: usize) -> Vec<Grid> {
    read(&format!("../shared/corpora/{file}"), step)
}

/// The seed puzzles of `data/seeds.txt`.
pub fn seeds() -> Vec<Grid> {
    read("data/seeds.txt", 1)
}

/// The four standard sets, in the order above.
pub fn standard_sets() -> Vec<Set> {
    vec![
        Set {
            name: "seeds",
            puzzles: seeds(),
        },
        Set {
            name: "top95",
            puzzles: corpus("norvig_sudoku-top95.txt", 1),
        },
        Set {
            name: "top1465/5",
            puzzles: corpus("puzzles3_magictour_top1465", 5),
        },
        Set {
            name: "17clue/100",
            puzzles: corpus("puzzles2_17_clue", 100),
        },
    ]
}
