//! The colour of each solver, the same in every figure.

use plotters::style::{Color, Palette, Palette99, RGBColor};

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

/// The legend order of the solver names of a file (indexes into `names`): the catalogue's
/// order, then the names it does not know, alphabetically.
pub(super) fn order(names: &[String], catalogue: &[&str]) -> Vec<usize> {
    let rank = |name: &str| catalogue.iter().position(|c| *c == name);
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&a, &b| {
        let (na, nb) = (&names[a], &names[b]);
        match (rank(na), rank(nb)) {
            (Some(ra), Some(rb)) => ra.cmp(&rb),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => na.cmp(nb),
        }
    });
    order
}

/// The colour of each of `solvers` (in legend order): the classic four their own; the
/// catalogue's others by their rank among its non-classic strategies (so a strategy keeps
/// its colour from file to file); unknown names after those.
pub(super) fn colours(solvers: &[String], catalogue: &[&str]) -> Vec<RGBColor> {
    let classic = |name: &str| CLASSIC.iter().find(|(n, _)| *n == name).map(|(_, c)| *c);
    let others: Vec<&str> = catalogue
        .iter()
        .copied()
        .filter(|n| classic(n).is_none())
        .collect();
    let mut unknown = 0;
    solvers
        .iter()
        .map(|name| {
            if let Some(c) = classic(name) {
                c
            } else if let Some(k) = others.iter().position(|o| o == name) {
                further(k)
            } else {
                unknown += 1;
                further(others.len() + unknown - 1)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_colours_stay_and_others_follow_the_catalogue() {
        let catalogue = ["naive", "reduce", "norvig", "dlx", "logic", "anneal"];
        let names: Vec<String> = ["zeta", "anneal", "dlx", "naive", "alpha"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let sorted: Vec<&str> = order(&names, &catalogue)
            .iter()
            .map(|&i| names[i].as_str())
            .collect();
        assert_eq!(sorted, ["naive", "dlx", "anneal", "alpha", "zeta"]);
        let sorted: Vec<String> = sorted.iter().map(|s| s.to_string()).collect();
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
}
