//! The replay page in a real browser: headless Chromium opens it with `#play=max`, plays
//! every strategy to its end, and the page must then show each solver's solution and
//! counters. Needs Debian's `chromium` (or the `CHROMIUM` variable naming a binary):
//! `apt-get install -y chromium`.
//!
//! `cargo test --release -p sudoku-trace --test browser -- --ignored screenshots` makes
//! the README's screenshots (`docs/replay-*.png`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use sudoku_catalogue::Strategy;
use sudoku_core::{Grid, Limits, Outcome};
use sudoku_testkit::seeds::{HARD1, POLISH, SPANISH_1};
use sudoku_trace::{write_page, PageOptions};

/// The browser: `$CHROMIUM`, else `chromium` on the path.
fn chromium() -> PathBuf {
    let name = std::env::var_os("CHROMIUM").unwrap_or_else(|| "chromium".into());
    let found = std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .map(|dir| dir.join(&name))
        .chain([PathBuf::from(&name)])
        .find(|p| p.is_file());
    found.unwrap_or_else(|| {
        panic!(
            "headless Chromium is needed for the replay page tests and was not found \
             ({:?} on the PATH, or set CHROMIUM=/path/to/chromium). Install it with \
             `apt-get install -y chromium` (CI's .ci/run does).",
            name
        )
    })
}

/// Runs Chromium headless on `url` with `extra` arguments; returns its stdout.
fn run_chromium(url: &str, extra: &[&str]) -> String {
    let profile = tempfile::tempdir().unwrap();
    let output = Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(extra)
        .arg(url)
        .output()
        .expect("chromium runs");
    assert!(
        output.status.success(),
        "chromium failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("the DOM is text")
}

/// The page's DOM after `fragment` and up to ten minutes of (virtual) time.
fn dom(page: &Path, fragment: &str) -> String {
    let url = format!("file://{}{fragment}", page.display());
    run_chromium(&url, &["--virtual-time-budget=600000", "--dump-dom"])
}

/// Writes the page of `names` on `puzzle` (each with its default budget) to a file.
fn page(dir: &Path, puzzle: &str, names: &[&str]) -> (PathBuf, Vec<(&'static Strategy, Outcome)>) {
    let puzzle = Grid::parse(puzzle).unwrap();
    let runs: Vec<(&'static Strategy, Limits)> = names
        .iter()
        .map(|n| {
            let s = sudoku_catalogue::find(n).unwrap();
            (s, Limits::FIRST.with_max_nodes(s.default_max_nodes))
        })
        .collect();
    let path = dir.join(format!("{}.html", names.join("-")));
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    let options = PageOptions {
        time_plain: false,
        ..PageOptions::default()
    };
    write_page(&mut file, &puzzle, &runs, &options).unwrap();
    drop(file);
    let plain = runs
        .iter()
        .map(|&(s, limits)| (s, s.solver().solve(&puzzle, &limits)))
        .collect();
    (path, plain)
}

/// What a panel of the page shows.
#[derive(Debug)]
struct Panel {
    at: String,
    grid: String,
    counters: HashMap<String, String>,
    text: String,
}

/// The panel of `solver` in the DOM.
fn panel(dom: &str, solver: &str) -> Panel {
    let start = dom
        .find(&format!("data-solver=\"{solver}\""))
        .unwrap_or_else(|| panic!("no panel for {solver}"));
    let end = start + dom[start..].find("</section>").unwrap();
    let html = &dom[start..end];
    let at = between(html, "data-at=\"", "\"").to_string();
    let table = between(html, "<table class=\"grid\">", "</table>");
    let grid = table
        .split("<td")
        .skip(1)
        .map(|td| {
            let content = between(td, ">", "</td>");
            let mut chars = content.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => c,
                _ => '.',
            }
        })
        .collect();
    let counters = html
        .split("<dd data-k=\"")
        .skip(1)
        .map(|dd| {
            let (key, rest) = dd.split_once("\">").unwrap();
            let value = rest.split('<').next().unwrap().replace(',', "");
            (key.to_string(), value)
        })
        .collect();
    Panel {
        at,
        grid,
        counters,
        text: html.to_string(),
    }
}

fn between<'a>(text: &'a str, open: &str, close: &str) -> &'a str {
    let from = text.find(open).map(|i| i + open.len()).unwrap_or(0);
    let to = text[from..].find(close).map_or(text.len(), |i| from + i);
    &text[from..to]
}

/// Whether the panel shows the end of the replay: the solver's solution and counters.
fn check(panel: &Panel, solver: &str, plain: &Outcome) -> Result<(), String> {
    let want = plain
        .solution
        .map(|g| g.to_line())
        .ok_or("no solution to show")?;
    let counter = |k: &str| panel.counters.get(k).cloned().unwrap_or_default();
    let events = counter("events");
    let (shown, total) = events.split_once(" / ").unwrap_or(("", "?"));
    let checks = [
        ("the end", panel.at.clone(), "end".to_string()),
        ("grid", panel.grid.clone(), want),
        ("nodes", counter("nodes"), plain.counters.nodes.to_string()),
        (
            "backtracks",
            counter("backtracks"),
            plain.counters.backtracks.to_string(),
        ),
        (
            "solutions",
            counter("solutions"),
            plain.solutions.to_string(),
        ),
        ("events", shown.to_string(), total.to_string()),
    ];
    for (what, got, want) in checks {
        if got != want {
            return Err(format!("{solver}: {what} shown {got:?}, want {want:?}"));
        }
    }
    Ok(())
}

fn check_all(dom: &str, plain: &[(&'static Strategy, Outcome)]) {
    assert!(
        dom.contains("data-done=\"yes\""),
        "the replays did not all end"
    );
    for (s, outcome) in plain {
        let p = panel(dom, s.name);
        if let Err(e) = check(&p, s.name, outcome) {
            panic!("{e}");
        }
    }
}

/// The Polish grid, side by side: naive's 301,535 nodes, reduce, norvig (no try at all),
/// dlx and anneal all replay to the solution, with the solver's counters.
#[test]
fn the_polish_grid_replays_to_the_solution_with_each_strategy() {
    let dir = tempfile::tempdir().unwrap();
    let names = ["naive", "reduce", "norvig", "dlx", "anneal"];
    let (path, plain) = page(dir.path(), POLISH, &names);
    let dom = dom(&path, "#play=max");
    check_all(&dom, &plain);
}

/// The three stochastic families on the Spanish grid: anneal's swaps, tabu search's
/// swaps and the genetic algorithm's generations (the fittest grid of each shown by its
/// assignments) all replay to the solution, with the solver's counters.
#[test]
fn the_stochastic_families_replay_to_the_solution() {
    let dir = tempfile::tempdir().unwrap();
    let names = ["anneal", "tabu", "genetic"];
    let (path, plain) = page(dir.path(), SPANISH_1, &names);
    let dom = dom(&path, "#play=max");
    check_all(&dom, &plain);
    assert!(panel(&dom, "genetic").counters.contains_key("cost"));
}

/// Norvig's hard1 (658,726 norvig nodes, some 12.6 million events): the page stays
/// within 20 MB, says what it summarised, and still plays to the solution with exact
/// counters; dlx beside it on the same page.
#[test]
fn a_long_search_is_summarised_within_the_bound_and_still_reaches_its_solution() {
    let dir = tempfile::tempdir().unwrap();
    let (path, plain) = page(dir.path(), HARD1, &["norvig", "dlx"]);
    let size = std::fs::metadata(&path).unwrap().len();
    assert!(size <= 20_000_000, "{size} bytes");
    assert!(size > 10_000_000, "{size} bytes: the budget is used");
    let dom = dom(&path, "#play=max");
    check_all(&dom, &plain);
    let norvig = panel(&dom, "norvig");
    assert!(norvig.text.contains("its middle is summarised"));
    assert!(!panel(&dom, "dlx").text.contains("summarised:"));
}

/// The check fails on a replay that has not reached its end: opened without `#play`,
/// the page shows the start.
#[test]
fn a_replay_that_does_not_reach_the_solution_fails_the_check() {
    let dir = tempfile::tempdir().unwrap();
    let (path, plain) = page(dir.path(), POLISH, &["dlx"]);
    let dom = dom(&path, "");
    let p = panel(&dom, "dlx");
    let err = check(&p, "dlx", &plain[0].1).unwrap_err();
    assert!(err.starts_with("dlx: the end shown \"0\""), "{err}");
    let halfway = self::dom(&path, "#at=0.5");
    assert!(check(&panel(&halfway, "dlx"), "dlx", &plain[0].1).is_err());
}

/// The README's screenshots: the Polish grid half-way with naive, norvig and dlx, and
/// hard1 with norvig (summarised) beside dlx.
#[test]
#[ignore = "makes the README's screenshots: run with --ignored screenshots"]
fn screenshots() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs");
    std::fs::create_dir_all(&docs).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let shots = [
        (
            POLISH,
            &["naive", "norvig", "dlx"][..],
            "#at=0.3,end,0.5",
            "replay-polish.png",
            "1240,900",
        ),
        (
            HARD1,
            &["norvig", "dlx"][..],
            "#at=0.62",
            "replay-hard1.png",
            "850,1120",
        ),
    ];
    for (puzzle, names, fragment, file, window) in shots {
        let (path, _) = page(dir.path(), puzzle, names);
        let out = docs.join(file);
        let url = format!("file://{}{fragment}", path.display());
        run_chromium(
            &url,
            &[
                &format!("--screenshot={}", out.display()),
                &format!("--window-size={window}"),
                "--virtual-time-budget=20000",
            ],
        );
        assert!(out.is_file());
    }
}
