//! The replay page in a real browser: headless Chromium opens it with `#play=max`, plays
//! every strategy to its end, and the page must then show each solver's solution and
//! counters; its keys, its link to a moment, its chart of the strategies, why each try
//! was chosen, and two panels side by side on a screen 1024 px wide. Needs Debian's
//! `chromium` (or the `CHROMIUM` variable naming a binary): `apt-get install -y chromium`.
//!
//! What a person does (a key pressed, a button clicked) is done by a script added to a
//! copy of the page, run once the page has loaded, which writes what it saw into the DOM
//! for the test to read.
//!
//! `cargo test --release -p sudoku-trace --test browser -- --ignored screenshots` makes
//! the book's screenshots (`docs/replay-*.png`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use sudoku_catalogue::Strategy;
use sudoku_core::{Event, Grid, Limits, Outcome};
use sudoku_testkit::seeds::{HARD1, POLISH, SPANISH_1, SPANISH_2};
use sudoku_trace::people::thousands;
use sudoku_trace::words::words;
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

/// The DOM of a copy of `page` with `script` run once it has loaded, opened at
/// `fragment` in a window of `window` (`width,height`) pixels.
fn dom_after(page: &Path, fragment: &str, script: &str, window: &str) -> String {
    let html = std::fs::read_to_string(page).unwrap();
    let added =
        format!("<script>window.addEventListener(\"load\", () => {{ {script} }});</script>");
    let copy = page.with_extension("acted.html");
    std::fs::write(&copy, html.replace("</body>", &format!("{added}\n</body>"))).unwrap();
    let url = format!("file://{}{fragment}", copy.display());
    let size = format!("--window-size={window}");
    run_chromium(&url, &["--virtual-time-budget=600000", &size, "--dump-dom"])
}

/// A key pressed on the page (with the focus nowhere in particular): script for
/// [`dom_after`].
fn key(name: &str) -> String {
    format!("document.body.dispatchEvent(new KeyboardEvent(\"keydown\", {{ key: \"{name}\", bubbles: true }}));")
}

/// Writes the page of `names` on `puzzle` (each with its default budget) to a file.
fn page(dir: &Path, puzzle: &str, names: &[&str]) -> (PathBuf, Vec<(&'static Strategy, Outcome)>) {
    page_with(dir, puzzle, names, false)
}

/// [`page`], with a plain solve of each strategy timed when `time_plain`.
fn page_with(
    dir: &Path,
    puzzle: &str,
    names: &[&str],
    time_plain: bool,
) -> (PathBuf, Vec<(&'static Strategy, Outcome)>) {
    let puzzle = Grid::parse(puzzle).unwrap();
    let runs: Vec<(&'static Strategy, Limits)> = names
        .iter()
        .map(|n| {
            let s = sudoku_catalogue::find(n).unwrap();
            (
                s,
                Limits::FIRST.with_max_nodes(s.default_max_nodes(puzzle.size())),
            )
        })
        .collect();
    let path = dir.join(format!("{}.html", names.join("-")));
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    let options = PageOptions {
        time_plain,
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
    sudoku_testkit::require(sudoku_testkit::Tool::Chromium);
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
    sudoku_testkit::require(sudoku_testkit::Tool::Chromium);
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
    sudoku_testkit::require(sudoku_testkit::Tool::Chromium);
    let dir = tempfile::tempdir().unwrap();
    let (path, plain) = page(dir.path(), POLISH, &["dlx"]);
    let dom = dom(&path, "");
    let p = panel(&dom, "dlx");
    let err = check(&p, "dlx", &plain[0].1).unwrap_err();
    assert!(err.starts_with("dlx: the end shown \"0\""), "{err}");
    let halfway = self::dom(&path, "#at=0.5");
    assert!(check(&panel(&halfway, "dlx"), "dlx", &plain[0].1).is_err());
}

/// The keys: End and Home take every replay to its end and its start, the arrows a step
/// forward and back, space plays (to the end, as the clock runs) and pauses again.
#[test]
fn the_keys_step_play_and_jump() {
    let dir = tempfile::tempdir().unwrap();
    let (path, plain) = page(dir.path(), SPANISH_2, &["reduce", "dlx"]);
    let at = |dom: &str| ["reduce", "dlx"].map(|s| panel(dom, s).at);
    let end = dom_after(&path, "", &key("End"), "1024,900");
    assert_eq!(at(&end), ["end", "end"]);
    check_all(&end, &plain);
    let keys = [
        key("End"),
        key("Home"),
        key("ArrowRight"),
        key("ArrowRight"),
        key("ArrowRight"),
        key("ArrowLeft"),
    ];
    assert_eq!(
        at(&dom_after(&path, "", &keys.concat(), "1024,900")),
        ["2", "2"]
    );
    // Space plays every replay to its end (the virtual clock runs for minutes)...
    check_all(&dom_after(&path, "", &key(" "), "1024,900"), &plain);
    // ... and a second space pauses them at once, where they were.
    let paused = dom_after(&path, "", &[key(" "), key(" ")].concat(), "1024,900");
    assert_eq!(at(&paused), ["0", "0"]);
}

/// The link to a moment puts each replay's position in the address, and the page opened
/// at that address shows that moment.
#[test]
fn a_moment_is_shared_by_its_address() {
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = page(dir.path(), SPANISH_2, &["reduce", "dlx"]);
    let click = "document.getElementById(\"link\").click(); \
                 const out = document.createElement(\"pre\"); out.id = \"hash\"; \
                 out.textContent = location.hash; document.body.appendChild(out);";
    let dom = dom_after(&path, "#at=5,end", click, "1024,900");
    assert_eq!(between(&dom, "<pre id=\"hash\">", "</pre>"), "#at=5,end");
    assert_eq!(panel(&dom, "reduce").at, "5");
    let keys = [
        key("End"),
        key("ArrowLeft"),
        key("ArrowLeft"),
        click.to_string(),
    ]
    .concat();
    let dom = dom_after(&path, "", &keys, "1024,900");
    let hash = between(&dom, "<pre id=\"hash\">", "</pre>").to_string();
    let (reduce, dlx) = hash
        .strip_prefix("#at=")
        .and_then(|a| a.split_once(','))
        .unwrap();
    let shown = dom_after(&path, &hash, "", "1024,900");
    assert_eq!(panel(&shown, "reduce").at, reduce);
    assert_eq!(panel(&shown, "dlx").at, dlx);
    // The footer tells a teacher how.
    assert!(dom.contains("To share a moment"));
}

/// Each strategy that branches by a heuristic says why the tries of the standing depth
/// are where they are: at the end of the Spanish grid (16 tries, each one deeper),
/// reduce's choice at depth 15 and dlx's last column chosen, in the words of the trace.
#[test]
fn each_try_shows_the_choice_that_made_it() {
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = page(dir.path(), SPANISH_2, &["reduce", "dlx", "naive"]);
    let dom = self::dom(&path, "#at=end");
    let puzzle = Grid::parse(SPANISH_2).unwrap();
    for name in ["reduce", "dlx"] {
        let s = sudoku_catalogue::find(name).unwrap();
        let limits = Limits::FIRST.with_max_nodes(s.default_max_nodes(puzzle.size()));
        let mut events = Vec::new();
        s.solver()
            .solve_observed(&puzzle, &limits, &mut |e: Event| events.push(e));
        let Some(&Event::Solution { depth }) = events.last() else {
            panic!("{name} ends with its solution");
        };
        let choice = events
            .iter()
            .rev()
            .find(|e| matches!(e, Event::Choose { depth: d, .. } if *d == depth - 1))
            .unwrap();
        let words = words(choice, puzzle.size()).to_string();
        let why = format!("the tries at depth {depth}: <span class=\"k-choose\">{words}</span>");
        assert!(panel(&dom, name).text.contains(&why), "{name}: {why}");
    }
    // Naive chooses by no heuristic (the first empty cell): no such line.
    assert!(!panel(&dom, "naive").text.contains("class=\"why\""));
}

/// The chart across the strategies: a bar per strategy with its nodes; the time of a plain
/// solve beside it when the page was made with `--time-plain`, else a line saying so.
#[test]
fn a_chart_sets_the_strategies_side_by_side() {
    let dir = tempfile::tempdir().unwrap();
    let (path, plain) = page(dir.path(), SPANISH_2, &["reduce", "dlx", "naive"]);
    let dom = self::dom(&path, "");
    let chart = between(&dom, "<section id=\"compare\"", "</section>");
    assert!(chart.contains("nodes searched (log scale)"));
    for (s, out) in &plain {
        let nodes = format!("class=\"value\">{}</text>", thousands(out.counters.nodes));
        assert!(chart.contains(&format!(">{}</text>", s.name)), "{}", s.name);
        assert!(chart.contains(&nodes), "{}: {nodes}", s.name);
    }
    assert!(chart.contains("--time-plain"));
    assert!(!chart.contains("time of a plain solve"));
    let (timed, _) = page_with(dir.path(), SPANISH_2, &["reduce", "dlx"], true);
    let chart = self::dom(&timed, "");
    let chart = between(&chart, "<section id=\"compare\"", "</section>");
    assert!(chart.contains("time of a plain solve (log scale)"));
    assert_eq!(chart.matches("<rect").count(), 4, "two bars in each chart");
}

/// Two panels side by side within a screen 1024 px wide, at 9x9 and at 16x16: the first
/// two panels start at one height, and the second ends within the window.
#[test]
fn two_panels_fit_a_screen_1024_px_wide() {
    let dir = tempfile::tempdir().unwrap();
    let measure = "const out = document.createElement(\"pre\"); out.id = \"rects\"; \
                   out.textContent = [...document.querySelectorAll(\".panel\")].slice(0, 2) \
                   .map((p) => { const r = p.getBoundingClientRect(); \
                   return `${Math.round(r.top)} ${Math.round(r.right)}`; }).join(\" \") \
                   + \" \" + document.documentElement.scrollWidth; \
                   document.body.appendChild(out);";
    let sixteen = "B07805E0300AD0CG004007000C0FA002A0000000000437000050009F000000080400B8000E07930000E37C0000FDB0049F07005D03000080500D0F3024A8C0G008000000B0000GD500D000000800F0E000A090F0067000BC000C0AB0000E72407A090B1000500630D0CEF070A00008000000E0A00D0050000635G9C00B00E000";
    for (puzzle, names) in [(POLISH, ["naive", "dlx"]), (sixteen, ["norvig", "dlx"])] {
        let (path, _) = page(dir.path(), puzzle, &names);
        let dom = dom_after(&path, "", measure, "1024,900");
        let rects: Vec<i64> = between(&dom, "<pre id=\"rects\">", "</pre>")
            .split(' ')
            .map(|n| n.parse().unwrap())
            .collect();
        let [top1, _, top2, right2, page_width] = rects[..] else {
            panic!("{rects:?}");
        };
        assert_eq!(top1, top2, "{names:?}: side by side");
        assert!(right2 <= 1024 && page_width <= 1024, "{names:?}: {rects:?}");
    }
}

/// The book's screenshots: the Polish grid half-way with naive, norvig and dlx, and
/// hard1 with norvig (summarised) beside dlx.
#[test]
#[ignore = "makes the book's screenshots: run with --ignored screenshots"]
fn screenshots() {
    sudoku_testkit::require(sudoku_testkit::Tool::Chromium);
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs");
    std::fs::create_dir_all(&docs).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let shots = [
        (
            POLISH,
            &["naive", "norvig", "dlx"][..],
            "#at=0.3,end,0.5",
            "replay-polish.png",
            "1240,1230",
        ),
        (
            HARD1,
            &["norvig", "dlx"][..],
            "#at=0.62",
            "replay-hard1.png",
            "1024,1320",
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
