//! `bench`'s arguments resolved once into what the run needs.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use anyhow::Result;
use sudoku_core::{Limits, Size};
use sudoku_engine::{expand, Contender, External, Plan, Selection, Source};
use sudoku_reports::sidecar::SolverEntry;
use sudoku_reports::staged::through_links;
use sudoku_reports::RunFiles;

use crate::bench::method;
use crate::cli::{BenchArgs, CommandSpec, SolverSpec, DEFAULT_CORPUS, DEFAULT_GENERATED};
use crate::ui;

/// What a `bench` run needs beyond its arguments, resolved from them.
#[derive(Debug)]
pub struct RunConfig<'a> {
    /// What the engine runs.
    pub plan: Plan,
    /// The CSV, its summary and its sidecar.
    pub files: RunFiles,
    /// Each solver's budget, in order.
    pub budgets: Vec<SolverEntry>,
    /// The arguments as given.
    pub args: &'a BenchArgs,
}

impl RunConfig<'_> {
    /// Resolves `bench`'s arguments; refuses a corpus that cannot be read or is the output.
    pub fn resolve(args: &BenchArgs) -> Result<RunConfig<'_>> {
        let corpora = corpora(&args.corpora)?;
        // The link noted once the run is not refused for it (the refusal names the link).
        let out = through_links(&args.out)?;
        crate::bench::overlap::check(&corpora, &args.out, &out)?;
        note_link(&args.out, &out);
        let method = method::resolve(&args.harness, args.threads)?;
        let timeout = args.harness.timeout.limit;
        let options = sudoku_catalogue::Options {
            seed: args.search.seed,
        };
        let mut budgets = Vec::new();
        let mut contenders = Vec::new();
        for spec in &args.search.solvers.0 {
            let max_nodes = args
                .search
                .max_nodes
                .unwrap_or_else(|| spec.default_max_nodes(Size::NINE));
            let c = contender_with(spec, args.search.limit, max_nodes, timeout, &options);
            let (c, by_size) = match spec {
                // The sidecar's `max_nodes_by_size`: the sizes where a strategy's default
                // budget is not its 9x9 one.
                &SolverSpec::Strategy(s) if args.search.max_nodes.is_none() => (
                    c.with_budget_by_size(move |size| s.default_max_nodes(size)),
                    (s.sizes().into_iter())
                        .map(|size| (size.to_string(), s.default_max_nodes(size)))
                        .filter(|&(_, nodes)| nodes != max_nodes)
                        .collect(),
                ),
                _ => (c, BTreeMap::new()),
            };
            if let Some(external) = c.as_external() {
                external.check_start(c.limits())?;
            }
            contenders.push(c);
            budgets.push(SolverEntry {
                name: spec.name().to_string(),
                max_nodes,
                max_nodes_by_size: by_size,
                command: match spec {
                    SolverSpec::Command(c) => Some(c.command.clone()),
                    SolverSpec::Strategy(_) => None,
                },
            });
        }
        let threads = method.threads;
        if let Some(fewer) = sudoku_engine::external::fit_children(&contenders, threads) {
            ui::note(fewer);
        }
        Ok(RunConfig {
            plan: Plan {
                sources: corpora,
                contenders,
                threads,
                repeat: args.repeat,
                first: args.first,
                strict: args.strict,
                select: Selection {
                    shard: method.shard,
                    permute: args.harness.permute,
                    ..Selection::default()
                },
                timing: method.timing,
            },
            files: RunFiles::beside(&out),
            budgets,
            args,
        })
    }
}

/// The corpora of `paths`, expanded, with a note for each default one missing and each
/// results CSV left out of a folder.
fn corpora(paths: &[std::path::PathBuf]) -> Result<Vec<Source>> {
    let mut corpora = Vec::new();
    for path in paths {
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
            expanded.left_out.iter().for_each(ui::note);
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
    Ok(corpora)
}

/// The note of an output `out` that is a link to `file`; none when `file` is `out`.
pub(crate) fn note_link(out: &Path, file: &Path) {
    if file != out {
        ui::note(format!(
            "--out {} is a link to {}: that file is written (the link keeps leading to it), \
and the run's other files go beside it",
            out.display(),
            file.display()
        ));
    }
}

/// The contender a spec names, under `limit` and `max_nodes` (a `cmd:` solver's only when
/// above 0), a `cmd:` solver's answers awaited at most `timeout`.
pub fn contender_with(
    spec: &SolverSpec,
    limit: u64,
    max_nodes: u64,
    timeout: Duration,
    options: &sudoku_catalogue::Options,
) -> Contender {
    let limits = Limits::solutions(limit);
    match spec {
        SolverSpec::Strategy(s) => {
            Contender::new(s.solver_with(options), limits.with_max_nodes(max_nodes))
        }
        SolverSpec::Command(c @ CommandSpec { .. }) => {
            let limits = match max_nodes {
                0 => limits,
                n => limits.with_max_nodes(n),
            };
            // Shown as written, so that an error names the solver as the user did.
            let external = External::from_words(&c.written, c.argv.clone(), timeout);
            Contender::external(&c.name, external, limits)
        }
    }
}
