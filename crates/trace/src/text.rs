//! The text trace: one line per event in the classic words, indented by depth, the grid
//! in Norvig's layout at the points asked for, and the counters at the end.

use std::fmt;
use std::io::{self, Write};
use std::str::FromStr;

use sudoku_core::grid::display_cells;
use sudoku_core::{Event, Observer, Outcome, Size};

use crate::board::Board;
use crate::people::{count, status, thousands};
use crate::run::Run;
use crate::words::words;
use crate::{Kinds, Summary, TraceError, TraceOptions};

/// Where the text trace shows the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GridPoints {
    /// After the initial propagation (the puzzle, for a strategy that does not
    /// propagate): before the first try (or at the end of a search that made none).
    pub initial: bool,
    /// Before each try: the state the search branches on.
    pub tries: bool,
    /// At each solution.
    pub solutions: bool,
}

impl GridPoints {
    /// Never.
    pub const NEVER: GridPoints = GridPoints {
        initial: false,
        tries: false,
        solutions: false,
    };
    /// After the initial propagation and at each solution (the default).
    pub const DEFAULT: GridPoints = GridPoints {
        initial: true,
        tries: false,
        solutions: true,
    };
}

/// A list of points where the grid is not one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown grid point {0:?}: say initial, tries, solutions, all or never (or a list: initial,solutions)")]
pub struct GridPointsError(pub String);

/// Parses `initial`, `tries`, `solutions`, `all`, `never`, or a comma-separated list.
impl FromStr for GridPoints {
    type Err = GridPointsError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut points = GridPoints::NEVER;
        for word in s.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            match word {
                "initial" => points.initial = true,
                "tries" => points.tries = true,
                "solutions" => points.solutions = true,
                "all" => {
                    points = GridPoints {
                        initial: true,
                        tries: true,
                        solutions: true,
                    }
                }
                "never" | "none" => {}
                _ => return Err(GridPointsError(word.to_string())),
            }
        }
        Ok(points)
    }
}

/// Writes the text trace of `run`: a header, the events, the footer.
pub(crate) fn write(
    out: &mut dyn Write,
    run: &Run<'_>,
    options: &TraceOptions,
) -> Result<Summary, TraceError> {
    header(out, run)?;
    let mut text = TextObserver {
        printer: Printer::new(out, options.max_events),
        board: Board::new(run.puzzle, run.start.as_ref()),
        size: run.puzzle.size(),
        grid: options.grid,
        initial_shown: false,
        tried: false,
    };
    let outcome = run.solve(&mut text);
    text.finish();
    let TextObserver { printer, .. } = text;
    printer.finish(run, outcome, footer)
}

/// The header: the strategy, what a try is, the limits, the puzzle.
fn header(out: &mut dyn Write, run: &Run<'_>) -> io::Result<()> {
    let s = run.strategy;
    let budget = match run.limits.max_nodes {
        Some(n) => format!("budget {}", count(n, "node", "nodes")),
        None => "no node budget".to_string(),
    };
    out.write_all(comment(&format!("{}: {}", s.name, s.summary)).as_bytes())?;
    let limit = count(run.limits.solution_limit(), "solution", "solutions");
    let limits = format!("a try is {}; limit {limit}, {budget}", s.try_is);
    out.write_all(comment(&limits).as_bytes())?;
    writeln!(out, "# puzzle {}", run.puzzle.to_line())
}

/// What the text and the JSON Lines traces share: the counting, the `max_events`
/// cut-off, the first write error kept for the end, and the footer.
pub(crate) struct Printer<'w> {
    pub(crate) out: &'w mut dyn Write,
    pub(crate) kinds: Kinds,
    max_events: Option<u64>,
    printed: u64,
    error: Option<io::Error>,
}

impl<'w> Printer<'w> {
    pub(crate) fn new(out: &'w mut dyn Write, max_events: Option<u64>) -> Printer<'w> {
        Printer {
            out,
            kinds: Kinds::default(),
            max_events,
            printed: 0,
            error: None,
        }
    }

    /// Counts the event; `true` when it is to be printed.
    pub(crate) fn admit(&mut self, event: &Event) -> bool {
        self.kinds.add(event);
        let print = self.error.is_none() && self.max_events.is_none_or(|m| self.printed < m);
        self.printed += u64::from(print);
        print
    }

    /// Whether events are still printed (no error, under `max_events`).
    pub(crate) fn printing(&self) -> bool {
        self.error.is_none() && self.max_events.is_none_or(|m| self.printed < m)
    }

    /// Keeps the first write error.
    pub(crate) fn keep(&mut self, result: io::Result<()>) {
        if let Err(e) = result {
            self.error.get_or_insert(e);
        }
    }

    /// The footer, and the summary; the first write error if there was one.
    pub(crate) fn finish(
        mut self,
        run: &Run<'_>,
        outcome: Outcome,
        footer: impl FnOnce(&Summary, Option<u64>) -> String,
    ) -> Result<Summary, TraceError> {
        let summary = Summary {
            strategy: run.strategy.name,
            outcome,
            kinds: self.kinds,
            printed: self.printed,
        };
        let footer = footer(&summary, self.max_events);
        let result = self
            .out
            .write_all(footer.as_bytes())
            .and_then(|()| self.out.flush());
        self.keep(result);
        match self.error {
            Some(e) => Err(TraceError::Io(e)),
            None => Ok(summary),
        }
    }
}

/// The footer: the outcome and counters, the events by kind, what was not printed; each
/// a comment wrapped at 100 columns, as the header's (the events of a strategy that tells
/// every kind took 111).
pub(crate) fn footer(summary: &Summary, max_events: Option<u64>) -> String {
    let o = &summary.outcome;
    let k = &summary.kinds;
    let mut text = comment(&format!(
        "{}: {}, {}, {}, {}",
        summary.strategy,
        status(o.status),
        count(o.solutions, "solution", "solutions"),
        count(o.counters.nodes, "node", "nodes"),
        count(o.counters.backtracks, "backtrack", "backtracks"),
    ));
    text.push_str(&comment(&format!(
        "{}: {}",
        count(k.events(), "event", "events"),
        k.describe()
    )));
    let not_printed = k.events() - summary.printed;
    if not_printed > 0 {
        let max = max_events.unwrap_or(summary.printed);
        text.push_str(&comment(&format!(
            "only the first {} printed (max events {}): {} more counted, not printed",
            count(summary.printed, "event is", "events are"),
            thousands(max),
            thousands(not_printed)
        )));
    }
    if (k.tries() + 1, k.backtracks()) != (o.counters.nodes, o.counters.backtracks) {
        text.push_str(&comment(&format!(
            "warning: the events count {} and {}, the solve {} and {}",
            count(k.tries(), "try", "tries"),
            count(k.backtracks(), "backtrack", "backtracks"),
            count(o.counters.nodes, "node", "nodes"),
            count(o.counters.backtracks, "backtrack", "backtracks"),
        )));
    }
    text
}

/// The text trace as an observer.
struct TextObserver<'w> {
    printer: Printer<'w>,
    board: Board,
    size: Size,
    grid: GridPoints,
    initial_shown: bool,
    /// Whether a try was seen: the first one branches on the grid shown as the initial
    /// one (at the choice before it), which is not shown again.
    tried: bool,
}

impl TextObserver<'_> {
    /// Shows the grid after `label`, at the event's indentation.
    fn show_grid(&mut self, depth: u16, label: &str) {
        let view = View(&self.board, self.size);
        let indent = indent(depth);
        let result = write!(self.printer.out, "{indent}{label}:\n{view}");
        self.printer.keep(result);
    }

    /// At the end: the grid after the initial propagation when nothing showed it yet.
    fn finish(&mut self) {
        if self.grid.initial && !self.initial_shown && self.printer.printing() {
            self.initial_shown = true;
            self.show_initial();
        }
    }

    /// The grid before the search: after the initial propagation, or (a strategy that
    /// does not propagate) the puzzle.
    fn show_initial(&mut self) {
        let label = if self.board.propagates() {
            "after the initial propagation"
        } else {
            "the puzzle"
        };
        self.show_grid(0, label);
    }
}

impl Observer for TextObserver<'_> {
    fn event(&mut self, event: Event) {
        if !self.printer.admit(&event) {
            // Printing never starts again: the grid is not needed any more.
            return;
        }
        let depth = event.depth();
        let starts = matches!(
            event,
            Event::Choose { .. }
                | Event::Try { .. }
                | Event::Swap { .. }
                | Event::Generation { .. }
                | Event::Solution { .. }
        );
        if starts && self.grid.initial && !self.initial_shown {
            self.initial_shown = true;
            self.show_initial();
        } else if self.grid.tries
            && matches!(event, Event::Try { .. })
            && (self.tried || !self.grid.initial)
        {
            self.show_grid(depth.saturating_sub(1), "before the try");
        }
        self.tried |= matches!(event, Event::Try { .. });
        self.initial_shown |= starts;
        self.board.apply(&event);
        let line = writeln!(
            self.printer.out,
            "{}{}",
            indent(depth),
            words(&event, self.size)
        );
        self.printer.keep(line);
        if self.grid.solutions && matches!(event, Event::Solution { .. }) {
            self.show_grid(depth, "the solution");
        }
    }
}

/// The most columns of indentation: ten levels of two spaces.
const MAX_INDENT: usize = 20;

/// Two spaces per level, up to [`MAX_INDENT`] columns; deeper, the depth in brackets at
/// the end of those columns (`                (37) `), so that the lines do not grow with
/// the depth: at 9x9 every event line fits 100 columns.
fn indent(depth: u16) -> String {
    let depth = usize::from(depth);
    if 2 * depth <= MAX_INDENT {
        " ".repeat(2 * depth)
    } else {
        format!("{:>width$} ", format!("({depth})"), width = MAX_INDENT - 1)
    }
}

/// A comment of the header, `# ` and `text`, its words wrapped at 100 columns (the lines
/// after the first indented under the text).
fn comment(text: &str) -> String {
    let mut out = String::from("#");
    let mut column = 1;
    for word in text.split(' ') {
        if column > 2 && column + 1 + word.chars().count() > 100 {
            out.push_str("\n#  ");
            column = 3;
        }
        out.push(' ');
        out.push_str(word);
        column += 1 + word.chars().count();
    }
    out.push('\n');
    out
}

/// The board in Norvig's layout.
struct View<'a>(&'a Board, Size);

impl fmt::Display for View<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        display_cells(f, self.1, |cell, out| self.0.cell_text(cell, out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The indentation stops growing at 20 columns; deeper, the line says its depth.
    #[test]
    fn the_indentation_is_bounded_and_then_says_the_depth() {
        assert_eq!(indent(0), "");
        assert_eq!(indent(3), "      ");
        assert_eq!(indent(10), " ".repeat(20));
        assert_eq!(indent(11), format!("{}(11) ", " ".repeat(15)));
        assert_eq!(indent(325), format!("{}(325) ", " ".repeat(14)));
        for depth in [11, 99, 625] {
            assert_eq!(indent(depth).len(), MAX_INDENT, "{depth}");
        }
    }

    /// A long header comment wraps at 100 columns, its words kept whole.
    #[test]
    fn a_long_comment_wraps_at_100_columns() {
        let text = "a try is a digit placed in the branching cell when every technique is \
                    stuck; limit 1 solution, budget 1,000,000 nodes";
        let wrapped = comment(text);
        assert_eq!(
            wrapped,
            "# a try is a digit placed in the branching cell when every technique is stuck; \
             limit 1 solution,\n#   budget 1,000,000 nodes\n"
        );
        assert!(wrapped.lines().all(|l| l.chars().count() <= 100));
        assert_eq!(comment("short"), "# short\n");
    }

    #[test]
    fn grid_points_parse_from_words_and_lists() {
        assert_eq!("never".parse(), Ok(GridPoints::NEVER));
        assert_eq!("initial,solutions".parse(), Ok(GridPoints::DEFAULT));
        let all: GridPoints = "all".parse().unwrap();
        assert!(all.initial && all.tries && all.solutions);
        assert_eq!(
            "initial,sometimes"
                .parse::<GridPoints>()
                .unwrap_err()
                .to_string(),
            "unknown grid point \"sometimes\": say initial, tries, solutions, all or never \
             (or a list: initial,solutions)"
        );
    }
}
