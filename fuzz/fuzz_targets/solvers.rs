//! Every strategy of the catalogue, under a small node budget, never panics on any grid
//! of any size it supports; any solution it returns solves the puzzle, the counters keep
//! their contract, and the observed solve equals the plain one with events that count it.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use sudoku_catalogue::{Options, Strategy, CATALOGUE};
use sudoku_core::{EventCount, Grid, Limits, Size, Status};

fuzz_target!(|data: &[u8]| {
    if data.len() < 4 {
        return;
    }
    let size = Size::ALL[usize::from(data[0] % 4)];
    let seed = u64::from(data[3]);
    let mut values = vec![0u8; size.cells()];
    for (c, &b) in values.iter_mut().zip(&data[4..]) {
        // Mostly empty cells, so that the searches have work to do.
        *c = if b % 3 == 0 {
            b % (size.side() as u8 + 1)
        } else {
            0
        };
    }
    let puzzle = Grid::from_values(size, &values);
    let limit = u64::from(data[1] % 3) + 1;
    for (strategy, _) in CATALOGUE
        .iter()
        .zip(sizes())
        .filter(|(s, takes)| runs_at(s, takes, &puzzle))
    {
        let limits = Limits::solutions(limit).with_max_nodes(budget(strategy, size, data[2]));
        let solver = strategy.solver_with(&Options { seed });
        let out = solver.solve(&puzzle, &limits);
        let c = out.counters;
        let name = strategy.name;
        assert!(c.nodes >= 1 && c.backtracks < c.nodes, "{name}");
        assert!(c.nodes <= limits.max_nodes.unwrap().max(1), "{name}");
        assert!(out.solutions <= limits.solution_limit(), "{name}");
        assert_eq!(out.solution.is_some(), out.solutions > 0, "{name}");
        if let Some(s) = out.solution {
            assert!(
                s.is_solution_of(&puzzle),
                "{name} returned a wrong solution"
            );
        }
        if out.status == Status::NoSolution {
            assert_eq!(out.solutions, 0, "{name}");
        }
        let mut events = EventCount::default();
        let observed = solver.solve_observed(&puzzle, &limits, &mut events);
        assert_eq!(observed, out, "{name}: observed and plain differ");
        assert_eq!(
            (events.tries + 1, events.backtracks),
            (c.nodes, c.backtracks),
            "{name}: events"
        );
    }
});

/// The sizes each strategy of the catalogue takes, in its order (asked once: a solver is
/// built to answer).
fn sizes() -> &'static [Vec<Size>] {
    static SIZES: OnceLock<Vec<Vec<Size>>> = OnceLock::new();
    SIZES.get_or_init(|| CATALOGUE.iter().map(Strategy::sizes).collect())
}

/// Strategies left out above 9x9: SAT loads its encoding's clauses into a new solver on
/// every call, before its first node (500,000 to 700,000 on an empty 25x25 grid, 80,000
/// to 110,000 at 16x16): in this build 30 to 40 ms a call at 16x16 and 0.2 to 0.6 s at
/// 25x25 (twice per strategy and input), which no node budget shortens. The conformance
/// properties solve 16x16 and 25x25 puzzles with them.
const SETUP_TOO_COSTLY_ABOVE_9: [&str; 2] = ["sat-minimal", "sat-extended"];

/// Strategies left out of grids of fewer than [`FEW_GIVENS`] givens: the overlay's first
/// round compares every template of each digit with every other digit's before its first
/// node, 46,656 templates a digit on an empty grid: up to a second a call there for
/// either version, which no node budget shortens. From 17 givens on, the fewest a puzzle
/// with one solution has, a call takes about a millisecond. The overlay's own tests
/// solve the empty grid.
const FIRST_ROUND_TOO_COSTLY_WITH_FEW_GIVENS: [&str; 2] = ["overlay", "overlay-essay"];

/// See [`FIRST_ROUND_TOO_COSTLY_WITH_FEW_GIVENS`].
const FEW_GIVENS: usize = 17;

/// Whether `strategy`, which `takes` those sizes, runs on `puzzle` here: it takes its
/// size, and its cost per call is bounded by its budget there.
fn runs_at(strategy: &Strategy, takes: &[Size], puzzle: &Grid) -> bool {
    let size = puzzle.size();
    takes.contains(&size)
        && (size.side() <= 9 || !SETUP_TOO_COSTLY_ABOVE_9.contains(&strategy.name))
        && (puzzle.givens() >= FEW_GIVENS
            || !FIRST_ROUND_TOO_COSTLY_WITH_FEW_GIVENS.contains(&strategy.name))
}

/// The node budget of `strategy` on a grid of `size`, from the input's `byte`: up to its
/// catalogue budget at 9x9 (at most what two seconds buy there, so that the cost of its nodes is in
/// it) divided by [`SHARE`] at that size, scaled by `byte / 255`. A node costs more as the
/// grid grows (logic's about 27 µs at 9x9 in this build, 2.6 ms at 16x16, 7 ms at 25x25),
/// so a larger grid gets a smaller share: at 9x9, naive up to 200 nodes, logic 100,
/// `logic-essay` 2; at 16x16 logic and the essays 1 node, the root (their first
/// propagation, which no budget shortens). Every input then runs in tens of
/// milliseconds at most.
fn budget(strategy: &Strategy, size: Size, byte: u8) -> u64 {
    let at = Size::ALL.iter().position(|&s| s == size).unwrap();
    strategy.default_max_nodes(Size::NINE) / SHARE[at] * u64::from(byte) / 255
}

/// The share of its catalogue budget a strategy gets at each size of [`Size::ALL`].
const SHARE: [u64; 4] = [10_000, 10_000, 1_000_000, 10_000_000];
