//! Simonis's table on this lab's corpora: for each corpus and each level of consistency
//! (forward checking, bounds consistency, generalised arc consistency), the share of
//! puzzles that propagation alone solves (no search: 1 node), and the nodes first-fail
//! labelling needs for the first solution on the others (median and max). Prints
//! Markdown.
//!
//! ```text
//! cargo run --release -p sudoku-cp --example simonis -- [COUNT_17] [CORPORA_DIR]
//! ```
//!
//! `COUNT_17` is how many puzzles of the 17-clue set to take from its start (2000 unless
//! given; `all` for all 49,158); `CORPORA_DIR` the folder of the public corpora
//! (`../shared/corpora` beside the workspace unless given). The graded corpora are the
//! files of the workspace's `data/bench/`, in name order. Puzzles are spread over the
//! machine's cores; the counts do not depend on how.

use std::path::{Path, PathBuf};

use sudoku_core::{Grid, Limits, Solver, Status};
use sudoku_cp::{Consistency, Cp};
use sudoku_testkit::usage;

/// The usage line.
const USAGE: &str = "usage: simonis [COUNT_17] [CORPORA_DIR] (COUNT_17: how many puzzles of \
the 17-clue set, 2000 unless given, `all` for every one; CORPORA_DIR: the public corpora, \
../shared/corpora beside the workspace unless given)";

/// The workspace root.
const WORKSPACE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// The public corpora beside the workspace.
const DEFAULT_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/corpora");

/// A search that runs out of this many nodes is counted apart (none does on these
/// corpora: the largest need is below 10⁵ nodes).
const BUDGET: u64 = 10_000_000;

/// What one level did on one corpus.
#[derive(Debug, Default)]
struct Column {
    /// Solved by propagation alone (1 node).
    no_search: usize,
    /// The nodes of every other puzzle, sorted.
    nodes: Vec<u64>,
    /// Puzzles whose search ran out of [`BUDGET`].
    out_of_budget: usize,
}

impl Column {
    fn cells(&self, puzzles: usize) -> [String; 2] {
        let share = format!("{:.1} %", 100.0 * self.no_search as f64 / puzzles as f64);
        let nodes = match (self.nodes.len(), self.nodes.last()) {
            (0, _) | (_, None) => "–".to_string(),
            (n, Some(max)) => {
                let median = if n % 2 == 1 {
                    self.nodes[n / 2] as f64
                } else {
                    (self.nodes[n / 2 - 1] + self.nodes[n / 2]) as f64 / 2.0
                };
                let over = match self.out_of_budget {
                    0 => String::new(),
                    k => format!(", {k} out of budget"),
                };
                format!("{median} / {max}{over}")
            }
        };
        [share, nodes]
    }
}

/// The counts of the three levels on `puzzles`, spread over the machine's cores.
fn census(args: &usage::Args, puzzles: &[Grid]) -> [Column; 3] {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = puzzles.len().div_ceil(threads).max(1);
    let parts: Vec<Vec<[u64; 3]>> = std::thread::scope(|scope| {
        let handles: Vec<_> = puzzles
            .chunks(chunk)
            .map(|part| scope.spawn(move || part.iter().map(|p| nodes_by_level(args, p)).collect()))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a solve panicked"))
            .collect()
    });
    let mut columns: [Column; 3] = Default::default();
    for nodes in parts.into_iter().flatten() {
        for (column, n) in columns.iter_mut().zip(nodes) {
            match n {
                1 => column.no_search += 1,
                0 => column.out_of_budget += 1,
                n => column.nodes.push(n),
            }
        }
    }
    for column in &mut columns {
        column.nodes.sort_unstable();
    }
    columns
}

/// The nodes each level needs for the first solution of `puzzle` (0: out of budget).
fn nodes_by_level(args: &usage::Args, puzzle: &Grid) -> [u64; 3] {
    let limits = Limits::FIRST.with_max_nodes(BUDGET);
    Consistency::ALL.map(|consistency| {
        let solver = Cp::new(consistency);
        let out = solver.solve(puzzle, &limits);
        args.check_solution(solver.name(), puzzle, out.solution.as_ref());
        match out.status {
            Status::Solved => out.counters.nodes,
            Status::BudgetExhausted => 0,
            Status::NoSolution => args.error(format_args!(
                "{}: no solution to {} (every corpus here has one)",
                solver.name(),
                puzzle.to_line()
            )),
        }
    })
}

/// The files of `data/bench`, in name order.
fn bench_files(args: &usage::Args) -> Vec<PathBuf> {
    let dir = Path::new(WORKSPACE).join("data/bench");
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| args.error(format_args!("{}: {e}", dir.display())));
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files
}

fn main() {
    let args = usage::Args::new(USAGE);
    args.at_most(2);
    let count_17 = match args.get(0) {
        None => 2000,
        Some("all") => usize::MAX,
        Some(word) => args.parse(word, "a count of puzzles (or `all`)"),
    };
    if count_17 == 0 {
        args.fail("COUNT_17 0: take at least one puzzle of the 17-clue set");
    }
    let dir = args.folder(1, "CORPORA_DIR: the public corpora", DEFAULT_DIR);
    let mut corpora: Vec<(String, String, usize)> = bench_files(&args)
        .into_iter()
        .map(|p| {
            let name = p
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .to_string();
            (name, p.to_string_lossy().to_string(), usize::MAX)
        })
        .collect();
    let public = [
        ("top95", "norvig_sudoku-top95.txt", usize::MAX),
        ("top1465", "puzzles3_magictour_top1465", usize::MAX),
        ("17-clue", "puzzles2_17_clue", count_17),
    ];
    for (name, file, first) in public {
        corpora.push((name.to_string(), format!("{dir}/{file}"), first));
    }
    println!(
        "Share of puzzles solved by propagation alone (1 node), and the nodes of first-fail \
         labelling to the first solution on the others (median / max):\n"
    );
    let levels: Vec<String> = Consistency::ALL
        .iter()
        .map(|c| format!("{0} no search | {0} nodes", c.name().to_uppercase()))
        .collect();
    println!("| corpus | puzzles | {} |", levels.join(" | "));
    println!("|---|---:|{}", "---:|".repeat(2 * Consistency::ALL.len()));
    for (name, path, first) in corpora {
        let puzzles = args.grids(&path, first);
        let columns = census(&args, &puzzles);
        let cells: Vec<String> = columns
            .iter()
            .flat_map(|c| c.cells(puzzles.len()))
            .collect();
        let name = match (name.as_str(), first) {
            ("17-clue", usize::MAX) => "17-clue (all)".to_string(),
            ("17-clue", n) => format!("17-clue (first {n})"),
            _ => name,
        };
        println!("| {name} | {} | {} |", puzzles.len(), cells.join(" | "));
    }
}
