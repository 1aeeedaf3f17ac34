//! A solve explained the way a puzzle book does: each step of deduction with its
//! technique, each try and each dead end, from the events of the logic strategy.
//!
//! ```text
//! cargo run --release -p sudoku-logic --example explain -- PUZZLE [LEVEL]
//! ```
//!
//! `LEVEL` is a level's name (`logic-singles`, ..., default `logic`). The bookkeeping
//! (the givens' pencil marks, the other digits of a placed cell, a placed digit erased
//! from its peers) is left out; eliminations of one step are written on one line.

use sudoku_core::{Contradiction, Event, Grid, Limits, Rule, Size};
use sudoku_logic::{Level, Logic};
use sudoku_testkit::usage;

/// The usage line.
const USAGE: &str = "usage: explain PUZZLE [LEVEL] (LEVEL: logic-naked-singles, \
logic-singles, logic-locked, logic-naked-pairs, logic-pairs, logic-naked-triples, \
logic-triples, logic-naked-quads, logic-subsets, logic-x-wing or logic, the default)";

/// A step erasing `digit` in words; `None` for bookkeeping.
fn step(size: Size, rule: Rule, digit: u8) -> Option<String> {
    let unit = |u: u16| size.unit_name(usize::from(u));
    Some(match rule {
        Rule::Pointing { box_unit, line } => {
            format!(
                "pointing: in {}, {digit} lies in {}",
                unit(box_unit),
                unit(line)
            )
        }
        Rule::Claiming { line, box_unit } => {
            format!(
                "claiming: in {}, {digit} lies in {}",
                unit(line),
                unit(box_unit)
            )
        }
        Rule::NakedSubset { unit: u, count } => format!("naked {} in {}", kind(count), unit(u)),
        Rule::HiddenSubset { unit: u, count } => format!("hidden {} in {}", kind(count), unit(u)),
        Rule::Fish {
            count,
            rows,
            base,
            cover,
        } => {
            let name = if count == 2 { "X-wing" } else { "swordfish" };
            let lines = |set: u32| {
                let numbers: Vec<String> = (0..32)
                    .filter(|l| set >> l & 1 != 0)
                    .map(|l| (l + 1).to_string())
                    .collect();
                numbers.join(", ")
            };
            let (along, across) = if rows {
                ("rows", "columns")
            } else {
                ("columns", "rows")
            };
            format!(
                "{name} on {digit}: in {along} {} it lies in {across} {} only",
                lines(base),
                lines(cover)
            )
        }
        _ => return None,
    })
}

fn kind(count: u8) -> &'static str {
    match count {
        2 => "pair",
        3 => "triple",
        _ => "quad",
    }
}

/// The lines written so far, and the step being written: its words, the cells it
/// erases digits from, and the naked singles it made (written after it).
#[derive(Default)]
struct Book {
    words: String,
    erased: Vec<(String, Vec<u8>)>,
    after: Vec<String>,
}

impl Book {
    /// A step erases `digit` from `cell`.
    fn erase(&mut self, words: String, cell: String, digit: u8) {
        if words != self.words {
            self.finish();
            self.words = words;
        }
        match self.erased.last_mut() {
            Some((last, digits)) if *last == cell => digits.push(digit),
            _ => self.erased.push((cell, vec![digit])),
        }
    }

    /// A line of its own; a placement during a step is written after the step.
    fn write(&mut self, line: String, placement: bool) {
        if placement && !self.erased.is_empty() {
            self.after.push(line);
            return;
        }
        self.finish();
        println!("{line}");
    }

    /// Writes the step being written, if any.
    fn finish(&mut self) {
        if !self.erased.is_empty() {
            let cells: Vec<String> = self
                .erased
                .drain(..)
                .map(|(cell, digits)| {
                    let digits: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
                    format!("{cell} -{}", digits.join(","))
                })
                .collect();
            println!("{}: {}", self.words, cells.join(" "));
        }
        for line in self.after.drain(..) {
            println!("{line}");
        }
        self.words.clear();
    }
}

fn main() {
    let args = usage::Args::new(USAGE);
    args.at_most(2);
    let text = args.required(0, "PUZZLE");
    let puzzle: Grid = text
        .parse()
        .unwrap_or_else(|e| args.fail(format_args!("{text:?} is not a puzzle: {e}")));
    let level = args.get(1).map_or(Level::FULL, |name| {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == name)
            .unwrap_or_else(|| args.fail(format_args!("{name:?} is not a level name")))
    });
    let size = puzzle.size();
    let cell = |c: u16| size.cell_name(usize::from(c));
    let mut book = Book::default();
    let out = Logic::new(level).solve_with(&puzzle, &Limits::FIRST, &mut |e: Event| {
        let indent = "  ".repeat(usize::from(e.depth()));
        let line = match e {
            Event::Eliminate {
                cell: c,
                digit,
                rule,
                ..
            } => {
                if let Some(words) = step(size, rule, digit) {
                    book.erase(format!("{indent}{words}"), cell(c), digit);
                }
                return;
            }
            Event::Assign {
                cell: c,
                digit,
                rule: Rule::NakedSingle,
                ..
            } => {
                format!("{} = {digit}: naked single", cell(c))
            }
            Event::Assign {
                cell: c,
                digit,
                rule: Rule::HiddenSingle { unit },
                ..
            } => {
                let unit = size.unit_name(usize::from(unit));
                format!("{} = {digit}: hidden single in {unit}", cell(c))
            }
            Event::Try { cell: c, digit, .. } => format!("stuck: try {} = {digit}", cell(c)),
            Event::Backtrack { cell: c, digit, .. } => format!("take back {} = {digit}", cell(c)),
            Event::Contradiction {
                reason: Contradiction::EmptyCell { cell: c },
                ..
            } => {
                format!("dead end: {} has no digit left", cell(c))
            }
            Event::Contradiction {
                reason: Contradiction::NoPlace { unit, digit },
                ..
            } => {
                let unit = size.unit_name(usize::from(unit));
                format!("dead end: no place for {digit} in {unit}")
            }
            Event::Solution { .. } => "solved".to_string(),
            _ => return,
        };
        book.write(format!("{indent}{line}"), matches!(e, Event::Assign { .. }));
    });
    book.finish();
    let grade = out.grade.map_or("none".to_string(), |t| t.to_string());
    println!("{} nodes, grade: {grade}", out.counters.nodes);
}
