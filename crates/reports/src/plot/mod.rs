//! The plots: a results CSV (one [`Row`](sudoku_results::Row) per puzzle and solver) as two SVG figures.
//!
//! * `<stem>.time.svg`, **time per puzzle**: one panel per corpus, one curve per solver. Each
//!   curve is an empirical cumulative distribution (ECDF): the x axis is the wall time of one
//!   solve in µs on a log scale, the y axis the share of the corpus's puzzles that the solver
//!   finished within that time. A curve further left is faster; a steep curve means evenly hard
//!   puzzles, a long tail to the right means a few puzzles cost orders of magnitude more than the
//!   median. Unlike a mean, the whole distribution is visible.
//! * `<stem>.nodes.svg`, **nodes against time**: one panel per corpus, one dot per
//!   (puzzle, solver), log–log. Points of one solver lie along a band of slope 1 (time grows
//!   with the nodes searched): the spread along the band is the difficulty of the puzzles, the
//!   band's shift to the right the cost of one node.
//!
//! Conventions shared by both figures:
//!
//! * The time is the `nanoseconds` column (the minimum over `--repeat` runs), converted to µs
//!   and clamped to at least [`MIN_MICROS`] so that a zero time stays on the log scale.
//! * Each solver has a fixed colour: naive, reduce, norvig and dlx look the same in every
//!   plot; the catalogue's other strategies follow in catalogue order (the caller passes the
//!   catalogue's names), then names it does not know, alphabetically.
//! * A row ends `solved` or `no_solution` (*finished*), `budget_exhausted` (the node budget ran
//!   out) or `wrong` (the solution failed its check); a status this version does not know is
//!   shown as unknown, never as wrong. Unfinished rows count in the number of
//!   puzzles but never as finished, so an ECDF that stops below 100 % shows how many puzzles a
//!   solver did not finish; the legend gives their counts. In the scatter plot they are drawn
//!   with their own markers: a hollow triangle for `budget_exhausted`, a cross for `wrong`.
//! * If a file mixes solution limits (1 = first solution, 2 = uniqueness check), each
//!   (solver, limit) pair is its own curve, labelled with its limit; limits above the smallest
//!   one are drawn dashed.
//! * Every legend lives in a column to the right of its panel, so it never hides data.
//!
//! The CSV is read as a stream, keeping only the few numbers each plot needs per row. A CSV
//! without any result row is an error (there is nothing to plot), and so is a malformed row:
//! the error names the file and the line.

mod axis;
mod colour;
mod data;
mod draw;
mod legend;

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use plotters::drawing::DrawingAreaErrorKind;

use crate::error::{shown, Error};
use crate::sidecar::{Sidecar, State};
use crate::staged::write_whole;

/// The smallest time plotted, in µs: a measured time below it (even 0 ns) is drawn at it, since
/// a log scale has no zero.
pub const MIN_MICROS: f64 = 0.01;

/// Width of a whole figure in pixels.
const WIDTH: u32 = 1040;
/// Height of one corpus panel in pixels (more if its legend needs it).
const PANEL_HEIGHT: u32 = 460;
/// Height of the figure's title band in pixels.
const TITLE_HEIGHT: u32 = 70;
/// Width of the legend column to the right of each panel.
const LEGEND_WIDTH: u32 = 270;
/// Above this many finished puzzles an ECDF is drawn from samples at this many times instead
/// of one step per puzzle (a step narrower than a pixel cannot be seen anyway).
const ECDF_SAMPLES: usize = 1000;
/// The scatter plot keeps one marker per solver, outcome and cell of a grid this many cells
/// wide and high (a cell is about 3 px, half a marker), so that a file with millions of rows
/// still gives a small SVG.
const SCATTER_GRID: f64 = 250.0;
/// Factor of room left on a log axis beyond its outer decades.
const AXIS_PAD: f64 = 1.5;

/// A drawing error of the plotting library, as its message.
#[derive(Debug)]
struct DrawError(String);

impl<E: std::error::Error + Send + Sync> From<DrawingAreaErrorKind<E>> for DrawError {
    fn from(e: DrawingAreaErrorKind<E>) -> Self {
        DrawError(e.to_string())
    }
}

type DrawResult<T> = Result<T, DrawError>;

/// A part of a figure to draw into (a panel, its legend).
type Area<'b> =
    plotters::drawing::DrawingArea<plotters::prelude::SVGBackend<'b>, plotters::coord::Shift>;

/// Which of the two figures to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Figure {
    /// ECDF of the time per puzzle.
    Time,
    /// Scatter of nodes against time.
    Nodes,
}

/// Reads the results CSV at `csv` and writes `<stem>.time.svg` (the distribution of the time
/// per puzzle, per solver and corpus) and `<stem>.nodes.svg` (nodes against time, log–log)
/// into `out_dir`, creating it if needed. Returns the paths written, in that order. When
/// the CSV's sidecar says the run did not finish, the titles say so.
///
/// `catalogue` is the names of the strategies in catalogue order: it orders and colours the
/// solvers (the classic four keep their colours whatever it holds).
///
/// # Errors
///
/// If the file cannot be read, is not a CSV of sudoku-lab, has no result row or a malformed
/// row (the error names the line), or if an SVG cannot be drawn or written.
pub fn plot_csv(csv: &Path, out_dir: &Path, catalogue: &[&str]) -> Result<Vec<PathBuf>, Error> {
    let data = data::read_results(csv, catalogue)?;
    draw_both(&data, &stem_of(csv), &title_of(csv), out_dir)
}

/// [`plot_csv`] of several runs on one figure (two commits, two machines): each run's
/// solvers are labelled with its file stem (`dlx (main)`, `dlx (branch)`; `A`, `B`... when
/// the stems are not all different), its corpora matched by file name. The figures are
/// `<stem1>-vs-<stem2>.time.svg` and `.nodes.svg`; a run that did not finish says so in
/// the title.
///
/// # Errors
///
/// As [`plot_csv`], for any of the runs.
pub fn plot_runs(
    csvs: &[&Path],
    out_dir: &Path,
    catalogue: &[&str],
) -> Result<Vec<PathBuf>, Error> {
    let stems: Vec<String> = csvs
        .iter()
        .map(|c| stem_of(c).to_string_lossy().into_owned())
        .collect();
    let distinct = stems
        .iter()
        .enumerate()
        .all(|(i, s)| !stems[..i].contains(s));
    let labels: Vec<String> = if distinct {
        stems.clone()
    } else {
        (0..csvs.len())
            .map(|i| char::from(b'A' + (i % 26) as u8).to_string())
            .collect()
    };
    let runs: Vec<(&Path, Option<&str>)> = csvs
        .iter()
        .zip(&labels)
        .map(|(c, l)| (*c, Some(l.as_str())))
        .collect();
    let data = data::read_runs(&runs, catalogue)?;
    let titles: Vec<String> = csvs.iter().map(|c| title_of(c)).collect();
    let stem = OsString::from(stems.join("-vs-"));
    draw_both(&data, &stem, &titles.join(" vs "), out_dir)
}

/// A CSV's file stem, or `results`.
fn stem_of(csv: &Path) -> OsString {
    csv.file_stem()
        .filter(|s| !s.is_empty())
        .unwrap_or(OsStr::new("results"))
        .to_os_string()
}

/// A CSV's title: its stem, and whether the run did not finish (as its summary says).
fn title_of(csv: &Path) -> String {
    let title = stem_of(csv).to_string_lossy().into_owned();
    match Sidecar::read_beside(csv) {
        Ok(Some(sidecar)) if sidecar.state != State::Finished => {
            format!("{title} ({})", sidecar.state.alarm())
        }
        _ => title,
    }
}

/// Both figures of `data`, as `<stem>.time.svg` and `<stem>.nodes.svg` in `out_dir`,
/// titled `title`.
fn draw_both(
    data: &data::Results,
    stem: &OsStr,
    title: &str,
    out_dir: &Path,
) -> Result<Vec<PathBuf>, Error> {
    let mut written = Vec::new();
    for (figure, name) in [(Figure::Time, "time"), (Figure::Nodes, "nodes")] {
        let mut file = stem.to_os_string();
        file.push(format!(".{name}.svg"));
        let path = out_dir.join(file);
        let svg = draw::render(data, title, figure).map_err(|e| Error::Draw {
            path: shown(&path),
            reason: e.0,
        })?;
        write_whole(&path, svg.as_bytes())?;
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests;
