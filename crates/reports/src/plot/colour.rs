//! The colour of each solver, the same in every figure, and the style of each run drawn
//! beside another.

use plotters::style::{Color, Palette, Palette99, RGBColor};

use super::data::Origin;

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

/// The legend order of the solvers of a file or of runs drawn together (indexes into
/// `origins`): the catalogue's order of their strategies, then the strategies it does not
/// know, alphabetically; a strategy's runs in the order given (`dlx (main)`, `dlx
/// (branch)`), side by side.
pub(super) fn order(origins: &[Origin], catalogue: &[&str]) -> Vec<usize> {
    let rank = |name: &str| catalogue.iter().position(|c| *c == name);
    let mut order: Vec<usize> = (0..origins.len()).collect();
    order.sort_by(|&a, &b| {
        let (oa, ob) = (&origins[a], &origins[b]);
        let by_name = match (rank(&oa.solver), rank(&ob.solver)) {
            (Some(ra), Some(rb)) => ra.cmp(&rb),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => oa.solver.cmp(&ob.solver),
        };
        by_name.then(oa.run.cmp(&ob.run))
    });
    order
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
    /// Dark: the colour mixed with 45 % black.
    pub dark: bool,
    /// The dash of its lines, `(dash, gap)` in pixels; `None` for a solid line.
    pub dash: Option<(u32, u32)>,
    /// Whether its dots are rings (else filled).
    pub rings: bool,
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
        RunStyle {
            dark,
            dash,
            rings: dark,
        }
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

    fn origins(names: &[(&str, usize)]) -> Vec<Origin> {
        names
            .iter()
            .map(|&(solver, run)| Origin {
                solver: solver.to_string(),
                run,
            })
            .collect()
    }

    #[test]
    fn classic_colours_stay_and_others_follow_the_catalogue() {
        let catalogue = ["naive", "reduce", "norvig", "dlx", "logic", "anneal"];
        let names = origins(&[
            ("zeta", 0),
            ("anneal", 0),
            ("dlx", 0),
            ("naive", 0),
            ("alpha", 0),
        ]);
        let sorted: Vec<Origin> = order(&names, &catalogue)
            .iter()
            .map(|&i| names[i].clone())
            .collect();
        let sorted_names: Vec<&str> = sorted.iter().map(|o| o.solver.as_str()).collect();
        assert_eq!(sorted_names, ["naive", "dlx", "anneal", "alpha", "zeta"]);
        let c = colours(&sorted, &catalogue);
        assert_eq!(c[0], RGBColor(213, 94, 0));
        assert_eq!(c[1], RGBColor(0, 158, 115));
        assert_eq!(
            c[2], FURTHER[1],
            "anneal is the catalogue's second other strategy"
        );
        assert_eq!((c[3], c[4]), (FURTHER[2], FURTHER[3]));
        // Without a catalogue, the classic four keep their colours all the same.
        assert_eq!(colours(&sorted[..1], &[])[0], RGBColor(213, 94, 0));
    }

    /// Runs drawn together keep the catalogue's order, a strategy's runs side by side, and
    /// a second run is its strategy's colour in a dark shade, dashed, with rings: never a
    /// colour of its own (a pale yellow of Palette99 for an unknown `dlx (B)`).
    #[test]
    fn a_second_run_keeps_the_order_and_contrasts_with_the_first() {
        let catalogue = ["naive", "reduce", "norvig", "dlx"];
        let runs = origins(&[("dlx", 0), ("naive", 0), ("dlx", 1), ("naive", 1)]);
        let sorted: Vec<Origin> = order(&runs, &catalogue)
            .iter()
            .map(|&i| runs[i].clone())
            .collect();
        assert_eq!(
            sorted,
            origins(&[("naive", 0), ("naive", 1), ("dlx", 0), ("dlx", 1)])
        );
        let c = colours(&sorted, &catalogue);
        assert_eq!(c[0], RGBColor(213, 94, 0));
        assert_eq!(c[1], RGBColor(117, 52, 0));
        assert_eq!(c[3], RGBColor(0, 87, 63));
        let second = RunStyle::of(1);
        assert!(second.dark && second.rings && second.dash.is_some());
        assert_eq!(RunStyle::of(0).dash, None);
        // Every run of the eight a figure takes has its own look.
        let looks: Vec<RunStyle> = (0..8).map(RunStyle::of).collect();
        for (i, a) in looks.iter().enumerate() {
            assert!(!looks[..i].contains(a), "run {i}");
        }
    }
}
