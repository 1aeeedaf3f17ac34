//! The JSON Lines trace: one object per event, for other tools, and a summary at the end.
//!
//! Every event line has `solver`, `index` (0-based, in the stream), `event` (`choose`,
//! `try`, `backtrack`, `solution`, `contradiction`, `assign`, `eliminate`, `cover`,
//! `uncover`, `swap`, `node`, `generation`), `depth` and `text` (the classic words); then
//! what it concerns:
//!
//! - `choice` of a search's branching (`fewest_candidates`, `fewest_rows`), with its
//!   `cell` and `candidates`, or its `column` and `size` (the rows the column has left,
//!   Knuth's `S`);
//! - `cell` (index in reading order) and `cell_name` (`r3c5`), `digit`;
//! - `rule` (`given`, `tried`, `assigned`, `naked_single`, `hidden_single`, `pointing`,
//!   `claiming`, `naked_subset`, `hidden_subset`, `fish`, `unit_propagation`,
//!   `band_propagation`, `integer_program`, `hall_interval`, `matching`,
//!   `pattern_overlay`, `fittest`), with its `unit` and `unit_name` (`box 2`), or
//!   `box`/`line` (locked candidates), `count` (subsets, fish), `rows` (fish: the base
//!   lines are rows), `base` and `cover` (fish: the indexes, 0-based, of its base lines
//!   and of its cover lines);
//! - `reason` of a dead end (`empty_cell`, `no_place`, `empty_column`, `no_matching`,
//!   `no_template`), with what it concerns (the `cell`; the `unit` and the `digit`; the
//!   `column`; the `unit`; the `digit`);
//! - `column` and `column_name` of the exact cover (`row 3 has 7`);
//! - `cells`, `cell_names`, `cost` and `accepted` of a swap;
//! - `taken_back` of a node;
//! - `cost` (the best in the population) and `restart` of a generation.
//!
//! The last line is `{"event":"summary", ...}` with the outcome, the counters and how
//! many events were counted and printed.
//!
//! ```text
//! {"solver":"reduce","index":0,"event":"eliminate","depth":0,"text":"eliminate 5 from r1c1 (naked single)","cell":0,"cell_name":"r1c1","digit":5,"rule":"naked_single"}
//! ```

use std::io::Write;

use serde::Serialize;
use sudoku_core::{Choice, Contradiction, Event, Rule, Size};

use crate::column::Column;
use crate::run::Run;
use crate::text::{footer, Printer};
use crate::words::{choice_name, event_name, reason_name, rule_name, words};
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
    choice: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    candidates: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    size: Option<u8>,
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
    base: Option<Vec<u8>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cover: Option<Vec<u8>>,
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
    #[serde(skip_serializing_if = "Option::is_none")]
    taken_back: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    restart: Option<bool>,
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
            Event::Choose { choice, .. } => {
                line.choice = Some(choice_name(choice));
                match choice {
                    Choice::FewestCandidates { cell, candidates } => {
                        line.cell = Some(cell);
                        line.cell_name = Some(size.cell_name(usize::from(cell)));
                        line.candidates = Some(candidates);
                    }
                    Choice::FewestRows { column, rows } => {
                        line.set_column(column, size);
                        line.size = Some(rows);
                    }
                }
            }
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
            Event::Node { taken_back } => line.taken_back = Some(taken_back),
            Event::Generation { cost, restart } => {
                line.cost = Some(cost);
                line.restart = Some(restart);
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
            Rule::HiddenSingle { unit } | Rule::HallInterval { unit } | Rule::Matching { unit } => {
                self.set_unit(unit, size)
            }
            Rule::NakedSubset { unit, count } | Rule::HiddenSubset { unit, count } => {
                self.set_unit(unit, size);
                self.count = Some(count);
            }
            Rule::Pointing { box_unit, line } | Rule::Claiming { line, box_unit } => {
                self.box_unit = Some(box_unit);
                self.line = Some(line);
            }
            Rule::Fish {
                count,
                rows,
                base,
                cover,
            } => {
                let lines = |set: u32| (0..32).filter(|l| set >> l & 1 != 0).collect();
                self.count = Some(count);
                self.rows = Some(rows);
                self.base = Some(lines(base));
                self.cover = Some(lines(cover));
            }
            Rule::Given | Rule::Tried | Rule::Assigned | Rule::NakedSingle => {}
            Rule::UnitPropagation | Rule::BandPropagation | Rule::IntegerProgram => {}
            Rule::PatternOverlay | Rule::Fittest => {}
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
            Contradiction::NoMatching { unit } => self.set_unit(unit, size),
            Contradiction::NoTemplate { digit } => self.digit = Some(digit),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// One rule of each kind.
    fn every_rule() -> Vec<Rule> {
        let all = vec![
            Rule::Given,
            Rule::Tried,
            Rule::Assigned,
            Rule::NakedSingle,
            Rule::HiddenSingle { unit: 0 },
            Rule::Pointing {
                box_unit: 18,
                line: 0,
            },
            Rule::Claiming {
                line: 0,
                box_unit: 18,
            },
            Rule::NakedSubset { unit: 0, count: 2 },
            Rule::HiddenSubset { unit: 0, count: 2 },
            Rule::Fish {
                count: 2,
                rows: true,
                base: 0b11,
                cover: 0b1100,
            },
            Rule::UnitPropagation,
            Rule::BandPropagation,
            Rule::IntegerProgram,
            Rule::HallInterval { unit: 0 },
            Rule::Matching { unit: 0 },
            Rule::PatternOverlay,
            Rule::Fittest,
        ];
        for rule in &all {
            // A kind added to `Rule` is not matched here: this stops compiling until it
            // is listed above too.
            match rule {
                Rule::Given | Rule::Tried | Rule::Assigned | Rule::NakedSingle => {}
                Rule::HiddenSingle { .. } | Rule::Pointing { .. } | Rule::Claiming { .. } => {}
                Rule::NakedSubset { .. } | Rule::HiddenSubset { .. } | Rule::Fish { .. } => {}
                Rule::UnitPropagation | Rule::BandPropagation | Rule::IntegerProgram => {}
                Rule::HallInterval { .. } | Rule::Matching { .. } | Rule::PatternOverlay => {}
                Rule::Fittest => {}
            }
        }
        all
    }

    /// One event of each kind (a rule for those that have one).
    fn every_event() -> Vec<Event> {
        let (depth, cell, digit, column) = (1, 0, 1, 0);
        let rule = Rule::Given;
        let all = vec![
            Event::Choose {
                depth,
                choice: Choice::FewestCandidates {
                    cell,
                    candidates: 2,
                },
            },
            Event::Try { depth, cell, digit },
            Event::Backtrack { depth, cell, digit },
            Event::Solution { depth },
            Event::Contradiction {
                depth,
                reason: Contradiction::EmptyCell { cell },
            },
            Event::Assign {
                depth,
                cell,
                digit,
                rule,
            },
            Event::Eliminate {
                depth,
                cell,
                digit,
                rule,
            },
            Event::Cover { depth, column },
            Event::Uncover { depth, column },
            Event::Swap {
                cells: [0, 1],
                cost: 0,
                accepted: true,
            },
            Event::Node { taken_back: true },
            Event::Generation {
                cost: 0,
                restart: true,
            },
        ];
        for event in &all {
            // As in `every_rule`: a kind added to `Event` stops this compiling.
            match event {
                Event::Choose { .. } => {}
                Event::Try { .. } | Event::Backtrack { .. } | Event::Solution { .. } => {}
                Event::Contradiction { .. } | Event::Assign { .. } | Event::Eliminate { .. } => {}
                Event::Cover { .. } | Event::Uncover { .. } | Event::Swap { .. } => {}
                Event::Node { .. } | Event::Generation { .. } => {}
            }
        }
        all
    }

    /// One choice of each kind.
    fn every_choice() -> Vec<Choice> {
        let all = vec![
            Choice::FewestCandidates {
                cell: 0,
                candidates: 2,
            },
            Choice::FewestRows { column: 0, rows: 2 },
        ];
        for choice in &all {
            // As in `every_rule`.
            match choice {
                Choice::FewestCandidates { .. } | Choice::FewestRows { .. } => {}
            }
        }
        all
    }

    /// One reason of each kind.
    fn every_reason() -> Vec<Contradiction> {
        let all = vec![
            Contradiction::EmptyCell { cell: 0 },
            Contradiction::NoPlace { unit: 0, digit: 1 },
            Contradiction::EmptyColumn { column: 0 },
            Contradiction::NoMatching { unit: 0 },
            Contradiction::NoTemplate { digit: 1 },
        ];
        for reason in &all {
            // As in `every_rule`.
            match reason {
                Contradiction::EmptyCell { .. }
                | Contradiction::NoPlace { .. }
                | Contradiction::EmptyColumn { .. }
                | Contradiction::NoMatching { .. }
                | Contradiction::NoTemplate { .. } => {}
            }
        }
        all
    }

    /// The values the module documentation gives for `field`: the backquoted names in the
    /// parentheses that follow its first mention.
    fn documented(field: &str) -> Vec<String> {
        let source = include_str!("jsonl.rs");
        let doc: Vec<&str> = source
            .lines()
            .map_while(|l| l.strip_prefix("//!"))
            .map(str::trim)
            .collect();
        let doc = doc.join(" ");
        let after = &doc[doc.find(&format!("`{field}`")).expect(field)..];
        let open = after.find('(').expect(field);
        let list = &after[open + 1..open + after[open..].find(')').expect(field)];
        list.split(", ")
            .map(|name| name.trim_matches('`').to_string())
            .collect()
    }

    fn sorted(mut names: Vec<String>) -> Vec<String> {
        names.sort();
        names
    }

    /// The documentation lists every value the trace writes for `event`, `rule` and
    /// `reason`, and no other: a kind added to the core's events cannot be left out.
    #[test]
    fn the_module_documentation_lists_every_value_written() {
        let names = |all: Vec<&'static str>| sorted(all.into_iter().map(String::from).collect());
        let rules = names(every_rule().into_iter().map(rule_name).collect());
        assert_eq!(
            sorted(documented("rule")),
            rules,
            "the `rule` values documented"
        );
        let events = names(every_event().iter().map(event_name).collect());
        assert_eq!(
            sorted(documented("event")),
            events,
            "the `event` values documented"
        );
        let choices = names(every_choice().into_iter().map(choice_name).collect());
        assert_eq!(
            sorted(documented("choice")),
            choices,
            "the `choice` values documented"
        );
        let reasons = names(every_reason().into_iter().map(reason_name).collect());
        assert_eq!(
            sorted(documented("reason")),
            reasons,
            "the `reason` values documented"
        );
    }

    /// A choice names its cell and how many candidates it has, or its column and the
    /// rows left in it; a fish its base and cover lines.
    #[test]
    fn a_choice_and_a_fish_name_what_they_concern() {
        let line = |e: Event| serde_json::to_string(&Line::of("x", 0, &e, Size::NINE)).unwrap();
        let cell = line(Event::Choose {
            depth: 0,
            choice: Choice::FewestCandidates {
                cell: 22,
                candidates: 2,
            },
        });
        let want =
            "\"cell\":22,\"cell_name\":\"r3c5\",\"choice\":\"fewest_candidates\",\"candidates\":2";
        assert!(cell.contains(want), "{cell}");
        let column = line(Event::Choose {
            depth: 0,
            choice: Choice::FewestRows {
                column: 105,
                rows: 3,
            },
        });
        assert!(
            column.contains("\"choice\":\"fewest_rows\",\"size\":3"),
            "{column}"
        );
        assert!(
            column.contains("\"column\":105,\"column_name\":\"row 3 has 7\""),
            "{column}"
        );
        let fish = line(Event::Eliminate {
            depth: 0,
            cell: 23,
            digit: 7,
            rule: Rule::Fish {
                count: 2,
                rows: true,
                base: 1 << 1 | 1 << 5,
                cover: 1 << 2 | 1 << 7,
            },
        });
        assert!(fish.contains("\"base\":[1,5],\"cover\":[2,7]"), "{fish}");
    }

    /// `rule` is written as documented, `band_propagation` included.
    #[test]
    fn an_event_line_gives_its_rule_by_name() {
        let event = Event::Eliminate {
            depth: 0,
            cell: 0,
            digit: 5,
            rule: Rule::BandPropagation,
        };
        let line = serde_json::to_string(&Line::of("bands", 0, &event, Size::NINE)).unwrap();
        assert!(line.contains("\"rule\":\"band_propagation\""), "{line}");
    }
}
