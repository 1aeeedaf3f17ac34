//! Test support shared by the sudoku-lab crates: where `../shared` is, the golden
//! counter files of `../shared/reference/golden/` checked against any [`Solver`], and
//! the tools a test needs from outside Cargo ([`require`]).
//!
//! Golden files are found by listing the folder, so a golden file added later
//! (`STRATEGY.CORPUS.limitN.csv`) is checked without any change here.
#![deny(missing_docs)]

use std::path::{Path, PathBuf};

pub mod contract;
pub mod seeds;
pub mod stochastic;
pub mod tools;
pub mod usage;

pub use tools::{require, Tool};

use serde::Deserialize;
use sudoku_core::{CorpusReader, Event, EventCount, Grid, Limits, Outcome, Solver, Status};

/// The `shared/` folder beside the repository (`../shared` from the workspace root).
///
/// # Panics
///
/// With a message saying what to do when the folder is missing: the tests that compare
/// with the golden files or read the public corpora need it.
pub fn shared_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared");
    assert!(
        dir.join("reference/golden").is_dir() && dir.join("corpora").is_dir(),
        "{}: the shared folder (public corpora and golden counts) is missing. Put the \
         project's shared/ folder beside this checkout, as ../shared (the README's \
         \"The shared folder\" says what it holds); the tests that need it cannot run without it.",
        dir.display()
    );
    dir
}

/// The workspace root.
pub fn workspace_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A file of `../shared/corpora/`.
pub fn corpus_path(file: &str) -> PathBuf {
    shared_dir().join("corpora").join(file)
}

/// A file of the project's `data/` folder.
pub fn data_path(file: &str) -> PathBuf {
    workspace_dir().join("data").join(file)
}

/// A puzzle written in a test.
///
/// # Panics
///
/// When `text` is not a grid, naming it.
pub fn grid(text: &str) -> Grid {
    text.parse()
        .unwrap_or_else(|e| panic!("{text:?} is not a grid: {e}"))
}

/// The first `count` puzzles of `file` in `../shared/corpora/`.
pub fn corpus_puzzles(file: &str, count: usize) -> Vec<Grid> {
    first_puzzles(&corpus_path(file), count)
}

/// The first `count` puzzles of `file` in the project's `data/` folder.
pub fn data_puzzles(file: &str, count: usize) -> Vec<Grid> {
    first_puzzles(&data_path(file), count)
}

/// The first `count` puzzles of a corpus file.
///
/// # Panics
///
/// When the file cannot be read or a puzzle of it is malformed.
pub fn first_puzzles(path: &Path, count: usize) -> Vec<Grid> {
    CorpusReader::open(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .take(count)
        .map(|p| p.unwrap_or_else(|e| panic!("{}: {e}", path.display())).grid)
        .collect()
}

/// The counters of an outcome as a pair, `(nodes, backtracks)`, to compare with the
/// figures a test quotes.
pub fn counts(out: &Outcome) -> (u64, u64) {
    (out.counters.nodes, out.counters.backtracks)
}

/// A watched solve: its outcome and every event, in order.
pub fn watch(solver: &dyn Solver, puzzle: &Grid, limits: &Limits) -> (Outcome, Vec<Event>) {
    let mut events = Vec::new();
    let out = solver.solve_observed(puzzle, limits, &mut |e: Event| events.push(e));
    (out, events)
}

/// [`watch`], and the outcome checked equal to the plain solve's: watching changes
/// nothing.
pub fn watch_as_plain(
    solver: &dyn Solver,
    puzzle: &Grid,
    limits: &Limits,
) -> (Outcome, Vec<Event>) {
    let (out, events) = watch(solver, puzzle, limits);
    assert_eq!(
        out,
        solver.solve(puzzle, limits),
        "{}: watched and plain differ on {}",
        solver.name(),
        puzzle.to_line()
    );
    (out, events)
}

/// One golden file: `STRATEGY.CORPUS.limitN.csv`.
#[derive(Debug, Clone)]
pub struct GoldenFile {
    /// The strategy (`naive`, `reduce`, `norvig`, `dlx`).
    pub strategy: String,
    /// The corpus name as the file names it (`norvig_sudoku-top95`, `kaggle-first2000`, ...).
    pub corpus: String,
    /// The solution limit.
    pub limit: u64,
    /// The file.
    pub path: PathBuf,
}

/// One row of a golden file.
#[derive(Debug, Clone, Deserialize)]
pub struct GoldenRow {
    /// 0-based index of the puzzle in its corpus.
    pub index: u64,
    /// The puzzle.
    pub puzzle: String,
    /// `ok` or `budget`.
    pub status: String,
    /// `1 + tries`.
    pub nodes: u64,
    /// Tries taken back.
    pub backtracks: u64,
    /// Solutions found (up to the limit).
    pub solutions: u64,
    /// The first solution found (empty if none).
    pub solution: String,
}

/// Every golden file of a strategy, sorted by name.
pub fn golden_files(strategy: &str) -> Vec<GoldenFile> {
    golden_files_where(|s| s == strategy)
}

/// The folders holding golden files: the shared reference's, and the project's own
/// (`data/golden/`, made by `../shared/reference/reference_n.py` on puzzles the project
/// wrote, as `data/README.md` says).
pub fn golden_dirs() -> Vec<PathBuf> {
    vec![
        shared_dir().join("reference/golden"),
        workspace_dir().join("data/golden"),
    ]
}

/// The golden files whose strategy passes `wanted`, sorted by name.
fn golden_files_where(wanted: impl Fn(&str) -> bool) -> Vec<GoldenFile> {
    let mut files: Vec<GoldenFile> = golden_dirs()
        .iter()
        .filter_map(|dir| std::fs::read_dir(dir).ok())
        .flatten()
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            let stem = name.strip_suffix(".csv")?;
            let (rest, limit) = stem.rsplit_once(".limit")?;
            let (strat, corpus) = rest.split_once('.')?;
            let limit = limit.parse().ok()?;
            wanted(strat).then(|| GoldenFile {
                strategy: strat.to_string(),
                corpus: corpus.to_string(),
                limit,
                path: e.path(),
            })
        })
        .collect();
    files.sort_by(|a, b| a.path.file_name().cmp(&b.path.file_name()));
    files
}

/// Every golden file, of every strategy, sorted by name.
pub fn all_golden_files() -> Vec<GoldenFile> {
    golden_files_where(|_| true)
}

/// The rows of a golden file.
pub fn golden_rows(file: &GoldenFile) -> Vec<GoldenRow> {
    let mut reader = csv::Reader::from_path(&file.path)
        .unwrap_or_else(|e| panic!("{}: {e}", file.path.display()));
    reader
        .deserialize()
        .map(|r| r.unwrap_or_else(|e| panic!("{}: {e}", file.path.display())))
        .collect()
}

/// The corpus file a golden corpus name stands for (in `../shared/corpora/` or `data/`),
/// and how many puzzles of it the golden file covers (`None` = all). `X-firstN` means
/// the first N puzzles of X.
pub fn corpus_of(golden_corpus: &str) -> Option<(PathBuf, Option<usize>)> {
    let (name, first) = match golden_corpus.rsplit_once("-first") {
        Some((name, n)) if n.parse::<usize>().is_ok() => (name, n.parse().ok()),
        _ => (golden_corpus, None),
    };
    let dirs = [shared_dir().join("corpora"), workspace_dir().join("data")];
    let mut candidates: Vec<PathBuf> = dirs
        .iter()
        .filter_map(|dir| std::fs::read_dir(dir).ok())
        .flatten()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_none_or(|e| e != "md"))
        .collect();
    candidates.sort();
    let stem = |p: &PathBuf| {
        p.file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("")
            .to_string()
    };
    let key = match name {
        "17clue" => "17_clue",
        other => other,
    };
    let found = candidates
        .iter()
        .find(|p| stem(p) == key)
        .or_else(|| candidates.iter().find(|p| stem(p).contains(key)))?;
    Some((found.clone(), first))
}

/// One disagreement between a solver and a golden row.
#[derive(Debug)]
pub struct Mismatch {
    /// The golden file.
    pub file: String,
    /// The row's index.
    pub index: u64,
    /// What differs.
    pub what: String,
}

/// How a solver is run against a golden file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// [`Solver::solve`].
    Plain,
    /// [`Solver::solve_observed`], counting the events: besides the golden row, the
    /// tries and backtracks of the event stream must equal `nodes - 1` and `backtracks`.
    Observed,
    /// [`Solver::solve`], held to the golden row's status and solution count, and to its
    /// solution where the limit shows it is the only one (any solution of the puzzle
    /// otherwise): the exactness of a strategy whose search tree is not the golden
    /// file's (another strategy's), and so whose counters and first solution differ.
    Solutions,
}

/// Solves every row of `file` with `solver` under the file's limit and returns the
/// disagreements: status, nodes, backtracks, solutions and the first solution must all
/// equal the golden row (and the events their counters, in [`Mode::Observed`]; the
/// counters are not compared in [`Mode::Solutions`]). Rows are spread over the machine's
/// cores.
pub fn compare_with_golden(solver: &dyn Solver, file: &GoldenFile, mode: Mode) -> Vec<Mismatch> {
    let rows = golden_rows(file);
    assert!(!rows.is_empty(), "{}: no rows", file.path.display());
    let limits = Limits::solutions(file.limit);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = rows.len().div_ceil(threads);
    let name = file.path.file_name().unwrap().to_string_lossy().to_string();
    std::thread::scope(|scope| {
        let handles: Vec<_> = rows
            .chunks(chunk)
            .map(|part| {
                let name = name.clone();
                scope.spawn(move || {
                    part.iter()
                        .filter_map(|row| check_row(solver, &limits, row, &name, mode))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a solver panicked"))
            .collect()
    })
}

fn check_row(
    solver: &dyn Solver,
    limits: &Limits,
    row: &GoldenRow,
    file: &str,
    mode: Mode,
) -> Option<Mismatch> {
    let puzzle = Grid::parse(&row.puzzle).expect("golden puzzle parses");
    let mut events = EventCount::default();
    let out = match mode {
        Mode::Plain | Mode::Solutions => solver.solve(&puzzle, limits),
        Mode::Observed => solver.solve_observed(&puzzle, limits, &mut events),
    };
    let status_ok = match row.status.as_str() {
        "ok" if row.solutions == 0 => out.status == Status::NoSolution,
        "ok" => out.status == Status::Solved,
        _ => out.status == Status::BudgetExhausted,
    };
    let solution = out.solution.map(|g| g.to_line()).unwrap_or_default();
    let want_solution = if row.solution.is_empty() {
        String::new()
    } else {
        Grid::parse(&row.solution)
            .expect("golden solution")
            .to_line()
    };
    let got = (
        out.counters.nodes,
        out.counters.backtracks,
        out.solutions,
        &solution,
    );
    let want = (row.nodes, row.backtracks, row.solutions, &want_solution);
    let counters_ok = mode == Mode::Solutions || (got.0, got.1) == (want.0, want.1);
    let events_ok = mode != Mode::Observed
        || (events.tries + 1, events.backtracks) == (out.counters.nodes, out.counters.backtracks);
    let solutions_ok = got.2 == want.2
        && match mode {
            // Another tree may meet another solution first: the same one only when
            // the limit shows it is the only one, else one of the puzzle's.
            Mode::Solutions if limits.solution_limit() < 2 || want.2 != 1 => {
                out.solution.is_none_or(|s| s.is_solution_of(&puzzle))
                    && solution.is_empty() == want.3.is_empty()
            }
            _ => got.3 == want.3,
        };
    (!counters_ok || !solutions_ok || !status_ok || !events_ok).then(|| Mismatch {
        file: file.to_string(),
        index: row.index,
        what: format!(
            "{mode:?}: got {:?} (nodes, backtracks, solutions, solution) {:?}, golden {:?} {}; \
             events: {} tries, {} backtracks",
            got, out.status, want, row.status, events.tries, events.backtracks
        ),
    })
}

/// Whether `solver` supports the size of the puzzles of `file` (its first row's).
pub fn supports_file(solver: &dyn Solver, file: &GoldenFile) -> bool {
    golden_rows(file)
        .first()
        .and_then(|row| Grid::parse(&row.puzzle).ok())
        .is_some_and(|g| solver.supports(g.size()))
}

/// A named pipe `name` in `dir`, made by the system's `mkfifo`: an input that blocks (a
/// reader waits until a writer opens it), for the tests of what a run does meanwhile.
///
/// # Panics
///
/// When `mkfifo` cannot make it.
#[cfg(unix)]
pub fn mkfifo(dir: &Path, name: &str) -> PathBuf {
    let fifo = dir.join(name);
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("the system's mkfifo");
    assert!(made.success(), "mkfifo {}", fifo.display());
    fifo
}
