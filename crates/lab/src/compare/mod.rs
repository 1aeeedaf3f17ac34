//! `sudoku-lab compare A.csv B.csv`: two runs side by side, per corpus and solver; the
//! counters first (a difference is a fidelity regression), then B's median time over A's.
//! How runs, corpora and puzzles are matched and what is kept in memory: the book's
//! "compare" chapter.

mod sheet;

use std::collections::{HashMap, HashSet};
use std::fmt::Display;
use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use rayon::prelude::*;
use sudoku_reports::identity::corpus_puzzle;
use sudoku_reports::settings::{differences, Shards};
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
    path: PathBuf,
    groups: Vec<Rows>,
    /// The puzzles' texts of a CSV that cannot be read again (a pipe); `None` for a
    /// regular file, read again for the examples' texts ([`puzzle_texts`]).
    texts: Option<HashMap<PuzzleKey, String>>,
    /// The rows read.
    count: u64,
}

/// The rows of one corpus and solver of a run.
struct Rows {
    /// The key the runs are matched by: the corpus as [`match_names`] names it, the solver.
    key: (String, Arc<str>),
    row_key: RowKey,
    /// One row per puzzle, by index ([`by_index`]).
    rows: Vec<Kept>,
}

/// What `compare` keeps of a row: the grids as hashes ([`text_hash`]), so that its memory
/// does not grow with the grids' size.
#[derive(Debug, Clone, PartialEq)]
struct Kept {
    index: u64,
    line: u64,
    status: Status,
    solutions: u64,
    nodes: u64,
    backtracks: u64,
    /// [`Row::solve_time`]: the one rule of the time figures.
    time: Option<u64>,
    /// The puzzle solved.
    puzzle: u64,
    /// The corpus's puzzle ([`corpus_puzzle`]): under `--permute`, the puzzle solved is an
    /// isomorph of it.
    source: u64,
    solution: u64,
    /// Its time stayed disturbed in every timing.
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

/// SipHash-1-3 with the standard library's fixed keys: a difference between two grids goes
/// unseen with a chance of 2^-64.
fn text_hash(text: &str) -> u64 {
    BuildHasherDefault::<DefaultHasher>::default().hash_one(text)
}

/// What the comparison of one corpus and solver found.
#[derive(Debug, Clone, Default)]
pub struct Group {
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
    /// Puzzles whose counters differ, and the first few of them, told.
    pub changed: u64,
    pub examples: Vec<String>,
    /// Pairs whose corpus's texts differ (other corpora under one name): not timed.
    pub foreign: u64,
    /// Pairs of one corpus text whose isomorphs solved differ: not timed.
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
    /// What is said of a sidecar missing.
    pub not_given: Vec<String>,
    /// What is said of a run whose sidecar says it did not finish.
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
    let comparison = Comparison {
        settings: setting_differences(&sides),
        not_given: told(Side::no_sidecar),
        unfinished: told(Side::unfinished),
        ..compare_runs(&a, &b, args.resamples)?
    };
    let (a, b) = (args.a.display(), args.b.display());
    if comparison.groups.is_empty() {
        bail!("{a} and {b} have no corpus and solver in common: nothing to compare");
    }
    if comparison.groups.iter().all(|g| g.paired == 0) {
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

/// Why `--fail-above PCT` fails: a run that did not finish, every counter change, every
/// solver slower beyond PCT.
fn regressions(comparison: &Comparison, pct: f64) -> Vec<String> {
    let groups = &comparison.groups;
    let changed = groups.iter().filter(|g| g.changed > 0).map(|g| {
        let n = g.changed;
        let s = plural(n);
        format!(
            "{} {}: counters changed on {n} puzzle{s}",
            g.corpus, g.solver
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
    let unfinished = comparison.unfinished.iter().cloned();
    unfinished.chain(changed).chain(slower).collect()
}

/// The rows of the CSV at `path`, grouped by corpus and solver.
fn read_run(path: &Path) -> Result<Run> {
    let mut groups: Vec<(RowKey, Vec<Kept>)> = Vec::new();
    let mut at: HashMap<RowKey, usize> = HashMap::new();
    // A pipe gives its bytes once: its puzzles' texts are kept as it is read.
    let again = std::fs::metadata(path).is_ok_and(|m| m.is_file());
    let mut texts = (!again).then(HashMap::new);
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
    let groups = (groups.iter())
        .map(|((corpus, solver), _)| (names[&**corpus].clone(), solver.clone()))
        .collect::<Vec<_>>()
        .into_iter()
        .zip(groups)
        .map(|(key, (row_key, rows))| Rows {
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

/// A group's rows by index, one per puzzle: of a puzzle's rows, the last in the CSV.
fn by_index(mut rows: Vec<Kept>) -> Vec<Kept> {
    // Stable: a puzzle's rows keep the CSV's order; a run's rows, in order, cost one pass.
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

/// The runs compared, group by group on every core; the examples' puzzles read again
/// ([`puzzle_texts`]).
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

/// The puzzles' texts `wanted` names (of a puzzle's rows, the last), read again from the
/// CSV of `run`, or from those kept of a pipe.
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

/// A puzzle whose counters differ between the runs.
struct Example {
    index: u64,
    /// Its line in A's corpus.
    line: u64,
    /// Whether the puzzles differ (told with both texts, read again).
    puzzle: bool,
    /// The other counters that differ, told `name a → b`.
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

    /// The counters that differ between two rows of one puzzle, if any does.
    fn of(a: &Kept, b: &Kept) -> Option<Example> {
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
        if let Some(example) = Example::of(ra, rb) {
            g.changed += 1;
            if examples.len() < EXAMPLES {
                examples.push(example);
            }
        }
        // Timed: the same puzzle, solved by both.
        let solved = |r: &Kept| r.status == Status::Solved;
        if ra.puzzle == rb.puzzle && solved(ra) && solved(rb) {
            if let Some((ta, tb)) = ra.time.zip(rb.time) {
                pairs.push((ta, tb));
                g.faster.0 += u64::from(tb < ta);
                g.faster.1 += u64::from(ta < tb);
                g.disturbed.0 += u64::from(ra.disturbed);
                g.disturbed.1 += u64::from(rb.disturbed);
            }
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

/// The rows of the puzzles in both `a` and `b` (each by index, ascending), by index.
fn paired_rows<'r>(a: &'r [Kept], b: &'r [Kept]) -> impl Iterator<Item = (&'r Kept, &'r Kept)> {
    let mut b = b.iter().peekable();
    a.iter().filter_map(move |ra| {
        while b.next_if(|rb| rb.index < ra.index).is_some() {}
        b.next_if(|rb| rb.index == ra.index).map(|rb| (ra, rb))
    })
}

/// One run's sidecar, as `compare` found it beside run `which` (`A` or `B`).
struct Side {
    which: &'static str,
    csv: PathBuf,
    /// The rows read from the CSV.
    rows: u64,
    found: Found,
}

/// What `compare` found of a run's sidecar.
enum Found {
    Read(Box<Read>),
    Missing,
    /// Warned of as read.
    Unreadable,
}

/// A sidecar read.
struct Read {
    sidecar: Sidecar,
}

impl Side {
    /// The sidecar beside `csv`; an unreadable one is warned of.
    fn read(which: &'static str, csv: &Path, rows: u64) -> Side {
        let found = match Sidecar::read_beside(csv)
            .with_context(|| format!("the sidecar of {}", csv.display()))
        {
            Ok(Some(sidecar)) => Found::Read(Box::new(Read { sidecar })),
            Ok(None) => Found::Missing,
            Err(e) => {
                ui::warning(format!("{} (compared without it)", ui::chain(&e)));
                Found::Unreadable
            }
        };
        let csv = csv.to_path_buf();
        Side {
            which,
            csv,
            rows,
            found,
        }
    }

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

    /// When the sidecar of a run that ended says it wrote another count of rows than were
    /// read (a file cut short, copied in part, edited).
    fn not_as_written(&self) -> Option<String> {
        let read = self.sidecar()?;
        let e = read.sidecar.check_rows(self.rows).err()?;
        Some(format!("{}: {e}.", self.name()))
    }

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

/// The settings of the two sidecars that differ, of those compared.
fn setting_differences([a, b]: &[Side; 2]) -> Vec<String> {
    let (Some(ra), Some(rb)) = (a.sidecar(), b.sidecar()) else {
        return Vec::new();
    };
    differences(&ra.sidecar, &rb.sidecar, Shards::Same)
        .into_iter()
        .filter(|d| !NOT_COMPARED.contains(&d.setting))
        .map(|d| d.to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let rows = by_index(
            [(3, 1), (1, 1), (3, 2), (0, 1), (3, 3)]
                .map(|(i, n)| kept(i, n))
                .into(),
        );
        let got: Vec<(u64, u64)> = rows.iter().map(|r| (r.index, r.nodes)).collect();
        assert_eq!(got, [(0, 1), (1, 1), (3, 3)]);
        let b = by_index([1, 2, 3, 7].map(|i| kept(i, 1)).into());
        let pairs: Vec<u64> = paired_rows(&rows, &b).map(|(a, _)| a.index).collect();
        assert_eq!(pairs, [1, 3]);
    }
}
