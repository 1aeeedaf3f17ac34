//! `sudoku-lab compare A.csv B.csv`: two runs side by side, per corpus and solver.
//!
//! - Counters first: the runs must give the same status, solutions, nodes, backtracks and
//!   solution for the same puzzle (the counters are the contract); a difference between two
//!   commits is a fidelity regression, not noise, so each one is listed.
//! - Then time: B's median over A's on the puzzles both solved, with a bootstrap interval
//!   ([`stats`]), and the share of puzzles where each side was faster.
//!
//! Corpora are matched by file name, so that runs made in different folders (or machines)
//! compare, but for two corpora of one run that share a file name, matched by their paths;
//! puzzles by index, and timed only when their texts agree (two rows of one index whose
//! puzzles differ are two puzzles: another corpus under one name, or other isomorphs). Two
//! runs that pair no puzzle compared nothing: an error.

mod sheet;

use std::collections::{HashMap, HashSet};
use std::fmt::Display;
use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use rayon::prelude::*;
use sudoku_reports::identity::corpus_puzzle;
use sudoku_reports::settings::{differences, not_given, Shards};
use sudoku_reports::sidecar::account_not_given;
use sudoku_reports::summary::match_names;
use sudoku_reports::wording::plural;
use sudoku_reports::{read_rows, RunFiles, Sidecar, State};
use sudoku_results::stats::{self, Ratio};
use sudoku_results::{Retimed, Row, Status};

use crate::cli::CompareArgs;
use crate::{ui, RunEnd};

/// Examples of differing counters listed per group.
const EXAMPLES: usize = 5;

/// A group's key as the rows give it: the corpus as the run named it, the solver.
type RowKey = (Arc<str>, Arc<str>);

/// A puzzle as the rows give it: its group, its index.
type PuzzleKey = (RowKey, u64);

/// One run: its CSV, and its groups in the CSV's order.
struct Run {
    /// The CSV.
    path: PathBuf,
    /// Per corpus and solver, its rows.
    groups: Vec<Rows>,
    /// The puzzles' texts of a CSV that cannot be read again (a pipe: `<(…)`,
    /// `/dev/stdin`), kept as it is read (of a puzzle's rows, the last); `None` for a
    /// regular file, read again for the examples' texts (see [`puzzle_texts`]).
    texts: Option<HashMap<PuzzleKey, String>>,
    /// The rows read.
    count: u64,
}

/// The rows of one corpus and solver of a run.
struct Rows {
    /// The key by which the runs are matched: the corpus's name ([`match_names`]: its file
    /// name, or its path when another corpus of the run has that file name), the solver.
    key: (String, Arc<str>),
    /// Its key as the rows give it.
    row_key: RowKey,
    /// Its rows, one per puzzle, by index (see [`by_index`]).
    rows: Vec<Kept>,
}

/// A row as `compare` keeps it: what it compares of it and the time, not its text (the
/// grids are kept as hashes; a million rows are compared in memory of a million of these,
/// whatever the grids' size).
#[derive(Debug, Clone, PartialEq)]
struct Kept {
    index: u64,
    /// Its line in the corpus.
    line: u64,
    status: Status,
    solutions: u64,
    nodes: u64,
    backtracks: u64,
    /// The solve time, when it has one ([`Row::solve_time`]: the one rule of the time
    /// figures).
    time: Option<u64>,
    /// The hash of the puzzle solved ([`text_hash`]).
    puzzle: u64,
    /// The hash of the corpus's puzzle ([`corpus_puzzle`]): under `--permute` the puzzle
    /// solved is an isomorph of it.
    source: u64,
    /// The hash of the solution.
    solution: u64,
    /// Whether its time stayed disturbed in every timing ([`Retimed::Disturbed`]).
    disturbed: bool,
}

impl Kept {
    fn of(row: &Row) -> Kept {
        Kept {
            index: row.index,
            line: row.line,
            status: row.status.clone(),
            solutions: row.solutions,
            nodes: row.nodes,
            backtracks: row.backtracks,
            time: row.solve_time(),
            puzzle: text_hash(&row.puzzle),
            source: text_hash(corpus_puzzle(row)),
            solution: text_hash(&row.solution),
            disturbed: row.retimed == Retimed::Disturbed,
        }
    }
}

/// The hash by which `compare` tells two grids' texts apart: SipHash-1-3 (the standard
/// library's, with its fixed keys), 64 bits. Two rows of one puzzle are compared by it: a
/// difference goes unseen with a chance of 2^-64 per puzzle.
fn text_hash(text: &str) -> u64 {
    BuildHasherDefault::<DefaultHasher>::default().hash_one(text)
}

/// What the comparison of one corpus and solver found.
#[derive(Debug, Clone, Default)]
pub struct Group {
    /// The corpus's name, as the key gives it.
    pub corpus: String,
    pub solver: Arc<str>,
    /// Puzzles in both runs.
    pub paired: u64,
    /// Puzzles in A only, in B only.
    pub only: (u64, u64),
    /// Median nanoseconds of A and B over the puzzles both solved.
    pub medians: Option<(u64, u64)>,
    /// B over A, with its interval.
    pub ratio: Option<Ratio>,
    /// Puzzles both solved where B was faster, where A was.
    pub faster: (u64, u64),
    /// Puzzles both solved.
    pub timed: u64,
    /// Of those, the ones whose time stayed disturbed in A, in B.
    pub disturbed: (u64, u64),
    /// Puzzles whose counters differ.
    pub changed: u64,
    /// The first few of them, told.
    pub examples: Vec<String>,
    /// Puzzles whose index pairs them but whose corpus's texts differ: the runs read
    /// different corpora under one name. Not timed ([`both_solved`]).
    pub foreign: u64,
    /// Puzzles of one corpus text whose isomorphs solved differ (`--permute` of another
    /// seed, or of one run only). Not timed.
    pub isomorphs: u64,
}

/// What `compare` found.
#[derive(Debug, Clone, Default)]
pub struct Comparison {
    /// The groups in both runs, in A's order.
    pub groups: Vec<Group>,
    /// `corpus solver` of the groups in A only, in B only.
    pub unmatched: (Vec<String>, Vec<String>),
    /// Settings that differ between the runs' sidecars (besides the build).
    pub settings: Vec<String>,
    /// What is said of a sidecar missing, or that does not give some settings (they are
    /// not compared).
    pub not_given: Vec<String>,
    /// What is said of a run whose sidecar says it did not finish: its rows are not all
    /// of it.
    pub unfinished: Vec<String>,
}

/// Runs `compare`: see `sudoku-lab compare --help`.
pub fn compare(args: &CompareArgs) -> Result<RunEnd> {
    // Side by side, on two cores; A's error first, as when read one after the other.
    let (a, b) = rayon::join(|| read_run(&args.a), || read_run(&args.b));
    let (a, b) = (a?, b?);
    let sides = [
        Side::read("A", &args.a, a.count),
        Side::read("B", &args.b, b.count),
    ];
    let told = |say: fn(&Side) -> Option<String>| -> Vec<String> {
        sides.iter().filter_map(say).collect()
    };
    let short = told(Side::not_as_written);
    if args.fail_above.is_some() && !short.is_empty() {
        // A gate that passes on rows that are not the run's would pass anything.
        bail!("--fail-above: {}", short.join(" "));
    }
    for said in &short {
        ui::warning(said);
    }
    let (settings, mut not_given) = setting_differences(&sides);
    not_given.extend(told(Side::no_sidecar));
    let comparison = Comparison {
        settings,
        not_given,
        unfinished: told(Side::unfinished),
        ..compare_runs(&a, &b, args.resamples)?
    };
    let (a, b) = (args.a.display(), args.b.display());
    if comparison.groups.is_empty() {
        bail!("{a} and {b} have no corpus and solver in common: nothing to compare");
    }
    if comparison.groups.iter().all(|g| g.paired == 0) {
        // Two shards of one corpus, or `--first 10` against puzzles past the tenth.
        let (ia, ib) =
            (comparison.groups.iter()).fold((0, 0), |(a, b), g| (a + g.only.0, b + g.only.1));
        bail!(
            "{a} and {b} have no puzzle in common (paired by index, in the corpora and solvers \
             of both: {ia} puzzle{} in A, {ib} in B): nothing was compared",
            plural(ia)
        );
    }
    ui::out(match args.markdown {
        true => sheet::markdown(&comparison, args),
        false => sheet::text(&comparison, args),
    });
    let reasons = args
        .fail_above
        .map_or_else(Vec::new, |pct| regressions(&comparison, pct));
    for reason in &reasons {
        ui::error(reason);
    }
    ui::stdout_written()?;
    Ok(match reasons.is_empty() {
        true => RunEnd::Finished,
        false => RunEnd::Regressed,
    })
}

/// Why `--fail-above PCT` fails: a run that did not finish (its rows are not the whole
/// run), every counter change, every solver slower beyond PCT.
pub fn regressions(comparison: &Comparison, pct: f64) -> Vec<String> {
    let groups = &comparison.groups;
    let changed = groups.iter().filter(|g| g.changed > 0).map(|g| {
        let n = g.changed;
        format!(
            "{} {}: counters changed on {n} puzzle{}",
            g.corpus,
            g.solver,
            plural(n)
        )
    });
    let slower = groups.iter().filter_map(|g| {
        let r = g.ratio.filter(|r| r.low > 1.0 + pct / 100.0)?;
        Some(format!(
            "{} {}: {:.1}% slower (95% interval {:.3}..{:.3}), above {pct}%",
            g.corpus,
            g.solver,
            (r.ratio - 1.0) * 100.0,
            r.low,
            r.high
        ))
    });
    comparison
        .unfinished
        .iter()
        .cloned()
        .chain(changed)
        .chain(slower)
        .collect()
}

/// The rows of the CSV at `path`, grouped by corpus (named as [`match_names`] names it, so
/// that two corpora of one file name stay two) and solver, each kept as [`Kept`].
fn read_run(path: &Path) -> Result<Run> {
    let mut groups: Vec<(RowKey, Vec<Kept>)> = Vec::new();
    let mut at: HashMap<RowKey, usize> = HashMap::new();
    let mut texts = (!readable_again(path)).then(HashMap::new);
    let mut count = 0;
    for row in read_rows(path)? {
        let row = row?;
        count += 1;
        let key = (row.corpus.clone(), row.solver.clone());
        if let Some(texts) = &mut texts {
            texts.insert((key.clone(), row.index), row.puzzle.to_string());
        }
        let i = *at.entry(key).or_insert_with_key(|key| {
            groups.push((key.clone(), Vec::new()));
            groups.len() - 1
        });
        groups[i].1.push(Kept::of(&row));
    }
    if groups.is_empty() {
        bail!("{}: no rows: nothing to compare", path.display());
    }
    let names = match_names(groups.iter().map(|((corpus, _), _)| &**corpus));
    let keys: Vec<_> = (groups.iter())
        .map(|((corpus, solver), _)| (names[&**corpus].clone(), solver.clone()))
        .collect();
    let groups = (groups.into_iter().zip(keys))
        .map(|((row_key, rows), key)| Rows {
            key,
            row_key,
            rows: by_index(rows),
        })
        .collect();
    Ok(Run {
        path: path.to_path_buf(),
        groups,
        texts,
        count,
    })
}

/// Whether the CSV at `path` can be read a second time from its start: a regular file
/// (through a link or not), not a pipe or a device, which give their bytes once.
fn readable_again(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file())
}

/// A group's rows by puzzle index, ascending, one per puzzle: of a puzzle's rows, the last
/// in the CSV (a later row of a puzzle replaces an earlier one).
fn by_index(mut rows: Vec<Kept>) -> Vec<Kept> {
    // Stable: a puzzle's rows keep the CSV's order. Rows in order already (a run's) cost
    // one pass.
    rows.sort_by_key(|r| r.index);
    rows.dedup_by(|later, kept| {
        let same = later.index == kept.index;
        if same {
            std::mem::swap(later, kept);
        }
        same
    });
    rows
}

/// The runs compared, group by group (on every core: each group its own generator, the
/// same findings on any number); the puzzles of the examples read again from the CSVs
/// (see [`puzzle_texts`]).
fn compare_runs(a: &Run, b: &Run, resamples: u64) -> Result<Comparison> {
    let found: Vec<(Group, Vec<Example>, &Rows, &Rows)> = a
        .groups
        .par_iter()
        .filter_map(|ga| {
            let gb = b.groups.iter().find(|gb| gb.key == ga.key)?;
            let (group, examples) = compare_group(ga, gb, resamples);
            Some((group, examples, ga, gb))
        })
        .collect();
    let (mut wanted_a, mut wanted_b) = (HashSet::new(), HashSet::new());
    for (_, examples, ga, gb) in &found {
        for e in examples.iter().filter(|e| e.puzzle) {
            wanted_a.insert((ga.row_key.clone(), e.index));
            wanted_b.insert((gb.row_key.clone(), e.index));
        }
    }
    let (texts_a, texts_b) = (puzzle_texts(a, &wanted_a)?, puzzle_texts(b, &wanted_b)?);
    let text = |texts: &HashMap<PuzzleKey, String>, g: &Rows, index: u64| {
        let text = texts.get(&(g.row_key.clone(), index));
        text.map_or("?", String::as_str).to_string()
    };
    let groups = found
        .into_iter()
        .map(|(group, examples, ga, gb)| Group {
            examples: examples
                .iter()
                .map(|e| e.told(text(&texts_a, ga, e.index), text(&texts_b, gb, e.index)))
                .collect(),
            ..group
        })
        .collect();
    let only = |run: &Run, other: &Run| -> Vec<String> {
        let theirs = |g: &&Rows| !other.groups.iter().any(|o| o.key == g.key);
        let key = |g: &Rows| format!("{} {}", g.key.0, g.key.1);
        run.groups.iter().filter(theirs).map(key).collect()
    };
    Ok(Comparison {
        groups,
        unmatched: (only(a, b), only(b, a)),
        ..Comparison::default()
    })
}

/// The puzzles' texts that `wanted` names (of a puzzle's rows, the last, as [`by_index`]
/// keeps), read again from the CSV of `run`, or taken from those it kept when its CSV
/// cannot be read again (a pipe): `compare` keeps no text of a file, and the examples of a
/// puzzle that differs between the runs name both.
fn puzzle_texts(run: &Run, wanted: &HashSet<PuzzleKey>) -> Result<HashMap<PuzzleKey, String>> {
    if let Some(kept) = &run.texts {
        let text = |key: &PuzzleKey| Some((key.clone(), kept.get(key)?.clone()));
        return Ok(wanted.iter().filter_map(text).collect());
    }
    let mut texts = HashMap::new();
    if wanted.is_empty() {
        return Ok(texts);
    }
    for row in read_rows(&run.path)? {
        let row = row?;
        let key = ((row.corpus, row.solver), row.index);
        if wanted.contains(&key) {
            texts.insert(key, row.puzzle.to_string());
        }
    }
    Ok(texts)
}

/// A puzzle whose counters differ between the runs, as [`counters_differ`] finds it.
struct Example {
    index: u64,
    /// Its line in A's corpus.
    line: u64,
    /// Whether the puzzles differ (told with both texts, read again).
    puzzle: bool,
    /// The other counters that differ, told.
    others: Vec<String>,
}

impl Example {
    /// `index I (line L): …`, the puzzles' texts A's `a` and B's `b`.
    fn told(&self, a: String, b: String) -> String {
        let puzzle = self.puzzle.then(|| format!("puzzle {a} → {b}"));
        let differ: Vec<String> = puzzle.into_iter().chain(self.others.clone()).collect();
        let (index, line) = (self.index, self.line);
        format!("index {index} (line {line}): {}", differ.join(", "))
    }
}

/// One group compared, its rows `ga` in A and `gb` in B; the examples not yet told.
fn compare_group(ga: &Rows, gb: &Rows, resamples: u64) -> (Group, Vec<Example>) {
    let mut g = Group {
        corpus: ga.key.0.clone(),
        solver: ga.key.1.clone(),
        ..Group::default()
    };
    let mut examples = Vec::new();
    let mut pairs = Vec::new();
    for (ra, rb) in paired_rows(&ga.rows, &gb.rows) {
        g.paired += 1;
        if ra.source != rb.source {
            g.foreign += 1;
        } else if ra.puzzle != rb.puzzle {
            g.isomorphs += 1;
        }
        if let Some(example) = counters_differ(ra, rb) {
            g.changed += 1;
            if examples.len() < EXAMPLES {
                examples.push(example);
            }
        }
        if let Some((ta, tb)) = both_solved(ra, rb) {
            pairs.push((ta, tb));
            g.faster.0 += u64::from(tb < ta);
            g.faster.1 += u64::from(ta < tb);
            g.disturbed.0 += u64::from(ra.disturbed);
            g.disturbed.1 += u64::from(rb.disturbed);
        }
    }
    g.only = (
        ga.rows.len() as u64 - g.paired,
        gb.rows.len() as u64 - g.paired,
    );
    let (mut ta, mut tb): (Vec<u64>, Vec<u64>) = pairs.iter().copied().unzip();
    g.medians = stats::median(&mut ta).zip(stats::median(&mut tb));
    g.ratio = stats::ratio(&pairs, resamples);
    g.timed = pairs.len() as u64;
    (g, examples)
}

/// The solve times (A's, B's) of a puzzle both runs solved: the puzzles whose times
/// `compare` takes (a solved row has a solve time, by [`Row::solve_time`]'s rule). The
/// same puzzle, its text the same in both: two rows of one index whose puzzles differ
/// (other corpora under one name, other isomorphs) time different work, and are not
/// timed against each other.
fn both_solved(a: &Kept, b: &Kept) -> Option<(u64, u64)> {
    if a.puzzle != b.puzzle || a.status != Status::Solved || b.status != Status::Solved {
        return None;
    }
    a.time.zip(b.time)
}

/// The rows of the puzzles in both `a` and `b` (each by index, ascending), by index.
fn paired_rows<'r>(a: &'r [Kept], b: &'r [Kept]) -> impl Iterator<Item = (&'r Kept, &'r Kept)> {
    let mut b = b.iter().peekable();
    a.iter().filter_map(move |ra| {
        while b.next_if(|rb| rb.index < ra.index).is_some() {}
        b.next_if(|rb| rb.index == ra.index).map(|rb| (ra, rb))
    })
}

/// The counters of one puzzle that differ between two rows (`None` when none does): the
/// puzzle, then each of the others told `name a → b`.
fn counters_differ(a: &Kept, b: &Kept) -> Option<Example> {
    fn change<T: PartialEq + Display>(name: &str, a: &T, b: &T) -> Option<String> {
        (a != b).then(|| format!("{name} {a} → {b}"))
    }
    let others: Vec<String> = [
        change("status", &a.status, &b.status),
        change("solutions", &a.solutions, &b.solutions),
        change("nodes", &a.nodes, &b.nodes),
        change("backtracks", &a.backtracks, &b.backtracks),
        (a.solution != b.solution).then(|| "solution differs".into()),
    ]
    .into_iter()
    .flatten()
    .collect();
    let puzzle = a.puzzle != b.puzzle;
    (puzzle || !others.is_empty()).then_some(Example {
        index: a.index,
        line: a.line,
        puzzle,
        others,
    })
}

/// One run's sidecar, as `compare` found it beside run `which` (`A` or `B`).
struct Side {
    which: &'static str,
    /// The run's CSV.
    csv: PathBuf,
    /// The rows read from it.
    rows: u64,
    found: Found,
}

/// What `compare` found of a run's sidecar.
enum Found {
    Read(Box<Read>),
    /// None beside the CSV: the run's settings and how it ended are not known.
    Missing,
    /// One that cannot be read (warned of as read).
    Unreadable,
}

/// A sidecar read.
struct Read {
    sidecar: Sidecar,
    /// The file, as messages name it: beside the file a link leads to, maybe.
    path: String,
    /// The settings its text does not give (see [`not_given`]).
    not_given: Vec<&'static str>,
    /// Whether it says how many rows the run wrote.
    rows_given: bool,
}

impl Side {
    /// The sidecar beside `csv` (of which `rows` were read): read, missing, or unreadable
    /// (a warning); one that says nothing of how the run ended is warned of, as its
    /// settings are not compared.
    fn read(which: &'static str, csv: &Path, rows: u64) -> Side {
        let found = match Sidecar::read_text_beside(csv)
            .with_context(|| format!("the sidecar of {}", csv.display()))
        {
            Ok(Some(found)) => {
                if found.sidecar.state.is_nothing() {
                    let state = found.sidecar.state.told();
                    let not = "the runs' settings are not compared";
                    ui::warning(format!("{}: {state}: {not}", csv.display()));
                }
                Found::Read(Box::new(Read {
                    not_given: not_given(&found.text),
                    rows_given: !account_not_given(&found.text).contains(&"rows"),
                    sidecar: found.sidecar,
                    path: found.path.display().to_string(),
                }))
            }
            Ok(None) => Found::Missing,
            Err(e) => {
                ui::warning(format!("{} (compared without it)", ui::chain(&e)));
                Found::Unreadable
            }
        };
        Side {
            which,
            csv: csv.to_path_buf(),
            rows,
            found,
        }
    }

    /// The sidecar, when it was read.
    fn sidecar(&self) -> Option<&Read> {
        match &self.found {
            Found::Read(read) => Some(read),
            Found::Missing | Found::Unreadable => None,
        }
    }

    /// The run as messages name it: `A (a.csv)`.
    fn name(&self) -> String {
        format!("{} ({})", self.which, self.csv.display())
    }

    /// What is said when no sidecar is beside the run: neither its settings nor how it
    /// ended are known.
    fn no_sidecar(&self) -> Option<String> {
        let sidecar = RunFiles::beside(&self.csv).sidecar;
        matches!(self.found, Found::Missing).then(|| {
            format!(
                "{} has no sidecar ({}): its settings and how it ended are not known, and not \
                 compared.",
                self.name(),
                sidecar.display()
            )
        })
    }

    /// What is said when the sidecar says, as the run ended, that it wrote another count
    /// of rows than were read: rows lost or added since (a file cut short, copied in part,
    /// edited). A run going, or killed, has not said it yet.
    fn not_as_written(&self) -> Option<String> {
        let read = self.sidecar()?;
        let e = read.sidecar.check_rows(self.rows).err();
        let e = e.filter(|_| read.rows_given)?;
        Some(format!("{}: {e}.", self.name()))
    }

    /// What is said when the sidecar does not say the run finished.
    fn unfinished(&self) -> Option<String> {
        let state = &self.sidecar()?.sidecar.state;
        let told = state.told();
        (*state != State::Finished)
            .then(|| format!("{} may not be the whole run: {told}.", self.name()))
    }
}

/// The settings not compared: the build (which a comparison of two commits changes on
/// purpose) and the corpora (matched by file name).
const NOT_COMPARED: [&str; 4] = ["version", "git_commit", "rustc", "corpus"];

/// Settings of the two sidecars that differ, but for the build; and what is said of a
/// sidecar that does not give some of them (not compared: they would read as zeros). None
/// when a sidecar is empty or cut short (warned of as read).
fn setting_differences([a, b]: &[Side; 2]) -> (Vec<String>, Vec<String>) {
    let (Some(ra), Some(rb)) = (a.sidecar(), b.sidecar()) else {
        return (Vec::new(), Vec::new());
    };
    if ra.sidecar.state.is_nothing() || rb.sidecar.state.is_nothing() {
        return (Vec::new(), Vec::new());
    }
    let compared = |setting: &&str| !NOT_COMPARED.contains(setting);
    let given = |setting: &str| ![ra, rb].iter().any(|r| r.not_given.contains(&setting));
    let differ = differences(&ra.sidecar, &rb.sidecar, Shards::Same)
        .into_iter()
        .filter(|d| compared(&d.setting) && given(d.setting))
        .map(|d| d.to_string())
        .collect();
    let told = [(a.which, ra), (b.which, rb)]
        .into_iter()
        .filter_map(|(which, read)| {
            let left_out: Vec<&str> = read.not_given.iter().copied().filter(compared).collect();
            (!left_out.is_empty()).then(|| {
                format!(
                    "{which}'s sidecar ({}) does not give {}: not compared.",
                    read.path,
                    left_out.join(", ")
                )
            })
        })
        .collect();
    (differ, told)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A kept row of puzzle `index`, its nodes `nodes`.
    fn kept(index: u64, nodes: u64) -> Kept {
        Kept {
            index,
            line: index + 1,
            status: Status::Solved,
            solutions: 1,
            nodes,
            backtracks: 0,
            time: Some(5),
            puzzle: text_hash("p"),
            source: text_hash("p"),
            solution: text_hash("s"),
            disturbed: false,
        }
    }

    #[test]
    fn a_later_row_of_a_puzzle_replaces_an_earlier_one_and_puzzles_pair_by_index() {
        let rows = by_index(vec![
            kept(3, 1),
            kept(1, 1),
            kept(3, 2),
            kept(0, 1),
            kept(3, 3),
        ]);
        let got: Vec<(u64, u64)> = rows.iter().map(|r| (r.index, r.nodes)).collect();
        assert_eq!(got, [(0, 1), (1, 1), (3, 3)]);
        let b = by_index(vec![kept(1, 1), kept(2, 1), kept(3, 1), kept(7, 1)]);
        let pairs: Vec<u64> = paired_rows(&rows, &b).map(|(a, _)| a.index).collect();
        assert_eq!(pairs, [1, 3]);
    }

    #[test]
    fn counters_that_differ_are_told_in_order_the_puzzle_first() {
        let a = kept(4, 10);
        assert!(counters_differ(&a, &a.clone()).is_none());
        let b = Kept {
            status: Status::Timeout,
            nodes: 0,
            puzzle: text_hash("q"),
            solution: text_hash(""),
            ..a.clone()
        };
        let example = counters_differ(&a, &b).unwrap();
        assert_eq!(
            example.told("p".into(), "q".into()),
            "index 4 (line 5): puzzle p → q, status solved → timeout, nodes 10 → 0, solution \
             differs"
        );
    }
}
