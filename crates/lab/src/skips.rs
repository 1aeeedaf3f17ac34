//! The puzzles a solver skips as it does not solve their size, in the words a run and a
//! merge share: the note a run's summary and sidecar keep of them (`Skipped: bands does
//! not solve 4x4 puzzles (5 of them, no rows).`), read back by `merge` to add up the
//! shards', and what a run or a merge that wrote no row at all says of it ([`no_row`]).

use std::collections::BTreeMap;
use std::sync::Arc;

use sudoku_core::Size;

/// The puzzles a solver skipped, of one size: the solver, the size, how many.
pub type Skip = (Arc<str>, Size, u64);

/// The note of a run's summary (and sidecar, `notes`) on the puzzles `solver` skipped.
pub fn note(solver: &str, size: Size, n: u64) -> String {
    format!("Skipped: {solver} does not solve {size} puzzles ({n} of them, no rows).")
}

/// The skip a [`note`] tells; `None` for any other note.
pub fn read_note(note: &str) -> Option<Skip> {
    let rest = note.strip_prefix("Skipped: ")?;
    let (solver, rest) = rest.split_once(" does not solve ")?;
    let (size, rest) = rest.split_once(" puzzles (")?;
    let n = rest.strip_suffix(" of them, no rows).")?;
    Some((Arc::from(solver), size.parse().ok()?, n.parse().ok()?))
}

/// The notes of several runs (the shards of one) as one run's: the skips added up per
/// solver and size, in the order a run gives them, after the other notes, each once.
pub fn merged_notes<'a>(notes: impl IntoIterator<Item = &'a String>) -> (Vec<String>, Vec<Skip>) {
    let mut others: Vec<String> = Vec::new();
    let mut skips: BTreeMap<(Arc<str>, Size), u64> = BTreeMap::new();
    for text in notes {
        match read_note(text) {
            Some((solver, size, n)) => *skips.entry((solver, size)).or_default() += n,
            None if !others.contains(text) => others.push(text.clone()),
            None => {}
        }
    }
    let skips: Vec<Skip> = skips.into_iter().map(|((s, z), n)| (s, z, n)).collect();
    others.extend(skips.iter().map(|(s, z, n)| note(s, *z, *n)));
    (others, skips)
}

/// What a run that read puzzles and wrote no row says of it: `no row: every puzzle read
/// was skipped, as no solver of the run solves its size: bands does not solve 16x16
/// puzzles (5 of them; it takes 9x9)`.
pub fn no_row(skipped: &[Skip]) -> String {
    let each: Vec<String> = skipped
        .iter()
        .map(|(solver, size, n)| {
            let takes = sudoku_catalogue::find(solver).map_or(String::new(), |s| {
                let sizes: Vec<String> = s.sizes().iter().map(Size::to_string).collect();
                format!("; it takes {}", sizes.join(", "))
            });
            format!("{solver} does not solve {size} puzzles ({n} of them{takes})")
        })
        .collect();
    let why = "no row: every puzzle read was skipped, as no solver of the run solves its size";
    if each.is_empty() {
        why.to_string()
    } else {
        format!("{why}: {}", each.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_reads_back_and_the_shards_notes_add_up() {
        let nine: Size = "9x9".parse().unwrap();
        let four: Size = "4x4".parse().unwrap();
        let text = note("bands", four, 3);
        assert_eq!(
            text,
            "Skipped: bands does not solve 4x4 puzzles (3 of them, no rows)."
        );
        assert_eq!(read_note(&text), Some((Arc::from("bands"), four, 3)));
        assert_eq!(read_note("Malformed lines skipped: 2."), None);
        let shards = [
            note("bands", four, 1),
            "another note".to_string(),
            note("bands", four, 2),
            note("anneal", nine, 4),
            "another note".to_string(),
        ];
        let (notes, skips) = merged_notes(&shards);
        assert_eq!(
            notes,
            [
                "another note".to_string(),
                note("anneal", nine, 4),
                note("bands", four, 3)
            ]
        );
        assert_eq!(
            no_row(&skips[1..]),
            "no row: every puzzle read was skipped, as no solver of the run solves its size: \
bands does not solve 4x4 puzzles (3 of them; it takes 9x9)"
        );
    }
}
