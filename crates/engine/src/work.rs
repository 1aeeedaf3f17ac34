//! What a worker does with a chunk: parse it, and solve each of its puzzles with every
//! contender.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use sudoku_core::{CorpusError, Puzzle};

use crate::check::Entry;
use crate::chunk::Chunk;
use crate::contender::Contender;
use crate::parse::parse;
use crate::permute::permuted;
use crate::sink::Solved;

/// What every task of a run shares.
pub(crate) struct Shared<'a> {
    pub contenders: &'a [Contender],
    pub repeat: u64,
    pub strict: bool,
    /// `--permute`'s seed.
    pub permute: Option<u64>,
    pub interrupt: &'a AtomicBool,
    /// Tasks after this one (by sequence number) stop: an error or a strict stop was met
    /// there, so nothing after it will be delivered.
    pub stop_after: AtomicU64,
}

impl Shared<'_> {
    /// Whether the task `seq` should stop now.
    pub fn halted(&self, seq: u64) -> bool {
        self.interrupt.load(Ordering::Relaxed) || seq > self.stop_after.load(Ordering::Relaxed)
    }

    /// Stops every task after `seq`.
    pub fn stop_after(&self, seq: u64) {
        self.stop_after.fetch_min(seq, Ordering::SeqCst);
    }
}

/// One item of a chunk, in order.
#[derive(Debug)]
pub(crate) enum Item {
    /// A puzzle and its rows (its index still to be given).
    Puzzle(Solved),
    /// A malformed line.
    Malformed(CorpusError),
    /// An error that ends the corpus (UTF-16).
    Fatal(CorpusError),
}

/// The items of a chunk; `complete` is false when an interrupt or a stop cut it short (its
/// items are then the ones before the cut, each whole).
#[derive(Debug)]
pub(crate) struct Done {
    pub items: Vec<Item>,
    pub complete: bool,
}

/// Parses the chunk of task `seq` (unless it comes parsed) and solves its puzzles.
pub(crate) fn work(seq: u64, chunk: &mut Chunk, shared: &Shared<'_>) -> Done {
    let mut items = Vec::with_capacity(chunk.candidates);
    let complete = work_each(seq, chunk, shared, |item| items.push(item));
    Done { items, complete }
}

/// Parses the chunk of task `seq` (unless it comes parsed) and solves its puzzles, handing
/// each item to `emit` as soon as it is done; false when an interrupt or a stop cut it
/// short (the items emitted are the ones before the cut, each whole).
pub(crate) fn work_each(
    seq: u64,
    chunk: &mut Chunk,
    shared: &Shared<'_>,
    emit: impl FnMut(Item),
) -> bool {
    let parsed = chunk.parsed.take();
    let chunk = &*chunk;
    match parsed {
        Some(parsed) => each(seq, chunk, parsed.into_iter(), shared, emit),
        None => each(seq, chunk, parse(chunk), shared, emit),
    }
}

/// [`work_each`] over the chunk's puzzles, parsed or as they are parsed.
fn each(
    seq: u64,
    chunk: &Chunk,
    puzzles: impl Iterator<Item = Result<Puzzle, CorpusError>>,
    shared: &Shared<'_>,
    mut emit: impl FnMut(Item),
) -> bool {
    for item in puzzles {
        if shared.halted(seq) {
            return false;
        }
        match item {
            Ok(puzzle) => match solve(chunk, &puzzle, seq, shared) {
                Some(solved) => emit(Item::Puzzle(solved)),
                None => return false,
            },
            Err(e) if e.is_malformed_line() => {
                emit(Item::Malformed(e));
                if shared.strict {
                    shared.stop_after(seq);
                    break;
                }
            }
            Err(e) => {
                emit(Item::Fatal(e));
                shared.stop_after(seq);
                break;
            }
        }
    }
    true
}

/// Solves a puzzle with every contender that supports its size; `None` when a stop came
/// before the last one (or between the repeats of one).
fn solve(chunk: &Chunk, puzzle: &Puzzle, seq: u64, shared: &Shared<'_>) -> Option<Solved> {
    let isomorph = shared
        .permute
        .map(|seed| permuted(puzzle, &chunk.corpus, seed));
    let entry = match &isomorph {
        Some(solved) => Entry::new(&chunk.corpus, solved).instead_of(puzzle),
        None => Entry::new(&chunk.corpus, puzzle),
    };
    let size = puzzle.grid.size();
    let mut rows = Vec::with_capacity(shared.contenders.len());
    let mut unsupported = Vec::new();
    for contender in shared.contenders {
        if !contender.solver().supports(size) {
            unsupported.push(contender.name().clone());
            continue;
        }
        if shared.halted(seq) {
            return None;
        }
        rows.push(entry.solve_until(contender, shared.repeat, &|| shared.halted(seq))?);
    }
    Some(Solved {
        corpus: chunk.corpus.clone(),
        index: puzzle.index,
        line: puzzle.line,
        size,
        rows,
        unsupported,
    })
}
