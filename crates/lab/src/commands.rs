//! The small commands: `summary`, `plot`, `completions`, `man`.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use clap::CommandFactory;
use sudoku_reports::{Sidecar, State, Summary, View};

use crate::cli::{Cli, CompletionsArgs, ManArgs, PlotArgs, PlotFigure, PlotFormat, SummaryArgs};
use crate::{ui, RunEnd};

/// `summary`: the table of a CSV again, with what its sidecar adds.
pub fn summary(args: &SummaryArgs) -> Result<RunEnd> {
    let mut summary = Summary::new();
    let mut rows = 0;
    for row in sudoku_reports::read_rows(&args.csv)? {
        summary.add(&row?);
        rows += 1;
    }
    match Sidecar::read_beside(&args.csv) {
        Ok(Some(sidecar)) => add_sidecar(&mut summary, &args.csv, rows, &sidecar),
        Ok(None) => {}
        Err(e) => ui::warning(format!("{e} (the summary goes on without it)")),
    }
    ui::out(summary.to_text(if args.wide { View::Wide } else { View::Narrow }));
    ui::stdout_written()?;
    Ok(if summary.wrong() > 0 {
        RunEnd::Wrong
    } else {
        RunEnd::Finished
    })
}

/// What the sidecar of the CSV at `csv`, which holds `rows` rows, adds to its `summary`:
/// no wall-clock rate when an ended run's sidecar says it wrote another number of rows (the
/// run's clock did not time these rows).
fn add_sidecar(summary: &mut Summary, csv: &Path, rows: u64, sidecar: &Sidecar) {
    summary.apply_sidecar(sidecar);
    if let Err(e) = sidecar.check_rows(rows) {
        ui::warning(format!(
            "{}: {e}: the summary is of the rows as they are now, not of the run, and gives \
             no wall-clock rate",
            csv.display()
        ));
        summary.clock = false;
    }
}

/// `plot`: the figures of a CSV (or of several runs together).
pub fn plot(args: &PlotArgs) -> Result<RunEnd> {
    let out_dir = match &args.out_dir {
        Some(dir) => dir.clone(),
        None => args.csv[0]
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .map_or_else(|| ".".into(), Path::to_path_buf),
    };
    let catalogue: Vec<&str> = sudoku_catalogue::names().collect();
    let options = plot_options(args);
    let csvs: Vec<&Path> = args.csv.iter().map(PathBuf::as_path).collect();
    let figures = sudoku_reports::plot::plot_runs(&csvs, &out_dir, &catalogue, &options)?;
    for csv in &args.csv {
        if let Ok(Some(sidecar)) = Sidecar::read_beside(csv) {
            if sidecar.state != State::Finished {
                let state = sidecar.state;
                let (alarm, told) = (state.alarm(), state.told());
                ui::warning(format!("{}: {alarm}: {told}.", csv.display()));
            }
        }
    }
    for file in figures {
        ui::out(format_args!("{}\n", file.display()));
    }
    ui::stdout_written()?;
    Ok(RunEnd::Finished)
}

/// What `plot`'s options ask of the figures.
fn plot_options(args: &PlotArgs) -> sudoku_reports::plot::PlotOptions {
    use sudoku_reports::plot::{Figure, Format, PlotOptions};
    let figures = match args.figure {
        PlotFigure::Time => vec![Figure::Time],
        PlotFigure::Nodes => vec![Figure::Nodes],
        PlotFigure::Both => Figure::BOTH.to_vec(),
    };
    let mut formats = Vec::new();
    for format in args.format.iter().map(|f| match f {
        PlotFormat::Svg => Format::Svg,
        PlotFormat::Png => Format::Png,
    }) {
        if !formats.contains(&format) {
            formats.push(format);
        }
    }
    PlotOptions {
        figures,
        formats,
        title: args.title.clone(),
        size: args.size,
        name: args.name.clone(),
    }
}

/// `completions SHELL`: the completion script on stdout.
pub fn completions(args: &CompletionsArgs) -> Result<RunEnd> {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "sudoku-lab", &mut script);
    let script = String::from_utf8_lossy(&script);
    match args.shell {
        clap_complete::Shell::Bash => ui::out(bash_mended(&script)),
        _ => ui::out(script),
    }
    ui::stdout_written()?;
    Ok(RunEnd::Finished)
}

/// The bash script mended twice. Each subcommand's arm is named as its dispatch reaches it
/// (`sudoku__lab__subcmd__bench`): clap_complete 4.6.11 (clap-rs/clap#6421) takes the
/// binary's hyphen for a subcommand separator, so that no subcommand's option would
/// complete. A solver list (`-s dlx,nor<TAB>`) is completed at its last item, the items
/// before it kept: clap_complete offers the catalogue's names (see `SolverListParser`) for
/// the whole word, which after a comma matches none.
fn bash_mended(script: &str) -> String {
    let names: Vec<&str> = sudoku_catalogue::suggest::list_names().collect();
    let names = names.join(" ");
    let script = script.replace("sudoku__subcmd__lab__subcmd__", "sudoku__lab__subcmd__");
    script.replace(
        &format!(r#"COMPREPLY=($(compgen -W "{names}" -- "${{cur}}"))"#),
        &format!(
            r#"COMPREPLY=($(compgen -P "${{cur%"${{cur##*,}}"}}" -W "{names}" -- "${{cur##*,}}"))"#
        ),
    )
}

/// `man [SUBCOMMAND]`: a manual page on stdout, without clap's `help` subcommand (which
/// has no page).
pub fn man(args: &ManArgs) -> Result<RunEnd> {
    let mut command = Cli::command().disable_help_subcommand(true);
    command.build();
    let page = match &args.command {
        None => command,
        Some(name) => command
            .find_subcommand(name)
            .cloned()
            .with_context(|| format!("no subcommand {name}"))?
            .name(format!("sudoku-lab-{name}")),
    };
    let mut out = Vec::new();
    clap_mangen::Man::new(page).render(&mut out)?;
    ui::out(extra_as_written(&String::from_utf8_lossy(&out)));
    ui::stdout_written()?;
    Ok(RunEnd::Finished)
}

/// The page with its EXTRA section (what `--help` ends with) in no-fill mode (`.nf` …
/// `.fi`): clap_mangen writes it as text to fill, which runs an example into its
/// explanation.
fn extra_as_written(page: &str) -> String {
    const EXTRA: &str = ".SH EXTRA\n";
    let Some(start) = page.find(EXTRA).map(|at| at + EXTRA.len()) else {
        return page.to_string();
    };
    let end = page[start..]
        .find("\n.SH ")
        .map_or(page.len(), |at| start + at + 1);
    format!(
        "{}.nf\n{}.fi\n{}",
        &page[..start],
        &page[start..end],
        &page[end..]
    )
}
