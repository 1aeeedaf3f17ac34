//! `sudoku-lab merge`: the shards of one run (`bench --shard K/N`) joined into one CSV, its
//! summary and its sidecar, as if the run had been made on one machine. What it refuses,
//! and what it trusts, is in the book ("Shards, merge and resume"). Each shard's rows come
//! in corpus order, so the merge streams them ([`merge_rows`]).

use std::iter::Peekable;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{anyhow, bail, ensure, Result};
use sudoku_engine::Shard;
use sudoku_reports::identity::check_puzzle;
use sudoku_reports::read::Rows;
use sudoku_reports::settings::{differences, Shards};
use sudoku_reports::sidecar::{CorpusEntry, MergedShard, Resumption, ShardEntry};
use sudoku_reports::staged::through_links;
use sudoku_reports::{read_rows, CsvWriter, Output, RunFiles, Sidecar, State, Summary, View};
use sudoku_results::Row;

use crate::bench::skips;
use crate::cli::MergeArgs;
use crate::usage_error::Usage;
use crate::{bench, RunEnd};

/// One shard: its CSV, its sidecar, its share.
struct Part {
    csv: PathBuf,
    sidecar: Sidecar,
    shard: Shard,
}

/// Runs `merge` (see `sudoku-lab merge --help`).
pub fn merge(args: &MergeArgs) -> Result<RunEnd> {
    // The output as given, and the file a link leads to: the refusals name both, and the
    // link is noted once the merge is not refused for it.
    let out = &through_links(&args.out)?;
    check_out(&args.out, out, &args.shards)?;
    let mut parts: Vec<Part> = args.shards.iter().map(|s| part(s)).collect::<Result<_>>()?;
    // In the run's order of shares: 1/N's names and settings are the merge's.
    parts.sort_by_key(|p| p.shard.k);
    check_same_run(&parts)?;
    check_shares(&parts)?;
    crate::bench::config::note_link(&args.out, out);
    let (output, mut csv) = bench::open(out)?;
    let mut running = merged_sidecar(&parts, 0, &Summary::new());
    running.state = State::Running;
    output.write_sidecar(&running)?;
    let mut summary = Summary::new();
    // A merge that fails drops its output: its running files are removed.
    merge_rows(&parts, &mut csv, &mut summary)?;
    csv.close()?;
    let sidecar = merged_sidecar(&parts, csv.rows(), &summary);
    // Shards whose rows total none fail as a run that wrote no row: each shard finished,
    // not knowing that the others had none either.
    let no_row =
        (sidecar.rows == 0 && sidecar.puzzles > 0).then(|| skips::no_row(&sidecar.skipped));
    let how = bench::Close {
        quiet: args.quiet.quiet,
        view: View::Narrow,
        continued: None,
    };
    bench::close(
        output,
        sidecar,
        summary,
        bench::Ended::failed_if(no_row),
        &how,
    )
}

/// Where a puzzle stands in the run: its corpus's place in the shard's corpora, its index.
type Place = (usize, u64);

/// One shard's rows, read puzzle by puzzle.
struct Stream<'p> {
    part: &'p Part,
    rows: Peekable<Rows>,
    /// The rows read.
    taken: u64,
}

/// Where `row` of the shard `part` stands.
fn place(part: &Part, row: &Row) -> Result<Place> {
    let corpus = (part.sidecar.corpus.iter()).position(|c| *c.path == *row.corpus);
    let corpus = corpus.ok_or_else(|| not_as_written(part, row, "not a corpus of its sidecar"))?;
    Ok((corpus, row.index))
}

/// The one refusal of a shard's rows that are not as it wrote them: `row`, and `why`.
fn not_as_written(part: &Part, row: &Row, why: impl std::fmt::Display) -> anyhow::Error {
    let (csv, index, corpus, line) = (part.csv.display(), row.index, &row.corpus, row.line);
    anyhow!(
        "{csv}: puzzle {index} of {corpus} (line {line}): {why}: not the shard's rows as they \
         were written"
    )
}

impl Stream<'_> {
    /// The rows of the next puzzle and where it stands (`None`: all read).
    fn next_puzzle(&mut self) -> Result<Option<(Place, Vec<Row>)>> {
        let Some(first) = self.rows.next().transpose()? else {
            return Ok(None);
        };
        let (part, at) = (self.part, place(self.part, &first)?);
        let mut rows = vec![first];
        // A row that cannot be read is taken, to give its error.
        let same =
            |r: &Result<Row, _>| r.as_ref().map_or(true, |r| place(part, r).ok() == Some(at));
        while let Some(row) = self.rows.next_if(same) {
            rows.push(row?);
        }
        self.taken += rows.len() as u64;
        Ok(Some((at, rows)))
    }
}

/// Writes the rows of the shards to `csv` in the run's order, counting them into
/// `summary`: a k-way merge holding one puzzle per shard. An error when a shard's rows
/// cannot be read, are not in order, or are not as many as its sidecar says it wrote.
fn merge_rows<'p>(parts: &'p [Part], csv: &mut CsvWriter, summary: &mut Summary) -> Result<()> {
    // Under shard 1's names: one corpus by its content, which another shard may have named
    // by another path.
    let names: Vec<Arc<str>> = (parts[0].sidecar.corpus.iter())
        .map(|c| c.path.as_str().into())
        .collect();
    let stream = |part: &'p Part| -> Result<Stream<'p>> {
        let (rows, taken) = (read_rows(&part.csv)?.peekable(), 0);
        Ok(Stream { part, rows, taken })
    };
    let mut streams = parts.iter().map(stream).collect::<Result<Vec<_>>>()?;
    let mut heads = (streams.iter_mut())
        .map(Stream::next_puzzle)
        .collect::<Result<Vec<_>>>()?;
    let mut last: Option<Place> = None;
    // The first of equal places is taken: the second is then refused.
    while let Some(next) = (0..heads.len())
        .filter_map(|i| Some((heads[i].as_ref()?.0, i)))
        .min()
        .map(|(_, i)| i)
    {
        let (place, mut rows) = heads[next].take().expect("a puzzle is there");
        let part = &parts[next];
        if last.is_some_and(|l| l >= place) {
            return Err(not_as_written(
                part,
                &rows[0],
                "out of order, or in two shards",
            ));
        }
        last = Some(place);
        check_rows(part, &rows)?;
        for row in &mut rows {
            row.corpus = names[place.0].clone();
            summary.add(row);
        }
        csv.push(&rows)?;
        heads[next] = streams[next].next_puzzle()?;
    }
    for Stream { part, taken, .. } in &streams {
        let at = part.csv.display();
        (part.sidecar.check_rows(*taken)).map_err(|e| anyhow!("{at}: {e}"))?;
    }
    Ok(())
}

/// The shard whose CSV is `csv`; refused when its sidecar does not say it finished.
fn part(csv: &Path) -> Result<Part> {
    let at = csv.display();
    let Some(sidecar) = Sidecar::read_beside(csv)? else {
        let sidecar = RunFiles::beside(csv).sidecar.display().to_string();
        bail!("{at}: no sidecar beside it ({sidecar}): not the CSV of a sudoku-lab run");
    };
    if sidecar.state != State::Finished {
        bail!("{at}: not a finished shard: {}", sidecar.state.told());
    }
    let Some(shard) = sidecar.shard.and_then(|e| Shard::new(e.k, e.n)) else {
        bail!("{at}: not a shard (its sidecar gives no shard K/N of a run)");
    };
    Ok(Part {
        csv: csv.to_path_buf(),
        sidecar,
        shard,
    })
}

/// Every shard made as the first one.
fn check_same_run(parts: &[Part]) -> Result<()> {
    let first = &parts[0];
    for p in &parts[1..] {
        let differ = differences(&first.sidecar, &p.sidecar, Shards::SameCount);
        let differ: Vec<String> = differ.iter().map(ToString::to_string).collect();
        ensure!(
            differ.is_empty(),
            "{} and {} are not shards of one run (first vs second): {}",
            first.csv.display(),
            p.csv.display(),
            differ.join("; ")
        );
    }
    Ok(())
}

/// Refuses, as a [`Usage`] error, a merge into `out` (`asked`: the `--out` given) that may
/// write one of the `shards`' files under any name of a run ([`Output::every_name`]).
fn check_out(asked: &Path, out: &Path, shards: &[PathBuf]) -> Result<(), Usage> {
    let ours = Output::every_name(out);
    for shard in shards {
        let theirs = Output::every_name(shard);
        if let Some(ours) = (ours.iter()).find(|o| theirs.iter().any(|t| same_place(t, o))) {
            let mut told = crate::bench::overlap::out_told(asked, out);
            if out != asked {
                told.push(',');
            }
            return Err(Usage(format!(
                "{told} may write {}, a file of the shard {}: choose another --out",
                ours.display(),
                shard.display()
            )));
        }
    }
    Ok(())
}

/// Each share once, none missing (one file given twice holds one share twice), `parts` in
/// share order: one refusal naming the shares given.
fn check_shares(parts: &[Part]) -> Result<()> {
    let n = parts[0].shard.n;
    if !parts.iter().map(|p| p.shard.k).eq(1..=n) {
        let given: Vec<String> = (parts.iter())
            .map(|p| format!("{} ({})", p.shard, p.csv.display()))
            .collect();
        let given = given.join(", ");
        bail!("a merge needs each of the {n} shares once, where the shards are {given}");
    }
    Ok(())
}

/// Refuses the `rows` of a puzzle of the shard `part` unless they are as the shard wrote
/// them: of its share, one per solver that takes the size ([`check_puzzle`]). Their puzzle
/// is trusted to be the corpus's that the shards' sidecars fingerprint.
fn check_rows(part: &Part, rows: &[Row]) -> Result<()> {
    let first = &rows[0];
    let solvers: Vec<&str> = (part.sidecar.solver.iter())
        .map(|s| s.name.as_str())
        .collect();
    let takes = |solver: &str, grid: &sudoku_core::Grid| {
        let size = grid.size().to_string();
        let skipped = &part.sidecar.skipped;
        !skipped.iter().any(|s| s.solver == solver && s.size == size)
    };
    if !part.shard.contains(&first.corpus, first.index) {
        let why = format!("not a puzzle of the shard's share {}", part.shard);
        return Err(not_as_written(part, first, why));
    }
    check_puzzle(rows, &solvers, &takes).map_err(|fault| not_as_written(part, first, fault))
}

/// The items, each once, in the order they first come.
fn distinct<T: PartialEq>(items: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut out = Vec::new();
    for item in items {
        if !out.contains(&item) {
            out.push(item);
        }
    }
    out
}

/// The merged run's sidecar, as the book's "Merge" gives it. CPU models are joined by `; `,
/// which no model name holds (`/proc/cpuinfo` gives them with commas).
fn merged_sidecar(parts: &[Part], rows: u64, summary: &Summary) -> Sidecar {
    let entry = |p: &Part| ShardEntry {
        k: p.shard.k,
        n: p.shard.n,
    };
    let sum = |field: fn(&Sidecar) -> u64| parts.iter().map(|p| field(&p.sidecar)).sum();
    let threads = distinct(parts.iter().map(|p| p.sidecar.threads));
    let cpus = distinct(parts.iter().map(|p| p.sidecar.cpu.as_str()));
    // Each shard's value (`1/2 on 1, 2/2 on 2`), as a note that they differ.
    let each = |what: &str, value: fn(&Sidecar) -> String, sep: &str| {
        let each: Vec<String> = (parts.iter())
            .map(|p| format!("{} on {}", p.shard, value(&p.sidecar)))
            .collect();
        format!("{what} ({}).", each.join(sep))
    };
    let mut notes = distinct(parts.iter().flat_map(|p| &p.sidecar.notes).cloned());
    if threads.len() > 1 {
        let what = "Threads: the shards ran on different counts";
        notes.push(each(what, |s| s.threads.to_string(), ", "));
    }
    if cpus.len() > 1 {
        notes.push(each(
            "CPU: the shards ran on different CPUs",
            |s| s.cpu.clone(),
            "; ",
        ));
    }
    let first = &parts[0].sidecar;
    let corpus = first.corpus.iter().enumerate().map(|(i, c)| {
        // One corpus by its place and content, whatever path each shard named it by.
        let sum = |field: fn(&CorpusEntry) -> u64| {
            let entries = parts.iter().filter_map(|p| p.sidecar.corpus.get(i));
            entries.map(field).sum()
        };
        CorpusEntry {
            path: c.path.clone(),
            puzzles: sum(|e| e.puzzles),
            malformed: sum(|e| e.malformed),
            skipped: 0,
            fingerprint: c.fingerprint.clone(),
        }
    });
    Sidecar {
        command: sudoku_reports::sidecar::command_line(),
        shard: None,
        rows,
        wrong: summary.wrong(),
        puzzles: sum(|s| s.puzzles),
        seconds: parts.iter().map(|p| p.sidecar.seconds).fold(0.0, f64::max),
        resumed_puzzles: sum(|s| s.resumed_puzzles),
        notes,
        skipped: skips::merged(parts.iter().flat_map(|p| &p.sidecar.skipped)),
        merged_from: (parts.iter())
            .map(|p| MergedShard {
                shard: entry(p),
                csv: p.csv.display().to_string(),
            })
            .collect(),
        resumed: (parts.iter())
            .flat_map(|p| {
                let each = p.sidecar.resumed.iter();
                each.map(move |r| Resumption {
                    shard: Some(entry(p)),
                    ..r.clone()
                })
            })
            .collect(),
        threads: if threads.len() == 1 { threads[0] } else { 0 },
        cpu: cpus.join("; "),
        // The earliest start: the dates a run writes (RFC 3339, UTC) sort as times.
        date: (parts.iter().map(|p| &p.sidecar.date))
            .min()
            .cloned()
            .unwrap_or_default(),
        corpus: corpus.collect(),
        ..first.clone()
    }
}

/// Whether two paths name one file, there or not yet (then by name in the same folder).
fn same_place(a: &Path, b: &Path) -> bool {
    if let (Ok(a), Ok(b)) = (a.canonicalize(), b.canonicalize()) {
        return a == b;
    }
    let place = |path: &Path| {
        let folder = match path.parent() {
            Some(folder) if !folder.as_os_str().is_empty() => folder,
            _ => Path::new("."),
        };
        Some((
            folder.canonicalize().ok()?,
            path.file_name()?.to_os_string(),
        ))
    };
    place(a).is_some_and(|a| place(b) == Some(a))
}
