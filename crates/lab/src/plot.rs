//! `plot`: turns a results CSV (one [`Row`] per puzzle and solver) into two SVG figures.
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
//! * Each solver has a fixed colour (see [`solver_colour`]): naive, reduce, norvig and dlx look
//!   the same in every plot; other names get further colours in alphabetical order.
//! * A row ends `solved` or `no_solution` (*finished*), `budget_exhausted` (the node budget ran
//!   out) or `wrong` (the solution failed its check). Unfinished rows count in the number of
//!   puzzles but never as finished, so an ECDF that stops below 100 % shows how many puzzles a
//!   solver did not finish; the legend gives their counts. In the scatter plot they are drawn
//!   with their own markers: a hollow triangle for `budget_exhausted`, a cross for `wrong`.
//! * If a file mixes solution limits (1 = first solution, 2 = uniqueness check), each
//!   (solver, limit) pair is its own curve, labelled with its limit; limits above the smallest
//!   one are drawn dashed.
//! * Every legend lives in a column to the right of its panel, so it never hides data.
//!
//! The CSV is read as a stream, keeping only the few numbers each plot needs per row. A CSV
//! without any result row is an error (there is nothing to plot), and so is a malformed row or
//! an unknown status: the error names the file and the line.

use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::record::Row;

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

/// The colours of the four strategies of sudoku-lab, in this order:
/// naive (vermillion), reduce (reddish purple), norvig (blue), dlx (bluish green).
/// Chosen from the Okabe–Ito palette, which stays distinct for colour-blind readers.
const KNOWN_SOLVERS: [(&str, RGBColor); 4] = [
    ("naive", RGBColor(213, 94, 0)),
    ("reduce", RGBColor(204, 121, 167)),
    ("norvig", RGBColor(0, 114, 178)),
    ("dlx", RGBColor(0, 158, 115)),
];

/// Colours for solver names outside [`KNOWN_SOLVERS`], given in alphabetical order of name.
const EXTRA_COLOURS: [RGBColor; 5] = [
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(90, 90, 90),
    RGBColor(170, 150, 0),
    RGBColor(140, 60, 30),
];

/// The colour of a solver in every plot: fixed for the known solvers (naive, reduce, norvig,
/// dlx); `extra` is the rank of an unknown solver's name among the unknown names of the file.
pub fn solver_colour(name: &str, extra: usize) -> RGBColor {
    KNOWN_SOLVERS
        .iter()
        .find(|(known, _)| *known == name)
        .map(|(_, colour)| *colour)
        .unwrap_or_else(|| {
            if extra < EXTRA_COLOURS.len() {
                EXTRA_COLOURS[extra]
            } else {
                let c = Palette99::pick(extra).to_rgba();
                RGBColor(c.0, c.1, c.2)
            }
        })
}

/// Reads the results CSV at `csv` and writes `<stem>.time.svg` (the distribution of the time
/// per puzzle, per solver and corpus) and `<stem>.nodes.svg` (nodes against time, log–log)
/// into `out_dir`, creating it if needed. Returns the paths written, in that order.
///
/// # Errors
///
/// If the file cannot be read, has no result row, has a malformed row or an unknown status
/// (the error names the line), or if an SVG cannot be written.
pub fn plot_csv(csv: &Path, out_dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let data = read_results(csv)?;
    let stem = csv
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "results".to_owned());
    std::fs::create_dir_all(out_dir)
        .with_context(|| format!("cannot create the plot folder {}", out_dir.display()))?;

    let time_path = out_dir.join(format!("{stem}.time.svg"));
    let svg = render(&data, &stem, Figure::Time)
        .with_context(|| format!("cannot draw {}", time_path.display()))?;
    std::fs::write(&time_path, svg)
        .with_context(|| format!("cannot write {}", time_path.display()))?;

    let nodes_path = out_dir.join(format!("{stem}.nodes.svg"));
    let svg = render(&data, &stem, Figure::Nodes)
        .with_context(|| format!("cannot draw {}", nodes_path.display()))?;
    std::fs::write(&nodes_path, svg)
        .with_context(|| format!("cannot write {}", nodes_path.display()))?;

    Ok(vec![time_path, nodes_path])
}

/// How a row ended, as far as the plots care.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Outcome {
    /// `solved` or `no_solution`: the search ran to its end.
    Finished,
    /// `budget_exhausted`: the node budget stopped the search.
    OverBudget,
    /// `wrong`: the solution failed its check.
    Wrong,
}

impl Outcome {
    fn parse(status: &str) -> Option<Self> {
        match status {
            "solved" | "no_solution" => Some(Self::Finished),
            "budget_exhausted" => Some(Self::OverBudget),
            crate::record::WRONG => Some(Self::Wrong),
            _ => None,
        }
    }
}

/// What the plots keep of one row.
#[derive(Debug, Clone, Copy)]
struct Sample {
    /// Wall time in µs, at least [`MIN_MICROS`].
    micros: f64,
    /// `1 + tries`, at least 1.
    nodes: f64,
    outcome: Outcome,
}

/// The rows of one solver at one solution limit in one corpus.
#[derive(Debug)]
struct Series {
    /// Index into [`Results::solvers`].
    solver: usize,
    limit: u64,
    samples: Vec<Sample>,
}

/// The rows of one corpus.
#[derive(Debug)]
struct Panel {
    corpus: String,
    series: Vec<Series>,
}

/// All rows of a file, grouped for plotting.
#[derive(Debug)]
struct Results {
    /// Corpora in order of first appearance.
    panels: Vec<Panel>,
    /// Solver names: known ones first in their fixed order, then the others alphabetically.
    solvers: Vec<String>,
    /// The colour of each solver of [`Results::solvers`].
    colours: Vec<RGBColor>,
    /// The smallest solution limit of the file: its curves are solid, others dashed.
    base_limit: u64,
    /// Whether the file mixes solution limits (then labels name the limit).
    mixed_limits: bool,
}

/// Reads `csv` row by row and groups the samples by corpus, solver and limit.
fn read_results(csv: &Path) -> anyhow::Result<Results> {
    let file = File::open(csv)
        .with_context(|| format!("cannot open the results CSV {}", csv.display()))?;
    let mut reader = csv::Reader::from_reader(file);
    let headers = reader
        .headers()
        .with_context(|| format!("{}: line 1: cannot read the header", csv.display()))?
        .clone();

    let mut panels: Vec<Panel> = Vec::new();
    let mut corpus_index: HashMap<String, usize> = HashMap::new();
    let mut solver_names: Vec<String> = Vec::new();
    let mut solver_index: HashMap<String, usize> = HashMap::new();
    // (corpus, solver, limit) -> index into that corpus's series.
    let mut series_index: HashMap<(usize, usize, u64), usize> = HashMap::new();

    let mut record = csv::StringRecord::new();
    // Line of the last record read, for errors that carry no position of their own.
    let mut last_line = 1;
    loop {
        match reader.read_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {}
            Err(err) => {
                let line = err.position().map_or(last_line + 1, csv::Position::line);
                return Err(anyhow::Error::new(err)
                    .context(format!("{}: line {line}: malformed row", csv.display())));
            }
        }
        let line = record.position().map_or(last_line + 1, csv::Position::line);
        last_line = line;
        let row: Row = record
            .deserialize(Some(&headers))
            .with_context(|| format!("{}: line {line}: malformed row", csv.display()))?;
        let Some(outcome) = Outcome::parse(&row.status) else {
            bail!(
                "{}: line {line}: unknown status `{}` (expected solved, no_solution, \
                 budget_exhausted or wrong)",
                csv.display(),
                row.status
            );
        };
        let sample = Sample {
            micros: (row.nanoseconds as f64 / 1000.0).max(MIN_MICROS),
            nodes: (row.nodes as f64).max(1.0),
            outcome,
        };

        let corpus = match corpus_index.get(row.corpus.as_str()) {
            Some(&i) => i,
            None => {
                corpus_index.insert(row.corpus.clone(), panels.len());
                panels.push(Panel {
                    corpus: row.corpus,
                    series: Vec::new(),
                });
                panels.len() - 1
            }
        };
        let solver = match solver_index.get(row.solver.as_str()) {
            Some(&i) => i,
            None => {
                solver_index.insert(row.solver.clone(), solver_names.len());
                solver_names.push(row.solver);
                solver_names.len() - 1
            }
        };
        let series = &mut panels[corpus].series;
        let at = *series_index
            .entry((corpus, solver, row.limit))
            .or_insert_with(|| {
                series.push(Series {
                    solver,
                    limit: row.limit,
                    samples: Vec::new(),
                });
                series.len() - 1
            });
        series[at].samples.push(sample);
    }

    if panels.is_empty() {
        bail!("{}: no result rows, nothing to plot", csv.display());
    }

    // Order the solvers: known ones in their fixed order, then the others by name.
    let rank = |name: &str| KNOWN_SOLVERS.iter().position(|(known, _)| *known == name);
    let mut order: Vec<usize> = (0..solver_names.len()).collect();
    order.sort_by(|&a, &b| {
        let (na, nb) = (&solver_names[a], &solver_names[b]);
        match (rank(na), rank(nb)) {
            (Some(ra), Some(rb)) => ra.cmp(&rb),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => na.cmp(nb),
        }
    });
    let mut new_index = vec![0; solver_names.len()];
    for (new, &old) in order.iter().enumerate() {
        new_index[old] = new;
    }
    let solvers: Vec<String> = order.iter().map(|&old| solver_names[old].clone()).collect();
    let mut extra = 0;
    let colours = solvers
        .iter()
        .map(|name| {
            let colour = solver_colour(name, extra);
            if rank(name).is_none() {
                extra += 1;
            }
            colour
        })
        .collect();

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
        base_limit,
        mixed_limits: limits.len() > 1,
    })
}

/// Which of the two figures to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Figure {
    /// ECDF of the time per puzzle.
    Time,
    /// Scatter of nodes against time.
    Nodes,
}

/// A log axis from one power of ten to a higher one.
#[derive(Debug, Clone, Copy)]
struct Decades {
    lo: f64,
    hi: f64,
}

impl Decades {
    /// The smallest range of whole decades holding every value of `values` (at least one
    /// decade wide).
    fn around(values: impl Iterator<Item = f64>) -> Self {
        let (mut min, mut max) = (f64::INFINITY, f64::NEG_INFINITY);
        for v in values {
            min = min.min(v);
            max = max.max(v);
        }
        if !min.is_finite() || !max.is_finite() || min <= 0.0 {
            return Self { lo: 1.0, hi: 10.0 };
        }
        let lo = (min.log10() + 1e-9).floor() as i32;
        let hi = ((max.log10() - 1e-9).ceil() as i32).max(lo + 1);
        Self {
            lo: power_of_ten(lo),
            hi: power_of_ten(hi),
        }
    }

    /// The range handed to plotters: the decades with a margin of [`AXIS_PAD`] on both ends,
    /// so that markers on the first or last decade do not sit on the frame (and rounding in
    /// the tick generation cannot drop the first or last decade label).
    fn range(self) -> std::ops::Range<f64> {
        self.lo / AXIS_PAD..self.hi * AXIS_PAD
    }

    /// `v` moved inside the axis.
    fn clamp(self, v: f64) -> f64 {
        v.clamp(self.lo, self.hi)
    }

    /// Where `v` falls on the axis, from 0 (at `lo`) to 1 (at `hi`).
    fn fraction(self, v: f64) -> f64 {
        (self.clamp(v) / self.lo).log10() / (self.hi / self.lo).log10()
    }

    /// Number of decades, the number of tick labels wanted.
    fn count(self) -> usize {
        (self.hi / self.lo).log10().round() as usize
    }
}

/// `10^e`, correctly rounded (so that `power_of_ten(-2) == 0.01`).
fn power_of_ten(e: i32) -> f64 {
    format!("1e{e}").parse().unwrap_or(1.0)
}

/// Label of a tick on a log axis: plain numbers from 0.01 to 1000, `10ⁿ` beyond.
fn decade_label(v: f64) -> String {
    if v <= 0.0 || !v.is_finite() {
        return String::new();
    }
    let e = v.log10().round() as i32;
    if (v / power_of_ten(e) - 1.0).abs() > 1e-6 {
        // Not a power of ten (not used for labels by the axes here, but keep it readable).
        return trim_number(format!("{v:.3}"));
    }
    if (-2..=3).contains(&e) {
        return trim_number(format!("{:.2}", power_of_ten(e)));
    }
    const SUPERSCRIPTS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let mut label = String::from("10");
    if e < 0 {
        label.push('⁻');
    }
    for digit in e.unsigned_abs().to_string().bytes() {
        label.push(SUPERSCRIPTS[usize::from(digit - b'0')]);
    }
    label
}

/// `1.50` → `1.5`, `100.00` → `100`.
fn trim_number(s: String) -> String {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        s
    }
}

/// A duration given in µs, in the unit that reads best: `850 ns`, `12.5 µs`, `3.2 ms`, `1.5 s`.
fn human_micros(micros: f64) -> String {
    let (value, unit) = if micros < 1.0 {
        (micros * 1000.0, "ns")
    } else if micros < 1000.0 {
        (micros, "µs")
    } else if micros < 1e6 {
        (micros / 1000.0, "ms")
    } else {
        (micros / 1e6, "s")
    };
    let digits = if value < 10.0 {
        2
    } else if value < 100.0 {
        1
    } else {
        0
    };
    format!("{} {unit}", trim_number(format!("{value:.digits$}")))
}

/// The name of a corpus as shown in a title: the path if short, else its file name.
fn corpus_title(corpus: &str) -> String {
    if corpus.chars().count() <= 60 {
        return corpus.to_owned();
    }
    Path::new(corpus)
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_else(|| corpus.chars().take(60).collect())
}

/// One entry of a legend column: a swatch drawn by the figure, a name and lines of details.
struct LegendEntry {
    colour: RGBColor,
    dashed: bool,
    marker: Marker,
    name: String,
    details: Vec<String>,
}

/// The swatch of a legend entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Marker {
    /// A short line (ECDF curves).
    Line,
    /// A filled dot (finished rows of the scatter plot).
    Dot,
    /// A hollow triangle (`budget_exhausted` rows).
    Triangle,
    /// A cross (`wrong` rows).
    Cross,
}

type Chart<'a, 'b> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<LogCoord<f64>, RangedCoordf64>>;
type Nodes<'a, 'b> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<LogCoord<f64>, LogCoord<f64>>>;
type Area<'b> = DrawingArea<SVGBackend<'b>, plotters::coord::Shift>;

/// Draws one figure of all corpora into an SVG string.
fn render(data: &Results, stem: &str, figure: Figure) -> anyhow::Result<String> {
    let samples = || {
        data.panels
            .iter()
            .flat_map(|p| &p.series)
            .flat_map(|s| &s.samples)
    };
    let time_axis = Decades::around(samples().map(|s| s.micros));
    let nodes_axis = Decades::around(samples().map(|s| s.nodes));

    // A panel grows when its legend would not fit: at most two detail lines per series, plus
    // the two marker entries of the scatter plot.
    let most_series = data
        .panels
        .iter()
        .map(|p| p.series.len())
        .max()
        .unwrap_or(0);
    let legend_height = LEGEND_TOP
        + (most_series as i32 + 2) * (LEGEND_NAME_HEIGHT + 2 * LEGEND_DETAIL_HEIGHT + LEGEND_GAP);
    let panel_height = PANEL_HEIGHT.max(legend_height as u32);
    let height = TITLE_HEIGHT + panel_height * data.panels.len() as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE)?;
        let (title, subtitle) = match figure {
            Figure::Time => (
                format!("Time per puzzle: {stem}"),
                "Share of each corpus's puzzles a solver finished within time t. Further left \
                 is faster; a curve that stays below 100% left puzzles unfinished.",
            ),
            Figure::Nodes => (
                format!("Nodes against time: {stem}"),
                "One dot per puzzle and solver. Harder puzzles lie further up and right along a \
                 solver's band; a band further right costs more time per node.",
            ),
        };
        let (top, body) = root.split_vertically(TITLE_HEIGHT);
        let centre = |size| {
            TextStyle::from(("sans-serif", size).into_font()).pos(Pos::new(HPos::Center, VPos::Top))
        };
        let middle = (WIDTH / 2) as i32;
        top.draw(&Text::new(title, (middle, 8), centre(26).color(&BLACK)))?;
        top.draw(&Text::new(
            subtitle,
            (middle, 40),
            centre(14).color(&RGBColor(80, 80, 80)),
        ))?;
        let panels = body.split_evenly((data.panels.len(), 1));
        for (panel, area) in data.panels.iter().zip(&panels) {
            let (plot_area, legend_area) = area.split_horizontally(WIDTH - LEGEND_WIDTH);
            let entries = match figure {
                Figure::Time => draw_ecdf(data, panel, &plot_area, time_axis)?,
                Figure::Nodes => draw_scatter(data, panel, &plot_area, time_axis, nodes_axis)?,
            };
            draw_legend(&legend_area, &entries)?;
        }
        root.present()?;
    }
    Ok(svg)
}

/// Label of a series in a legend: the solver, and the limit when the file mixes limits.
fn series_name(data: &Results, series: &Series) -> String {
    let solver = &data.solvers[series.solver];
    if data.mixed_limits {
        format!("{solver} (limit {})", series.limit)
    } else {
        solver.clone()
    }
}

/// `"3 over budget, 1 wrong"` for the unfinished rows of a series (none when all finished).
fn unfinished_note(samples: &[Sample]) -> Option<String> {
    let over = samples
        .iter()
        .filter(|s| s.outcome == Outcome::OverBudget)
        .count();
    let wrong = samples
        .iter()
        .filter(|s| s.outcome == Outcome::Wrong)
        .count();
    let mut parts = Vec::new();
    if over > 0 {
        parts.push(format!("{over} over budget"));
    }
    if wrong > 0 {
        parts.push(format!("{wrong} wrong"));
    }
    (!parts.is_empty()).then(|| parts.join(", "))
}

/// The caption of a panel: the corpus and its size.
fn panel_caption(panel: &Panel) -> String {
    let puzzles = panel
        .series
        .iter()
        .map(|s| s.samples.len())
        .max()
        .unwrap_or(0);
    let plural = if puzzles == 1 { "puzzle" } else { "puzzles" };
    format!("{} ({puzzles} {plural})", corpus_title(&panel.corpus))
}

/// Draws the ECDF panel of one corpus and returns its legend.
fn draw_ecdf(
    data: &Results,
    panel: &Panel,
    area: &Area<'_>,
    axis: Decades,
) -> anyhow::Result<Vec<LegendEntry>> {
    let mut chart: Chart = ChartBuilder::on(area)
        .caption(panel_caption(panel), ("sans-serif", 20).into_font())
        .margin(12)
        .x_label_area_size(50)
        .y_label_area_size(70)
        .build_cartesian_2d(axis.range().log_scale(), -0.02..1.02)?;
    let x_label = |v: &f64| decade_label(*v);
    let y_label = |v: &f64| format!("{:.0}%", v * 100.0);
    chart
        .configure_mesh()
        .x_desc("time per puzzle t (µs, log scale)")
        .y_desc("puzzles finished within t")
        .x_labels(axis.count() + 1)
        .y_labels(11)
        .x_label_formatter(&x_label)
        .y_label_formatter(&y_label)
        .axis_desc_style(("sans-serif", 16))
        .label_style(("sans-serif", 14))
        .light_line_style(RGBColor(240, 240, 240))
        .bold_line_style(RGBColor(205, 205, 205))
        .draw()?;

    let mut legend = Vec::new();
    for series in &panel.series {
        let colour = data.colours[series.solver];
        let dashed = series.limit != data.base_limit;
        let style = colour.stroke_width(2);
        let points = ecdf_points(&series.samples, axis);
        if dashed {
            chart.draw_series(DashedLineSeries::new(points, 8, 5, style))?;
        } else {
            chart.draw_series(LineSeries::new(points, style))?;
        }
        let median = median_finished(&series.samples).map_or_else(
            || "median not reached".to_owned(),
            |m| format!("median {}", human_micros(m)),
        );
        legend.push(LegendEntry {
            colour,
            dashed,
            marker: Marker::Line,
            name: series_name(data, series),
            details: [Some(median), unfinished_note(&series.samples)]
                .into_iter()
                .flatten()
                .collect(),
        });
    }
    Ok(legend)
}

/// The vertices of the ECDF of the finished samples over all samples: exact steps for up to
/// [`ECDF_SAMPLES`] finished puzzles, else sampled at that many log-spaced times.
fn ecdf_points(samples: &[Sample], axis: Decades) -> Vec<(f64, f64)> {
    let total = samples.len() as f64;
    let mut times: Vec<f64> = samples
        .iter()
        .filter(|s| s.outcome == Outcome::Finished)
        .map(|s| axis.clamp(s.micros))
        .collect();
    times.sort_by(f64::total_cmp);
    let mut points = vec![(axis.range().start, 0.0)];
    if times.len() <= ECDF_SAMPLES {
        for (i, &t) in times.iter().enumerate() {
            points.push((t, i as f64 / total));
            points.push((t, (i + 1) as f64 / total));
        }
    } else {
        let ratio = axis.hi / axis.lo;
        for step in 0..=ECDF_SAMPLES {
            let t = axis.lo * ratio.powf(step as f64 / ECDF_SAMPLES as f64);
            let below = times.partition_point(|&x| x <= t);
            points.push((t, below as f64 / total));
        }
    }
    points.push((axis.range().end, times.len() as f64 / total));
    points
}

/// The time by which half of all puzzles (finished or not) were finished, if they were.
fn median_finished(samples: &[Sample]) -> Option<f64> {
    let mut times: Vec<f64> = samples
        .iter()
        .filter(|s| s.outcome == Outcome::Finished)
        .map(|s| s.micros)
        .collect();
    times.sort_by(f64::total_cmp);
    let half = samples.len().div_ceil(2);
    times.get(half.checked_sub(1)?).copied()
}

/// The median cost of one node in µs over the samples.
fn median_micros_per_node(samples: &[Sample]) -> Option<f64> {
    let mut costs: Vec<f64> = samples.iter().map(|s| s.micros / s.nodes).collect();
    costs.sort_by(f64::total_cmp);
    costs.get(costs.len().checked_sub(1)? / 2).copied()
}

/// Draws the scatter panel of one corpus and returns its legend.
fn draw_scatter(
    data: &Results,
    panel: &Panel,
    area: &Area<'_>,
    time_axis: Decades,
    nodes_axis: Decades,
) -> anyhow::Result<Vec<LegendEntry>> {
    let mut chart: Nodes = ChartBuilder::on(area)
        .caption(panel_caption(panel), ("sans-serif", 20).into_font())
        .margin(12)
        .x_label_area_size(50)
        .y_label_area_size(70)
        .build_cartesian_2d(
            time_axis.range().log_scale(),
            nodes_axis.range().log_scale(),
        )?;
    let label = |v: &f64| decade_label(*v);
    chart
        .configure_mesh()
        .x_desc("time per puzzle (µs, log scale)")
        .y_desc("nodes (1 + tries, log scale)")
        .x_labels(time_axis.count() + 1)
        .y_labels(nodes_axis.count() + 1)
        .x_label_formatter(&label)
        .y_label_formatter(&label)
        .axis_desc_style(("sans-serif", 16))
        .label_style(("sans-serif", 14))
        .light_line_style(RGBColor(240, 240, 240))
        .bold_line_style(RGBColor(205, 205, 205))
        .draw()?;

    let mut legend = Vec::new();
    let (mut any_over, mut any_wrong) = (false, false);
    for series in &panel.series {
        let colour = data.colours[series.solver];
        // One marker per outcome and grid cell: the rest would be drawn on top of it.
        let mut seen = HashSet::new();
        let mut kept: Vec<Sample> = Vec::new();
        for s in &series.samples {
            let cell = (
                (time_axis.fraction(s.micros) * SCATTER_GRID) as u32,
                (nodes_axis.fraction(s.nodes) * SCATTER_GRID) as u32,
                s.outcome,
            );
            if seen.insert(cell) {
                kept.push(*s);
            }
        }
        let at = |s: &Sample| (time_axis.clamp(s.micros), nodes_axis.clamp(s.nodes));
        chart.draw_series(
            kept.iter()
                .filter(|s| s.outcome == Outcome::Finished)
                .map(|s| Circle::new(at(s), 3, colour.mix(0.5).filled())),
        )?;
        chart.draw_series(
            kept.iter()
                .filter(|s| s.outcome == Outcome::OverBudget)
                .map(|s| TriangleMarker::new(at(s), 6, colour.stroke_width(2))),
        )?;
        chart.draw_series(
            kept.iter()
                .filter(|s| s.outcome == Outcome::Wrong)
                .map(|s| Cross::new(at(s), 5, colour.stroke_width(2))),
        )?;
        any_over |= series
            .samples
            .iter()
            .any(|s| s.outcome == Outcome::OverBudget);
        any_wrong |= series.samples.iter().any(|s| s.outcome == Outcome::Wrong);

        let per_node = median_micros_per_node(&series.samples)
            .map(|c| format!("median {}/node", human_micros(c)));
        legend.push(LegendEntry {
            colour,
            dashed: false,
            marker: Marker::Dot,
            name: series_name(data, series),
            details: [per_node, unfinished_note(&series.samples)]
                .into_iter()
                .flatten()
                .collect(),
        });
    }
    if any_over {
        legend.push(LegendEntry {
            colour: BLACK,
            dashed: false,
            marker: Marker::Triangle,
            name: "budget exhausted".to_owned(),
            details: vec!["the node budget ran out".to_owned()],
        });
    }
    if any_wrong {
        legend.push(LegendEntry {
            colour: BLACK,
            dashed: false,
            marker: Marker::Cross,
            name: "wrong".to_owned(),
            details: vec!["the solution failed its check".to_owned()],
        });
    }
    Ok(legend)
}

/// Top of the first legend entry, in pixels from the top of its panel.
const LEGEND_TOP: i32 = 60;
/// Height of a legend entry's name line.
const LEGEND_NAME_HEIGHT: i32 = 19;
/// Height of a legend entry's detail line.
const LEGEND_DETAIL_HEIGHT: i32 = 16;
/// Space between legend entries.
const LEGEND_GAP: i32 = 10;

/// Draws a legend column: per entry a swatch, its name and its lines of details.
fn draw_legend(area: &Area<'_>, entries: &[LegendEntry]) -> anyhow::Result<()> {
    let name_font = ("sans-serif", 16).into_font().color(&BLACK);
    let detail_font = ("sans-serif", 13).into_font().color(&RGBColor(80, 80, 80));
    let mut y = LEGEND_TOP;
    for entry in entries {
        let colour = entry.colour;
        match entry.marker {
            Marker::Line if entry.dashed => {
                area.draw(&plotters::element::DashedPathElement::new(
                    vec![(4, y), (34, y)],
                    6,
                    4,
                    colour.stroke_width(3),
                ))?;
            }
            Marker::Line => {
                area.draw(&PathElement::new(
                    vec![(4, y), (34, y)],
                    colour.stroke_width(3),
                ))?;
            }
            Marker::Dot => area.draw(&Circle::new((19, y), 5, colour.mix(0.7).filled()))?,
            Marker::Triangle => {
                area.draw(&TriangleMarker::new((19, y), 7, colour.stroke_width(2)))?;
            }
            Marker::Cross => area.draw(&Cross::new((19, y), 5, colour.stroke_width(2)))?,
        }
        area.draw_text(&entry.name, &name_font, (42, y - 9))?;
        for (i, detail) in entry.details.iter().enumerate() {
            let line = y + 10 + i as i32 * LEGEND_DETAIL_HEIGHT;
            area.draw_text(detail, &detail_font, (42, line))?;
        }
        y += LEGEND_NAME_HEIGHT + LEGEND_DETAIL_HEIGHT * entry.details.len() as i32 + LEGEND_GAP;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "corpus,index,line,solver,limit,status,solutions,nodes,backtracks,\
                          nanoseconds,median_nanoseconds,puzzle,solution\n";

    fn row(corpus: &str, solver: &str, status: &str, nodes: u64, ns: u64) -> String {
        format!("{corpus},0,1,{solver},1,{status},1,{nodes},0,{ns},{ns},..1,\n")
    }

    /// The text of every `<text>` element of an SVG, trimmed.
    fn texts(svg: &str) -> Vec<String> {
        svg.split("<text")
            .skip(1)
            .filter_map(|t| {
                let body = &t[t.find('>')? + 1..t.find("</text>")?];
                Some(body.trim().to_owned())
            })
            .collect()
    }

    /// Writes `text` as `name` into a fresh temporary folder.
    fn write_csv(name: &str, text: &str) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let csv = dir.path().join(name);
        std::fs::write(&csv, text).unwrap();
        (dir, csv)
    }

    /// The whole error chain of plotting `text`, which must fail.
    fn plot_error(text: &str) -> String {
        let (dir, csv) = write_csv("bad.csv", text);
        let err = plot_csv(&csv, &dir.path().join("out")).unwrap_err();
        format!("{err:#}")
    }

    #[test]
    fn decade_labels() {
        assert_eq!(decade_label(0.01), "0.01");
        assert_eq!(decade_label(1.0), "1");
        assert_eq!(decade_label(1000.0), "1000");
        assert_eq!(decade_label(1e4), "10⁴");
        assert_eq!(decade_label(1e-3), "10⁻³");
        assert_eq!(decade_label(1e12), "10¹²");
    }

    #[test]
    fn human_durations() {
        assert_eq!(human_micros(0.85), "850 ns");
        assert_eq!(human_micros(12.5), "12.5 µs");
        assert_eq!(human_micros(3200.0), "3.2 ms");
        assert_eq!(human_micros(1.5e6), "1.5 s");
    }

    #[test]
    fn decades_cover_the_values() {
        let d = Decades::around([0.01, 3.0].into_iter());
        assert_eq!((d.lo, d.hi), (0.01, 10.0));
        assert_eq!(d.count(), 3);
        // One value on a power of ten still gets a decade of room.
        let d = Decades::around([1.0].into_iter());
        assert_eq!((d.lo, d.hi), (1.0, 10.0));
    }

    #[test]
    fn ecdf_counts_unfinished_rows_as_never_finished() {
        let s = |micros, outcome| Sample {
            micros,
            nodes: 1.0,
            outcome,
        };
        let samples = [
            s(2.0, Outcome::Finished),
            s(1.0, Outcome::Finished),
            s(5.0, Outcome::OverBudget),
            s(3.0, Outcome::Wrong),
        ];
        let axis = Decades { lo: 1.0, hi: 10.0 };
        assert_eq!(
            ecdf_points(&samples, axis),
            vec![
                (1.0 / AXIS_PAD, 0.0),
                (1.0, 0.0),
                (1.0, 0.25),
                (2.0, 0.25),
                (2.0, 0.5),
                (10.0 * AXIS_PAD, 0.5)
            ]
        );
        assert_eq!(median_finished(&samples), Some(2.0));
        assert_eq!(median_finished(&samples[1..]), None);
    }

    #[test]
    fn unknown_solvers_get_extra_colours_after_the_known_ones() {
        assert_eq!(solver_colour("dlx", 0), RGBColor(0, 158, 115));
        assert_eq!(solver_colour("mine", 0), EXTRA_COLOURS[0]);
        assert_eq!(solver_colour("mine", 1), EXTRA_COLOURS[1]);
    }

    #[test]
    fn reading_groups_by_corpus_and_orders_known_solvers_first() {
        let mut text = HEADER.to_owned();
        text += &row("a.txt", "zeta", "solved", 3, 1000);
        text += &row("a.txt", "dlx", "solved", 2, 0);
        text += &row("b.txt", "naive", "budget_exhausted", 1, 5);
        text += &row("a.txt", "dlx", "wrong", 0, 7);
        let (_dir, csv) = write_csv("r.csv", &text);
        let data = read_results(&csv).unwrap();
        assert_eq!(data.solvers, ["naive", "dlx", "zeta"]);
        assert_eq!(data.panels.len(), 2);
        assert_eq!(data.panels[0].corpus, "a.txt");
        let dlx = &data.panels[0].series[0];
        assert_eq!((dlx.solver, dlx.samples.len()), (1, 2));
        // 0 ns is clamped onto the log scale; 0 nodes to 1.
        assert_eq!(dlx.samples[0].micros, MIN_MICROS);
        assert_eq!(dlx.samples[1].nodes, 1.0);
        assert_eq!(dlx.samples[1].outcome, Outcome::Wrong);
        assert_eq!(data.colours[2], EXTRA_COLOURS[0]);
    }

    #[test]
    fn writes_both_figures_with_names_labels_and_units() {
        let mut text = HEADER.to_owned();
        for (i, solver) in ["dlx", "norvig", "reduce", "naive"].iter().enumerate() {
            let i = i as u64;
            text += &row("easy.txt", solver, "solved", 1 + i * 10, 1_000 + i * 5_000);
            text += &row("easy.txt", solver, "no_solution", 3 + i * 100, 9_000 + i);
            text += &row(
                "hard.txt",
                solver,
                "solved",
                10u64.pow(i as u32 + 2),
                10u64.pow(i as u32 + 5),
            );
        }
        text += &row(
            "hard.txt",
            "naive",
            "budget_exhausted",
            1_000_000,
            2_000_000_000,
        );
        text += &row("hard.txt", "reduce", "wrong", 50, 0);
        let (dir, csv) = write_csv("run.csv", &text);
        let out = dir.path().join("plots").join("nested");
        let paths = plot_csv(&csv, &out).unwrap();
        assert_eq!(paths, [out.join("run.time.svg"), out.join("run.nodes.svg")]);

        let time = std::fs::read_to_string(&paths[0]).unwrap();
        let nodes = std::fs::read_to_string(&paths[1]).unwrap();
        for svg in [&time, &nodes] {
            assert!(svg.starts_with("<svg "), "{}", &svg[..40]);
            assert!(svg.trim_end().ends_with("</svg>"));
            let texts = texts(svg);
            for name in [
                "naive",
                "reduce",
                "norvig",
                "dlx",
                "easy.txt (2 puzzles)",
                "hard.txt (2 puzzles)",
            ] {
                assert!(
                    texts.iter().any(|t| t == name),
                    "no text {name:?} in {texts:?}"
                );
            }
            assert!(texts
                .iter()
                .any(|t| t == "time per puzzle t (µs, log scale)"
                    || t == "time per puzzle (µs, log scale)"));
            // 0 ns is drawn at 0.01 µs, the first decade of the time axis; 2 s is 2·10⁶ µs.
            assert!(texts.iter().any(|t| t == "0.01"), "{texts:?}");
            assert!(texts.iter().any(|t| t == "10⁷"), "{texts:?}");
        }
        let time_texts = texts(&time);
        assert!(time_texts.contains(&"Time per puzzle: run".to_owned()));
        assert!(time_texts.contains(&"puzzles finished within t".to_owned()));
        assert!(time_texts.contains(&"100%".to_owned()));
        for line in ["median 100 ms", "1 over budget", "median 10 ms", "1 wrong"] {
            assert!(
                time_texts.contains(&line.to_owned()),
                "no {line:?} in {time_texts:?}"
            );
        }
        let nodes_texts = texts(&nodes);
        assert!(nodes_texts.contains(&"Nodes against time: run".to_owned()));
        assert!(nodes_texts.contains(&"nodes (1 + tries, log scale)".to_owned()));
        assert!(nodes_texts.contains(&"budget exhausted".to_owned()));
        assert!(nodes_texts.contains(&"wrong".to_owned()));
        // The fixed colours: dlx's bluish green and naive's vermillion in both figures.
        for svg in [&time, &nodes] {
            assert!(svg.contains("#009E73"));
            assert!(svg.contains("#D55E00"));
        }
    }

    #[test]
    fn one_row_with_zero_time_and_one_node() {
        let (dir, csv) = write_csv(
            "one.csv",
            &(HEADER.to_owned() + &row("c", "dlx", "solved", 1, 0)),
        );
        let paths = plot_csv(&csv, dir.path()).unwrap();
        let nodes = texts(&std::fs::read_to_string(&paths[1]).unwrap());
        for label in [
            "0.01",
            "0.1",
            "1",
            "10",
            "c (1 puzzle)",
            "median 10 ns/node",
        ] {
            assert!(
                nodes.iter().any(|t| t == label),
                "no {label:?} in {nodes:?}"
            );
        }
    }

    #[test]
    fn mixed_limits_are_labelled_with_their_limit() {
        let text = HEADER.to_owned()
            + &row("c", "dlx", "solved", 5, 900)
            + &row("c", "dlx", "solved", 9, 1500).replacen(",dlx,1,", ",dlx,2,", 1);
        let (dir, csv) = write_csv("lim.csv", &text);
        let paths = plot_csv(&csv, dir.path()).unwrap();
        let time = std::fs::read_to_string(&paths[0]).unwrap();
        let labels = texts(&time);
        assert!(labels.contains(&"dlx (limit 1)".to_owned()), "{labels:?}");
        assert!(labels.contains(&"dlx (limit 2)".to_owned()), "{labels:?}");
    }

    #[test]
    fn corpus_names_are_escaped() {
        let text = HEADER.to_owned() + &row("a&b<c>.txt", "dlx", "solved", 5, 900);
        let (dir, csv) = write_csv("esc.csv", &text);
        let paths = plot_csv(&csv, dir.path()).unwrap();
        let time = std::fs::read_to_string(&paths[0]).unwrap();
        assert!(time.contains("a&amp;b&lt;c&gt;.txt (1 puzzle)"));
    }

    #[test]
    fn an_empty_file_or_a_lone_header_is_an_error() {
        for text in ["", HEADER] {
            let err = plot_error(text);
            assert!(
                err.ends_with("bad.csv: no result rows, nothing to plot"),
                "{err}"
            );
        }
    }

    #[test]
    fn a_malformed_row_names_its_line() {
        let good = row("c", "dlx", "solved", 5, 900);
        let bad_number = row("c", "dlx", "solved", 5, 900).replace(",5,", ",five,");
        let err = plot_error(&(HEADER.to_owned() + &good + &bad_number));
        assert!(err.contains("bad.csv: line 3: malformed row"), "{err}");
        let short = "c,0,1,dlx\n";
        let err = plot_error(&(HEADER.to_owned() + short + &good));
        assert!(err.contains("bad.csv: line 2: malformed row"), "{err}");
    }

    #[test]
    fn an_unknown_status_names_its_line() {
        let text = HEADER.to_owned()
            + &row("a", "dlx", "solved", 2, 1)
            + &row("a", "dlx", "timeout", 2, 1);
        let err = plot_error(&text);
        assert!(
            err.contains("bad.csv: line 3: unknown status `timeout`"),
            "{err}"
        );
    }

    #[test]
    fn a_missing_file_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let err = plot_csv(&dir.path().join("none.csv"), dir.path()).unwrap_err();
        assert!(
            format!("{err:#}").contains("cannot open the results CSV"),
            "{err:#}"
        );
    }
}
