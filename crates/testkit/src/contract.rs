//! The properties the strategy crates test each in their own tests, stated once: the
//! names and the sizes a solver supports, puzzles solved with answers that solve them,
//! givens that clash rejected at the root, a full grid its own solution at the root, a
//! node budget that bounds the search, and an essay equal to its fast path. A crate's
//! test calls one with what is its own (its solvers, puzzles, limits and budgets).

use sudoku_core::{Event, Grid, Limits, Outcome, Size, Solver, Status};

use crate::seeds::POLISH;
use crate::{
    compare_with_golden, corpus_puzzles, data_puzzles, golden_dirs, golden_files, watch, Mode,
};

/// Each solver answers to its name and supports exactly the sizes of `sizes`.
pub fn assert_names_and_sizes(solvers: &[(&dyn Solver, &str)], sizes: &[Size]) {
    for &(solver, name) in solvers {
        assert_eq!(solver.name(), name);
        for size in Size::ALL {
            assert_eq!(
                solver.supports(size),
                sizes.contains(&size),
                "{name} {size}"
            );
        }
    }
}

/// `out` is `puzzle` solved: `Solved`, one solution, and that solution solves it.
pub fn assert_solved(puzzle: &Grid, out: &Outcome) {
    assert_eq!(out.status, Status::Solved, "{}: {out:?}", puzzle.to_line());
    assert_eq!(out.solutions, 1, "{}", puzzle.to_line());
    out.solution
        .expect("a solution")
        .check_solution_of(puzzle)
        .unwrap_or_else(|e| panic!("{}: {e}", puzzle.to_line()));
}

/// `solver` solves each of `puzzles` under `limits` (which ask for one solution), and
/// each answer solves its puzzle; the outcomes, in order, for what a crate checks more.
pub fn assert_solves_each(solver: &dyn Solver, puzzles: &[Grid], limits: &Limits) -> Vec<Outcome> {
    puzzles
        .iter()
        .map(|puzzle| {
            let out = solver.solve(puzzle, limits);
            assert_solved(puzzle, &out);
            out
        })
        .collect()
}

/// The first given of `puzzle` copied to the next cell of its row, as a second given.
pub fn clash_in_its_row(puzzle: &Grid) -> Grid {
    let n = puzzle.size().side();
    let cell = (0..puzzle.cells().len())
        .find(|&c| puzzle.get(c) != 0 && c % n + 1 < n)
        .expect("a given with a cell after it in its row");
    puzzle.with(cell + 1, puzzle.get(cell))
}

/// One puzzle of every size, in the order of [`Size::ALL`]: the first of `data/4x4.txt`,
/// the Polish essay's grid, the first of the 16x16 corpus and of `data/25x25.txt`.
pub fn one_puzzle_of_every_size() -> Vec<Grid> {
    let mut all = data_puzzles("4x4.txt", 1);
    all.push(crate::grid(POLISH));
    all.extend(corpus_puzzles("16x16Dataset.csv", 1));
    all.extend(data_puzzles("25x25.txt", 1));
    let sizes: Vec<Size> = all.iter().map(|p| p.size()).collect();
    assert_eq!(sizes, Size::ALL);
    all
}

/// `puzzle`, whose givens clash, is rejected at the root under each of `limits`: no
/// solution, one node, no backtrack ([`Outcome::rejected_at_root`]).
pub fn assert_rejected_at_root(solver: &dyn Solver, puzzle: &Grid, limits: &[Limits]) {
    assert!(puzzle.givens_clash(), "{}", puzzle.to_line());
    for l in limits {
        assert_eq!(
            solver.solve(puzzle, l),
            Outcome::rejected_at_root(),
            "{} on {} under {l:?}",
            solver.name(),
            puzzle.to_line()
        );
    }
}

/// [`assert_rejected_at_root`] watched as well: the same outcome, and no event told.
pub fn assert_rejected_at_root_silently(solver: &dyn Solver, puzzle: &Grid, limits: &[Limits]) {
    assert_rejected_at_root(solver, puzzle, limits);
    for l in limits {
        let (out, events) = watch(solver, puzzle, l);
        assert_eq!(
            out,
            Outcome::rejected_at_root(),
            "{} watched",
            solver.name()
        );
        assert!(
            events.is_empty(),
            "{} on {}: {events:?}",
            solver.name(),
            puzzle.to_line()
        );
    }
}

/// A full grid is its own one solution, found at the root: under a limit of 2, `Solved`
/// with one solution, one node, no backtrack, and the solution the grid itself.
pub fn assert_a_full_grid_is_its_own_solution(solver: &dyn Solver, full: &Grid) {
    assert_eq!(full.givens(), full.size().cells(), "not a full grid");
    let out = solver.solve(full, &Limits::UNIQUENESS);
    assert_eq!(
        (out.status, out.solutions, out.counters.nodes),
        (Status::Solved, 1, 1),
        "{}",
        solver.name()
    );
    assert_eq!(out.counters.backtracks, 0, "{}", solver.name());
    assert_eq!(out.solution, Some(*full), "{}", solver.name());
}

/// The node budget bounds the search of `puzzle` under `limits`: the whole search (by
/// the first solver) takes more nodes than any of `budgets`; each of them, and the
/// whole search's nodes less one, ends each solver's search with the budget exhausted at
/// exactly that many nodes (one at the least, the root); a budget of the whole search's
/// nodes changes nothing.
pub fn assert_the_budget_bounds_the_search(
    solvers: &[&dyn Solver],
    puzzle: &Grid,
    limits: Limits,
    budgets: &[u64],
) {
    let full = solvers[0].solve(puzzle, &limits);
    let largest = budgets.iter().copied().max().unwrap_or(0);
    assert!(full.counters.nodes > largest, "{full:?}");
    for &solver in solvers {
        let name = solver.name();
        for &budget in budgets.iter().chain([full.counters.nodes - 1].iter()) {
            let out = solver.solve(puzzle, &limits.with_max_nodes(budget));
            assert_eq!(out.status, Status::BudgetExhausted, "{name} {budget}");
            assert_eq!(out.counters.nodes, budget.max(1), "{name} {budget}");
        }
        let out = solver.solve(puzzle, &limits.with_max_nodes(full.counters.nodes));
        assert_eq!(out, full, "{name}");
    }
}

/// The fast path is the essay event for event, on each of `puzzles` under each of
/// `limits`: the same outcome and the same events watched, and each watched outcome the
/// plain one. The fast path's watched solves, each with its puzzle, in order (puzzle by
/// puzzle, limits within), for a crate's own reading of the events.
pub fn assert_the_fast_path_is_the_essay_event_for_event(
    fast: &dyn Solver,
    essay: &dyn Solver,
    puzzles: &[Grid],
    limits: &[Limits],
) -> Vec<(Grid, Outcome, Vec<Event>)> {
    let mut watched = Vec::new();
    for puzzle in puzzles {
        for l in limits {
            let case = format!("{} under {l:?}", puzzle.to_line());
            let (fast_out, fast_events) = watch(fast, puzzle, l);
            let (essay_out, essay_events) = watch(essay, puzzle, l);
            assert_eq!(fast_out, essay_out, "{case}");
            assert_eq!(fast_events, essay_events, "{case}");
            assert_eq!(
                fast.solve(puzzle, l),
                fast_out,
                "watched equals plain: {case}"
            );
            assert_eq!(
                essay.solve(puzzle, l),
                essay_out,
                "watched equals plain: {case}"
            );
            watched.push((*puzzle, fast_out, fast_events));
        }
    }
    watched
}

/// The fast path and the essay solve each of `puzzles` under `limits` with the same
/// outcome, counters included, and the fast path finds a solution of each.
pub fn assert_the_fast_path_and_the_essay_count_alike(
    fast: &dyn Solver,
    essay: &dyn Solver,
    puzzles: &[Grid],
    limits: &Limits,
) {
    for puzzle in puzzles {
        let out = fast.solve(puzzle, limits);
        assert_eq!(out.status, Status::Solved, "{}", puzzle.to_line());
        assert_eq!(essay.solve(puzzle, limits), out, "{}", puzzle.to_line());
    }
}

/// `solver` finds the statuses, solution counts and solutions of dlx's golden files
/// ([`Mode::Solutions`]) on every one whose corpus passes `wanted`, of which there are
/// at least `at_least`.
pub fn assert_the_solutions_are_dlxs(
    solver: &dyn Solver,
    wanted: impl Fn(&str) -> bool,
    at_least: usize,
) {
    let files: Vec<_> = golden_files("dlx")
        .into_iter()
        .filter(|f| wanted(&f.corpus))
        .collect();
    assert!(files.len() >= at_least, "{files:?} in {:?}", golden_dirs());
    for file in &files {
        let mismatches = compare_with_golden(solver, file, Mode::Solutions);
        assert!(mismatches.is_empty(), "{mismatches:#?}");
    }
}

/// The bookkeeping of an event stream replayed on its puzzle, the part every replay of
/// a depth-first search shares: the tries standing, each told one level deeper than the
/// last; each backtrack taking back the last try standing; each solution told at the
/// depth of the tries standing, a solution of the puzzle, the first the outcome's; and,
/// at the end, the tries, backtracks and solutions counted equal to the outcome's.
/// A crate's replay adds what its strategy's own rules say of each event.
#[derive(Debug)]
pub struct Replay<'a> {
    puzzle: &'a Grid,
    out: &'a Outcome,
    standing: Vec<(u16, u8)>,
    tries: u64,
    backtracks: u64,
    solutions: u64,
}

impl<'a> Replay<'a> {
    /// The replay of a stream of events told by a solve of `puzzle` that ended as `out`.
    pub fn new(puzzle: &'a Grid, out: &'a Outcome) -> Replay<'a> {
        Replay {
            puzzle,
            out,
            standing: Vec::new(),
            tries: 0,
            backtracks: 0,
            solutions: 0,
        }
    }

    /// How many tries stand.
    pub fn depth(&self) -> usize {
        self.standing.len()
    }

    /// A try of `digit` in `cell` told at `depth` (`at` names the event).
    pub fn tried(&mut self, depth: u16, cell: u16, digit: u8, at: &str) {
        assert_eq!(usize::from(depth), self.depth() + 1, "{at}");
        self.standing.push((cell, digit));
        self.tries += 1;
    }

    /// The backtrack of `digit` in `cell` told at `depth`: the last try standing.
    pub fn took_back(&mut self, depth: u16, cell: u16, digit: u8, at: &str) {
        assert_eq!(usize::from(depth), self.depth(), "{at}");
        assert_eq!(self.standing.pop(), Some((cell, digit)), "{at}");
        self.backtracks += 1;
    }

    /// An event told at `depth` where the tries standing say it must be.
    pub fn at_depth(&self, depth: u16, at: &str) {
        assert_eq!(usize::from(depth), self.depth(), "{at}");
    }

    /// A solution told at `depth`, the board then being `board`.
    pub fn solution(&mut self, depth: u16, board: Grid, at: &str) {
        self.at_depth(depth, at);
        assert!(board.is_solution_of(self.puzzle), "{at}");
        if self.solutions == 0 {
            assert_eq!(self.out.solution, Some(board), "{at}");
        }
        self.solutions += 1;
    }

    /// A solution told at `depth` by a search whose tries alone fill the cells: the
    /// board is the puzzle with the tries standing.
    pub fn solution_of_the_tries(&mut self, depth: u16, at: &str) {
        let mut board = *self.puzzle;
        for &(cell, digit) in &self.standing {
            board.set(usize::from(cell), digit);
        }
        self.solution(depth, board, at);
    }

    /// The end of the stream: what it told counts the outcome's counters.
    pub fn end(self) {
        let counted = (self.tries + 1, self.backtracks, self.solutions);
        let want = (
            self.out.counters.nodes,
            self.out.counters.backtracks,
            self.out.solutions,
        );
        assert_eq!(counted, want, "{}", self.puzzle.to_line());
    }
}
