//! The engine of sudoku-lab: runs any list of solvers over corpora of puzzles, in parallel,
//! timing and checking every solve, and hands the rows to a [`Sink`] in input order (it
//! writes no file: see the book's "Architecture").
//!
//! - [`Source`], [`expand`]: corpus files, folders, stdin, the built-in seed puzzles;
//! - [`Contender`]: a [`Solver`](sudoku_core::Solver) with its limits, or a program run as
//!   a child process ([`External`], the `cmd:` solvers);
//! - [`Selection`], [`Timing`]: shards, resumption, isomorphs; warm-up, pinning;
//! - [`Plan`], [`run()`], [`start`]: the ordered parallel map over the puzzles;
//! - [`solve_checked`], [`check()`]: one timed, checked solve, as its row.
//!
//! `examples/own_solver.rs` runs a solver of its own this way, beside the catalogue's.
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
pub use source::{corpus_names, count_puzzles, expand, Expanded, Source, SEEDS};
pub use stopwatch::{timing_cost, Check, TimingCost, RETIMES};
pub use timing::{cores, Timing, WARMUP_PUZZLES};
