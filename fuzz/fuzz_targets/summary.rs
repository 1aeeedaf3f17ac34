//! The summary of a run (`sudoku-lab summary X.csv`: `Summary::from_csv`), from any
//! bytes as its CSV and, after the input's first NUL, any text as its sidecar `X.run.toml`
//! (none without a NUL): no panic, in the text tables (narrow and wide) and the Markdown;
//! it reads when the rows and the sidecar do, and its counts add up to the rows' (every row
//! in one group, a group per corpus and solver, each group's outcomes, totals and most).
#![no_main]

use std::collections::HashSet;
use std::path::Path;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use sudoku_reports::{read_rows, Sidecar, Summary, View};
use sudoku_results::{Row, Status};

/// A folder for the files of every input, made once.
fn folder() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().unwrap()).path()
}

/// The rows of the CSV at `path`, if it and every row read.
fn rows_of(path: &Path) -> Option<Vec<Row>> {
    read_rows(path).ok()?.collect::<Result<_, _>>().ok()
}

/// The summary's counts are the rows'.
fn check_counts(summary: &Summary, rows: &[Row]) {
    assert_eq!(summary.rows(), rows.len() as u64);
    let groups: HashSet<(&str, &str)> = rows.iter().map(|r| (&*r.corpus, &*r.solver)).collect();
    assert_eq!(summary.groups().len(), groups.len());
    for group in summary.groups() {
        let mine: Vec<&Row> = rows
            .iter()
            .filter(|r| r.corpus == group.corpus && r.solver == group.solver)
            .collect();
        let s = &group.stats;
        let name = &group.solver;
        assert_eq!(s.puzzles, mine.len() as u64, "{name}");
        let outcomes =
            s.solved + s.no_solution + s.budget_exhausted + s.wrong + s.timeout + s.crashed;
        assert_eq!(outcomes + s.unknown, s.puzzles, "{name}");
        let wrong = mine.iter().filter(|r| r.status == Status::Wrong).count();
        assert_eq!(s.wrong, wrong as u64, "{name}");
        let total = |f: fn(&Row) -> u64| mine.iter().map(|r| u128::from(f(r))).sum::<u128>();
        assert_eq!(s.total_ns, total(|r| r.nanoseconds), "{name}");
        assert_eq!(s.total_nodes, total(|r| r.nodes), "{name}");
        assert_eq!(s.total_backtracks, total(|r| r.backtracks), "{name}");
        let most = |f: fn(&Row) -> u64| mine.iter().map(|r| f(r)).max().unwrap_or(0);
        assert_eq!(s.max_ns, most(|r| r.nanoseconds), "{name}");
        assert_eq!(s.max_nodes, most(|r| r.nodes), "{name}");
        assert_eq!(s.max_limit, most(|r| r.limit), "{name}");
        assert!(s.counted <= s.puzzles && s.no_guess <= s.counted, "{name}");
        assert!(s.several_solutions <= s.puzzles, "{name}");
        let times = s.times();
        let (median, slowest) = (times.median(), times.percentile(100.0));
        assert!(median <= slowest && slowest <= Some(s.max_ns), "{name}");
    }
    let wrong = rows.iter().filter(|r| r.status == Status::Wrong).count();
    assert_eq!(summary.wrong(), wrong as u64);
    // A puzzle is counted when its corpus or index is not the row before's.
    let changes = rows
        .windows(2)
        .filter(|w| (&w[0].corpus, w[0].index) != (&w[1].corpus, w[1].index))
        .count();
    let puzzles = if rows.is_empty() { 0 } else { changes + 1 };
    assert_eq!(summary.puzzles(), puzzles as u64);
}

fuzz_target!(|data: &[u8]| {
    let (csv, sidecar) = match data.iter().position(|&b| b == 0) {
        Some(at) => (&data[..at], Some(&data[at + 1..])),
        None => (data, None),
    };
    let path = folder().join("r.csv");
    let beside = folder().join("r.run.toml");
    std::fs::write(&path, csv).unwrap();
    match sidecar {
        Some(text) => std::fs::write(&beside, text).unwrap(),
        None => drop(std::fs::remove_file(&beside)),
    }
    let summary = match Summary::from_csv(&path) {
        Ok(summary) => summary,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            let sidecar_reads = sidecar.is_none_or(|text| {
                std::str::from_utf8(text).is_ok_and(|t| Sidecar::parse(t, &beside).is_ok())
            });
            assert!(
                rows_of(&path).is_none() || !sidecar_reads,
                "the rows and the sidecar read, the summary does not: {e}"
            );
            return;
        }
    };
    let rows = rows_of(&path).expect("the rows of a summary that reads read");
    check_counts(&summary, &rows);
    for view in [View::Narrow, View::Wide] {
        assert!(!summary.to_text(view).is_empty());
    }
    assert!(!summary.to_markdown().is_empty());
});
