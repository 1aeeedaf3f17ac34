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
//! puzzles by index.

mod show;
mod stats;

use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use sudoku_reports::settings::{differences, not_given, Shards};
use sudoku_reports::summary::match_names;
use sudoku_reports::{read_rows, Row, Sidecar, State, Status};

use crate::cli::CompareArgs;
use crate::{ui, RunEnd};

pub use stats::Ratio;

/// Examples of differing counters listed per group.
const EXAMPLES: usize = 5;

/// A group's key: the corpus's name (its file name, or its path when another corpus of
/// the run has that file name), the solver.
type Key = (String, Arc<str>);

/// A group's key as the rows give it: the corpus as the run named it, the solver.
type RowKey = (Arc<str>, Arc<str>);

/// One run: per (corpus name, solver), its rows by puzzle index, in the CSV's order.
struct Run {
    groups: Vec<(Key, HashMap<u64, Row>)>,
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
    pub medians: Option<(f64, f64)>,
    /// B over A, with its interval.
    pub ratio: Option<Ratio>,
    /// Puzzles both solved where B was faster, where A was.
    pub faster: (u64, u64),
    /// Puzzles both solved.
    pub timed: u64,
    /// Puzzles whose counters differ.
    pub changed: u64,
    /// The first few of them, told.
    pub examples: Vec<String>,
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
    let a = read_run(&args.a)?;
    let b = read_run(&args.b)?;
    let (sa, sb) = (sidecar(&args.a), sidecar(&args.b));
    let (settings, mut not_given) = setting_differences(sa.found(), sb.found());
    not_given.extend(
        [("A", &args.a, &sa), ("B", &args.b, &sb)]
            .into_iter()
            .filter(|(_, _, s)| s.missing())
            .map(|(which, path, _)| no_sidecar(which, path)),
    );
    let (sa, sb) = (sa.found(), sb.found());
    let comparison = Comparison {
        settings,
        not_given,
        unfinished: [("A", &args.a, sa), ("B", &args.b, sb)]
            .into_iter()
            .filter_map(|(which, path, s)| unfinished(which, path, &s?.sidecar))
            .collect(),
        ..compare_runs(&a, &b, args.resamples)
    };
    if comparison.groups.is_empty() {
        bail!(
            "{} and {} have no corpus and solver in common: nothing to compare",
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

/// Why `--fail-above PCT` fails: a run that did not finish (its rows are not the whole
/// run), every counter change, every solver slower beyond PCT.
pub fn regressions(comparison: &Comparison, pct: f64) -> Vec<String> {
    let mut out = comparison.unfinished.clone();
    for g in &comparison.groups {
        if g.changed > 0 {
            out.push(format!(
                "{} {}: counters changed on {} puzzle(s)",
                g.corpus, g.solver, g.changed
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
/// that two corpora of one file name stay two) and solver.
fn read_run(path: &Path) -> Result<Run> {
    // First by the corpus as the rows give it, then named.
    let mut groups: Vec<(RowKey, HashMap<u64, Row>)> = Vec::new();
    let mut at: HashMap<RowKey, usize> = HashMap::new();
    for row in read_rows(path)? {
        let row = row?;
        let key = (row.corpus.clone(), row.solver.clone());
        let i = *at.entry(key.clone()).or_insert_with(|| {
            groups.push((key, HashMap::new()));
            groups.len() - 1
        });
        groups[i].1.insert(row.index, row);
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
        .map(|(((_, solver), rows), name)| ((name, solver), rows))
        .collect();
    Ok(Run { groups })
}

/// The runs compared, group by group.
fn compare_runs(a: &Run, b: &Run, resamples: u64) -> Comparison {
    let b_at: HashMap<&Key, &HashMap<u64, Row>> =
        b.groups.iter().map(|(k, rows)| (k, rows)).collect();
    let a_keys: Vec<&Key> = a.groups.iter().map(|(k, _)| k).collect();
    let name = |(c, s): &Key| format!("{c} {s}");
    let groups = a
        .groups
        .iter()
        .filter_map(|(key, rows)| Some(compare_group(key, rows, b_at.get(key)?, resamples)))
        .collect();
    Comparison {
        groups,
        unmatched: (
            a.groups
                .iter()
                .filter(|(k, _)| !b_at.contains_key(k))
                .map(|(k, _)| name(k))
                .collect(),
            b.groups
                .iter()
                .filter(|(k, _)| !a_keys.contains(&k))
                .map(|(k, _)| name(k))
                .collect(),
        ),
        settings: Vec::new(),
        not_given: Vec::new(),
        unfinished: Vec::new(),
        resamples,
    }
}

fn compare_group(
    (corpus, solver): &Key,
    a: &HashMap<u64, Row>,
    b: &HashMap<u64, Row>,
    resamples: u64,
) -> Group {
    let paired: BTreeMap<u64, (&Row, &Row)> = a
        .iter()
        .filter_map(|(i, ra)| Some((*i, (ra, b.get(i)?))))
        .collect();
    let mut changed = 0;
    let mut examples = Vec::new();
    let mut pairs = Vec::new();
    let mut faster = (0, 0);
    for (index, (ra, rb)) in &paired {
        let differ = counters_differ(ra, rb);
        if !differ.is_empty() {
            changed += 1;
            if examples.len() < EXAMPLES {
                examples.push(format!(
                    "index {index} (line {}): {}",
                    ra.line,
                    differ.join(", ")
                ));
            }
        }
        if ra.status == Status::Solved && rb.status == Status::Solved {
            pairs.push((ra.nanoseconds, rb.nanoseconds));
            faster.0 += u64::from(rb.nanoseconds < ra.nanoseconds);
            faster.1 += u64::from(ra.nanoseconds < rb.nanoseconds);
        }
    }
    let medians = {
        let (mut ta, mut tb): (Vec<u64>, Vec<u64>) = pairs.iter().copied().unzip();
        stats::median(&mut ta).zip(stats::median(&mut tb))
    };
    let paired_count = paired.len() as u64;
    Group {
        corpus: corpus.clone(),
        solver: solver.clone(),
        paired: paired_count,
        only: (a.len() as u64 - paired_count, b.len() as u64 - paired_count),
        medians,
        ratio: stats::ratio(&pairs, resamples),
        faster,
        timed: pairs.len() as u64,
        changed,
        examples,
    }
}

/// The counters of one puzzle that differ between two rows, told `name a → b`.
fn counters_differ(a: &Row, b: &Row) -> Vec<String> {
    let mut out = Vec::new();
    let mut check = |name: &str, x: String, y: String| {
        if x != y {
            out.push(format!("{name} {x} → {y}"));
        }
    };
    check("puzzle", a.puzzle.to_string(), b.puzzle.to_string());
    check("status", a.status.to_string(), b.status.to_string());
    check(
        "solutions",
        a.solutions.to_string(),
        b.solutions.to_string(),
    );
    check("nodes", a.nodes.to_string(), b.nodes.to_string());
    check(
        "backtracks",
        a.backtracks.to_string(),
        b.backtracks.to_string(),
    );
    if a.solution != b.solution {
        out.push("solution differs".into());
    }
    out
}

/// A run's sidecar, as `compare` reads it.
struct Side {
    /// The sidecar.
    sidecar: Sidecar,
    /// The file, as messages name it.
    path: String,
    /// The settings its text does not give (see [`not_given`]).
    not_given: Vec<&'static str>,
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
        sidecar: found.sidecar,
        // Where it was found: beside the file a link leads to, maybe.
        path: found.path.display().to_string(),
    }))
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
