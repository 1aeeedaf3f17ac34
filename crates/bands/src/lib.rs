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
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2 (just detected), the only feature
        // `solve_avx2` is compiled for beyond the baseline.
        return unsafe { solve_avx2(puzzle, limits, observer) };
    }
    search::solve(puzzle, limits, observer)
}

/// [`search::solve`] compiled with AVX2 enabled: the same code, 3-operand (VEX)
/// instructions.
///
/// # Safety
///
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
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
                if std::is_x86_feature_detected!("avx2") {
                    // SAFETY: AVX2 was just detected.
                    let avx2 = unsafe { solve_avx2(&p, &limits, &mut ()) };
                    assert_eq!(avx2, baseline);
                }
            }
        }
    }
}
