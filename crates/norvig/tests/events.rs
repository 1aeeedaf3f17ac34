//! The event stream of `norvig` and `norvig-essay`, replayed: every event must be true of
//! the candidates it is told on (a try's digit is a candidate, a naked single's digit is
//! a peer's only one, a hidden single's place is the only one in its unit, a
//! contradiction is one), depths must nest, and the counts and the solutions the stream
//! shows must be the outcome's.

use sudoku_core::{
    Choice, Contradiction, DigitSet, Event, Geometry, Grid, Limits, Outcome, Rule, Solver,
};
use sudoku_norvig::{Norvig, NorvigEssay};
use sudoku_testkit::seeds::{HARD1, POLISH};
use sudoku_testkit::{corpus_puzzles, data_puzzles};

/// One level of the search: its candidates and the digits assigned to each cell there.
#[derive(Clone)]
struct Level {
    values: Vec<DigitSet>,
    assigned: Vec<DigitSet>,
}

/// Replays a stream, checking each event against the candidates it is told on.
struct Replay<'p> {
    puzzle: &'p Grid,
    geometry: &'static Geometry,
    levels: Vec<Level>,
    tries: Vec<(u16, u8)>,
    /// The cell chosen at each depth, for the tries one deeper.
    chosen: Vec<u16>,
    /// The cell of the given being assigned (its `Assign` by `Given` last told).
    given: Option<u16>,
    last: Option<Event>,
    try_count: u64,
    backtracks: u64,
    solutions: Vec<Grid>,
}

impl<'p> Replay<'p> {
    fn new(puzzle: &'p Grid) -> Self {
        let size = puzzle.size();
        let level = Level {
            values: vec![DigitSet::full(size.side()); size.cells()],
            assigned: vec![DigitSet::EMPTY; size.cells()],
        };
        Replay {
            puzzle,
            geometry: Geometry::of(size),
            levels: vec![level],
            tries: Vec::new(),
            chosen: Vec::new(),
            given: None,
            last: None,
            try_count: 0,
            backtracks: 0,
            solutions: Vec::new(),
        }
    }

    fn top(&mut self, depth: u16) -> &mut Level {
        assert_eq!(usize::from(depth), self.levels.len() - 1, "depth");
        self.levels.last_mut().unwrap()
    }

    fn holders(&self, unit: u16, digit: u8) -> usize {
        let values = &self.levels.last().unwrap().values;
        let unit = self.geometry.unit(usize::from(unit));
        unit.iter()
            .filter(|&&c| values[usize::from(c)].contains(digit))
            .count()
    }

    fn event(&mut self, e: Event) {
        if let Some(Event::Contradiction { .. }) = self.last {
            assert!(
                matches!(e, Event::Backtrack { .. }),
                "{e:?} after a dead end"
            );
        }
        match e {
            Event::Choose { depth, choice } => {
                let Choice::FewestCandidates { cell, candidates } = choice else {
                    panic!("{e:?}");
                };
                // The first open cell of fewest candidates.
                let values = &self.top(depth).values;
                let open = (0..values.len()).filter(|&c| values[c].len() > 1);
                let fewest = open.min_by_key(|&c| values[c].len());
                assert_eq!(fewest, Some(usize::from(cell)), "{e:?}");
                assert_eq!(values[usize::from(cell)].len(), usize::from(candidates));
                self.chosen.truncate(usize::from(depth));
                self.chosen.push(cell);
            }
            Event::Try { depth, cell, digit } => {
                assert_eq!(
                    self.chosen.get(usize::from(depth) - 1),
                    Some(&cell),
                    "{e:?}"
                );
                let mut child = self.top(depth - 1).clone();
                let v = child.values[usize::from(cell)];
                assert!(v.contains(digit) && v.len() > 1, "{e:?} on {v}");
                child.assigned.fill(DigitSet::EMPTY);
                self.levels.push(child);
                self.tries.push((cell, digit));
                self.try_count += 1;
            }
            Event::Backtrack { depth, cell, digit } => {
                self.top(depth);
                assert_eq!(self.tries.pop(), Some((cell, digit)));
                self.levels.pop();
                self.backtracks += 1;
            }
            Event::Assign {
                depth,
                cell,
                digit,
                rule,
            } => self.assign(depth, cell, digit, rule),
            Event::Eliminate {
                depth,
                cell,
                digit,
                rule,
            } => self.eliminate(depth, cell, digit, rule),
            Event::Contradiction { depth, reason } => {
                let values = &self.top(depth).values;
                match reason {
                    Contradiction::EmptyCell { cell } => {
                        assert!(values[usize::from(cell)].is_empty(), "{e:?}")
                    }
                    Contradiction::NoPlace { unit, digit } => {
                        assert_eq!(self.holders(unit, digit), 0, "{e:?}")
                    }
                    Contradiction::EmptyColumn { .. }
                    | Contradiction::NoMatching { .. }
                    | Contradiction::NoTemplate { .. } => {
                        panic!("{e:?}")
                    }
                }
            }
            Event::Solution { depth } => {
                let values = &self.top(depth).values;
                let digits: Vec<u8> = values.iter().map(|v| v.only().unwrap()).collect();
                let grid = Grid::from_values(self.puzzle.size(), &digits);
                assert!(grid.is_solution_of(self.puzzle));
                self.solutions.push(grid);
            }
            _ => panic!("norvig tells no {e:?}"),
        }
        self.last = Some(e);
    }

    fn assign(&mut self, depth: u16, cell: u16, digit: u8, rule: Rule) {
        let c = usize::from(cell);
        match rule {
            Rule::Given => {
                assert_eq!(depth, 0);
                assert_eq!(self.puzzle.get(c), digit);
                self.given = Some(cell);
            }
            Rule::Tried => {
                let want = Event::Try { depth, cell, digit };
                assert_eq!(self.last, Some(want), "a try's assign follows it");
            }
            Rule::HiddenSingle { unit } => {
                assert!(self.geometry.unit(usize::from(unit)).contains(&cell));
                assert!(self.levels.last().unwrap().values[c].contains(digit));
                assert_eq!(self.holders(unit, digit), 1, "{cell} {digit} {rule:?}");
            }
            _ => panic!("an assign by {rule:?}"),
        }
        let level = self.top(depth);
        assert!(
            level.values[c] != DigitSet::single(digit),
            "nothing to assign"
        );
        level.assigned[c].insert(digit);
    }

    fn eliminate(&mut self, depth: u16, cell: u16, digit: u8, rule: Rule) {
        let (geometry, puzzle, given) = (self.geometry, self.puzzle, self.given);
        let c = usize::from(cell);
        let level = self.top(depth);
        assert!(
            level.values[c].contains(digit),
            "{cell} {digit} gone already"
        );
        match rule {
            Rule::Assigned => {
                let others = level.assigned[c].difference(DigitSet::single(digit));
                assert!(
                    !others.is_empty(),
                    "{cell} {digit}: assigned no other digit"
                );
            }
            Rule::NakedSingle => {
                let single = DigitSet::single(digit);
                let peers = geometry.peers(c);
                assert!(peers
                    .iter()
                    .any(|&p| level.values[usize::from(p)] == single));
            }
            Rule::Given => {
                // The given being assigned, a peer, now holds the digit alone.
                let given = given.expect("a given is being assigned");
                assert_eq!(depth, 0);
                assert!(geometry.peers(c).contains(&given), "{cell} {digit}");
                assert_eq!(puzzle.get(usize::from(given)), digit);
                assert_eq!(level.values[usize::from(given)], DigitSet::single(digit));
            }
            _ => panic!("an elimination by {rule:?}"),
        }
        level.values[c].remove(digit);
    }

    /// Checks the stream's counts and solutions against the outcome.
    fn check(&self, out: &Outcome) {
        assert_eq!(self.try_count + 1, out.counters.nodes);
        assert_eq!(self.backtracks, out.counters.backtracks);
        assert_eq!(self.solutions.len() as u64, out.solutions);
        assert_eq!(self.solutions.first(), out.solution.as_ref());
    }
}

fn replay(solver: &dyn Solver, puzzle: &Grid, limits: &Limits) {
    let mut r = Replay::new(puzzle);
    let out = solver.solve_observed(puzzle, limits, &mut |e: Event| r.event(e));
    r.check(&out);
    assert_eq!(
        out,
        solver.solve(puzzle, limits),
        "plain and observed agree"
    );
}

fn solvers() -> [&'static dyn Solver; 2] {
    [&Norvig, &NorvigEssay]
}

#[test]
fn nine_by_nine_streams_replay() {
    let mut puzzles = corpus_puzzles("norvig_sudoku-top95.txt", 30);
    let mut clash = POLISH.to_string();
    clash.replace_range(0..1, "5");
    puzzles.extend([POLISH, &clash].map(|t| t.parse::<Grid>().unwrap()));
    for solver in solvers() {
        for p in &puzzles {
            replay(solver, p, &Limits::FIRST);
            replay(solver, p, &Limits::UNIQUENESS.with_max_nodes(300));
        }
        replay(
            solver,
            &HARD1.parse().unwrap(),
            &Limits::FIRST.with_max_nodes(500),
        );
    }
}

#[test]
fn n_by_n_streams_replay() {
    let four = data_puzzles("4x4.txt", 200);
    let sixteen = corpus_puzzles("16x16Dataset.csv", 5);
    let twenty_five = data_puzzles("25x25.txt", 3);
    for solver in solvers() {
        for p in four.iter().chain(&sixteen).chain(&twenty_five) {
            replay(solver, p, &Limits::UNIQUENESS);
        }
    }
}

#[test]
fn the_givens_come_first_in_reading_order() {
    let polish: Grid = POLISH.parse().unwrap();
    for solver in solvers() {
        let mut givens = Vec::new();
        solver.solve_observed(&polish, &Limits::FIRST, &mut |e: Event| {
            if let Event::Assign {
                cell,
                rule: Rule::Given,
                ..
            } = e
            {
                givens.push(usize::from(cell));
            }
        });
        let want: Vec<usize> = (0..81).filter(|&c| polish.get(c) != 0).collect();
        // A given that propagation already settled has nothing left to assign.
        assert!(givens.windows(2).all(|w| w[0] < w[1]), "{}", solver.name());
        assert!(givens.iter().all(|c| want.contains(c)));
        assert_eq!(givens[0], 1);
    }
}
