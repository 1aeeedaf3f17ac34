//! The colour of each solver, the same in every figure, and the style of each run drawn
//! beside another.

use plotters::style::{Color, Palette, Palette99, RGBColor};

/// A solver as the figures tell it apart: the strategy and the run it comes from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) struct Origin {
    /// The solver's own name (`dlx`): its colour and rank.
    pub solver: String,
    /// Which of the runs drawn together (0 for the first, or for a lone run).
    pub run: usize,
}

/// The colours of the four classic strategies, fixed whatever else the catalogue holds:
/// naive (vermillion), reduce (reddish purple), norvig (blue), dlx (bluish green), from the
/// Okabe–Ito palette, which stays distinct for colour-blind readers.
const CLASSIC: [(&str, RGBColor); 4] = [
    ("naive", RGBColor(213, 94, 0)),
    ("reduce", RGBColor(204, 121, 167)),
    ("norvig", RGBColor(0, 114, 178)),
    ("dlx", RGBColor(0, 158, 115)),
];

/// The colours of every other solver: the catalogue's other strategies in catalogue order,
/// then names the catalogue does not know (alphabetically), then Palette99.
const FURTHER: [RGBColor; 5] = [
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(90, 90, 90),
    RGBColor(170, 150, 0),
    RGBColor(140, 60, 30),
];

fn further(k: usize) -> RGBColor {
    FURTHER.get(k).copied().unwrap_or_else(|| {
        let c = Palette99::pick(k - FURTHER.len()).to_rgba();
        RGBColor(c.0, c.1, c.2)
    })
}

/// Sorts solvers into legend order: the catalogue's order of their strategies, then the
/// strategies it does not know, alphabetically; a strategy's runs in the order given (`dlx
/// (main)`, `dlx (branch)`), side by side.
pub(super) fn legend_order(origins: &mut [Origin], catalogue: &[&str]) {
    let rank = |name: &str| catalogue.iter().position(|c| *c == name);
    origins.sort_by_cached_key(|o| {
        (
            rank(&o.solver).unwrap_or(usize::MAX),
            o.solver.clone(),
            o.run,
        )
    });
}

/// The colour of each solver of `origins` (in legend order): its strategy's colour (the
/// classic four their own; the catalogue's others by their rank among its non-classic
/// strategies, so that a strategy keeps its colour from file to file; unknown names after
/// those), in the shade of its run ([`RunStyle`]).
pub(super) fn colours(origins: &[Origin], catalogue: &[&str]) -> Vec<RGBColor> {
    let classic = |name: &str| CLASSIC.iter().find(|(n, _)| *n == name).map(|(_, c)| *c);
    let others: Vec<&str> = catalogue
        .iter()
        .copied()
        .filter(|n| classic(n).is_none())
        .collect();
    let mut unknown: Vec<&str> = Vec::new();
    origins
        .iter()
        .map(|origin| {
            let name = origin.solver.as_str();
            let colour = if let Some(c) = classic(name) {
                c
            } else if let Some(k) = others.iter().position(|o| *o == name) {
                further(k)
            } else {
                let k = unknown.iter().position(|u| *u == name).unwrap_or_else(|| {
                    unknown.push(name);
                    unknown.len() - 1
                });
                further(others.len() + k)
            };
            RunStyle::of(origin.run).shade(colour)
        })
        .collect()
}

/// How the series of one run are drawn beside those of another (`plot main.csv
/// branch.csv`): the first run in its solvers' colours with solid lines and filled dots;
/// the second in a dark shade of the same colours with dashed lines and rings, so that a
/// strategy's two runs read as a pair and never as one (a pale colour of a palette was
/// nearly invisible on white); further runs, up to eight, each another pair of shade and
/// dash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct RunStyle {
    /// Dark: the colour mixed with 45 % black, its dots rings (else filled).
    pub dark: bool,
    /// The dash of its lines, `(dash, gap)` in pixels; `None` for a solid line.
    pub dash: Option<(u32, u32)>,
}

impl RunStyle {
    /// The style of run `run` (0 for the first).
    pub(super) const fn of(run: usize) -> RunStyle {
        let dash = match run % 4 {
            0 => None,
            1 => Some((10, 5)),
            2 => Some((2, 4)),
            _ => Some((7, 3)),
        };
        // Odd runs dark among the first four, even ones among the next four.
        let dark = (run % 2 == 1) != (run % 8 >= 4);
        RunStyle { dark, dash }
    }

    /// `colour` in this run's shade.
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

    /// `names` of runs in legend order, and their colours.
    fn sorted(
        names: &[(&str, usize)],
        catalogue: &[&str],
    ) -> (Vec<(String, usize)>, Vec<RGBColor>) {
        let mut origins: Vec<Origin> = (names.iter())
            .map(|&(solver, run)| Origin {
                solver: solver.to_string(),
                run,
            })
            .collect();
        legend_order(&mut origins, catalogue);
        let colours = colours(&origins, catalogue);
        (
            origins.into_iter().map(|o| (o.solver, o.run)).collect(),
            colours,
        )
    }

    #[test]
    fn classic_colours_stay_and_others_follow_the_catalogue() {
        let catalogue = ["naive", "reduce", "norvig", "dlx", "logic", "anneal"];
        let names = [
            ("zeta", 0),
            ("anneal", 0),
            ("dlx", 0),
            ("naive", 0),
            ("alpha", 0),
        ];
        let (order, c) = sorted(&names, &catalogue);
        let order: Vec<&str> = order.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(order, ["naive", "dlx", "anneal", "alpha", "zeta"]);
        assert_eq!((c[0], c[1]), (RGBColor(213, 94, 0), RGBColor(0, 158, 115)));
        // anneal is the catalogue's second other strategy; unknown names follow.
        assert_eq!((c[2], c[3], c[4]), (FURTHER[1], FURTHER[2], FURTHER[3]));
        // Without a catalogue, the classic four keep their colours all the same.
        assert_eq!(sorted(&[("naive", 0)], &[]).1, [RGBColor(213, 94, 0)]);
    }

    /// Runs drawn together keep the catalogue's order, a strategy's runs side by side, and
    /// a later run is its strategy's colour in a dark shade, dashed: never a colour of its
    /// own (a pale yellow of Palette99 for an unknown `dlx (B)`).
    #[test]
    fn a_second_run_keeps_the_order_and_contrasts_with_the_first() {
        let runs = [("dlx", 0), ("naive", 0), ("dlx", 1), ("naive", 1)];
        let (order, c) = sorted(&runs, &["naive", "reduce", "norvig", "dlx"]);
        let want = [("naive", 0), ("naive", 1), ("dlx", 0), ("dlx", 1)];
        assert_eq!(order, want.map(|(s, r)| (s.to_string(), r)));
        assert_eq!((c[1], c[3]), (RGBColor(117, 52, 0), RGBColor(0, 87, 63)));
        assert!(RunStyle::of(0).dash.is_none() && RunStyle::of(1).dash.is_some());
        // Every run of the eight a figure takes has its own look.
        let looks: Vec<RunStyle> = (0..8).map(RunStyle::of).collect();
        for (i, a) in looks.iter().enumerate() {
            assert!(!looks[..i].contains(a), "run {i}");
        }
    }
}
