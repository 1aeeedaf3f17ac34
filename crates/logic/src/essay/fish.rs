//! X-wing and swordfish: when a digit's places in `k` rows all lie in the same `k`
//! columns, those columns' `k` places in these rows will hold it, so the rest of those
//! columns cannot (and the same with rows and columns swapped).

use sudoku_core::{Contradiction, DigitSet, Observer, Rule, Technique};

use super::{combinations, of_count, Marks, Scribe};

const FISH: [Technique; 3] = [Technique::XWing, Technique::Swordfish, Technique::Swordfish];

/// Every digit in turn, rows as base lines first, then columns: the first fish of `k`
/// base lines that eliminates something.
pub(super) fn fish<O: Observer + ?Sized>(
    marks: &mut Marks,
    scribe: &mut Scribe<'_, O>,
    k: usize,
) -> Result<bool, Contradiction> {
    for digit in marks.digits() {
        if fish_on(marks, scribe, digit, k, true)? || fish_on(marks, scribe, digit, k, false)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// For `digit`, with rows (else columns) as base lines: of the lines where it has two to
/// `k` places (in order), the first `k` whose places lie in `k` cover lines between them,
/// where a cell outside the base lines holds it: the cover lines lose it there.
fn fish_on<O: Observer + ?Sized>(
    marks: &mut Marks,
    scribe: &mut Scribe<'_, O>,
    digit: u8,
    k: usize,
    rows: bool,
) -> Result<bool, Contradiction> {
    let geometry = marks.geometry;
    let n = marks.side();
    // Base lines are units 0..N (rows) or N..2N (columns); a cell's position along a
    // base line is its column (or row), the index of its cover line.
    let (base_first, cover_first) = if rows { (0, n) } else { (n, 0) };
    let cross = |c: usize| {
        if rows {
            geometry.col_of(c)
        } else {
            geometry.row_of(c)
        }
    };
    let along = |c: usize| {
        if rows {
            geometry.row_of(c)
        } else {
            geometry.col_of(c)
        }
    };
    let lines: Vec<usize> = (0..n)
        .filter(|&l| (2..=k).contains(&marks.places(base_first + l, digit).len()))
        .collect();
    for pick in combinations(lines.len(), k) {
        let base: Vec<usize> = pick.iter().map(|&i| lines[i]).collect();
        let mut cover: Vec<usize> = base
            .iter()
            .flat_map(|&l| marks.places(base_first + l, digit))
            .map(cross)
            .collect();
        cover.sort_unstable();
        cover.dedup();
        let elsewhere = cover.iter().any(|&l| {
            let places = marks.places(cover_first + l, digit);
            places.iter().any(|&c| !base.contains(&along(c)))
        });
        if cover.len() != k || !elsewhere {
            continue;
        }
        scribe.used.add(of_count(k, FISH));
        let lines = |lines: &[usize]| lines.iter().fold(0u32, |set, &l| set | 1 << l);
        let rule = Rule::Fish {
            count: k as u8,
            rows,
            base: lines(&base),
            cover: lines(&cover),
        };
        for &l in &cover {
            let cells = marks.cells(cover_first + l);
            let keep = |c: usize| base.contains(&along(c));
            scribe.erase_from(marks, &cells, DigitSet::single(digit), keep, rule)?;
        }
        scribe.draw_naked_singles(marks)?;
        return Ok(true);
    }
    Ok(false)
}
