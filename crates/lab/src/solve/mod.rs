//! `sudoku-lab solve`: a few puzzles, some solvers, and what each did, for people (the
//! book's "solve" chapter).

mod show;
mod words;

use std::sync::Arc;

use anyhow::{bail, Result};
use sudoku_catalogue::Strategy;
use sudoku_core::{Puzzle, Size};
use sudoku_engine::solve_checked;
use sudoku_results::{Row, Status};
use sudoku_trace::people::count;

use crate::bench::config::contender_with;
use crate::cli::{SolveArgs, SolverSpec};
use crate::input::Input;
use crate::{ui, RunEnd};
use words::status_words;

/// A solve quicker than this is timed again, as the least of [`RETIMES`] runs, so that the
/// comparison of quick solvers is not one cold run's.
const QUICK_NS: u64 = 10_000_000;
const RETIMES: u64 = 9;

/// Runs `solve`. As `bench` and `trace`, it fails when no solver of the list solves the
/// size of any puzzle read.
pub fn solve(args: &SolveArgs) -> Result<RunEnd> {
    let input = Input::from_args(&args.puzzles);
    let mut puzzles = input.puzzles()?;
    let from = (!matches!(input, Input::Text(_))).then(|| puzzles.name.clone());
    let mut reported = Reported::default();
    let name = puzzles.name.clone();
    let chosen: Box<dyn Iterator<Item = Result<Puzzle>>> = match args.puzzles.index {
        Some(index) => Box::new(std::iter::once(puzzles.nth_puzzle(index))),
        None => Box::new(puzzles),
    };
    for puzzle in chosen {
        if !reported.sizes.is_empty() {
            ui::out("\n");
        }
        report(&puzzle?, from.as_deref(), args, &mut reported)?;
        if !ui::stdout_open() {
            break;
        }
    }
    if reported.sizes.is_empty() {
        bail!("{name} holds no puzzle");
    }
    ui::stdout_written()?;
    if !reported.solved && ui::stdout_open() {
        let sizes: Vec<String> = reported.sizes.iter().map(ToString::to_string).collect();
        let sizes = sizes.join(" or ");
        bail!("no solver of the list solves {sizes} grids: nothing was solved");
    }
    Ok(match reported.wrong {
        true => RunEnd::Wrong,
        false => RunEnd::Finished,
    })
}

/// What the puzzles reported so far came to.
#[derive(Debug, Default)]
struct Reported {
    /// The sizes of the puzzles, each once, in the order met.
    sizes: Vec<Size>,
    /// Whether a solver solved one of them (whatever its status), not all skipped.
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
        let (index, line) = (puzzle.index, puzzle.line);
        ui::out(format!("{name}: puzzle {index}, line {line}{label}\n"));
    }
    ui::out(format!("{}\n{grid}", grid.to_line()));
    let clashes = grid.conflicts().len() as u64;
    if clashes > 0 {
        let pairs = count(clashes, "pair", "pairs");
        ui::out(format!("the givens clash ({pairs} of peers)\n"));
    }
    ui::out("\n");
    let mut solved = Vec::new();
    for spec in &args.search.solvers.0 {
        let s = Solved::run(spec, puzzle, args)?;
        reported.solved |= s.row.is_ok();
        reported.wrong |= s.row.as_ref().is_ok_and(|r| r.status == Status::Wrong);
        ui::out(line(&s, args.search.limit));
        solved.push(s);
        if !ui::stdout_open() {
            return Ok(());
        }
    }
    let solutions = show::solutions(grid, &solved, args.search.limit);
    if !solutions.is_empty() {
        ui::out(format!("\n{solutions}"));
    }
    if let Some(said) = words::against_fastest(&solved) {
        ui::out(format!("\n{}\n", ui::wrap(&said, show::WIDTH).join("\n")));
    }
    Ok(())
}

/// A solver's line: `dlx: solved, 1 solution (limit 1), 57 nodes, 0 backtracks, 38.2 µs`,
/// then a `WRONG:` or `why:` line; or why it was skipped.
fn line(s: &Solved, limit: u64) -> String {
    let row = match &s.row {
        Ok(row) => row,
        Err(why) => return format!("{}: skipped: {why}\n", s.name),
    };
    let solutions = match (&row.status, row.solutions) {
        (Status::NoSolution, 0) => String::new(),
        (_, n) => format!(", {} (limit {limit})", count(n, "solution", "solutions")),
    };
    let time = words::time(row).map_or_else(String::new, |t| format!(", {t}"));
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

/// One solver's part.
#[derive(Debug)]
pub struct Solved {
    pub name: String,
    /// Its catalogue entry, for one that has one.
    pub strategy: Option<&'static Strategy>,
    pub max_nodes: u64,
    /// Its row, as `bench` writes it; or why it was skipped: a strategy that does not take
    /// the puzzle's size (a `cmd:` solver takes every size).
    pub row: Result<Row, String>,
}

impl Solved {
    /// Solves `puzzle` with `spec` under `args`, checked as `bench` checks it.
    fn run(
        spec: &SolverSpec,
        puzzle: &Puzzle,
        args: &SolveArgs,
    ) -> Result<Solved, sudoku_engine::EngineError> {
        let max_nodes =
            (args.search.max_nodes).unwrap_or_else(|| spec.default_max_nodes(puzzle.grid.size()));
        let options = sudoku_catalogue::Options {
            seed: args.search.seed,
        };
        let c = contender_with(
            spec,
            args.search.limit,
            max_nodes,
            args.timeout.limit,
            &options,
        );
        let strategy = match spec {
            SolverSpec::Strategy(s) => Some(*s),
            SolverSpec::Command(_) => None,
        };
        let size = puzzle.grid.size();
        let row = match strategy {
            Some(s) if !s.solver().supports(size) => Err(crate::trace::unsupported(s, size)),
            _ => {
                let corpus: Arc<str> = Arc::from("solve");
                let mut first = solve_checked(&c, &corpus, puzzle, 1)?;
                // A `cmd:` child that crashed has no solve time: asked again, it would be
                // started again, and wait for its first answer again.
                let quick = first.solve_time().is_some_and(|ns| ns < QUICK_NS);
                if quick && first.status != Status::Wrong {
                    first = solve_checked(&c, &corpus, puzzle, RETIMES)?;
                }
                Ok(first)
            }
        };
        let name = spec.name().to_string();
        Ok(Solved {
            name,
            strategy,
            max_nodes,
            row,
        })
    }
}
