//! Symmetries of the givens' pattern, and the orbits of cells they make.
//!
//! A symmetric puzzle is one whose pattern of givens (which cells hold a digit, not the
//! digits themselves) is invariant under a geometric map of the grid. The digger keeps
//! that invariant by removing whole *orbits*: the cells a cell is sent to by repeating the
//! map (a cell and its mirror image; the four corners of a 90° rotation).

use std::fmt;
use std::str::FromStr;

use sudoku_core::Size;
use thiserror::Error;

/// The symmetry of the pattern of givens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Symmetry {
    /// No symmetry: every cell is its own orbit, and the puzzle is minimal in the classic
    /// sense (no given can be removed without losing uniqueness).
    #[default]
    None,
    /// Invariant under a half turn: cell (r, c) goes with (N-1-r, N-1-c).
    Rotate180,
    /// Invariant under a quarter turn: (r, c) goes with (c, N-1-r), (N-1-r, N-1-c) and
    /// (N-1-c, r).
    Rotate90,
    /// Invariant under the left-right mirror: (r, c) goes with (r, N-1-c).
    Mirror,
    /// Invariant under the reflection in the main diagonal: (r, c) goes with (c, r).
    Diagonal,
}

impl Symmetry {
    /// Every symmetry, in the order of the docs.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// The name the command line and provenance headers use: `none`, `rotate180`,
    /// `rotate90`, `mirror`, `diagonal`.
    pub const fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Rotate90 => "rotate90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The image of `cell` under the map, in a grid of `size`.
    pub fn image(self, size: Size, cell: usize) -> usize {
        let n = size.side();
        let (r, c) = (cell / n, cell % n);
        let (r, c) = match self {
            Symmetry::None => (r, c),
            Symmetry::Rotate180 => (n - 1 - r, n - 1 - c),
            Symmetry::Rotate90 => (c, n - 1 - r),
            Symmetry::Mirror => (r, n - 1 - c),
            Symmetry::Diagonal => (c, r),
        };
        r * n + c
    }

    /// The orbits of the cells of a grid of `size`: each cell in exactly one, each orbit
    /// in increasing order, orbits ordered by their first cell.
    pub fn orbits(self, size: Size) -> Vec<Vec<u16>> {
        let mut seen = vec![false; size.cells()];
        let mut orbits = Vec::new();
        for start in 0..size.cells() {
            if seen[start] {
                continue;
            }
            let mut orbit = Vec::new();
            let mut cell = start;
            while !seen[cell] {
                seen[cell] = true;
                orbit.push(cell as u16);
                cell = self.image(size, cell);
            }
            orbit.sort_unstable();
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether the pattern of givens of `cells` (0 = empty) is invariant under the map.
    pub fn holds_for(self, size: Size, cells: &[u8]) -> bool {
        (0..size.cells()).all(|c| (cells[c] == 0) == (cells[self.image(size, c)] == 0))
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a symmetry.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown symmetry {0:?}: the symmetries are none, rotate180, rotate90, mirror, diagonal")]
pub struct SymmetryError(pub String);

/// Reads a name of [`Symmetry::name`] (case and `-`/`_` ignored; `180` and `90` too).
impl FromStr for Symmetry {
    type Err = SymmetryError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let key: String = s
            .trim()
            .to_ascii_lowercase()
            .chars()
            .filter(|c| *c != '-' && *c != '_')
            .collect();
        match key.as_str() {
            "180" => return Ok(Symmetry::Rotate180),
            "90" => return Ok(Symmetry::Rotate90),
            _ => {}
        }
        Symmetry::ALL
            .into_iter()
            .find(|sym| sym.name() == key)
            .ok_or_else(|| SymmetryError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_grid_with_the_sizes_of_the_map() {
        let sizes = |sym: Symmetry, size: Size| -> Vec<usize> {
            let mut counts = vec![0; 5];
            for o in sym.orbits(size) {
                counts[o.len()] += 1;
            }
            counts
        };
        // 9x9: the centre is fixed by the turns; the diagonal and the middle column are
        // fixed by their reflections.
        assert_eq!(sizes(Symmetry::None, Size::NINE), [0, 81, 0, 0, 0]);
        assert_eq!(sizes(Symmetry::Rotate180, Size::NINE), [0, 1, 40, 0, 0]);
        assert_eq!(sizes(Symmetry::Rotate90, Size::NINE), [0, 1, 0, 0, 20]);
        assert_eq!(sizes(Symmetry::Mirror, Size::NINE), [0, 9, 36, 0, 0]);
        assert_eq!(sizes(Symmetry::Diagonal, Size::NINE), [0, 9, 36, 0, 0]);
        // 4x4: no centre cell.
        assert_eq!(sizes(Symmetry::Rotate90, Size::FOUR), [0, 0, 0, 0, 4]);
        assert_eq!(sizes(Symmetry::Mirror, Size::FOUR), [0, 0, 8, 0, 0]);
        for size in Size::ALL {
            for sym in Symmetry::ALL {
                let mut all: Vec<u16> = sym.orbits(size).concat();
                all.sort_unstable();
                assert!(all.iter().enumerate().all(|(i, &c)| i == c as usize));
            }
        }
    }

    #[test]
    fn images_are_the_named_maps() {
        let n = Size::NINE;
        assert_eq!(Symmetry::Rotate180.image(n, 0), 80);
        assert_eq!(Symmetry::Rotate90.image(n, 1), 9 + 8);
        assert_eq!(Symmetry::Mirror.image(n, 9), 17);
        assert_eq!(Symmetry::Diagonal.image(n, 1), 9);
        assert_eq!(Symmetry::None.image(n, 42), 42);
    }

    #[test]
    fn names_read_back_and_unknown_names_are_errors() {
        for sym in Symmetry::ALL {
            assert_eq!(sym.name().parse(), Ok(sym));
        }
        assert_eq!("Rotate-180".parse(), Ok(Symmetry::Rotate180));
        assert_eq!("90".parse(), Ok(Symmetry::Rotate90));
        let err = "spiral".parse::<Symmetry>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown symmetry \"spiral\": the symmetries are none, rotate180, rotate90, mirror, diagonal"
        );
    }

    #[test]
    fn a_pattern_holds_a_symmetry_when_every_orbit_is_all_given_or_all_empty() {
        let mut cells = [0u8; 81];
        cells[0] = 1;
        assert!(!Symmetry::Rotate180.holds_for(Size::NINE, &cells));
        cells[80] = 5;
        assert!(Symmetry::Rotate180.holds_for(Size::NINE, &cells));
        assert!(!Symmetry::Rotate90.holds_for(Size::NINE, &cells));
        assert!(Symmetry::None.holds_for(Size::NINE, &cells));
    }
}
