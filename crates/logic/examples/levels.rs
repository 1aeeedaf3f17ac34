//! The table Simonis' study is known for, on this lab's corpora: for each corpus, the
//! share of puzzles each level of deduction solves without a try (`nodes == 1`), the
//! grade the full level gives (the strongest technique it used), the mean number of
//! nodes per level (first solution), and how often a level needs more nodes than the
//! level below it (first solution, and a uniqueness check). Prints Markdown.
//!
//! ```text
//! cargo run --release -p sudoku-logic --example levels -- [CORPORA_DIR]
//! ```
//!
//! `CORPORA_DIR` defaults to `../shared/corpora` (beside the workspace). The 17-clue
//! and kaggle samples are their first 2000 puzzles, as in the golden files.

use sudoku_core::{Grid, Limits, Solver, Technique};
use sudoku_logic::{Level, Logic, LEVEL_COUNT};
use sudoku_testkit::usage;

/// The usage line.
const USAGE: &str = "usage: levels [CORPORA_DIR] (the folder of the public corpora; \
../shared/corpora beside the workspace by default)";

/// The public corpora beside the workspace.
const DEFAULT_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/corpora");

/// The corpora of the logic lesson (`book/src/lessons/logic.md`): name, file, how many puzzles from the start.
const CORPORA: [(&str, &str, usize); 5] = [
    ("easy50", "norvig_sudoku-easy50.txt", usize::MAX),
    (
        "kaggle (first 2000)",
        "kaggle_bryanpark_sudoku_first20000.csv",
        2000,
    ),
    ("17-clue (first 2000)", "puzzles2_17_clue", 2000),
    ("top95", "norvig_sudoku-top95.txt", usize::MAX),
    ("top1465", "puzzles3_magictour_top1465", usize::MAX),
];

/// Per corpus: puzzles, solved without a try per level, nodes per level, grades.
struct Census {
    puzzles: usize,
    no_search: [usize; LEVEL_COUNT],
    nodes: [u64; LEVEL_COUNT],
    grades: [usize; LEVEL_COUNT + 1],
    /// Puzzles where some level needs more nodes than the level below, under limit 1, 2.
    worse: [usize; 2],
}

fn census(puzzles: &[Grid]) -> Census {
    let mut c = Census {
        puzzles: puzzles.len(),
        no_search: [0; LEVEL_COUNT],
        nodes: [0; LEVEL_COUNT],
        grades: [0; LEVEL_COUNT + 1],
        worse: [0; 2],
    };
    for p in puzzles {
        for (i, limits) in [Limits::FIRST, Limits::UNIQUENESS].iter().enumerate() {
            let nodes: Vec<u64> = Level::ALL
                .into_iter()
                .map(|l| Logic::new(l).solve(p, limits).counters.nodes)
                .collect();
            c.worse[i] += usize::from(nodes.windows(2).any(|w| w[1] > w[0]));
        }
        for (k, level) in Level::ALL.into_iter().enumerate() {
            let out = Logic::new(level).solve(p, &Limits::FIRST);
            c.nodes[k] += out.counters.nodes;
            c.no_search[k] += usize::from(out.counters.nodes == 1);
            if level == Level::FULL {
                // Graded puzzles solved without search by their grade; the rest last.
                let slot = match out.grade {
                    Some(t) if out.counters.nodes == 1 => t as usize,
                    _ => LEVEL_COUNT,
                };
                c.grades[slot] += 1;
            }
        }
    }
    c
}

fn percent(n: usize, of: usize) -> String {
    format!("{:.1} %", 100.0 * n as f64 / of as f64)
}

fn main() {
    let args = usage::Args::new(USAGE);
    args.at_most(1);
    let dir = args.folder(0, "CORPORA_DIR: the public corpora", DEFAULT_DIR);
    let mut rows = Vec::new();
    for (name, file, first) in CORPORA {
        let path = format!("{dir}/{file}");
        let puzzles: Vec<Grid> = args
            .corpus(&path)
            .take(first)
            .map(|p| p.unwrap_or_else(|e| args.error(e)).grid)
            .collect();
        rows.push((name, census(&puzzles)));
    }
    let header = |first: &str| {
        let levels: Vec<String> = Level::ALL
            .iter()
            .map(|l| format!("`{}`", l.name()))
            .collect();
        println!("| {first} | {} |", levels.join(" | "));
        println!("|---|{}", "---:|".repeat(LEVEL_COUNT));
    };
    println!("Solved without a try (nodes = 1), by level:\n");
    header("corpus");
    for (name, c) in &rows {
        let cells: Vec<String> = c.no_search.iter().map(|&n| percent(n, c.puzzles)).collect();
        println!("| {name} ({}) | {} |", c.puzzles, cells.join(" | "));
    }
    println!("\nMean nodes per puzzle (first solution), by level:\n");
    header("corpus");
    for (name, c) in &rows {
        let cells: Vec<String> = c
            .nodes
            .iter()
            .map(|&n| format!("{:.2}", n as f64 / c.puzzles as f64))
            .collect();
        println!("| {name} | {} |", cells.join(" | "));
    }
    println!("\nPuzzles where a level needs more nodes than the level below it:\n");
    println!("| corpus | first solution | uniqueness check |");
    println!("|---|---:|---:|");
    for (name, c) in &rows {
        println!("| {name} | {} | {} |", c.worse[0], c.worse[1]);
    }
    println!("\nGrade of the full level (the strongest technique a solve without search used):\n");
    let techniques: Vec<String> = Technique::ALL
        .iter()
        .map(|t| t.name().to_string())
        .collect();
    println!("| corpus | {} | needs search |", techniques.join(" | "));
    println!("|---|{}", "---:|".repeat(LEVEL_COUNT + 1));
    for (name, c) in &rows {
        let cells: Vec<String> = c.grades.iter().map(|&n| n.to_string()).collect();
        println!("| {name} | {} |", cells.join(" | "));
    }
}
