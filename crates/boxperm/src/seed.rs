//! The random numbers of one solve: drawn from the seed and the puzzle only.

use rand::rngs::Xoshiro256PlusPlus;
use rand::SeedableRng;
use sudoku_core::Grid;

/// The generator of the search.
pub type Generator = Xoshiro256PlusPlus;

/// The generator of one solve of `puzzle` under `seed`: xoshiro256++ seeded (through
/// SplitMix64, rand's `seed_from_u64`) with the FNV-1a hash of the seed's eight bytes
/// (little-endian), the puzzle's side and its cells.
///
/// Nothing else goes in (no clock, no thread, no order of the puzzles in a run), so a
/// solve gives the same moves on any machine, alone or among others on any number of
/// threads; different puzzles get unrelated streams. xoshiro256++ is one of rand's
/// named generators, whose output rand keeps the same on every platform; FNV-1a is
/// written here because `std`'s `Hasher`s may change between Rust releases.
pub fn generator(seed: u64, puzzle: &Grid) -> Generator {
    let side = puzzle.size().side() as u8;
    let bytes = seed.to_le_bytes().into_iter().chain([side]);
    let hash = fnv1a_bytes(bytes.chain(puzzle.cells().iter().copied()));
    Xoshiro256PlusPlus::seed_from_u64(hash)
}

/// FNV-1a, 64 bits, over `bytes`.
fn fnv1a_bytes(bytes: impl IntoIterator<Item = u8>) -> u64 {
    const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    bytes.into_iter().fold(OFFSET_BASIS, |h, byte| {
        (h ^ u64::from(byte)).wrapping_mul(PRIME)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngExt;

    #[test]
    fn fnv1a_gives_the_published_test_vectors() {
        assert_eq!(fnv1a_bytes([]), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a_bytes(*b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a_bytes(*b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn the_stream_depends_on_the_seed_and_the_puzzle_only() {
        let a: Grid = ".".repeat(81).parse().unwrap();
        let b = a.with(0, 1);
        let first = |seed, g: &Grid| generator(seed, g).random::<u64>();
        assert_eq!(first(1, &a), first(1, &a));
        assert_ne!(first(1, &a), first(2, &a));
        assert_ne!(first(1, &a), first(1, &b));
        // Pinned: a change of generator or of hash shows here first.
        assert_eq!(first(2007, &a), 5_433_614_360_970_252_933);
    }
}
