//! Each technique on a textbook position finds exactly what it should: the same events
//! from the essay version and the fast path, equal to the eliminations a puzzle book
//! would write down.

use sudoku_core::units::CELLS;
use sudoku_core::{Contradiction, DigitSet, Event, Rule, Size, Technique};

use crate::{essay, fast};

/// Cell `r`, `c` (1-based, as `r1c1`).
fn rc(r: usize, c: usize) -> usize {
    (r - 1) * 9 + c - 1
}

/// Every digit in every cell but those listed, which hold the digits given.
fn position(cells: &[(usize, &str)]) -> [u16; CELLS] {
    let mut cand = [0x1FF; CELLS];
    for &(cell, digits) in cells {
        cand[cell] = digits.bytes().fold(0, |m, b| m | 1 << (b - b'1'));
    }
    cand
}

/// Applies the first instance of `technique` to `cand` in both versions: they must
/// agree; their result and events.
fn first(technique: Technique, cand: [u16; CELLS]) -> (Result<bool, Contradiction>, Vec<Event>) {
    let mut fast_events = Vec::new();
    let mut board = fast::Board::from_candidates(cand, true);
    let mut watch = |e: Event| fast_events.push(e);
    let mut ctx = fast::Ctx::new(&mut watch);
    let fast_result = fast::apply_first(&mut board, &mut ctx, technique);

    let mut essay_events = Vec::new();
    let marks = cand
        .iter()
        .map(|&m| DigitSet::from_bits(u32::from(m)))
        .collect();
    let mut marks = essay::Marks::from_candidates(Size::NINE, marks);
    let mut watch = |e: Event| essay_events.push(e);
    let mut scribe = essay::Scribe::new(&mut watch);
    let essay_result = essay::apply_first(&mut marks, &mut scribe, technique);

    assert_eq!(fast_result, essay_result, "{technique}");
    assert_eq!(fast_events, essay_events, "{technique}");
    (fast_result, fast_events)
}

/// `digits` eliminated from each of `cells` in turn, by `rule`.
fn eliminated(cells: impl IntoIterator<Item = usize>, digits: &[u8], rule: Rule) -> Vec<Event> {
    cells
        .into_iter()
        .flat_map(|cell| {
            digits.iter().map(move |&digit| Event::Eliminate {
                depth: 0,
                cell: cell as u16,
                digit,
                rule,
            })
        })
        .collect()
}

#[test]
fn a_hidden_single_goes_in_and_its_peers_lose_it() {
    // Row 1 has no other place for 5 than r1c5.
    let others: Vec<(usize, &str)> = (1..=9)
        .filter(|&c| c != 5)
        .map(|c| (rc(1, c), "12346789"))
        .collect();
    let (result, events) = first(Technique::HiddenSingle, position(&others));
    assert_eq!(result, Ok(true));
    let cell = rc(1, 5);
    let mut want = vec![Event::Assign {
        depth: 0,
        cell: cell as u16,
        digit: 5,
        rule: Rule::HiddenSingle { unit: 0 },
    }];
    want.extend(eliminated(
        [cell],
        &[1, 2, 3, 4, 6, 7, 8, 9],
        Rule::Assigned,
    ));
    // Its peers still holding 5, in reading order: the rest of box 2, then column 5.
    let peers = [rc(2, 4), rc(2, 5), rc(2, 6), rc(3, 4), rc(3, 5), rc(3, 6)];
    let column = (4..=9).map(|r| rc(r, 5));
    want.extend(eliminated(
        peers.into_iter().chain(column),
        &[5],
        Rule::NakedSingle,
    ));
    assert_eq!(events, want);
}

#[test]
fn a_digit_with_no_place_in_a_unit_is_a_contradiction() {
    let row: Vec<(usize, &str)> = (1..=9).map(|c| (rc(1, c), "12345678")).collect();
    let reason = Contradiction::NoPlace { unit: 0, digit: 9 };
    let (result, events) = first(Technique::HiddenSingle, position(&row));
    assert_eq!(result, Err(reason));
    assert_eq!(events, [Event::Contradiction { depth: 0, reason }]);
}

#[test]
fn pointing_takes_the_digit_from_the_rest_of_the_line() {
    // In box 1, 3 can only go in row 1: the rest of row 1 loses it.
    let no_three: Vec<(usize, &str)> = [2, 3]
        .iter()
        .flat_map(|&r| (1..=3).map(move |c| (rc(r, c), "12456789")))
        .collect();
    let (result, events) = first(Technique::LockedCandidates, position(&no_three));
    assert_eq!(result, Ok(true));
    let rule = Rule::Pointing {
        box_unit: 18,
        line: 0,
    };
    assert_eq!(events, eliminated((4..=9).map(|c| rc(1, c)), &[3], rule));
}

#[test]
fn claiming_takes_the_digit_from_the_rest_of_the_box() {
    // In row 1, 7 can only go in box 1: the rest of box 1 loses it.
    let no_seven: Vec<(usize, &str)> = (4..=9).map(|c| (rc(1, c), "12345689")).collect();
    let (result, events) = first(Technique::LockedCandidates, position(&no_seven));
    assert_eq!(result, Ok(true));
    let rule = Rule::Claiming {
        line: 0,
        box_unit: 18,
    };
    let rest = [rc(2, 1), rc(2, 2), rc(2, 3), rc(3, 1), rc(3, 2), rc(3, 3)];
    assert_eq!(events, eliminated(rest, &[7], rule));
}

/// A naked subset in row 1 (cells `subset` as listed): the rest of the row loses its
/// digits.
fn naked(technique: Technique, subset: &[&str], digits: &[u8]) {
    let cells: Vec<(usize, &str)> = subset
        .iter()
        .enumerate()
        .map(|(i, &d)| (rc(1, i + 1), d))
        .collect();
    let (result, events) = first(technique, position(&cells));
    assert_eq!(result, Ok(true), "{technique}");
    let k = subset.len();
    let rule = Rule::NakedSubset {
        unit: 0,
        count: k as u8,
    };
    assert_eq!(
        events,
        eliminated((k + 1..=9).map(|c| rc(1, c)), digits, rule),
        "{technique}"
    );
}

#[test]
fn naked_pairs_triples_and_quads_take_their_digits_from_the_rest_of_the_unit() {
    naked(Technique::NakedPair, &["12", "12"], &[1, 2]);
    naked(Technique::NakedTriple, &["12", "23", "13"], &[1, 2, 3]);
    naked(
        Technique::NakedQuad,
        &["12", "23", "34", "14"],
        &[1, 2, 3, 4],
    );
}

/// A hidden subset in row 1: cells 1.. hold `subset` (the subset's digits and others),
/// the rest of the row holds `rest`; each subset cell loses the digits `lost` lists.
fn hidden(technique: Technique, subset: &[&str], rest: &str, lost: &[&[u8]]) {
    let mut cells: Vec<(usize, &str)> = subset
        .iter()
        .enumerate()
        .map(|(i, &d)| (rc(1, i + 1), d))
        .collect();
    cells.extend((subset.len() + 1..=9).map(|c| (rc(1, c), rest)));
    let (result, events) = first(technique, position(&cells));
    assert_eq!(result, Ok(true), "{technique}");
    let rule = Rule::HiddenSubset {
        unit: 0,
        count: subset.len() as u8,
    };
    let want: Vec<Event> = lost
        .iter()
        .enumerate()
        .flat_map(|(i, digits)| eliminated([rc(1, i + 1)], digits, rule))
        .collect();
    assert_eq!(events, want, "{technique}");
}

#[test]
fn hidden_pairs_triples_and_quads_keep_only_their_digits() {
    hidden(
        Technique::HiddenPair,
        &["1256", "127"],
        "3456789",
        &[&[5, 6], &[7]],
    );
    hidden(
        Technique::HiddenTriple,
        &["12389", "2378", "1367"],
        "456789",
        &[&[8, 9], &[7, 8], &[6, 7]],
    );
    hidden(
        Technique::HiddenQuad,
        &["1259", "2368", "3457", "1467"],
        "56789",
        &[&[5, 9], &[6, 8], &[5, 7], &[6, 7]],
    );
}

#[test]
fn an_x_wing_takes_its_digit_from_the_rest_of_its_columns() {
    // 4 can only go in columns 3 and 8 of rows 2 and 6.
    let rows: Vec<(usize, &str)> = [2, 6]
        .iter()
        .flat_map(|&r| {
            (1..=9)
                .filter(|&c| c != 3 && c != 8)
                .map(move |c| (rc(r, c), "12356789"))
        })
        .collect();
    let (result, events) = first(Technique::XWing, position(&rows));
    assert_eq!(result, Ok(true));
    // Base rows 2 and 6, cover columns 3 and 8 (bits 1 and 5, 2 and 7).
    let rule = Rule::Fish {
        count: 2,
        rows: true,
        base: 1 << 1 | 1 << 5,
        cover: 1 << 2 | 1 << 7,
    };
    let others = || (1..=9).filter(|&r| r != 2 && r != 6);
    let cover = others().map(|r| rc(r, 3)).chain(others().map(|r| rc(r, 8)));
    assert_eq!(events, eliminated(cover, &[4], rule));
}

#[test]
fn a_swordfish_takes_its_digit_from_the_rest_of_its_columns() {
    // 6 can only go in columns {2, 5}, {5, 8} and {2, 8} of rows 1, 4 and 7.
    let base = [(1, [2, 5]), (4, [5, 8]), (7, [2, 8])];
    let rows: Vec<(usize, &str)> = base
        .iter()
        .flat_map(|&(r, cols)| {
            (1..=9)
                .filter(move |c| !cols.contains(c))
                .map(move |c| (rc(r, c), "12345789"))
        })
        .collect();
    assert_eq!(
        first(Technique::XWing, position(&rows)),
        (Ok(false), vec![])
    );
    let (result, events) = first(Technique::Swordfish, position(&rows));
    assert_eq!(result, Ok(true));
    let rule = Rule::Fish {
        count: 3,
        rows: true,
        base: 1 | 1 << 3 | 1 << 6,
        cover: 1 << 1 | 1 << 4 | 1 << 7,
    };
    let others = || (1..=9).filter(|&r| r % 3 != 1);
    let cover = [2, 5, 8]
        .into_iter()
        .flat_map(|c| others().map(move |r| rc(r, c)));
    assert_eq!(events, eliminated(cover, &[6], rule));
}

#[test]
fn a_fish_on_columns_is_found_when_rows_have_none() {
    // 8 can only go in rows 3 and 9 of columns 4 and 5 (transposed X-wing).
    let cols: Vec<(usize, &str)> = [4, 5]
        .iter()
        .flat_map(|&c| {
            (1..=9)
                .filter(|&r| r != 3 && r != 9)
                .map(move |r| (rc(r, c), "12345679"))
        })
        .collect();
    let (result, events) = first(Technique::XWing, position(&cols));
    assert_eq!(result, Ok(true));
    let rule = Rule::Fish {
        count: 2,
        rows: false,
        base: 1 << 3 | 1 << 4,
        cover: 1 << 2 | 1 << 8,
    };
    let others = || (1..=9).filter(|&c| c != 4 && c != 5);
    let cover = others().map(|c| rc(3, c)).chain(others().map(|c| rc(9, c)));
    assert_eq!(events, eliminated(cover, &[8], rule));
}

#[test]
fn nothing_is_found_where_nothing_is() {
    for technique in &Technique::ALL[1..] {
        assert_eq!(
            first(*technique, position(&[])),
            (Ok(false), vec![]),
            "{technique}"
        );
    }
}
