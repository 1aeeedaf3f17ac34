//! The dlx strategy side by side with the registry's dancing-links crates, `dlx` and
//! `dancing-links`, on the same puzzles: the standard sets of `common` (the seed
//! puzzles, top95, every 5th of magictour's top1465, every 100th of the 17-clue
//! puzzles), first solution only. Throughput is in puzzles.
//!
//! Each registry crate is given, prepared outside the timed closure, the exact cover
//! the givens leave (the columns still to cover and the rows that agree with the
//! givens, in our column and row order). What is timed is what each needs per puzzle
//! to go from its input to the first solution: for ours, selecting the givens' rows
//! in the full matrix and the search; for `dlx`, linking its matrix and the search;
//! for `dancing-links`, building its grid and the search. Every crate's first
//! solution is checked once, outside timing.

mod common;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dancing_links::ExactCover;
use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
use dlx::x::{make_problem, Problem};
use dlx::{OptOrder, Uint};
use sudoku_core::{Grid, Limits, Solver};
use sudoku_dlx::Dlx;

/// The four columns (cell, row-digit, column-digit, box-digit) of `digit` (0-based)
/// in `cell`.
fn columns_of(cell: usize, digit: usize) -> [usize; 4] {
    let (r, c) = (cell / 9, cell % 9);
    let b = (r / 3) * 3 + c / 3;
    [
        cell,
        81 + r * 9 + digit,
        162 + c * 9 + digit,
        243 + b * 9 + digit,
    ]
}

/// A puzzle as the exact cover left once the givens' rows are selected: the columns
/// still to cover, in column order, and the rows that agree with the givens, ascending.
/// Both registry crates are given this same matrix.
struct ExactCoverInput {
    puzzle: Grid,
    columns: Vec<usize>,
    rows: Vec<Candidate>,
}

/// One row of the exact cover: `digit` (1..=9) in `cell`, covering `columns`.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    cell: usize,
    digit: u8,
    columns: [usize; 4],
}

impl ExactCoverInput {
    fn new(puzzle: &Grid) -> ExactCoverInput {
        let mut covered = [false; 324];
        for (cell, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 {
                for j in columns_of(cell, d as usize - 1) {
                    covered[j] = true;
                }
            }
        }
        let columns = (0..324).filter(|&j| !covered[j]).collect();
        let rows = (0..81)
            .flat_map(|cell| (0..9).map(move |d| (cell, d)))
            .map(|(cell, d)| Candidate {
                cell,
                digit: d as u8 + 1,
                columns: columns_of(cell, d),
            })
            .filter(|row| row.columns.iter().all(|&j| !covered[j]))
            .collect();
        ExactCoverInput {
            puzzle: *puzzle,
            columns,
            rows,
        }
    }

    /// The puzzle with the chosen rows written in.
    fn grid<'a>(&self, chosen: impl IntoIterator<Item = &'a Candidate>) -> Grid {
        let mut grid = self.puzzle;
        for row in chosen {
            grid.set(row.cell, row.digit);
        }
        grid
    }
}

/// The input of the `dlx` crate: the items renumbered from 0, the options as item lists.
struct DlxCrateInput {
    items: Uint,
    options: Vec<Vec<Uint>>,
}

impl DlxCrateInput {
    fn new(input: &ExactCoverInput) -> DlxCrateInput {
        let mut item = [0 as Uint; 324];
        for (k, &j) in input.columns.iter().enumerate() {
            item[j] = k as Uint;
        }
        let options = input
            .rows
            .iter()
            .map(|row| row.columns.iter().map(|&j| item[j]).collect())
            .collect();
        DlxCrateInput {
            items: input.columns.len() as Uint,
            options,
        }
    }

    /// Links the problem and searches for the first solution with Knuth's MRV
    /// heuristic (the first item of least length); returns the chosen options.
    fn solve(&self) -> Option<Vec<dlx::Int>> {
        let mut problem: Problem = make_problem(self.items, 0, &self.options, OptOrder::Seq);
        let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
        let mut solver = dlx::Solver::new(&mut problem);
        solver
            .next_solution(&mut chooser)
            .then(|| solver.fmt_solution().to_vec())
    }
}

/// The `dancing-links` crate reads the same matrix through its `ExactCover` trait.
/// (Its own `sudoku::Sudoku` keeps the rows that clash with the givens, dropping only
/// the columns they satisfy: a weaker matrix whose search had not finished top95
/// after a minute of CPU here.)
impl ExactCover for ExactCoverInput {
    type Possibility = Candidate;
    type Constraint = usize;

    fn satisfies(&self, row: &Candidate, column: &usize) -> bool {
        row.columns.contains(column)
    }

    fn is_optional(&self, _column: &usize) -> bool {
        false
    }

    fn possibilities(&self) -> &[Candidate] {
        &self.rows
    }

    fn constraints(&self) -> &[usize] {
        &self.columns
    }
}

fn bench_set(c: &mut Criterion, name: &str, puzzles: &[Grid]) {
    let inputs: Vec<ExactCoverInput> = puzzles.iter().map(ExactCoverInput::new).collect();
    let dlx_inputs: Vec<DlxCrateInput> = inputs.iter().map(DlxCrateInput::new).collect();

    // Every solver's answer is a solution, checked once outside timing.
    for (i, p) in puzzles.iter().enumerate() {
        let ours = Dlx
            .solve(p, &Limits::FIRST)
            .solution
            .expect("ours solves it");
        ours.check_solution_of(p).unwrap();
        let chosen = dlx_inputs[i].solve().expect("the dlx crate solves it");
        let theirs = inputs[i].grid(chosen.iter().map(|&o| &inputs[i].rows[o as usize]));
        theirs
            .check_solution_of(p)
            .unwrap_or_else(|e| panic!("dlx crate, {name} #{i}: {e}"));
        let chosen = inputs[i].solver().next().expect("dancing-links solves it");
        let theirs = inputs[i].grid(chosen);
        theirs
            .check_solution_of(p)
            .unwrap_or_else(|e| panic!("dancing-links crate, {name} #{i}: {e}"));
    }

    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(puzzles.len() as u64));
    group.sample_size(10);
    group.bench_function("sudoku-dlx", |b| {
        b.iter(|| {
            for p in puzzles {
                black_box(Dlx.solve(black_box(p), &Limits::FIRST));
            }
        })
    });
    group.bench_function("dlx-crate", |b| {
        b.iter(|| {
            for input in &dlx_inputs {
                black_box(black_box(input).solve());
            }
        })
    });
    group.bench_function("dancing-links-crate", |b| {
        b.iter(|| {
            for input in &inputs {
                black_box(black_box(input).solver().next());
            }
        })
    });
    group.finish();
}

fn dlx_benches(c: &mut Criterion) {
    for set in common::standard_sets() {
        bench_set(c, &format!("dlx-crates/{}", set.name), &set.puzzles);
    }
}

criterion_group!(benches, dlx_benches);
criterion_main!(benches);
