//! Drawing the two figures: the ECDF of the time per puzzle, and nodes against time.

use std::collections::HashSet;

use plotters::chart::MeshStyle;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::axis::{decade_label, Decades};
use super::data::{Outcome, Panel, Results, Sample, Series};
use super::legend::{draw_legend, LegendEntry, Marker, LEGEND_GAP, LEGEND_TOP};
use super::{DrawResult, Figure};
use crate::summary::short_names;
use crate::Error;
use sudoku_results::{format_time, stats};

/// Sizes in pixels: a figure's width by default, the least width of a panel's plot (left
/// of its legend), the least and the default height of a corpus's panel (more if its
/// legend needs it), the title band's height, the legend column's width.
const WIDTH: u32 = 1040;
const MIN_PLOT_WIDTH: u32 = 320;
const MIN_PANEL_HEIGHT: u32 = 220;
const PANEL_HEIGHT: u32 = 460;
const TITLE_HEIGHT: u32 = 70;
const LEGEND_WIDTH: u32 = 270;
/// Above this many finished puzzles an ECDF is sampled at this many times, not stepped per
/// puzzle (a step narrower than a pixel is not seen).
const ECDF_SAMPLES: usize = 1000;
/// The scatter plot keeps one marker per solver, outcome and cell of a grid this many cells
/// wide and high (a cell is about 3 px), so that millions of rows still give a small SVG.
const SCATTER_GRID: f64 = 250.0;

/// A part of a figure to draw into (a panel, its legend), always SVG.
pub(super) type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// The size of `figure` in pixels, width and height: the default (a panel per corpus,
/// taller when its legend needs it), or `size`, or an error that says the least size when
/// a legend or a plot would not fit in it.
pub(super) fn size(
    data: &Results,
    figure: Figure,
    size: Option<(u32, u32)>,
) -> Result<(u32, u32), Error> {
    let height = |panel| {
        legend(data, panel, figure)
            .iter()
            .map(LegendEntry::height)
            .sum()
    };
    let tallest: i32 = data.panels.iter().map(height).max().unwrap_or(0);
    let legend = (LEGEND_TOP + tallest + LEGEND_GAP) as u32;
    let panels = data.panels.len() as u32;
    let Some((width, height)) = size else {
        return Ok((WIDTH, TITLE_HEIGHT + PANEL_HEIGHT.max(legend) * panels));
    };
    let least = (
        LEGEND_WIDTH + MIN_PLOT_WIDTH,
        TITLE_HEIGHT + legend.max(MIN_PANEL_HEIGHT) * panels,
    );
    match width < least.0 || height < least.1 {
        true => Err(Error::FigureSize {
            size: format!("{width}x{height}"),
            least: format!("{}x{}", least.0, least.1),
        }),
        false => Ok((width, height)),
    }
}

/// One figure of all corpora, as an SVG's text.
pub(super) fn render(
    data: &Results,
    title: &str,
    figure: Figure,
    (width, height): (u32, u32),
) -> DrawResult<String> {
    let samples = || {
        (data.panels.iter())
            .flat_map(|p| &p.series)
            .flat_map(|s| &s.samples)
    };
    let axes = (
        Decades::around(samples().map(|s| s.micros)),
        Decades::around(samples().map(|s| s.nodes)),
    );
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
    let mut svg = String::new();
    let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
    root.fill(&WHITE)?;
    let (top, body) = root.split_vertically(TITLE_HEIGHT);
    let centre = |size| {
        TextStyle::from(("sans-serif", size).into_font()).pos(Pos::new(HPos::Center, VPos::Top))
    };
    let middle = (width / 2) as i32;
    top.draw(&Text::new(title, (middle, 8), centre(26).color(&BLACK)))?;
    let grey = centre(14).color(&RGBColor(80, 80, 80));
    top.draw(&Text::new(subtitle, (middle, 40), grey))?;
    let names = short_names(data.panels.iter().map(|p| p.corpus.as_str()));
    let panels = body.split_evenly((data.panels.len(), 1));
    for (panel, area) in data.panels.iter().zip(&panels) {
        let (plot_area, legend_area) = area.split_horizontally(width - LEGEND_WIDTH);
        let puzzles = panel.series.iter().map(|s| s.samples.len()).max();
        let puzzles = puzzles.unwrap_or(0);
        let plural = if puzzles == 1 { "puzzle" } else { "puzzles" };
        let name = names.get(panel.corpus.as_str()).unwrap_or(&panel.corpus);
        let caption = format!("{name} ({puzzles} {plural})");
        let mut chart = ChartBuilder::on(&plot_area);
        chart
            .caption(caption, ("sans-serif", 20).into_font())
            .margin(12)
            .x_label_area_size(50)
            .y_label_area_size(70);
        match figure {
            Figure::Time => draw_ecdf(data, panel, chart, axes.0)?,
            Figure::Nodes => draw_scatter(data, panel, chart, axes)?,
        }
        draw_legend(&legend_area, &legend(data, panel, figure))?;
    }
    root.present()?;
    drop((top, body, panels, root));
    Ok(svg)
}

/// The mesh's look in both figures.
fn house_style<'m, 'a, 'b, X: Ranged, Y: Ranged, DB: DrawingBackend>(
    mesh: &'m mut MeshStyle<'a, 'b, X, Y, DB>,
) -> &'m mut MeshStyle<'a, 'b, X, Y, DB> {
    mesh.axis_desc_style(("sans-serif", 16))
        .label_style(("sans-serif", 14))
        .light_line_style(RGBColor(240, 240, 240))
        .bold_line_style(RGBColor(205, 205, 205))
}

/// Draws the ECDF panel of one corpus.
fn draw_ecdf(
    data: &Results,
    panel: &Panel,
    mut chart: ChartBuilder<SVGBackend>,
    axis: Decades,
) -> DrawResult<()> {
    let mut chart = chart.build_cartesian_2d(axis.range().log_scale(), -0.02..1.02)?;
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
        let style = data.solvers[series.solver].colour.stroke_width(2);
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

/// The legend of a panel: an entry per series, then in the nodes figure the markers it
/// draws of solves that did not finish well.
pub(super) fn legend(data: &Results, panel: &Panel, figure: Figure) -> Vec<LegendEntry> {
    let series = (panel.series.iter()).map(|series| series_entry(data, series, figure));
    let drawn = |outcome| {
        let mut samples = panel.series.iter().flat_map(|series| &series.samples);
        figure == Figure::Nodes && samples.any(|s| s.counted && s.outcome == outcome)
    };
    let marker = |outcome, marker, name: &str, detail: &str| {
        drawn(outcome).then(|| LegendEntry {
            colour: BLACK,
            marker,
            name: name.to_owned(),
            details: vec![detail.to_owned()],
        })
    };
    let (name, why) = ("budget exhausted", "the node budget ran out");
    let over = marker(Outcome::OverBudget, Marker::Triangle, name, why);
    let wrong = marker(
        Outcome::Wrong,
        Marker::Cross,
        "wrong",
        "the solution failed its check",
    );
    series.chain(over).chain(wrong).collect()
}

/// The legend entry of a series: its swatch, name, median (time, or cost of a node), rows
/// that did not finish, and in the nodes figure rows without counters.
fn series_entry(data: &Results, series: &Series, figure: Figure) -> LegendEntry {
    let (solver, samples) = (&data.solvers[series.solver], &series.samples);
    let (marker, median, uncounted) = match figure {
        Figure::Time => {
            let median = median_time(samples).map_or_else(
                || "no solve time".to_owned(),
                |m| format!("median {}", format_time(m as f64)),
            );
            (Marker::Line(series_dash(data, series)), Some(median), 0)
        }
        Figure::Nodes => {
            let per_node = median_micros_per_node(samples)
                .map(|c| format!("median {}/node", format_time(c * 1e3)));
            let marker = [Marker::Dot, Marker::Ring][usize::from(solver.style.dark)];
            let uncounted = samples.iter().filter(|s| !s.counted).count();
            (marker, per_node, uncounted)
        }
    };
    let uncounted = (uncounted > 0).then(|| format!("{uncounted} without counters (not drawn)"));
    LegendEntry {
        colour: solver.colour,
        marker,
        name: match data.mixed_limits {
            true => format!("{} (limit {})", solver.name, series.limit),
            false => solver.name.clone(),
        },
        details: [median, unfinished_note(samples), uncounted]
            .into_iter()
            .flatten()
            .collect(),
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

/// The vertices of the ECDF of the finished samples over all samples: exact steps, or
/// [`ECDF_SAMPLES`] log-spaced times.
pub(super) fn ecdf_points(samples: &[Sample], axis: Decades) -> Vec<(f64, f64)> {
    let total = samples.len() as f64;
    let mut times: Vec<f64> = (samples.iter())
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

/// The median solve time in ns of the samples with one: the summary's median of the same
/// rows ([`stats::median`]).
pub(super) fn median_time(samples: &[Sample]) -> Option<u64> {
    let mut times: Vec<u64> = samples.iter().filter_map(|s| s.solve_ns).collect();
    stats::median(&mut times)
}

/// The median cost of one node in µs over the samples with counters (a crash's time is not
/// spent on nodes), the lower middle value as [`stats::median`] takes it.
fn median_micros_per_node(samples: &[Sample]) -> Option<f64> {
    let mut costs: Vec<f64> = (samples.iter())
        .filter(|s| s.counted)
        .map(|s| s.micros / s.nodes)
        .collect();
    costs.sort_by(f64::total_cmp);
    costs.get(costs.len().checked_sub(1)? / 2).copied()
}

/// The dash of a series' line: its run's, else dashed for a limit above the smallest.
fn series_dash(data: &Results, series: &Series) -> Option<(u32, u32)> {
    let run = data.solvers[series.solver].style.dash;
    run.or((series.limit != data.base_limit).then_some((8, 5)))
}

/// Draws the scatter panel of one corpus: one marker per outcome and cell of a
/// [`SCATTER_GRID`]-square grid (the first met: the rest would hide under it).
fn draw_scatter(
    data: &Results,
    panel: &Panel,
    mut chart: ChartBuilder<SVGBackend>,
    (time_axis, nodes_axis): (Decades, Decades),
) -> DrawResult<()> {
    let mut chart = chart.build_cartesian_2d(
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
        let solver = &data.solvers[series.solver];
        let mut seen = HashSet::new();
        let kept: Vec<&Sample> = (series.samples.iter())
            .filter(|s| s.counted)
            .filter(|s| {
                let cell = |axis: Decades, v| (axis.fraction(v) * SCATTER_GRID) as u32;
                seen.insert((
                    cell(time_axis, s.micros),
                    cell(nodes_axis, s.nodes),
                    s.outcome,
                ))
            })
            .collect();
        let at = |s: &Sample| (time_axis.clamp(s.micros), nodes_axis.clamp(s.nodes));
        let of = |outcome: Outcome| kept.iter().filter(move |s| s.outcome == outcome);
        let (colour, line) = (solver.colour, solver.colour.stroke_width(2));
        let dot = match solver.style.dark {
            true => colour.stroke_width(1),
            false => colour.mix(0.5).filled(),
        };
        chart.draw_series(of(Outcome::Finished).map(|s| Circle::new(at(s), 3, dot)))?;
        chart.draw_series(of(Outcome::OverBudget).map(|s| TriangleMarker::new(at(s), 6, line)))?;
        chart.draw_series(of(Outcome::Wrong).map(|s| Cross::new(at(s), 5, line)))?;
    }
    Ok(())
}
