//! The plots: the results CSVs of one run or several (one [`Row`](sudoku_results::Row)
//! per puzzle and solver) as two figures, in SVG and PNG ([`PlotOptions`]: the figures, the
//! formats, the title, the size, the files' name).
//!
//! * `<stem>.time.svg`, **time per puzzle**: one panel per corpus, one curve per solver. Each
//!   curve is an empirical cumulative distribution (ECDF): the x axis is the wall time of one
//!   solve in µs on a log scale, the y axis the share of the corpus's puzzles that the solver
//!   finished within that time. A curve further left is faster; a steep curve means evenly
//!   hard puzzles, a long tail to the right a few puzzles that cost orders of magnitude more
//!   than the median. Unlike a mean, the whole distribution is visible.
//! * `<stem>.nodes.svg`, **nodes against time**: one panel per corpus, one dot per
//!   (puzzle, solver), log–log. Points of one solver lie along a band of slope 1 (time grows
//!   with the nodes searched): the spread along the band is the difficulty of the puzzles,
//!   the band's shift to the right the cost of one node.
//!
//! Conventions shared by both figures:
//!
//! * The time is the `nanoseconds` column, in µs, at least [`MIN_MICROS`] so that a zero
//!   time stays on the log scale.
//! * Each solver has a fixed colour: naive, reduce, norvig and dlx look the same in every
//!   plot; the catalogue's other strategies follow in catalogue order, then names it does
//!   not know, alphabetically. Legends list them in that order, in every panel.
//! * Rows that did not finish (`budget_exhausted`, `timeout`, `wrong`, `crashed`, or a
//!   status this version does not know, shown as unknown, never as wrong) count among the
//!   puzzles but never as finished: an ECDF that stops below 100 % shows how many a solver
//!   left, and the legend counts them. The scatter plot marks `budget_exhausted` with a
//!   hollow triangle and `wrong` with a cross.
//! * When the rows mix solution limits, each (solver, limit) pair is its own curve,
//!   labelled with its limit; limits above the smallest are dashed.
//! * Every legend lives in a column to the right of its panel, so it never hides data.
//! * A panel is named by its corpus's short name, its file stem (`norvig_sudoku-top95`).
//! * Runs drawn together: the first in the solvers' colours, solid lines and filled dots;
//!   the second in a dark shade of the same colours, dashed lines and rings, so that a
//!   strategy's runs pair up and never blur into one.
//! * The PNG is the SVG drawn in pixels by resvg, its text in DejaVu Sans built in (the
//!   `dejavu` crate): no system library and no font of the machine, the same pixels on
//!   every machine. (plotters' own bitmap backend drops each glyph's left bearing, or
//!   needs fontconfig and FreeType.) The SVG names `sans-serif` for its viewer to pick.
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

use plotters::prelude::{IntoDrawingArea, SVGBackend};
use resvg::{tiny_skia, usvg};

use crate::sidecar::{Sidecar, State};
use crate::staged::write_whole;
use crate::{shown, Error};

/// The smallest time plotted, in µs: a measured time below it (even 0 ns) is drawn at it, since
/// a log scale has no zero.
pub const MIN_MICROS: f64 = 0.01;

/// The most corpora a figure draws, one panel each: more are refused (10,000 corpora
/// made an SVG of 196 MB, 4.6 million pixels high, that no viewer shows).
pub const MAX_PANELS: usize = 64;

/// Why a figure could not be drawn: the plotting library's or the PNG's error.
type DrawResult<T> = Result<T, Box<dyn std::error::Error + Send + Sync>>;

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

/// Reads the results CSVs `csvs` (one run, or several drawn together: two commits, two
/// machines) and writes their figures into `out_dir`, creating it if needed: by default
/// `<stem>.time.svg` (the distribution of the time per puzzle, per solver and corpus) and
/// `<stem>.nodes.svg` (nodes against time, log–log), `<stem1>-vs-<stem2>` for several runs.
/// Returns the paths written, in that order. A run whose sidecar says it did not finish
/// says so in the titles.
///
/// Of several runs, each one's solvers are labelled with its file stem (`dlx (main)`, `dlx
/// (branch)`; `A`, `B`... when the stems are not all different), its corpora matched by
/// file name.
///
/// `catalogue` is the names of the strategies in catalogue order: it orders and colours the
/// solvers (the classic four keep their colours whatever it holds). `options` says which
/// figures, in which formats, how big, titled and named how.
///
/// # Errors
///
/// If a file cannot be read, is not a CSV of sudoku-lab, has a malformed row (the error
/// names the line), if no run has a result row, if the size asked for is too small for the
/// corpora's panels, or if a figure cannot be drawn or written.
pub fn plot_runs(
    csvs: &[&Path],
    out_dir: &Path,
    catalogue: &[&str],
    options: &PlotOptions,
) -> Result<Vec<PathBuf>, Error> {
    let stems: Vec<&OsStr> = (csvs.iter())
        .map(|csv| csv.file_stem().filter(|s| !s.is_empty()))
        .map(|stem| stem.unwrap_or(OsStr::new("results")))
        .collect();
    let name: OsString = match &options.name {
        Some(asked) => asked.into(),
        None => stems.join(OsStr::new("-vs-")),
    };
    let stems: Vec<String> = stems.iter().map(|s| s.to_string_lossy().into()).collect();
    let data = data::read_runs(csvs, &labels(&stems), catalogue)?;
    let title = titled(options, &stems, &alarms(csvs));
    draw_all(&data, &name, &title, out_dir, options)
}

/// The label of each run's solvers: none for a lone run; of several, its stem, or `A`,
/// `B`... when two stems are the same.
fn labels(stems: &[String]) -> Vec<Option<String>> {
    let distinct = (stems.iter().enumerate()).all(|(i, s)| !stems[..i].contains(s));
    (stems.iter().enumerate())
        .map(|(i, stem)| match (stems.len(), distinct) {
            (1, _) => None,
            (_, true) => Some(stem.clone()),
            (_, false) => Some(char::from(b'A' + (i % 26) as u8).to_string()),
        })
        .collect()
}

/// What the sidecar of each run says when the run did not finish (`INTERRUPTED`), in order.
fn alarms(csvs: &[&Path]) -> Vec<Option<&'static str>> {
    let alarm = |csv: &&Path| match Sidecar::read_beside(csv) {
        Ok(Some(sidecar)) if sidecar.state != State::Finished => Some(sidecar.state.alarm()),
        _ => None,
    };
    csvs.iter().map(alarm).collect()
}

/// What the figures are of: the title asked for, else the runs' stems (`main vs branch`);
/// then, when a run did not finish, what its sidecar says (`main (interrupted) vs
/// branch`, or after a title asked for, `Slide 3 (main: interrupted)`).
fn titled(options: &PlotOptions, stems: &[String], alarms: &[Option<&str>]) -> String {
    let runs = stems.iter().zip(alarms);
    let Some(title) = &options.title else {
        let run = |(stem, alarm): (&String, &Option<&str>)| match alarm {
            None => stem.clone(),
            Some(alarm) => format!("{stem} ({alarm})"),
        };
        return runs.map(run).collect::<Vec<_>>().join(" vs ");
    };
    let told: Vec<String> = (runs.filter_map(|(stem, alarm)| Some((stem, (*alarm)?))))
        .map(|(stem, alarm)| match stems.len() {
            1 => alarm.to_string(),
            _ => format!("{stem}: {alarm}"),
        })
        .collect();
    match told.is_empty() {
        true => title.clone(),
        false => format!("{title} ({})", told.join(", ")),
    }
}

/// The figures of `data` asked for by `options`, in `out_dir`, titled `title` (after
/// `Time per puzzle: `, or alone when the title was asked for), named `name`.
fn draw_all(
    data: &data::Results,
    name: &OsStr,
    title: &str,
    out_dir: &Path,
    options: &PlotOptions,
) -> Result<Vec<PathBuf>, Error> {
    if data.panels.len() > MAX_PANELS {
        return Err(Error::TooManyPanels {
            corpora: data.panels.len(),
            max: MAX_PANELS,
        });
    }
    let mut written = Vec::new();
    for &figure in &options.figures {
        let layout = draw::layout(data, figure, options.size)?;
        let heading = match options.title {
            Some(_) => title.to_string(),
            None => figure.heading(title),
        };
        for &format in &options.formats {
            let mut file = name.to_os_string();
            if options.figures.len() > 1 {
                file.push(format!(".{}", figure.name()));
            }
            file.push(format!(".{}", format.extension()));
            let path = out_dir.join(file);
            let bytes = drawn(data, &heading, figure, layout, format).map_err(|e| Error::Draw {
                path: shown(&path),
                reason: e.to_string(),
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
    let tree = usvg::Tree::from_str(svg, svg_options())?;
    let size = tree.size().to_int_size();
    let (width, height) = (size.width(), size.height());
    let mut pixmap = tiny_skia::Pixmap::new(width, height)
        .ok_or_else(|| format!("no room for {width}x{height} pixels"))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    Ok(pixmap.encode_png()?)
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
