//! How a run times: a warm-up (`--warmup`) and workers pinned to cores (`--pin`), as the
//! book's "tdoku's method" says.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use sudoku_core::{CorpusReader, Puzzle};

use crate::contender::Contender;
use crate::source::{Source, SEEDS};

/// The puzzles a warm-up cycles through at most.
pub const WARMUP_PUZZLES: usize = 32;

/// How a run times its solves. The default: no warm-up, no pinning.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Timing {
    /// How long the warm-up before the run lasts.
    pub warmup: Option<Duration>,
    /// The cores the workers are pinned to, one each, in order (the calling thread's, with
    /// one thread): as many as the threads at least. Empty: no pinning.
    pub pin: Vec<usize>,
}

/// The cores this process may run on (their ids), as `--pin` names them.
pub fn cores() -> Vec<usize> {
    let mut ids: Vec<usize> = core_affinity::get_core_ids()
        .unwrap_or_default()
        .into_iter()
        .map(|c| c.id)
        .collect();
    ids.sort_unstable();
    ids
}

/// Pins the calling thread to `core`; whether that worked.
pub(crate) fn pin_current(core: usize) -> bool {
    core_affinity::set_for_current(core_affinity::CoreId { id: core })
}

/// A warm-up: the puzzles it cycles through, and when it ends.
pub(crate) struct Warmup {
    puzzles: Vec<Puzzle>,
    until: Instant,
}

impl Warmup {
    /// The warm-up of `timing`, starting now (`None` without one).
    pub fn start(timing: &Timing, sources: &[Source], contenders: &[Contender]) -> Option<Warmup> {
        let until = Instant::now() + timing.warmup?;
        let first = sources.first().filter(|s| s.rereadable());
        let reader = first.and_then(|s| s.open().ok());
        let reader = reader.unwrap_or_else(|| Box::new(SEEDS.as_bytes()));
        let puzzles = CorpusReader::new(reader, "warm-up")
            .filter_map(Result::ok)
            .filter(|p| {
                contenders
                    .iter()
                    .any(|c| c.solver().supports(p.grid.size()))
            })
            .take(WARMUP_PUZZLES)
            .collect();
        Some(Warmup { puzzles, until })
    }

    /// Solves the puzzles over and over with every contender, untimed, until the warm-up
    /// ends or an interrupt: what each worker does.
    pub fn run(&self, contenders: &[Contender], interrupt: &AtomicBool) {
        for puzzle in self.puzzles.iter().cycle() {
            for contender in contenders {
                if Instant::now() >= self.until || interrupt.load(Ordering::Relaxed) {
                    return;
                }
                if contender.solver().supports(puzzle.grid.size()) {
                    let limits = contender.limits_for(puzzle.grid.size());
                    std::hint::black_box(contender.solver().solve(&puzzle.grid, &limits));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicU64;

    use sudoku_core::{Grid, Limits, Outcome, Solver};

    use super::*;

    static SOLVES: AtomicU64 = AtomicU64::new(0);

    struct Counting;
    impl Solver for Counting {
        fn name(&self) -> &'static str {
            "counting"
        }
        fn solve(&self, _: &Grid, _: &Limits) -> Outcome {
            SOLVES.fetch_add(1, Ordering::SeqCst);
            Outcome::rejected_at_root()
        }
    }

    #[test]
    fn a_warm_up_solves_the_first_puzzles_until_the_time_passes() {
        let (sources, contenders) = (
            [Source::Stdin],
            [Contender::new(Box::new(Counting), Limits::FIRST)],
        );
        let warmup = Some(Duration::from_millis(30));
        let timing = Timing {
            warmup,
            pin: Vec::new(),
        };
        let start = Instant::now();
        let warmup = Warmup::start(&timing, &sources, &contenders).unwrap();
        assert_eq!(warmup.puzzles.len(), 5, "the seeds stand in for stdin");
        warmup.run(&contenders, &AtomicBool::new(false));
        assert!(start.elapsed() >= Duration::from_millis(30));
        assert!(SOLVES.load(Ordering::SeqCst) > 5, "round the puzzles");
        assert!(Warmup::start(&Timing::default(), &sources, &contenders).is_none());
    }
}
