//! The bands strategy (docs to come).
#![deny(missing_docs)]

pub mod board;
pub mod choice;
pub mod lanes;
pub mod rules;
mod search;

use sudoku_core::{Grid, Limits, Observer, Outcome, Solver};

/// The bands strategy.
#[derive(Debug, Clone, Copy, Default)]
pub struct Bands;

impl Solver for Bands {
    fn name(&self) -> &'static str {
        "bands"
    }

    fn solve(&self, puzzle: &Grid, limits: &Limits) -> Outcome {
        dispatch(puzzle, limits, &mut ())
    }

    fn solve_observed(
        &self,
        puzzle: &Grid,
        limits: &Limits,
        observer: &mut dyn Observer,
    ) -> Outcome {
        dispatch(puzzle, limits, observer)
    }
}

/// The search compiled for the best instruction set this processor has.
#[inline(always)]
fn dispatch<O: Observer + ?Sized>(puzzle: &Grid, limits: &Limits, observer: &mut O) -> Outcome {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the processor has every feature `solve_avx2` is compiled for (just
        // detected).
        return unsafe { solve_avx2(puzzle, limits, observer) };
    }
    search::solve(puzzle, limits, observer)
}

/// Whether this x86-64 processor has what [`solve_avx2`] is compiled for: AVX2 and the
/// bit instructions that came with it (Haswell, Excavator and later have them all).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn has_avx2() -> bool {
    std::is_x86_feature_detected!("avx2")
        && std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("lzcnt")
}

/// [`search::solve`] compiled for AVX2 processors: the same code with 3-operand (VEX)
/// vector instructions, and one instruction for `count_ones` and `trailing_zeros`.
///
/// # Safety
///
/// The processor must have the features named (see [`has_avx2`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt,bmi1,bmi2,lzcnt")]
unsafe fn solve_avx2<O: Observer + ?Sized>(
    puzzle: &Grid,
    limits: &Limits,
    observer: &mut O,
) -> Outcome {
    search::solve(puzzle, limits, observer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::corpus::CorpusReader;

    #[test]
    fn every_compiled_search_gives_the_same_outcome() {
        let path = sudoku_testkit::corpus_path("norvig_sudoku-top95.txt");
        for p in CorpusReader::open(path).unwrap() {
            let p = p.unwrap().grid;
            for limits in [Limits::FIRST, Limits::UNIQUENESS.with_max_nodes(5)] {
                let baseline = search::solve(&p, &limits, &mut ());
                assert_eq!(Bands.solve(&p, &limits), baseline);
                #[cfg(target_arch = "x86_64")]
                if has_avx2() {
                    // SAFETY: the features were just detected.
                    let avx2 = unsafe { solve_avx2(&p, &limits, &mut ()) };
                    assert_eq!(avx2, baseline);
                }
            }
        }
    }
}
