//! What a worker does with a chunk: parse it, and solve each of its puzzles with every
//! contender.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use sudoku_core::{CorpusError, Grid, Puzzle, Size};
use sudoku_results::Row;

use crate::checked::Entry;
use crate::chunk::Chunk;
use crate::contender::Contender;
use crate::passes::each_in_passes;
use crate::permute::permuted;
use crate::sink::Solved;

/// What every task of a run shares, on cache lines of its own (workers read it before every
/// solve; it lives on the calling thread's stack).
#[repr(align(128))]
pub(crate) struct Shared<'a> {
    pub contenders: &'a [Contender],
    pub repeat: u64,
    pub strict: bool,
    /// `--permute`'s seed.
    pub permute: Option<u64>,
    pub interrupt: &'a AtomicBool,
    /// The first task that stops (by sequence number); nothing from it on is delivered.
    pub stop_at: AtomicU64,
}

impl Shared<'_> {
    /// Whether the task `seq` should stop now.
    pub fn halted(&self, seq: u64) -> bool {
        self.interrupt.load(Ordering::Relaxed) || seq >= self.stop_at.load(Ordering::Relaxed)
    }

    /// Stops every task after `seq`.
    pub fn stop_after(&self, seq: u64) {
        self.stop_from(seq.saturating_add(1));
    }

    /// Stops task `seq` (between two solves) and every task after it.
    pub fn stop_from(&self, seq: u64) {
        self.stop_at.fetch_min(seq, Ordering::SeqCst);
    }
}

/// One item of a chunk, in order: a puzzle and how many of the next rows are its, a
/// malformed line, or an error that ends the corpus (UTF-16).
#[derive(Debug)]
pub(crate) enum Item {
    Puzzle(Head, usize),
    Malformed(CorpusError),
    Fatal(CorpusError),
}

impl Item {
    /// How many of the task's rows are this item's.
    pub fn row_count(&self) -> usize {
        match self {
            Item::Puzzle(_, n) => *n,
            _ => 0,
        }
    }
}

/// What a solved puzzle's rows share: a [`Solved`] but for its rows.
#[derive(Debug)]
pub(crate) struct Head {
    pub corpus: Arc<str>,
    pub index: u64,
    pub line: u64,
    pub size: Size,
    pub unsupported: Vec<Arc<str>>,
}

impl Head {
    /// The puzzle with its `rows`, as a sink sees it.
    pub fn solved<'a>(&'a self, rows: &'a [Row]) -> Solved<'a> {
        Solved {
            corpus: &self.corpus,
            index: self.index,
            line: self.line,
            size: self.size,
            rows,
            unsupported: &self.unsupported,
        }
    }
}

/// The items of a chunk after its [`Part`]s, and their rows in order (one buffer per task:
/// a free across threads is slow); `complete` is false when a stop cut it short.
#[derive(Debug)]
pub(crate) struct Done {
    pub items: Vec<Item>,
    pub rows: Vec<Row>,
    pub complete: bool,
}

/// The first items of a task that is not done, and their rows, sent ahead of it.
#[derive(Debug)]
pub(crate) struct Part {
    pub items: Vec<Item>,
    pub rows: Vec<Row>,
}

/// [`work_each`], handing what is finished to `part` each time it has solved for `every`
/// (the wall clock read once per puzzle) since the last part; the [`Done`] holds the rest.
pub(crate) fn work(
    seq: u64,
    chunk: &mut Chunk,
    shared: &Shared<'_>,
    every: Duration,
    mut part: impl FnMut(Part),
) -> Done {
    let mut items = Vec::with_capacity(chunk.candidates);
    let mut rows = Vec::with_capacity(chunk.candidates * shared.contenders.len());
    // When the items not yet sent began.
    let mut unsent = Instant::now();
    let complete = work_each(seq, chunk, shared, &mut rows, |item, rows| {
        items.push(item);
        if unsent.elapsed() >= every {
            unsent = Instant::now();
            let (items, rows) = (std::mem::take(&mut items), std::mem::take(rows));
            part(Part { items, rows });
        }
    });
    Done {
        items,
        rows,
        complete,
    }
}

/// Parses the chunk of task `seq` (unless it comes parsed) and solves its puzzles, adding
/// their rows to `rows` and handing each item to `emit` as soon as it is done; false when
/// a stop cut it short (the items emitted before it each whole).
pub(crate) fn work_each(
    seq: u64,
    chunk: &mut Chunk,
    shared: &Shared<'_>,
    rows: &mut Vec<Row>,
    emit: impl FnMut(Item, &mut Vec<Row>),
) -> bool {
    let parsed = chunk.parsed.take();
    let chunk = &*chunk;
    let task = Task { seq, chunk, shared };
    match parsed {
        Some(parsed) => {
            let mut parsed = parsed.into_iter();
            let read = |puzzle: &mut Puzzle| Some(parsed.next()?.map(|p| *puzzle = p));
            each(&task, read, rows, emit)
        }
        None => {
            let mut reader = chunk.parse();
            each(&task, |puzzle| reader.read_into(puzzle), rows, emit)
        }
    }
}

/// The task a worker is on.
pub(crate) struct Task<'a, 'b> {
    pub seq: u64,
    pub chunk: &'a Chunk,
    pub shared: &'a Shared<'b>,
}

/// [`work_each`] over the puzzles `read` puts into the task's one [`Puzzle`] (a puzzle is
/// large: it is not moved around); in passes under `--repeat`.
fn each(
    task: &Task<'_, '_>,
    read: impl FnMut(&mut Puzzle) -> Option<Result<(), CorpusError>>,
    rows: &mut Vec<Row>,
    mut emit: impl FnMut(Item, &mut Vec<Row>),
) -> bool {
    if task.shared.repeat > 1 {
        return each_in_passes(task, read, rows, emit);
    }
    each_once(task, read, rows, |item, _, rows| emit(item, rows))
}

/// One pass over the puzzles `read` gives, each item handed to `found` with the grid solved
/// (none for a line that is no puzzle) after its rows are added. False on a stop.
pub(crate) fn each_once(
    task: &Task<'_, '_>,
    mut read: impl FnMut(&mut Puzzle) -> Option<Result<(), CorpusError>>,
    rows: &mut Vec<Row>,
    mut found: impl FnMut(Item, Option<Grid>, &mut Vec<Row>),
) -> bool {
    let shared = task.shared;
    let mut puzzle = Puzzle::default();
    while let Some(item) = read(&mut puzzle) {
        if shared.halted(task.seq) {
            return false;
        }
        match item {
            Ok(()) => {
                let before = rows.len();
                let Some((head, grid)) = solve(task, &puzzle, rows) else {
                    return false;
                };
                found(Item::Puzzle(head, rows.len() - before), Some(grid), rows);
            }
            Err(e) if e.is_malformed_line() => {
                found(Item::Malformed(e), None, rows);
                if shared.strict {
                    shared.stop_after(task.seq);
                    break;
                }
            }
            Err(e) => {
                found(Item::Fatal(e), None, rows);
                shared.stop_after(task.seq);
                break;
            }
        }
    }
    true
}

/// Solves a puzzle with every contender that supports its size, adding their rows to
/// `rows`: what they share, and the grid solved (its isomorph under `--permute`); `None`,
/// its rows left out, on a stop or when the runner could not start a solver's child.
pub(crate) fn solve(
    task: &Task<'_, '_>,
    puzzle: &Puzzle,
    rows: &mut Vec<Row>,
) -> Option<(Head, Grid)> {
    let (chunk, shared, seq) = (task.chunk, task.shared, task.seq);
    let isomorph = shared
        .permute
        .map(|seed| permuted(puzzle, &chunk.corpus, seed));
    let entry = match &isomorph {
        Some(solved) => Entry::new(&chunk.corpus, solved).instead_of(puzzle),
        None => Entry::new(&chunk.corpus, puzzle),
    };
    let size = puzzle.grid.size();
    let before = rows.len();
    let mut unsupported = Vec::new();
    for contender in shared.contenders {
        if !contender.solver().supports(size) {
            unsupported.push(contender.name().clone());
            continue;
        }
        // A runner that cannot start a child keeps its failure, which stops the run.
        if shared.halted(seq) || !contender.solve(&entry, rows) {
            rows.truncate(before);
            return None;
        }
    }
    let head = Head {
        corpus: chunk.corpus.clone(),
        index: puzzle.index,
        line: puzzle.line,
        size,
        unsupported,
    };
    Some((head, entry.puzzle.grid))
}
