//! The solutions as a person reads them; under `--limit N ≥ 2`, those of the run's fastest
//! exact strategy, searched again (an outcome keeps its first solution only).

use std::fmt::Write as _;

use sudoku_catalogue::DEFAULT_SEED;
use sudoku_core::{Grid, Limits};
use sudoku_results::Status;
use sudoku_trace::people::count;

use super::Solved;

/// At most this many solutions are shown.
pub const SHOWN: usize = 4;
/// The widest a line of a caption gets.
pub const WIDTH: usize = 100;
/// At most this many differing cells are named.
const NAMED: usize = 12;

/// The solutions part of the report.
pub fn solutions(puzzle: &Grid, solved: &[Solved], limit: u64) -> String {
    // The exact solver whose solutions are shown: one whose search finished if any, the
    // fastest.
    let enumerator = (solved
        .iter()
        .filter(|s| s.strategy.is_some_and(|s| s.exact)))
    .filter_map(|s| Some((s, s.row.as_ref().ok()?)))
    .filter(|(_, row)| row.status != Status::Wrong)
    .min_by_key(|(_, row)| (!row.status.is_finished(), row.nanoseconds));
    match enumerator.filter(|_| limit >= 2) {
        Some((e, _)) => enumerated(puzzle, e, limit),
        None => first_solutions(solved, limit),
    }
}

/// The first solutions of an exact search, and what its count proves.
fn enumerated(puzzle: &Grid, e: &Solved, limit: u64) -> String {
    let (Ok(row), Some(strategy)) = (e.row.as_ref(), e.strategy) else {
        return String::new();
    };
    let keep = limit.min(SHOWN as u64);
    let limits = Limits::solutions(keep).with_max_nodes(e.max_nodes);
    let grids = sudoku_trace::solutions(puzzle, strategy, limits, keep as usize, DEFAULT_SEED)
        .map(|found| found.grids)
        .unwrap_or_default();
    let name = &e.name;
    let budget = count(e.max_nodes, "node", "nodes");
    let head = match (&row.status, row.solutions) {
        (Status::NoSolution, _) => format!("no solution: {name}'s search ran to its end"),
        (_, 0) => format!("no solution found within {name}'s budget of {budget}"),
        (Status::Solved, 1) => format!(
            "unique: {name}'s search ran to its end and found no other solution (limit {limit})"
        ),
        (_, 1) => format!(
            "1 solution found: {name}'s budget of {budget} ran out before it could tell \
             whether there is another"
        ),
        (_, n) => {
            let more = (n == limit).then_some(" (the limit: there may be more)");
            let more = more.unwrap_or_default();
            format!(
                "{} found{more}: the puzzle is not unique.\nThe first {}, in the order {name} \
                 found them",
                count(n, "solution", "solutions"),
                grids.len()
            )
        }
    };
    let labelled: Vec<(String, Grid)> = (grids.iter().enumerate())
        .map(|(i, g)| (format!("solution {}", i + 1), *g))
        .collect();
    show(head, &labelled)
}

/// The solvers' first solutions, each once, with who found it.
fn first_solutions(solved: &[Solved], limit: u64) -> String {
    let mut distinct: Vec<(Grid, Vec<&str>)> = Vec::new();
    for s in solved {
        let row = s.row.as_ref().ok().filter(|r| r.status != Status::Wrong);
        let Some(grid) = row.and_then(|r| Grid::parse(&r.solution).ok()) else {
            continue;
        };
        match distinct.iter_mut().find(|(g, _)| *g == grid) {
            Some((_, names)) => names.push(&s.name),
            None => distinct.push((grid, vec![&s.name])),
        }
    }
    let labelled: Vec<(String, Grid)> = (distinct.iter().take(SHOWN))
        .map(|(g, names)| (names.join(", "), *g))
        .collect();
    let head = match distinct.len() {
        0 => return String::new(),
        1 if limit == 1 => "the solution (-l 2 checks whether it is unique)".to_string(),
        1 => "the solution".to_string(),
        n => {
            let shown = (n > SHOWN).then(|| format!(" (the first {SHOWN})"));
            let shown = shown.unwrap_or_default();
            format!(
                "the solvers found {n} different first solutions: the puzzle is not \
                 unique.\nThe solutions{shown}, each with the solvers that found it first"
            )
        }
    };
    show(head, &labelled)
}

/// The caption `head`, wrapped, then each grid: its line, then Norvig's display; several
/// are labelled, one under another, the cells where they differ named and marked.
fn show(head: String, grids: &[(String, Grid)]) -> String {
    let mut out = String::new();
    let mut caption = |text: &str| {
        for piece in text.lines().flat_map(|line| crate::ui::wrap(line, WIDTH)) {
            let _ = writeln!(out, "{piece}");
        }
    };
    match grids {
        [] => caption(&head),
        [(_, grid)] => {
            caption(&format!("{head}:"));
            let _ = write!(out, "{}\n{grid}", grid.to_line());
        }
        [(_, first), ..] => {
            let size = first.size();
            let differ: Vec<bool> = (0..size.cells())
                .map(|c| grids.iter().any(|(_, g)| g.get(c) != first.get(c)))
                .collect();
            let cells: Vec<String> = (0..size.cells())
                .filter(|&c| differ[c])
                .map(|c| size.cell_name(c))
                .collect();
            let named = match cells.len() {
                n if n > NAMED => format!("{} and {} more", cells[..NAMED].join(", "), n - NAMED),
                _ => cells.join(", "),
            };
            let n = count(cells.len() as u64, "cell", "cells");
            caption(&format!(
                "{head}; * marks the {n} where they differ ({named}):"
            ));
            for (label, grid) in grids {
                let lines = marked(grid, &differ).join("\n");
                let _ = writeln!(out, "{label}: {}\n{lines}\n", grid.to_line());
            }
        }
    }
    out
}

/// A grid's lines in Norvig's layout, with a `*` in place of the space after each cell of
/// `differ`.
fn marked(grid: &Grid, differ: &[bool]) -> Vec<String> {
    let size = grid.size();
    let (b, n) = (size.box_size(), size.side());
    let mut lines = Vec::with_capacity(n + b - 1);
    for r in 0..n {
        let mut line = String::new();
        for c in 0..n {
            let cell = r * n + c;
            line.push(size.symbol(grid.get(cell)));
            line.push(if differ[cell] { '*' } else { ' ' });
            if c % b == b - 1 && c != n - 1 {
                line.push('|');
            }
        }
        lines.push(line);
        if r % b == b - 1 && r != n - 1 {
            lines.push(vec!["-".repeat(2 * b); b].join("+"));
        }
    }
    lines
}
