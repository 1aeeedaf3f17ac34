//! The run sidecar: what makes a run reproducible, beside its CSV, as TOML.
//!
//! `results/bench.csv` gets `results/bench.run.toml`: the command line, the runner's
//! version, git commit and rustc, the CPU, threads, date and settings; how the run ended
//! (`state` is `running` while it goes, then `finished`, `interrupted` or `failed`); a
//! `[[solver]]` table per solver (its budget) and a `[[corpus]]` table per corpus (its
//! puzzles and malformed lines, and its fingerprint: see [`crate::fingerprint`]).

use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use toml::de::{DeTable, DeValue};
use toml::Spanned;

use crate::bounded::{read_small, SIDECAR_BYTES};
use crate::fingerprint::Fingerprint;
use crate::staged::{through_links, write_whole};
use crate::{shown, Error};

/// How far a run got: what a run writes as its sidecar's `state`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum State {
    /// Still going (or killed without a chance to say so).
    Running,
    /// Every row written.
    Finished,
    /// Stopped by Ctrl-C or SIGTERM: the rows completed are written.
    Interrupted,
    /// Stopped by an error: the rows before it are written.
    Failed,
}

/// A sidecar's `state` as read: what it says of how the run went.
///
/// Every sidecar a run writes has a `state` (`running` from its start), so one without it
/// is empty or cut short; a state this version does not write is a later version's, kept
/// as it was written (and written back so).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(
    untagged,
    expecting = "the state must be text: running, finished, interrupted or failed"
)]
pub enum Said {
    /// No `state` key.
    #[default]
    Nothing,
    /// A state this version writes.
    Known(State),
    /// A state this version does not know, as the sidecar gives it.
    Unknown(String),
}

impl Said {
    /// Whether the sidecar has no `state` key.
    pub fn is_nothing(&self) -> bool {
        *self == Said::Nothing
    }

    /// The state, when it is one this version knows.
    pub fn known(&self) -> Option<State> {
        match self {
            Said::Known(state) => Some(*state),
            Said::Nothing | Said::Unknown(_) => None,
        }
    }

    /// What the sidecar says of how the run went, in words (`the sidecar ...`).
    pub fn told(&self) -> String {
        let said = match self {
            Said::Nothing => "nothing of how the run ended (it is empty or was cut short)",
            Said::Known(State::Running) => "the run is still going (or it was killed)",
            Said::Known(State::Finished) => "the run finished",
            Said::Known(State::Interrupted) => "the run was interrupted",
            Said::Known(State::Failed) => "the run failed",
            Said::Unknown(text) => {
                return format!(
                    "the sidecar's state {text:?} is not one this version knows (a later \
version's?)"
                )
            }
        };
        format!("the sidecar says {said}")
    }

    /// The word that flags a run whose sidecar does not say it finished.
    pub fn alarm(&self) -> &'static str {
        match self {
            Said::Nothing => "NO STATE",
            Said::Known(State::Running) => "NOT FINISHED",
            Said::Known(State::Finished) => "FINISHED",
            Said::Known(State::Interrupted) => "INTERRUPTED",
            Said::Known(State::Failed) => "FAILED",
            Said::Unknown(_) => "UNKNOWN STATE",
        }
    }

    /// What a reader should make of the rows, as the sidecar says.
    pub fn meaning(&self) -> String {
        let told = self.told();
        match self {
            Said::Known(State::Running) => format!("{told}: these are the rows written so far."),
            Said::Known(State::Finished) => "every row was written.".into(),
            Said::Known(State::Interrupted) => {
                "the run was stopped before its end; these are the rows completed.".into()
            }
            Said::Known(State::Failed) => {
                "an error stopped the run; these are the rows written before it.".into()
            }
            Said::Nothing | Said::Unknown(_) => {
                format!("{told}: these rows may not be all of the run's.")
            }
        }
    }
}

impl From<State> for Said {
    fn from(state: State) -> Said {
        Said::Known(state)
    }
}

impl PartialEq<State> for Said {
    fn eq(&self, state: &State) -> bool {
        self.known() == Some(*state)
    }
}

/// One solver of a run, as the sidecar lists it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SolverEntry {
    /// Its name.
    pub name: String,
    /// Its node budget per solve (0 for a solver run as a child process without
    /// `--max-nodes`: its budget is its time limit); on a 9x9 grid, when it has a budget
    /// by size.
    pub max_nodes: u64,
    /// Its budget on the grid sizes where it is not `max_nodes` (`"16x16" = 50000`): a
    /// catalogue strategy's default budget is given per size, a node being dearer on a
    /// larger grid.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub max_nodes_by_size: BTreeMap<String, u64>,
    /// For a solver run as a child process (`cmd:`), the command.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
}

/// A shard of a run (`--shard K/N`): the K-th of N shares of its puzzles, as a TOML table
/// (`shard = { k = 2, n = 4 }`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ShardEntry {
    /// Which share, from 1.
    pub k: u64,
    /// Of how many.
    pub n: u64,
}

impl std::fmt::Display for ShardEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

/// One `--resume` that continued a run (`[[resumed]]`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Resumption {
    /// When it started (RFC 3339, UTC).
    pub date: String,
    /// Its command line.
    pub command: String,
    /// In a merge's sidecar: the shard it continued.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard: Option<ShardEntry>,
}

/// One shard a merge was made from (`[[merged_from]]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MergedShard {
    /// Its share.
    pub shard: ShardEntry,
    /// Its CSV, as `merge` was given it.
    pub csv: String,
}

/// Puzzles a solver skipped as it does not solve their size (`[[skipped]]`): no rows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Skipped {
    /// The solver.
    pub solver: String,
    /// The size (`4x4`).
    pub size: String,
    /// How many puzzles.
    pub puzzles: u64,
}

impl Skipped {
    /// The note of a summary on them.
    pub fn note(&self) -> String {
        let Skipped { solver, size, .. } = self;
        let n = self.puzzles;
        format!("Skipped: {solver} does not solve {size} puzzles ({n} of them, no rows).")
    }
}

/// One corpus of a run, as the sidecar lists it: its entry is where what tells the corpus
/// by its content (a fingerprint) goes.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct CorpusEntry {
    /// The corpus, as the CSV's `corpus` column gives it.
    pub path: String,
    /// Puzzles read whose rows are in the CSV (after a write that failed, not those whose
    /// rows never reached it).
    pub puzzles: u64,
    /// Malformed lines skipped.
    pub malformed: u64,
    /// Puzzles read but not solved by this run: another shard's (`--shard`), or solved
    /// before (`--resume`).
    #[serde(skip_serializing_if = "is_zero")]
    pub skipped: u64,
    /// The corpus by its content as the run started: its size and the hash of its bytes
    /// (none for a corpus read once, as it came: stdin, a FIFO).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fingerprint: Option<Fingerprint>,
}

/// Whether a count (or a time) is 0: a key a sidecar leaves out then.
fn is_zero<T: Default + PartialEq>(n: &T) -> bool {
    *n == T::default()
}

/// What a run was and how it ended: the sidecar's content.
///
/// Every field has a default, so that a sidecar of an earlier version (or one cut short)
/// still reads, with what it has.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Sidecar {
    /// The command line, each argument quoted for a POSIX shell when it needs it.
    pub command: String,
    /// The runner's version.
    pub version: String,
    /// The git commit the runner was built from (`-dirty` when the tree had changes).
    pub git_commit: String,
    /// The compiler that built the runner.
    pub rustc: String,
    /// The CPU model.
    pub cpu: String,
    /// Worker threads; 0 in a merge of shards that ran on different counts (its notes
    /// name each shard's).
    pub threads: u64,
    /// Start date, RFC 3339 (UTC).
    pub date: String,
    /// Solution limit.
    pub limit: u64,
    /// Timed runs per solve.
    pub repeat: u64,
    /// Whether a malformed line stops the run.
    pub strict: bool,
    /// `--first N`: at most N puzzles of each corpus (`None`: all).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first: Option<u64>,
    /// `--seed S`: the seed of every solver that draws random numbers (anneal, genetic, tabu).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// `--permute SEED`: each puzzle solved as a random isomorph, drawn from the seed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub permute: Option<u64>,
    /// `--shard K/N`: the share of the puzzles this run solved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard: Option<ShardEntry>,
    /// `--warmup`: seconds of untimed solves before the timed ones.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warmup: Option<f64>,
    /// `--pin`: the cores the worker threads were pinned to, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pin: Vec<usize>,
    /// `--timeout`: the time limit of one answer of a solver run as a child process, in
    /// seconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timeout: Option<f64>,
    /// How far the run got (nothing in a sidecar without the key).
    #[serde(skip_serializing_if = "Said::is_nothing")]
    pub state: Said,
    /// Puzzles read whose rows are in the CSV (after a write that failed, not those whose
    /// rows never reached it).
    pub puzzles: u64,
    /// Rows written.
    pub rows: u64,
    /// Rows with status `wrong`.
    pub wrong: u64,
    /// Wall-clock seconds since the start (microseconds kept: a run of a few tens of
    /// milliseconds is timed within a thousandth); after `--resume`, of this
    /// part alone; of a merge, the slowest shard's (the whole run's only when the shards
    /// ran side by side).
    pub seconds: f64,
    /// Rows whose solve was disturbed while timed (its thread off its core) and timed
    /// again, then trusted (the CSV's `retimed` above 0).
    #[serde(skip_serializing_if = "is_zero")]
    pub retimed: u64,
    /// Rows whose solve was disturbed in every timing (`retimed` = `disturbed`).
    #[serde(skip_serializing_if = "is_zero")]
    pub disturbed: u64,
    /// How disturbed timings were told: `perf-page`, `cpu-clock` or `none`.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub timing_check: String,
    /// What an empty solve reads in the CSV, ns: the clocks' own part of every time.
    #[serde(skip_serializing_if = "is_zero")]
    pub timing_floor_ns: u64,
    /// The runner's whole cost of timing one solve (clock reads, disturbance check), ns,
    /// measured at the end of the run.
    #[serde(skip_serializing_if = "is_zero")]
    pub timing_cost_ns: f64,
    /// After `--resume`: the puzzles of the earlier run, copied (counted in `puzzles`, not
    /// timed by `seconds`).
    #[serde(skip_serializing_if = "is_zero")]
    pub resumed_puzzles: u64,
    /// The error that ended the run, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Notes the run printed about its rows.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The puzzles each solver skipped, per size.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub skipped: Vec<Skipped>,
    /// Each `--resume` that continued the run; in a merge's, each that continued a shard.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub resumed: Vec<Resumption>,
    /// For a CSV made by `sudoku-lab merge`: the shards it was made from.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub merged_from: Vec<MergedShard>,
    /// The solvers, in order.
    pub solver: Vec<SolverEntry>,
    /// The corpora, in order.
    pub corpus: Vec<CorpusEntry>,
}

/// The first line of every sidecar.
const HEADER: &str = "# sudoku-lab run: what makes it reproducible\n";

impl Sidecar {
    /// The sidecar as TOML text.
    pub fn to_toml(&self) -> String {
        let mut copy = self.clone();
        copy.seconds = (self.seconds * 1e6).round() / 1e6;
        let body = toml::to_string(&copy).unwrap_or_else(|e| format!("# not written: {e}\n"));
        format!("{HEADER}{body}")
    }

    /// Reads a sidecar's text.
    ///
    /// # Errors
    ///
    /// When the text is not TOML or a key has the wrong type (the error names `path`).
    pub fn parse(text: &str, path: &Path) -> Result<Sidecar, Error> {
        toml::from_str(text).map_err(|e| Error::Malformed {
            path: shown(path),
            line: e
                .span()
                .map_or(1, |s| 1 + text[..s.start].matches('\n').count() as u64),
            reason: format!("not a sudoku-lab sidecar: {}", e.message()),
        })
    }

    /// Writes the sidecar to `path`.
    ///
    /// # Errors
    ///
    /// When the file cannot be written.
    pub fn write(&self, path: &Path) -> Result<(), Error> {
        write_whole(path, self.to_toml().as_bytes())
    }

    /// The sidecar beside the CSV `csv`, if there is one; for a CSV named by a link
    /// without a sidecar beside it, the one beside the file the link leads to.
    ///
    /// # Errors
    ///
    /// When it is there but cannot be read or parsed.
    pub fn read_beside(csv: &Path) -> Result<Option<Sidecar>, Error> {
        Ok(Sidecar::read_text_beside(csv)?.map(|found| found.sidecar))
    }

    /// [`Sidecar::read_beside`], with the sidecar's text (to see what it leaves out: see
    /// [`crate::settings::not_given`]) and where it was found.
    ///
    /// # Errors
    ///
    /// When it is there but cannot be read or parsed.
    pub fn read_text_beside(csv: &Path) -> Result<Option<SidecarFile>, Error> {
        let beside = Sidecar::read_at(&RunFiles::beside(csv).sidecar)?;
        if beside.is_some() {
            return Ok(beside);
        }
        // A CSV named by a link: a run on the link wrote its sidecar beside the file the
        // link leads to (see `write::through_links`).
        match through_links(csv) {
            Ok(file) if file != csv => Sidecar::read_at(&RunFiles::beside(&file).sidecar),
            _ => Ok(None),
        }
    }

    /// The sidecar at `path` and its text, `None` when there is none.
    fn read_at(path: &Path) -> Result<Option<SidecarFile>, Error> {
        let Some(text) = read_small(path, "a sidecar", SIDECAR_BYTES)? else {
            return Ok(None);
        };
        Sidecar::parse(&text, path).map(|sidecar| {
            Some(SidecarFile {
                sidecar,
                text,
                path: path.to_path_buf(),
            })
        })
    }
}

/// What a run's sidecar says the run did, by the keys that say it: its thread count, the
/// puzzles it read, the rows it wrote, its wall time, and each corpus's puzzles and
/// malformed lines (`corpus.puzzles`, `corpus.malformed`: those of every `[[corpus]]`).
/// Every run writes them all, a 0 included, from its start; `merge` adds them up over its
/// shards (the wall time and threads: see its help).
pub const ACCOUNT: [&str; 6] = [
    "threads",
    "puzzles",
    "rows",
    "seconds",
    "corpus.puzzles",
    "corpus.malformed",
];

/// The keys of [`ACCOUNT`] that the sidecar `text` does not give, in that order: in a
/// [`Sidecar`] read from it they are 0, not what the run did (a sidecar made by hand, or
/// cut short), and a count of 0 is one a run can give. `corpus.KEY` is not given when a
/// `[[corpus]]` lacks `KEY`. Text that is not TOML gives none of them.
pub fn account_not_given(text: &str) -> Vec<&'static str> {
    match keys_of(text) {
        Some(table) => ACCOUNT
            .into_iter()
            .filter(|key| !gives(&table, key))
            .collect(),
        None => ACCOUNT.to_vec(),
    }
}

/// The sidecar `text` as TOML, for what looks at the keys it gives: its values as written,
/// not converted, so that it reads whatever [`Sidecar::parse`] reads (a `toml::Table`
/// holds no integer above `i64::MAX`, such as the `seed` of `--seed 18446744073709551615`,
/// which a run writes and `Sidecar::parse` reads as the `u64` it is). `None` when it is not
/// TOML.
pub(crate) fn keys_of(text: &str) -> Option<DeTable<'_>> {
    DeTable::parse(text).ok().map(Spanned::into_inner)
}

/// Whether the sidecar `table` gives `key`: a key of its own (`rows`), or `ARRAY.KEY`
/// (`corpus.puzzles`), the key `KEY` of every table of the array of tables `ARRAY` (given
/// when there is none).
pub(crate) fn gives(table: &DeTable<'_>, key: &str) -> bool {
    let Some((array, inner)) = key.split_once('.') else {
        return table.contains_key(key);
    };
    match table.get(array).map(Spanned::get_ref) {
        Some(DeValue::Array(entries)) => entries
            .iter()
            .all(|entry| matches!(entry.get_ref(), DeValue::Table(t) if t.contains_key(inner))),
        _ => true,
    }
}

/// What the key `key` of [`ACCOUNT`] says of `who` (`the shard`, `the run`), as a refusal
/// or a warning about a sidecar that does not give it names it: `how many rows the run
/// wrote (rows)`. Another key is given as it is.
pub fn account_told(key: &str, who: &str) -> String {
    match key {
        "threads" => format!("on how many threads {who} ran (threads)"),
        "puzzles" => format!("how many puzzles {who} read (puzzles)"),
        "rows" => format!("how many rows {who} wrote (rows)"),
        "seconds" => format!("how long {who} ran (seconds)"),
        "corpus.puzzles" => format!("how many puzzles of each corpus {who} read (corpus.puzzles)"),
        "corpus.malformed" => {
            format!("how many malformed lines of each corpus {who} skipped (corpus.malformed)")
        }
        other => other.to_string(),
    }
}

/// A sidecar as [`Sidecar::read_text_beside`] found it.
#[derive(Debug, Clone)]
pub struct SidecarFile {
    /// The sidecar.
    pub sidecar: Sidecar,
    /// Its text.
    pub text: String,
    /// Where it is: beside the CSV, or beside the file a link named as the CSV leads to.
    pub path: PathBuf,
}

/// The files of one run: the CSV, its Markdown summary and its sidecar, side by side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunFiles {
    /// `X.csv`: one row per (puzzle, solver).
    pub csv: PathBuf,
    /// `X.summary.md`: the summary table.
    pub summary: PathBuf,
    /// `X.run.toml`: the sidecar.
    pub sidecar: PathBuf,
}

impl RunFiles {
    /// The files of the run whose CSV is `csv`: `X.csv` → `X.summary.md`, `X.run.toml`
    /// (the name's bytes kept as they are, UTF-8 or not).
    pub fn beside(csv: &Path) -> RunFiles {
        let stem = csv
            .file_stem()
            .filter(|s| !s.is_empty())
            .unwrap_or(OsStr::new("bench"));
        let named = |suffix: &str| {
            let mut name = stem.to_os_string();
            name.push(suffix);
            csv.with_file_name(name)
        };
        RunFiles {
            csv: csv.to_path_buf(),
            summary: named(".summary.md"),
            sidecar: named(".run.toml"),
        }
    }

    /// The files of the same run under a name that says how it ended, `X.csv` →
    /// `X.TAG.csv` (`X` → `X.TAG.csv` when the CSV has no extension), with the summary
    /// and sidecar beside it.
    pub fn tagged(&self, tag: &str) -> RunFiles {
        RunFiles::beside(&tagged_path(&self.csv, tag, ("bench", Some("csv"))))
    }

    /// The three files, CSV first.
    pub fn all(&self) -> [&Path; 3] {
        [&self.csv, &self.summary, &self.sidecar]
    }
}

/// The name of `path` with `tag` before its extension, in the same folder: `X.EXT` →
/// `X.TAG.EXT`. A name without an extension takes `default.1` (`X` → `X.TAG.csv` for a
/// CSV; `X` → `X.TAG` without one); a path without a name takes `default.0` as its stem.
pub fn tagged_path(path: &Path, tag: &str, default: (&str, Option<&str>)) -> PathBuf {
    let mut name = path
        .file_stem()
        .filter(|s| !s.is_empty())
        .unwrap_or(OsStr::new(default.0))
        .to_os_string();
    name.push(".");
    name.push(tag);
    if let Some(extension) = path.extension().or(default.1.map(OsStr::new)) {
        name.push(".");
        name.push(extension);
    }
    path.with_file_name(name)
}

/// The command line of this process, each argument quoted for a POSIX shell when it needs
/// it (an argument that is not UTF-8 is shown with replacement characters).
pub fn command_line() -> String {
    std::env::args_os()
        .map(|a| {
            let a = a.to_string_lossy();
            if !a.is_empty()
                && a.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./=,:+@%".contains(c))
            {
                a.into_owned()
            } else {
                format!("'{}'", a.replace('\'', "'\\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The CPU model from `/proc/cpuinfo` (`unknown` elsewhere).
pub fn cpu_model() -> String {
    std::fs::File::open("/proc/cpuinfo")
        .ok()
        .and_then(|file| model_in(std::io::BufReader::with_capacity(512, file)))
        .unwrap_or_else(|| "unknown".into())
}

/// The value of the first `model name` line (x86) or `Model` line (ARM boards) of a
/// `/proc/cpuinfo`, read only up to it: the kernel writes that file one CPU at a time, each
/// with its clock measured as it is read, so the whole file of a 2-core virtual machine took
/// 0.2-0.3 ms (at the start of every run), and a many-core machine's takes longer.
fn model_in(text: impl std::io::BufRead) -> Option<String> {
    text.lines()
        .map_while(Result::ok)
        .find(|l| l.starts_with("model name") || l.starts_with("Model"))
        .and_then(|l| l.split_once(':').map(|(_, v)| v.trim().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cpu_model_is_the_first_one_named() {
        let x86 = "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel\t\t: 1\n\
model name\t: AMD EPYC 7B13\ncpu MHz\t\t: 2450.000\n\nprocessor\t: 1\n\
model name\t: another\n";
        assert_eq!(model_in(x86.as_bytes()).as_deref(), Some("AMD EPYC 7B13"));
        let arm = "processor\t: 0\nBogoMIPS\t: 108.00\n\nHardware\t: BCM2835\n\
Model\t\t: Raspberry Pi 4 Model B Rev 1.4\n";
        assert_eq!(
            model_in(arm.as_bytes()).as_deref(),
            Some("Raspberry Pi 4 Model B Rev 1.4")
        );
        assert_eq!(model_in("processor\t: 0\n".as_bytes()), None);
    }

    #[test]
    fn files_beside_the_csv() {
        let files = RunFiles::beside(Path::new("results/bench.csv"));
        assert_eq!(files.sidecar, Path::new("results/bench.run.toml"));
        assert_eq!(files.summary, Path::new("results/bench.summary.md"));
        let tagged = files.tagged("interrupted");
        assert_eq!(tagged.csv, Path::new("results/bench.interrupted.csv"));
        assert_eq!(RunFiles::beside(&tagged.csv), tagged);
        assert_eq!(
            tagged.sidecar,
            Path::new("results/bench.interrupted.run.toml")
        );
        let bare = RunFiles::beside(Path::new("out")).tagged("failed");
        assert_eq!(bare.csv, Path::new("out.failed.csv"));
        assert_eq!(bare.summary, Path::new("out.failed.summary.md"));
    }

    #[cfg(unix)]
    #[test]
    fn names_that_are_not_utf8_keep_their_bytes() {
        use std::os::unix::ffi::OsStrExt;
        let csv = Path::new(OsStr::from_bytes(b"r/caf\xe9.csv"));
        let files = RunFiles::beside(csv);
        assert_eq!(files.sidecar.as_os_str().as_bytes(), b"r/caf\xe9.run.toml");
        assert_eq!(
            files.tagged("running").csv.as_os_str().as_bytes(),
            b"r/caf\xe9.running.csv"
        );
    }

    #[test]
    fn a_sidecar_reads_back_whatever_its_strings_hold() {
        let sidecar = Sidecar {
            command: "sudoku-lab bench 'a \"b\".txt'".into(),
            threads: 2,
            state: State::Interrupted.into(),
            seconds: 1.234_567_8,
            first: Some(10),
            shard: Some(ShardEntry { k: 2, n: 4 }),
            resumed: vec![Resumption {
                date: "2026-01-01T00:00:00Z".into(),
                command: "sudoku-lab bench --resume".into(),
                shard: None,
            }],
            skipped: vec![Skipped {
                solver: "bands".into(),
                size: "4x4".into(),
                puzzles: 3,
            }],
            solver: vec![SolverEntry {
                name: "dlx".into(),
                max_nodes: 5,
                max_nodes_by_size: BTreeMap::from([("16x16".into(), 2)]),
                command: None,
            }],
            corpus: vec![
                CorpusEntry {
                    path: "a \"b\".txt".into(),
                    puzzles: 4,
                    malformed: 3,
                    skipped: 0,
                    fingerprint: Some(Fingerprint::of_bytes(b"1.3..4..2...1..4\n")),
                },
                CorpusEntry {
                    path: "c\\d = e\n".into(),
                    puzzles: 0,
                    malformed: 1,
                    skipped: 7,
                    fingerprint: None,
                },
            ],
            ..Sidecar::default()
        };
        let text = sidecar.to_toml();
        assert!(text.starts_with(HEADER), "{text}");
        assert!(text.contains("state = \"interrupted\""), "{text}");
        assert!(text.contains("[[skipped]]\nsolver = \"bands\"\n"), "{text}");
        assert!(
            text.contains("[[solver]]\nname = \"dlx\"\nmax_nodes = 5\n"),
            "{text}"
        );
        let back = Sidecar::parse(&text, Path::new("x.run.toml")).unwrap();
        assert_eq!(
            back,
            Sidecar {
                seconds: 1.234_568,
                ..sidecar
            }
        );
    }

    /// No `state` key is its own case, not `running`; a state this version does not know
    /// keeps its text, and is written back as it was; one it knows reads as itself.
    #[test]
    fn a_state_reads_as_said_nothing_known_or_unknown() {
        let read = |text: &str| Sidecar::parse(text, Path::new("x.run.toml")).unwrap();
        assert_eq!(read("").state, Said::Nothing);
        assert_eq!(read("threads = 2\n").state, Said::Nothing);
        assert!(!Sidecar::default().to_toml().contains("state"));
        for (text, said) in [
            ("running", Said::Known(State::Running)),
            ("finished", Said::Known(State::Finished)),
            ("interrupted", Said::Known(State::Interrupted)),
            ("failed", Said::Known(State::Failed)),
            ("paused", Said::Unknown("paused".into())),
        ] {
            let line = format!("\nstate = \"{text}\"\n");
            let sidecar = read(&line);
            assert_eq!(sidecar.state, said);
            if let Said::Known(state) = said {
                assert_eq!(sidecar.state, state);
            }
            assert!(sidecar.to_toml().contains(&line));
        }
        assert_eq!(Said::Known(State::Failed), State::Failed);
        assert_ne!(Said::Nothing, State::Running);
        assert_ne!(Said::Unknown("running".into()), State::Running);
    }

    /// A count left out of a sidecar reads as 0, which a run can write: it is not given;
    /// of one corpus of two, `corpus.KEY` is not given.
    #[test]
    fn a_count_the_text_leaves_out_is_not_given() {
        let corpus = |path: &str| CorpusEntry {
            path: path.into(),
            ..CorpusEntry::default()
        };
        let sidecar = Sidecar {
            threads: 2,
            rows: 7,
            seconds: 0.5,
            corpus: vec![corpus("a.txt"), corpus("b.txt")],
            ..Sidecar::default()
        };
        let text = sidecar.to_toml();
        assert_eq!(account_not_given(&text), [""; 0]);
        for (cut, not) in [
            ("\nrows = 7\n", "rows"),
            ("\nseconds = 0.5\n", "seconds"),
            ("\npuzzles = 0\n", "puzzles"),
            ("\"a.txt\"\npuzzles = 0\n", "corpus.puzzles"),
        ] {
            let kept = &cut[..cut.find("\n").unwrap() + 1];
            let cut = text.replacen(cut, kept, 1);
            assert_ne!(cut, text);
            assert_eq!(account_not_given(&cut), [not]);
        }
        let none = ["threads", "puzzles", "rows", "seconds"];
        assert_eq!(account_not_given("state = \"finished\"\n"), none);
        assert_eq!(account_not_given("rows = ["), ACCOUNT);
    }

    /// A sidecar whose `seed` or `permute` is above `i64::MAX` (which a run writes, and
    /// `Sidecar::parse` reads) gives every count and every setting.
    #[test]
    fn a_seed_above_i64_max_leaves_every_key_given() {
        let sidecar = Sidecar {
            seed: Some(u64::MAX),
            permute: Some(1 << 63),
            ..Sidecar::default()
        };
        let text = sidecar.to_toml();
        assert!(text.contains(&format!("\nseed = {}\n", u64::MAX)), "{text}");
        assert_eq!(Sidecar::parse(&text, Path::new("x")).unwrap(), sidecar);
        assert_eq!(account_not_given(&text), [""; 0], "{text}");
        assert_eq!(crate::settings::not_given(&text), [""; 0], "{text}");
    }

    /// Each count is told in words, and by its key.
    #[test]
    fn each_count_is_told_by_its_key() {
        for key in ACCOUNT {
            let told = account_told(key, "the run");
            assert!(told.ends_with(&format!(" ({key})")), "{told}");
        }
        assert_eq!(
            account_told("rows", "the run"),
            "how many rows the run wrote (rows)"
        );
        assert_eq!(account_told("other", "the run"), "other");
    }

    #[test]
    fn an_older_sidecar_reads_and_a_broken_one_names_its_line() {
        let old = "# old\ncommand = \"x\"\nsolvers = [\"dlx\"]\nmax_nodes = { dlx = 5 }\n\
                   state = \"finished\"\n\n[malformed_lines]\n\"a.txt\" = 2\n";
        let back = Sidecar::parse(old, Path::new("old.run.toml")).unwrap();
        assert_eq!(
            (back.command.as_str(), back.state),
            ("x", State::Finished.into())
        );
        let err = Sidecar::parse("threads = 2\nstate = 3\n", Path::new("bad.run.toml"))
            .unwrap_err()
            .to_string();
        let said = "bad.run.toml: line 2: not a sudoku-lab sidecar: the state must be text:";
        assert!(err.starts_with(said), "{err}");
    }
}
