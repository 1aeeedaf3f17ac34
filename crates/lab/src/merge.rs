//! `sudoku-lab merge`: the shards of one run (`bench --shard K/N`) joined into one CSV, its
//! summary and its sidecar, as if the run had been made on one machine.
//!
//! Refused, naming what is wrong, before anything is written: a CSV without its sidecar, a
//! shard not finished, a sidecar that does not give a setting shards must share or a count
//! the merge adds up (`sudoku_reports::sidecar::ACCOUNT`), shards made another way (see
//! `sudoku_reports::settings`), a share given twice or missing, a puzzle in two shards;
//! and, as usage errors, from the command line alone before any shard is read, an output
//! one of whose files is a shard's (see [`check_out`]) and one file given as two shards
//! (see [`check_given_once`]). Each shard's rows come in corpus order,
//! so the merge streams them: it takes the puzzle that comes first among the shards' next
//! ones, over and over, holding one row per shard. The output is written as a run's
//! (`sudoku_reports::Output`): under its running name, locked, its sidecar beside it
//! (`state = "running"`) from the start, and renamed once whole: failed, as a run that
//! wrote no row, when the shards' rows total none (see [`crate::bench::skips`]).

use std::cmp::Ordering;
use std::fs::File;
use std::io::BufReader;
use std::iter::Peekable;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use sudoku_engine::Shard;
use sudoku_reports::fingerprint::Fingerprint;
use sudoku_reports::identity::{check_puzzle, corpus_puzzle, CorpusCursor};
use sudoku_reports::read::Rows;
use sudoku_reports::settings::{differences, not_given_told, Shards};
use sudoku_reports::sidecar::{account_not_given, account_told, CorpusEntry, MergedShard};
use sudoku_reports::sidecar::{Resumption, ShardEntry};
use sudoku_reports::staged::through_links;
use sudoku_reports::words::plural;
use sudoku_reports::{read_rows, CsvWriter, Output, RunFiles, Said, Sidecar, State, Summary, View};
use sudoku_results::Row;

use crate::bench::skips;
use crate::cli::MergeArgs;
use crate::usage::Usage;
use crate::{bench, ui, RunEnd};

/// One shard: its CSV, its sidecar, its share.
struct Part {
    csv: PathBuf,
    sidecar: Sidecar,
    shard: Shard,
}

/// Runs `merge`: see `sudoku-lab merge --help`. Its `--quiet` silences what bench's does:
/// the summary, and the line that says what was written (a merge shows no progress).
pub fn merge(args: &MergeArgs) -> Result<RunEnd> {
    // The output as given, and the file a link leads to: the refusals name both, and the
    // link is noted once the merge is not refused for it.
    let out = &through_links(&args.out)?;
    check_out(&args.out, out, &args.shards)?;
    check_given_once(&args.shards)?;
    let parts = args
        .shards
        .iter()
        .map(|csv| part(csv))
        .collect::<Result<Vec<Part>>>()?;
    check_same_run(&parts)?;
    check_shares(&parts)?;
    crate::bench::config::note_link(&args.out, out);
    let order: Vec<String> = parts[0]
        .sidecar
        .corpus
        .iter()
        .map(|c| c.path.clone())
        .collect();
    let (output, mut csv) = open(out, &parts)?;
    let mut summary = Summary::new();
    // A merge that fails drops its output: its running files are removed.
    merge_rows(&parts, &order, &mut csv, &mut summary)?;
    csv.close()?;
    finish(&parts, output, csv.rows(), summary, args.quiet.quiet)
}

/// Ends the merge of `parts` into `output`, whose CSV holds `rows` rows counted into
/// `summary`: its sidecar and summary written, its files put under the names of how it
/// ended, and
/// said, as a run's end is (see [`bench::outcome`]): a merge whose summary file
/// alone cannot be written finished, its summary printed. Shards whose rows total none,
/// every puzzle they read skipped as no solver of the run solves its size, fail as a run
/// that wrote no row does (see [`no_row`]): each shard finished, not knowing that the
/// others had none either.
fn finish(
    parts: &[Part],
    output: Output,
    rows: u64,
    mut summary: Summary,
    quiet: bool,
) -> Result<RunEnd> {
    let mut sidecar = merged_sidecar(parts, rows, &summary);
    let failed = no_row(&sidecar);
    let state = match failed {
        Some(_) => State::Failed,
        None => State::Finished,
    };
    sidecar.state = state.into();
    sidecar.error.clone_from(&failed);
    summary.apply_sidecar(&sidecar);
    let markdown = summary.to_markdown();
    let out = output.target().csv.clone();
    let ending = output.finish(&sidecar, &markdown, None);
    bench::failed_at_the_end(&mut summary, state, &ending);
    if bench::reported(quiet, state, &ending) {
        ui::out(summary.to_text(View::Narrow));
        let rows = format!("{rows} row{} from {} shards", plural(rows), parts.len());
        ui::plain(bench::wrote(&out, &ending, &rows));
    }
    if let Some(earlier) = &ending.kept {
        ui::kept_earlier(&earlier.csv);
    }
    let ended = bench::Ended {
        state,
        error: failed,
    };
    bench::outcome(bench::Whose::Merge, ended, ending, &summary)
}

/// Why the merge of `parts`, whose sidecar is `sidecar`, failed as a run that read puzzles
/// and wrote no row does (see [`skips::no_row`]), naming the solvers and sizes skipped as
/// the shards' sidecars note them; `None` when it holds a row, or read no puzzle.
fn no_row(sidecar: &Sidecar) -> Option<String> {
    if sidecar.rows > 0 || sidecar.puzzles == 0 {
        return None;
    }
    Some(skips::no_row(&sidecar.skipped))
}

/// Opens the merge's output `out` as a run's (see `sudoku_reports::output`): a merge that
/// fails half-way, or is interrupted, leaves an earlier merged CSV as it was, and a second
/// merge on the same output is refused. Its sidecar is written first, as a run's.
fn open(out: &Path, parts: &[Part]) -> Result<(Output, CsvWriter)> {
    let (output, csv) = Output::open(out)?;
    if let Some(aside) = output.moved_aside() {
        let kept = aside.kept.as_ref().map(|k| k.csv.as_path());
        ui::moved_aside("run", out, "its rows are", &aside.files.csv, kept);
    }
    let mut running = merged_sidecar(parts, 0, &Summary::new());
    running.state = State::Running.into();
    output.write_sidecar(&running)?;
    Ok((output, csv))
}

/// Writes the rows of the shards to `csv` in the corpora's `order`, puzzle by puzzle,
/// counting them into `summary`; an error when a shard's rows cannot be read, are not in
/// order, or are not as many as its sidecar says it wrote (a row lost or added since).
fn merge_rows(
    parts: &[Part],
    order: &[String],
    csv: &mut CsvWriter,
    summary: &mut Summary,
) -> Result<()> {
    let mut streams = parts
        .iter()
        .map(|p| Ok(read_rows(&p.csv)?.peekable()))
        .collect::<Result<Vec<Peekable<Rows>>>>()?;
    let mut last: Option<(usize, u64)> = None;
    let mut taken = vec![0; parts.len()];
    let mut corpora = Corpora::here(&parts[0].sidecar.corpus);
    while let Some(next) = first_puzzle(&mut streams, parts)? {
        let part = &parts[next];
        let key = position(&mut streams[next], part)?.expect("a row is there");
        if last == Some(key) || last.is_some_and(|l| l > key) {
            let row = streams[next].peek().and_then(|r| r.as_ref().ok());
            bail!(
                "{}: puzzle {} (index {}) is out of order or in two shards: not the CSVs of \
                 one sharded run",
                parts[next].csv.display(),
                row.map_or("?".into(), |r| format!("{}:{}", r.corpus, r.line)),
                key.1
            );
        }
        last = Some(key);
        let mut rows = take_puzzle(&mut streams[next], key, part)?;
        taken[next] += rows.len() as u64;
        check_rows(part, &rows)?;
        corpora.check(key, part, &rows[0])?;
        // Under the first shard's name: one corpus by its content, which another shard
        // may have named by another path.
        let name = &order[key.0];
        if *rows[0].corpus != **name {
            let name: std::sync::Arc<str> = name.as_str().into();
            for row in &mut rows {
                row.corpus = name.clone();
            }
        }
        for row in &rows {
            summary.add(row);
        }
        csv.push(&rows)?;
    }
    for (part, taken) in parts.iter().zip(taken) {
        if taken != part.sidecar.rows {
            bail!(
                "{}: {taken} rows, where its sidecar says the shard wrote {}: not the shard's \
                 rows as they were written",
                part.csv.display(),
                part.sidecar.rows
            );
        }
    }
    Ok(())
}

/// The shard whose CSV is `csv`, its sidecar read and its share parsed; refused when its
/// sidecar does not say it finished, or does not give a setting shards must share or a
/// count the merge adds up (made by hand, or cut short: the setting would read as 0, and
/// the shard be told made another way, or taken as made the same way; the count would
/// read as 0, and the shard be said to have written no row, or read no puzzle).
fn part(csv: &Path) -> Result<Part> {
    let found = Sidecar::read_text_beside(csv)?.ok_or_else(|| {
        anyhow!(
            "{}: no sidecar beside it ({}): not the CSV of a sudoku-lab run",
            csv.display(),
            RunFiles::beside(csv).sidecar.display()
        )
    })?;
    if let Some(why) = unfinished(&found.sidecar) {
        bail!("{}: {why}", csv.display());
    }
    if let Some(told) = not_given_told(&found.path, &found.text) {
        bail!(
            "{}: {told}, so how the shard was made is not known (a sidecar made by hand, or \
             cut short?): run it again",
            csv.display()
        );
    }
    let untold: Vec<String> = account_not_given(&found.text)
        .into_iter()
        .map(|key| account_told(key, "the shard"))
        .collect();
    if !untold.is_empty() {
        bail!(
            "{}: its sidecar ({}) does not say {}, so what the shard did is not known (a \
             sidecar made by hand, or cut short?): run it again",
            csv.display(),
            found.path.display(),
            untold.join(", ")
        );
    }
    let sidecar = found.sidecar;
    let shard = sidecar
        .shard
        .ok_or_else(|| anyhow!("{}: not a shard (run without --shard)", csv.display()))?;
    let shard = Shard::new(shard.k, shard.n).ok_or_else(|| {
        anyhow!(
            "{}: its sidecar's shard {shard} is not a share of the run",
            csv.display()
        )
    })?;
    Ok(Part {
        csv: csv.to_path_buf(),
        sidecar,
        shard,
    })
}

/// Why a shard whose sidecar is `sidecar` cannot be merged, as its sidecar says, with what
/// to do: `None` when it finished.
fn unfinished(sidecar: &Sidecar) -> Option<String> {
    let told = sidecar.state.told();
    match &sidecar.state {
        Said::Known(State::Finished) => None,
        Said::Known(_) => Some(format!(
            "the shard did not finish: {told}; run it again with --resume"
        )),
        Said::Nothing => Some(format!(
            "{told}, so whether the shard finished is not known: run it again"
        )),
        Said::Unknown(_) => Some(format!(
            "{told}, so whether the shard finished is not known: merge the shards with the \
             version that ran them{}",
            match sidecar.version.as_str() {
                "" => String::new(),
                version => format!(" (sudoku-lab {version})"),
            }
        )),
    }
}

/// Every shard made as the first one.
fn check_same_run(parts: &[Part]) -> Result<()> {
    let first = &parts[0];
    for p in &parts[1..] {
        let differ = differences(&first.sidecar, &p.sidecar, Shards::SameCount);
        if !differ.is_empty() {
            let list: Vec<String> = differ.iter().map(ToString::to_string).collect();
            bail!(
                "{} and {} are not shards of one run ({}): {}",
                first.csv.display(),
                p.csv.display(),
                "first vs second",
                list.join("; ")
            );
        }
    }
    Ok(())
}

/// Refuses a merge into `out` (`asked`: the `--out` given, a link to `out` or `out`
/// itself) that would write one of the `shards`' files: a shard itself, its summary or its
/// sidecar, under the names asked for or those of a run going or ended (see
/// [`Output::every_name`]): `merge -o s1.running.csv s1.csv …` would write where a run of
/// shard 1 writes, `-o s1.txt` its sidecar over shard 1's (`s1.run.toml`). A command line
/// that contradicts itself, as bench's output that is one of its corpora is (see
/// [`crate::bench::overlap::check`]).
///
/// # Errors
///
/// [`Usage`], naming `--out` as given (and the file a link leads to), the file it would
/// write and the shard's file it is.
fn check_out(asked: &Path, out: &Path, shards: &[PathBuf]) -> Result<(), Usage> {
    let mut told = crate::bench::overlap::out_told(asked, out);
    if out != asked {
        told.push(',');
    }
    if shards.iter().any(|s| same_place(s, out)) {
        return Err(Usage(format!(
            "{told} is one of the shards: choose another --out"
        )));
    }
    for shard in shards {
        let theirs = Output::every_name(shard);
        let ours = Output::every_name(out);
        if let Some(ours) = ours
            .iter()
            .find(|o| theirs.iter().any(|t| same_place(t, o)))
        {
            return Err(Usage(format!(
                "{told} may write {}, a file of the shard {}: choose another --out",
                ours.display(),
                shard.display()
            )));
        }
    }
    Ok(())
}

/// Refuses one file given as two shards (under one name or two: `s2.csv ./s2.csv`, a
/// link and its file), from the command line alone: before any shard is read, so that
/// what is wrong with the command line is said first, whatever the file holds.
///
/// # Errors
///
/// [`Usage`], naming the file as given each time.
fn check_given_once(shards: &[PathBuf]) -> Result<(), Usage> {
    for (i, b) in shards.iter().enumerate() {
        if let Some(a) = shards[..i].iter().find(|a| same_place(a, b)) {
            let also = if a == b {
                String::new()
            } else {
                format!(" (as {} and {})", a.display(), b.display())
            };
            return Err(Usage(format!(
                "{} is given twice{also}: give each shard once",
                a.display()
            )));
        }
    }
    Ok(())
}

/// Every share once: two files that hold one share (a copy of a shard) are refused for
/// what they hold (one file given twice is refused before, see [`check_given_once`]).
fn check_shares(parts: &[Part]) -> Result<()> {
    let n = parts[0].shard.n;
    for (i, p) in parts.iter().enumerate() {
        if let Some(q) = parts[..i].iter().find(|q| q.shard == p.shard) {
            bail!(
                "shard {} is given twice: {} and {}",
                p.shard,
                q.csv.display(),
                p.csv.display()
            );
        }
    }
    let missing: Vec<String> = (1..=n)
        .filter(|&k| !parts.iter().any(|p| p.shard.k == k))
        .map(|k| format!("{k}/{n}"))
        .collect();
    if !missing.is_empty() {
        bail!(
            "shard{} {} missing: a merge needs all {n}",
            if missing.len() == 1 { "" } else { "s" },
            missing.join(", ")
        );
    }
    Ok(())
}

/// Where the next row of `rows`, of the shard `part`, stands: its corpus's place in the
/// run's corpora (as the shard names them), its index.
fn position(rows: &mut Peekable<Rows>, part: &Part) -> Result<Option<(usize, u64)>> {
    match rows.peek() {
        None => Ok(None),
        Some(Err(_)) => Err(rows.next().expect("peeked").unwrap_err().into()),
        Some(Ok(row)) => {
            let corpus = part
                .sidecar
                .corpus
                .iter()
                .position(|c| *c.path == *row.corpus)
                .with_context(|| {
                    format!(
                        "a row of corpus {} that the sidecar does not list",
                        row.corpus
                    )
                })?;
            Ok(Some((corpus, row.index)))
        }
    }
}

/// The shard whose next puzzle comes first (`None`: all read).
fn first_puzzle(streams: &mut [Peekable<Rows>], parts: &[Part]) -> Result<Option<usize>> {
    let mut best: Option<(usize, (usize, u64))> = None;
    for (i, s) in streams.iter_mut().enumerate() {
        let key = position(s, &parts[i]).with_context(|| parts[i].csv.display().to_string())?;
        if let Some(key) = key {
            match best {
                Some((_, b)) if b.cmp(&key) != Ordering::Greater => {}
                _ => best = Some((i, key)),
            }
        }
    }
    Ok(best.map(|(i, _)| i))
}

/// The rows of the puzzle at `key`, next in `rows` of the shard `part`.
fn take_puzzle(rows: &mut Peekable<Rows>, key: (usize, u64), part: &Part) -> Result<Vec<Row>> {
    let mut out = Vec::new();
    while position(rows, part)? == Some(key) {
        out.push(rows.next().expect("peeked")?);
    }
    Ok(out)
}

/// Refuses the `rows` of one puzzle of the shard `part` unless they are as the shard wrote
/// them: of a puzzle in its share, one row per solver of the run that takes the puzzle's
/// size (those the shard's sidecar says skipped it take none), of one puzzle (see
/// [`check_puzzle`]). A row given twice, moved to another index or taken out is named.
fn check_rows(part: &Part, rows: &[Row]) -> Result<()> {
    let first = &rows[0];
    let told = || {
        format!(
            "{}: puzzle {} of {} (line {})",
            part.csv.display(),
            first.index,
            first.corpus,
            first.line
        )
    };
    if !part.shard.contains(&first.corpus, first.index) {
        bail!(
            "{}: not a puzzle of the shard's share {}: not the shard's rows as they were \
             written",
            told(),
            part.shard
        );
    }
    let solvers: Vec<&str> = part
        .sidecar
        .solver
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    let takes = |solver: &str, grid: &sudoku_core::Grid| {
        let size = grid.size().to_string();
        !part
            .sidecar
            .skipped
            .iter()
            .any(|s| s.solver == solver && s.size == size)
    };
    if let Err(fault) = check_puzzle(rows, &solvers, &takes) {
        bail!(
            "{}: {fault}: not the shard's rows as they were written",
            told()
        );
    }
    Ok(())
}

/// The run's corpora, where they are here as the shards read them (the same bytes): each
/// merged puzzle is checked to be the one its corpus gives at its index. A corpus not
/// here, or changed since, is not read: the shards' fingerprints agree, and each shard's
/// rows are checked on their own ([`check_rows`]).
struct Corpora {
    cursors: Vec<Option<CorpusCursor<BufReader<File>>>>,
}

impl Corpora {
    /// The corpora the sidecar `entries` list, those here as they were read.
    fn here(entries: &[CorpusEntry]) -> Corpora {
        let cursor = |e: &CorpusEntry| {
            let path = Path::new(&e.path);
            let read = e.fingerprint.as_ref()?;
            if !path.is_file() || Fingerprint::of_file(path).ok().as_ref() != Some(read) {
                return None;
            }
            Some(CorpusCursor::new(BufReader::new(File::open(path).ok()?)))
        };
        Corpora {
            cursors: entries.iter().map(cursor).collect(),
        }
    }

    /// Refuses the puzzle at `key` (its corpus's place, its index), whose first row of the
    /// shard `part` is `row`, when its corpus is here and gives another puzzle there.
    fn check(&mut self, key: (usize, u64), part: &Part, row: &Row) -> Result<()> {
        let Some(Some(cursor)) = self.cursors.get_mut(key.0) else {
            return Ok(());
        };
        if cursor.puzzle_at(key.1).as_deref() == Some(corpus_puzzle(row)) {
            return Ok(());
        }
        bail!(
            "{}: puzzle {} of {} (line {}): not the puzzle the corpus gives at that index: not \
             the shard's rows as they were written",
            part.csv.display(),
            row.index,
            row.corpus,
            row.line
        )
    }
}

/// A shard as the sidecar gives it.
fn entry(shard: Shard) -> ShardEntry {
    ShardEntry {
        k: shard.k,
        n: shard.n,
    }
}

/// The shards' notes, each once.
fn merged_notes(parts: &[Part]) -> Vec<String> {
    let mut notes: Vec<String> = Vec::new();
    for note in parts.iter().flat_map(|p| &p.sidecar.notes) {
        if !notes.contains(note) {
            notes.push(note.clone());
        }
    }
    notes
}

/// The merged run's sidecar: the first shard's settings, no shard, the counts summed (the
/// puzzles each solver skipped, as the shards' notes give them, too), the wall clock of
/// the slowest shard, the shards' thread count and CPU (see [`threads_of`], [`cpu_of`]),
/// the earliest shard's start ([`earliest_date`]), each shard's resumptions after the
/// shard (`2/4 DATE COMMAND`).
fn merged_sidecar(parts: &[Part], rows: u64, summary: &Summary) -> Sidecar {
    let mut sidecar = Sidecar {
        command: sudoku_reports::sidecar::command_line(),
        shard: None,
        rows,
        wrong: summary.wrong(),
        puzzles: parts.iter().map(|p| p.sidecar.puzzles).sum(),
        seconds: parts.iter().map(|p| p.sidecar.seconds).fold(0.0, f64::max),
        resumed_puzzles: parts.iter().map(|p| p.sidecar.resumed_puzzles).sum(),
        notes: merged_notes(parts),
        skipped: skips::merged(parts.iter().flat_map(|p| &p.sidecar.skipped)),
        merged_from: Vec::new(),
        ..parts[0].sidecar.clone()
    };
    let mut shards: Vec<&Part> = parts.iter().collect();
    shards.sort_by_key(|p| p.shard.k);
    sidecar.merged_from = shards
        .iter()
        .map(|p| MergedShard {
            shard: entry(p.shard),
            csv: p.csv.display().to_string(),
        })
        .collect();
    // Each shard's resumptions, after the shard: those of the first shard alone were taken
    // for the run's, and the summary said "since --resume" of every shard's clock.
    sidecar.resumed = shards
        .iter()
        .flat_map(|p| {
            let shard = Some(entry(p.shard));
            p.sidecar
                .resumed
                .iter()
                .map(move |r| Resumption { shard, ..r.clone() })
        })
        .collect();
    let (threads, note) = threads_of(&shards);
    sidecar.threads = threads;
    sidecar.notes.extend(note);
    let (cpu, note) = cpu_of(&shards);
    sidecar.cpu = cpu;
    sidecar.notes.extend(note);
    sidecar.date = earliest_date(&shards);
    sidecar.corpus = parts[0]
        .sidecar
        .corpus
        .iter()
        .enumerate()
        .map(|(i, c)| CorpusEntry {
            path: c.path.clone(),
            puzzles: sum_of(parts, i, |e| e.puzzles),
            malformed: sum_of(parts, i, |e| e.malformed),
            skipped: 0,
            fingerprint: c.fingerprint.clone(),
        })
        .collect();
    sidecar
}

/// The merged run's thread count, and a note: the shards' own when they all ran on one
/// count; else none (0: the summary's wall clock then gives no thread count, which would
/// be one shard's) and a note naming each shard's, the `shards` in their order. The wall
/// clock is the slowest shard's either way, as the summary says below it.
fn threads_of(shards: &[&Part]) -> (u64, Option<String>) {
    let first = shards[0].sidecar.threads;
    if shards.iter().all(|p| p.sidecar.threads == first) {
        return (first, None);
    }
    let each: Vec<String> = shards
        .iter()
        .map(|p| format!("{} on {}", p.shard, p.sidecar.threads))
        .collect();
    // The clock's own line says whose it is (the slowest shard's), for any merge.
    let note = format!(
        "Threads: the shards ran on different counts ({}).",
        each.join(", ")
    );
    (0, Some(note))
}

/// The merged run's CPU, and a note: the shards' own when they all ran on one model; else
/// each model once, in the order of the `shards` that ran on it first, joined by `; ` (no
/// model name holds one: `/proc/cpuinfo` gives them with spaces, commas, brackets), and a
/// note naming each shard's. Shards run on a cluster's different machines are no fault,
/// but the merge must not claim the first shard's CPU for the others.
fn cpu_of(shards: &[&Part]) -> (String, Option<String>) {
    let mut models: Vec<&str> = Vec::new();
    for p in shards {
        if !models.contains(&p.sidecar.cpu.as_str()) {
            models.push(&p.sidecar.cpu);
        }
    }
    if models.len() == 1 {
        return (models[0].to_string(), None);
    }
    let each: Vec<String> = shards
        .iter()
        .map(|p| format!("{} on {}", p.shard, p.sidecar.cpu))
        .collect();
    let note = format!(
        "CPU: the shards ran on different CPUs ({}).",
        each.join("; ")
    );
    (models.join("; "), Some(note))
}

/// The merged run's start: the earliest of the `shards`' (their sidecars' RFC 3339 dates,
/// compared as times); a date that does not read as one (a sidecar edited by hand) is
/// taken only when none does, the first shard's then.
fn earliest_date(shards: &[&Part]) -> String {
    let read = |p: &&Part| humantime::parse_rfc3339_weak(&p.sidecar.date).ok();
    shards
        .iter()
        .filter_map(|p| Some((read(p)?, &p.sidecar.date)))
        .min_by_key(|(time, _)| *time)
        .map_or_else(|| shards[0].sidecar.date.clone(), |(_, date)| date.clone())
}

/// The sum of `field` over the entries of the `corpus`-th corpus in the shards' sidecars
/// (one corpus by its place and content, whatever path each shard named it by).
fn sum_of(parts: &[Part], corpus: usize, field: fn(&CorpusEntry) -> u64) -> u64 {
    parts
        .iter()
        .filter_map(|p| p.sidecar.corpus.get(corpus))
        .map(field)
        .sum()
}

/// Whether two paths name one file: both there, the same place once links are followed;
/// or, either not there, the same name in the same folder (the folder's links followed).
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
