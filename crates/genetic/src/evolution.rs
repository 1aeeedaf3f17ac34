//! The generations: selection by rank, the elite kept, restarts when stuck, and the
//! bookkeeping of generations and solutions.

use rand::RngExt;
use sudoku_boxperm::{Found, Generator, Layout};
use sudoku_core::{Event, Grid, Limits, Observer, Outcome, Rule, Size, Tally};

use crate::genome::{Genome, Individual};
use crate::{ELITE, POPULATION, RESTART_AFTER};

/// Whether the search goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flow {
    Go,
    Stop,
}

/// How the next population comes about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Next {
    /// Bred from the current one.
    Bred,
    /// Drawn afresh: the search is stuck, or has found a solution and looks for another.
    Restart,
}

/// One run of the genetic algorithm: the state it carries from generation to generation.
pub(crate) struct Evolution<'a, O: ?Sized> {
    size: Size,
    puzzle: &'a Grid,
    layout: &'a Layout,
    genome: Genome,
    rng: Generator,
    tally: Tally,
    /// The population, best first (lowest cost; ties in the order they were made).
    population: Vec<Individual>,
    /// The next population, built in place of the one before.
    next: Vec<Individual>,
    /// How the next population comes about.
    coming: Next,
    /// The least cost since the last restart.
    best: u32,
    /// Generations since `best` last fell.
    stale: u64,
    /// The distinct solutions found.
    found: Found,
    /// The fittest grid the observer was last shown (the givens before the first).
    shown: Vec<u8>,
    observer: &'a mut O,
}

impl<'a, O: Observer + ?Sized> Evolution<'a, O> {
    /// A run on `puzzle` (whose layout is `layout`) under `limits`, which carry a node
    /// budget, its random numbers from `rng`.
    pub(crate) fn new(
        puzzle: &'a Grid,
        layout: &'a Layout,
        rng: Generator,
        limits: &Limits,
        observer: &'a mut O,
    ) -> Self {
        Evolution {
            size: puzzle.size(),
            puzzle,
            layout,
            genome: Genome::of(puzzle, layout),
            rng,
            tally: Tally::new(limits),
            population: Vec::new(),
            next: Vec::new(),
            coming: Next::Bred,
            best: u32::MAX,
            stale: 0,
            found: Found::new(),
            shown: puzzle.cells().to_vec(),
            observer,
        }
    }

    /// Runs the algorithm to its end: the solution limit, or the node budget.
    pub(crate) fn run(mut self) -> Outcome {
        self.population = self.drawn();
        self.next = self.population.clone();
        self.best = self.population[0].cost;
        self.show_fittest();
        if self.solutions() == Flow::Stop || !self.genome.can_change() {
            // Without a box of two non-fixed cells every individual is the one fill the
            // boxes allow: the one solution (cost 0, counted above), or there is none.
            return self.tally.outcome();
        }
        if self.best == 0 {
            self.coming = Next::Restart;
        }
        while self.generation() == Flow::Go {}
        self.tally.outcome()
    }

    /// One generation (a try): the next population, bred or drawn afresh.
    fn generation(&mut self) -> Flow {
        if !self.tally.try_one() {
            return Flow::Stop;
        }
        let restart = self.coming == Next::Restart;
        if restart {
            self.population = self.drawn();
            self.best = u32::MAX;
        } else {
            self.breed();
            std::mem::swap(&mut self.population, &mut self.next);
            self.population.sort_by_key(|i| i.cost);
        }
        self.coming = Next::Bred;
        let cost = self.population[0].cost;
        if self.observer.active() {
            self.observer.event(Event::Generation { cost, restart });
            self.show_fittest();
        }
        if cost < self.best {
            self.best = cost;
            self.stale = 0;
        } else {
            self.stale += 1;
        }
        if cost == 0 {
            if self.solutions() == Flow::Stop {
                return Flow::Stop;
            }
            // Under a limit above one: look elsewhere for another solution.
            self.coming = Next::Restart;
        } else if self.stale == RESTART_AFTER {
            self.coming = Next::Restart;
        }
        Flow::Go
    }

    /// Tells the observer the cells where the fittest individual differs from the grid
    /// it was last shown ([`Rule::Fittest`]), so that a trace shows the best grid of
    /// each generation, and at a solution the solution.
    fn show_fittest(&mut self) {
        if !self.observer.active() {
            return;
        }
        let fittest = &self.population[0].cells;
        for (cell, (shown, &digit)) in self.shown.iter_mut().zip(fittest).enumerate() {
            if *shown != digit {
                *shown = digit;
                self.observer.event(Event::Assign {
                    depth: 0,
                    cell: cell as u16,
                    digit,
                    rule: Rule::Fittest,
                });
            }
        }
    }

    /// A population drawn afresh, best first.
    fn drawn(&mut self) -> Vec<Individual> {
        let mut population: Vec<Individual> = (0..POPULATION)
            .map(|_| self.genome.random(self.puzzle, self.layout, &mut self.rng))
            .collect();
        population.sort_by_key(|i| i.cost);
        population
    }

    /// The next population, in `next`: the [`ELITE`] best kept as they are; then, from
    /// the last place up, each place `i` filled by a child of two parents drawn at
    /// random among the `i` individuals ranked above it, so that the better an
    /// individual ranks, the more children it has.
    fn breed(&mut self) {
        for (kept, best) in self.next.iter_mut().zip(&self.population[..ELITE]) {
            kept.clone_from(best);
        }
        for i in (ELITE..POPULATION).rev() {
            let mother = self.rng.random_range(0..i);
            let father = self.rng.random_range(0..i);
            let (mother, father) = (&self.population[mother], &self.population[father]);
            self.genome
                .breed(mother, father, &mut self.next[i], &mut self.rng);
        }
    }

    /// Counts the new solutions of the population, best first. `Stop` at the limit.
    fn solutions(&mut self) -> Flow {
        for i in 0..self.population.len() {
            if self.population[i].cost == 0 && self.solution(i) == Flow::Stop {
                return Flow::Stop;
            }
        }
        Flow::Go
    }

    /// Individual `i` is a solution: counted if it is a new one. `Stop` at the limit.
    fn solution(&mut self, i: usize) -> Flow {
        let cells = &self.population[i].cells;
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
