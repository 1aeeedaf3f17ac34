//! The annealing schedule: the initial temperature, Markov chains at falling
//! temperatures, reheats when stuck, and the bookkeeping of moves and solutions.

use rand::RngExt;
use sudoku_core::{Event, Limits, Observer, Outcome, Size, Tally};

use crate::{COOLING_RATE, REHEAT_AFTER, SAMPLE_MOVES};
use sudoku_boxperm::{Board, Found, Generator, Layout, MAX_RISE};

/// Whether the search goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flow {
    Go,
    Stop,
}

/// Which moves are kept: every one (the sample that sets the initial temperature), or
/// by the Metropolis rule at temperature `t`: a move that does not raise the cost is
/// kept, one that raises it by `delta` is kept with probability `exp(-delta / t)`.
#[derive(Debug, Clone, Copy)]
enum Acceptance {
    Every,
    /// `exp(-delta / t)` for `delta = 0..=MAX_RISE`, worked out once per chain.
    Metropolis([f64; MAX_RISE + 1]),
}

impl Acceptance {
    fn at(t: f64) -> Acceptance {
        let mut p = [1.0; MAX_RISE + 1];
        for (delta, p) in p.iter_mut().enumerate().skip(1) {
            *p = libm::exp(-(delta as f64) / t);
        }
        Acceptance::Metropolis(p)
    }
}

/// One annealing run over a board: the state the schedule carries along.
pub(crate) struct Search<'a, B, O: ?Sized> {
    size: Size,
    layout: &'a Layout,
    board: B,
    rng: Generator,
    tally: Tally,
    /// The distinct solutions found.
    found: Found,
    observer: &'a mut O,
}

impl<'a, B: Board, O: Observer + ?Sized> Search<'a, B, O> {
    /// A search of `board` (the initial fill, drawn from `rng`) under `limits`, which
    /// carry a node budget.
    pub(crate) fn new(
        size: Size,
        layout: &'a Layout,
        board: B,
        rng: Generator,
        limits: &Limits,
        observer: &'a mut O,
    ) -> Self {
        Search {
            size,
            layout,
            board,
            rng,
            tally: Tally::new(limits),
            found: Found::new(),
            observer,
        }
    }

    /// Runs the search to its end: the solution limit, or the node budget.
    pub(crate) fn run(mut self) -> Outcome {
        if self.board.cost() == 0 && self.solution() == Flow::Stop {
            return self.tally.outcome();
        }
        if !self.layout.can_move() {
            // Every square misses at most one value, so the fill is the only one the
            // squares allow: it is the one solution (its cost is 0), or there is none.
            return self.tally.outcome();
        }
        let Some(t0) = self.initial_temperature() else {
            return self.tally.outcome();
        };
        let chain_length = self.layout.free_count().pow(2);
        let mut t = t0;
        let mut previous_best = u32::MAX;
        let mut stale = 0;
        loop {
            let Some(best) = self.chain(chain_length, Acceptance::at(t)) else {
                return self.tally.outcome();
            };
            stale = if best < previous_best { 0 } else { stale + 1 };
            previous_best = best;
            t *= COOLING_RATE;
            if stale == REHEAT_AFTER || self.board.cost() == 0 {
                // Stuck (or at a solution, under a limit above one): reheat.
                t = t0;
                stale = 0;
                previous_best = u32::MAX;
            }
        }
    }

    /// The initial temperature: the standard deviation of the cost over a random walk
    /// of [`SAMPLE_MOVES`] moves, every one kept. `None` when the search stopped.
    fn initial_temperature(&mut self) -> Option<f64> {
        let (mut sum, mut squares) = (0u64, 0u64);
        for _ in 0..SAMPLE_MOVES {
            if self.step(Acceptance::Every) == Flow::Stop {
                return None;
            }
            let cost = u64::from(self.board.cost());
            sum += cost;
            squares += cost * cost;
        }
        // Integer sums, one division and a square root: the same on every machine.
        let n = SAMPLE_MOVES;
        let variance = (n * squares - sum * sum) as f64 / (n * n) as f64;
        Some(variance.sqrt().max(crate::MIN_INITIAL_TEMPERATURE))
    }

    /// One Markov chain: `length` moves at one temperature. Returns the lowest cost it
    /// reached, or `None` when the search stopped; it ends early at a solution.
    fn chain(&mut self, length: u64, acceptance: Acceptance) -> Option<u32> {
        let mut best = self.board.cost();
        for _ in 0..length {
            if self.step(acceptance) == Flow::Stop {
                return None;
            }
            best = best.min(self.board.cost());
            if best == 0 {
                break;
            }
        }
        Some(best)
    }

    /// One move: drawn, evaluated (a try), kept or taken back (a backtrack).
    #[inline]
    fn step(&mut self, acceptance: Acceptance) -> Flow {
        if !self.tally.try_one() {
            return Flow::Stop;
        }
        let (a, b) = self.layout.random_move(&mut self.rng);
        let cost = self.board.cost_after(a, b);
        let accepted = match acceptance {
            Acceptance::Every => true,
            Acceptance::Metropolis(p) => match cost.checked_sub(self.board.cost()) {
                None | Some(0) => true,
                Some(rise) => self.rng.random::<f64>() < p[rise as usize],
            },
        };
        if self.observer.active() {
            self.observer.event(Event::Swap {
                cells: [a as u16, b as u16],
                cost,
                accepted,
            });
        }
        if !accepted {
            self.tally.backtrack();
            return Flow::Go;
        }
        self.board.swap(a, b, cost);
        if cost == 0 {
            return self.solution();
        }
        Flow::Go
    }

    /// The board is a solution: counted if it is a new one. `Stop` at the limit.
    fn solution(&mut self) -> Flow {
        let cells = self.board.cells();
        if self
            .found
            .meet(self.size, cells, &mut self.tally, self.observer)
        {
            Flow::Stop
        } else {
            Flow::Go
        }
    }
}
