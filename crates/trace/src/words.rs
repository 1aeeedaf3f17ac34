//! Each event in the classic words: the one place the traces take their wording from.
//!
//! | event | words |
//! |---|---|
//! | choice | `choose r3c5 (2 candidates, the fewest)`, `choose column "row 3 has 7" (2 rows, the fewest)` |
//! | try | `try r3c5 = 7` |
//! | backtrack | `backtrack r3c5 = 7` |
//! | solution | `solution` |
//! | dead end | `dead end: r4c2 has no candidate left`, `dead end: no place left for 7 in box 2`, `dead end: column "row 3 has 7" has no row left` |
//! | assign | `given r1c2 = 5`, `assign r3c5 = 7 (the try)`, `only place for 4 in box 2 is r1c5`, `r3c5 = 7, its last candidate`, `assign r3c5 = 7 (the fittest grid)` |
//! | eliminate | `eliminate 7 from r3c6 (naked single)`, `eliminate 3 from r3c5 (the cell is assigned)`, `eliminate 7 from r3c6 (pointing: 7 of box 2 lies in row 3)`, `eliminate 7 from r3c6 (naked pair in row 3)`, `eliminate 7 from r3c6 (X-wing: 7 of rows 2, 6 lies in columns 3, 8)` |
//! | cover, uncover | `cover column "r3c5 filled"`, `uncover column "row 3 has 7"` |
//! | swap | `swap r1c1 r2c3 (cost 4, kept)`, `swap r1c1 r2c3 (cost 6, undone)` |
//! | generation | `generation (best cost 4)`, `restart: a new population (best cost 31)` |

use std::fmt;

use sudoku_core::{Choice, Contradiction, Event, Rule, Size};

use crate::column::Column;

/// The name of an event's kind, as the JSON Lines trace gives it: `choose`, `try`,
/// `backtrack`, `solution`, `contradiction`, `assign`, `eliminate`, `cover`, `uncover`,
/// `swap`, `node`, `generation`.
pub const fn event_name(event: &Event) -> &'static str {
    match event {
        Event::Choose { .. } => "choose",
        Event::Try { .. } => "try",
        Event::Backtrack { .. } => "backtrack",
        Event::Solution { .. } => "solution",
        Event::Contradiction { .. } => "contradiction",
        Event::Assign { .. } => "assign",
        Event::Eliminate { .. } => "eliminate",
        Event::Cover { .. } => "cover",
        Event::Uncover { .. } => "uncover",
        Event::Swap { .. } => "swap",
        Event::Node { .. } => "node",
        Event::Generation { .. } => "generation",
    }
}

/// The name of a rule, as the JSON Lines trace gives it (its [module
/// documentation](crate::jsonl) lists them all, tested against this).
pub const fn rule_name(rule: Rule) -> &'static str {
    match rule {
        Rule::Given => "given",
        Rule::Tried => "tried",
        Rule::Assigned => "assigned",
        Rule::NakedSingle => "naked_single",
        Rule::HiddenSingle { .. } => "hidden_single",
        Rule::Pointing { .. } => "pointing",
        Rule::Claiming { .. } => "claiming",
        Rule::NakedSubset { .. } => "naked_subset",
        Rule::HiddenSubset { .. } => "hidden_subset",
        Rule::Fish { .. } => "fish",
        Rule::UnitPropagation => "unit_propagation",
        Rule::BandPropagation => "band_propagation",
        Rule::Fittest => "fittest",
        Rule::IntegerProgram => "integer_program",
        Rule::HallInterval { .. } => "hall_interval",
        Rule::Matching { .. } => "matching",
        Rule::PatternOverlay => "pattern_overlay",
    }
}

/// The name of a choice's heuristic, as the JSON Lines trace gives it:
/// `fewest_candidates`, `fewest_rows`.
pub const fn choice_name(choice: Choice) -> &'static str {
    match choice {
        Choice::FewestCandidates { .. } => "fewest_candidates",
        Choice::FewestRows { .. } => "fewest_rows",
    }
}

/// The name of a dead end's reason, as the JSON Lines trace gives it: `empty_cell`,
/// `no_place`, `empty_column`, `no_matching`, `no_template`.
pub const fn reason_name(reason: Contradiction) -> &'static str {
    match reason {
        Contradiction::EmptyCell { .. } => "empty_cell",
        Contradiction::NoPlace { .. } => "no_place",
        Contradiction::EmptyColumn { .. } => "empty_column",
        Contradiction::NoMatching { .. } => "no_matching",
        Contradiction::NoTemplate { .. } => "no_template",
    }
}

/// An event of a grid of `size` in the classic words (see the [module documentation](self)).
///
/// ```
/// use sudoku_core::{Event, Rule, Size};
/// use sudoku_trace::words::words;
///
/// let nine = Size::NINE;
/// let try_ = Event::Try { depth: 1, cell: 22, digit: 7 };
/// assert_eq!(words(&try_, nine).to_string(), "try r3c5 = 7");
/// let only = Event::Assign { depth: 0, cell: 4, digit: 4, rule: Rule::HiddenSingle { unit: 19 } };
/// assert_eq!(words(&only, nine).to_string(), "only place for 4 in box 2 is r1c5");
/// ```
pub const fn words(event: &Event, size: Size) -> Words<'_> {
    Words { event, size }
}

/// An event in words (see [`words`]).
#[derive(Debug, Clone, Copy)]
pub struct Words<'a> {
    event: &'a Event,
    size: Size,
}

impl fmt::Display for Words<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = self.size;
        let cell = |c: u16| size.cell_name(usize::from(c));
        let sym = |d: u8| size.symbol(d);
        match *self.event {
            Event::Choose { choice, .. } => choose(f, choice, size),
            Event::Try { cell: c, digit, .. } => write!(f, "try {} = {}", cell(c), sym(digit)),
            Event::Backtrack { cell: c, digit, .. } => {
                write!(f, "backtrack {} = {}", cell(c), sym(digit))
            }
            Event::Solution { .. } => f.write_str("solution"),
            Event::Contradiction { reason, .. } => dead_end(f, reason, size),
            Event::Assign {
                cell: c,
                digit,
                rule,
                ..
            } => assign(f, &cell(c), sym(digit), rule, size),
            Event::Eliminate {
                cell: c,
                digit,
                rule,
                ..
            } => {
                write!(f, "eliminate {} from {} (", sym(digit), cell(c))?;
                why(f, rule, sym(digit), size)?;
                f.write_str(")")
            }
            Event::Cover { column, .. } => cover(f, "cover", column, size),
            Event::Uncover { column, .. } => cover(f, "uncover", column, size),
            Event::Swap {
                cells: [a, b],
                cost,
                accepted,
            } => {
                let kept = if accepted { "kept" } else { "undone" };
                write!(f, "swap {} {} (cost {cost}, {kept})", cell(a), cell(b))
            }
            Event::Generation { cost, restart } => {
                let what = if restart {
                    "restart: a new population"
                } else {
                    "generation"
                };
                write!(f, "{what} (best cost {cost})")
            }
            Event::Node { taken_back } => f.write_str(if taken_back {
                "node (taken back)"
            } else {
                "node"
            }),
        }
    }
}

/// What the search chose and why: `choose r3c5 (2 candidates, the fewest)`.
fn choose(f: &mut fmt::Formatter<'_>, choice: Choice, size: Size) -> fmt::Result {
    match choice {
        Choice::FewestCandidates { cell, candidates } => write!(
            f,
            "choose {} ({candidates} candidates, the fewest)",
            size.cell_name(usize::from(cell))
        ),
        Choice::FewestRows { column, rows } => {
            f.write_str("choose column ")?;
            column_name(f, column, size)?;
            let s = if rows == 1 { "" } else { "s" };
            write!(f, " ({rows} row{s}, the fewest)")
        }
    }
}

fn dead_end(f: &mut fmt::Formatter<'_>, reason: Contradiction, size: Size) -> fmt::Result {
    match reason {
        Contradiction::EmptyCell { cell } => write!(
            f,
            "dead end: {} has no candidate left",
            size.cell_name(usize::from(cell))
        ),
        Contradiction::NoPlace { unit, digit } => write!(
            f,
            "dead end: no place left for {} in {}",
            size.symbol(digit),
            size.unit_name(usize::from(unit))
        ),
        Contradiction::EmptyColumn { column } => {
            f.write_str("dead end: column ")?;
            column_name(f, column, size)?;
            f.write_str(" has no row left")
        }
        Contradiction::NoMatching { unit } => write!(
            f,
            "dead end: the cells of {} cannot all take different digits",
            size.unit_name(usize::from(unit))
        ),
        Contradiction::NoTemplate { digit } => {
            write!(f, "dead end: no template left for {}", size.symbol(digit))
        }
    }
}

fn assign(
    f: &mut fmt::Formatter<'_>,
    cell: &str,
    digit: char,
    rule: Rule,
    size: Size,
) -> fmt::Result {
    match rule {
        Rule::Given => write!(f, "given {cell} = {digit}"),
        Rule::Tried => write!(f, "assign {cell} = {digit} (the try)"),
        Rule::Assigned => write!(f, "assign {cell} = {digit}"),
        Rule::NakedSingle => write!(f, "{cell} = {digit}, its last candidate"),
        Rule::HiddenSingle { unit } => write!(
            f,
            "only place for {digit} in {} is {cell}",
            size.unit_name(usize::from(unit))
        ),
        Rule::UnitPropagation => write!(f, "{cell} = {digit} by unit propagation"),
        Rule::BandPropagation => write!(f, "{cell} = {digit} by band propagation"),
        Rule::PatternOverlay => write!(f, "{cell} = {digit}: every template of {digit} covers it"),
        _ => {
            write!(f, "assign {cell} = {digit} (")?;
            why(f, rule, digit, size)?;
            f.write_str(")")
        }
    }
}

/// Why a digit leaves a cell: the words in the brackets of an elimination.
fn why(f: &mut fmt::Formatter<'_>, rule: Rule, digit: char, size: Size) -> fmt::Result {
    let unit = |u: u16| size.unit_name(usize::from(u));
    match rule {
        Rule::Given => f.write_str("given"),
        Rule::Tried => f.write_str("the try"),
        Rule::Assigned => f.write_str("the cell is assigned"),
        Rule::NakedSingle => f.write_str("naked single"),
        Rule::HiddenSingle { unit: u } => write!(f, "hidden single in {}", unit(u)),
        Rule::Pointing { box_unit, line } => write!(
            f,
            "pointing: {digit} of {} lies in {}",
            unit(box_unit),
            unit(line)
        ),
        Rule::Claiming { line, box_unit } => write!(
            f,
            "claiming: {digit} of {} lies in {}",
            unit(line),
            unit(box_unit)
        ),
        Rule::NakedSubset { unit: u, count } => {
            write!(f, "naked {} in {}", subset(count), unit(u))
        }
        Rule::HiddenSubset { unit: u, count } => {
            write!(f, "hidden {} in {}", subset(count), unit(u))
        }
        Rule::Fish {
            count,
            rows,
            base,
            cover,
        } => {
            let (along, across) = if rows {
                ("rows", "columns")
            } else {
                ("columns", "rows")
            };
            write!(
                f,
                "{}: {digit} of {along} {} lies in {across} {}",
                fish(count),
                Lines(base),
                Lines(cover)
            )
        }
        Rule::UnitPropagation => f.write_str("unit propagation"),
        Rule::BandPropagation => f.write_str("band propagation"),
        Rule::IntegerProgram => f.write_str("the integer program's solution"),
        Rule::HallInterval { unit: u } => write!(f, "Hall interval in {}", unit(u)),
        Rule::Matching { unit: u } => write!(f, "in no matching of {}", unit(u)),
        Rule::PatternOverlay => write!(f, "no template of {digit} covers it"),
        Rule::Fittest => f.write_str("the fittest grid"),
    }
}

const fn subset(count: u8) -> &'static str {
    match count {
        2 => "pair",
        3 => "triple",
        4 => "quad",
        _ => "subset",
    }
}

const fn fish(count: u8) -> &'static str {
    match count {
        2 => "X-wing",
        3 => "swordfish",
        4 => "jellyfish",
        _ => "fish",
    }
}

/// Lines by number, from a bit set of their indexes: `2, 6`, `1, 4, 7` (short: a
/// swordfish's elimination fits 80 columns).
struct Lines(u32);

impl fmt::Display for Lines {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut numbers = (0..32).filter(|l| self.0 >> l & 1 != 0).map(|l| l + 1);
        if let Some(first) = numbers.next() {
            write!(f, "{first}")?;
        }
        numbers.try_for_each(|n| write!(f, ", {n}"))
    }
}

fn cover(f: &mut fmt::Formatter<'_>, verb: &str, column: u16, size: Size) -> fmt::Result {
    write!(f, "{verb} column ")?;
    column_name(f, column, size)
}

fn column_name(f: &mut fmt::Formatter<'_>, column: u16, size: Size) -> fmt::Result {
    match Column::of(size, usize::from(column)) {
        Some(c) => write!(f, "\"{}\"", c.name(size)),
        None => write!(f, "{column}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn say(event: Event) -> String {
        words(&event, Size::NINE).to_string()
    }

    #[test]
    fn every_kind_of_event_reads_in_the_classic_words() {
        let (depth, cell, digit) = (2, 22, 7);
        let choice = Choice::FewestCandidates {
            cell: 22,
            candidates: 2,
        };
        assert_eq!(
            say(Event::Choose { depth, choice }),
            "choose r3c5 (2 candidates, the fewest)"
        );
        let choice = Choice::FewestRows {
            column: 81 + 24,
            rows: 2,
        };
        assert_eq!(
            say(Event::Choose { depth, choice }),
            "choose column \"row 3 has 7\" (2 rows, the fewest)"
        );
        let choice = Choice::FewestRows {
            column: 22,
            rows: 1,
        };
        assert_eq!(
            say(Event::Choose { depth, choice }),
            "choose column \"r3c5 filled\" (1 row, the fewest)"
        );
        assert_eq!(say(Event::Try { depth, cell, digit }), "try r3c5 = 7");
        assert_eq!(
            say(Event::Backtrack { depth, cell, digit }),
            "backtrack r3c5 = 7"
        );
        assert_eq!(say(Event::Solution { depth }), "solution");
        let dead = |reason| say(Event::Contradiction { depth, reason });
        assert_eq!(
            dead(Contradiction::EmptyCell { cell: 28 }),
            "dead end: r4c2 has no candidate left"
        );
        assert_eq!(
            dead(Contradiction::NoPlace { unit: 19, digit: 7 }),
            "dead end: no place left for 7 in box 2"
        );
        assert_eq!(
            dead(Contradiction::EmptyColumn { column: 101 }),
            "dead end: column \"row 3 has 3\" has no row left"
        );
        assert_eq!(
            dead(Contradiction::NoMatching { unit: 11 }),
            "dead end: the cells of column 3 cannot all take different digits"
        );
        assert_eq!(
            dead(Contradiction::NoTemplate { digit: 5 }),
            "dead end: no template left for 5"
        );
        let elim = |rule| {
            say(Event::Eliminate {
                depth,
                cell: 23,
                digit,
                rule,
            })
        };
        assert_eq!(
            elim(Rule::NakedSingle),
            "eliminate 7 from r3c6 (naked single)"
        );
        assert_eq!(
            elim(Rule::Assigned),
            "eliminate 7 from r3c6 (the cell is assigned)"
        );
        assert_eq!(
            elim(Rule::Pointing {
                box_unit: 19,
                line: 2
            }),
            "eliminate 7 from r3c6 (pointing: 7 of box 2 lies in row 3)"
        );
        assert_eq!(
            elim(Rule::Claiming {
                line: 2,
                box_unit: 19
            }),
            "eliminate 7 from r3c6 (claiming: 7 of row 3 lies in box 2)"
        );
        assert_eq!(
            elim(Rule::NakedSubset { unit: 2, count: 2 }),
            "eliminate 7 from r3c6 (naked pair in row 3)"
        );
        assert_eq!(
            elim(Rule::HiddenSubset { unit: 20, count: 3 }),
            "eliminate 7 from r3c6 (hidden triple in box 3)"
        );
        assert_eq!(
            elim(Rule::Fish {
                count: 2,
                rows: true,
                base: 1 << 1 | 1 << 5,
                cover: 1 << 2 | 1 << 7,
            }),
            "eliminate 7 from r3c6 (X-wing: 7 of rows 2, 6 lies in columns 3, 8)"
        );
        assert_eq!(
            elim(Rule::Fish {
                count: 3,
                rows: false,
                base: 1 | 1 << 3 | 1 << 6,
                cover: 1 << 1 | 1 << 4 | 1 << 7,
            }),
            "eliminate 7 from r3c6 (swordfish: 7 of columns 1, 4, 7 lies in rows 2, 5, 8)"
        );
        assert_eq!(
            elim(Rule::HallInterval { unit: 2 }),
            "eliminate 7 from r3c6 (Hall interval in row 3)"
        );
        assert_eq!(
            elim(Rule::Matching { unit: 20 }),
            "eliminate 7 from r3c6 (in no matching of box 3)"
        );
        assert_eq!(
            elim(Rule::PatternOverlay),
            "eliminate 7 from r3c6 (no template of 7 covers it)"
        );
        let assign = |rule| {
            say(Event::Assign {
                depth,
                cell: 4,
                digit: 4,
                rule,
            })
        };
        assert_eq!(assign(Rule::Given), "given r1c5 = 4");
        assert_eq!(assign(Rule::Tried), "assign r1c5 = 4 (the try)");
        assert_eq!(
            assign(Rule::HiddenSingle { unit: 19 }),
            "only place for 4 in box 2 is r1c5"
        );
        assert_eq!(assign(Rule::NakedSingle), "r1c5 = 4, its last candidate");
        assert_eq!(
            assign(Rule::UnitPropagation),
            "r1c5 = 4 by unit propagation"
        );
        assert_eq!(
            assign(Rule::BandPropagation),
            "r1c5 = 4 by band propagation"
        );
        assert_eq!(assign(Rule::Fittest), "assign r1c5 = 4 (the fittest grid)");
        assert_eq!(
            assign(Rule::PatternOverlay),
            "r1c5 = 4: every template of 4 covers it"
        );
        assert_eq!(
            say(Event::Cover { depth, column: 22 }),
            "cover column \"r3c5 filled\""
        );
        assert_eq!(
            say(Event::Uncover {
                depth,
                column: 81 + 24
            }),
            "uncover column \"row 3 has 7\""
        );
        let swap = |accepted| {
            say(Event::Swap {
                cells: [0, 20],
                cost: 4,
                accepted,
            })
        };
        assert_eq!(swap(true), "swap r1c1 r3c3 (cost 4, kept)");
        assert_eq!(swap(false), "swap r1c1 r3c3 (cost 4, undone)");
        let generation = |restart| say(Event::Generation { cost: 6, restart });
        assert_eq!(generation(false), "generation (best cost 6)");
        assert_eq!(generation(true), "restart: a new population (best cost 6)");
        assert_eq!(say(Event::Node { taken_back: true }), "node (taken back)");
        assert_eq!(say(Event::Node { taken_back: false }), "node");
    }

    #[test]
    fn larger_grids_use_their_symbols() {
        let e = Event::Try {
            depth: 1,
            cell: 17,
            digit: 16,
        };
        assert_eq!(words(&e, Size::SIXTEEN).to_string(), "try r2c2 = G");
    }
}
