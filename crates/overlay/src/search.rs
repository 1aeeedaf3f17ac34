//! The fast path: the essay's rounds and tree, with templates as 81-bit masks and a
//! remembered witness for each template against each other digit.
//!
//! The tree is exactly the essay's ([`essay`](crate::essay)), node for node and round
//! for round; only the bookkeeping is cheap. See the [crate documentation](crate) for how
//! each rule maps to this module. The search is written once, generic over the
//! [`Observer`]: every event is built under `if observer.active()` (or with the
//! [`Told`] that exists only then), so the plain solve compiles to the search without
//! any event.

use sudoku_core::event::{Contradiction, Event, Observer};
use sudoku_core::units::{BOX_OF, CELLS, SIDE};
use sudoku_core::{Grid, Limits, Outcome, Size, Tally};

use crate::templates;
use crate::told::Told;

/// Every digit, as a mask of digits (bit `d - 1` for digit `d`).
const ALL_DIGITS: u16 = 0x1FF;

/// The search of `puzzle` under `limits`, telling `observer` every step: the outcome of
/// [`Overlay`](crate::Overlay).
pub(crate) fn solve<O: Observer + ?Sized>(
    puzzle: &Grid,
    limits: &Limits,
    observer: &mut O,
) -> Outcome {
    assert_eq!(puzzle.size(), Size::NINE, "the overlay is 9x9 only");
    if puzzle.givens_clash() {
        // Two givens clash: no solution, decided at the root (1 node).
        return Outcome::rejected_at_root();
    }
    let mut overlay = Overlay::new(puzzle, limits, observer);
    overlay.search(0, ALL_DIGITS);
    overlay.tally.outcome()
}

/// The templates of one digit that fit the givens, in the order of
/// [`templates::all`].
struct Templates {
    /// Each template's cells, bit `9r + c` for the cell of row `r`, column `c`.
    masks: Vec<u128>,
    /// Each template's cells, in reading order.
    cells: Vec<[u8; SIDE]>,
    /// For each cell, the templates that cover it: one bit per template, the cell's
    /// words from `cell · words`.
    covering: Vec<u64>,
    /// For each template and each other digit `e` (at `e - 1`), the index among `e`'s
    /// templates of one that did not overlap it when last looked for: a *witness* that
    /// `e` still has room beside it, checked first the next time.
    witness: Vec<[u16; SIDE]>,
    /// Where the digit's bits start in [`Overlay::live`], in words.
    offset: usize,
    /// The step between the words a search for a witness looks at: prime to the number
    /// of words, near its golden section, so that the words looked at first lie far
    /// apart in the list (neighbours in it share their first rows, and so overlap the
    /// same templates).
    stride: usize,
}

impl Templates {
    /// The templates of `digit` that fit the givens of `puzzle`: those whose cell in a
    /// row holding a given `digit` is that given, and whose other cells are empty and in
    /// no column or box holding one.
    fn fitting(puzzle: &Grid, digit: u8, offset: usize) -> Templates {
        let cells = puzzle.cells();
        let (mut columns, mut boxes) = (0u16, 0u16);
        let mut in_row = [None; SIDE];
        for (cell, _) in cells.iter().enumerate().filter(|(_, &d)| d == digit) {
            columns |= 1 << (cell % SIDE);
            boxes |= 1 << BOX_OF[cell];
            in_row[cell / SIDE] = Some(cell % SIDE);
        }
        let allowed: [u16; SIDE] = std::array::from_fn(|row| match in_row[row] {
            Some(column) => 1 << column,
            None => (0..SIDE)
                .filter(|&c| {
                    let cell = row * SIDE + c;
                    cells[cell] == 0 && columns & 1 << c == 0 && boxes & 1 << BOX_OF[cell] == 0
                })
                .fold(0, |mask, c| mask | 1 << c),
        });
        let (mut masks, mut cells) = (Vec::new(), Vec::new());
        templates::each(&allowed, |t, mask| {
            masks.push(mask);
            cells.push(std::array::from_fn(|row| (row * SIDE) as u8 + t[row]));
        });
        let words = masks.len().div_ceil(64);
        let mut covering = vec![0u64; CELLS * words];
        for (i, these) in cells.iter().enumerate() {
            for &c in these {
                covering[usize::from(c) * words + i / 64] |= 1 << (i % 64);
            }
        }
        let golden = words * 618 / 1000;
        let stride = (golden.max(1)..=words.max(1))
            .find(|&s| gcd(s, words) == 1)
            .unwrap_or(1);
        Templates {
            witness: vec![[0; SIDE]; masks.len()],
            masks,
            cells,
            covering,
            offset,
            stride,
        }
    }

    /// How many words of live bits the digit takes.
    fn words(&self) -> usize {
        self.masks.len().div_ceil(64)
    }
}

/// How the overlay ended.
enum Overlaid {
    /// No round removes anything more.
    Fixpoint,
    /// The digit has no template left.
    DeadEnd(u8),
}

/// The templates of every digit, which of them are left, and the search's bookkeeping.
struct Overlay<'o, O: ?Sized> {
    /// The puzzle.
    puzzle: Grid,
    /// The templates of each digit `d`, at `d - 1`.
    digits: Vec<Templates>,
    /// Which templates are left: one bit each, every digit's bits from its offset.
    live: Vec<u64>,
    /// How many templates each digit has left.
    count: [u32; SIDE],
    /// The templates a round removes, marked as it goes and taken out at its end (laid
    /// out as [`Overlay::live`]).
    doomed: Vec<u64>,
    /// The counters, the node budget and the solutions.
    tally: Tally,
    /// What the observer was told (when it watches).
    told: Option<Told>,
    /// Who watches.
    observer: &'o mut O,
}

impl<'o, O: Observer + ?Sized> Overlay<'o, O> {
    /// The templates of `puzzle`, every one that fits the givens left.
    fn new(puzzle: &Grid, limits: &Limits, observer: &'o mut O) -> Overlay<'o, O> {
        let mut digits = Vec::with_capacity(SIDE);
        let mut offset = 0;
        for digit in 1..=SIDE as u8 {
            let templates = Templates::fitting(puzzle, digit, offset);
            offset += templates.words();
            digits.push(templates);
        }
        let mut live = vec![0u64; offset];
        for t in &digits {
            let n = t.masks.len();
            let words = &mut live[t.offset..t.offset + t.words()];
            words.iter_mut().for_each(|w| *w = u64::MAX);
            if n % 64 != 0 {
                words[n / 64] = (1 << (n % 64)) - 1;
            }
        }
        Overlay {
            puzzle: *puzzle,
            count: std::array::from_fn(|d| digits[d].masks.len() as u32),
            digits,
            doomed: vec![0; live.len()],
            live,
            tally: Tally::new(limits),
            told: observer.active().then(|| Told::new(puzzle)),
            observer,
        }
    }

    /// The live bits of digit `d` (0-based).
    fn live_of(&self, d: usize) -> &[u64] {
        let t = &self.digits[d];
        &self.live[t.offset..t.offset + t.words()]
    }

    /// Whether template `i` of digit `d` is left.
    #[inline]
    fn is_live(&self, d: usize, i: usize) -> bool {
        let word = self.digits[d].offset + i / 64;
        self.live.get(word).is_some_and(|w| w >> (i % 64) & 1 != 0)
    }

    /// The cells every template left of digit `d` covers.
    fn agreed(&self, d: usize) -> u128 {
        let masks = &self.digits[d].masks;
        ones(self.live_of(d)).fold(!0, |all, i| all & masks[i])
    }

    /// The cells some template left of digit `d` covers.
    fn covered(&self, d: usize) -> u128 {
        let masks = &self.digits[d].masks;
        ones(self.live_of(d)).fold(0, |any, i| any | masks[i])
    }

    /// A template left of digit `e` that does not overlap the template of `cells`, if
    /// there is one: 64 templates at a time, those left less those covering one of the
    /// cells.
    fn disjoint(&self, e: usize, cells: &[u8; SIDE], from: usize) -> Option<usize> {
        let theirs = &self.digits[e];
        let words = theirs.words();
        let live = self.live_of(e);
        let order = (0..words).map(|k| (from + k * theirs.stride) % words);
        order.filter(|&w| live[w] != 0).find_map(|w| {
            let hit = cells.iter().fold(0, |hit, &c| {
                hit | theirs.covering[usize::from(c) * words + w]
            });
            let apart = live[w] & !hit;
            (apart != 0).then(|| w * 64 + apart.trailing_zeros() as usize)
        })
    }

    /// Whether every template left of digit `e` overlaps template `i` of digit `d`,
    /// whose cells are `t`; `agreed` holds the cells every template of `e` covers. A
    /// template of `e` found apart from `t` is remembered as its witness.
    fn blocked_by(&mut self, d: usize, i: usize, t: u128, e: usize, theirs: (u128, u32)) -> bool {
        let (agreed, count) = theirs;
        if t & agreed != 0 {
            return true;
        }
        if count == 1 {
            // The one template of `e` is what it agrees on, and `t` misses it.
            return false;
        }
        let w = usize::from(self.digits[d].witness[i][e]);
        if self.is_live(e, w) && self.digits[e].masks[w] & t == 0 {
            return false;
        }
        // The template before this one in the list begins as it does: its witness is
        // often this one's too.
        if let Some(before) = i.checked_sub(1) {
            let v = usize::from(self.digits[d].witness[before][e]);
            if self.is_live(e, v) && self.digits[e].masks[v] & t == 0 {
                self.digits[d].witness[i][e] = v as u16;
                return false;
            }
        }
        let cells = self.digits[d].cells[i];
        match self.disjoint(e, &cells, w / 64) {
            Some(w) => {
                self.digits[d].witness[i][e] = w as u16;
                false
            }
            None => true,
        }
    }

    /// One round of the overlay, against the digits of `changed` (those whose templates
    /// changed since every template was last found room beside them): marks each
    /// template that every template of one of them overlaps, then takes the marked out.
    /// Returns the digits that lost templates.
    fn overlay_round(&mut self, changed: u16) -> u16 {
        let agreed: [u128; SIDE] = std::array::from_fn(|e| match changed >> e & 1 {
            1 => self.agreed(e),
            _ => 0,
        });
        let count = self.count;
        let mut lost = 0u16;
        for d in 0..SIDE {
            let others = changed & !(1 << d);
            if others == 0 {
                continue;
            }
            let (offset, words) = (self.digits[d].offset, self.digits[d].words());
            for k in 0..words {
                // The live bits stay as they are until the round ends.
                let mut left = self.live[offset + k];
                while left != 0 {
                    let i = k * 64 + left.trailing_zeros() as usize;
                    left &= left - 1;
                    let t = self.digits[d].masks[i];
                    if ones16(others).any(|e| self.blocked_by(d, i, t, e, (agreed[e], count[e]))) {
                        self.doomed[offset + k] |= 1 << (i % 64);
                        self.count[d] -= 1;
                        lost |= 1 << d;
                    }
                }
            }
        }
        for (live, doomed) in self.live.iter_mut().zip(&mut self.doomed) {
            *live &= !*doomed;
            *doomed = 0;
        }
        lost
    }

    /// The overlay, starting with the digits of `changed`: rounds until none removes a
    /// template, or a digit has none left.
    fn overlay(&mut self, mut changed: u16) -> Overlaid {
        loop {
            if let Some(d) = self.count.iter().position(|&n| n == 0) {
                return Overlaid::DeadEnd(d as u8 + 1);
            }
            if changed == 0 {
                return Overlaid::Fixpoint;
            }
            changed = self.overlay_round(changed);
        }
    }

    /// Tells the observer the net effect of the overlay at a fixpoint.
    fn tell_fixpoint(&mut self, depth: u16) {
        let Some(mut told) = self.told.take() else {
            return;
        };
        let covered: [u128; SIDE] = std::array::from_fn(|d| self.covered(d));
        let agreed: [u128; SIDE] = std::array::from_fn(|d| self.agreed(d));
        let candidates = |cell: usize| {
            (0..SIDE)
                .filter(|&d| covered[d] >> cell & 1 != 0)
                .fold(0u16, |mask, d| mask | 1 << d)
        };
        let placed = |cell: usize| {
            (0..SIDE)
                .find(|&d| agreed[d] >> cell & 1 != 0)
                .map_or(0, |d| d as u8 + 1)
        };
        told.fixpoint(depth, candidates, placed, self.observer);
        self.told = Some(told);
    }

    /// The grid the templates left tile, one per digit.
    fn solution(&self) -> Grid {
        let mut grid = self.puzzle;
        for d in 0..SIDE {
            let t = self.covered(d);
            for cell in (0..CELLS).filter(|&c| t >> c & 1 != 0) {
                grid.set(cell, d as u8 + 1);
            }
        }
        grid
    }

    /// The search with `depth` tries standing, the templates of `changed` changed since
    /// the last fixpoint. Returns `true` when the search must stop: the solution limit
    /// is reached or the node budget is spent.
    fn search(&mut self, depth: u16, changed: u16) -> bool {
        if let Overlaid::DeadEnd(digit) = self.overlay(changed) {
            if self.observer.active() {
                self.observer.event(Event::Contradiction {
                    depth,
                    reason: Contradiction::NoTemplate { digit },
                });
            }
            return false;
        }
        self.tell_fixpoint(depth);
        let open = (0..SIDE).filter(|&d| self.count[d] > 1);
        let Some(d) = open.min_by_key(|&d| (self.count[d], d)) else {
            // One template per digit: they tile the grid.
            if self.observer.active() {
                self.observer.event(Event::Solution { depth });
            }
            let grid = self.solution();
            return self.tally.solution(|| grid);
        };
        let (live, count) = (self.live.clone(), self.count);
        let (offset, words) = (self.digits[d].offset, self.digits[d].words());
        let choices: Vec<usize> = ones(&live[offset..offset + words]).collect();
        for i in choices {
            if !self.tally.try_one() {
                return true;
            }
            // Keep template i alone.
            self.live[offset..offset + words].fill(0);
            self.live[offset + i / 64] = 1 << (i % 64);
            self.count[d] = 1;
            if let Some(told) = &mut self.told {
                let cells = ones128(self.digits[d].masks[i]);
                told.tried(depth + 1, d as u8 + 1, &cells, self.observer);
            }
            if self.search(depth + 1, 1 << d) {
                return true;
            }
            self.live.copy_from_slice(&live);
            self.count = count;
            self.tally.backtrack();
            if let Some(told) = &mut self.told {
                told.taken_back(depth + 1, self.observer);
            }
        }
        false
    }
}

/// The greatest common divisor of `a` and `b`.
fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The indices of the bits set in `words`, ascending.
fn ones(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words.iter().enumerate().flat_map(|(k, &w)| {
        let mut w = w;
        std::iter::from_fn(move || {
            (w != 0).then(|| {
                let i = w.trailing_zeros() as usize;
                w &= w - 1;
                k * 64 + i
            })
        })
    })
}

/// The digits (0-based) of a mask of digits, ascending.
fn ones16(mut mask: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let d = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            d
        })
    })
}

/// The cells of a template's mask, in reading order.
fn ones128(mask: u128) -> Vec<usize> {
    (0..CELLS).filter(|&c| mask >> c & 1 != 0).collect()
}
