//! `sudoku-lab compare A.csv B.csv`: two runs side by side, per corpus and solver, counters
//! first, then B's median time over A's (the book's "compare" chapter).

mod sheet;

use std::collections::{HashMap, HashSet};
use std::fmt::Display;
use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
use std::path::Path;
use std::sync::Arc;

use anyhow::{bail, Result};
use rayon::prelude::*;
use sudoku_reports::settings::{differences, Shards};
use sudoku_reports::summary::match_names;
use sudoku_reports::wording::plural;
use sudoku_reports::{read_rows, RunFiles, Sidecar, State};
use sudoku_results::stats::{self, Ratio};
use sudoku_results::{Retimed, Status};

use crate::cli::CompareArgs;
use crate::{ui, RunEnd};

/// Examples of differing counters listed per group.
const EXAMPLES: usize = 5;

/// One run: its groups in the CSV's order, and the rows read.
struct Run {
    groups: Vec<Rows>,
    count: u64,
}

/// The rows of one corpus and solver of a run.
struct Rows {
    /// The key the runs are matched by: the corpus as [`match_names`] names it, the solver.
    key: (String, Arc<str>),
    /// One row per puzzle, in index order ([`by_index`]): a sorted vector, where a map
    /// took twice the memory and a fifth more time on a million rows.
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
    /// [`sudoku_results::Row::solve_time`]: the one rule of the time figures.
    time: Option<u64>,
    puzzle: u64,
    solution: u64,
    /// Its time stayed disturbed in every timing.
    disturbed: bool,
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
    /// Pairs whose puzzles differ (another corpus under one name, other isomorphs): not
    /// timed.
    pub other_puzzles: u64,
}

/// What `compare` found.
#[derive(Debug, Clone, Default)]
pub struct Comparison {
    /// The groups in both runs, in A's order.
    pub groups: Vec<Group>,
    /// `corpus solver` of the groups in A only, in B only.
    pub unmatched: (Vec<String>, Vec<String>),
    /// What the sidecars tell: why one is not used, the settings that differ.
    pub sidecars: Vec<String>,
    /// Runs whose sidecar says they did not finish (which `--fail-above` fails on).
    pub unfinished: Vec<String>,
}

/// Runs `compare`: see `sudoku-lab compare --help`.
pub fn compare(args: &CompareArgs) -> Result<RunEnd> {
    // Side by side, on two cores; A's error first, as when read one after the other.
    let (a, b) = rayon::join(|| read_run(&args.a), || read_run(&args.b));
    let (mut a, mut b) = (a?, b?);
    let corpora = [&a, &b].map(|run| run.groups.iter().map(|g| g.key.0.clone()).collect());
    let names = match_names(
        corpora
            .iter()
            .map(|run: &Vec<_>| run.iter().map(String::as_str)),
    );
    for g in a.groups.iter_mut().chain(&mut b.groups) {
        g.key.0.clone_from(&names[g.key.0.as_str()]);
    }
    let mut found = Comparison::default();
    let (mut short, mut used) = (Vec::new(), Vec::new());
    for (which, csv, rows) in [("A", &args.a, a.count), ("B", &args.b, b.count)] {
        // A sidecar is used whole or not at all (the book's "compare").
        let name = format!("{which} ({})", csv.display());
        let read = Sidecar::read_beside(csv).map_err(|e| ui::chain(&e.into()));
        let not_found = || format!("{} not found", RunFiles::beside(csv).sidecar.display());
        let sidecar = match read.and_then(|found| found.ok_or_else(not_found)) {
            Ok(sidecar) => sidecar,
            Err(why) => {
                (found.sidecars).push(format!("{name}: sidecar not used: {why}."));
                continue;
            }
        };
        if let Err(e) = sidecar.check_rows(rows) {
            short.push(format!("{name}: {e}."));
        }
        if sidecar.state != State::Finished {
            let told = sidecar.state.told();
            (found.unfinished).push(format!("{name} may not be the whole run: {told}."));
        }
        used.push(sidecar);
    }
    if args.fail_above.is_some() && !short.is_empty() {
        // A gate that passes on rows that are not the run's would pass anything.
        bail!("--fail-above: {}", short.join(" "));
    }
    for said in &short {
        ui::warning(said);
    }
    if let [a, b] = &used[..] {
        let differ = differences(a, b, Shards::Same).into_iter();
        let compared = differ.filter(|d| !NOT_COMPARED.contains(&d.setting));
        let settings: Vec<String> = compared.map(|d| d.to_string()).collect();
        if !settings.is_empty() {
            let settings = settings.join("; ");
            let said = format!("The runs were made with other settings (A vs B): {settings}.");
            found.sidecars.push(said);
        }
    }
    // Found by hashing: a search of B's groups for each of A's took minutes over 30,000.
    let in_b: HashMap<&(String, Arc<str>), &Rows> = b.groups.iter().map(|g| (&g.key, g)).collect();
    let comparison = Comparison {
        groups: (a.groups.par_iter())
            .filter_map(|ga| Some(compare_group(ga, in_b.get(&ga.key)?, args.resamples)))
            .collect(),
        unmatched: (only(&a, &b), only(&b, &a)),
        ..found
    };
    if comparison.groups.iter().all(|g| g.paired == 0) {
        bail!(
            "{} and {} have no puzzle in common (by corpus, solver and index): nothing was \
             compared",
            args.a.display(),
            args.b.display()
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

/// The settings not compared: the build (which a comparison of two commits changes on
/// purpose) and the corpora (matched by file name).
const NOT_COMPARED: [&str; 4] = ["version", "git_commit", "rustc", "corpus"];

/// Why `--fail-above PCT` fails: a run that did not finish, every counter change, every
/// solver slower beyond PCT.
fn regressions(comparison: &Comparison, pct: f64) -> Vec<String> {
    let groups = &comparison.groups;
    let changed = groups.iter().filter(|g| g.changed > 0).map(|g| {
        let (corpus, solver, n, s) = (&g.corpus, &g.solver, g.changed, plural(g.changed));
        format!("{corpus} {solver}: counters changed on {n} puzzle{s}")
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

/// The rows of the CSV at `path`, grouped by corpus (its path, until [`match_names`] names
/// it) and solver.
fn read_run(path: &Path) -> Result<Run> {
    let mut groups: Vec<Rows> = Vec::new();
    let mut at = HashMap::new();
    let mut count = 0;
    for row in read_rows(path)? {
        let row = row?;
        count += 1;
        let key = (row.corpus.clone(), row.solver.clone());
        let i = *at.entry(key).or_insert_with_key(|(corpus, solver)| {
            let key = (corpus.to_string(), solver.clone());
            groups.push(Rows {
                key,
                rows: Vec::new(),
            });
            groups.len() - 1
        });
        let kept = Kept {
            index: row.index,
            line: row.line,
            status: row.status.clone(),
            solutions: row.solutions,
            nodes: row.nodes,
            backtracks: row.backtracks,
            time: row.solve_time(),
            puzzle: text_hash(&row.puzzle),
            solution: text_hash(&row.solution),
            disturbed: row.retimed == Retimed::Disturbed,
        };
        groups[i].rows.push(kept);
    }
    for g in &mut groups {
        by_index(&mut g.rows);
    }
    Ok(Run { groups, count })
}

/// A group's rows in index order, one per puzzle: of a puzzle's rows, the last in the CSV.
fn by_index(rows: &mut Vec<Kept>) {
    // Stable: a puzzle's rows keep the CSV's order; a run's rows, in order, cost one pass.
    rows.sort_by_key(|r| r.index);
    rows.dedup_by(|later, kept| {
        let same = later.index == kept.index;
        if same {
            std::mem::swap(later, kept);
        }
        same
    });
}

/// `corpus solver` of the groups of `run` not in `other`.
fn only(run: &Run, other: &Run) -> Vec<String> {
    let theirs: HashSet<&(String, Arc<str>)> = other.groups.iter().map(|g| &g.key).collect();
    let key = |g: &Rows| format!("{} {}", g.key.0, g.key.1);
    let ours = run.groups.iter().filter(|g| !theirs.contains(&g.key));
    ours.map(key).collect()
}

/// `index I (line L): nodes 57 → 60, solution differs` when the rows of one puzzle differ
/// (the grids, compared by hash, said to differ).
fn example(index: u64, a: &Kept, b: &Kept) -> Option<String> {
    fn change<T: PartialEq + Display>(name: &str, a: &T, b: &T) -> Option<String> {
        (a != b).then(|| format!("{name} {a} → {b}"))
    }
    let differ: Vec<String> = [
        (a.puzzle != b.puzzle).then(|| "puzzle differs".into()),
        change("status", &a.status, &b.status),
        change("solutions", &a.solutions, &b.solutions),
        change("nodes", &a.nodes, &b.nodes),
        change("backtracks", &a.backtracks, &b.backtracks),
        (a.solution != b.solution).then(|| "solution differs".into()),
    ]
    .into_iter()
    .flatten()
    .collect();
    let line = a.line;
    (!differ.is_empty()).then(|| format!("index {index} (line {line}): {}", differ.join(", ")))
}

/// One group compared, its rows `ga` in A and `gb` in B, paired by index.
fn compare_group(ga: &Rows, gb: &Rows, resamples: u64) -> Group {
    let mut g = Group {
        corpus: ga.key.0.clone(),
        solver: ga.key.1.clone(),
        ..Group::default()
    };
    let mut pairs = Vec::new();
    for ra in &ga.rows {
        let Ok(at) = gb.rows.binary_search_by_key(&ra.index, |r| r.index) else {
            continue;
        };
        let (index, rb) = (ra.index, &gb.rows[at]);
        g.paired += 1;
        g.other_puzzles += u64::from(ra.puzzle != rb.puzzle);
        if let Some(example) = example(index, ra, rb) {
            g.changed += 1;
            if g.examples.len() < EXAMPLES {
                g.examples.push(example);
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
    g
}
