//! Tests of the plots: reading, grouping, colours, and the figures' texts.

use std::path::{Path, PathBuf};

use plotters::style::RGBColor;

use super::axis::{decade_label, Decades, AXIS_PAD};
use super::data::{read_runs, Outcome, Sample};
use super::draw::{ecdf_points, median_time};
use super::{plot_runs, titled, Figure, Format, PlotOptions, MIN_MICROS};
use crate::Error;

const CATALOGUE: &[&str] = &["naive", "reduce", "norvig", "dlx"];

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

/// The figures of one run's CSV, in `out` (its folder by default).
fn plot(csv: &Path, out: Option<&Path>, options: &PlotOptions) -> Result<Vec<PathBuf>, Error> {
    let out = out.unwrap_or(csv.parent().unwrap());
    plot_runs(&[csv], out, CATALOGUE, options)
}

/// The texts of the two figures of `text` drawn by default: time, then nodes.
fn figure_texts(text: &str) -> Vec<Vec<String>> {
    let (_dir, csv) = write_csv("run.csv", text);
    let paths = plot(&csv, None, &PlotOptions::default()).unwrap();
    let svg = |path| texts(&std::fs::read_to_string(path).unwrap());
    paths.iter().map(svg).collect()
}

#[test]
fn decade_labels() {
    let cases = [
        (0.01, "0.01"),
        (1.0, "1"),
        (1000.0, "1000"),
        (1e4, "10⁴"),
        (1e-3, "10⁻³"),
        (1e12, "10¹²"),
    ];
    for (value, label) in cases {
        assert_eq!(decade_label(value), label);
    }
}

#[test]
fn decades_cover_the_values() {
    let d = Decades::around([0.01, 3.0].into_iter());
    assert_eq!((d.lo, d.hi, d.count()), (0.01, 10.0, 3));
    // One value on a power of ten still gets a decade of room.
    let d = Decades::around([1.0].into_iter());
    assert_eq!((d.lo, d.hi), (1.0, 10.0));
}

#[test]
fn ecdf_counts_unfinished_rows_as_never_finished() {
    let s = |micros: f64, outcome| Sample {
        solve_ns: (outcome != Outcome::Crashed).then_some((micros * 1e3) as u64),
        micros,
        nodes: 1.0,
        counted: true,
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
    // The summary's median: of every row with a solve time (over budget and wrong too).
    assert_eq!(median_time(&samples), Some(2_000));
    assert_eq!(median_time(&samples[2..]), Some(3_000));
    assert_eq!(median_time(&[]), None);
}

#[test]
fn reading_groups_by_corpus_and_orders_known_solvers_first() {
    let mut text = HEADER.to_owned();
    text += &row("a.txt", "zeta", "solved", 3, 1000);
    text += &row("a.txt", "dlx", "solved", 2, 0);
    text += &row("b.txt", "naive", "budget_exhausted", 1, 5);
    text += &row("a.txt", "dlx", "wrong", 0, 7);
    let (_dir, csv) = write_csv("r.csv", &text);
    let data = read_runs(&[&csv], &[None], CATALOGUE).unwrap();
    let names: Vec<&str> = data.solvers.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["naive", "dlx", "zeta"]);
    let corpora: Vec<&str> = data.panels.iter().map(|p| p.corpus.as_str()).collect();
    assert_eq!(corpora, ["a.txt", "b.txt"]);
    let dlx = &data.panels[0].series[0];
    assert_eq!((dlx.solver, dlx.samples.len()), (1, 2));
    // 0 ns is clamped onto the log scale; 0 nodes to 1.
    assert_eq!(dlx.samples[0].micros, MIN_MICROS);
    assert_eq!(dlx.samples[1].nodes, 1.0);
    assert_eq!(dlx.samples[1].outcome, Outcome::Wrong);
    assert_eq!(data.solvers[2].colour, RGBColor(230, 159, 0));
}

#[test]
fn writes_both_figures_with_names_labels_and_units() {
    let mut text = HEADER.to_owned();
    for (i, solver) in ["dlx", "norvig", "reduce", "naive"].iter().enumerate() {
        let i = i as u64;
        text += &row("easy.txt", solver, "solved", 1 + i * 10, 1_000 + i * 5_000);
        text += &row("easy.txt", solver, "no_solution", 3 + i * 100, 9_000 + i);
        let (nodes, ns) = (10u64.pow(i as u32 + 2), 10u64.pow(i as u32 + 5));
        text += &row("hard.txt", solver, "solved", nodes, ns);
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
    let paths = plot(&csv, Some(&out), &PlotOptions::default()).unwrap();
    assert_eq!(paths, [out.join("run.time.svg"), out.join("run.nodes.svg")]);
    let svgs: Vec<String> = paths
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    let time = [
        "Time per puzzle: run",
        "time per puzzle t (µs, log scale)",
        "puzzles finished within t",
        "100%",
        // The summary's medians: of every row with a solve time, reduce's wrong one (0
        // ns) too.
        "median 100 ms",
        "1 over budget",
        "median 0 ns",
        "1 wrong",
    ];
    let nodes = [
        "Nodes against time: run",
        "time per puzzle (µs, log scale)",
        "nodes (1 + tries, log scale)",
        "budget exhausted",
        "wrong",
    ];
    for (svg, own) in svgs.iter().zip([&time[..], &nodes[..]]) {
        assert!(svg.starts_with("<svg "), "{}", &svg[..40]);
        assert!(svg.trim_end().ends_with("</svg>"));
        // 0 ns is drawn at 0.01 µs, the first decade of the time axis; 2 s is 2·10⁶ µs.
        let both = [
            "naive",
            "reduce",
            "norvig",
            "dlx",
            "easy (2 puzzles)",
            "hard (2 puzzles)",
        ];
        let texts = texts(svg);
        for text in both.iter().chain(own).chain(&["0.01", "10⁷"]) {
            assert!(texts.iter().any(|t| t == text), "no {text:?} in {texts:?}");
        }
        // The fixed colours: dlx's bluish green and naive's vermillion.
        assert!(svg.contains("#009E73") && svg.contains("#D55E00"));
    }
}

/// What a panel's caption and legend say of its rows.
#[test]
fn legends_say_what_the_rows_hold() {
    let dlx = |status: &str, nodes, ns| row("c", "dlx", status, nodes, ns);
    let (time, nodes) = (0, 1);
    // The rows, the figure, texts it shows, all its medians, a word none of its texts holds.
    type Case = (
        String,
        usize,
        &'static [&'static str],
        &'static [&'static str],
        Option<&'static str>,
    );
    let cases: [Case; 5] = [
        // 0 ns is drawn at 0.01 µs, its cost per node the same.
        (
            dlx("solved", 1, 0),
            nodes,
            &["0.01", "0.1", "1", "10", "c (1 puzzle)"],
            &["median 10 ns/node"],
            Some("without counters"),
        ),
        // Mixed solution limits: a curve each, labelled with its limit.
        (
            dlx("solved", 5, 900) + &dlx("solved", 9, 1500).replacen(",dlx,1,", ",dlx,2,", 1),
            time,
            &["dlx (limit 1)", "dlx (limit 2)"],
            &["median 900 ns", "median 1.50 µs"],
            None,
        ),
        // A corpus's name is escaped.
        (
            row("a&b<c>.txt", "dlx", "solved", 5, 900),
            time,
            &["a&amp;b&lt;c&gt; (1 puzzle)"],
            &["median 900 ns"],
            Some("a&b"),
        ),
        // A status this version does not know is shown as unknown, never as wrong, and
        // has no solve time.
        (
            dlx("solved", 2, 1) + &dlx("stalled", 2, 1),
            time,
            &["1 unknown status"],
            &["median 1 ns"],
            Some("wrong"),
        ),
        // Rows without counters (a `cmd:` solver's crash or timeout: `nodes = 0`) give no
        // cost per node (it was the time over a node made up) and no marker (no triangle
        // for the timeout), and the legend says so.
        (
            dlx("solved", 57, 5_700)
                + &row("c", "py", "crashed", 0, 0)
                + &row("c", "py", "crashed", 0, 0).replacen(",0,1,", ",1,2,", 1)
                + &row("c", "py", "timeout", 0, 1_000_000_000).replacen(",0,1,", ",2,3,", 1),
            nodes,
            &["3 without counters (not drawn)", "1 over budget, 2 crashed"],
            &["median 100 ns/node"],
            Some("budget exhausted"),
        ),
    ];
    for (rows, figure, shown, medians, never) in cases {
        let texts = &figure_texts(&(HEADER.to_owned() + &rows))[figure];
        for text in shown {
            assert!(texts.iter().any(|t| t == text), "no {text:?} in {texts:?}");
        }
        let said: Vec<&String> = texts.iter().filter(|t| t.starts_with("median ")).collect();
        assert_eq!(said, medians, "{texts:?}");
        if let Some(never) = never {
            assert!(
                !texts.iter().any(|t| t.contains(never)),
                "{never:?} in {texts:?}"
            );
        }
    }
}

#[test]
fn a_file_with_nothing_to_plot_is_an_error_that_names_it() {
    let good = row("c", "dlx", "solved", 5, 900);
    let whole = [
        (
            HEADER.to_owned(),
            "bad.csv: no result rows, nothing to plot",
        ),
        (
            String::new(),
            "bad.csv: an empty file, not a CSV of sudoku-lab",
        ),
        (
            "a,b\n1,2\n".to_owned(),
            "bad.csv: line 1: not a CSV of sudoku-lab: no column `corpus`",
        ),
    ];
    let at_least = [
        (
            Some(HEADER.to_owned() + &good + &good.replace(",5,", ",five,")),
            "bad.csv: line 3: malformed row",
        ),
        (
            Some(HEADER.to_owned() + "c,0,1,dlx\n" + &good),
            "bad.csv: line 2: malformed row",
        ),
        (None, "bad.csv: cannot open"),
    ];
    let error = |text: Option<&str>| {
        let dir = tempfile::tempdir().unwrap();
        let csv = dir.path().join("bad.csv");
        if let Some(text) = text {
            std::fs::write(&csv, text).unwrap();
        }
        let out = dir.path().join("out");
        let error = plot(&csv, Some(&out), &PlotOptions::default()).unwrap_err();
        assert!(!out.exists());
        error.to_string()
    };
    for (text, says) in whole {
        let error = error(Some(&text));
        assert!(error.ends_with(says), "{error}");
    }
    for (text, says) in at_least {
        let error = error(text.as_deref());
        assert!(error.contains(says), "{error}");
    }
}

/// The options of a figure for slides: one figure, a title of its own, a size, a name, in
/// SVG and PNG; the PNG is the figure's size, its text drawn in the built-in face.
#[test]
fn a_figure_for_slides_has_its_title_size_name_and_png() {
    let corpus = "../shared/corpora/norvig_sudoku-top95.txt";
    let text = HEADER.to_owned()
        + &row(corpus, "dlx", "solved", 57, 5_700)
        + &row(corpus, "naive", "solved", 900, 90_000);
    let (dir, csv) = write_csv("run.csv", &text);
    let options = PlotOptions {
        figures: vec![Figure::Time],
        formats: vec![Format::Svg, Format::Png],
        title: Some("Four & more strategies".to_string()),
        size: Some((1600, 900)),
        name: Some("slide3".to_string()),
    };
    let out = dir.path().join("talk");
    let paths = plot(&csv, Some(&out), &options).unwrap();
    assert_eq!(paths, [out.join("slide3.svg"), out.join("slide3.png")]);
    let svg = std::fs::read_to_string(&paths[0]).unwrap();
    assert!(
        svg.starts_with("<svg width=\"1600\" height=\"900\""),
        "{}",
        &svg[..80]
    );
    let labels = texts(&svg);
    // The panel is named by the corpus's short name, not the path the run was given.
    for label in [
        "Four &amp; more strategies",
        "norvig_sudoku-top95 (1 puzzle)",
    ] {
        assert!(labels.iter().any(|l| l == label), "{labels:?}");
    }
    assert!(!svg.contains("../shared"));
    let png = std::fs::read(&paths[1]).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(
        &png[16..24],
        [1600u32.to_be_bytes(), 900u32.to_be_bytes()].concat()
    );
    // Drawn: more than a white page (the curves, the text).
    assert!(png.len() > 20_000, "{} bytes", png.len());

    // Both figures under one name: NAME.time.svg and NAME.nodes.svg.
    let both = PlotOptions {
        name: Some("fig".to_string()),
        ..PlotOptions::default()
    };
    let paths = plot(&csv, Some(&out), &both).unwrap();
    assert_eq!(paths, [out.join("fig.time.svg"), out.join("fig.nodes.svg")]);
}

/// A size too small for the corpora's panels and legends is an error that says the least
/// size that fits; nothing is written.
#[test]
fn a_size_too_small_for_the_panels_is_an_error() {
    let mut text = HEADER.to_owned();
    for corpus in ["a.txt", "b.txt", "c.txt"] {
        for solver in CATALOGUE {
            text += &row(corpus, solver, "solved", 5, 900);
        }
    }
    let (dir, csv) = write_csv("run.csv", &text);
    let options = PlotOptions {
        size: Some((800, 400)),
        ..PlotOptions::default()
    };
    let out = dir.path().join("figs");
    let err = plot(&csv, Some(&out), &options).unwrap_err().to_string();
    assert!(
        err.starts_with("a figure of 800x400 pixels is too small for its corpora: 590x"),
        "{err}"
    );
    assert!(!out.exists());
}

/// Two runs on one figure: the legend keeps the catalogue's order, a strategy's runs side
/// by side, and the second run is drawn in a dark shade of its strategy's colour, dashed,
/// with rings, never in a colour of its own (an unknown name's pale palette colour).
#[test]
fn a_second_run_is_drawn_beside_the_first_in_a_contrasting_style() {
    let text = |ns: u64| {
        HEADER.to_owned()
            + &row("c.txt", "dlx", "solved", 57, ns)
            + &row("c.txt", "naive", "solved", 900, 9 * ns)
    };
    let dir = tempfile::tempdir().unwrap();
    let (main, branch) = (dir.path().join("main.csv"), dir.path().join("branch.csv"));
    std::fs::write(&main, text(5_000)).unwrap();
    std::fs::write(&branch, text(7_000)).unwrap();
    let options = PlotOptions::default();
    let paths = plot_runs(&[&main, &branch], dir.path(), CATALOGUE, &options).unwrap();
    let time = std::fs::read_to_string(&paths[0]).unwrap();
    let names: Vec<String> = texts(&time)
        .into_iter()
        .filter(|t| t.contains(" (main)") || t.contains(" (branch)"))
        .collect();
    let want = [
        "naive (main)",
        "naive (branch)",
        "dlx (main)",
        "dlx (branch)",
    ];
    assert_eq!(names, want);
    // dlx's bluish green in one line a panel (and the legend's swatch), then its dark
    // shade (0, 87, 63), dashed: a line of many short pieces.
    assert_eq!(time.matches("stroke=\"#009E73\"").count(), 2);
    assert!(time.matches("stroke=\"#00573F\"").count() > 10);
    let nodes = std::fs::read_to_string(&paths[1]).unwrap();
    // The second run's dots are rings: drawn with no fill.
    assert!(nodes.contains("fill=\"none\" stroke=\"#00573F\""), "rings");
}

/// The title is made of the runs' stems as they are, whatever they hold: a stem with ` vs `
/// in it is one run's, and the run after it keeps its alarm.
#[test]
fn a_title_names_each_run_by_its_stem() {
    let stems = ["a vs b".to_string(), "c".to_string()];
    let alarms = [None, Some("interrupted")];
    let options = PlotOptions::default();
    let title = titled(&options, &stems, &alarms);
    assert_eq!(title, "a vs b vs c (interrupted)");
    let options = PlotOptions {
        title: Some("Slide 3".into()),
        ..options
    };
    let title = titled(&options, &stems, &alarms);
    assert_eq!(title, "Slide 3 (c: interrupted)");
}
