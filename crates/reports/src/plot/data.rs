//! The rows of a results CSV, grouped for plotting: per corpus a panel, per solver and
//! solution limit a series of samples.

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::Arc;

use plotters::style::RGBColor;

use super::colour::{colours, order, RunStyle};
use super::MIN_MICROS;
use crate::read::read_rows;
use crate::summary::match_names;
use crate::{shown, Error};
use sudoku_results::Status;

/// How a row ended, as far as the plots care.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Outcome {
    /// `solved` or `no_solution`: the search ran to its end.
    Finished,
    /// `budget_exhausted`: the node budget stopped the search; or `timeout`: the time limit
    /// of a solver run as a child process (its budget) stopped it.
    OverBudget,
    /// `wrong`: the solution failed its check.
    Wrong,
    /// `crashed`: a solver run as a child process exited before answering.
    Crashed,
    /// A status this version does not know: shown as such, never as wrong.
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
    /// The row's solve time in ns ([`Row::solve_time`](sudoku_results::Row::solve_time)),
    /// which the legend's median takes, as the summary's does.
    pub solve_ns: Option<u64>,
    /// `1 + tries`, at least 1.
    pub nodes: f64,
    /// Whether the row has counters (`nodes >= 1`, as the summary counts them): a `cmd:`
    /// solver that reports none, a crash or a timeout leave `nodes = 0`, and such a row has
    /// no place on the nodes axis nor a cost per node.
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

/// All rows of a file, grouped for plotting.
#[derive(Debug)]
pub(super) struct Results {
    /// Corpora in order of first appearance.
    pub panels: Vec<Panel>,
    /// Solver names in legend order (see [`order`]): `dlx`, or `dlx (main)` for a run of
    /// several drawn together.
    pub solvers: Vec<String>,
    /// The colour of each solver of [`Results::solvers`].
    pub colours: Vec<RGBColor>,
    /// How each solver's series is drawn: as the first run, or in the contrasting style
    /// of a later one (see [`RunStyle`]).
    pub styles: Vec<RunStyle>,
    /// The smallest solution limit of the file: its curves are solid, others dashed.
    pub base_limit: u64,
    /// Whether the file mixes solution limits (then labels name the limit).
    pub mixed_limits: bool,
}

/// A solver as the figures name it: the strategy and the run it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Origin {
    /// The solver's own name (`dlx`): its colour and rank.
    pub solver: String,
    /// Which of the runs drawn together (0 for the first, or for a lone run).
    pub run: usize,
}

/// The grouping state while the rows stream by.
#[derive(Default)]
struct Grouping {
    panels: Vec<Panel>,
    corpus_index: HashMap<String, usize>,
    solver_names: Vec<String>,
    /// The origin of each of `solver_names`.
    origins: Vec<Origin>,
    solver_index: HashMap<String, usize>,
    /// (corpus, solver, limit) -> index into that corpus's series.
    series_index: HashMap<(usize, usize, u64), usize>,
}

impl Grouping {
    /// Adds the sample of a row of `corpus` and `limit` to the series of `solver` (as
    /// named on the figures), from `origin`.
    fn add(&mut self, corpus: &str, solver: &str, origin: &Origin, limit: u64, sample: Sample) {
        let panels = &mut self.panels;
        let corpus = *self
            .corpus_index
            .entry(corpus.to_string())
            .or_insert_with(|| {
                panels.push(Panel {
                    corpus: corpus.to_string(),
                    series: Vec::new(),
                });
                panels.len() - 1
            });
        let (names, origins) = (&mut self.solver_names, &mut self.origins);
        let solver = *self
            .solver_index
            .entry(solver.to_string())
            .or_insert_with(|| {
                names.push(solver.to_string());
                origins.push(origin.clone());
                names.len() - 1
            });
        let series = &mut self.panels[corpus].series;
        let at = *self
            .series_index
            .entry((corpus, solver, limit))
            .or_insert_with(|| {
                series.push(Series {
                    solver,
                    limit,
                    samples: Vec::new(),
                });
                series.len() - 1
            });
        series[at].samples.push(sample);
    }
}

/// The key of a run's samples as its rows give it: corpus, solver, limit.
type RunKey = (Arc<str>, Arc<str>, u64);

/// The samples of a run whose corpora are named once all are known (see [`read_runs`]),
/// grouped as they come: per key, in the order met, its samples in the CSV's order. Added
/// to a [`Grouping`] group by group, they make the panels, solvers and series that adding
/// them row by row makes (each first met in the same order), in memory of the samples
/// only, not of a row's names each.
#[derive(Default)]
struct RunSamples {
    groups: Vec<(RunKey, Vec<Sample>)>,
    index: HashMap<RunKey, usize>,
    /// The group of the latest sample (rows come corpus by corpus, solver by solver).
    latest: Option<usize>,
}

impl RunSamples {
    /// Adds the sample of a row of `corpus`, `solver` and `limit`.
    fn add(&mut self, corpus: Arc<str>, solver: Arc<str>, limit: u64, sample: Sample) {
        let same =
            |((c, s, l), _): &(RunKey, Vec<Sample>)| *c == corpus && *s == solver && *l == limit;
        let i = match self.latest.filter(|&i| same(&self.groups[i])) {
            Some(i) => i,
            None => {
                let groups = &mut self.groups;
                *self
                    .index
                    .entry((corpus, solver, limit))
                    .or_insert_with_key(|key| {
                        groups.push((key.clone(), Vec::new()));
                        groups.len() - 1
                    })
            }
        };
        self.latest = Some(i);
        self.groups[i].1.push(sample);
    }
}

/// Reads `csv` row by row and groups the samples by corpus, solver and limit; solvers are
/// ordered and coloured after `catalogue` (see [`order`]).
pub(super) fn read_results(csv: &Path, catalogue: &[&str]) -> Result<Results, Error> {
    read_runs(&[(csv, None)], catalogue)
}

/// [`read_results`] of several runs on one figure: a run with a label has its solvers
/// named `solver (label)`, and its corpora matched by file name (runs made in different
/// folders share their panels), but for two corpora of the run that share one: those are
/// matched by their paths ([`match_names`]), each its own panel.
pub(super) fn read_runs(
    runs: &[(&Path, Option<&str>)],
    catalogue: &[&str],
) -> Result<Results, Error> {
    let mut grouping = Grouping::default();
    for (run_index, &(csv, label)) in runs.iter().enumerate() {
        let mut run = RunSamples::default();
        for row in read_rows(csv)? {
            let row = row?;
            let sample = Sample {
                micros: (row.nanoseconds as f64 / 1000.0).max(MIN_MICROS),
                solve_ns: row.solve_time(),
                nodes: (row.nodes as f64).max(1.0),
                counted: row.nodes >= 1,
                outcome: Outcome::from(&row.status),
            };
            match label {
                None => {
                    let origin = Origin {
                        solver: row.solver.to_string(),
                        run: run_index,
                    };
                    grouping.add(&row.corpus, &row.solver, &origin, row.limit, sample);
                }
                Some(_) => run.add(row.corpus, row.solver, row.limit, sample),
            }
        }
        let Some(label) = label else { continue };
        let names = match_names(run.groups.iter().map(|((corpus, ..), _)| &**corpus));
        for ((corpus, solver, limit), samples) in &run.groups {
            let origin = Origin {
                solver: solver.to_string(),
                run: run_index,
            };
            let solver = format!("{solver} ({label})");
            for sample in samples {
                grouping.add(&names[&**corpus], &solver, &origin, *limit, *sample);
            }
        }
    }
    let csv = runs.first().map_or(Path::new(""), |r| r.0);
    let Grouping {
        mut panels,
        solver_names,
        origins,
        ..
    } = grouping;
    if panels.is_empty() {
        return Err(Error::Empty {
            path: shown(csv),
            reason: "no result rows, nothing to plot".into(),
        });
    }
    let sorted = order(&origins, catalogue);
    let mut new_index = vec![0; solver_names.len()];
    for (new, &old) in sorted.iter().enumerate() {
        new_index[old] = new;
    }
    let solvers: Vec<String> = sorted
        .iter()
        .map(|&old| solver_names[old].clone())
        .collect();
    let sorted_origins: Vec<Origin> = sorted.iter().map(|&old| origins[old].clone()).collect();
    let colours = colours(&sorted_origins, catalogue);
    let styles = sorted_origins.iter().map(|o| RunStyle::of(o.run)).collect();
    let mut limits = HashSet::new();
    for panel in &mut panels {
        for series in &mut panel.series {
            series.solver = new_index[series.solver];
            limits.insert(series.limit);
        }
        panel.series.sort_by_key(|s| (s.solver, s.limit));
    }
    let base_limit = limits.iter().copied().min().unwrap_or(1);
    Ok(Results {
        panels,
        solvers,
        colours,
        styles,
        base_limit,
        mixed_limits: limits.len() > 1,
    })
}
