//! Tests of the plots: reading, grouping, colours, and the figures' texts.

use std::path::PathBuf;

use plotters::style::RGBColor;

use super::axis::{decade_label, Decades};
use super::data::{read_results, Outcome, Sample};
use super::draw::{ecdf_points, median_time};
use super::{plot_csv, plot_runs, titled, Figure, Format, PlotOptions, AXIS_PAD, MIN_MICROS};

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

/// The whole error chain of plotting `text`, which must fail.
fn plot_error(text: &str) -> String {
    let (dir, csv) = write_csv("bad.csv", text);
    let err = plot_csv(
        &csv,
        &dir.path().join("out"),
        CATALOGUE,
        &PlotOptions::default(),
    )
    .unwrap_err();
    err.to_string()
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
    let data = read_results(&csv, CATALOGUE).unwrap();
    assert_eq!(data.solvers, ["naive", "dlx", "zeta"]);
    assert_eq!(data.panels.len(), 2);
    assert_eq!(data.panels[0].corpus, "a.txt");
    let dlx = &data.panels[0].series[0];
    assert_eq!((dlx.solver, dlx.samples.len()), (1, 2));
    // 0 ns is clamped onto the log scale; 0 nodes to 1.
    assert_eq!(dlx.samples[0].micros, MIN_MICROS);
    assert_eq!(dlx.samples[1].nodes, 1.0);
    assert_eq!(dlx.samples[1].outcome, Outcome::Wrong);
    assert_eq!(data.colours[2], RGBColor(230, 159, 0));
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
    let paths = plot_csv(&csv, &out, CATALOGUE, &PlotOptions::default()).unwrap();
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
            "easy (2 puzzles)",
            "hard (2 puzzles)",
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
    // The summary's medians: of every row with a solve time, reduce's wrong one (0 ns) too.
    for line in ["median 100 ms", "1 over budget", "median 0 ns", "1 wrong"] {
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
    let paths = plot_csv(&csv, dir.path(), CATALOGUE, &PlotOptions::default()).unwrap();
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
    let paths = plot_csv(&csv, dir.path(), CATALOGUE, &PlotOptions::default()).unwrap();
    let time = std::fs::read_to_string(&paths[0]).unwrap();
    let labels = texts(&time);
    assert!(labels.contains(&"dlx (limit 1)".to_owned()), "{labels:?}");
    assert!(labels.contains(&"dlx (limit 2)".to_owned()), "{labels:?}");
}

#[test]
fn corpus_names_are_escaped() {
    let text = HEADER.to_owned() + &row("a&b<c>.txt", "dlx", "solved", 5, 900);
    let (dir, csv) = write_csv("esc.csv", &text);
    let paths = plot_csv(&csv, dir.path(), CATALOGUE, &PlotOptions::default()).unwrap();
    let time = std::fs::read_to_string(&paths[0]).unwrap();
    assert!(time.contains("a&amp;b&lt;c&gt; (1 puzzle)"));
}

#[test]
fn an_empty_file_or_a_lone_header_is_an_error() {
    let err = plot_error(HEADER);
    assert!(
        err.ends_with("bad.csv: no result rows, nothing to plot"),
        "{err}"
    );
    let err = plot_error("");
    assert!(
        err.ends_with("bad.csv: an empty file, not a CSV of sudoku-lab"),
        "{err}"
    );
    let err = plot_error("a,b\n1,2\n");
    assert!(
        err.ends_with("bad.csv: line 1: not a CSV of sudoku-lab: no column `corpus`"),
        "{err}"
    );
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
fn an_unknown_status_is_shown_as_unknown_not_wrong() {
    let text =
        HEADER.to_owned() + &row("a", "dlx", "solved", 2, 1) + &row("a", "dlx", "stalled", 2, 1);
    let (dir, csv) = write_csv("odd.csv", &text);
    let data = read_results(&csv, CATALOGUE).unwrap();
    assert_eq!(
        data.panels[0].series[0].samples[1].outcome,
        Outcome::Unknown
    );
    let paths = plot_csv(&csv, dir.path(), CATALOGUE, &PlotOptions::default()).unwrap();
    let labels = texts(&std::fs::read_to_string(&paths[0]).unwrap());
    assert!(
        labels.contains(&"1 unknown status".to_owned()),
        "{labels:?}"
    );
    assert!(!labels.iter().any(|l| l.contains("wrong")), "{labels:?}");
}

#[test]
fn a_missing_file_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let err = plot_csv(
        &dir.path().join("none.csv"),
        dir.path(),
        CATALOGUE,
        &PlotOptions::default(),
    )
    .unwrap_err();
    assert!(err.to_string().contains("none.csv: cannot open"), "{err}");
}

/// Rows without counters (a `cmd:` solver's crash or timeout: `nodes = 0`) give no cost per
/// node and no dot on the nodes figure, and the legend says so: the cost was the time over
/// a node made up (`median 10 ns/node` of two crashes and a timeout), its dots at 1 node.
#[test]
fn rows_without_counters_give_no_cost_per_node() {
    let text = HEADER.to_owned()
        + &row("c", "dlx", "solved", 57, 5_700)
        + &row("c", "py", "crashed", 0, 0)
        + &row("c", "py", "crashed", 0, 0).replacen(",0,1,", ",1,2,", 1)
        + &row("c", "py", "timeout", 0, 1_000_000_000).replacen(",0,1,", ",2,3,", 1);
    let (dir, csv) = write_csv("r.csv", &text);
    let paths = plot_csv(&csv, dir.path(), CATALOGUE, &PlotOptions::default()).unwrap();
    let nodes = texts(&std::fs::read_to_string(&paths[1]).unwrap());
    let per_node: Vec<&String> = nodes.iter().filter(|t| t.ends_with("/node")).collect();
    assert_eq!(per_node, ["median 100 ns/node"], "{nodes:?}");
    assert!(
        nodes.contains(&"3 without counters (not drawn)".to_owned()),
        "{nodes:?}"
    );
    // No triangle drawn (the timeout has no place on the nodes axis), none in the legend.
    assert!(!nodes.contains(&"budget exhausted".to_owned()), "{nodes:?}");
}

/// The options of a figure for slides: one figure, a title of its own, a size, a name, in
/// SVG and PNG; the PNG is the figure's size, its text drawn in the built-in face.
#[test]
fn a_figure_for_slides_has_its_title_size_name_and_png() {
    let text = HEADER.to_owned()
        + &row(
            "../shared/corpora/norvig_sudoku-top95.txt",
            "dlx",
            "solved",
            57,
            5_700,
        )
        + &row(
            "../shared/corpora/norvig_sudoku-top95.txt",
            "naive",
            "solved",
            900,
            90_000,
        );
    let (dir, csv) = write_csv("run.csv", &text);
    let options = PlotOptions {
        figures: vec![Figure::Time],
        formats: vec![Format::Svg, Format::Png],
        title: Some("Four & more strategies".to_string()),
        size: Some((1600, 900)),
        name: Some("slide3".to_string()),
    };
    let out = dir.path().join("talk");
    let paths = plot_csv(&csv, &out, CATALOGUE, &options).unwrap();
    assert_eq!(paths, [out.join("slide3.svg"), out.join("slide3.png")]);
    let svg = std::fs::read_to_string(&paths[0]).unwrap();
    assert!(
        svg.starts_with("<svg width=\"1600\" height=\"900\""),
        "{}",
        &svg[..80]
    );
    let labels = texts(&svg);
    assert!(
        labels.contains(&"Four &amp; more strategies".to_owned()),
        "{labels:?}"
    );
    // The panel is named by the corpus's short name, not the path the run was given.
    assert!(
        labels.contains(&"norvig_sudoku-top95 (1 puzzle)".to_owned()),
        "{labels:?}"
    );
    assert!(!svg.contains("../shared"));
    let png = std::fs::read(&paths[1]).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let (width, height) = (&png[16..20], &png[20..24]);
    assert_eq!(
        (width, height),
        (&1600u32.to_be_bytes()[..], &900u32.to_be_bytes()[..])
    );
    // Drawn: more than a white page (the curves, the text).
    assert!(png.len() > 20_000, "{} bytes", png.len());

    // Both figures under one name: NAME.time.svg and NAME.nodes.svg.
    let both = PlotOptions {
        name: Some("fig".to_string()),
        ..PlotOptions::default()
    };
    let paths = plot_csv(&csv, &out, CATALOGUE, &both).unwrap();
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
    let err = plot_csv(&csv, &out, CATALOGUE, &options)
        .unwrap_err()
        .to_string();
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
    let paths = plot_runs(
        &[&main, &branch],
        dir.path(),
        CATALOGUE,
        &PlotOptions::default(),
    )
    .unwrap();
    let time = std::fs::read_to_string(&paths[0]).unwrap();
    let names: Vec<String> = texts(&time)
        .into_iter()
        .filter(|t| t.contains(" (main)") || t.contains(" (branch)"))
        .collect();
    assert_eq!(
        names,
        [
            "naive (main)",
            "naive (branch)",
            "dlx (main)",
            "dlx (branch)"
        ]
    );
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
    let alarms = [String::new(), "interrupted".to_string()];
    let options = PlotOptions::default();
    assert_eq!(
        titled(&options, &stems, &alarms),
        "a vs b vs c (interrupted)"
    );
    let options = PlotOptions {
        title: Some("Slide 3".into()),
        ..options
    };
    assert_eq!(
        titled(&options, &stems, &alarms),
        "Slide 3 (c: interrupted)"
    );
}
