//! The puzzles a solver skips as it does not solve their size (the sidecar's
//! `[[skipped]]`): added up over shards, and told by a run that wrote no row.

use std::collections::BTreeMap;

use sudoku_core::Size;
use sudoku_reports::sidecar::Skipped;

/// The skips of the shards of one run, added up per solver and size.
pub fn merged<'a>(skips: impl IntoIterator<Item = &'a Skipped>) -> Vec<Skipped> {
    let mut sum: BTreeMap<(&str, &str), u64> = BTreeMap::new();
    for s in skips {
        *sum.entry((&s.solver, &s.size)).or_default() += s.puzzles;
    }
    (sum.into_iter())
        .map(|((solver, size), puzzles)| Skipped {
            solver: solver.into(),
            size: size.into(),
            puzzles,
        })
        .collect()
}

/// What a run that read puzzles and wrote no row says of them.
pub fn no_row(skipped: &[Skipped]) -> String {
    let why = "no row: every puzzle read was skipped, as no solver of the run solves its size";
    let each: Vec<String> = (skipped.iter())
        .map(|s| {
            let takes = sudoku_catalogue::find(&s.solver).map_or(String::new(), |s| {
                let sizes: Vec<String> = s.sizes().iter().map(Size::to_string).collect();
                format!("; it takes {}", sizes.join(", "))
            });
            let (solver, size, n) = (&s.solver, &s.size, s.puzzles);
            format!("{solver} does not solve {size} puzzles ({n} of them{takes})")
        })
        .collect();
    match each.is_empty() {
        true => why.to_string(),
        false => format!("{why}: {}", each.join("; ")),
    }
}
