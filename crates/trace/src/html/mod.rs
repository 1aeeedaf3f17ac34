//! The replay page: one self-contained HTML file (every script and style inline, no
//! network) that replays the search of one or more strategies on one puzzle, side by
//! side, each with its own timeline.
//!
//! The page shows the grid with its candidates (the rows left in the matrix, for dlx;
//! the digits placed, for naive), the cell being tried, what propagation removed since
//! the last try (struck out), each backtrack and dead end, the solution; it plays,
//! pauses, steps forward and back by event or by node, at a chosen speed, and scrubs
//! along a timeline, with live counters. Keys: space plays or pauses, the arrows step
//! back and forward, Home and End go to the start and the end (every strategy, or the
//! one whose panel has the focus).
//!
//! Each step says why: a strategy that branches by a heuristic tells its choice
//! ([`Event::Choose`](sudoku_core::Event::Choose): the cell of fewest candidates, the
//! column of fewest rows), and under the event the page keeps the choice that placed the
//! tries of the standing depth; a fish shades its base and cover lines. Under each grid,
//! the shape of the whole search, with its axes: the depth of each try (the cost, for a
//! stochastic search) down the side, the nodes from the first to the last along the
//! bottom. Above the panels, a chart sets the strategies side by side: the nodes each
//! searched and, with [`PageOptions::time_plain`], the time of its plain solve, on log
//! scales. Two panels fit side by side on a screen 1024 px wide, at every grid size.
//!
//! # Big searches
//!
//! The page is bounded ([`PageOptions::max_bytes`], 20 MB by default) however long the
//! search: each strategy gets an equal share; the first stretch of its events is kept
//! in full up to half of it, the last stretch up to the rest, and the middle is
//! summarised (its events counted by kind, its shape in the profile). A snapshot of the
//! grid and the counters where the last stretch starts keeps stepping right; the page
//! says what was summarised. Events are encoded compactly ([`encode`](self)): a few
//! bytes each, in base64.
//!
//! # Fragments
//!
//! `page.html#play=max` plays every strategy to its end at full speed (what the browser
//! test does); `#play=100` at 100 events a second; `#at=0.4` (a fraction of each
//! timeline), `#at=1200` (a position) or `#at=end` places every timeline there, and
//! `#at=0.3,end` each in turn. To share a moment (a lesson's slide), the page's *link to
//! this moment* writes each replay's position in the address (`#at=1200,end,57`), which
//! opens the page there; its footer says so.

use std::io::Write;
use std::time::Instant;

use base64::Engine;
use serde::Serialize;
use sudoku_catalogue::{Strategy, DEFAULT_SEED};
use sudoku_core::{Grid, Limits};

mod encode;
mod profile;
mod record;

use crate::board::Board;
use crate::kinds::{Kinds, KIND_NAMES};
use crate::people::status;
use crate::run::Run;
use crate::{Summary, TraceError};
use encode::Entry;
use profile::Profile;
use record::{Recorder, Recording, Snapshot};

const HTML: &str = include_str!("page.html");
const STYLE: &str = include_str!("page.css");
const SCRIPT: &str = include_str!("page.js");

/// The default bound of a page: 20 MB.
pub const DEFAULT_MAX_BYTES: usize = 20_000_000;

/// How the replay page is made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageOptions {
    /// The most bytes the page may take; the middle of a long search is summarised to
    /// stay within it.
    pub max_bytes: usize,
    /// The seed of a stochastic strategy.
    pub seed: u64,
    /// Whether to time a plain solve of each strategy (shown as time per node). Off by
    /// default: a timing differs from run to run, and the page without one is the same
    /// bytes for the same puzzle, strategies and options (a page committed or diffed does
    /// not churn).
    pub time_plain: bool,
    /// The page's title (by default, the strategies and the puzzle).
    pub title: Option<String>,
}

impl Default for PageOptions {
    fn default() -> Self {
        PageOptions {
            max_bytes: DEFAULT_MAX_BYTES,
            seed: DEFAULT_SEED,
            time_plain: false,
            title: None,
        }
    }
}

/// The page's data, read by its script.
#[derive(Debug, Serialize)]
struct Page {
    title: String,
    puzzle: String,
    side: usize,
    #[serde(rename = "box")]
    box_size: usize,
    symbols: String,
    givens: Vec<u8>,
    kind_names: [&'static str; crate::kinds::KINDS],
    max_bytes: usize,
    runs: Vec<RunData>,
}

/// One strategy's replay.
#[derive(Debug, Serialize)]
struct RunData {
    name: &'static str,
    summary: &'static str,
    try_is: &'static str,
    exact: bool,
    propagates: bool,
    limit: u64,
    max_nodes: Option<u64>,
    status: &'static str,
    solutions: u64,
    nodes: u64,
    backtracks: u64,
    solution: Option<String>,
    plain_ns: Option<u64>,
    kinds: Kinds,
    table: Vec<Entry>,
    segments: Vec<SegmentData>,
    gap: Option<Gap>,
    profile: Profile,
}

/// A stretch of events kept in full.
#[derive(Debug, Serialize)]
struct SegmentData {
    start: u64,
    events: u64,
    snapshot: Snapshot,
    data: String,
}

/// The summarised middle: events `from..to` of the stream.
#[derive(Debug, Serialize)]
struct Gap {
    from: u64,
    to: u64,
    kinds: Kinds,
    words: String,
}

/// Writes the replay page of `runs` (each strategy with its limits) on `puzzle`.
/// Returns, per strategy, what was seen (`printed`: the events the page holds in full).
///
/// # Errors
///
/// [`TraceError::NoStrategy`] for an empty list, [`TraceError::Unsupported`] for a
/// strategy that does not take the puzzle's size, [`TraceError::Io`] when writing fails.
pub fn write_page(
    out: &mut dyn Write,
    puzzle: &Grid,
    runs: &[(&'static Strategy, Limits)],
    options: &PageOptions,
) -> Result<Vec<Summary>, TraceError> {
    if runs.is_empty() {
        return Err(TraceError::NoStrategy);
    }
    let runs: Vec<Run<'_>> = runs
        .iter()
        .map(|&(s, limits)| Run::new(s, puzzle, limits, options.seed))
        .collect::<Result<_, _>>()?;
    let fixed = HTML.len() + STYLE.len() + SCRIPT.len() + 16_384;
    let reserve = 65_536 + 2 * record::CHUNK_BYTES + 100 * puzzle.size().cells();
    let mut left = options
        .max_bytes
        .saturating_sub(fixed + reserve * runs.len());
    // The smaller searches first, each with an equal share of what is left: what one
    // does not use goes to the longer ones.
    let mut order: Vec<usize> = (0..runs.len()).collect();
    if runs.len() > 1 {
        let events: Vec<u64> = runs.iter().map(count_events).collect();
        order.sort_by_key(|&i| events[i]);
    }
    let mut done: Vec<Option<(RunData, Summary)>> = (0..runs.len()).map(|_| None).collect();
    for (k, &i) in order.iter().enumerate() {
        let budget = left / (runs.len() - k);
        let (data, summary, used) = record(&runs[i], budget, options.time_plain);
        left = left.saturating_sub(used);
        done[i] = Some((data, summary));
    }
    let (data, summaries): (Vec<RunData>, Vec<Summary>) = done.into_iter().flatten().unzip();
    let size = puzzle.size();
    let page = Page {
        title: options
            .title
            .clone()
            .unwrap_or_else(|| default_title(&runs)),
        puzzle: puzzle.to_line(),
        side: size.side(),
        box_size: size.box_size(),
        symbols: (1..=size.side() as u8).map(|d| size.symbol(d)).collect(),
        givens: puzzle.cells().to_vec(),
        kind_names: KIND_NAMES,
        max_bytes: options.max_bytes,
        runs: data,
    };
    let json = serde_json::to_string(&page)
        .expect("the page data serialises")
        .replace('<', "\\u003c");
    let html = HTML
        .replace("{{title}}", &escape(&page.title))
        .replace("{{style}}", STYLE)
        .replace("{{script}}", SCRIPT);
    let (before, after) = html
        .split_once("{{data}}")
        .expect("the template has a data slot");
    out.write_all(before.as_bytes())?;
    out.write_all(json.as_bytes())?;
    out.write_all(after.as_bytes())?;
    out.flush()?;
    Ok(summaries)
}

/// How many events a strategy's search tells.
fn count_events(run: &Run<'_>) -> u64 {
    let mut count = sudoku_core::EventCount::default();
    run.solve(&mut count);
    count.events
}

/// Records one strategy's search within `budget` bytes; returns its data, its summary,
/// and the bytes its events and texts take on the page.
fn record(run: &Run<'_>, budget: usize, time_plain: bool) -> (RunData, Summary, usize) {
    let size = run.puzzle.size();
    let board = Board::new(run.puzzle, run.start.as_ref());
    let mut recorder = Recorder::new(size, board, budget);
    let outcome = run.solve(&mut recorder);
    let Recording {
        segments,
        table,
        profile,
        kinds,
        head_end,
        propagates,
    } = recorder.finish();
    let gap = (segments.len() > 1).then(|| {
        let from = segments[0].start + segments[0].events;
        let tail = &segments[1];
        let between = tail.snapshot.kinds.since(&head_end);
        Gap {
            from,
            to: tail.start,
            kinds: between,
            words: between.describe(),
        }
    });
    let printed = segments.iter().map(|s| s.events).sum();
    let used = table.json_bytes
        + segments
            .iter()
            .map(|s| s.bytes.len().div_ceil(3) * 4)
            .sum::<usize>();
    let plain_ns = time_plain.then(|| time(run));
    let s = run.strategy;
    let data = RunData {
        name: s.name,
        summary: s.summary,
        try_is: s.try_is,
        exact: s.exact,
        propagates,
        limit: run.limits.solution_limit(),
        max_nodes: run.limits.max_nodes,
        status: status(outcome.status),
        solutions: outcome.solutions,
        nodes: outcome.counters.nodes,
        backtracks: outcome.counters.backtracks,
        solution: outcome.solution.map(|g| g.to_line()),
        plain_ns,
        kinds,
        table: table.entries,
        segments: segments
            .into_iter()
            .map(|seg| SegmentData {
                start: seg.start,
                events: seg.events,
                snapshot: seg.snapshot,
                data: base64::engine::general_purpose::STANDARD.encode(&seg.bytes),
            })
            .collect(),
        gap,
        profile,
    };
    let summary = Summary {
        strategy: s.name,
        outcome,
        kinds,
        printed,
    };
    (data, summary, used)
}

/// The time of a plain solve, in nanoseconds: the least of a few for a quick one.
fn time(run: &Run<'_>) -> u64 {
    let mut best = u64::MAX;
    for _ in 0..5 {
        let start = Instant::now();
        let _ = run.solver.solve(run.puzzle, &run.limits);
        let ns = start.elapsed().as_nanos() as u64;
        best = best.min(ns);
        if ns > 50_000_000 {
            break;
        }
    }
    best
}

fn default_title(runs: &[Run<'_>]) -> String {
    let names: Vec<&str> = runs.iter().map(|r| r.strategy.name).collect();
    format!("sudoku-lab replay: {}", names.join(", "))
}

/// Escapes text for HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
