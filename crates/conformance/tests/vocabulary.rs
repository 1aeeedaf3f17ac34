//! One vocabulary across the strategies (`sudoku_core::event`): every strategy of the
//! catalogue names a step of one kind by one rule, and one that branches by a heuristic
//! says what it chose before its tries.
//!
//! - a given's digit leaving its peers is [`Rule::Given`] in every strategy that tells
//!   it step by step (reduce named it a naked single, logic a given): the first such
//!   step a strategy tells is by `Given`, and every `Given` elimination is one, at the
//!   root, before any try;
//! - each try of a strategy that tells its choices follows an [`Event::Choose`] one
//!   level up naming its cell (the fewest candidates) or a column its row covers (the
//!   fewest rows), and the choices are neither tries nor backtracks: the events still
//!   count `nodes - 1` tries and the backtracks.

use sudoku_catalogue::CATALOGUE;
use sudoku_core::{Choice, Event, EventCount, Geometry, Grid, Limits, Rule, Size};
use sudoku_testkit::seeds::{HARD1, SPANISH_2};

/// The events of `name` solving `puzzle` within 300 nodes, checked against the counters.
fn events(name: &str, puzzle: &Grid) -> Vec<Event> {
    let strategy = sudoku_catalogue::find(name).unwrap();
    let limits = Limits::FIRST.with_max_nodes(300);
    let mut events = Vec::new();
    let out = strategy
        .solver()
        .solve_observed(puzzle, &limits, &mut |e: Event| events.push(e));
    let mut count = EventCount::default();
    events
        .iter()
        .for_each(|&e| sudoku_core::Observer::event(&mut count, e));
    assert_eq!(count.tries + 1, out.counters.nodes, "{name}");
    assert_eq!(count.backtracks, out.counters.backtracks, "{name}");
    events
}

/// Whether `cell` has a peer given `digit` in `puzzle`.
fn given_in_a_peer(puzzle: &Grid, cell: u16, digit: u8) -> bool {
    let geometry = Geometry::of(puzzle.size());
    geometry
        .peers(usize::from(cell))
        .iter()
        .any(|&p| puzzle.get(usize::from(p)) == digit)
}

fn puzzles() -> [Grid; 2] {
    [SPANISH_2, HARD1].map(|p| p.parse().unwrap())
}

fn nine_by_nine() -> impl Iterator<Item = &'static str> {
    CATALOGUE
        .iter()
        .filter(|s| s.sizes().contains(&Size::NINE))
        .map(|s| s.name)
}

#[test]
fn a_givens_digit_leaving_its_peers_has_one_name_in_every_strategy() {
    let mut named = Vec::new();
    for name in nine_by_nine() {
        for puzzle in puzzles() {
            let events = events(name, &puzzle);
            let first_try = events
                .iter()
                .position(Event::is_try)
                .unwrap_or(events.len());
            for (i, e) in events.iter().enumerate() {
                if let Event::Eliminate {
                    depth,
                    cell,
                    digit,
                    rule: Rule::Given,
                } = *e
                {
                    assert!(depth == 0 && i < first_try, "{name}: event {i}: {e:?}");
                    assert!(
                        given_in_a_peer(&puzzle, cell, digit),
                        "{name}: event {i}: {e:?}"
                    );
                }
            }
            // The first elimination of a given's digit from an open cell, a peer of the
            // given (the strategies that tell their propagation by its net effect aside:
            // bands' band propagation, and pattern overlay, where a digit leaves a cell
            // because no template that fits the givens covers it).
            let first = events.iter().find_map(|e| match *e {
                Event::Eliminate {
                    cell, digit, rule, ..
                } if puzzle.get(usize::from(cell)) == 0
                    && given_in_a_peer(&puzzle, cell, digit) =>
                {
                    Some(rule)
                }
                _ => None,
            });
            match first {
                None | Some(Rule::BandPropagation | Rule::PatternOverlay) => {}
                Some(rule) => {
                    assert_eq!(rule, Rule::Given, "{name}: {}", puzzle.to_line());
                    named.push(name);
                }
            }
        }
    }
    for name in [
        "reduce",
        "reduce-essay",
        "norvig",
        "norvig-essay",
        "logic",
        "sat-minimal",
        "cp-fc",
    ] {
        assert!(named.contains(&name), "{name} tells no given's step");
    }
}

#[test]
fn every_try_follows_the_choice_that_made_it() {
    let mut choosing = Vec::new();
    for name in nine_by_nine() {
        for puzzle in puzzles() {
            let events = events(name, &puzzle);
            if !events.iter().any(|e| matches!(e, Event::Choose { .. })) {
                continue;
            }
            choosing.push(name);
            let mut chosen: Vec<Choice> = Vec::new();
            for (i, e) in events.iter().enumerate() {
                let at = format!("{name}: event {i}: {e:?}");
                match *e {
                    Event::Choose { depth, choice } => {
                        assert!(!e.is_try() && !e.is_backtrack());
                        chosen.truncate(usize::from(depth));
                        assert_eq!(chosen.len(), usize::from(depth), "{at}");
                        chosen.push(choice);
                    }
                    Event::Try { depth, cell, digit } => {
                        let choice = chosen.get(usize::from(depth) - 1);
                        let made = match choice {
                            Some(&Choice::FewestCandidates {
                                cell: c,
                                candidates,
                            }) => c == cell && candidates >= 2,
                            Some(&Choice::FewestRows { column, rows }) => {
                                covers(puzzle.size(), cell, digit, column) && rows >= 1
                            }
                            None => false,
                        };
                        assert!(made, "{at} after {choice:?}");
                    }
                    _ => {}
                }
            }
        }
    }
    for name in [
        "reduce",
        "reduce-essay",
        "norvig",
        "norvig-essay",
        "dlx",
        "dlx-essay",
        "logic",
        "logic-essay",
    ] {
        assert!(choosing.contains(&name), "{name} tells no choice");
    }
}

/// Whether the exact-cover row of `digit` in `cell` has a 1 in `column` (columns in the
/// order cells, row-digits, column-digits, box-digits).
fn covers(size: Size, cell: u16, digit: u8, column: u16) -> bool {
    let (n, cell, d) = (size.side(), usize::from(cell), usize::from(digit) - 1);
    let (r, c) = (cell / n, cell % n);
    let b = size.box_size();
    let bx = r / b * b + c / b;
    [
        cell,
        n * n + r * n + d,
        2 * n * n + c * n + d,
        3 * n * n + bx * n + d,
    ]
    .contains(&usize::from(column))
}
