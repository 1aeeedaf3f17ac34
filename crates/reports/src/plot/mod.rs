//! The plots: a results CSV (one [`Row`](sudoku_results::Row) per puzzle and solver) as two figures,
//! in SVG and PNG ([`PlotOptions`]: the figures, the formats, the title, the size, the
//! files' name).
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
//! * Every legend lives in a column to the right of its panel, so it never hides data; its
//!   entries, in every panel and every figure, in the catalogue's order (the runs of one
//!   strategy side by side when several runs are drawn together).
//! * A panel is named by its corpus's short name, the file stem (`norvig_sudoku-top95`),
//!   not the path the run was given (`../shared/corpora/…`).
//! * Runs drawn together: the first in the solvers' colours, solid lines and filled dots;
//!   the second in a dark shade of the same colours, dashed lines and rings; so that a
//!   strategy's runs pair up and never blur into one.
//! * The PNG is the SVG drawn in pixels by resvg, its text in DejaVu Sans, built in (the
//!   `dejavu` crate): pure Rust, no system library and no font of the machine's needed,
//!   the same pixels on every machine. (plotters' own bitmap backend draws text by
//!   `ab_glyph` with each glyph's left bearing dropped, `6.27` as `6·27`, or by its `ttf`
//!   feature through fontconfig and FreeType, system libraries.) The SVG names
//!   `sans-serif` and lets its viewer pick the face.
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
use std::sync::OnceLock;

use plotters::drawing::DrawingAreaErrorKind;
use plotters::prelude::{IntoDrawingArea, SVGBackend};
use resvg::{tiny_skia, usvg};

use crate::sidecar::{Sidecar, State};
use crate::staged::write_whole;
use crate::{shown, Error};

/// The smallest time plotted, in µs: a measured time below it (even 0 ns) is drawn at it, since
/// a log scale has no zero.
pub const MIN_MICROS: f64 = 0.01;

/// Width of a whole figure in pixels, by default.
const WIDTH: u32 = 1040;
/// The least width of a panel's plot, left of its legend, in pixels.
const MIN_PLOT_WIDTH: u32 = 320;
/// The least height of a panel, in pixels.
const MIN_PANEL_HEIGHT: u32 = 220;
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

/// Which of the two figures to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Figure {
    /// ECDF of the time per puzzle: `<name>.time.svg`.
    Time,
    /// Scatter of nodes against time: `<name>.nodes.svg`.
    Nodes,
}

impl Figure {
    /// Both figures, in the order they are written.
    pub const BOTH: [Figure; 2] = [Figure::Time, Figure::Nodes];

    /// Its name in a file name and on the command line: `time`, `nodes`.
    pub const fn name(self) -> &'static str {
        match self {
            Figure::Time => "time",
            Figure::Nodes => "nodes",
        }
    }

    /// The heading of the figure of a run titled `of`.
    fn heading(self, of: &str) -> String {
        match self {
            Figure::Time => format!("Time per puzzle: {of}"),
            Figure::Nodes => format!("Nodes against time: {of}"),
        }
    }
}

/// A file format of the figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// SVG, drawn as vectors (a web page, a document).
    Svg,
    /// PNG, drawn in pixels at the figure's size (a slide).
    Png,
}

impl Format {
    /// The file name's extension: `svg`, `png`.
    pub const fn extension(self) -> &'static str {
        match self {
            Format::Svg => "svg",
            Format::Png => "png",
        }
    }
}

/// How the figures are drawn and named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlotOptions {
    /// The figures to draw.
    pub figures: Vec<Figure>,
    /// The formats each figure is written in.
    pub formats: Vec<Format>,
    /// The heading of every figure, in place of `Time per puzzle: <stem>`; a run that did
    /// not finish still says so after it.
    pub title: Option<String>,
    /// The size of each figure in pixels, width and height; `None`: 1040 wide, each
    /// corpus's panel 460 high (more when its legend needs it).
    pub size: Option<(u32, u32)>,
    /// The files' name before the figure and the extension (`<name>.time.svg`); alone
    /// (`<name>.svg`) when one figure is drawn. `None`: the CSV's stem, or the stems of
    /// the runs joined by `-vs-`.
    pub name: Option<String>,
}

impl Default for PlotOptions {
    /// Both figures, in SVG, titled and named after the CSV, at their own size.
    fn default() -> Self {
        PlotOptions {
            figures: Figure::BOTH.to_vec(),
            formats: vec![Format::Svg],
            title: None,
            size: None,
            name: None,
        }
    }
}

/// Reads the results CSV at `csv` and writes `<stem>.time.svg` (the distribution of the time
/// per puzzle, per solver and corpus) and `<stem>.nodes.svg` (nodes against time, log–log)
/// into `out_dir`, creating it if needed. Returns the paths written, in that order. When
/// the CSV's sidecar says the run did not finish, the titles say so.
///
/// `catalogue` is the names of the strategies in catalogue order: it orders and colours the
/// solvers (the classic four keep their colours whatever it holds). `options` says which
/// figures, in which formats, how big, titled and named how.
///
/// # Errors
///
/// If the file cannot be read, is not a CSV of sudoku-lab, has no result row or a malformed
/// row (the error names the line), if the size asked for is too small for the corpora's
/// panels, or if a figure cannot be drawn or written.
pub fn plot_csv(
    csv: &Path,
    out_dir: &Path,
    catalogue: &[&str],
    options: &PlotOptions,
) -> Result<Vec<PathBuf>, Error> {
    let data = data::read_results(csv, catalogue)?;
    let stem = stem_of(csv);
    let title = titled(
        options,
        &[stem.to_string_lossy().into_owned()],
        &alarms(&[csv]),
    );
    draw_all(&data, &stem, &title, out_dir, options)
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
    options: &PlotOptions,
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
    let stem = OsString::from(stems.join("-vs-"));
    let title = titled(options, &stems, &alarms(csvs));
    draw_all(&data, &stem, &title, out_dir, options)
}

/// A CSV's file stem, or `results`.
fn stem_of(csv: &Path) -> OsString {
    csv.file_stem()
        .filter(|s| !s.is_empty())
        .unwrap_or(OsStr::new("results"))
        .to_os_string()
}

/// Whether each run did not finish, as its sidecar says (`interrupted`), in order; an
/// empty string for one that did (or has no sidecar).
fn alarms(csvs: &[&Path]) -> Vec<String> {
    csvs.iter()
        .map(|csv| match Sidecar::read_beside(csv) {
            Ok(Some(sidecar)) if sidecar.state != State::Finished => {
                sidecar.state.alarm().to_string()
            }
            _ => String::new(),
        })
        .collect()
}

/// What the figures are of: the title asked for, else the runs' stems (`main vs branch`);
/// then, when a run did not finish, what its sidecar says (`main (interrupted) vs
/// branch`, or after a title asked for, `Slide 3 (main: interrupted)`).
fn titled(options: &PlotOptions, stems: &[String], alarms: &[String]) -> String {
    match &options.title {
        None => stems
            .iter()
            .zip(alarms)
            .map(|(stem, alarm)| match alarm.as_str() {
                "" => stem.to_string(),
                alarm => format!("{stem} ({alarm})"),
            })
            .collect::<Vec<_>>()
            .join(" vs "),
        Some(title) => {
            let told: Vec<String> = stems
                .iter()
                .zip(alarms)
                .filter(|(_, alarm)| !alarm.is_empty())
                .map(|(stem, alarm)| {
                    if stems.len() == 1 {
                        alarm.clone()
                    } else {
                        format!("{stem}: {alarm}")
                    }
                })
                .collect();
            match told.is_empty() {
                true => title.clone(),
                false => format!("{title} ({})", told.join(", ")),
            }
        }
    }
}

/// The most corpora a figure draws, one panel each: more are refused (10,000 corpora
/// made an SVG of 196 MB, 4.6 million pixels high, that no viewer shows).
pub const MAX_PANELS: usize = 64;

/// The figures of `data` asked for by `options`, in `out_dir`, titled `title` (after
/// `Time per puzzle: `, or alone when the title was asked for), named after `stem`
/// unless the options name them.
fn draw_all(
    data: &data::Results,
    stem: &OsStr,
    title: &str,
    out_dir: &Path,
    options: &PlotOptions,
) -> Result<Vec<PathBuf>, Error> {
    let name = options
        .name
        .as_ref()
        .map_or(stem.to_os_string(), OsString::from);
    if data.panels.len() > MAX_PANELS {
        return Err(Error::TooManyPanels {
            corpora: data.panels.len(),
            max: MAX_PANELS,
        });
    }
    let mut written = Vec::new();
    for &figure in &options.figures {
        let layout = match options.size {
            None => draw::default_layout(data, figure),
            Some(size) => draw::layout_within(data, figure, size).ok_or_else(|| {
                let (width, height) = draw::least_size(data, figure);
                Error::FigureSize {
                    size: format!("{}x{}", size.0, size.1),
                    least: format!("{width}x{height}"),
                }
            })?,
        };
        let heading = match options.title {
            Some(_) => title.to_string(),
            None => figure.heading(title),
        };
        for &format in &options.formats {
            let mut file = name.clone();
            if options.figures.len() > 1 {
                file.push(format!(".{}", figure.name()));
            }
            file.push(format!(".{}", format.extension()));
            let path = out_dir.join(file);
            let bytes = drawn(data, &heading, figure, layout, format).map_err(|e| Error::Draw {
                path: shown(&path),
                reason: e.0,
            })?;
            write_whole(&path, &bytes)?;
            written.push(path);
        }
    }
    Ok(written)
}

/// One figure in `format`: the SVG's text, or the PNG's bytes (the SVG in pixels).
fn drawn(
    data: &data::Results,
    heading: &str,
    figure: Figure,
    layout: draw::Layout,
    format: Format,
) -> DrawResult<Vec<u8>> {
    let mut svg = String::new();
    {
        let size = layout.size(data.panels.len());
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        draw::render(&root, data, heading, figure, layout)?;
    }
    match format {
        Format::Svg => Ok(svg.into_bytes()),
        Format::Png => png(&svg),
    }
}

/// An SVG drawn in pixels at its size, on white, as a PNG file; its text in DejaVu Sans.
fn png(svg: &str) -> DrawResult<Vec<u8>> {
    let tree = usvg::Tree::from_str(svg, svg_options()).map_err(|e| DrawError(e.to_string()))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).ok_or_else(|| {
        DrawError(format!(
            "no room for {}x{} pixels",
            size.width(),
            size.height()
        ))
    })?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| DrawError(e.to_string()))
}

/// How the SVG is read for the PNG: every family (`sans-serif` the figures name) is
/// DejaVu Sans, regular and bold, loaded once from the binary, never from the machine.
fn svg_options() -> &'static usvg::Options<'static> {
    static OPTIONS: OnceLock<usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(|| {
        let mut options = usvg::Options {
            font_family: "DejaVu Sans".to_string(),
            ..usvg::Options::default()
        };
        let fonts = options.fontdb_mut();
        fonts.load_font_data(dejavu::sans::regular().to_vec());
        fonts.load_font_data(dejavu::sans::bold().to_vec());
        fonts.set_sans_serif_family("DejaVu Sans");
        options
    })
}

#[cfg(test)]
mod tests;
