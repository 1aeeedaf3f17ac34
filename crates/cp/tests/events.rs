//! The event stream of every level, fast and essay, replayed: every event must be true of
//! the domains it is told on (a naked single's digit is a peer's only one; a digit taken
//! by a Hall interval has no support with the unit taken as intervals; a digit taken by
//! the matching filter has no support at all; a dead end is one), depths must nest, and
//! the tries, backtracks and solutions the stream shows must be the outcome's.

use sudoku_core::{Contradiction, DigitSet, Event, Geometry, Grid, Limits, Outcome, Rule, Solver};
use sudoku_cp::essay::{has_solution, supports, supports_in_intervals};
use sudoku_cp::{Consistency, Cp, CpEssay};
use sudoku_testkit::{corpus_puzzles, data_puzzles};

/// Replays a stream, checking each event against the domains it is told on.
struct Replay {
    geometry: &'static Geometry,
    consistency: Consistency,
    /// The domains at each depth of the standing path.
    levels: Vec<Vec<DigitSet>>,
    tries: u64,
    backtracks: u64,
    solutions: Vec<Grid>,
    /// The eliminations of the Hall-interval sweep of one unit still to check: the sweep
    /// moves bounds in several steps and tells them cell by cell, so each is checked
    /// against the domains the whole sweep leaves.
    sweep: Vec<(u16, u16, u8)>,
}

impl Replay {
    fn new(puzzle: &Grid, consistency: Consistency) -> Replay {
        let size = puzzle.size();
        Replay {
            geometry: Geometry::of(size),
            consistency,
            levels: vec![vec![DigitSet::full(size.side()); size.cells()]],
            tries: 0,
            backtracks: 0,
            solutions: Vec::new(),
            sweep: Vec::new(),
        }
    }

    /// Checks the eliminations of the last sweep: with the digit given back to its cell
    /// and the unit as the sweep left it, the digit still has no support.
    fn end_sweep(&mut self) {
        for (unit, cell, digit) in std::mem::take(&mut self.sweep) {
            let (mut domains, place) = self.unit(unit, cell);
            domains[place].insert(digit);
            assert!(
                !supports_in_intervals(&domains, place, digit),
                "{digit} taken from cell {cell} by a Hall interval of unit {unit}"
            );
        }
    }

    fn top(&mut self, depth: u16) -> &mut Vec<DigitSet> {
        assert_eq!(usize::from(depth), self.levels.len() - 1, "depth");
        self.levels.last_mut().unwrap()
    }

    /// The domains of `unit`'s cells now, and the place of `cell` among them.
    fn unit(&self, unit: u16, cell: u16) -> (Vec<DigitSet>, usize) {
        let domains = self.levels.last().unwrap();
        let cells = self.geometry.unit(usize::from(unit));
        let place = cells
            .iter()
            .position(|&c| c == cell)
            .expect("a cell of the unit");
        (
            cells.iter().map(|&c| domains[usize::from(c)]).collect(),
            place,
        )
    }

    fn eliminate(&mut self, depth: u16, cell: u16, digit: u8, rule: Rule) {
        let c = usize::from(cell);
        let domains = self.top(depth);
        assert!(domains[c].contains(digit), "{digit} is not in r{cell}");
        match rule {
            Rule::Assigned => {}
            // A given's digit leaving its peers, at the root only; a single as below.
            Rule::Given | Rule::NakedSingle => {
                assert!(rule != Rule::Given || depth == 0, "a given told at {depth}");
                let peers = self.geometry.peers(c);
                let domains = self.levels.last().unwrap();
                let single = DigitSet::single(digit);
                assert!(peers.iter().any(|&p| domains[usize::from(p)] == single));
            }
            Rule::HallInterval { unit } => {
                assert_eq!(self.consistency, Consistency::Bounds);
                if self.sweep.first().is_some_and(|&(u, _, _)| u != unit) {
                    self.end_sweep();
                }
                self.sweep.push((unit, cell, digit));
            }
            Rule::Matching { unit } => {
                assert_eq!(self.consistency, Consistency::Generalised);
                let (unit, place) = self.unit(unit, cell);
                assert!(!supports(&unit, place, digit));
            }
            other => panic!("no cp level tells {other:?}"),
        }
        self.levels.last_mut().unwrap()[c].remove(digit);
    }

    fn event(&mut self, e: Event) {
        let hall = matches!(
            e,
            Event::Eliminate {
                rule: Rule::HallInterval { .. },
                ..
            }
        );
        if !hall {
            self.end_sweep();
        }
        match e {
            Event::Try { depth, cell, digit } => {
                let domains = self.top(depth - 1);
                let d = domains[usize::from(cell)];
                assert!(d.contains(digit) && d.len() > 1, "{e:?}");
                let child = domains.clone();
                self.levels.push(child);
                self.tries += 1;
            }
            Event::Backtrack { depth, .. } => {
                self.top(depth);
                self.levels.pop();
                self.backtracks += 1;
            }
            Event::Assign {
                depth, cell, digit, ..
            } => assert!(self.top(depth)[usize::from(cell)].contains(digit), "{e:?}"),
            Event::Eliminate {
                depth,
                cell,
                digit,
                rule,
            } => self.eliminate(depth, cell, digit, rule),
            Event::Contradiction { depth, reason } => {
                self.top(depth);
                match reason {
                    Contradiction::EmptyCell { cell } => {
                        assert!(self.levels.last().unwrap()[usize::from(cell)].is_empty())
                    }
                    Contradiction::NoMatching { unit } => {
                        assert_ne!(self.consistency, Consistency::Forward);
                        // (Bounds may find it only after moving some bounds, over holes
                        // of the domains: the unit's real domains have no matching.)
                        let (unit, _) = self.unit(unit, self.geometry.unit(usize::from(unit))[0]);
                        assert!(!has_solution(&unit), "{e:?}");
                    }
                    other => panic!("no cp level tells {other:?}"),
                }
            }
            Event::Solution { depth } => {
                let domains = self.top(depth);
                let digits: Vec<u8> = domains.iter().map(|d| d.only().unwrap()).collect();
                let grid = Grid::from_values(self.geometry.size(), &digits);
                self.solutions.push(grid);
            }
            other => panic!("no cp level tells {other:?}"),
        }
    }

    fn check(&mut self, puzzle: &Grid, out: &Outcome) {
        self.end_sweep();
        assert_eq!(self.tries + 1, out.counters.nodes, "tries");
        assert_eq!(self.backtracks, out.counters.backtracks, "backtracks");
        assert_eq!(self.solutions.len() as u64, out.solutions, "solutions");
        assert_eq!(self.solutions.first(), out.solution.as_ref());
        for s in &self.solutions {
            assert!(s.is_solution_of(puzzle));
        }
    }
}

fn replay(solver: &dyn Solver, consistency: Consistency, puzzle: &Grid, limits: &Limits) {
    let mut replay = Replay::new(puzzle, consistency);
    let out = solver.solve_observed(puzzle, limits, &mut |e: Event| replay.event(e));
    replay.check(puzzle, &out);
    assert_eq!(out, solver.solve(puzzle, limits), "observed and plain");
}

#[test]
fn every_event_is_true_of_the_domains_it_is_told_on() {
    let mut puzzles = corpus_puzzles("norvig_sudoku-top95.txt", 20);
    puzzles.extend(data_puzzles("4x4.txt", 40));
    puzzles.extend(corpus_puzzles("16x16Dataset.csv", 3));
    puzzles.extend(data_puzzles("25x25.txt", 1));
    for consistency in Consistency::ALL {
        for p in &puzzles {
            let limits = Limits::UNIQUENESS.with_max_nodes(60);
            replay(&Cp::new(consistency), consistency, p, &limits);
            if p.size().side() <= 9 {
                replay(&CpEssay::new(consistency), consistency, p, &limits);
            }
        }
    }
}
