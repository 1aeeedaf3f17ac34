//! The tabu walk: the best admissible move at each step, the tabu list, aspiration, a
//! perturbation when stuck, and the bookkeeping of moves and solutions.

use rand::RngExt;
use sudoku_boxperm::{Board, Counts, Found, Generator, Layout};
use sudoku_core::{Event, Limits, Observer, Outcome, Size, Tally};

use crate::moves::{Neighbourhood, TabuList};
use crate::{PERTURBATION, STALL_AFTER, TENURE};

/// Whether the search goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flow {
    Go,
    Stop,
}

/// One tabu search over a board: the state it carries from step to step.
pub(crate) struct Walk<'a, O: ?Sized> {
    size: Size,
    moves: Neighbourhood,
    tabu: TabuList,
    board: Counts,
    rng: Generator,
    tally: Tally,
    /// The step being made (the first is step 1).
    step: u64,
    /// The least cost of the whole search: a tabu move that goes below it is allowed
    /// (the aspiration criterion).
    best: u32,
    /// The least cost since the walk last started afresh (the start, a perturbation).
    local_best: u32,
    /// Steps since `local_best` last fell.
    stale: u64,
    /// The random moves left of the perturbation under way.
    kicks: u32,
    /// The distinct solutions found.
    found: Found,
    observer: &'a mut O,
}

impl<'a, O: Observer + ?Sized> Walk<'a, O> {
    /// A walk from `board` (the initial fill of `layout`, drawn from `rng`) under
    /// `limits`, which carry a node budget.
    pub(crate) fn new(
        size: Size,
        layout: &Layout,
        board: Counts,
        rng: Generator,
        limits: &Limits,
        observer: &'a mut O,
    ) -> Self {
        let moves = Neighbourhood::of(layout);
        let tabu = TabuList::new(moves.len(), TENURE);
        Walk {
            size,
            moves,
            tabu,
            best: board.cost(),
            local_best: board.cost(),
            board,
            rng,
            tally: Tally::new(limits),
            step: 0,
            stale: 0,
            kicks: 0,
            found: Found::new(),
            observer,
        }
    }

    /// Runs the walk to its end: the solution limit, or the node budget.
    pub(crate) fn run(mut self) -> Outcome {
        if self.board.cost() == 0 && self.solution() == Flow::Stop {
            return self.tally.outcome();
        }
        if self.moves.len() == 0 {
            // Every box misses at most one value, so the fill is the only one the boxes
            // allow: it is the one solution (its cost is 0), or there is none.
            return self.tally.outcome();
        }
        while self.step() == Flow::Go {}
        self.tally.outcome()
    }

    /// One move (a try): a random one not tabu during a perturbation, else the best
    /// admissible one. Every move is made; none is taken back.
    fn step(&mut self) -> Flow {
        if !self.tally.try_one() {
            return Flow::Stop;
        }
        self.step += 1;
        let m = if self.kicks > 0 {
            self.kicks -= 1;
            self.random_admissible()
        } else {
            self.best_admissible()
        };
        let (a, b) = self.moves.cells(m);
        let cost = self.board.cost_after(a, b);
        self.board.swap(a, b, cost);
        self.tabu.made(m, self.step);
        if self.observer.active() {
            self.observer.event(Event::Swap {
                cells: [a as u16, b as u16],
                cost,
                accepted: true,
            });
        }
        self.best = self.best.min(cost);
        if cost < self.local_best {
            self.local_best = cost;
            self.stale = 0;
        } else {
            self.stale += 1;
        }
        if cost == 0 {
            if self.solution() == Flow::Stop {
                return Flow::Stop;
            }
            // Under a limit above one: look elsewhere for another solution.
            self.perturb();
        } else if self.stale == STALL_AFTER {
            self.perturb();
        }
        Flow::Go
    }

    /// The move of least cost among those allowed: not tabu, or tabu but below the best
    /// cost of the whole search (aspiration). Ties are broken at random, each of the
    /// tied moves equally likely.
    fn best_admissible(&mut self) -> usize {
        let (mut chosen, mut least, mut ties) = (usize::MAX, u32::MAX, 0u32);
        for m in 0..self.moves.len() {
            let (a, b) = self.moves.cells(m);
            let cost = self.board.cost_after(a, b);
            if cost > least || (self.tabu.is_tabu(m, self.step) && cost >= self.best) {
                continue;
            }
            if cost < least {
                (chosen, least, ties) = (m, cost, 1);
            } else {
                ties += 1;
                if self.rng.random_range(0..ties) == 0 {
                    chosen = m;
                }
            }
        }
        debug_assert!(chosen != usize::MAX, "the tenure leaves one move allowed");
        chosen
    }

    /// A move drawn at random among those not tabu (drawn again while tabu: the tenure
    /// leaves one move at least not tabu).
    fn random_admissible(&mut self) -> usize {
        loop {
            let m = self.moves.random(&mut self.rng);
            if !self.tabu.is_tabu(m, self.step) {
                return m;
            }
        }
    }

    /// Stuck (or at a solution, under a limit above one): the next [`PERTURBATION`]
    /// moves are random ones, not tabu, and the walk starts afresh from where they lead.
    fn perturb(&mut self) {
        self.kicks = PERTURBATION;
        self.local_best = u32::MAX;
        self.stale = 0;
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
