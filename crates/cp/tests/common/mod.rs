//! What the tests of this crate share: reading puzzles, and the strategies side by side.
#![allow(dead_code)] // each test file uses its own part

use std::path::{Path, PathBuf};

use sudoku_core::{CorpusReader, Grid};

/// The first `count` puzzles of a corpus file.
pub fn corpus(path: impl AsRef<Path>, count: usize) -> Vec<Grid> {
    CorpusReader::open(path)
        .unwrap()
        .take(count)
        .map(|p| p.unwrap().grid)
        .collect()
}

/// A file of the project's `data/` folder.
pub fn data(file: &str) -> PathBuf {
    sudoku_testkit::workspace_dir().join("data").join(file)
}

/// A file of `../shared/corpora/`.
pub fn shared(file: &str) -> PathBuf {
    sudoku_testkit::corpus_path(file)
}
