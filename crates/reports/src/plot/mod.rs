//! The plots: the results CSVs of one run or several as two figures, the time per puzzle
//! (an ECDF per solver) and nodes against time (log–log), in SVG and PNG. What they show
//! and how to read them: see the book's "plot" chapter.
//!
//! The PNG is the SVG drawn by resvg with DejaVu Sans built in (the `dejavu` crate): no
//! system font or library, the same pixels on every machine. (plotters' own bitmap backend
//! drops each glyph's left bearing, or needs fontconfig and FreeType.)

mod axis;
mod colour;
mod data;
mod draw;
mod legend;

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use resvg::{tiny_skia, usvg};

use crate::sidecar::{Sidecar, State};
use crate::staged::write_whole;
use crate::{shown, Error};

/// The smallest time plotted, in µs: a log scale has no zero.
pub const MIN_MICROS: f64 = 0.01;

/// The most corpora a figure draws, a panel each (10,000 made an SVG of 196 MB).
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
}

/// A file format of the figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// SVG, as vectors.
    Svg,
    /// PNG, in pixels at the figure's size.
    Png,
}

/// How the figures are drawn and named (`plot`'s options, with the same defaults).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlotOptions {
    /// The figures to draw.
    pub figures: Vec<Figure>,
    /// The formats each figure is written in.
    pub formats: Vec<Format>,
    /// The heading of every figure, in place of `Time per puzzle: <stem>`.
    pub title: Option<String>,
    /// The size of each figure in pixels, width and height.
    pub size: Option<(u32, u32)>,
    /// The files' name before the figure and the extension.
    pub name: Option<String>,
}

impl Default for PlotOptions {
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

/// What [`plot_runs`] did: the files it wrote, in order, and the state of each run whose
/// sidecar does not say it finished (the title names it too).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plotted {
    /// The figures written, in order.
    pub files: Vec<PathBuf>,
    /// Each run's state when its sidecar says it did not finish, in the order of the CSVs.
    pub unfinished: Vec<Option<State>>,
}

/// Reads the results CSVs `csvs` (one run, or several drawn together) and writes their
/// figures into `out_dir`. `catalogue` is the strategies' names in catalogue order, which
/// orders and colours the solvers.
pub fn plot_runs(
    csvs: &[&Path],
    out_dir: &Path,
    catalogue: &[&str],
    options: &PlotOptions,
) -> Result<Plotted, Error> {
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
    let state = |csv: &&Path| match Sidecar::read_beside(csv) {
        Ok(Some(sidecar)) => Some(sidecar.state).filter(|&s| s != State::Finished),
        _ => None,
    };
    let unfinished: Vec<Option<State>> = csvs.iter().map(state).collect();
    let alarms: Vec<_> = unfinished.iter().map(|s| s.map(State::alarm)).collect();
    let title = titled(options.title.as_deref(), &stems, &alarms);
    let files = draw_all(&data, &name, &title, out_dir, options)?;
    Ok(Plotted { files, unfinished })
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

/// The title asked for, else the runs' stems (`main vs branch`); then what the sidecar of
/// each run that did not finish says (`r (INTERRUPTED)`, `main vs branch (main: FAILED)`).
fn titled(title: Option<&str>, stems: &[String], alarms: &[Option<&str>]) -> String {
    let title = title.map_or_else(|| stems.join(" vs "), str::to_string);
    let told: Vec<String> = (stems.iter().zip(alarms))
        .filter_map(|(stem, alarm)| match stems.len() {
            1 => Some((*alarm)?.to_string()),
            _ => Some(format!("{stem}: {}", (*alarm)?)),
        })
        .collect();
    match told.is_empty() {
        true => title,
        false => format!("{title} ({})", told.join(", ")),
    }
}

/// The figures of `data` asked for by `options`, in `out_dir`, named `name`: each drawn
/// once as SVG, the PNG drawn from that SVG.
fn draw_all(
    data: &data::Results,
    name: &OsStr,
    title: &str,
    out_dir: &Path,
    options: &PlotOptions,
) -> Result<Vec<PathBuf>, Error> {
    let mut fonts = None;
    let mut written = Vec::new();
    for &figure in &options.figures {
        let size = draw::size(data, figure, options.size)?;
        let (word, heading) = match figure {
            Figure::Time => ("time", "Time per puzzle"),
            Figure::Nodes => ("nodes", "Nodes against time"),
        };
        let heading = match options.title {
            Some(_) => title.to_string(),
            None => format!("{heading}: {title}"),
        };
        let svg = draw::render(data, &heading, figure, size).map_err(|e| e.to_string());
        for &format in &options.formats {
            let (extension, bytes) = match format {
                Format::Svg => ("svg", svg.clone().map(String::into_bytes)),
                Format::Png => {
                    let fonts = fonts.get_or_insert_with(png_fonts);
                    ("png", svg.clone().and_then(|svg| png(&svg, fonts)))
                }
            };
            let mut file = name.to_os_string();
            if options.figures.len() > 1 {
                file.push(format!(".{word}"));
            }
            file.push(format!(".{extension}"));
            let path = out_dir.join(file);
            let reason = |reason| Error::Draw {
                path: shown(&path),
                reason,
            };
            write_whole(&path, &bytes.map_err(reason)?)?;
            written.push(path);
        }
    }
    Ok(written)
}

/// An SVG drawn in pixels at its size, on white, as a PNG file.
fn png(svg: &str, options: &usvg::Options) -> Result<Vec<u8>, String> {
    let tree = usvg::Tree::from_str(svg, options).map_err(|e| e.to_string())?;
    let size = tree.size().to_int_size();
    let (width, height) = (size.width(), size.height());
    let mut pixmap = tiny_skia::Pixmap::new(width, height)
        .ok_or_else(|| format!("no room for {width}x{height} pixels"))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| e.to_string())
}

/// How the SVG is read for the PNG: every family (`sans-serif` included) is DejaVu Sans,
/// regular and bold, from the binary, never from the machine.
fn png_fonts() -> usvg::Options<'static> {
    let mut options = usvg::Options {
        font_family: "DejaVu Sans".to_string(),
        ..usvg::Options::default()
    };
    let fonts = options.fontdb_mut();
    fonts.load_font_data(dejavu::sans::regular().to_vec());
    fonts.load_font_data(dejavu::sans::bold().to_vec());
    fonts.set_sans_serif_family("DejaVu Sans");
    options
}

#[cfg(test)]
mod tests;
