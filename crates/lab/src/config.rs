//! `bench`'s arguments resolved once into what the run needs: the engine's plan, the files
//! to write, how to show progress and the summary.

use std::path::Path;
use std::time::Duration;

use anyhow::Result;
use sudoku_core::Limits;
use sudoku_engine::{expand, Contender, Plan, Source};
use sudoku_reports::sidecar::SolverEntry;
use sudoku_reports::{RunFiles, View};

use crate::cli::{BenchArgs, SolverSpec, DEFAULT_CORPUS, DEFAULT_GENERATED};
use crate::ui;

/// Everything a `bench` run needs, resolved from its arguments.
#[derive(Debug)]
pub struct RunConfig {
    /// What the engine runs.
    pub plan: Plan,
    /// The CSV, its summary and its sidecar.
    pub files: RunFiles,
    /// The solution limit.
    pub limit: u64,
    /// Each solver's budget, in order.
    pub budgets: Vec<SolverEntry>,
    /// Whether the budgets are the catalogue's defaults (no `--max-nodes`).
    pub default_budgets: bool,
    /// The summary's view.
    pub view: View,
    /// No progress.
    pub quiet: bool,
    /// Plain progress lines this often when stderr is not a terminal (`None`: never).
    pub progress_every: Option<Duration>,
}

impl RunConfig {
    /// Resolves `bench`'s arguments: corpora expanded (the default seed puzzles fall back to
    /// those built in, the default generated corpora are skipped when missing), solvers built
    /// with their limits, threads counted.
    ///
    /// Results CSVs of the runner in a folder of corpora are left out (with a note), and a
    /// corpus that is the run's output is refused.
    ///
    /// # Errors
    ///
    /// When a corpus cannot be read (missing file, folder without corpus files), or is the
    /// run's output ([`crate::overlap::Usage`]).
    pub fn resolve(args: &BenchArgs) -> Result<RunConfig> {
        let mut corpora = Vec::new();
        for path in &args.corpora {
            if path == Path::new(DEFAULT_CORPUS) && !path.exists() {
                ui::note(format!(
                    "no {DEFAULT_CORPUS} here: reading the seed puzzles built into sudoku-lab"
                ));
                corpora.push(Source::BuiltIn);
            } else if path == Path::new(DEFAULT_GENERATED) && !path.exists() {
                ui::note(format!(
                    "no {DEFAULT_GENERATED} here: its graded corpora are skipped (they are in \
                     the repository: run from its root to read them)"
                ));
            } else {
                let expanded = expand(std::slice::from_ref(path))?;
                for file in &expanded.skipped {
                    ui::note(format!(
                        "{}: a results CSV of sudoku-lab (its first line is the runner's \
header), not a corpus: left out",
                        file.display()
                    ));
                }
                corpora.extend(expanded.sources);
            }
        }
        crate::overlap::check(&corpora, &args.out)?;
        let budgets: Vec<SolverEntry> = args
            .solvers
            .0
            .iter()
            .map(|spec| SolverEntry {
                name: spec.name().to_string(),
                max_nodes: args.max_nodes.unwrap_or_else(|| spec.default_max_nodes()),
            })
            .collect();
        let contenders = args
            .solvers
            .0
            .iter()
            .zip(&budgets)
            .map(|(spec, budget)| contender(spec, args.limit, budget.max_nodes))
            .collect();
        let threads = match args.threads {
            Some(n) => n as usize,
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        };
        Ok(RunConfig {
            plan: Plan {
                sources: corpora,
                contenders,
                threads,
                repeat: args.repeat,
                first: args.first,
                strict: args.strict,
            },
            files: RunFiles::beside(&args.out),
            limit: args.limit,
            budgets,
            default_budgets: args.max_nodes.is_none(),
            view: if args.wide { View::Wide } else { View::Narrow },
            quiet: args.quiet,
            progress_every: (args.progress_every > 0)
                .then(|| Duration::from_secs(args.progress_every)),
        })
    }
}

/// The contender a spec names, solving under `limit` and `max_nodes`.
pub fn contender(spec: &SolverSpec, limit: u64, max_nodes: u64) -> Contender {
    let limits = Limits::solutions(limit).with_max_nodes(max_nodes);
    match spec {
        SolverSpec::Strategy(s) => Contender::new(s.solver(), limits),
    }
}
