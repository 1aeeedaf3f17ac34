//! The legend column beside each panel: a swatch, a name and lines of details per entry.

use plotters::element::DashedPathElement;
use plotters::prelude::*;

use super::draw::Area;
use super::DrawResult;

/// Top of the first legend entry, in pixels from the top of its panel.
pub(super) const LEGEND_TOP: i32 = 60;
/// Heights of an entry's name line and of each detail line, and the gap under it.
const NAME_HEIGHT: i32 = 19;
const DETAIL_HEIGHT: i32 = 16;
pub(super) const LEGEND_GAP: i32 = 10;

/// One entry of a legend column.
pub(super) struct LegendEntry {
    pub colour: RGBColor,
    pub marker: Marker,
    pub name: String,
    pub details: Vec<String>,
}

impl LegendEntry {
    /// The height it takes, with the gap under it.
    pub fn height(&self) -> i32 {
        NAME_HEIGHT + DETAIL_HEIGHT * self.details.len() as i32 + LEGEND_GAP
    }
}

/// The swatch of a legend entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Marker {
    /// A short line (ECDF curves), solid or dashed `(dash, gap)` in pixels.
    Line(Option<(u32, u32)>),
    /// A filled dot (finished rows of the scatter plot), or a ring for a dark run.
    Dot,
    Ring,
    /// A filled triangle (`budget_exhausted` rows).
    Triangle,
    /// A cross (`wrong` rows).
    Cross,
}

/// Draws a legend column.
pub(super) fn draw_legend(area: &Area, entries: &[LegendEntry]) -> DrawResult<()> {
    let name_font = ("sans-serif", 16).into_font().color(&BLACK);
    let detail_font = ("sans-serif", 13).into_font().color(&RGBColor(80, 80, 80));
    let mut y = LEGEND_TOP;
    for entry in entries {
        let (colour, line, at) = (entry.colour, vec![(4, y), (34, y)], (19, y));
        let (wide, pen) = (colour.stroke_width(3), colour.stroke_width(2));
        match entry.marker {
            Marker::Line(Some((size, gap))) => {
                area.draw(&DashedPathElement::new(line, size, gap, wide))?;
            }
            Marker::Line(None) => area.draw(&PathElement::new(line, wide))?,
            Marker::Dot => area.draw(&Circle::new(at, 5, colour.mix(0.7).filled()))?,
            Marker::Ring => area.draw(&Circle::new(at, 5, pen))?,
            Marker::Triangle => area.draw(&TriangleMarker::new(at, 7, pen))?,
            Marker::Cross => area.draw(&Cross::new(at, 5, pen))?,
        }
        area.draw_text(&entry.name, &name_font, (42, y - 9))?;
        for (i, detail) in entry.details.iter().enumerate() {
            let line = y + 10 + i as i32 * DETAIL_HEIGHT;
            area.draw_text(detail, &detail_font, (42, line))?;
        }
        y += entry.height();
    }
    Ok(())
}
