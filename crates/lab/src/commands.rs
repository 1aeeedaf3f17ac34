//! The small commands: `summary`, `plot`, `completions`, `man`.

use std::path::{Path, PathBuf};

use anyhow::Result;
use clap::CommandFactory;
use sudoku_reports::{Sidecar, Summary, View};

use crate::cli::{Cli, CompletionsArgs, ManArgs, PlotArgs, PlotFigure, PlotFormat, SummaryArgs};
use crate::usage_error::Usage;
use crate::{ui, RunEnd};

/// The most runs `plot` draws on one figure, each in a look of its own.
const MAX_RUNS: usize = 8;

/// `summary`: the table of a CSV again, with what its sidecar adds.
pub fn summary(args: &SummaryArgs) -> Result<RunEnd> {
    let mut summary = Summary::new();
    let mut rows = 0;
    for row in sudoku_reports::read_rows(&args.csv)? {
        summary.add(&row?);
        rows += 1;
    }
    match Sidecar::read_beside(&args.csv) {
        Ok(Some(sidecar)) => {
            summary.apply_sidecar(&sidecar);
            // An ended run's sidecar that says another number of rows did not time these.
            if let Err(e) = sidecar.check_rows(rows) {
                let csv = args.csv.display();
                ui::warning(format!(
                    "{csv}: {e}: the summary is of the rows as they are now, not of the run, \
                     and gives no wall-clock rate"
                ));
                summary.clock = false;
            }
        }
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

/// `plot`: the figures of a CSV (or of several runs together).
pub fn plot(args: &PlotArgs) -> Result<RunEnd> {
    if args.csv.len() > MAX_RUNS {
        let n = args.csv.len();
        Err(Usage(format!(
            "{n} runs given: a figure draws at most {MAX_RUNS}"
        )))?;
    }
    let beside = args.csv[0].parent().filter(|p| !p.as_os_str().is_empty());
    let out_dir = (args.out_dir.as_deref().or(beside)).unwrap_or(Path::new("."));
    let catalogue: Vec<&str> = sudoku_catalogue::names().collect();
    let options = plot_options(args);
    let csvs: Vec<&Path> = args.csv.iter().map(PathBuf::as_path).collect();
    let plotted = sudoku_reports::plot::plot_runs(&csvs, out_dir, &catalogue, &options)?;
    for (csv, state) in args.csv.iter().zip(plotted.unfinished) {
        if let Some(state) = state {
            let (alarm, told) = (state.alarm(), state.told());
            ui::warning(format!("{}: {alarm}: {told}.", csv.display()));
        }
    }
    for file in plotted.files {
        ui::out(format_args!("{}\n", file.display()));
    }
    ui::stdout_written()?;
    Ok(RunEnd::Finished)
}

/// What `plot`'s options ask of the figures (each format once, in the order asked).
fn plot_options(args: &PlotArgs) -> sudoku_reports::plot::PlotOptions {
    use sudoku_reports::plot::{Figure, Format, PlotOptions};
    let figures = match args.figure {
        PlotFigure::Time => vec![Figure::Time],
        PlotFigure::Nodes => vec![Figure::Nodes],
        PlotFigure::Both => Figure::BOTH.to_vec(),
    };
    let asked = &args.format;
    PlotOptions {
        figures,
        formats: (asked.iter().enumerate())
            .filter(|&(i, f)| !asked[..i].contains(f))
            .map(|(_, f)| match f {
                PlotFormat::Svg => Format::Svg,
                PlotFormat::Png => Format::Png,
            })
            .collect(),
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

/// The bash script mended twice: each subcommand's arm named as its dispatch reaches it
/// (clap-rs/clap#6421 takes the binary's hyphen for a separator), and a solver list
/// (`-s dlx,nor<TAB>`) completed at its last item, the items before it kept.
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
            .expect("a page of PAGES")
            .name(format!("sudoku-lab-{name}")),
    };
    let mut out = Vec::new();
    clap_mangen::Man::new(page).render(&mut out)?;
    ui::out(extra_as_written(&String::from_utf8_lossy(&out)));
    ui::stdout_written()?;
    Ok(RunEnd::Finished)
}

/// The page with its EXTRA section (what `--help` ends with) in no-fill mode (`.nf` … `.fi`):
/// clap_mangen fills it, which runs a line into the next.
fn extra_as_written(page: &str) -> String {
    let Some((head, rest)) = page.split_once(".SH EXTRA\n") else {
        return page.to_string();
    };
    let (extra, tail) = rest.split_at(rest.find("\n.SH ").map_or(rest.len(), |at| at + 1));
    format!("{head}.SH EXTRA\n.nf\n{extra}.fi\n{tail}")
}
