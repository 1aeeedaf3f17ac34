//! Tests of the plots: reading, grouping, colours, and the figures' texts.

use std::path::{Path, PathBuf};

use super::axis::{decade_label, Decades, AXIS_PAD};
use super::data::{Outcome, Sample};
use super::draw::{ecdf_points, median_time};
use super::{plot_runs, titled, Figure, Format, PlotOptions};
use crate::Error;

const CATALOGUE: &[&str] = &["naive", "reduce", "norvig", "dlx"];

const HEADER: &str = "corpus,index,line,solver,limit,status,solutions,nodes,backtracks,\
                      nanoseconds,median_nanoseconds,puzzle,solution\n";

fn row(corpus: &str, solver: &str, status: &str, nodes: u64, ns: u64) -> String {
    format!("{corpus},0,1,{solver},1,{status},1,{nodes},0,{ns},{ns},..1,\n")
}

/// The text of every `<text>` element of an SVG, trimmed.
fn texts(svg: &str) -> Vec<String> {
    let body = |t: &str| Some(t[t.find('>')? + 1..t.find("</text>")?].trim().to_owned());
    svg.split("<text").skip(1).filter_map(body).collect()
}

/// The figures of the CSV `rows` (after the header), written as `run.csv` in a fresh
/// folder: the folder, and what `plot_runs` gave with `options`, into `out` under it.
fn plot(
    rows: &str,
    out: &str,
    options: &PlotOptions,
) -> (tempfile::TempDir, Result<Vec<PathBuf>, Error>) {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("run.csv");
    std::fs::write(&csv, HEADER.to_owned() + rows).unwrap();
    let paths = plot_runs(&[&csv], &dir.path().join(out), CATALOGUE, options).map(|p| p.files);
    (dir, paths)
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn decades_cover_the_values_and_label_their_ticks() {
    let labels = [0.01, 1.0, 1000.0, 1e4, 1e-3, 1e12].map(decade_label);
    assert_eq!(labels, ["0.01", "1", "1000", "10⁴", "10⁻³", "10¹²"]);
    let d = Decades::around([0.01, 3.0].into_iter());
    assert_eq!((d.lo, d.hi, d.count()), (0.01, 10.0, 3));
    // One value on a power of ten still gets a decade of room.
    let d = Decades::around([1.0].into_iter());
    assert_eq!((d.lo, d.hi), (1.0, 10.0));
}

#[test]
fn ecdf_counts_unfinished_rows_as_never_finished() {
    use Outcome::{Finished, OverBudget, Wrong};
    let samples = [
        (2.0, Finished),
        (1.0, Finished),
        (5.0, OverBudget),
        (3.0, Wrong),
    ];
    let samples = samples.map(|(micros, outcome)| Sample {
        solve_ns: Some((micros * 1e3) as u64),
        micros,
        nodes: 1.0,
        counted: true,
        outcome,
    });
    let axis = Decades { lo: 1.0, hi: 10.0 };
    let steps = [(1.0, 0.0), (1.0, 0.25), (2.0, 0.25), (2.0, 0.5)];
    let want = [(1.0 / AXIS_PAD, 0.0)].into_iter().chain(steps);
    let want: Vec<_> = want.chain([(10.0 * AXIS_PAD, 0.5)]).collect();
    assert_eq!(ecdf_points(&samples, axis), want);
    // The summary's median: of every row with a solve time (over budget and wrong too).
    assert_eq!(median_time(&samples), Some(2_000));
    assert_eq!(median_time(&samples[2..]), Some(3_000));
    assert_eq!(median_time(&[]), None);
}

#[test]
fn writes_both_figures_with_names_labels_and_units() {
    let mut text = String::new();
    for (i, solver) in ["dlx", "norvig", "reduce", "naive"].iter().enumerate() {
        let i = i as u64;
        text += &row("easy.txt", solver, "solved", 1 + i * 10, 1_000 + i * 5_000);
        text += &row("easy.txt", solver, "no_solution", 3 + i * 100, 9_000 + i);
        let (nodes, ns) = (10u64.pow(i as u32 + 2), 10u64.pow(i as u32 + 5));
        text += &row("hard.txt", solver, "solved", nodes, ns);
    }
    let (nodes, ns) = (1_000_000, 2_000_000_000);
    text += &row("hard.txt", "naive", "budget_exhausted", nodes, ns);
    text += &row("hard.txt", "reduce", "wrong", 50, 0);
    let (dir, paths) = plot(&text, "plots/nested", &PlotOptions::default());
    let out = dir.path().join("plots/nested");
    let want = [out.join("run.time.svg"), out.join("run.nodes.svg")];
    assert_eq!(paths.unwrap(), want);
    // The summary's medians: of every row with a solve time, reduce's wrong one (0 ns) too.
    let time = "Time per puzzle: run|time per puzzle t (µs, log scale)|100%|median 100 ms|\
                1 over budget|median 0 ns|1 wrong";
    let nodes = "Nodes against time: run|nodes (1 + tries, log scale)|wrong|\
                 time per puzzle (µs, log scale)|budget exhausted";
    // 0 ns is drawn at 0.01 µs, the first decade of the time axis; 2 s is 2·10⁶ µs.
    let both = "naive|reduce|norvig|dlx|easy (2 puzzles)|hard (2 puzzles)|0.01|10⁷|";
    for (figure, own) in ["run.time.svg", "run.nodes.svg"].iter().zip([time, nodes]) {
        let svg = read(&out.join(figure));
        assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"));
        let texts = texts(&svg);
        for text in (both.to_owned() + own).split('|') {
            assert!(texts.iter().any(|t| t == text), "no {text:?} in {texts:?}");
        }
        // The fixed colours: dlx's bluish green and naive's vermillion.
        assert!(svg.contains("#009E73") && svg.contains("#D55E00"));
    }
}

/// Checks that figure `figure` (0: time, 1: nodes) of `rows` shows each of `shown`, says
/// exactly `medians` (each list split at `|`), and nothing holding `never`.
fn says(rows: &str, figure: usize, shown: &str, medians: &str, never: &str) {
    let (_dir, paths) = plot(rows, "", &PlotOptions::default());
    let texts = texts(&read(&paths.unwrap()[figure]));
    for text in shown.split('|') {
        assert!(texts.iter().any(|t| t == text), "no {text:?} in {texts:?}");
    }
    let said: Vec<&String> = texts.iter().filter(|t| t.starts_with("median ")).collect();
    assert_eq!(said, medians.split('|').collect::<Vec<_>>(), "{texts:?}");
    assert_eq!(texts.iter().find(|t| t.contains(never)), None, "{texts:?}");
}

/// What a panel's caption and legend say of its rows.
#[test]
fn legends_say_what_the_rows_hold() {
    let dlx = |status: &str, nodes, ns| row("c", "dlx", status, nodes, ns);
    let (time, nodes) = (0, 1);
    // 0 ns is drawn at 0.01 µs, its cost per node the same.
    let shown = "0.01|0.1|1|10|c (1 puzzle)";
    let (rows, medians) = (dlx("solved", 1, 0), "median 10 ns/node");
    says(&rows, nodes, shown, medians, "without counters");
    // Mixed solution limits: a curve each, labelled with its limit.
    let two = dlx("solved", 9, 1500).replacen(",dlx,1,", ",dlx,2,", 1);
    let shown = "dlx (limit 1)|dlx (limit 2)";
    let medians = "median 900 ns|median 1.50 µs";
    let rows = dlx("solved", 5, 900) + &two;
    says(&rows, time, shown, medians, "\u{0}");
    // A corpus's name is escaped.
    let rows = row("a&b<c>.txt", "dlx", "solved", 5, 900);
    let (shown, medians) = ("a&amp;b&lt;c&gt; (1 puzzle)", "median 900 ns");
    says(&rows, time, shown, medians, "a&b");
    // A status this version does not know is shown as unknown, never as wrong, and has no
    // solve time.
    let rows = dlx("solved", 2, 1) + &dlx("stalled", 2, 1);
    says(&rows, time, "1 unknown status", "median 1 ns", "wrong");
    // Rows without counters (a `cmd:` solver's crash or timeout: `nodes = 0`) give no cost
    // per node and no marker (no triangle for the timeout), and the legend says so.
    let py = |status, at, ns| row("c", "py", status, 0, ns).replacen(",0,1,", at, 1);
    let rows = dlx("solved", 57, 5_700)
        + &py("crashed", ",0,1,", 0)
        + &py("crashed", ",1,2,", 0)
        + &py("timeout", ",2,3,", 1_000_000_000);
    let shown = "3 without counters (not drawn)|1 over budget, 2 crashed";
    let medians = "median 100 ns/node";
    says(&rows, nodes, shown, medians, "budget exhausted");
}

/// A CSV with no row is an error that names the file, and nothing is written (how a CSV
/// that cannot be read is told: the `read` tests; a size too small: the lab's `cli` tests).
#[test]
fn a_file_with_nothing_to_plot_is_an_error() {
    let (dir, error) = plot("", "out", &PlotOptions::default());
    let error = error.unwrap_err().to_string();
    let said = "run.csv: no result rows, nothing to plot";
    assert!(error.ends_with(said), "{error}");
    assert!(!dir.path().join("out").exists());
}

/// The PNG is the figure's size and drawn (more than a white page); a title of one's own
/// is escaped (a figure's name, format and size as asked: the lab's `cli` tests).
#[test]
fn a_figure_for_slides_has_its_title_size_name_and_png() {
    let options = PlotOptions {
        figures: vec![Figure::Time],
        formats: vec![Format::Svg, Format::Png],
        title: Some("Four & more strategies".to_string()),
        size: Some((1600, 900)),
        name: Some("slide3".to_string()),
    };
    let (dir, paths) = plot(&row("c", "dlx", "solved", 5, 9), "", &options);
    let paths = paths.unwrap();
    let want = ["slide3.svg", "slide3.png"].map(|name| dir.path().join(name));
    assert_eq!(paths, want);
    assert!(texts(&read(&paths[0])).contains(&"Four &amp; more strategies".to_string()));
    let png = std::fs::read(&paths[1]).unwrap();
    let size = [1600u32.to_be_bytes(), 900u32.to_be_bytes()].concat();
    let want = (&b"\x89PNG\r\n\x1a\n"[..], &size[..]);
    assert_eq!((&png[..8], &png[16..24]), want);
    assert!(png.len() > 20_000, "{} bytes", png.len());
}

/// A second run is drawn in a dark shade of its strategy's colour, dashed, its dots rings.
#[test]
fn a_second_run_is_drawn_beside_the_first_in_a_contrasting_style() {
    let dir = tempfile::tempdir().unwrap();
    let (main, branch) = (dir.path().join("main.csv"), dir.path().join("branch.csv"));
    let text = |ns| HEADER.to_owned() + &row("c.txt", "dlx", "solved", 57, ns);
    std::fs::write(&main, text(5_000)).unwrap();
    std::fs::write(&branch, text(7_000)).unwrap();
    let options = PlotOptions::default();
    let paths = plot_runs(&[&main, &branch], dir.path(), CATALOGUE, &options)
        .unwrap()
        .files;
    let time = read(&paths[0]);
    // dlx's bluish green in its line and swatch; its dark shade (0, 87, 63) dashed: a
    // line of many short pieces.
    assert_eq!(time.matches("stroke=\"#009E73\"").count(), 2);
    assert!(time.matches("stroke=\"#00573F\"").count() > 10);
    let nodes = read(&paths[1]);
    assert!(nodes.contains("fill=\"none\" stroke=\"#00573F\""), "rings");
}

/// The title is the runs' stems as they are (a stem with ` vs ` in it is one run's), or
/// the one asked for; then the runs that did not finish, by stem when there are several.
#[test]
fn a_title_names_each_run_by_its_stem() {
    let stems = ["a vs b".to_string(), "c".to_string()];
    let alarms = [None, Some("interrupted")];
    let title = |title, stems: &[String]| titled(title, stems, &alarms[2 - stems.len()..]);
    assert_eq!(title(None, &stems), "a vs b vs c (c: interrupted)");
    assert_eq!(title(Some("Slide 3"), &stems), "Slide 3 (c: interrupted)");
    assert_eq!(title(None, &stems[1..]), "c (interrupted)");
}
