//! What the page keeps of one search: the first stretch of events in full (the head),
//! the last stretch in full (the tail), each with a snapshot of the grid and counters
//! where it starts, and what lies between them in summary, within a byte budget.
//!
//! The tail is a ring of chunks of [`CHUNK`] events, each starting with its snapshot:
//! when the budget is spent, the oldest chunk goes, and the next one's snapshot is where
//! the tail now starts. So the search is streamed, never held whole, however long it is.

use std::collections::VecDeque;

use serde::Serialize;
use sudoku_core::{Event, Observer, Size};

use super::encode::{self, Table};
use super::profile::Profile;
use crate::board::Board;
use crate::kinds::Kinds;

/// The most events in a chunk of the tail.
pub(crate) const CHUNK: u64 = 4096;

/// The bytes past which a chunk of the tail takes no more events.
pub(crate) const CHUNK_BYTES: usize = 16_384;

/// The grid and the counters at a point of the search.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Snapshot {
    /// The cell masks (see [`encode`]).
    pub(crate) masks: Vec<u32>,
    /// The events so far, by kind.
    pub(crate) kinds: Kinds,
    /// The depth of the last event.
    pub(crate) depth: u16,
    /// The cost after the last swap (a stochastic search).
    pub(crate) cost: u32,
}

/// A stretch of events kept in full.
#[derive(Debug, Clone)]
pub(crate) struct Segment {
    /// The index of its first event in the stream.
    pub(crate) start: u64,
    /// The state before its first event.
    pub(crate) snapshot: Snapshot,
    /// How many events.
    pub(crate) events: u64,
    /// The events, encoded.
    pub(crate) bytes: Vec<u8>,
}

impl Segment {
    fn new(start: u64, snapshot: Snapshot) -> Segment {
        Segment {
            start,
            snapshot,
            events: 0,
            bytes: Vec::new(),
        }
    }

    /// Its size on the page: the bytes in base64.
    fn page_bytes(&self) -> usize {
        base64_bytes(self.bytes.len())
    }
}

/// The counters of the search so far.
#[derive(Debug, Clone, Copy, Default)]
struct Counters {
    kinds: Kinds,
    depth: u16,
    cost: u32,
}

/// Records a search for the page (an [`Observer`]).
pub(crate) struct Recorder {
    size: Size,
    board: Board,
    now: Counters,
    budget: usize,
    head: Segment,
    head_full: bool,
    /// The events of the head, by kind.
    head_end: Kinds,
    tail: VecDeque<Segment>,
    /// The raw bytes of the tail's chunks.
    tail_bytes: usize,
    table: Table,
    profile: Profile,
    diff: Vec<(u16, u32)>,
}

/// What a recorder kept.
#[derive(Debug)]
pub(crate) struct Recording {
    /// The stretches kept in full: one, or the head and the tail.
    pub(crate) segments: Vec<Segment>,
    /// The texts of their events (of those only).
    pub(crate) table: Table,
    /// The shape of the whole search.
    pub(crate) profile: Profile,
    /// Every event, by kind.
    pub(crate) kinds: Kinds,
    /// The events of the head, by kind.
    pub(crate) head_end: Kinds,
    /// Whether the strategy reported propagation (its candidates are worth showing).
    pub(crate) propagates: bool,
}

impl Recorder {
    /// A recorder starting from `board`, keeping at most about `budget` bytes of events
    /// and texts on the page.
    pub(crate) fn new(size: Size, board: Board, budget: usize) -> Recorder {
        let now = Counters::default();
        Recorder {
            size,
            head: Segment::new(0, snapshot(&board, &now)),
            board,
            now,
            budget,
            head_full: false,
            head_end: Kinds::default(),
            tail: VecDeque::new(),
            tail_bytes: 0,
            table: Table::default(),
            profile: Profile::default(),
            diff: Vec::new(),
        }
    }

    /// What was kept: the head, and the tail when there is one (as one segment,
    /// joined to the head when nothing lies between them).
    pub(crate) fn finish(mut self) -> Recording {
        let mut segments = vec![self.head];
        if let Some(mut tail) = self.tail.pop_front() {
            for chunk in self.tail {
                tail.events += chunk.events;
                tail.bytes.extend_from_slice(&chunk.bytes);
            }
            let head = &mut segments[0];
            if tail.start == head.start + head.events {
                head.events += tail.events;
                head.bytes.extend_from_slice(&tail.bytes);
            } else {
                segments.push(tail);
            }
        }
        // Only the texts of the events kept go on the page.
        let new = self.table.compact();
        for segment in &mut segments {
            segment.bytes = encode::renumber(&segment.bytes, &new);
        }
        let kinds = self.now.kinds;
        if encode::COSTED.iter().any(|&k| kinds.counts[k as usize] > 0) {
            self.profile.what = "cost";
        }
        Recording {
            segments,
            table: self.table,
            profile: self.profile,
            kinds,
            head_end: self.head_end,
            propagates: self.board.propagates(),
        }
    }

    /// Once the head is full, opens a new chunk of the tail (with a snapshot of the
    /// state before the next event) when there is none or the newest is full.
    fn open_chunk(&mut self) {
        let full = |c: &Segment| c.events == CHUNK || c.bytes.len() >= CHUNK_BYTES;
        if self.head_full && self.tail.back().is_none_or(full) {
            let start = self.now.kinds.events();
            let chunk = Segment::new(start, snapshot(&self.board, &self.now));
            self.tail.push_back(chunk);
        }
    }

    /// Keeps the page within the budget: the head stops at half of it, the oldest
    /// chunks of the tail go when the rest is spent. The texts of a chunk that goes are
    /// released: the table counts only those of the events kept.
    fn keep_budget(&mut self, added: usize) {
        let head = self.head.page_bytes();
        if !self.head_full {
            self.head_full = head + self.table.json_bytes > self.budget / 2;
            return;
        }
        self.tail_bytes += added;
        while self.tail.len() > 1
            && head + base64_bytes(self.tail_bytes) + self.table.json_bytes > self.budget
        {
            let gone = self.tail.pop_front().expect("more than one chunk");
            self.tail_bytes -= gone.bytes.len();
            for id in encode::ids(&gone.bytes) {
                self.table.release(id);
            }
        }
    }

    /// The counters and the profile after `event`.
    fn count(&mut self, event: &Event) {
        let now = &mut self.now;
        now.kinds.add(event);
        now.depth = event.depth();
        match *event {
            Event::Try { depth, .. } => self.profile.add(u32::from(depth)),
            Event::Swap { cost, accepted, .. } => {
                if accepted {
                    now.cost = cost;
                }
                self.profile.add(now.cost);
            }
            Event::Generation { cost, .. } => {
                now.cost = cost;
                self.profile.add(cost);
            }
            Event::Solution { .. } => self.profile.solution(),
            _ => {}
        }
    }
}

impl Observer for Recorder {
    fn event(&mut self, event: Event) {
        let id = self.table.id(&event, self.size);
        self.open_chunk();
        self.board.apply(&event);
        self.board.diff(&mut self.diff);
        let segment = if self.head_full {
            self.tail.back_mut().expect("open_chunk opened one")
        } else {
            &mut self.head
        };
        let before = segment.bytes.len();
        encode::event(&mut segment.bytes, &event, id, &self.diff);
        segment.events += 1;
        let added = segment.bytes.len() - before;
        self.count(&event);
        if !self.head_full {
            self.head_end = self.now.kinds;
        }
        self.keep_budget(added);
    }
}

/// The size of `raw` bytes in base64.
fn base64_bytes(raw: usize) -> usize {
    raw.div_ceil(3) * 4
}

fn snapshot(board: &Board, now: &Counters) -> Snapshot {
    Snapshot {
        masks: board.masks().to_vec(),
        kinds: now.kinds,
        depth: now.depth,
        cost: now.cost,
    }
}
