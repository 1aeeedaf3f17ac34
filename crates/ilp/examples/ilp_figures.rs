//! The figures of the crate docs and the lesson (`book/src/lessons/ilp.md`): per corpus,
//! on how many puzzles the LP relaxation alone gives the solution, how many the MIP
//! solvers finish without branching, what branching costs where they do, and the time
//! per puzzle of each solver beside dlx.
//!
//! ```text
//! cargo run --release -p sudoku-ilp --example ilp_figures [--features cbc] [-- CORPUS_DIR]
//! ```
//!
//! The corpora: top95, top1465 and the first 2,000 of the 17-clue set from
//! `../shared/corpora/` (or the folder given), and the five graded files of `data/bench/`.
//! With the `cbc` feature, CBC runs beside microlp. Each puzzle is solved under
//! limit 1 with the catalogue's budget, one thread, in two passes A B A B (dlx, microlp,
//! CBC, then again): the counters must be the same in both passes, and each puzzle's
//! time is its faster one. A wrong solution, or counters that change between passes, is
//! a solver bug: the example stops there (exit status 1).

use std::time::Instant;

use sudoku_core::{Grid, Limits, Outcome, Solver, Status};
use sudoku_dlx::Dlx;
use sudoku_ilp::relaxation::relax;
use sudoku_ilp::{Ilp, DEFAULT_MAX_NODES};
use sudoku_testkit::usage;

/// The usage line.
const USAGE: &str = "usage: ilp_figures [CORPUS_DIR] (the folder of the public corpora; \
../shared/corpora beside the workspace by default)";

/// The public corpora beside the workspace.
const DEFAULT_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/corpora");

/// The project's own graded corpora.
const BENCH_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/bench");

/// A named set: the first `take` puzzles of a corpus file, in `dir` (`None`: the public
/// corpora).
struct Set {
    name: &'static str,
    dir: Option<&'static str>,
    file: &'static str,
    take: usize,
}

const SETS: [Set; 8] = [
    public("top95", "norvig_sudoku-top95.txt", usize::MAX),
    public("top1465", "puzzles3_magictour_top1465", usize::MAX),
    public("17-clue, first 2000", "puzzles2_17_clue", 2000),
    graded("grade 1: hidden single", "grade1-hidden_single.txt"),
    graded("grade 2: locked candidates", "grade2-locked_candidates.txt"),
    graded("grade 3: naked pair", "grade3-naked_pair.txt"),
    graded("grade 4: naked triple", "grade4-naked_triple.txt"),
    graded("grade 5: X-wing", "grade5-x_wing.txt"),
];

const fn public(name: &'static str, file: &'static str, take: usize) -> Set {
    Set {
        name,
        dir: None,
        file,
        take,
    }
}

const fn graded(name: &'static str, file: &'static str) -> Set {
    Set {
        name,
        dir: Some(BENCH_DIR),
        file,
        take: usize::MAX,
    }
}

/// The solvers timed, dlx first.
fn solvers() -> Vec<(&'static str, Box<dyn Solver>, u64)> {
    #[allow(unused_mut)]
    let mut out: Vec<(&'static str, Box<dyn Solver>, u64)> = vec![
        ("dlx", Box::new(Dlx), 20_000_000),
        ("ilp", Box::new(Ilp::MICROLP), DEFAULT_MAX_NODES),
    ];
    #[cfg(feature = "cbc")]
    out.push(("ilp-cbc", Box::new(Ilp::CBC), DEFAULT_MAX_NODES));
    out
}

/// One solver's results on a set: each puzzle's outcome and faster time (µs).
struct Column {
    outcomes: Vec<Outcome>,
    micros: Vec<f64>,
}

fn main() {
    let args = usage::Args::new(USAGE);
    args.at_most(1);
    let dir = args.folder(0, "CORPUS_DIR: the public corpora", DEFAULT_DIR);
    let solvers = solvers();
    let names: Vec<&str> = solvers.iter().map(|s| s.0).collect();
    println!(
        "| corpus | puzzles | LP integral | LP pinned | {} |",
        no_branching(&names)
    );
    println!("|---|---:|---:|---:|{}", "---:|".repeat(names.len() - 1));
    let mut costs = Vec::new();
    for set in &SETS {
        let path = format!("{}/{}", set.dir.unwrap_or(dir), set.file);
        let puzzles = args.grids(&path, set.take);
        let columns = run(&args, &solvers, &puzzles);
        let (integral, pinned) = relaxations(&args, &puzzles, &columns[0].outcomes);
        let n = puzzles.len();
        let share = |k: usize| format!("{k} ({:.1}%)", 100.0 * k as f64 / n as f64);
        let at_root: Vec<String> = columns[1..]
            .iter()
            .map(|c| share(c.outcomes.iter().filter(|o| o.counters.nodes == 1).count()))
            .collect();
        println!(
            "| {} | {n} | {} | {} | {} |",
            set.name,
            share(integral),
            share(pinned),
            at_root.join(" | ")
        );
        costs.push((set.name, columns));
    }
    println!();
    println!("| corpus | solver | nodes: mean | median | max | over budget | median µs | × dlx |");
    println!("|---|---|---:|---:|---:|---:|---:|---:|");
    for (name, columns) in &costs {
        let dlx = median(&columns[0].micros);
        for (solver, column) in names.iter().zip(columns) {
            let mut nodes: Vec<f64> = column
                .outcomes
                .iter()
                .map(|o| o.counters.nodes as f64)
                .collect();
            let mean = nodes.iter().sum::<f64>() / nodes.len() as f64;
            let over = column
                .outcomes
                .iter()
                .filter(|o| o.status == Status::BudgetExhausted)
                .count();
            let max = nodes.iter().copied().fold(0.0, f64::max);
            let micros = median(&column.micros);
            println!(
                "| {name} | {solver} | {mean:.1} | {} | {max} | {over} | {micros:.0} | {:.1} |",
                median_of(&mut nodes),
                micros / dlx
            );
        }
    }
}

/// The header cells of the solvers' "no branching" columns (dlx left out).
fn no_branching(names: &[&str]) -> String {
    let cells: Vec<String> = names[1..]
        .iter()
        .map(|n| format!("{n}: no branching"))
        .collect();
    cells.join(" | ")
}

/// Every solver on every puzzle, two passes A B A B: the outcomes of the first, the
/// faster time of the two.
fn run(
    args: &usage::Args,
    solvers: &[(&str, Box<dyn Solver>, u64)],
    puzzles: &[Grid],
) -> Vec<Column> {
    let mut columns: Vec<Column> = solvers
        .iter()
        .map(|_| Column {
            outcomes: Vec::new(),
            micros: vec![f64::MAX; puzzles.len()],
        })
        .collect();
    for pass in 0..2 {
        for ((name, solver, budget), column) in solvers.iter().zip(&mut columns) {
            let limits = Limits::FIRST.with_max_nodes(*budget);
            for (i, p) in puzzles.iter().enumerate() {
                let start = Instant::now();
                let out = solver.solve(p, &limits);
                let micros = start.elapsed().as_secs_f64() * 1e6;
                column.micros[i] = column.micros[i].min(micros);
                args.check_solution(name, p, out.solution.as_ref());
                if pass == 0 {
                    column.outcomes.push(out);
                } else if column.outcomes[i] != out {
                    args.error(format!(
                        "{name}: another outcome in the second pass on {}",
                        p.to_line()
                    ));
                }
            }
        }
    }
    columns
}

/// How many puzzles have an integral LP relaxation point, and how many a relaxation that
/// is the solution alone (dlx's `outcomes` give the solutions).
fn relaxations(args: &usage::Args, puzzles: &[Grid], outcomes: &[Outcome]) -> (usize, usize) {
    let (mut integral, mut pinned) = (0, 0);
    for (p, out) in puzzles.iter().zip(outcomes) {
        let Some(solution) = out.solution else {
            continue;
        };
        match relax(p, &solution) {
            Some(r) => {
                integral += usize::from(r.integral);
                pinned += usize::from(r.pinned);
            }
            None => eprintln!("{}: the LP solver failed on {}", args.name(), p.to_line()),
        }
    }
    (integral, pinned)
}

fn median(values: &[f64]) -> f64 {
    median_of(&mut values.to_vec())
}

fn median_of(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    match values.len() {
        0 => 0.0,
        n if n % 2 == 1 => values[n / 2],
        n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}
