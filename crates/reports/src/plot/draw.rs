//! Drawing the two figures: the ECDF of the time per puzzle, and nodes against time.

use std::collections::{HashMap, HashSet};

use plotters::chart::MeshStyle;
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::axis::{decade_label, Decades};
use super::data::{Outcome, Panel, Results, Sample, Series};
use super::legend::{
    draw_legend, LegendEntry, Marker, LEGEND_DETAIL_HEIGHT, LEGEND_GAP, LEGEND_NAME_HEIGHT,
    LEGEND_TOP,
};
use super::{
    DrawResult, Figure, ECDF_SAMPLES, LEGEND_WIDTH, MIN_PANEL_HEIGHT, MIN_PLOT_WIDTH, PANEL_HEIGHT,
    SCATTER_GRID, TITLE_HEIGHT, WIDTH,
};
use crate::summary::short_names;
use sudoku_results::{format_time, stats};

type Chart<'a, 'b, DB> = ChartContext<'a, DB, Cartesian2d<LogCoord<f64>, RangedCoordf64>>;
type Nodes<'a, 'b, DB> = ChartContext<'a, DB, Cartesian2d<LogCoord<f64>, LogCoord<f64>>>;

/// A part of a figure to draw into (a panel, its legend), on any backend (SVG, bitmap).
pub(super) type Area<DB> = DrawingArea<DB, Shift>;

/// The size of a figure in pixels: its width, and the height of each corpus's panel under
/// the title band.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Layout {
    pub width: u32,
    pub panel_height: u32,
}

impl Layout {
    /// The whole figure's size.
    pub fn size(self, panels: usize) -> (u32, u32) {
        (self.width, TITLE_HEIGHT + self.panel_height * panels as u32)
    }
}

/// The least height a panel of `figure` takes for the tallest legend of `data` to fit,
/// and a little room under it.
pub(super) fn legend_height(data: &Results, figure: Figure) -> u32 {
    let tallest = data
        .panels
        .iter()
        .map(|panel| {
            legend(data, panel, figure)
                .iter()
                .map(|e| {
                    LEGEND_NAME_HEIGHT + LEGEND_DETAIL_HEIGHT * e.details.len() as i32 + LEGEND_GAP
                })
                .sum::<i32>()
        })
        .max()
        .unwrap_or(0);
    (LEGEND_TOP + tallest + LEGEND_GAP) as u32
}

/// The layout of `figure` of `data` by default: [`WIDTH`] wide, each panel
/// [`PANEL_HEIGHT`] high, or more when its legend needs it.
pub(super) fn default_layout(data: &Results, figure: Figure) -> Layout {
    Layout {
        width: WIDTH,
        panel_height: PANEL_HEIGHT.max(legend_height(data, figure)),
    }
}

/// The layout of `figure` of `data` in `width` by `height` pixels; `None` when it is too
/// small (a panel's legend would not fit, or its plot would be narrower than
/// [`MIN_PLOT_WIDTH`]).
pub(super) fn layout_within(
    data: &Results,
    figure: Figure,
    (width, height): (u32, u32),
) -> Option<Layout> {
    let panels = data.panels.len() as u32;
    let panel_height = height.checked_sub(TITLE_HEIGHT)? / panels.max(1);
    let fits = width >= LEGEND_WIDTH + MIN_PLOT_WIDTH
        && panel_height >= legend_height(data, figure).max(MIN_PANEL_HEIGHT);
    fits.then_some(Layout {
        width,
        panel_height,
    })
}

/// The least size of `figure` of `data`, `(width, height)`.
pub(super) fn least_size(data: &Results, figure: Figure) -> (u32, u32) {
    let panels = data.panels.len() as u32;
    let panel = legend_height(data, figure).max(MIN_PANEL_HEIGHT);
    (LEGEND_WIDTH + MIN_PLOT_WIDTH, TITLE_HEIGHT + panel * panels)
}

/// Draws one figure of all corpora on `root`, titled `title`, laid out by `layout`.
pub(super) fn render<DB: DrawingBackend>(
    root: &Area<DB>,
    data: &Results,
    title: &str,
    figure: Figure,
    layout: Layout,
) -> DrawResult<()>
where
    DB::ErrorType: 'static,
{
    let samples = || {
        data.panels
            .iter()
            .flat_map(|p| &p.series)
            .flat_map(|s| &s.samples)
    };
    let time_axis = Decades::around(samples().map(|s| s.micros));
    let nodes_axis = Decades::around(samples().map(|s| s.nodes));
    root.fill(&WHITE)?;
    let subtitle = match figure {
        Figure::Time => {
            "Share of each corpus's puzzles a solver finished within time t. Further left \
             is faster; a curve that stays below 100% left puzzles unfinished."
        }
        Figure::Nodes => {
            "One dot per puzzle and solver. Harder puzzles lie further up and right along a \
             solver's band; a band further right costs more time per node."
        }
    };
    let (top, body) = root.split_vertically(TITLE_HEIGHT);
    let centre = |size| {
        TextStyle::from(("sans-serif", size).into_font()).pos(Pos::new(HPos::Center, VPos::Top))
    };
    let middle = (layout.width / 2) as i32;
    top.draw(&Text::new(title, (middle, 8), centre(26).color(&BLACK)))?;
    top.draw(&Text::new(
        subtitle,
        (middle, 40),
        centre(14).color(&RGBColor(80, 80, 80)),
    ))?;
    let names = short_names(data.panels.iter().map(|p| p.corpus.as_str()));
    let panels = body.split_evenly((data.panels.len(), 1));
    for (panel, area) in data.panels.iter().zip(&panels) {
        let (plot_area, legend_area) = area.split_horizontally(layout.width - LEGEND_WIDTH);
        let caption = panel_caption(panel, &names);
        match figure {
            Figure::Time => draw_ecdf(data, panel, &caption, &plot_area, time_axis)?,
            Figure::Nodes => {
                draw_scatter(data, panel, &caption, &plot_area, time_axis, nodes_axis)?;
            }
        }
        draw_legend(&legend_area, &legend(data, panel, figure))?;
    }
    root.present()?;
    Ok(())
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
    let count = |outcome| samples.iter().filter(|s| s.outcome == outcome).count();
    let parts: Vec<String> = [
        (Outcome::OverBudget, "over budget"),
        (Outcome::Wrong, "wrong"),
        (Outcome::Crashed, "crashed"),
        (Outcome::Unknown, "unknown status"),
    ]
    .into_iter()
    .filter_map(|(outcome, words)| match count(outcome) {
        0 => None,
        n => Some(format!("{n} {words}")),
    })
    .collect();
    (!parts.is_empty()).then(|| parts.join(", "))
}

/// What the nodes figure says of a series' rows without counters, which it does not draw:
/// `2 without counters (not drawn)`.
fn uncounted_note(samples: &[Sample]) -> Option<String> {
    match samples.iter().filter(|s| !s.counted).count() {
        0 => None,
        n => Some(format!("{n} without counters (not drawn)")),
    }
}

/// The caption of a panel: the corpus by its short name (its file stem: see
/// [`short_names`]), and its size.
fn panel_caption(panel: &Panel, names: &HashMap<&str, String>) -> String {
    let puzzles = panel
        .series
        .iter()
        .map(|s| s.samples.len())
        .max()
        .unwrap_or(0);
    let plural = if puzzles == 1 { "puzzle" } else { "puzzles" };
    let name = names
        .get(panel.corpus.as_str())
        .map_or(panel.corpus.as_str(), String::as_str);
    format!("{name} ({puzzles} {plural})")
}

/// A panel's chart, before its axes: its caption, margin and the room for the axes' labels
/// (the same for both figures).
fn panel_chart<'a, 'b, DB: DrawingBackend>(
    area: &'a Area<DB>,
    caption: &str,
) -> ChartBuilder<'a, 'b, DB> {
    let mut builder = ChartBuilder::on(area);
    builder
        .caption(caption, ("sans-serif", 20).into_font())
        .margin(12)
        .x_label_area_size(50)
        .y_label_area_size(70);
    builder
}

/// The mesh's look in both figures: the fonts of its labels and descriptions, and light
/// grey grid lines.
fn house_style<'m, 'a, 'b, X: Ranged, Y: Ranged, DB: DrawingBackend>(
    mesh: &'m mut MeshStyle<'a, 'b, X, Y, DB>,
) -> &'m mut MeshStyle<'a, 'b, X, Y, DB> {
    mesh.axis_desc_style(("sans-serif", 16))
        .label_style(("sans-serif", 14))
        .light_line_style(RGBColor(240, 240, 240))
        .bold_line_style(RGBColor(205, 205, 205))
}

/// Draws the ECDF panel of one corpus.
fn draw_ecdf<DB: DrawingBackend>(
    data: &Results,
    panel: &Panel,
    caption: &str,
    area: &Area<DB>,
    axis: Decades,
) -> DrawResult<()>
where
    DB::ErrorType: 'static,
{
    let mut chart: Chart<DB> =
        panel_chart(area, caption).build_cartesian_2d(axis.range().log_scale(), -0.02..1.02)?;
    let x_label = |v: &f64| decade_label(*v);
    let y_label = |v: &f64| format!("{:.0}%", v * 100.0);
    house_style(&mut chart.configure_mesh())
        .x_desc("time per puzzle t (µs, log scale)")
        .y_desc("puzzles finished within t")
        .x_labels(axis.count() + 1)
        .y_labels(11)
        .x_label_formatter(&x_label)
        .y_label_formatter(&y_label)
        .draw()?;

    for series in &panel.series {
        let style = data.colours[series.solver].stroke_width(2);
        let points = ecdf_points(&series.samples, axis);
        match series_dash(data, series) {
            Some((size, gap)) => {
                chart.draw_series(DashedLineSeries::new(points, size, gap, style))?;
            }
            None => {
                chart.draw_series(LineSeries::new(points, style))?;
            }
        }
    }
    Ok(())
}

/// The legend of a panel of `figure`: an entry per series, in legend order, and for the
/// nodes figure the markers of the solves that did not finish well.
pub(super) fn legend(data: &Results, panel: &Panel, figure: Figure) -> Vec<LegendEntry> {
    let mut legend: Vec<LegendEntry> = panel
        .series
        .iter()
        .map(|series| match figure {
            Figure::Time => ecdf_entry(data, series),
            Figure::Nodes => scatter_entry(data, series),
        })
        .collect();
    if figure == Figure::Nodes {
        let samples = || panel.series.iter().flat_map(|series| &series.samples);
        let any = |outcome: Outcome| samples().any(|s| s.counted && s.outcome == outcome);
        legend.extend(marker_legend(any(Outcome::OverBudget), any(Outcome::Wrong)));
    }
    legend
}

/// The legend entry of a series of the time figure: its line, its median.
fn ecdf_entry(data: &Results, series: &Series) -> LegendEntry {
    let median = median_time(&series.samples).map_or_else(
        || "no solve time".to_owned(),
        |m| format!("median {}", format_time(m as f64)),
    );
    LegendEntry {
        colour: data.colours[series.solver],
        dash: series_dash(data, series),
        marker: Marker::Line,
        name: series_name(data, series),
        details: [Some(median), unfinished_note(&series.samples)]
            .into_iter()
            .flatten()
            .collect(),
    }
}

/// The legend entry of a series of the nodes figure: its dot, its cost per node.
fn scatter_entry(data: &Results, series: &Series) -> LegendEntry {
    let per_node = median_micros_per_node(&series.samples)
        .map(|c| format!("median {}/node", format_time(c * 1e3)));
    let rings = data.styles[series.solver].rings;
    LegendEntry {
        colour: data.colours[series.solver],
        dash: None,
        marker: if rings { Marker::Ring } else { Marker::Dot },
        name: series_name(data, series),
        details: [
            per_node,
            unfinished_note(&series.samples),
            uncounted_note(&series.samples),
        ]
        .into_iter()
        .flatten()
        .collect(),
    }
}

/// The vertices of the ECDF of the finished samples over all samples: exact steps for up to
/// [`ECDF_SAMPLES`] finished puzzles, else sampled at that many log-spaced times.
pub(super) fn ecdf_points(samples: &[Sample], axis: Decades) -> Vec<(f64, f64)> {
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

/// The median solve time in ns of the samples with one, by the rule of every time figure
/// ([`stats::median`] of [`Row::solve_time`](sudoku_results::Row::solve_time)): the summary's
/// median of the same rows, shown the same way. `None` when no sample has a solve time.
pub(super) fn median_time(samples: &[Sample]) -> Option<u64> {
    let mut times: Vec<u64> = samples.iter().filter_map(|s| s.solve_ns).collect();
    stats::median(&mut times)
}

/// The median cost of one node in µs over the samples with counters (`None` when none has
/// them: a crash's or a timeout's time is not spent on nodes).
fn median_micros_per_node(samples: &[Sample]) -> Option<f64> {
    let mut costs: Vec<f64> = samples
        .iter()
        .filter(|s| s.counted)
        .map(|s| s.micros / s.nodes)
        .collect();
    costs.sort_by(f64::total_cmp);
    costs.get(costs.len().checked_sub(1)? / 2).copied()
}

/// The dash of a series' line: its run's ([`RunStyle`](super::colour::RunStyle)), else
/// dashed for a limit above the file's smallest; `None` for a solid line.
fn series_dash(data: &Results, series: &Series) -> Option<(u32, u32)> {
    let run = data.styles[series.solver].dash;
    run.or((series.limit != data.base_limit).then_some((8, 5)))
}

/// Draws the scatter panel of one corpus.
fn draw_scatter<DB: DrawingBackend>(
    data: &Results,
    panel: &Panel,
    caption: &str,
    area: &Area<DB>,
    time_axis: Decades,
    nodes_axis: Decades,
) -> DrawResult<()>
where
    DB::ErrorType: 'static,
{
    let mut chart: Nodes<DB> = panel_chart(area, caption).build_cartesian_2d(
        time_axis.range().log_scale(),
        nodes_axis.range().log_scale(),
    )?;
    let label = |v: &f64| decade_label(*v);
    house_style(&mut chart.configure_mesh())
        .x_desc("time per puzzle (µs, log scale)")
        .y_desc("nodes (1 + tries, log scale)")
        .x_labels(time_axis.count() + 1)
        .y_labels(nodes_axis.count() + 1)
        .x_label_formatter(&label)
        .y_label_formatter(&label)
        .draw()?;

    for series in &panel.series {
        let colour = data.colours[series.solver];
        let counted: Vec<Sample> = series
            .samples
            .iter()
            .filter(|s| s.counted)
            .copied()
            .collect();
        let kept = one_per_cell(&counted, time_axis, nodes_axis);
        let at = |s: &Sample| (time_axis.clamp(s.micros), nodes_axis.clamp(s.nodes));
        let of = |outcome: Outcome| kept.iter().filter(move |s| s.outcome == outcome);
        let rings = data.styles[series.solver].rings;
        let dot = if rings {
            colour.stroke_width(1)
        } else {
            colour.mix(0.5).filled()
        };
        chart.draw_series(of(Outcome::Finished).map(|s| Circle::new(at(s), 3, dot)))?;
        chart.draw_series(
            of(Outcome::OverBudget).map(|s| TriangleMarker::new(at(s), 6, colour.stroke_width(2))),
        )?;
        chart.draw_series(
            of(Outcome::Wrong).map(|s| Cross::new(at(s), 5, colour.stroke_width(2))),
        )?;
    }
    Ok(())
}

/// The samples to draw: one per outcome and cell of a [`SCATTER_GRID`]-square grid over
/// the axes (the first one met), as the rest would be drawn on top of it.
fn one_per_cell(samples: &[Sample], time_axis: Decades, nodes_axis: Decades) -> Vec<Sample> {
    let mut seen = HashSet::new();
    samples
        .iter()
        .filter(|s| {
            seen.insert((
                (time_axis.fraction(s.micros) * SCATTER_GRID) as u32,
                (nodes_axis.fraction(s.nodes) * SCATTER_GRID) as u32,
                s.outcome,
            ))
        })
        .copied()
        .collect()
}

/// The legend's entries for the markers of the solves that did not finish well, when the
/// panel has any: a triangle for a budget exhausted, a cross for a wrong solution.
fn marker_legend(any_over: bool, any_wrong: bool) -> Vec<LegendEntry> {
    let entry = |marker, name: &str, detail: &str| LegendEntry {
        colour: BLACK,
        dash: None,
        marker,
        name: name.to_owned(),
        details: vec![detail.to_owned()],
    };
    let mut entries = Vec::new();
    if any_over {
        entries.push(entry(
            Marker::Triangle,
            "budget exhausted",
            "the node budget ran out",
        ));
    }
    if any_wrong {
        entries.push(entry(
            Marker::Cross,
            "wrong",
            "the solution failed its check",
        ));
    }
    entries
}
