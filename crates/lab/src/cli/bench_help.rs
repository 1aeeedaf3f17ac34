//! The text after `bench --help`'s options: examples, and the files a run writes, the CSV's
//! columns and statuses taken from `sudoku-results` so that the help cannot drift.

use sudoku_results::{Status, COLUMNS, NO_GRID};

use crate::ui::wrap;

/// The examples of `bench`.
const EXAMPLES: &str = "Examples:
  sudoku-lab bench
      the default solvers over the seed puzzles and the graded corpora of data/bench,
      results in results/bench.csv
  sudoku-lab bench ../shared/corpora/norvig_sudoku-top95.txt -s norvig,dlx --repeat 5
      two solvers, each solve timed 5 times (the CSV keeps the minimum and the median)
  sudoku-lab bench ../shared/corpora/ -s dlx -l 2 -o results/unique.csv
      a uniqueness check of every corpus file in a folder
  tail -n +2 big.csv | sudoku-lab bench - -s norvig -j 2
      a corpus read from stdin";

/// How the run ends, after the list of files.
const ENDING: &str = "Rows are written in chunks while the run goes: an interrupted run \
(Ctrl-C, SIGTERM) keeps every completed chunk, then ends by the signal it got: a shell reads \
130 (Ctrl-C) or 143 (SIGTERM), and a shell loop stops. Exit status: 0 ok, 1 error, no puzzle \
read at all, or no row (no solver of the run solves the size of any puzzle read), 2 usage \
error, 3 some solution failed its check (status wrong).";

/// Where the second column of the list of files starts, and its width (a line stays within
/// 100 columns, clap's widest).
const INDENT: usize = 28;
const COLUMN: usize = 70;

/// The text after `bench --help`'s options.
pub fn bench_after_help() -> String {
    let pad = format!("\n{}", " ".repeat(INDENT));
    format!(
        "{EXAMPLES}\n\nOutput, for -o results/bench.csv:
  {:<w$}{}
  {:<w$}the summary table (per corpus x solver, every column) in Markdown
  {:<w$}what makes the run reproducible: command line, version, git commit,{pad}rustc, CPU, \
threads, date, settings, and how the run ended\n\n{ENDING}",
        "results/bench.csv",
        csv_lines().join(&pad),
        "results/bench.summary.md",
        "results/bench.run.toml",
        w = INDENT - 2,
    )
}

/// What the list of files says of the CSV: its rows, its header, its statuses, its grids.
fn csv_lines() -> Vec<String> {
    let mut lines = wrap(
        "one row per (puzzle, solver), in input order (corpus, index, solver), under the header",
        COLUMN,
    );
    // The names are joined by `, ` only to be cut at spaces: the header has none.
    let header = wrap(&COLUMNS.join(", "), COLUMN);
    lines.extend(header.iter().map(|l| l.replace(", ", ",")));
    lines.extend(wrap(&format!("status: {}", statuses()), COLUMN));
    lines.extend(wrap(
        &format!(
            "puzzle, solution and original with | between grid rows; solution: {NO_GRID} when \
none was found; original: the corpus's puzzle when --permute solved an isomorph of it, else \
{NO_GRID} (never empty, so that data tools read grids as strings); name: the puzzle's label, \
empty when its corpus line has none"
        ),
        COLUMN,
    ));
    lines
}

/// Every status a run writes, with what it means where the name does not say.
fn statuses() -> String {
    let each: Vec<String> = Status::KNOWN
        .iter()
        .map(|s| {
            let gloss = match s {
                Status::Solved | Status::NoSolution | Status::BudgetExhausted => "",
                Status::Wrong => " (a failed check)",
                Status::Timeout => " (a cmd: solver did not answer within --timeout)",
                Status::Crashed => " (a cmd: solver's process exited before answering)",
                Status::Unknown(_) => " (not written by this version)",
            };
            format!("{}{gloss}", s.as_str())
        })
        .collect();
    let (last, rest) = each.split_last().expect("statuses");
    format!("{} or {last}", rest.join(", "))
}
