//! Every corpus of `../shared/corpora/` reads with the right count, and the indexes
//! the reader gives agree with the golden files of `../shared/reference/golden/`.

use std::collections::HashMap;

use sudoku_core::corpus::CorpusReader;
use sudoku_core::{CorpusError, Grid, Puzzle, Size};
use sudoku_testkit::{all_golden_files, corpus_of, corpus_path, golden_rows};

fn read_all(file: &str) -> (Vec<Puzzle>, Vec<CorpusError>) {
    let mut puzzles = Vec::new();
    let mut errors = Vec::new();
    for item in CorpusReader::open(corpus_path(file)).unwrap() {
        match item {
            Ok(p) => puzzles.push(p),
            Err(e) => errors.push(e),
        }
    }
    (puzzles, errors)
}

fn assert_count(file: &str, expected: usize) -> Vec<Puzzle> {
    let (puzzles, errors) = read_all(file);
    assert!(errors.is_empty(), "{file}: {errors:?}");
    assert_eq!(puzzles.len(), expected, "{file}");
    for (i, p) in puzzles.iter().enumerate() {
        assert_eq!(p.index, i as u64);
    }
    puzzles
}

#[test]
fn norvig_files() {
    assert_count("norvig_sudoku-easy50.txt", 50);
    assert_count("norvig_sudoku-top95.txt", 95);
    assert_count("norvig_sudoku-hardest.txt", 11);
}

#[test]
fn magictour_top1465_skips_its_comments_and_trailing_blank_line() {
    let puzzles = assert_count("puzzles3_magictour_top1465", 1465);
    assert_eq!(puzzles[0].line, 3);
    assert_eq!(puzzles[1464].line, 1467);
}

#[test]
fn seventeen_clue_with_crlf_and_one_lf_line() {
    let puzzles = assert_count("puzzles2_17_clue", 49158);
    assert!(puzzles.iter().all(|p| p.grid.givens() == 17));
    assert_eq!(puzzles[0].line, 5);
    let added: Grid =
        "........1.....2.3...4..5..6........3.1..7....87.............8.....81..7.52......."
            .parse()
            .unwrap();
    let p = puzzles.iter().find(|p| p.grid == added).unwrap();
    assert_eq!(p.line, 48866);
}

#[test]
fn kaggle_sample_keeps_its_known_solutions() {
    let puzzles = assert_count("kaggle_bryanpark_sudoku_first20000.csv", 20000);
    assert_eq!(puzzles[0].line, 2);
    assert!(puzzles.iter().all(|p| p
        .solution
        .as_ref()
        .is_some_and(|s| s.is_solution_of(&p.grid))));
    assert_eq!(
        puzzles[0].solution.as_ref().unwrap().to_line(),
        "864371259325849761971265843436192587198657432257483916689734125713528694542916378"
    );
}

#[test]
fn labelled_and_named_lists() {
    // 23 records, the edge cases included: the reader judges format, not solvability.
    let puzzles = assert_count("carlmjohnson_testfile.txt", 23);
    assert_eq!(puzzles[0].grid, Grid::EMPTY);
    assert!(
        !puzzles[22].grid.conflicts().is_empty(),
        "the 'Invalid' record"
    );
    let named = assert_count("famous_hardest_named.tsv", 16);
    assert!(named.iter().all(|p| p.solution.is_none()));
}

#[test]
fn sixteen_by_sixteen_puzzles_read_with_their_solutions() {
    let puzzles = assert_count("16x16Dataset.csv", 3000);
    assert!(puzzles.iter().all(|p| p.grid.size() == Size::SIXTEEN
        && p.solution
            .as_ref()
            .is_some_and(|s| s.is_solution_of(&p.grid))));
    assert_eq!(puzzles[0].line, 2);
    assert!(puzzles[0].grid.to_line().starts_with("B.78.5E.3..AD.CG"));
}

#[test]
fn named_puzzles_keep_their_names() {
    let named = assert_count("famous_hardest_named.tsv", 16);
    assert_eq!(named[0].label.as_deref(), Some("AI Escargot"));
    let labelled = assert_count("carlmjohnson_testfile.txt", 23);
    assert_eq!(labelled[0].label.as_deref(), Some("Empty case"));
    assert_eq!(
        labelled[1].label.as_deref(),
        Some("near worst case for brute-force solver (wiki)")
    );
}

/// The index of every golden row names the same puzzle in the corpus as the reader reads it.
#[test]
fn indexes_agree_with_every_golden_file() {
    let mut cache: HashMap<std::path::PathBuf, Vec<Puzzle>> = HashMap::new();
    let files = all_golden_files();
    assert!(files.len() >= 26, "found {} golden files", files.len());
    for file in files {
        let (path, first) = corpus_of(&file.corpus)
            .unwrap_or_else(|| panic!("no corpus for golden {}", file.corpus));
        let puzzles = cache.entry(path.clone()).or_insert_with(|| {
            CorpusReader::open(&path)
                .unwrap()
                .filter_map(Result::ok)
                .collect()
        });
        let rows = golden_rows(&file);
        if let Some(n) = first {
            assert_eq!(rows.len(), n, "{}", file.path.display());
        } else {
            assert_eq!(rows.len(), puzzles.len(), "{}", file.path.display());
        }
        for row in rows {
            let golden: Grid = row.puzzle.parse().unwrap();
            assert_eq!(
                puzzles[row.index as usize].grid,
                golden,
                "{} index {}",
                file.path.display(),
                row.index
            );
        }
    }
}
