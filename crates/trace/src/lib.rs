//! Traces of sudoku-lab's strategies at work, for people and for other tools.
//!
//! Every strategy of the catalogue tells its steps in one vocabulary, the events of
//! [`sudoku_core::event`]. This crate turns that stream into three things:
//!
//! - the **text trace** ([`write_text`]): one line per event in the classic words
//!   (`choose r3c5 (2 candidates, the fewest)`, `try r3c5 = 7`, `eliminate 7 from r3c6
//!   (naked single)`, `only place for 4 in box 2 is r1c5`, `cover column "row 3 has 7"`,
//!   `backtrack r3c5 = 7`, `solution`), indented by depth (up to 20 columns; deeper, the
//!   line says its depth), with the grid in Norvig's layout where asked ([`GridPoints`]),
//!   and the counters at the end;
//! - the **JSON Lines trace** ([`write_jsonl`]): one object per event, for other tools;
//! - the **replay page** ([`write_page`]): one self-contained HTML file that replays
//!   the search of one or more strategies side by side, bounded in size however long
//!   the search;
//! - the **solutions** a search finds ([`solutions()`]), not only the first one its
//!   outcome keeps: the grid at each solution event.
//!
//! The grid a trace shows is kept by applying the events (a stack of states by depth,
//! restored at each backtrack): candidates for the strategies that propagate, the rows
//! left in the matrix for dlx, the placed digits for naive. The counters at the end are
//! the solve's own: the observed solve gives the plain solve's outcome, and the events
//! count its tries (`nodes - 1`) and backtracks, which each trace checks.
//!
//! Long searches stay usable: the text and JSON Lines traces are streamed through a
//! [`Write`] (nothing is kept), `max_events` stops the printing but not the counting;
//! the page keeps the first and last stretches of a long search in full and summarises
//! the middle.
//!
//! ```
//! use sudoku_core::{Grid, Limits};
//! use sudoku_trace::{write_text, GridPoints, TraceOptions};
//!
//! let spanish: Grid =
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!         .parse()
//!         .unwrap();
//! let reduce = sudoku_catalogue::find("reduce").unwrap();
//! let options = TraceOptions { grid: GridPoints::NEVER, ..TraceOptions::default() };
//! let mut out = Vec::new();
//! let summary = write_text(&mut out, &spanish, reduce, Limits::FIRST, &options).unwrap();
//! let text = String::from_utf8(out).unwrap();
//! assert!(text.contains("\neliminate 3 from r1c1 (given)\n"));
//! assert!(text.contains("\nsolution\n"));
//! assert_eq!(summary.outcome.counters.nodes, 1);
//! ```
#![deny(missing_docs)]

use std::io::{self, Write};

use sudoku_catalogue::{Strategy, DEFAULT_SEED};
use sudoku_core::{Grid, Limits, Outcome, Size};
use thiserror::Error;

mod board;
pub mod column;
pub mod html;
pub mod jsonl;
pub mod kinds;
pub mod people;
mod run;
mod solutions;
mod text;
pub mod words;

pub use html::{write_page, PageOptions};
pub use kinds::Kinds;
pub use solutions::{solutions, Found};
pub use text::{GridPoints, GridPointsError};

use run::Run;

/// How the text and JSON Lines traces are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TraceOptions {
    /// Where the text trace shows the grid (the JSON Lines trace shows none).
    pub grid: GridPoints,
    /// Print the first `max_events` events only; the rest are counted, and the end
    /// says how many were not printed. `None`: print them all.
    pub max_events: Option<u64>,
    /// The seed of a stochastic strategy.
    pub seed: u64,
}

impl Default for TraceOptions {
    fn default() -> Self {
        TraceOptions {
            grid: GridPoints::DEFAULT,
            max_events: None,
            seed: DEFAULT_SEED,
        }
    }
}

/// What a trace saw: the solve's outcome and its events, by kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// The strategy's name.
    pub strategy: &'static str,
    /// The outcome of the observed solve (the plain solve's, by the contract).
    pub outcome: Outcome,
    /// Every event of the stream, by kind (printed or not).
    pub kinds: Kinds,
    /// How many events the trace printed (the page: how many it holds in full).
    pub printed: u64,
}

impl Summary {
    /// Whether the events count the solve's tries and backtracks: `tries = nodes - 1`.
    pub fn events_agree(&self) -> bool {
        let c = self.outcome.counters;
        (self.kinds.tries() + 1, self.kinds.backtracks()) == (c.nodes, c.backtracks)
    }
}

/// Why a trace could not be written.
#[derive(Debug, Error)]
pub enum TraceError {
    /// The strategy does not take grids of the puzzle's size.
    #[error("{strategy} does not solve {size} grids (it takes {sizes})")]
    Unsupported {
        /// The strategy.
        strategy: &'static str,
        /// The puzzle's size.
        size: Size,
        /// The sizes it takes.
        sizes: String,
    },
    /// No strategy was given to the page.
    #[error("no strategy to replay")]
    NoStrategy,
    /// Writing the trace failed.
    #[error("cannot write the trace: {0}")]
    Io(#[from] io::Error),
}

/// Writes the text trace of `strategy` solving `puzzle` under `limits`: a header (the
/// strategy, what a try is, the limits, the puzzle), one line per event, indented by
/// depth, the grid at the points of `options.grid`, and a footer with the outcome and
/// the events by kind. Returns what was seen.
///
/// # Errors
///
/// [`TraceError::Unsupported`] for a size the strategy does not take (nothing is
/// written), [`TraceError::Io`] when writing fails (the solve still runs to its end).
pub fn write_text(
    out: &mut dyn Write,
    puzzle: &Grid,
    strategy: &'static Strategy,
    limits: Limits,
    options: &TraceOptions,
) -> Result<Summary, TraceError> {
    let run = Run::new(strategy, puzzle, limits, options.seed)?;
    text::write(out, &run, options)
}

/// Writes the JSON Lines trace of `strategy` solving `puzzle` under `limits`: one
/// object per event (see [the format](jsonl)), then a summary line.
///
/// # Errors
///
/// As [`write_text`].
pub fn write_jsonl(
    out: &mut dyn Write,
    puzzle: &Grid,
    strategy: &'static Strategy,
    limits: Limits,
    options: &TraceOptions,
) -> Result<Summary, TraceError> {
    let run = Run::new(strategy, puzzle, limits, options.seed)?;
    jsonl::write(out, &run, options)
}
