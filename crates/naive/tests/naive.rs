//! Exactness of the naive strategy: the essay's figures, the golden files, the limits.

use sudoku_core::{CorpusReader, Counters, Grid, Limits, Outcome, Solver, Status};
use sudoku_naive::Naive;
use sudoku_testkit::seeds::{ANTI_BRUTE_FORCE, POLISH};

fn grid(text: &str) -> Grid {
    text.parse().unwrap()
}

#[test]
fn name_is_naive() {
    assert_eq!(Naive.name(), "naive");
}

#[test]
fn polish_grid_gives_the_essays_figures() {
    let puzzle = grid(POLISH);
    let out = Naive.solve(&puzzle, &Limits::FIRST);
    assert_eq!(out.status, Status::Solved);
    assert_eq!(out.solutions, 1);
    assert_eq!(out.counters.nodes, 301_535);
    assert_eq!(out.counters.backtracks, 301_478);
    let solution = out.solution.unwrap();
    assert!(solution.is_solution_of(&puzzle));
}

#[test]
fn anti_brute_force_grid() {
    let puzzle = grid(ANTI_BRUTE_FORCE);
    let out = Naive.solve(&puzzle, &Limits::FIRST);
    assert_eq!(out.status, Status::Solved);
    assert_eq!(out.solutions, 1);
    assert_eq!(out.counters.nodes, 69_175_317);
    assert_eq!(out.counters.backtracks, 69_175_252);
    let solution = out.solution.unwrap();
    assert!(solution.is_solution_of(&puzzle));
    assert_eq!(&solution.to_line()[..9], "987654321");
}

#[test]
fn limit_two_on_the_empty_grid_finds_two_solutions() {
    let out = Naive.solve(&Grid::EMPTY, &Limits::UNIQUENESS);
    assert_eq!(out.status, Status::Solved);
    assert_eq!(out.solutions, 2);
    let first = out.solution.unwrap();
    assert!(first.is_solution_of(&Grid::EMPTY));
    // The smallest grid in reading order comes first.
    assert_eq!(
        first.to_line(),
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
    );
    // reference.py naive --limit 2 on the empty grid: 416 nodes, 334 backtracks (the 81
    // tries of the second solution's path stand when the search stops).
    assert_eq!((out.counters.nodes, out.counters.backtracks), (416, 334));
}

#[test]
fn limit_two_on_a_unique_puzzle_runs_to_exhaustion() {
    let puzzle = grid(POLISH);
    let first = Naive.solve(&puzzle, &Limits::FIRST);
    let out = Naive.solve(&puzzle, &Limits::UNIQUENESS);
    assert_eq!(out.status, Status::Solved);
    assert_eq!(out.solutions, 1);
    assert_eq!(out.solution, first.solution);
    // reference.py naive --limit 2: the whole tree, every try taken back.
    assert_eq!(
        (out.counters.nodes, out.counters.backtracks),
        (634_786, 634_785)
    );
}

#[test]
fn a_solved_grid_is_its_own_solution_at_the_root() {
    let solution = Naive.solve(&grid(POLISH), &Limits::FIRST).solution.unwrap();
    let out = Naive.solve(&solution, &Limits::UNIQUENESS);
    assert_eq!(out.status, Status::Solved);
    assert_eq!(
        (out.solutions, out.counters.nodes, out.counters.backtracks),
        (1, 1, 0)
    );
    assert_eq!(out.solution, Some(solution));
}

#[test]
fn the_node_budget_stops_the_search() {
    let puzzle = grid(POLISH);
    let out = Naive.solve(&puzzle, &Limits::FIRST.with_max_nodes(1000));
    assert_eq!(out.status, Status::BudgetExhausted);
    assert_eq!(out.counters.nodes, 1000);
    assert_eq!(out.solutions, 0);
    assert_eq!(out.solution, None);
    // 999 tries, 24 of them standing on the stack: 975 taken back (reference.py naive
    // --max-tries 999 agrees; it also counts the refused 1000th try as a node).
    assert_eq!(out.counters.backtracks, 975);
}

#[test]
fn budgets_of_zero_and_one_allow_no_try() {
    let puzzle = grid(POLISH);
    for max_nodes in [0, 1] {
        let out = Naive.solve(&puzzle, &Limits::FIRST.with_max_nodes(max_nodes));
        assert_eq!(out.status, Status::BudgetExhausted);
        assert_eq!((out.counters.nodes, out.counters.backtracks), (1, 0));
    }
}

#[test]
fn a_budget_exactly_large_enough_solves() {
    let puzzle = grid(POLISH);
    let out = Naive.solve(&puzzle, &Limits::FIRST.with_max_nodes(301_535));
    assert_eq!(out.status, Status::Solved);
    assert_eq!(
        (out.counters.nodes, out.counters.backtracks),
        (301_535, 301_478)
    );
    let out = Naive.solve(&puzzle, &Limits::FIRST.with_max_nodes(301_534));
    assert_eq!(out.status, Status::BudgetExhausted);
    assert_eq!(out.counters.nodes, 301_534);
}

#[test]
fn clashing_givens_are_rejected_at_the_root() {
    // Two 5s in the first row.
    let mut text = POLISH.to_string();
    text.replace_range(0..1, "5");
    let out = Naive.solve(&grid(&text), &Limits::FIRST);
    assert_eq!(out.status, Status::NoSolution);
    assert_eq!(
        (out.solutions, out.counters.nodes, out.counters.backtracks),
        (0, 1, 0)
    );
    // Two 1s in one box (r1c1 and r2c2), not sharing a row or a column.
    let boxed = format!("1.........1{}", ".".repeat(70));
    let out = Naive.solve(&grid(&boxed), &Limits::UNIQUENESS);
    assert_eq!(out.status, Status::NoSolution);
    assert_eq!(out.counters.nodes, 1);
}

#[test]
fn an_unsolvable_puzzle_without_clash_exhausts_the_tree() {
    // r1c1 cannot hold any digit: 1..8 in its row, 9 in its column.
    let text = format!(".12345678{}9{}", ".".repeat(9), ".".repeat(62));
    let out = Naive.solve(&grid(&text), &Limits::FIRST);
    assert_eq!(out.status, Status::NoSolution);
    assert_eq!(
        (out.solutions, out.counters.nodes, out.counters.backtracks),
        (0, 1, 0)
    );
}

/// The essay's algorithm written the plainest way, as an independent check of the
/// limits and the budget: scan for the first empty cell, scan the row, column and box
/// for each digit, recurse. The budget refuses a try once `max_tries` have been made.
struct Essay {
    grid: [u8; 81],
    limit: u64,
    max_tries: u64,
    tries: u64,
    backtracks: u64,
    solutions: u64,
    first: Option<Grid>,
    budget_exhausted: bool,
}

impl Essay {
    fn outcome(puzzle: &Grid, limits: &Limits) -> Outcome {
        if !puzzle.conflicts().is_empty() {
            return Outcome::rejected_at_root();
        }
        let mut essay = Essay {
            grid: puzzle.cells().try_into().expect("a 9x9 grid"),
            limit: limits.solution_limit(),
            max_tries: limits.max_tries(),
            tries: 0,
            backtracks: 0,
            solutions: 0,
            first: None,
            budget_exhausted: false,
        };
        essay.solve();
        Outcome::new(
            essay.solutions,
            essay.first,
            Counters::from_tries(essay.tries, essay.backtracks),
            essay.budget_exhausted,
        )
    }

    fn safe(&self, digit: u8, cell: usize) -> bool {
        let (r, c) = (cell / 9, cell % 9);
        let (br, bc) = (r - r % 3, c - c % 3);
        (0..9).all(|i| {
            self.grid[r * 9 + i] != digit
                && self.grid[i * 9 + c] != digit
                && self.grid[(br + i / 3) * 9 + bc + i % 3] != digit
        })
    }

    /// Returns true when the search must stop (solution limit or budget).
    fn solve(&mut self) -> bool {
        let Some(cell) = self.grid.iter().position(|&d| d == 0) else {
            self.solutions += 1;
            if self.first.is_none() {
                self.first = Some(Grid::from_cells(self.grid));
            }
            return self.solutions >= self.limit;
        };
        for digit in 1..=9 {
            if self.safe(digit, cell) {
                if self.tries == self.max_tries {
                    self.budget_exhausted = true;
                    return true;
                }
                self.tries += 1;
                self.grid[cell] = digit;
                if self.solve() {
                    return true;
                }
                self.grid[cell] = 0;
                self.backtracks += 1;
            }
        }
        false
    }
}

/// The seed puzzles of `data/seeds.txt` whose trees are small enough for the plain check.
fn small_seeds() -> Vec<Grid> {
    let path = sudoku_testkit::workspace_dir().join("data/seeds.txt");
    let seeds: Vec<Grid> = CorpusReader::open(&path)
        .unwrap()
        .map(|p| p.unwrap().grid)
        .filter(|g| g.to_line() != ANTI_BRUTE_FORCE)
        .collect();
    assert_eq!(seeds.len(), 4, "{}", path.display());
    seeds
}

fn assert_same(puzzle: &Grid, limits: Limits) {
    let want = Essay::outcome(puzzle, &limits);
    let got = Naive.solve(puzzle, &limits);
    assert_eq!(got, want, "{} under {limits:?}", puzzle.to_line());
}

#[test]
fn every_small_budget_stops_where_the_plain_essay_stops() {
    for puzzle in small_seeds() {
        for limit in 1..=3 {
            for max_nodes in 0..=1200 {
                assert_same(&puzzle, Limits::solutions(limit).with_max_nodes(max_nodes));
            }
        }
    }
}

#[test]
fn budgets_across_the_whole_tree_agree_with_the_plain_essay() {
    for puzzle in small_seeds() {
        for limit in 1..=3 {
            assert_same(&puzzle, Limits::solutions(limit));
            let nodes = Naive
                .solve(&puzzle, &Limits::solutions(limit))
                .counters
                .nodes;
            // Ten budgets spread over the tree, then the last few before the end.
            for max_nodes in (1..=nodes).step_by(nodes as usize / 10 + 1) {
                assert_same(&puzzle, Limits::solutions(limit).with_max_nodes(max_nodes));
            }
            for max_nodes in nodes.saturating_sub(2)..=nodes + 1 {
                assert_same(&puzzle, Limits::solutions(limit).with_max_nodes(max_nodes));
            }
        }
    }
}
