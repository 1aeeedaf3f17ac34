//! `sudoku-lab solve`: one puzzle, one solver or all, and what each did.

use std::fmt::Write as _;
use std::io::Read;

use anyhow::{Context, Result};
use sudoku_core::{Grid, Limits};

use crate::bench::RunEnd;
use crate::check::solve_checked;
use crate::cli::SolveArgs;
use crate::solvers::{self, default_max_nodes};

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

/// Solves `puzzle` with the solvers named by `solver` (one name or `all`) and returns the
/// report: the puzzle in Norvig's display, then per solver its status, solutions, nodes,
/// backtracks, time and solution; and whether a check failed.
pub fn solve_report(
    puzzle: &Grid,
    solver: &str,
    limit: u64,
    max_nodes: Option<u64>,
) -> Result<(String, bool)> {
    let solvers = solvers::parse_list(solver)?;
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
    let mut wrong = false;
    for s in &solvers {
        let budget = max_nodes.unwrap_or_else(|| default_max_nodes(s.name()));
        let limits = Limits::solutions(limit).with_max_nodes(budget);
        let r = solve_checked(s.as_ref(), puzzle, None, &limits, 1);
        let o = &r.outcome;
        let _ = writeln!(
            out,
            "{}: {}, {} solution{} (limit {}), {} nodes, {} backtracks, {}",
            s.name(),
            r.status,
            o.solutions,
            if o.solutions == 1 { "" } else { "s" },
            limit,
            o.counters.nodes,
            o.counters.backtracks,
            format_ns(r.min_ns)
        );
        if let Some(p) = &r.problem {
            wrong = true;
            let _ = writeln!(out, "WRONG: {p}");
        }
        match &o.solution {
            Some(sol) => {
                let _ = writeln!(out, "{}\n{sol}", sol.to_line());
            }
            None => out.push('\n'),
        }
    }
    Ok((out, wrong))
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
    let (report, wrong) = solve_report(&puzzle, &args.solver, args.limit, args.max_nodes)?;
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
