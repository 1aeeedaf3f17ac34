//! The engine of sudoku-lab: runs any list of solvers over corpora of puzzles, in parallel,
//! timing and checking every solve, and hands the rows to a [`Sink`] in input order (it
//! writes no file: see the book's "Architecture").
//!
//! - [`Source`], [`sources`]: corpus files, folders, stdin, the built-in seed puzzles;
//! - [`Contender`]: a [`Solver`](sudoku_core::Solver) with its limits, or a program run as
//!   a child process ([`External`], the `cmd:` solvers);
//! - [`Selection`], [`Timing`]: shards, resumption, isomorphs; warm-up, pinning;
//! - [`Plan`], [`run()`], [`start`]: the ordered parallel map over the puzzles;
//! - [`solve_checked`], [`check()`]: one timed, checked solve, as its row.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use sudoku_core::{Grid, Limits, Outcome, Solver};
//! use sudoku_engine::{run, Contender, End, Plan, Source};
//! use sudoku_results::{Row, Status};
//!
//! /// A "solver" that gives up at once: its rows say budget_exhausted.
//! struct GiveUp;
//! impl Solver for GiveUp {
//!     fn name(&self) -> &'static str { "give-up" }
//!     fn solve(&self, _: &Grid, _: &Limits) -> Outcome {
//!         Outcome::new(0, None, Default::default(), true)
//!     }
//! }
//!
//! let plan = Plan {
//!     sources: vec![Source::BuiltIn],
//!     contenders: vec![Contender::new(Box::new(GiveUp), Limits::FIRST)],
//!     threads: 2,
//!     ..Plan::default()
//! };
//! let mut rows: Vec<Row> = Vec::new();
//! let report = run(&plan, &mut rows, &AtomicBool::new(false));
//! assert!(matches!(report.end, End::Finished));
//! assert_eq!(rows.len(), 5);
//! assert!(rows.iter().all(|r| r.status == Status::BudgetExhausted));
//! ```
#![deny(missing_docs)]

mod checked;
mod chunk;
mod contender;
mod doorbell;
pub mod external;
mod failure;
mod passes;
mod permute;
mod pipeline;
mod reader;
mod select;
mod sink;
mod source;
mod stopwatch;
mod timing;
mod work;

pub use checked::check;
pub use contender::{solve_checked, Contender};
pub use external::{ChildEvent, ChildEventKind, External, ExternalError};
pub use failure::EngineError;
pub use permute::{permuted, Isomorph};
pub use pipeline::{run, start, End, Plan, Report, Started, BATCH, TICK, WINDOW};
pub use select::{corpus_key, Selection, Shard};
pub use sink::{CorpusCount, Sink, SinkError, Solved};
pub use source::{corpus_names, count_puzzles, expand, sources, Expanded, Source, SEEDS};
pub use stopwatch::{timing_cost, Check, TimingCost, RETIMES};
pub use timing::{cores, Timing, WARMUP_PUZZLES};
