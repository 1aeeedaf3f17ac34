//! The colour of each solver, the same in every figure, and the style of each run.

use plotters::style::{Color, Palette, Palette99, RGBColor};

/// A solver as the figures tell it apart: the strategy and the run it comes from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) struct Origin {
    pub solver: String,
    /// Which of the runs drawn together (0 for the first).
    pub run: usize,
}

/// The colours of the four classic strategies, from the Okabe–Ito palette (distinct for
/// colour-blind readers).
const CLASSIC: [(&str, RGBColor); 4] = [
    ("naive", RGBColor(213, 94, 0)),
    ("reduce", RGBColor(204, 121, 167)),
    ("norvig", RGBColor(0, 114, 178)),
    ("dlx", RGBColor(0, 158, 115)),
];

/// The colours of the other solvers, then Palette99's.
const FURTHER: [RGBColor; 5] = [
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(90, 90, 90),
    RGBColor(170, 150, 0),
    RGBColor(140, 60, 30),
];

/// Sorts solvers into legend order: the catalogue's, then unknown names alphabetically; a
/// strategy's runs side by side.
pub(super) fn legend_order(origins: &mut [Origin], catalogue: &[&str]) {
    let rank = |name: &str| catalogue.iter().position(|c| *c == name);
    let rank = |o: &Origin| rank(&o.solver).unwrap_or(usize::MAX);
    origins.sort_by_cached_key(|o| (rank(o), o.solver.clone(), o.run));
}

/// The colour of each solver of `origins` (in legend order), in its run's shade: the
/// classic four their own; the catalogue's others by their rank among its non-classic
/// strategies, so that a strategy keeps its colour from file to file; unknown names after.
pub(super) fn colours(origins: &[Origin], catalogue: &[&str]) -> Vec<RGBColor> {
    let classic = |name: &str| CLASSIC.iter().find(|(n, _)| *n == name).map(|(_, c)| *c);
    // The catalogue's non-classic strategies in its order, then unknown names as met.
    let others = catalogue.iter().copied().filter(|n| classic(n).is_none());
    let mut others: Vec<&str> = others.collect();
    let mut colour = |name| {
        let k = others.iter().position(|o| *o == name).unwrap_or_else(|| {
            others.push(name);
            others.len() - 1
        });
        FURTHER.get(k).copied().unwrap_or_else(|| {
            let (r, g, b) = Palette99::pick(k - FURTHER.len()).rgb();
            RGBColor(r, g, b)
        })
    };
    (origins.iter())
        .map(|o| RunStyle::of(o.run).shade(classic(&o.solver).unwrap_or_else(|| colour(&o.solver))))
        .collect()
}

/// How the series of one run are drawn beside another's: the first in its solvers'
/// colours, solid, filled dots; the second in a dark shade, dashed, rings (a pale palette
/// colour is nearly invisible on white); up to eight runs, each its own shade and dash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct RunStyle {
    /// Dark: the colour mixed with 45 % black, its dots rings.
    pub dark: bool,
    /// The dash of its lines, `(dash, gap)` in pixels.
    pub dash: Option<(u32, u32)>,
}

impl RunStyle {
    pub(super) const fn of(run: usize) -> RunStyle {
        const DASHES: [Option<(u32, u32)>; 4] = [None, Some((10, 5)), Some((2, 4)), Some((7, 3))];
        let dash = DASHES[run % 4];
        // Odd runs dark among the first four, even ones among the next four.
        let dark = (run % 2 == 1) != (run % 8 >= 4);
        RunStyle { dark, dash }
    }

    pub(super) fn shade(self, colour: RGBColor) -> RGBColor {
        if !self.dark {
            return colour;
        }
        let dark = |c: u8| (f64::from(c) * 0.55).round() as u8;
        RGBColor(dark(colour.0), dark(colour.1), dark(colour.2))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The classic four keep their colours (without a catalogue too); the catalogue's
    /// others follow its order, then unknown names; a strategy's runs side by side, a later
    /// one in a dark shade of its colour; each of the eight runs a figure takes its own look.
    #[test]
    fn colours_and_order_follow_the_catalogue_and_the_runs() {
        let catalogue = ["naive", "reduce", "norvig", "dlx", "logic", "anneal"];
        let names = "zeta 0|anneal 0|dlx 1|dlx 0|alpha 0|naive 0".split('|');
        let origin = |name: &str| {
            let (solver, run) = name.split_once(' ').unwrap();
            let (solver, run) = (solver.to_string(), run.parse().unwrap());
            Origin { solver, run }
        };
        let mut origins: Vec<Origin> = names.map(origin).collect();
        legend_order(&mut origins, &catalogue);
        let order = origins.iter().map(|o| format!("{} {}", o.solver, o.run));
        assert!(order.eq(["naive 0", "dlx 0", "dlx 1", "anneal 0", "alpha 0", "zeta 0"]));
        let (naive, dlx, dark_dlx) = (CLASSIC[0].1, CLASSIC[3].1, RGBColor(0, 87, 63));
        let want = [naive, dlx, dark_dlx, FURTHER[1], FURTHER[2], FURTHER[3]];
        assert_eq!(colours(&origins, &catalogue), want);
        assert_eq!(colours(&[origin("naive 0")], &[]), [naive]);
        let looks: Vec<RunStyle> = (0..8).map(RunStyle::of).collect();
        assert!(looks[0].dash.is_none() && looks[1].dash.is_some());
        for (i, a) in looks.iter().enumerate() {
            assert!(!looks[..i].contains(a), "run {i}");
        }
    }
}
