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

mod show;

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use rayon::prelude::*;
use sudoku_reports::settings::{differences, not_given, Shards};
use sudoku_reports::summary::match_names;
use sudoku_reports::words::plural;
use sudoku_reports::{read_rows, Sidecar, State};
use sudoku_results::{stats, Retimed, Row, Status};

use crate::cli::CompareArgs;
use crate::{ui, RunEnd};

pub use sudoku_results::stats::Ratio;

/// Examples of differing counters listed per group.
const EXAMPLES: usize = 5;

/// A group's key: the corpus's name (its file name, or its path when another corpus of
/// the run has that file name), the solver.
type Key = (String, Arc<str>);

/// A group's key as the rows give it: the corpus as the run named it, the solver.
type RowKey = (Arc<str>, Arc<str>);

/// One run: its CSV, and its groups in the CSV's order.
struct Run {
    /// The CSV.
    path: PathBuf,
    /// Per (corpus name, solver), its rows.
    groups: Vec<Rows>,
    /// The puzzles' texts, by group (as the rows give it) and index, of a CSV that cannot
    /// be read again (a pipe: `<(…)`, `/dev/stdin`), kept as it is read (of a puzzle's
    /// rows, the last); `None` for a regular file, read again for the examples' texts
    /// (see [`puzzle_texts`]).
    texts: Option<HashMap<(RowKey, u64), String>>,
    /// The rows read.
    count: u64,
}

/// The rows of one corpus and solver of a run.
struct Rows {
    /// The group's key, by which the runs are matched.
    key: Key,
    /// Its key as the rows give it.
    row_key: RowKey,
    /// Its rows, one per puzzle, by index (see [`by_index`]).
    rows: Vec<Kept>,
}

/// A row as `compare` keeps it: what it compares of it and the time, not its text (the
/// puzzle and the solution are kept as hashes; a million rows are compared in memory of
/// a million of these, whatever the grids' size).
#[derive(Debug, Clone, PartialEq)]
struct Kept {
    /// The puzzle's index.
    index: u64,
    /// Its line in the corpus.
    line: u64,
    /// How the solve ended.
    status: Status,
    /// Solutions found.
    solutions: u64,
    /// Nodes.
    nodes: u64,
    /// Backtracks.
    backtracks: u64,
    /// The solve time, when it has one ([`Row::solve_time`]: the one rule of the time
    /// figures).
    time: Option<u64>,
    /// The hash of the puzzle's text ([`text_hash`]).
    puzzle: u64,
    /// The hash of the corpus's puzzle: its `original` under `--permute` (the puzzle
    /// solved is an isomorph of it), else the puzzle.
    source: u64,
    /// The hash of the solution's text.
    solution: u64,
    /// Whether its time was disturbed in every timing ([`Retimed::Disturbed`]).
    disturbed: bool,
}

impl Kept {
    /// What `compare` keeps of `row`.
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
            source: text_hash(row.original.as_deref().unwrap_or(&row.puzzle)),
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
#[derive(Debug, Clone)]
pub struct Group {
    /// The corpus's name, as the key gives it.
    pub corpus: String,
    /// The solver.
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

/// What `compare` found, with the groups found in one run only.
#[derive(Debug, Clone)]
pub struct Comparison {
    /// The groups in both runs, in A's order.
    pub groups: Vec<Group>,
    /// `corpus solver` of the groups in A only, in B only.
    pub unmatched: (Vec<String>, Vec<String>),
    /// Settings that differ between the runs' sidecars (besides the build).
    pub settings: Vec<String>,
    /// What is said of a sidecar that does not give some settings (they are not
    /// compared).
    pub not_given: Vec<String>,
    /// What is said of a run whose sidecar says it did not finish: its rows are not all
    /// of it.
    pub unfinished: Vec<String>,
    /// The resamples of the bootstrap.
    pub resamples: u64,
}

/// Runs `compare`: see `sudoku-lab compare --help`.
pub fn compare(args: &CompareArgs) -> Result<RunEnd> {
    // Side by side, on two cores; A's error first, as when read one after the other.
    let (a, b) = rayon::join(|| read_run(&args.a), || read_run(&args.b));
    let (a, b) = (a?, b?);
    let (sa, sb) = (sidecar(&args.a), sidecar(&args.b));
    let (settings, mut not_given) = setting_differences(sa.found(), sb.found());
    not_given.extend(
        [("A", &args.a, &sa), ("B", &args.b, &sb)]
            .into_iter()
            .filter(|(_, _, s)| s.missing())
            .map(|(which, path, _)| no_sidecar(which, path)),
    );
    let (sa, sb) = (sa.found(), sb.found());
    let short: Vec<String> = [("A", &args.a, &a, sa), ("B", &args.b, &b, sb)]
        .into_iter()
        .filter_map(|(which, path, run, s)| not_as_written(which, path, run.count, s?))
        .collect();
    if args.fail_above.is_some() && !short.is_empty() {
        // A gate that passes on rows that are not the run's would pass anything.
        bail!("--fail-above: {}", short.join(" "));
    }
    for told in &short {
        ui::warning(told);
    }
    let comparison = Comparison {
        settings,
        not_given,
        unfinished: [("A", &args.a, sa), ("B", &args.b, sb)]
            .into_iter()
            .filter_map(|(which, path, s)| unfinished(which, path, &s?.sidecar))
            .collect(),
        ..compare_runs(&a, &b, args.resamples)?
    };
    if comparison.groups.is_empty() {
        bail!(
            "{} and {} have no corpus and solver in common: nothing to compare",
            args.a.display(),
            args.b.display()
        );
    }
    if let Some(told) = nothing_paired(&comparison.groups) {
        bail!(
            "{} and {} have no puzzle in common ({told}): nothing was compared",
            args.a.display(),
            args.b.display()
        );
    }
    if args.markdown {
        ui::out(show::markdown(&comparison, args));
    } else {
        ui::out(show::text(&comparison, args));
    }
    let Some(pct) = args.fail_above else {
        ui::stdout_written()?;
        return Ok(RunEnd::Finished);
    };
    let reasons = regressions(&comparison, pct);
    for reason in &reasons {
        ui::error(reason);
    }
    ui::stdout_written()?;
    Ok(if reasons.is_empty() {
        RunEnd::Finished
    } else {
        RunEnd::Regressed
    })
}

/// What is said when no group of `groups` pairs any puzzle (two shards of one corpus, or
/// `--first 10` against puzzles past the tenth): the puzzles of each side, in the groups of
/// both; `None` when some group pairs one.
fn nothing_paired(groups: &[Group]) -> Option<String> {
    if groups.iter().any(|g| g.paired > 0) {
        return None;
    }
    let (a, b) = groups
        .iter()
        .fold((0, 0), |(a, b), g| (a + g.only.0, b + g.only.1));
    Some(format!(
        "paired by index, in the corpora and solvers of both: {a} puzzle{} in A, {b} in B",
        plural(a)
    ))
}

/// Why `--fail-above PCT` fails: a run that did not finish (its rows are not the whole
/// run), every counter change, every solver slower beyond PCT.
pub fn regressions(comparison: &Comparison, pct: f64) -> Vec<String> {
    let mut out = comparison.unfinished.clone();
    for g in &comparison.groups {
        if g.changed > 0 {
            out.push(format!(
                "{} {}: counters changed on {} puzzle{}",
                g.corpus,
                g.solver,
                g.changed,
                plural(g.changed)
            ));
        }
    }
    for g in &comparison.groups {
        if let Some(r) = g.ratio.filter(|r| r.low > 1.0 + pct / 100.0) {
            out.push(format!(
                "{} {}: {:.1}% slower (95% interval {:.3}..{:.3}), above {pct}%",
                g.corpus,
                g.solver,
                (r.ratio - 1.0) * 100.0,
                r.low,
                r.high
            ));
        }
    }
    out
}

/// The rows of the CSV at `path`, grouped by corpus (named as [`match_names`] names it, so
/// that two corpora of one file name stay two) and solver, each kept as [`Kept`]: what
/// `compare` reads of it, not its text.
fn read_run(path: &Path) -> Result<Run> {
    // First by the corpus as the rows give it, then named.
    let mut groups: Vec<(RowKey, Vec<Kept>)> = Vec::new();
    let mut at: HashMap<RowKey, usize> = HashMap::new();
    // Rows come corpus by corpus, solver after solver: the group of the row before is
    // looked at first, without hashing.
    let mut last: Option<usize> = None;
    let mut texts = (!readable_again(path)).then(HashMap::new);
    let mut count = 0;
    for row in read_rows(path)? {
        let row = row?;
        count += 1;
        if let Some(texts) = &mut texts {
            let key = (row.corpus.clone(), row.solver.clone());
            texts.insert((key, row.index), row.puzzle.to_string());
        }
        let same = |((corpus, solver), _): &(RowKey, Vec<Kept>)| {
            *corpus == row.corpus && *solver == row.solver
        };
        let i = match last.filter(|&i| same(&groups[i])) {
            Some(i) => i,
            None => {
                let key = (row.corpus.clone(), row.solver.clone());
                *at.entry(key.clone()).or_insert_with(|| {
                    groups.push((key, Vec::new()));
                    groups.len() - 1
                })
            }
        };
        last = Some(i);
        groups[i].1.push(Kept::of(&row));
    }
    if groups.is_empty() {
        bail!("{}: no rows: nothing to compare", path.display());
    }
    let names: Vec<String> = {
        let names = match_names(groups.iter().map(|((corpus, _), _)| &**corpus));
        groups
            .iter()
            .map(|((corpus, _), _)| names[&**corpus].clone())
            .collect()
    };
    let groups = groups
        .into_iter()
        .zip(names)
        .map(|(((corpus, solver), rows), name)| Rows {
            key: (name, solver.clone()),
            row_key: (corpus, solver),
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

/// The runs compared, group by group; the puzzles of the examples read again from the
/// CSVs (see [`puzzle_texts`]).
fn compare_runs(a: &Run, b: &Run, resamples: u64) -> Result<Comparison> {
    let b_at: HashMap<&Key, &Rows> = b.groups.iter().map(|g| (&g.key, g)).collect();
    let a_keys: Vec<&Key> = a.groups.iter().map(|g| &g.key).collect();
    let name = |(c, s): &Key| format!("{c} {s}");
    // The groups on every core (each its own generator: the same findings on any number).
    let found: Vec<(Findings, &Rows, &Rows)> = a
        .groups
        .par_iter()
        .filter_map(|ga| {
            let gb = b_at.get(&ga.key)?;
            Some((compare_group(&ga.rows, &gb.rows, resamples), ga, *gb))
        })
        .collect();
    // The examples of a puzzle that differs, by group as each run's rows give it.
    let wanted = |b: bool| {
        let mut wanted: HashMap<&RowKey, HashSet<u64>> = HashMap::new();
        for (f, ga, gb) in &found {
            let key = if b { &gb.row_key } else { &ga.row_key };
            for e in f.examples.iter().filter(|e| e.puzzle) {
                wanted.entry(key).or_default().insert(e.index);
            }
        }
        wanted
    };
    let texts_a = puzzle_texts(a, &wanted(false))?;
    let texts_b = puzzle_texts(b, &wanted(true))?;
    let groups = found
        .iter()
        .map(|(f, ga, gb)| {
            let texts = |e: &Example| {
                let text = |texts: &Texts, g: &Rows| {
                    texts
                        .get(&(&g.row_key, e.index))
                        .map_or("?", |t| t.as_str())
                        .to_string()
                };
                (text(&texts_a, ga), text(&texts_b, gb))
            };
            Group {
                corpus: ga.key.0.clone(),
                solver: ga.key.1.clone(),
                paired: f.paired,
                only: f.only,
                medians: f.medians,
                ratio: f.ratio,
                faster: f.faster,
                timed: f.timed,
                disturbed: f.disturbed,
                changed: f.changed,
                examples: f.examples.iter().map(|e| e.told(texts(e))).collect(),
                foreign: f.foreign,
                isomorphs: f.isomorphs,
            }
        })
        .collect();
    Ok(Comparison {
        groups,
        unmatched: (
            a.groups
                .iter()
                .filter(|g| !b_at.contains_key(&g.key))
                .map(|g| name(&g.key))
                .collect(),
            b.groups
                .iter()
                .filter(|g| !a_keys.contains(&&g.key))
                .map(|g| name(&g.key))
                .collect(),
        ),
        settings: Vec::new(),
        not_given: Vec::new(),
        unfinished: Vec::new(),
        resamples,
    })
}

/// The puzzles' texts, by group (as the rows give it) and index, of the rows `wanted`
/// names, read again from the CSV of `run` (of a puzzle's rows, the last, as [`by_index`]
/// keeps), or taken from those it kept when its CSV cannot be read again (a pipe):
/// `compare` keeps no text of a file, and the examples of a puzzle that differs between
/// the runs name both.
fn puzzle_texts<'k>(run: &Run, wanted: &HashMap<&'k RowKey, HashSet<u64>>) -> Result<Texts<'k>> {
    let mut texts = Texts::new();
    if wanted.is_empty() {
        return Ok(texts);
    }
    if let Some(kept) = &run.texts {
        for (&key, indices) in wanted {
            for &index in indices {
                if let Some(text) = kept.get(&(key.clone(), index)) {
                    texts.insert((key, index), text.clone());
                }
            }
        }
        return Ok(texts);
    }
    for row in read_rows(&run.path)? {
        let row = row?;
        let Some((&key, indices)) = wanted.get_key_value(&(row.corpus.clone(), row.solver)) else {
            continue;
        };
        if indices.contains(&row.index) {
            texts.insert((key, row.index), row.puzzle.to_string());
        }
    }
    Ok(texts)
}

/// The texts of puzzles, by group and index (see [`puzzle_texts`]).
type Texts<'k> = HashMap<(&'k RowKey, u64), String>;

/// What the comparison of one group found, its examples not yet told.
struct Findings {
    /// As [`Group::paired`].
    paired: u64,
    /// As [`Group::only`].
    only: (u64, u64),
    /// As [`Group::medians`].
    medians: Option<(u64, u64)>,
    /// As [`Group::ratio`].
    ratio: Option<Ratio>,
    /// As [`Group::faster`].
    faster: (u64, u64),
    /// As [`Group::timed`].
    timed: u64,
    /// As [`Group::disturbed`].
    disturbed: (u64, u64),
    /// As [`Group::changed`].
    changed: u64,
    /// The first few puzzles whose counters differ.
    examples: Vec<Example>,
    /// As [`Group::foreign`].
    foreign: u64,
    /// As [`Group::isomorphs`].
    isomorphs: u64,
}

/// A puzzle whose counters differ between the runs, as [`counters_differ`] finds it.
struct Example {
    /// Its index.
    index: u64,
    /// Its line in A's corpus.
    line: u64,
    /// Whether the puzzles differ (told with both texts, read again).
    puzzle: bool,
    /// The other counters that differ, told.
    others: Vec<String>,
}

impl Example {
    /// `index I (line L): …`, the puzzles' texts `puzzles` (A's, B's).
    fn told(&self, (a, b): (String, String)) -> String {
        let puzzle = self.puzzle.then(|| format!("puzzle {a} → {b}"));
        let differ: Vec<String> = puzzle.into_iter().chain(self.others.clone()).collect();
        format!(
            "index {} (line {}): {}",
            self.index,
            self.line,
            differ.join(", ")
        )
    }
}

/// One group compared: `a` and `b` its rows in each run (by index, see [`by_index`]).
fn compare_group(a: &[Kept], b: &[Kept], resamples: u64) -> Findings {
    let mut changed = 0;
    let mut examples = Vec::new();
    let mut pairs = Vec::new();
    let mut faster = (0, 0);
    let mut disturbed = (0, 0);
    let mut paired = 0;
    let (mut foreign, mut isomorphs) = (0, 0);
    for (ra, rb) in paired_rows(a, b) {
        paired += 1;
        if ra.source != rb.source {
            foreign += 1;
        } else if ra.puzzle != rb.puzzle {
            isomorphs += 1;
        }
        if let Some(example) = counters_differ(ra, rb) {
            changed += 1;
            if examples.len() < EXAMPLES {
                examples.push(example);
            }
        }
        if let Some((ta, tb)) = both_solved(ra, rb) {
            pairs.push((ta, tb));
            faster.0 += u64::from(tb < ta);
            faster.1 += u64::from(ta < tb);
            disturbed.0 += u64::from(ra.disturbed);
            disturbed.1 += u64::from(rb.disturbed);
        }
    }
    let medians = {
        let (mut ta, mut tb): (Vec<u64>, Vec<u64>) = pairs.iter().copied().unzip();
        stats::median(&mut ta).zip(stats::median(&mut tb))
    };
    Findings {
        paired,
        only: (a.len() as u64 - paired, b.len() as u64 - paired),
        medians,
        ratio: stats::ratio(&pairs, resamples),
        faster,
        timed: pairs.len() as u64,
        disturbed,
        changed,
        examples,
        foreign,
        isomorphs,
    }
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
    let mut others = Vec::new();
    let mut check = |name: &str, x: &dyn ToString, y: &dyn ToString, differ: bool| {
        if differ {
            others.push(format!("{name} {} → {}", x.to_string(), y.to_string()));
        }
    };
    check("status", &a.status, &b.status, a.status != b.status);
    check(
        "solutions",
        &a.solutions,
        &b.solutions,
        a.solutions != b.solutions,
    );
    check("nodes", &a.nodes, &b.nodes, a.nodes != b.nodes);
    check(
        "backtracks",
        &a.backtracks,
        &b.backtracks,
        a.backtracks != b.backtracks,
    );
    if a.solution != b.solution {
        others.push("solution differs".into());
    }
    let puzzle = a.puzzle != b.puzzle;
    (puzzle || !others.is_empty()).then_some(Example {
        index: a.index,
        line: a.line,
        puzzle,
        others,
    })
}

/// A run's sidecar, as `compare` reads it.
struct Side {
    /// The sidecar.
    sidecar: Sidecar,
    /// The file, as messages name it.
    path: String,
    /// The settings its text does not give (see [`not_given`]).
    not_given: Vec<&'static str>,
    /// Whether it says how many rows the run wrote.
    rows_given: bool,
}

/// What `compare` found of a run's sidecar.
enum Found {
    /// The sidecar, read.
    Read(Box<Side>),
    /// None beside the CSV: the run's settings and how it ended are not known.
    Missing,
    /// One that cannot be read (warned of as read).
    Unreadable,
}

impl Found {
    /// The sidecar, when it was read.
    fn found(&self) -> Option<&Side> {
        match self {
            Found::Read(side) => Some(side),
            Found::Missing | Found::Unreadable => None,
        }
    }

    /// Whether there is none.
    fn missing(&self) -> bool {
        matches!(self, Found::Missing)
    }
}

/// What is said of run `which` (`A` or `B`, its CSV at `path`) when no sidecar is beside
/// it: neither its settings nor how it ended are known.
fn no_sidecar(which: &str, path: &Path) -> String {
    format!(
        "{which} ({}) has no sidecar ({}): its settings and how it ended are not known, and \
         not compared.",
        path.display(),
        sudoku_reports::RunFiles::beside(path).sidecar.display()
    )
}

/// The sidecar beside `path`: read, missing, or unreadable (a warning); one that says
/// nothing of how the run ended is warned of, as its settings are not compared.
fn sidecar(path: &Path) -> Found {
    let found = match Sidecar::read_text_beside(path)
        .with_context(|| format!("the sidecar of {}", path.display()))
    {
        Ok(Some(found)) => found,
        Ok(None) => return Found::Missing,
        Err(e) => {
            ui::warning(format!("{} (compared without it)", ui::chain(&e)));
            return Found::Unreadable;
        }
    };
    if found.sidecar.state.is_nothing() {
        ui::warning(format!(
            "{}: {}: the runs' settings are not compared",
            path.display(),
            found.sidecar.state.told()
        ));
    }
    Found::Read(Box::new(Side {
        not_given: not_given(&found.text),
        rows_given: !sudoku_reports::sidecar::account_not_given(&found.text).contains(&"rows"),
        sidecar: found.sidecar,
        // Where it was found: beside the file a link leads to, maybe.
        path: found.path.display().to_string(),
    }))
}

/// What is said of run `which` (`A` or `B`, its CSV at `path`, of which `rows` were read)
/// when its sidecar says, as the run ended, that it wrote another count: rows lost or
/// added since (a file cut short, copied in part, edited); `None` when it says that many,
/// or does not say.
fn not_as_written(which: &str, path: &Path, rows: u64, side: &Side) -> Option<String> {
    let said = side.sidecar.rows;
    // A run going, or killed, has not said it yet.
    let ended = matches!(
        side.sidecar.state.known(),
        Some(State::Finished | State::Interrupted | State::Failed)
    );
    (ended && side.rows_given && said != rows).then(|| {
        format!(
            "{which} ({}) holds {rows} rows, where its sidecar says the run wrote {said}: \
             not the run's rows as they were written.",
            path.display()
        )
    })
}

/// What is said of run `which` (`A` or `B`, its CSV at `path`) when its sidecar does not
/// say it finished.
fn unfinished(which: &str, path: &Path, sidecar: &Sidecar) -> Option<String> {
    (sidecar.state != State::Finished).then(|| {
        format!(
            "{which} ({}) may not be the whole run: {}.",
            path.display(),
            sidecar.state.told()
        )
    })
}

/// The settings not compared: the build (which a comparison of two commits changes on
/// purpose) and the corpora (matched by file name).
const NOT_COMPARED: [&str; 4] = ["version", "git_commit", "rustc", "corpus"];

/// Settings of the two sidecars that differ, but for the build; and what is said of a
/// sidecar that does not give some of them (not compared: they would read as zeros).
fn setting_differences(a: Option<&Side>, b: Option<&Side>) -> (Vec<String>, Vec<String>) {
    let (Some(sa), Some(sb)) = (a, b) else {
        return (Vec::new(), Vec::new());
    };
    if sa.sidecar.state.is_nothing() || sb.sidecar.state.is_nothing() {
        // Empty or cut short (warned of as read): its settings would read as zeros.
        return (Vec::new(), Vec::new());
    }
    let compared = |setting: &&str| !NOT_COMPARED.contains(setting);
    let given = |setting: &str| ![sa, sb].iter().any(|s| s.not_given.contains(&setting));
    let differ = differences(&sa.sidecar, &sb.sidecar, Shards::Same)
        .into_iter()
        .filter(|d| compared(&d.setting) && given(d.setting))
        .map(|d| d.to_string())
        .collect();
    let told = [("A", sa), ("B", sb)]
        .into_iter()
        .filter_map(|(which, side)| {
            let left_out: Vec<&str> = side.not_given.iter().copied().filter(compared).collect();
            (!left_out.is_empty()).then(|| {
                format!(
                    "{which}'s sidecar ({}) does not give {}: not compared.",
                    side.path,
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
            example.told(("p".into(), "q".into())),
            "index 4 (line 5): puzzle p → q, status solved → timeout, nodes 10 → 0, solution \
             differs"
        );
    }
}
