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

/// What is said of the corpora among `sources` whose fingerprint is no longer the one
/// `entries` gave at the start: `None` when none changed.
pub fn changed_while_read(sources: &[Source], entries: &[CorpusEntry]) -> Option<String> {
    let changed: Vec<String> = sources
        .iter()
        .zip(entries)
        .filter_map(|(source, entry)| {
            let before = entry.fingerprint.as_ref()?;
            let now = fingerprint(source);
            (now.as_ref() != Some(before)).then(|| {
                let now = now.map_or("cannot be read".into(), |n| n.to_string());
                format!("{} (at the start {before}, now {now})", entry.path)
            })
        })
        .collect();
    (!changed.is_empty()).then(|| {
        format!(
            "the corpus changed while the run read it: {}; its rows may hold puzzles of \
             either content: run again on a corpus that stays as it is",
            changed.join("; ")
        )
    })
}

/// What is said of the corpora of `fresh` (this run's sidecar) not known to be as `earlier`
/// (a run on the same output) recorded them: `None` when each is.
pub fn changed_since(earlier: &[CorpusEntry], fresh: &[CorpusEntry]) -> Option<String> {
    let changed: Vec<String> = fresh
        .iter()
        .filter_map(|now| {
            let then = earlier.iter().find(|e| e.path == now.path);
            let then = then.and_then(|e| e.fingerprint.as_ref());
            match (then, &now.fingerprint) {
                (Some(a), Some(b)) if a == b => None,
                (Some(a), Some(b)) => Some(format!("{} changed (then {a}, now {b})", now.path)),
                (_, None) => Some(format!(
                    "{} is read once, as it comes, so it is not known by its content",
                    now.path
                )),
                (None, Some(_)) => Some(format!(
                    "the sidecar gives no fingerprint of {} (an earlier version's)",
                    now.path
                )),
            }
        })
        .collect();
    (!changed.is_empty()).then(|| changed.join("; "))
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
/// corpus, among `sources`, gives at its index now (which a corpus read once cannot
/// tell), naming what differs.
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
    let mut corpora = Vec::new();
    let mut mismatches = Vec::new();
    for (corpus, puzzles) in &kept {
        let Some(source) = names
            .iter()
            .position(|n| **n == **corpus)
            .map(|i| &sources[i])
        else {
            bail!(
                "--resume: {} holds rows of {corpus}, which is not a corpus of this run: run \
                 without --resume to start afresh",
                csv.display()
            );
        };
        if !source.rereadable() {
            bail!(
                "--resume: {corpus} can be read only once, so the puzzles kept cannot be \
                 checked against what it gives now: run without --resume to start afresh"
            );
        }
        let mut cursor = source.open().ok().map(CorpusCursor::new);
        for (index, (line, puzzle)) in puzzles {
            let now = cursor.as_mut().and_then(|c| c.puzzle_at(*index));
            let now = match now {
                Some(now) if *now == **puzzle => continue,
                Some(_) => "another puzzle there now",
                None => "past the corpus's end now",
            };
            if corpora.last() != Some(corpus) {
                corpora.push(corpus.clone());
            }
            mismatches.push(format!("{corpus} index {index} (line {line}): {now}"));
        }
    }
    if mismatches.is_empty() {
        return Ok(());
    }
    let checked: usize = kept.values().map(BTreeMap::len).sum();
    bail!(
        "--resume: {} changed since the run of {}: {} of the {checked} puzzles it holds are \
         not the puzzles the corpus gives at their index now ({}{}): its rows are of \
         another content; give the corpus as it was, or run without --resume to start \
         afresh",
        corpora.join(", "),
        csv.display(),
        mismatches.len(),
        mismatches[..mismatches.len().min(3)].join("; "),
        if mismatches.len() > 3 { "; …" } else { "" }
    )
}
