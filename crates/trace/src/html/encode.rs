//! The page's compact encoding of events: bytes of LEB128 varints, and a table of the
//! distinct texts.
//!
//! One event is
//!
//! ```text
//! varint(kind | changes << 4)   kind: the index of crate::kinds::KIND_NAMES
//! varint(depth)
//! varint(text)                  its index in the table: [words, cell, cell, unit]
//! varint(cost)                  swaps and generations only: the cost after the move
//!                               (the best cost of the population)
//! change ...                    `changes` of them, one per cell changed
//! ```
//!
//! A cell's mask holds its candidates (bit `d - 1` for digit `d`) and, in bit 31, the
//! mark of a try standing on the path. A change flips bits of one cell's mask:
//!
//! - one bit `b`: `varint(cell << 6 | b << 1)` (an elimination: two bytes for 9x9);
//! - several: `varint(cell << 1 | 1)`, then `varint(digits << 1 | mark)`, the digit
//!   bits flipped and whether the mark is (a try, a backtrack, a move).
//!
//! Applying the changes of events `0..i` to the masks of a snapshot gives the grid after
//! event `i`: the page needs nothing else to replay, forward or (from an earlier
//! snapshot) back.

use std::collections::HashMap;

use serde::Serialize;
use sudoku_core::{Choice, Contradiction, Event, Rule, Size};

use crate::board::GUESS;
use crate::column::Column;
use crate::kinds::kind_of;
use crate::words::words;

/// Appends `value` as an LEB128 varint (seven bits a byte, low first).
pub(crate) fn varint(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push((value as u8 & 0x7f) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// Appends one event, its text `id` and the cell changes it made (`(cell, old ^ new)`,
/// each cell once).
pub(crate) fn event(out: &mut Vec<u8>, event: &Event, id: u32, diff: &[(u16, u32)]) {
    varint(out, kind_of(event) as u64 | (diff.len() as u64) << 4);
    varint(out, u64::from(event.depth()));
    varint(out, u64::from(id));
    if let Event::Swap { cost, .. } | Event::Generation { cost, .. } = *event {
        varint(out, u64::from(cost));
    }
    for &(cell, x) in diff {
        let cell = u64::from(cell);
        if x.count_ones() == 1 {
            varint(out, cell << 6 | u64::from(x.trailing_zeros()) << 1);
        } else {
            varint(out, cell << 1 | 1);
            varint(out, u64::from(x & !GUESS) << 1 | u64::from(x & GUESS != 0));
        }
    }
}

/// One entry of the text table: the words, up to two cells to point at (`-1` for
/// none), the unit the event concerns (`-1` for none), and the lines of a fish (its base
/// and cover lines, as units; left out when there are none), as the page reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Entry(
    pub String,
    pub i32,
    pub i32,
    pub i32,
    #[serde(skip_serializing_if = "Vec::is_empty")] pub Vec<u16>,
);

/// The distinct texts of the events kept, each with its index, and how many kept events
/// use each: the texts of events no longer kept (a chunk of the tail dropped) do not count
/// against the page's bound, and [`Table::compact`] leaves them out.
#[derive(Debug, Default)]
pub(crate) struct Table {
    ids: HashMap<Event, u32>,
    pub(crate) entries: Vec<Entry>,
    /// How many events kept use each entry.
    uses: Vec<u32>,
    /// The size of each entry as JSON, its comma included.
    sizes: Vec<usize>,
    /// The size as JSON, commas included, of the entries that kept events use.
    pub(crate) json_bytes: usize,
}

impl Table {
    /// The index of the event's text (the same for the event at any depth), added to
    /// the table when new; one more event kept uses it.
    pub(crate) fn id(&mut self, event: &Event, size: Size) -> u32 {
        let key = without_depth(event);
        if let Some(&id) = self.ids.get(&key) {
            let i = id as usize;
            if self.uses[i] == 0 {
                self.json_bytes += self.sizes[i];
            }
            self.uses[i] += 1;
            return id;
        }
        let entry = entry(&key, size);
        let bytes = serde_json::to_string(&entry).map_or(0, |s| s.len()) + 1;
        self.json_bytes += bytes;
        let id = self.entries.len() as u32;
        self.entries.push(entry);
        self.uses.push(1);
        self.sizes.push(bytes);
        self.ids.insert(key, id);
        id
    }

    /// One event that used text `id` is no longer kept.
    pub(crate) fn release(&mut self, id: u32) {
        let i = id as usize;
        self.uses[i] -= 1;
        if self.uses[i] == 0 {
            self.json_bytes -= self.sizes[i];
        }
    }

    /// Leaves out the texts no kept event uses; returns the new index of each old one
    /// (`u32::MAX` for those left out), for [`renumber`].
    pub(crate) fn compact(&mut self) -> Vec<u32> {
        let mut new = vec![u32::MAX; self.entries.len()];
        let entries = std::mem::take(&mut self.entries);
        let (uses, sizes) = (
            std::mem::take(&mut self.uses),
            std::mem::take(&mut self.sizes),
        );
        for (old, entry) in entries.into_iter().enumerate() {
            if uses[old] > 0 {
                new[old] = self.entries.len() as u32;
                self.entries.push(entry);
                self.uses.push(uses[old]);
                self.sizes.push(sizes[old]);
            }
        }
        self.ids.clear();
        new
    }
}

/// The kinds whose encoding holds a cost: a swap kept, a swap undone, a generation.
pub(crate) const COSTED: [u64; 3] = [
    kind_of(&Event::Swap {
        cells: [0, 0],
        cost: 0,
        accepted: true,
    }) as u64,
    kind_of(&Event::Swap {
        cells: [0, 0],
        cost: 0,
        accepted: false,
    }) as u64,
    kind_of(&Event::Generation {
        cost: 0,
        restart: false,
    }) as u64,
];

/// Reads an LEB128 varint of `bytes` at `*at`, moving `*at` past it.
fn read_varint(bytes: &[u8], at: &mut usize) -> u64 {
    let (mut value, mut shift) = (0, 0);
    while let Some(&b) = bytes.get(*at) {
        *at += 1;
        value |= u64::from(b & 0x7f) << shift;
        if b < 0x80 {
            break;
        }
        shift += 7;
    }
    value
}

/// Calls `each` with the byte range of every event's text index in `bytes` (events as
/// [`event`] writes them), in order.
fn text_ranges(bytes: &[u8], mut each: impl FnMut(std::ops::Range<usize>)) {
    let mut at = 0;
    while at < bytes.len() {
        let head = read_varint(bytes, &mut at);
        let (kind, changes) = (head & 15, head >> 4);
        read_varint(bytes, &mut at);
        let start = at;
        read_varint(bytes, &mut at);
        each(start..at);
        if COSTED.contains(&kind) {
            read_varint(bytes, &mut at);
        }
        for _ in 0..changes {
            if read_varint(bytes, &mut at) & 1 == 1 {
                read_varint(bytes, &mut at);
            }
        }
    }
}

/// The text index of every event of `bytes`, in order.
pub(crate) fn ids(bytes: &[u8]) -> Vec<u32> {
    let mut out = Vec::new();
    text_ranges(bytes, |r| {
        out.push(read_varint(&bytes[r], &mut 0) as u32);
    });
    out
}

/// `bytes` with each event's text index `i` written as `new[i]` (see [`Table::compact`]).
pub(crate) fn renumber(bytes: &[u8], new: &[u32]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut copied = 0;
    text_ranges(bytes, |r| {
        out.extend_from_slice(&bytes[copied..r.start]);
        let old = read_varint(&bytes[r.clone()], &mut 0) as usize;
        varint(&mut out, u64::from(new[old]));
        copied = r.end;
    });
    out.extend_from_slice(&bytes[copied..]);
    out
}

/// The event with its depth set to 0: the key of its text.
fn without_depth(event: &Event) -> Event {
    let mut e = *event;
    match &mut e {
        Event::Choose { depth, .. }
        | Event::Try { depth, .. }
        | Event::Backtrack { depth, .. }
        | Event::Solution { depth }
        | Event::Contradiction { depth, .. }
        | Event::Assign { depth, .. }
        | Event::Eliminate { depth, .. }
        | Event::Cover { depth, .. }
        | Event::Uncover { depth, .. } => *depth = 0,
        Event::Swap { .. } | Event::Generation { .. } | Event::Node { .. } => {}
    }
    e
}

/// The words of an event, the cells it points at and the unit it concerns.
fn entry(event: &Event, size: Size) -> Entry {
    let text = words(event, size).to_string();
    let (a, b, unit) = match *event {
        Event::Choose { choice, .. } => match choice {
            Choice::FewestCandidates { cell, .. } => (i32::from(cell), -1, -1),
            Choice::FewestRows { column, .. } => column_focus(column, size),
        },
        Event::Try { cell, .. } | Event::Backtrack { cell, .. } => (i32::from(cell), -1, -1),
        Event::Assign { cell, rule, .. } | Event::Eliminate { cell, rule, .. } => {
            (i32::from(cell), -1, rule_unit(rule))
        }
        Event::Contradiction { reason, .. } => match reason {
            Contradiction::EmptyCell { cell } => (i32::from(cell), -1, -1),
            Contradiction::NoPlace { unit, .. } => (-1, -1, i32::from(unit)),
            Contradiction::EmptyColumn { column } => column_focus(column, size),
            Contradiction::NoMatching { unit } => (-1, -1, i32::from(unit)),
            Contradiction::NoTemplate { .. } => (-1, -1, -1),
        },
        Event::Cover { column, .. } | Event::Uncover { column, .. } => column_focus(column, size),
        Event::Swap { cells: [a, b], .. } => (i32::from(a), i32::from(b), -1),
        Event::Solution { .. } | Event::Generation { .. } | Event::Node { .. } => (-1, -1, -1),
    };
    let lines = match *event {
        Event::Assign { rule, .. } | Event::Eliminate { rule, .. } => fish_lines(rule, size),
        _ => Vec::new(),
    };
    Entry(text, a, b, unit, lines)
}

/// The base and cover lines of a fish, as units (rows, then columns); none for another
/// rule.
fn fish_lines(rule: Rule, size: Size) -> Vec<u16> {
    let Rule::Fish {
        rows, base, cover, ..
    } = rule
    else {
        return Vec::new();
    };
    let n = size.side() as u16;
    let (base_first, cover_first) = if rows { (0, n) } else { (n, 0) };
    let units = |first: u16, set: u32| {
        (0..n)
            .filter(move |&l| set >> l & 1 != 0)
            .map(move |l| first + l)
    };
    units(base_first, base)
        .chain(units(cover_first, cover))
        .collect()
}

/// The unit a rule concerns, if one.
fn rule_unit(rule: Rule) -> i32 {
    match rule {
        Rule::HiddenSingle { unit }
        | Rule::NakedSubset { unit, .. }
        | Rule::HiddenSubset { unit, .. }
        | Rule::HallInterval { unit }
        | Rule::Matching { unit } => i32::from(unit),
        Rule::Pointing { line, .. } => i32::from(line),
        Rule::Claiming { box_unit, .. } => i32::from(box_unit),
        _ => -1,
    }
}

/// A column's cell (a cell column) or unit.
fn column_focus(column: u16, size: Size) -> (i32, i32, i32) {
    match Column::of(size, usize::from(column)) {
        Some(Column::Cell { cell }) => (cell as i32, -1, -1),
        Some(c) => (-1, -1, c.unit(size).map_or(-1, |u| u as i32)),
        None => (-1, -1, -1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_take_seven_bits_a_byte() {
        let mut out = Vec::new();
        for v in [0, 127, 128, 300, u64::from(u32::MAX)] {
            varint(&mut out, v);
        }
        assert_eq!(
            out,
            [0, 127, 0x80, 1, 0xac, 2, 0xff, 0xff, 0xff, 0xff, 0x0f]
        );
    }

    #[test]
    fn an_event_is_its_kind_depth_text_and_changes() {
        let mut out = Vec::new();
        let e = Event::Eliminate {
            depth: 3,
            cell: 22,
            digit: 7,
            rule: Rule::NakedSingle,
        };
        event(
            &mut out,
            &e,
            5,
            &[(22, 1 << 6), (4, 0b11 | GUESS), (9, GUESS)],
        );
        // Kind 5 with 3 changes, depth 3, text 5; bit 6 of cell 22; digits 0b11 and the
        // mark of cell 4; the mark (bit 31) of cell 9.
        let mut want = vec![5 | 3 << 4, 3, 5];
        for v in [
            22 << 6 | 6 << 1,
            4 << 1 | 1,
            0b11 << 1 | 1,
            9 << 6 | 31 << 1,
        ] {
            varint(&mut want, v);
        }
        assert_eq!(out, want);
    }

    /// Texts released by every event that used them are left out by `compact`, and the
    /// events are renumbered to the texts kept, their other bytes as they were (a swap's
    /// cost and the changes included).
    #[test]
    fn texts_no_kept_event_uses_are_left_out_and_the_events_renumbered() {
        let nine = Size::NINE;
        let swap = |cost| Event::Swap {
            cells: [0, 1],
            cost,
            accepted: true,
        };
        let try_at = |cell| Event::Try {
            depth: 1,
            cell,
            digit: 3,
        };
        let mut table = Table::default();
        let mut first = Vec::new();
        for e in [swap(7), try_at(4)] {
            let id = table.id(&e, nine);
            event(&mut first, &e, id, &[(4, 0b101)]);
        }
        let mut second = Vec::new();
        for e in [try_at(5), swap(200), try_at(4)] {
            let id = table.id(&e, nine);
            event(&mut second, &e, id, &[(5, 1 << 2)]);
        }
        assert_eq!(ids(&first), [0, 1]);
        assert_eq!(ids(&second), [2, 3, 1]);
        let all = table.json_bytes;
        // The first stretch goes: the text of swap(7) no longer counts; try_at(4) is
        // still used by the second.
        for id in ids(&first) {
            table.release(id);
        }
        assert!(table.json_bytes < all);
        let new = table.compact();
        assert_eq!(new, [u32::MAX, 0, 1, 2]);
        assert_eq!(table.entries.len(), 3);
        assert_eq!(table.entries[0].0, "try r1c5 = 3");
        let json: usize = table
            .entries
            .iter()
            .map(|e| serde_json::to_string(e).unwrap().len() + 1)
            .sum();
        assert_eq!(table.json_bytes, json);
        let renumbered = renumber(&second, &new);
        assert_eq!(ids(&renumbered), [1, 2, 0]);
        let mut want = Vec::new();
        for (e, id) in [(try_at(5), 1), (swap(200), 2), (try_at(4), 0)] {
            event(&mut want, &e, id, &[(5, 1 << 2)]);
        }
        assert_eq!(renumbered, want);
    }

    #[test]
    fn the_table_holds_each_text_once_whatever_the_depth() {
        let mut table = Table::default();
        let nine = Size::NINE;
        let a = table.id(
            &Event::Try {
                depth: 1,
                cell: 22,
                digit: 7,
            },
            nine,
        );
        let b = table.id(
            &Event::Try {
                depth: 5,
                cell: 22,
                digit: 7,
            },
            nine,
        );
        let c = table.id(
            &Event::Cover {
                depth: 0,
                column: 81 + 24,
            },
            nine,
        );
        assert_eq!((a, b, c), (0, 0, 1));
        assert_eq!(
            table.entries[0],
            Entry("try r3c5 = 7".into(), 22, -1, -1, vec![])
        );
        assert_eq!(
            table.entries[1],
            Entry("cover column \"row 3 has 7\"".into(), -1, -1, 2, vec![])
        );
        let json: usize = table
            .entries
            .iter()
            .map(|e| serde_json::to_string(e).unwrap().len() + 1)
            .sum();
        assert_eq!(table.json_bytes, json);
    }
}
