//! `sudoku-lab solve`: a few puzzles, some solvers, and what each did, for people.
//!
//! For each puzzle: the puzzle in Norvig's display; one line per solver as it finishes
//! (`bench`'s timed, checked solve); the solution, or under `--limit N ≥ 2` the first
//! solutions side by side ([`show`]); with two solvers or more, a table ([`table`]).

mod show;
mod solved;
mod table;

use anyhow::{bail, Result};
use sudoku_core::{Grid, Puzzle, Size};
use sudoku_results::Status;
use sudoku_trace::people::count;

use crate::cli::SolveArgs;
use crate::input::Input;
use crate::{ui, RunEnd};
use solved::Solved;
use table::status_words;

/// Runs `solve`: every puzzle of the input (or the one of `--index`) in turn. As `bench`
/// and `trace`, it fails when no solver of the list solves the size of any puzzle read:
/// nothing was solved.
pub fn solve(args: &SolveArgs) -> Result<RunEnd> {
    let input = Input::from_args(&args.puzzles)?;
    let mut puzzles = input.puzzles()?;
    let from = (!matches!(input, Input::Text(_))).then(|| puzzles.name().to_string());
    let mut reported = Reported::default();
    if let Some(index) = args.puzzles.index {
        let puzzle = puzzles.nth_puzzle(index)?;
        report(&puzzle, from.as_deref(), args, &mut reported)?;
    } else {
        for puzzle in puzzles.by_ref() {
            let puzzle = puzzle?;
            if !reported.sizes.is_empty() {
                ui::out("\n");
            }
            report(&puzzle, from.as_deref(), args, &mut reported)?;
            if !ui::stdout_open() {
                break;
            }
        }
        if reported.sizes.is_empty() {
            bail!("{} holds no puzzle", puzzles.name());
        }
    }
    ui::stdout_written()?;
    if !reported.solved && ui::stdout_open() {
        let sizes: Vec<String> = reported.sizes.iter().map(ToString::to_string).collect();
        bail!(
            "no solver of the list solves {} grids: nothing was solved",
            sizes.join(" or ")
        );
    }
    Ok(if reported.wrong {
        RunEnd::Wrong
    } else {
        RunEnd::Finished
    })
}

/// What the puzzles reported so far came to.
#[derive(Debug, Default)]
struct Reported {
    /// The sizes of the puzzles, each once, in the order met.
    sizes: Vec<Size>,
    /// Whether a solver solved one of them (whatever its status), not all skipped for
    /// its size.
    solved: bool,
    /// Whether a solution failed its check.
    wrong: bool,
}

/// One puzzle's report, added to what was `reported`.
fn report(
    puzzle: &Puzzle,
    from: Option<&str>,
    args: &SolveArgs,
    reported: &mut Reported,
) -> Result<()> {
    let grid = &puzzle.grid;
    if !reported.sizes.contains(&grid.size()) {
        reported.sizes.push(grid.size());
    }
    if let Some(name) = from {
        let label = puzzle
            .label
            .as_deref()
            .map_or(String::new(), |l| format!(" ({l})"));
        ui::out(format!(
            "{name}: puzzle {}, line {}{label}\n",
            puzzle.index, puzzle.line
        ));
    }
    ui::out(format!("{}\n{grid}", grid.to_line()));
    let clashes = grid.conflicts().len() as u64;
    if clashes > 0 {
        ui::out(format!(
            "the givens clash ({} of peers)\n",
            count(clashes, "pair", "pairs")
        ));
    }
    ui::out("\n");
    let mut solved = Vec::new();
    for spec in &args.search.solvers.0 {
        let s = solved::run(spec, puzzle, args)?;
        reported.solved |= s.row.is_some();
        reported.wrong |= s.row.as_ref().is_some_and(|r| r.status == Status::Wrong);
        ui::out(line(&s, grid, args.search.limit));
        solved.push(s);
        if !ui::stdout_open() {
            return Ok(());
        }
    }
    let solutions = show::solutions(grid, &solved, args.search.limit);
    if !solutions.is_empty() {
        ui::out(format!("\n{solutions}"));
    }
    if solved.len() > 1 {
        ui::out(format!("\n{}", table::table(&solved)));
    }
    Ok(())
}

/// A solver's line: `dlx: solved, 1 solution (limit 1), 57 nodes, 0 backtracks, 38.2 µs`,
/// then a `WRONG:` line when its check failed or a `why:` line when a `cmd:` solver timed
/// out or crashed; or why it was skipped.
fn line(s: &Solved, grid: &Grid, limit: u64) -> String {
    let Some(row) = &s.row else {
        let why = match s.strategy {
            Some(strategy) => crate::trace::unsupported(strategy, grid.size()),
            None => format!("it does not solve {} grids", grid.size()),
        };
        return format!("{}: skipped: {why}\n", s.name);
    };
    let solutions = match (&row.status, row.solutions) {
        (Status::NoSolution, 0) => String::new(),
        (_, n) => format!(", {} (limit {limit})", count(n, "solution", "solutions")),
    };
    let time = table::time(row).map_or_else(String::new, |t| format!(", {t}"));
    let mut text = format!(
        "{}: {}{solutions}, {}, {}{time}\n",
        s.name,
        status_words(&row.status),
        count(row.nodes, "node", "nodes"),
        count(row.backtracks, "backtrack", "backtracks"),
    );
    match (&row.status, &row.problem) {
        (Status::Wrong, Some(problem)) => text.push_str(&format!("WRONG: {problem}\n")),
        (_, Some(why)) => text.push_str(&format!("  why: {why}\n")),
        (_, None) => {}
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solver_that_does_not_take_the_size_gets_a_note() {
        let skipped = Solved {
            name: "bands".to_string(),
            strategy: None,
            max_nodes: 1,
            row: None,
        };
        let grid = Grid::empty(sudoku_core::Size::SIXTEEN);
        assert_eq!(
            line(&skipped, &grid, 1),
            "bands: skipped: it does not solve 16x16 grids\n"
        );
    }
}
