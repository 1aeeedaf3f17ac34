//! Traces a puzzle without the runner: `cargo run --release -p sudoku-trace --example
//! trace -- FORMAT SOLVERS PUZZLE [MAX_NODES]`, FORMAT being `text`, `jsonl` or
//! `html` (the page goes to stdout), SOLVERS a catalogue list (`naive,norvig`).

use std::io::{self, BufWriter};

use sudoku_core::{Grid, Limits};
use sudoku_trace::{write_jsonl, write_page, write_text, PageOptions, TraceOptions};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [format, solvers, puzzle, rest @ ..] = args.as_slice() else {
        return Err("usage: trace FORMAT SOLVERS PUZZLE [MAX_NODES]".into());
    };
    let puzzle = Grid::parse(puzzle)?;
    let strategies = sudoku_catalogue::parse_list(solvers)?;
    let limits = |s: &sudoku_catalogue::Strategy| {
        let budget = rest
            .first()
            .and_then(|n| n.parse().ok())
            .unwrap_or(s.default_max_nodes);
        Limits::FIRST.with_max_nodes(budget)
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let options = TraceOptions::default();
    match format.as_str() {
        "html" => {
            let runs: Vec<_> = strategies.iter().map(|&s| (s, limits(s))).collect();
            for s in write_page(&mut out, &puzzle, &runs, &PageOptions::default())? {
                eprintln!(
                    "{}: {} nodes, {} events, {} kept",
                    s.strategy,
                    s.outcome.counters.nodes,
                    s.kinds.events(),
                    s.printed
                );
            }
        }
        "jsonl" => {
            for &s in &strategies {
                write_jsonl(&mut out, &puzzle, s, limits(s), &options)?;
            }
        }
        _ => {
            for &s in &strategies {
                write_text(&mut out, &puzzle, s, limits(s), &options)?;
            }
        }
    }
    Ok(())
}
