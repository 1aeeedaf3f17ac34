//! The JSON Lines trace: one object per event, for other tools, and a summary at the end.
//!
//! Every event line has `solver`, `index` (0-based, in the stream), `event` (`try`,
//! `backtrack`, `solution`, `contradiction`, `assign`, `eliminate`, `cover`, `uncover`,
//! `swap`), `depth` and `text` (the classic words); then what it concerns:
//!
//! - `cell` (index in reading order) and `cell_name` (`r3c5`), `digit`;
//! - `rule` (`given`, `tried`, `assigned`, `naked_single`, `hidden_single`, `pointing`,
//!   `claiming`, `naked_subset`, `hidden_subset`, `fish`, `unit_propagation`), with
//!   its `unit` and `unit_name` (`box 2`), or `box`/`line` (locked candidates), `count`
//!   (subsets, fish) and `rows` (fish: the base lines are rows);
//! - `reason` of a dead end (`empty_cell`, `no_place`, `empty_column`);
//! - `column` and `column_name` of the exact cover (`row 3 has 7`);
//! - `cells`, `cell_names`, `cost` and `accepted` of a swap.
//!
//! The last line is `{"event":"summary", ...}` with the outcome, the counters and how
//! many events were counted and printed.
//!
//! ```text
//! {"solver":"reduce","index":0,"event":"eliminate","depth":0,"text":"eliminate 5 from r1c1 (naked single)","cell":0,"cell_name":"r1c1","digit":5,"rule":"naked_single"}
//! ```

use std::io::Write;

use serde::Serialize;
use sudoku_core::{Contradiction, Event, Rule, Size};

use crate::column::Column;
use crate::run::Run;
use crate::text::{footer, Printer};
use crate::words::{event_name, reason_name, rule_name, words};
use crate::{Summary, TraceError, TraceOptions};

/// One event line.
#[derive(Debug, Default, Serialize)]
struct Line<'a> {
    solver: &'a str,
    index: u64,
    event: &'static str,
    depth: u16,
    text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    cell: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cell_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    digit: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unit: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unit_name: Option<String>,
    #[serde(rename = "box", skip_serializing_if = "Option::is_none")]
    box_unit: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rows: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cells: Option<[u16; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cell_names: Option<[String; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cost: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    accepted: Option<bool>,
}

impl<'a> Line<'a> {
    fn of(solver: &'a str, index: u64, event: &Event, size: Size) -> Line<'a> {
        let mut line = Line {
            solver,
            index,
            event: event_name(event),
            depth: event.depth(),
            text: words(event, size).to_string(),
            ..Line::default()
        };
        match *event {
            Event::Try { cell, digit, .. } | Event::Backtrack { cell, digit, .. } => {
                line.set_cell(cell, digit, size);
            }
            Event::Solution { .. } => {}
            Event::Contradiction { reason, .. } => line.set_reason(reason, size),
            Event::Assign {
                cell, digit, rule, ..
            }
            | Event::Eliminate {
                cell, digit, rule, ..
            } => {
                line.set_cell(cell, digit, size);
                line.set_rule(rule, size);
            }
            Event::Cover { column, .. } | Event::Uncover { column, .. } => {
                line.set_column(column, size);
            }
            Event::Swap {
                cells,
                cost,
                accepted,
            } => {
                let name = |c: u16| size.cell_name(usize::from(c));
                line.cells = Some(cells);
                line.cell_names = Some([name(cells[0]), name(cells[1])]);
                line.cost = Some(cost);
                line.accepted = Some(accepted);
            }
        }
        line
    }

    fn set_cell(&mut self, cell: u16, digit: u8, size: Size) {
        self.cell = Some(cell);
        self.cell_name = Some(size.cell_name(usize::from(cell)));
        self.digit = Some(digit);
    }

    fn set_unit(&mut self, unit: u16, size: Size) {
        self.unit = Some(unit);
        self.unit_name = Some(size.unit_name(usize::from(unit)));
    }

    fn set_column(&mut self, column: u16, size: Size) {
        self.column = Some(column);
        self.column_name = Column::of(size, usize::from(column)).map(|c| c.name(size).to_string());
    }

    fn set_rule(&mut self, rule: Rule, size: Size) {
        self.rule = Some(rule_name(rule));
        match rule {
            Rule::HiddenSingle { unit } => self.set_unit(unit, size),
            Rule::NakedSubset { unit, count } | Rule::HiddenSubset { unit, count } => {
                self.set_unit(unit, size);
                self.count = Some(count);
            }
            Rule::Pointing { box_unit, line } | Rule::Claiming { line, box_unit } => {
                self.box_unit = Some(box_unit);
                self.line = Some(line);
            }
            Rule::Fish { count, rows } => {
                self.count = Some(count);
                self.rows = Some(rows);
            }
            Rule::Given | Rule::Tried | Rule::Assigned | Rule::NakedSingle => {}
            Rule::UnitPropagation | Rule::BandPropagation => {}
        }
    }

    fn set_reason(&mut self, reason: Contradiction, size: Size) {
        self.reason = Some(reason_name(reason));
        match reason {
            Contradiction::EmptyCell { cell } => {
                self.cell = Some(cell);
                self.cell_name = Some(size.cell_name(usize::from(cell)));
            }
            Contradiction::NoPlace { unit, digit } => {
                self.set_unit(unit, size);
                self.digit = Some(digit);
            }
            Contradiction::EmptyColumn { column } => self.set_column(column, size),
        }
    }
}

/// The last line.
#[derive(Debug, Serialize)]
struct SummaryLine<'a> {
    solver: &'a str,
    event: &'static str,
    status: &'static str,
    solutions: u64,
    nodes: u64,
    backtracks: u64,
    solution: Option<String>,
    events: u64,
    printed: u64,
    text: String,
}

/// Writes the JSON Lines trace of `run`.
pub(crate) fn write(
    out: &mut dyn Write,
    run: &Run<'_>,
    options: &TraceOptions,
) -> Result<Summary, TraceError> {
    let size = run.puzzle.size();
    let name = run.strategy.name;
    let mut printer = Printer::new(out, options.max_events);
    let outcome = run.solve(&mut |event: Event| {
        let index = printer.kinds.events();
        if printer.admit(&event) {
            let line = Line::of(name, index, &event, size);
            let result = serde_json::to_writer(&mut *printer.out, &line)
                .map_err(std::io::Error::from)
                .and_then(|()| printer.out.write_all(b"\n"));
            printer.keep(result);
        }
    });
    printer.finish(run, outcome, |summary, max_events| {
        let o = &summary.outcome;
        let last = SummaryLine {
            solver: name,
            event: "summary",
            status: o.status.as_str(),
            solutions: o.solutions,
            nodes: o.counters.nodes,
            backtracks: o.counters.backtracks,
            solution: o.solution.map(|g| g.to_line()),
            events: summary.kinds.events(),
            printed: summary.printed,
            text: footer(summary, max_events).replace("# ", ""),
        };
        let mut line = serde_json::to_string(&last).expect("a summary line serialises");
        line.push('\n');
        line
    })
}
