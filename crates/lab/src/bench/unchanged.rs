//! A run's corpora known by their content, and its rows by theirs (see the book's "Runs:
//! what they are known by"): a corpus that changed while it was read fails the run, and
//! `--resume` keeps only rows of the puzzles the corpus gives at their index now.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use anyhow::{bail, Result};
use sudoku_core::Grid;
use sudoku_engine::{corpus_names, Contender, Source, SEEDS};
use sudoku_reports::done::Done;
use sudoku_reports::fingerprint::Fingerprint;
use sudoku_reports::identity::{check_puzzle, corpus_puzzle, CorpusCursor, RowFault};
use sudoku_reports::sidecar::CorpusEntry;
use sudoku_results::Row;

/// The fingerprint of a corpus that can be read twice; `None` for one read once as it
/// comes (stdin, a FIFO), or one that cannot be read (the run says why as it reads it).
pub fn fingerprint(source: &Source) -> Option<Fingerprint> {
    match source {
        Source::File(path) if source.rereadable() => Fingerprint::of_file(path).ok(),
        Source::BuiltIn => Some(Fingerprint::of_bytes(SEEDS.as_bytes())),
        Source::File(_) | Source::Stdin => None,
    }
}

/// The corpora of `now` whose fingerprint is not known to be the one `then` recorded
/// for the corpus of the same path, each as `c.txt (then …, now …)`; `not known` stands
/// for a corpus read once as it comes, or a sidecar that gives none.
pub fn changed(then: &[CorpusEntry], now: &[CorpusEntry]) -> Vec<String> {
    let known = |f: Option<&Fingerprint>| f.map_or("not known".into(), ToString::to_string);
    (now.iter())
        .filter_map(|now| {
            let then = then.iter().find(|e| e.path == now.path);
            let then = then.and_then(|e| e.fingerprint.as_ref());
            (then.is_none() || then != now.fingerprint.as_ref()).then(|| {
                let (a, b) = (known(then), known(now.fingerprint.as_ref()));
                format!("{} (then {a}, now {b})", now.path)
            })
        })
        .collect()
}

/// The error of a run whose corpora, among `sources`, are no longer those `entries`
/// fingerprinted at the start (a corpus read once is not looked at): `None` when none
/// changed. One that cannot be read now (removed, say) says why.
pub fn changed_while_read(sources: &[Source], entries: &[CorpusEntry]) -> Option<String> {
    let changed: Vec<String> = (entries.iter().zip(sources))
        .filter_map(|(entry, source)| {
            let (then, Source::File(path)) = (entry.fingerprint.as_ref()?, source) else {
                return None;
            };
            let now = match std::fs::metadata(path) {
                Ok(m) if m.is_file() => Fingerprint::of_file(path),
                Ok(_) => Err(std::io::Error::other("not a regular file")),
                Err(e) => Err(e),
            };
            let now = match now {
                Ok(now) if now == *then => return None,
                Ok(now) => now.to_string(),
                Err(e) => format!("it cannot be read: {e}"),
            };
            Some(format!("{} (then {then}, now {now})", entry.path))
        })
        .collect();
    (!changed.is_empty()).then(|| {
        format!(
            "the corpus changed while the run read it: {}",
            changed.join("; ")
        )
    })
}

/// The check of a puzzle's rows for a run of `contenders` ([`check_puzzle`]).
pub fn puzzle_check(contenders: &[Contender]) -> impl Fn(&[Row]) -> Result<(), RowFault> + '_ {
    let names: Vec<&str> = contenders.iter().map(|c| &**c.name()).collect();
    move |rows: &[Row]| {
        let takes = |solver: &str, grid: &Grid| {
            contenders
                .iter()
                .find(|c| **c.name() == *solver)
                .is_some_and(|c| c.solver().supports(grid.size()))
        };
        check_puzzle(rows, &names, &takes)
    }
}

/// Refuses to continue the run of `csv` unless each puzzle `done` keeps is the one its
/// corpus, among `sources`, gives at its index now: one of a corpus this run cannot read
/// again (read once, or not its corpus) is not known to be.
pub fn check_kept(csv: &Path, done: &Done, sources: &[Source]) -> Result<()> {
    // Each puzzle kept, by corpus and index: its line, and the puzzle its rows give.
    let mut kept: BTreeMap<Arc<str>, BTreeMap<u64, (u64, String)>> = BTreeMap::new();
    for row in done.rows(csv)? {
        let row = row?;
        let puzzle = || (row.line, corpus_puzzle(&row).to_string());
        let corpus = kept.entry(row.corpus.clone()).or_default();
        corpus.entry(row.index).or_insert_with(puzzle);
    }
    let names = corpus_names(sources);
    let mut differ = Vec::new();
    for (corpus, puzzles) in &kept {
        let source = names.iter().position(|n| **n == **corpus);
        let source = source.map(|i| &sources[i]).filter(|s| s.rereadable());
        let mut cursor = source.and_then(|s| s.open().ok()).map(CorpusCursor::new);
        for (index, (line, puzzle)) in puzzles {
            let now = match cursor.as_mut().map(|c| c.puzzle_at(*index)) {
                Some(Some(now)) if *now == **puzzle => continue,
                Some(Some(_)) => "another puzzle there now",
                Some(None) => "past the corpus's end now",
                None => "a corpus this run cannot read again",
            };
            differ.push(format!("{corpus} index {index} (line {line}): {now}"));
        }
    }
    let Some(first) = differ.first() else {
        return Ok(());
    };
    let checked: usize = kept.values().map(BTreeMap::len).sum();
    bail!(
        "--resume: {}: {} of the {checked} puzzles it holds are not the corpus's at their \
         index now ({first}{}): give the corpus as it was, or run without --resume to start \
         afresh",
        csv.display(),
        differ.len(),
        if differ.len() > 1 { "; …" } else { "" }
    )
}
