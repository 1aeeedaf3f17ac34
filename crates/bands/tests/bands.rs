//! The bands strategy against the contract: solution counts equal dlx's on every 9x9
//! corpus, limits, budgets, clashing givens, and the counters of a few puzzles.

use sudoku_bands::{Bands, BandsEssay};
use sudoku_core::corpus::{corpus_files, CorpusReader};
use sudoku_core::{Counters, Grid, Limits, Outcome, Size, Solver, Status};
use sudoku_dlx::Dlx;
use sudoku_testkit::contract::assert_rejected_at_root;
use sudoku_testkit::seeds::{HARD1, POLISH, SPANISH_2};
use sudoku_testkit::{counts, grid, shared_dir};

#[test]
fn solution_counts_agree_with_dlx_on_every_corpus() {
    let mut checked = 0;
    for path in corpus_files(shared_dir().join("corpora")).unwrap() {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let mut in_file = 0;
        for item in CorpusReader::open(&path).unwrap() {
            let puzzle = item.unwrap_or_else(|e| panic!("{name}: {e}"));
            if puzzle.grid.size() != Size::NINE {
                continue;
            }
            let p = &puzzle.grid;
            let ours = Bands.solve(p, &Limits::UNIQUENESS);
            let theirs = Dlx.solve(p, &Limits::UNIQUENESS);
            let at = format!("{name} #{} ({})", puzzle.index, p.to_line());
            assert_eq!(ours.status, theirs.status, "{at}");
            assert_eq!(ours.solutions, theirs.solutions, "{at}");
            if let Some(sol) = ours.solution {
                sol.check_solution_of(p)
                    .unwrap_or_else(|e| panic!("{at}: {e}"));
            }
            if ours.solutions == 1 {
                assert_eq!(ours.solution, theirs.solution, "{at}");
            }
            if let Some(known) = puzzle.solution.filter(|_| ours.solutions == 1) {
                assert_eq!(ours.solution, Some(*known), "{at}");
            }
            in_file += 1;
        }
        if !name.starts_with("16x16") {
            assert!(in_file > 0, "{name}: no 9x9 puzzle");
        }
        checked += in_file;
    }
    assert!(checked > 70_000, "{checked} puzzles");
}

#[test]
fn the_special_records_of_the_test_file() {
    let cases = [
        (".".repeat(81), Status::Solved, 2),
        (
            "..1.........345789...789345......................................................"
                .to_string(),
            Status::NoSolution,
            0,
        ),
        (format!("11{}", ".".repeat(79)), Status::NoSolution, 0),
    ];
    for (text, status, solutions) in cases {
        let out = Bands.solve(&grid(&text), &Limits::UNIQUENESS);
        assert_eq!((out.status, out.solutions), (status, solutions), "{text}");
    }
}

#[test]
fn clashing_givens_are_rejected_at_the_root() {
    for text in [
        format!("11{}", ".".repeat(79)),
        format!("1{}1{}", ".".repeat(8), ".".repeat(71)),
        format!("1{}1{}", ".".repeat(9), ".".repeat(70)),
        format!("{}5{}5", ".".repeat(70), ".".repeat(9)),
    ] {
        assert_rejected_at_root(&Bands, &grid(&text), &[Limits::FIRST, Limits::UNIQUENESS]);
    }
}

#[test]
fn the_limit_counts_solutions_exactly() {
    let empty = Grid::EMPTY;
    for limit in [1, 2, 3, 10, 100, 1000] {
        let out = Bands.solve(&empty, &Limits::solutions(limit));
        assert_eq!((out.status, out.solutions), (Status::Solved, limit));
        assert!(out.solution.unwrap().is_solution_of(&empty));
        // Under a limit the last try stands; every other try was taken back.
        assert!(out.counters.backtracks < out.counters.nodes);
    }
}

#[test]
fn every_solution_is_counted_once() {
    // Puzzles cut from one solution grid, with up to a few thousand solutions: under a
    // limit above their number, the search finds them all and ends (every try taken
    // back), as many as dlx finds.
    let solution =
        grid("534678912672195348198342567859761423426853791713924856961537284287419635345286179");
    let mut tested = 0;
    for seed in 0..60u64 {
        // Blank about 55 cells, a different set for each seed.
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut puzzle = solution;
        for cell in 0..81 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            if state % 100 < 68 {
                puzzle.set(cell, 0);
            }
        }
        let all = Dlx.solve(&puzzle, &Limits::solutions(5000));
        if all.solutions >= 5000 {
            continue;
        }
        let limit = Limits::solutions(all.solutions + 1);
        let ours = Bands.solve(&puzzle, &limit);
        assert_eq!(ours.solutions, all.solutions, "{}", puzzle.to_line());
        assert_eq!(ours.status, Status::Solved);
        assert_eq!(ours.counters.backtracks, ours.counters.nodes - 1);
        tested += usize::from(all.solutions > 1);
    }
    assert!(tested > 20, "{tested} puzzles with several solutions");
}

#[test]
fn the_budget_bounds_the_nodes() {
    let hard = grid(HARD1);
    let free = Bands.solve(&hard, &Limits::UNIQUENESS);
    assert_eq!(free.status, Status::Solved);
    for budget in 0..free.counters.nodes + 2 {
        let out = Bands.solve(&hard, &Limits::UNIQUENESS.with_max_nodes(budget));
        assert!(out.counters.nodes <= budget.max(1), "budget {budget}");
        if budget < free.counters.nodes {
            assert_eq!(out.status, Status::BudgetExhausted, "budget {budget}");
        } else {
            assert_eq!(out, free, "budget {budget}");
        }
    }
}

#[test]
fn the_seed_puzzles_take_these_counts() {
    // The counters of this strategy's search (its own policy, documented in the crate):
    // a change of rule or of branching shows here first.
    let cases = [
        (POLISH, Limits::FIRST, (1, 0)),
        (SPANISH_2, Limits::FIRST, (20, 0)),
        (SPANISH_2, Limits::UNIQUENESS, (21, 1)),
        (HARD1, Limits::FIRST, (22, 0)),
        (HARD1, Limits::UNIQUENESS, (22, 1)),
    ];
    for (text, limits, expected) in cases {
        let out = Bands.solve(&grid(text), &limits);
        assert_eq!(counts(&out), expected, "{text} {limits:?}");
    }
}

#[test]
fn counters_follow_the_contract_on_the_hardest_puzzles() {
    let path = shared_dir().join("corpora/norvig_sudoku-hardest.txt");
    for item in CorpusReader::open(&path).unwrap() {
        let p = item.unwrap().grid;
        let out = Bands.solve(&p, &Limits::UNIQUENESS);
        assert_eq!(out.solutions, 1);
        // A unique solution under a limit of 2: every try is taken back.
        assert_eq!(
            out.counters,
            Counters {
                nodes: out.counters.nodes,
                backtracks: out.counters.nodes - 1
            }
        );
    }
}

#[test]
fn random_grids_keep_the_contract() {
    // The solver fuzz target's checks, on a fixed stream of random grids: mostly empty
    // cells, givens anywhere (clashes included), random limits and budgets.
    let mut state = 0x853c_49e6_748f_ea9bu64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..3000 {
        let density = next() % 40;
        let cells: [u8; 81] = std::array::from_fn(|_| {
            let r = next();
            if r % 100 < density {
                (r >> 8) as u8 % 9 + 1
            } else {
                0
            }
        });
        let puzzle = Grid::from_cells(cells);
        let limits = Limits::solutions(next() % 3 + 1).with_max_nodes(next() % 200);
        for solver in [&Bands as &dyn Solver, &BandsEssay] {
            let out = solver.solve(&puzzle, &limits);
            let c = out.counters;
            let at = format!("{} {} {limits:?}", solver.name(), puzzle.to_line());
            assert!(c.nodes >= 1 && c.backtracks < c.nodes, "{at}");
            assert!(c.nodes <= limits.max_nodes.unwrap().max(1), "{at}");
            assert!(out.solutions <= limits.solution_limit(), "{at}");
            assert_eq!(out.solution.is_some(), out.solutions > 0, "{at}");
            if let Some(s) = out.solution {
                assert!(s.is_solution_of(&puzzle), "{at}");
            }
            if puzzle.givens_clash() {
                assert_eq!(out, Outcome::rejected_at_root(), "{at}");
            }
            let mut events = sudoku_core::EventCount::default();
            assert_eq!(
                solver.solve_observed(&puzzle, &limits, &mut events),
                out,
                "{at}"
            );
            assert_eq!(
                (events.tries + 1, events.backtracks),
                (c.nodes, c.backtracks),
                "{at}"
            );
        }
    }
}
