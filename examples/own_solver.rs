//! Benchmark a solver of your own beside the catalogue's strategies, with the engine as a
//! library: the same parallel run, checks, rows and summary as `sudoku-lab bench`.
//!
//! ```sh
//! cargo run --release --example own_solver                   # the seed puzzles
//! cargo run --release --example own_solver -- ../shared/corpora/norvig_sudoku-top95.txt
//! ```
//!
//! The solver here, `fewest`, is a plain backtracking search that always branches on the
//! empty cell with the fewest safe digits (no propagation): a few lines, and the engine
//! times it, checks every solution and counts its tries like any strategy's.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use sudoku_core::units::{CELLS, PEERS};
use sudoku_core::{Grid, Limits, Outcome, Solver, Tally};
use sudoku_engine::{expand, run, Contender, End, Plan, Sink, SinkError, Solved, Source};
use sudoku_reports::{Summary, View};
use sudoku_testkit::usage;

/// The usage line.
const USAGE: &str = "usage: own_solver [CORPUS...] (corpus files or folders; the seed puzzles \
built in by default)";

/// Backtracking on the empty cell with the fewest safe digits, ties to the first.
struct Fewest;

impl Fewest {
    /// The digits no peer of `cell` holds, as a mask of bits 1..=9.
    fn safe(cells: &[u8; CELLS], cell: usize) -> u16 {
        let taken = PEERS[cell]
            .iter()
            .fold(0u16, |m, &p| m | (1 << cells[usize::from(p)]));
        !taken & 0b11_1111_1110
    }

    /// Searches below the current grid; `true` when the search must stop.
    fn search(cells: &mut [u8; CELLS], tally: &mut Tally) -> bool {
        let best = (0..CELLS)
            .filter(|&c| cells[c] == 0)
            .map(|c| (Self::safe(cells, c).count_ones(), c))
            .min_by_key(|&(n, _)| n);
        let Some((_, cell)) = best else {
            return tally.solution(|| Grid::from_cells(*cells));
        };
        let safe = Self::safe(cells, cell);
        for digit in (1..=9u8).filter(|d| safe & (1 << d) != 0) {
            if !tally.try_one() {
                return true;
            }
            cells[cell] = digit;
            if Self::search(cells, tally) {
                return true;
            }
            cells[cell] = 0;
            tally.backtrack();
        }
        false
    }
}

impl Solver for Fewest {
    fn name(&self) -> &'static str {
        "fewest"
    }

    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        if puzzle.givens_clash() {
            return Outcome::rejected_at_root();
        }
        let mut cells = [0u8; CELLS];
        cells.copy_from_slice(puzzle.cells());
        let mut tally = Tally::new(limits);
        Self::search(&mut cells, &mut tally);
        tally.outcome()
    }
}

/// Keeps the summary of the rows (a sink could as well write them, or collect them).
struct Summarise(Summary);

impl Sink for Summarise {
    fn puzzle(&mut self, solved: Solved<'_>) -> Result<(), SinkError> {
        for row in solved.rows {
            self.0.add(row);
        }
        Ok(())
    }
}

fn main() {
    let args = usage::Args::new(USAGE);
    let paths: Vec<PathBuf> = args.words().iter().map(PathBuf::from).collect();
    let corpora = if paths.is_empty() {
        vec![Source::BuiltIn]
    } else {
        expand(&paths).unwrap_or_else(|e| args.error(e)).sources
    };
    let budget = Limits::FIRST.with_max_nodes(10_000_000);
    let mut contenders = vec![Contender::new(Box::new(Fewest), budget)];
    for name in ["norvig", "dlx"] {
        let strategy = sudoku_catalogue::find(name)
            .unwrap_or_else(|| args.error(format_args!("{name}: not in the catalogue")));
        contenders.push(Contender::new(strategy.solver(), budget));
    }
    let plan = Plan {
        sources: corpora,
        contenders,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        repeat: 1,
        first: None,
        strict: false,
        ..Plan::default()
    };
    let mut sink = Summarise(Summary::new());
    let report = run(&plan, &mut sink, &AtomicBool::new(false));
    print!("{}", sink.0.to_text(View::Narrow));
    match report.end {
        End::Failed(e) => args.error(e),
        _ if sink.0.wrong() > 0 => args.error("some solution failed its check"),
        _ => {}
    }
}
