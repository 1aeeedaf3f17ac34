//! Traces a puzzle without the runner: `cargo run --release -p sudoku-trace --example
//! trace -- FORMAT SOLVERS PUZZLE [MAX_NODES]`, FORMAT being `text`, `jsonl` or
//! `html` (the page goes to stdout), SOLVERS a catalogue list (`naive,norvig`).

use std::io::{self, BufWriter, Write};

use sudoku_core::{Grid, Limits};
use sudoku_testkit::usage;
use sudoku_trace::{write_jsonl, write_page, write_text, PageOptions, TraceError, TraceOptions};

/// The usage line.
const USAGE: &str = "usage: trace FORMAT SOLVERS PUZZLE [MAX_NODES] (FORMAT: text, jsonl or \
html; SOLVERS: a catalogue list, naive,norvig; MAX_NODES: each solver's default budget \
unless given)";

fn main() {
    let args = usage::Args::new(USAGE);
    args.at_most(4);
    let format = args.required(0, "FORMAT (text, jsonl or html)");
    let solvers = args.required(1, "SOLVERS (a catalogue list, naive,norvig)");
    let puzzle = args.required(2, "PUZZLE");
    if !["text", "jsonl", "html"].contains(&format) {
        args.fail(format_args!("{format:?} is not text, jsonl or html"));
    }
    let puzzle = Grid::parse(puzzle)
        .unwrap_or_else(|e| args.fail(format_args!("{puzzle:?} is not a puzzle: {e}")));
    let strategies = sudoku_catalogue::parse_list(solvers).unwrap_or_else(|e| args.fail(e));
    let budget: Option<u64> = args
        .get(3)
        .map(|n| args.parse(n, "a node budget (MAX_NODES)"));
    let limits = |s: &sudoku_catalogue::Strategy| {
        Limits::FIRST.with_max_nodes(budget.unwrap_or(s.default_max_nodes(puzzle.size())))
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let options = TraceOptions::default();
    let written = match format {
        "html" => {
            let runs: Vec<_> = strategies.iter().map(|&s| (s, limits(s))).collect();
            write_page(&mut out, &puzzle, &runs, &PageOptions::default()).map(|summaries| {
                for s in summaries {
                    eprintln!(
                        "{}: {} nodes, {} events, {} kept",
                        s.strategy,
                        s.outcome.counters.nodes,
                        s.kinds.events(),
                        s.printed
                    );
                }
            })
        }
        "jsonl" => strategies
            .iter()
            .try_for_each(|&s| write_jsonl(&mut out, &puzzle, s, limits(s), &options).map(drop)),
        _ => strategies
            .iter()
            .try_for_each(|&s| write_text(&mut out, &puzzle, s, limits(s), &options).map(drop)),
    };
    // What was written before an error is kept: the process ends without dropping `out`.
    let flushed = out.flush();
    match written.and(flushed.map_err(TraceError::Io)) {
        Ok(()) => {}
        Err(e @ TraceError::Unsupported { .. }) => args.fail(e),
        Err(e) => args.error(e),
    }
}
