//! `sudoku-lab solve`: one puzzle, some solvers, and what each did.

use std::fmt::Write as _;
use std::io::Read;
use std::sync::Arc;

use anyhow::{Context, Result};
use sudoku_core::{Grid, Puzzle};
use sudoku_engine::solve_checked;
use sudoku_reports::Status;

use crate::cli::{SolveArgs, SolverList};
use crate::config::contender;
use crate::RunEnd;

/// A duration in nanoseconds, readable: `850 ns`, `152.3 µs`, `12.40 ms`, `3.21 s`.
pub fn format_ns(ns: u64) -> String {
    let f = ns as f64;
    if ns < 1_000 {
        format!("{ns} ns")
    } else if ns < 1_000_000 {
        format!("{:.1} µs", f / 1e3)
    } else if ns < 1_000_000_000 {
        format!("{:.2} ms", f / 1e6)
    } else {
        format!("{:.2} s", f / 1e9)
    }
}

/// Solves `puzzle` with `solvers` and returns the report: the puzzle in Norvig's display,
/// then per solver its status, solutions, nodes, backtracks, time and solution; and whether
/// a check failed.
pub fn solve_report(
    puzzle: &Grid,
    solvers: &SolverList,
    limit: u64,
    max_nodes: Option<u64>,
) -> (String, bool) {
    let mut out = String::new();
    let _ = writeln!(out, "{}", puzzle.to_line());
    let _ = writeln!(out, "{puzzle}");
    let conflicts = puzzle.conflicts();
    if !conflicts.is_empty() {
        let _ = writeln!(
            out,
            "the givens clash ({} pairs of peers)\n",
            conflicts.len()
        );
    }
    let entry = Puzzle {
        grid: *puzzle,
        solution: None,
        label: None,
        line: 1,
        index: 0,
    };
    let corpus: Arc<str> = Arc::from("argument");
    let mut wrong = false;
    for spec in &solvers.0 {
        let c = contender(
            spec,
            limit,
            max_nodes.unwrap_or_else(|| spec.default_max_nodes()),
        );
        if !c.solver().supports(puzzle.size()) {
            let _ = writeln!(
                out,
                "{}: does not solve {} puzzles\n",
                spec.name(),
                puzzle.size()
            );
            continue;
        }
        let row = solve_checked(&c, &corpus, &entry, 1);
        let _ = writeln!(
            out,
            "{}: {}, {} solution{} (limit {}), {} nodes, {} backtracks, {}",
            row.solver,
            row.status,
            row.solutions,
            if row.solutions == 1 { "" } else { "s" },
            limit,
            row.nodes,
            row.backtracks,
            format_ns(row.nanoseconds)
        );
        if row.status == Status::Wrong {
            wrong = true;
            let _ = writeln!(
                out,
                "WRONG: {}",
                row.problem.as_deref().unwrap_or("the check failed")
            );
        }
        match Grid::parse(&row.solution) {
            Ok(sol) if !row.solution.is_empty() => {
                let _ = writeln!(out, "{}\n{sol}", sol.to_line());
            }
            _ => out.push('\n'),
        }
    }
    (out, wrong)
}

/// Runs `solve`: the puzzle from the argument or stdin; prints the report.
pub fn solve(args: &SolveArgs) -> Result<RunEnd> {
    let text = match &args.puzzle {
        Some(p) => p.clone(),
        None => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .context("cannot read the puzzle from stdin")?;
            text
        }
    };
    let puzzle = Grid::parse(&text).context("not a puzzle")?;
    let (report, wrong) = solve_report(&puzzle, &args.solvers, args.limit, args.max_nodes);
    print!("{report}");
    Ok(if wrong {
        RunEnd::Wrong
    } else {
        RunEnd::Finished
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_well() {
        assert_eq!(format_ns(850), "850 ns");
        assert_eq!(format_ns(152_300), "152.3 µs");
        assert_eq!(format_ns(12_400_000), "12.40 ms");
        assert_eq!(format_ns(3_210_000_000), "3.21 s");
    }
}
