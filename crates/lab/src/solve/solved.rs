//! Each solver on the puzzle: a timed, checked solve (the engine's, as `bench` does it),
//! or a note that it does not take the puzzle's size.

use std::sync::Arc;

use sudoku_catalogue::Strategy;
use sudoku_core::{Grid, Puzzle};
use sudoku_engine::solve_checked;
use sudoku_results::{Row, Status};

use crate::bench::config::contender_with;
use crate::cli::{SolveArgs, SolverSpec};

/// A solve quicker than this is timed again, as the least of [`RETIMES`] runs, so that
/// the comparison of quick solvers is not one cold run's.
const QUICK_NS: u64 = 10_000_000;
/// How many runs time a quick solve.
const RETIMES: u64 = 9;

/// One solver's part.
#[derive(Debug)]
pub struct Solved {
    /// The solver's name.
    pub name: String,
    /// Its catalogue entry, for one that has one.
    pub strategy: Option<&'static Strategy>,
    /// Its node budget.
    pub max_nodes: u64,
    /// Its row, as `bench` writes it; `None` when it does not take the puzzle's size.
    pub row: Option<Row>,
}

impl Solved {
    /// Whether the solver is exact: it finds every solution and proves there is none.
    pub fn exact(&self) -> bool {
        self.strategy.is_some_and(|s| s.exact)
    }

    /// Whether its search ran to its end and passed its check (solved or no solution).
    pub fn finished(&self) -> bool {
        self.row.as_ref().is_some_and(|r| r.status.is_finished())
    }

    /// Its first solution, if any.
    pub fn solution(&self) -> Option<Grid> {
        let row = self.row.as_ref()?;
        (row.status != Status::Wrong)
            .then(|| Grid::parse(&row.solution).ok())
            .flatten()
    }
}

/// Solves `puzzle` with `spec` under `args`' limit, budget, seed and `cmd:` time limit,
/// checked as `bench` checks it (against the puzzle's known solution too, when its line
/// gives one).
pub fn run(
    spec: &SolverSpec,
    puzzle: &Puzzle,
    args: &SolveArgs,
) -> Result<Solved, sudoku_engine::EngineError> {
    let max_nodes = args
        .search
        .max_nodes
        .unwrap_or_else(|| spec.default_max_nodes(puzzle.grid.size()));
    let options = sudoku_catalogue::Options { seed: args.seed };
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
    let mut solved = Solved {
        name: spec.name().to_string(),
        strategy,
        max_nodes,
        row: None,
    };
    if !c.solver().supports(puzzle.grid.size()) {
        return Ok(solved);
    }
    let corpus: Arc<str> = Arc::from("solve");
    let mut row = solve_checked(&c, &corpus, puzzle, 1)?;
    if row.nanoseconds < QUICK_NS && row.status != Status::Wrong {
        row = solve_checked(&c, &corpus, puzzle, RETIMES)?;
    }
    solved.row = Some(row);
    Ok(solved)
}
