//! The puzzles a solver skips as it does not solve their size: kept as typed entries of
//! the sidecar (`[[skipped]]`), added up over the shards by `merge`, and what a run or a
//! merge that wrote no row at all says of them ([`no_row`]).

use std::collections::BTreeMap;

use sudoku_core::Size;
use sudoku_reports::sidecar::Skipped;

/// The skips of several runs (the shards of one) as one run's: added up per solver and
/// size, in the order a run gives them.
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

/// What a run that read puzzles and wrote no row says of it: `no row: every puzzle read
/// was skipped, as no solver of the run solves its size: bands does not solve 16x16
/// puzzles (5 of them; it takes 9x9)`.
pub fn no_row(skipped: &[Skipped]) -> String {
    let why = "no row: every puzzle read was skipped, as no solver of the run solves its size";
    let each: Vec<String> = (skipped.iter())
        .map(
            |Skipped {
                 solver,
                 size,
                 puzzles,
             }| {
                let takes = sudoku_catalogue::find(solver).map_or(String::new(), |s| {
                    let sizes: Vec<String> = s.sizes().iter().map(Size::to_string).collect();
                    format!("; it takes {}", sizes.join(", "))
                });
                format!("{solver} does not solve {size} puzzles ({puzzles} of them{takes})")
            },
        )
        .collect();
    match each.is_empty() {
        true => why.to_string(),
        false => format!("{why}: {}", each.join("; ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skip(solver: &str, size: &str, puzzles: u64) -> Skipped {
        Skipped {
            solver: solver.into(),
            size: size.into(),
            puzzles,
        }
    }

    #[test]
    fn the_shards_skips_add_up() {
        let shards = [
            skip("bands", "4x4", 1),
            skip("bands", "4x4", 2),
            skip("anneal", "9x9", 4),
        ];
        let skips = merged(&shards);
        assert_eq!(skips, [skip("anneal", "9x9", 4), skip("bands", "4x4", 3)]);
        assert_eq!(
            skips[1].note(),
            "Skipped: bands does not solve 4x4 puzzles (3 of them, no rows)."
        );
        assert_eq!(
            no_row(&skips[1..]),
            "no row: every puzzle read was skipped, as no solver of the run solves its size: \
bands does not solve 4x4 puzzles (3 of them; it takes 9x9)"
        );
    }
}
