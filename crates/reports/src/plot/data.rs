//! The rows of the runs, grouped for plotting: per corpus a panel, per solver and solution
//! limit a series of samples.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use plotters::style::RGBColor;

use super::colour::{colours, legend_order, Origin, RunStyle};
use super::{MAX_PANELS, MIN_MICROS};
use crate::read::read_rows;
use crate::summary::match_names;
use crate::Error;
use sudoku_results::Status;

/// How a row ended, as far as the plots care.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Outcome {
    /// `solved` or `no_solution`.
    Finished,
    /// `budget_exhausted` or `timeout`.
    OverBudget,
    Wrong,
    Crashed,
    /// A status this version does not know: never shown as wrong.
    Unknown,
}

impl From<&Status> for Outcome {
    fn from(status: &Status) -> Outcome {
        match status {
            Status::Solved | Status::NoSolution => Outcome::Finished,
            Status::BudgetExhausted | Status::Timeout => Outcome::OverBudget,
            Status::Wrong => Outcome::Wrong,
            Status::Crashed => Outcome::Crashed,
            Status::Unknown(_) => Outcome::Unknown,
        }
    }
}

/// What the plots keep of one row.
#[derive(Debug, Clone, Copy)]
pub(super) struct Sample {
    /// Wall time in µs, at least [`MIN_MICROS`].
    pub micros: f64,
    /// The row's solve time in ns, which the legend's median takes, as the summary's does.
    pub solve_ns: Option<u64>,
    /// `1 + tries`, at least 1.
    pub nodes: f64,
    /// Whether the row has counters (`nodes >= 1`): a `cmd:` solver's crash or timeout has
    /// none, and no place on the nodes axis.
    pub counted: bool,
    pub outcome: Outcome,
}

/// The rows of one solver at one solution limit in one corpus.
#[derive(Debug)]
pub(super) struct Series {
    /// Index into [`Results::solvers`].
    pub solver: usize,
    pub limit: u64,
    pub samples: Vec<Sample>,
}

/// The rows of one corpus.
#[derive(Debug)]
pub(super) struct Panel {
    pub corpus: String,
    pub series: Vec<Series>,
}

/// A solver as the figures draw it.
#[derive(Debug)]
pub(super) struct Solver {
    /// `dlx`, or `dlx (main)` for a run of several drawn together.
    pub name: String,
    pub colour: RGBColor,
    pub style: RunStyle,
}

/// All rows of the runs, grouped for plotting.
#[derive(Debug)]
pub(super) struct Results {
    /// Corpora in order of first appearance.
    pub panels: Vec<Panel>,
    /// The solvers in legend order (see [`legend_order`]).
    pub solvers: Vec<Solver>,
    /// The smallest solution limit of the rows: its curves are solid.
    pub base_limit: u64,
    /// Whether the rows mix solution limits (then labels name them).
    pub mixed_limits: bool,
}

/// A run's rows of one corpus, solver and limit, named as the figures name them.
struct Group {
    corpus: String,
    origin: Origin,
    limit: u64,
    samples: Vec<Sample>,
}

/// Reads the runs' CSVs and groups their samples by corpus, solver and limit, in the order
/// met. Of several runs (with labels), the solvers are named `solver (label)` and the
/// corpora matched as [`match_names`] does.
pub(super) fn read_runs(
    csvs: &[&Path],
    labels: &[Option<String>],
    catalogue: &[&str],
) -> Result<Results, Error> {
    let mut groups: Vec<Group> = Vec::new();
    for (run, csv) in csvs.iter().enumerate() {
        let mut at = HashMap::new();
        for row in read_rows(csv)? {
            let row = row?;
            let key = (row.corpus.clone(), row.solver.clone(), row.limit);
            let i = *at.entry(key).or_insert_with(|| {
                let (corpus, solver) = (row.corpus.to_string(), row.solver.to_string());
                let (origin, limit) = (Origin { solver, run }, row.limit);
                let samples = Vec::new();
                groups.push(Group {
                    corpus,
                    origin,
                    limit,
                    samples,
                });
                groups.len() - 1
            });
            groups[i].samples.push(Sample {
                micros: (row.nanoseconds as f64 / 1000.0).max(MIN_MICROS),
                solve_ns: row.solve_time(),
                nodes: (row.nodes as f64).max(1.0),
                counted: row.nodes >= 1,
                outcome: Outcome::from(&row.status),
            });
        }
    }
    if labels.iter().any(Option::is_some) {
        let run = |run| groups.iter().filter(move |g| g.origin.run == run);
        let runs = (0..csvs.len()).map(|r| run(r).map(|g| g.corpus.as_str()));
        let names: HashMap<String, String> = (match_names(runs).into_iter())
            .map(|(c, name)| (c.to_owned(), name))
            .collect();
        for group in &mut groups {
            group.corpus.clone_from(&names[&group.corpus]);
        }
    }
    if groups.is_empty() {
        let path = csvs.first().copied().unwrap_or(Path::new(""));
        return Err(Error::empty(path, "no result rows, nothing to plot"));
    }
    let results = panels_of(groups, labels, catalogue);
    match results.panels.len() {
        corpora if corpora > MAX_PANELS => Err(Error::TooManyPanels {
            corpora,
            max: MAX_PANELS,
        }),
        _ => Ok(results),
    }
}

/// The panels of `groups` in the order met, their series in legend order.
fn panels_of(groups: Vec<Group>, labels: &[Option<String>], catalogue: &[&str]) -> Results {
    let mut origins: Vec<Origin> = groups.iter().map(|g| g.origin.clone()).collect();
    legend_order(&mut origins, catalogue);
    origins.dedup();
    let rank: HashMap<&Origin, usize> = origins.iter().zip(0..).collect();
    let mut panels: Vec<Panel> = Vec::new();
    let mut panel_of: HashMap<String, usize> = HashMap::new();
    let mut limits = HashSet::new();
    for group in groups {
        let panel = *panel_of.entry(group.corpus.clone()).or_insert_with(|| {
            panels.push(Panel {
                corpus: group.corpus,
                series: Vec::new(),
            });
            panels.len() - 1
        });
        limits.insert(group.limit);
        panels[panel].series.push(Series {
            solver: rank[&group.origin],
            limit: group.limit,
            samples: group.samples,
        });
    }
    for panel in &mut panels {
        panel.series.sort_by_key(|s| (s.solver, s.limit));
    }
    let solvers = (origins.iter())
        .zip(colours(&origins, catalogue))
        .map(|(origin, colour)| Solver {
            name: match &labels[origin.run] {
                Some(label) => format!("{} ({label})", origin.solver),
                None => origin.solver.clone(),
            },
            colour,
            style: RunStyle::of(origin.run),
        })
        .collect();
    Results {
        panels,
        solvers,
        base_limit: limits.iter().copied().min().unwrap_or(1),
        mixed_limits: limits.len() > 1,
    }
}
