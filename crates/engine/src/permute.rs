//! Random isomorphs of a puzzle (`--permute SEED`), as tdoku's benchmark solves them: the
//! symmetries are the book's "tdoku's method". An isomorph is a function of the seed, the
//! corpus's file name and the puzzle's index only, so every solver, run, thread count and
//! shard gets the same one.

use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use sudoku_core::{Grid, Puzzle, Size};

use crate::select::corpus_key;

/// One symmetry of the grids of a size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Isomorph {
    size: Size,
    /// `from[cell]`: the original cell the isomorph's `cell` takes its value from.
    from: Vec<usize>,
    /// `digit[d]`: what digit `d` becomes (`digit[0] == 0`: empty stays empty).
    digit: Vec<u8>,
}

impl Isomorph {
    /// The isomorph of puzzle `index` of `corpus` under `seed`: ChaCha8 keyed by the seed
    /// and the corpus's file name, on stream `index`.
    pub fn of(seed: u64, corpus: &str, index: u64, size: Size) -> Isomorph {
        let rng = &mut ChaCha8Rng::seed_from_u64(seed ^ corpus_key(corpus));
        rng.set_stream(index);
        let (b, n) = (size.box_size(), size.side());
        let mut digit: Vec<u8> = (0..=n as u8).collect();
        digit[1..].shuffle(rng);
        let rows = lines(b, rng);
        let cols = lines(b, rng);
        let transpose = rng.next_u64() & 1 == 1;
        let from = (0..n * n)
            .map(|cell| {
                let (r, c) = (cell / n, cell % n);
                let (r, c) = if transpose { (c, r) } else { (r, c) };
                rows[r] * n + cols[c]
            })
            .collect();
        Isomorph { size, from, digit }
    }

    /// The image of `grid` (of this isomorph's size).
    pub fn apply(&self, grid: &Grid) -> Grid {
        let cells = grid.cells();
        let values: Vec<u8> = self
            .from
            .iter()
            .map(|&from| self.digit[usize::from(cells[from])])
            .collect();
        Grid::from_values(self.size, &values)
    }
}

/// A random order of the `b * b` lines (rows or columns): the bands (stacks) shuffled, and
/// the lines within each; `order[i]` is the original line that line `i` shows.
fn lines(b: usize, rng: &mut impl Rng) -> Vec<usize> {
    let mut bands: Vec<usize> = (0..b).collect();
    bands.shuffle(rng);
    let mut order = Vec::with_capacity(b * b);
    for band in bands {
        let mut within: Vec<usize> = (0..b).collect();
        within.shuffle(rng);
        order.extend(within.into_iter().map(|line| band * b + line));
    }
    order
}

/// `puzzle` as the isomorph `--permute seed` solves: its grid and known solution mapped,
/// its line, index and label kept.
pub fn permuted(puzzle: &Puzzle, corpus: &str, seed: u64) -> Puzzle {
    let iso = Isomorph::of(seed, corpus, puzzle.index, puzzle.grid.size());
    Puzzle {
        grid: iso.apply(&puzzle.grid),
        solution: puzzle.solution.as_ref().map(|s| Box::new(iso.apply(s))),
        ..puzzle.clone()
    }
}

#[cfg(test)]
mod tests {
    use sudoku_core::{Limits, Solver};

    use super::*;

    const TOP1: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn the_seed_corpus_name_and_index_alone_choose_the_isomorph() {
        let of = |seed, corpus, index| Isomorph::of(seed, corpus, index, Size::NINE);
        assert_eq!(of(1, "a/x.txt", 3), of(1, "/elsewhere/x.txt", 3));
        assert_ne!(of(1, "a/x.txt", 3), of(1, "a/x.txt", 4));
        assert_ne!(of(1, "a/x.txt", 3), of(2, "a/x.txt", 3));
        assert_ne!(of(1, "a/x.txt", 3), of(1, "a/y.txt", 3));
        // Pinned: a change here changes every permuted run.
        let puzzle: Grid = TOP1.parse().unwrap();
        assert_eq!(
            of(1, "top95.txt", 0).apply(&puzzle).to_line(),
            ".......9....7.6..35..............3.28.......719..5......2..........1..8...6..3..."
        );
    }

    #[test]
    fn every_size_has_isomorphs_that_keep_solutions() {
        let dlx = sudoku_catalogue::find("dlx").unwrap().solver();
        for puzzle in sudoku_testkit::contract::one_puzzle_of_every_size() {
            let size = puzzle.size();
            let solved = dlx.solve(&puzzle, &Limits::FIRST).solution.unwrap();
            let iso = Isomorph::of(3, "c.txt", 1, size);
            let image = iso.apply(&puzzle);
            assert!(iso.apply(&solved).is_solution_of(&image), "{size}");
            assert_ne!(image, puzzle, "{size}");
        }
    }
}
