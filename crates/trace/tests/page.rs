//! The replay page without a browser: self-contained, within its bound however long the
//! search, the middle summarised with exact counts, the data the script reads.

use serde_json::Value;
use sudoku_core::{Grid, Limits};
use sudoku_testkit::seeds::{HARD1, POLISH, SPANISH_2};
use sudoku_trace::{write_page, PageOptions, TraceError};

fn page(puzzle: &str, names: &[&str], max_nodes: u64, max_bytes: usize) -> (String, Value) {
    let puzzle = Grid::parse(puzzle).unwrap();
    let runs: Vec<_> = names
        .iter()
        .map(|n| {
            (
                sudoku_catalogue::find(n).unwrap(),
                Limits::FIRST.with_max_nodes(max_nodes),
            )
        })
        .collect();
    let options = PageOptions {
        max_bytes,
        time_plain: false,
        ..PageOptions::default()
    };
    let mut out = Vec::new();
    let summaries = write_page(&mut out, &puzzle, &runs, &options).unwrap();
    for s in &summaries {
        assert!(s.events_agree(), "{s:?}");
    }
    let html = String::from_utf8(out).unwrap();
    let open = "<script id=\"trace-data\" type=\"application/json\">";
    let from = html.find(open).unwrap() + open.len();
    let to = from + html[from..].find("</script>").unwrap();
    let data = serde_json::from_str(&html[from..to]).unwrap();
    (html, data)
}

fn events(counts: &Value) -> u64 {
    counts["counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .sum()
}

#[test]
fn a_page_needs_no_network() {
    let (html, _) = page(SPANISH_2, &["reduce", "dlx"], 1_000, 20_000_000);
    for outside in ["http://", "https://", "src=", "href=", "@import", "url("] {
        assert!(!html.contains(outside), "{outside}");
    }
    assert!(html.starts_with("<!DOCTYPE html>"));
}

/// Whatever the bound, the page keeps within it: the head and the tail in full, the
/// middle in summary, with counts that add up to the whole search.
#[test]
fn a_long_search_keeps_within_the_bound_with_its_middle_summarised() {
    for max_bytes in [300_000, 1_000_000] {
        let (html, data) = page(HARD1, &["norvig", "dlx"], 40_000, max_bytes);
        assert!(html.len() <= max_bytes, "{} > {max_bytes}", html.len());
        let norvig = &data["runs"][0];
        assert_eq!(norvig["name"], "norvig");
        let segments = norvig["segments"].as_array().unwrap();
        assert_eq!(segments.len(), 2, "a head and a tail");
        let (head, tail) = (&segments[0], &segments[1]);
        let gap = &norvig["gap"];
        let head_events = head["events"].as_u64().unwrap();
        assert_eq!(gap["from"].as_u64().unwrap(), head_events);
        assert_eq!(gap["to"], tail["start"]);
        assert_eq!(
            events(&tail["snapshot"]["kinds"]),
            tail["start"].as_u64().unwrap()
        );
        let total = events(&norvig["kinds"]);
        let kept = head_events + tail["events"].as_u64().unwrap();
        assert_eq!(kept + events(&gap["kinds"]), total);
        assert_eq!(
            tail["start"].as_u64().unwrap() + tail["events"].as_u64().unwrap(),
            total
        );
        assert!(gap["words"].as_str().unwrap().contains(" tries, "));
        // dlx's short search is whole, in one stretch, and the rest of the budget went
        // to norvig's.
        assert_eq!(data["runs"][1]["segments"].as_array().unwrap().len(), 1);
        assert!(data["runs"][1]["gap"].is_null());
    }
}

#[test]
fn a_short_search_is_kept_whole_and_its_masks_are_the_grid() {
    let (_, data) = page(POLISH, &["norvig"], 10, 20_000_000);
    let run = &data["runs"][0];
    let segments = run["segments"].as_array().unwrap();
    assert_eq!(segments.len(), 1);
    assert_eq!(segments[0]["events"].as_u64(), Some(events(&run["kinds"])));
    // The masks before the first event: the givens fixed, every other cell open.
    let masks = segments[0]["snapshot"]["masks"].as_array().unwrap();
    assert_eq!(masks[1].as_u64(), Some(1 << 4), "r1c2 holds 5");
    assert_eq!(masks[0].as_u64(), Some(0x1ff));
    assert_eq!(run["solution"].as_str().unwrap().len(), 81);
    assert_eq!(run["propagates"], true);
    assert_eq!(data["givens"].as_array().unwrap().len(), 81);
}

#[test]
fn a_page_without_strategy_is_an_error() {
    let mut out = Vec::new();
    let empty = Grid::parse(POLISH).unwrap();
    let err = write_page(&mut out, &empty, &[], &PageOptions::default()).unwrap_err();
    assert!(matches!(err, TraceError::NoStrategy));
    assert!(out.is_empty());
}

/// By default the page holds no timing: the same puzzle, strategies and options give the
/// same bytes (a page committed or diffed does not churn).
#[test]
fn the_default_page_is_the_same_bytes_every_time() {
    let puzzle = Grid::parse(SPANISH_2).unwrap();
    let runs: Vec<_> = ["naive", "norvig", "dlx", "anneal"]
        .iter()
        .map(|n| {
            let limits = Limits::FIRST.with_max_nodes(2000);
            (sudoku_catalogue::find(n).unwrap(), limits)
        })
        .collect();
    let page = || {
        let mut out = Vec::new();
        write_page(&mut out, &puzzle, &runs, &PageOptions::default()).unwrap();
        out
    };
    let first = page();
    assert!(first == page(), "two pages differ");
    let html = String::from_utf8(first).unwrap();
    assert_eq!(html.matches("\"plain_ns\":").count(), runs.len());
    assert_eq!(html.matches("\"plain_ns\":null").count(), runs.len());
}

/// The texts of a summarised search are within the bound too: the page's table holds the
/// words of the events it keeps, not of every event of the search. Annealing's moves
/// each have their own words (the cells and the cost after the move): 400,000 of them
/// on the Polish grid have tens of thousands of different texts, which the table kept
/// whole, past the bound, before it held only those of the events on the page.
#[test]
fn the_texts_of_a_summarised_search_keep_within_the_bound() {
    let max_bytes = 300_000;
    let (html, data) = page(POLISH, &["anneal"], 400_000, max_bytes);
    assert!(html.len() <= max_bytes, "{} > {max_bytes}", html.len());
    let run = &data["runs"][0];
    assert_eq!(run["segments"].as_array().unwrap().len(), 2, "summarised");
    // Every text on the page is the text of an event kept.
    let table = run["table"].as_array().unwrap();
    let kept: u64 = run["segments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["events"].as_u64().unwrap())
        .sum();
    assert!(
        table.len() as u64 <= kept,
        "{} texts for {kept} events",
        table.len()
    );
}
