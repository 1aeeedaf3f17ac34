//! `sudoku-lab compare A.csv B.csv`: two runs side by side, per corpus and solver; the
//! counters first (a difference is a fidelity regression), then B's median time over A's.
//! How runs, corpora, puzzles and sidecars are matched and what is kept in memory: the
//! book's "compare" chapter.

mod sheet;

use std::collections::HashMap;
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
use sudoku_results::{Retimed, Row, Status};

use crate::cli::CompareArgs;
use crate::{ui, RunEnd};

/// Examples of differing counters listed per group.
const EXAMPLES: usize = 5;

/// A group's key as the rows give it: the corpus as the run named it, the solver.
type RowKey = (Arc<str>, Arc<str>);

/// One run: its groups in the CSV's order, and the rows read.
struct Run {
    groups: Vec<Rows>,
    count: u64,
}

/// The rows of one corpus and solver of a run.
struct Rows {
    /// The key the runs are matched by: the corpus as [`match_names`] names it, the solver.
    key: (String, Arc<str>),
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
    puzzle: u64,
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
    /// Settings that differ between the runs' sidecars (besides the build).
    pub settings: Vec<String>,
    /// What is said of a sidecar not used, and of a run whose sidecar says it did not
    /// finish (which `--fail-above` fails on).
    pub not_used: Vec<String>,
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
    let told = |say: fn(&Side) -> Option<String>| sides.iter().filter_map(say).collect();
    let short: Vec<String> = told(Side::not_as_written);
    if args.fail_above.is_some() && !short.is_empty() {
        // A gate that passes on rows that are not the run's would pass anything.
        bail!("--fail-above: {}", short.join(" "));
    }
    for said in &short {
        ui::warning(said);
    }
    let comparison = Comparison {
        settings: setting_differences(&sides),
        not_used: told(Side::not_used),
        unfinished: told(Side::unfinished),
        ..compare_runs(&a, &b, args.resamples)
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

/// Why `--fail-above PCT` fails: a run that did not finish, every counter change, every
/// solver slower beyond PCT.
fn regressions(comparison: &Comparison, pct: f64) -> Vec<String> {
    let groups = &comparison.groups;
    let changed = groups.iter().filter(|g| g.changed > 0).map(|g| {
        let (n, s) = (g.changed, plural(g.changed));
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

/// The rows of the CSV at `path` (a file or a pipe, read once), grouped by corpus and
/// solver.
fn read_run(path: &Path) -> Result<Run> {
    let mut groups: Vec<(RowKey, Vec<Kept>)> = Vec::new();
    let mut at = HashMap::new();
    let mut count = 0;
    for row in read_rows(path)? {
        let row = row?;
        count += 1;
        let key = (row.corpus.clone(), row.solver.clone());
        let i = *at.entry(key).or_insert_with_key(|key| {
            groups.push((key.clone(), Vec::new()));
            groups.len() - 1
        });
        groups[i].1.push(Kept::of(&row));
    }
    let corpora: Vec<Arc<str>> = groups
        .iter()
        .map(|((corpus, _), _)| corpus.clone())
        .collect();
    let names = match_names(corpora.iter().map(|corpus| &**corpus));
    let groups = (groups.into_iter())
        .map(|((corpus, solver), rows)| Rows {
            key: (names[&*corpus].clone(), solver),
            rows: by_index(rows),
        })
        .collect();
    Ok(Run { groups, count })
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

/// The runs compared, group by group on every core.
fn compare_runs(a: &Run, b: &Run, resamples: u64) -> Comparison {
    let groups = (a.groups.par_iter())
        .filter_map(|ga| {
            let gb = b.groups.iter().find(|gb| gb.key == ga.key)?;
            Some(compare_group(ga, gb, resamples))
        })
        .collect();
    let only = |run: &Run, other: &Run| -> Vec<String> {
        let theirs = |g: &&Rows| !other.groups.iter().any(|o| o.key == g.key);
        let key = |g: &Rows| format!("{} {}", g.key.0, g.key.1);
        run.groups.iter().filter(theirs).map(key).collect()
    };
    Comparison {
        groups,
        unmatched: (only(a, b), only(b, a)),
        ..Comparison::default()
    }
}

/// `index I (line L): nodes 57 → 60, solution differs` when the rows of one puzzle differ
/// (the grids, compared by hash, said to differ).
fn example(a: &Kept, b: &Kept) -> Option<String> {
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
    let (index, line) = (a.index, a.line);
    (!differ.is_empty()).then(|| format!("index {index} (line {line}): {}", differ.join(", ")))
}

/// One group compared, its rows `ga` in A and `gb` in B.
fn compare_group(ga: &Rows, gb: &Rows, resamples: u64) -> Group {
    let mut g = Group {
        corpus: ga.key.0.clone(),
        solver: ga.key.1.clone(),
        ..Group::default()
    };
    let mut pairs = Vec::new();
    for (ra, rb) in paired_rows(&ga.rows, &gb.rows) {
        g.paired += 1;
        g.other_puzzles += u64::from(ra.puzzle != rb.puzzle);
        if let Some(example) = example(ra, rb) {
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

/// The rows of the puzzles in both `a` and `b` (each by index, ascending), by index.
fn paired_rows<'r>(a: &'r [Kept], b: &'r [Kept]) -> impl Iterator<Item = (&'r Kept, &'r Kept)> {
    let mut b = b.iter().peekable();
    a.iter().filter_map(move |ra| {
        while b.next_if(|rb| rb.index < ra.index).is_some() {}
        b.next_if(|rb| rb.index == ra.index).map(|rb| (ra, rb))
    })
}

/// One run as `compare` found it: its sidecar is used when it gives every setting and the
/// rows the run wrote, else not at all (the book's "compare").
struct Side {
    /// The run as messages name it: `A (a.csv)`.
    name: String,
    /// The rows read from the CSV.
    rows: u64,
    /// Its sidecar, or why it is not used.
    sidecar: Result<Sidecar, String>,
}

impl Side {
    fn read(which: &str, csv: &Path, rows: u64) -> Side {
        let sidecar = match Sidecar::read_beside(csv) {
            Ok(Some(sidecar)) => Ok(sidecar),
            Ok(None) => Err(format!(
                "{} not found",
                RunFiles::beside(csv).sidecar.display()
            )),
            Err(e) => Err(ui::chain(&e.into())),
        };
        let name = format!("{which} ({})", csv.display());
        Side {
            name,
            rows,
            sidecar,
        }
    }

    fn not_used(&self) -> Option<String> {
        let why = self.sidecar.as_ref().err()?;
        Some(format!("{}: sidecar not used: {why}.", self.name))
    }

    /// When the sidecar of a run that ended says it wrote another count of rows than were
    /// read (a file cut short, copied in part, edited).
    fn not_as_written(&self) -> Option<String> {
        let e = self.sidecar.as_ref().ok()?.check_rows(self.rows).err()?;
        Some(format!("{}: {e}.", self.name))
    }

    fn unfinished(&self) -> Option<String> {
        let state = &self.sidecar.as_ref().ok()?.state;
        (*state != State::Finished)
            .then(|| format!("{} may not be the whole run: {}.", self.name, state.told()))
    }
}

/// The settings not compared: the build (which a comparison of two commits changes on
/// purpose) and the corpora (matched by file name).
const NOT_COMPARED: [&str; 4] = ["version", "git_commit", "rustc", "corpus"];

/// The settings of the two sidecars that differ, when both are used.
fn setting_differences([a, b]: &[Side; 2]) -> Vec<String> {
    let (Ok(a), Ok(b)) = (&a.sidecar, &b.sidecar) else {
        return Vec::new();
    };
    let differ = differences(a, b, Shards::Same).into_iter();
    let compared = differ.filter(|d| !NOT_COMPARED.contains(&d.setting));
    compared.map(|d| d.to_string()).collect()
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
