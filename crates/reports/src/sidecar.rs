//! The run sidecar `X.run.toml` beside `X.csv`: what makes a run reproducible and how it
//! ended. Its keys are listed in the book's "bench" chapter; how the runner reads it back,
//! in "Runs: what they are known by".

use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::bounded::{read_small, SIDECAR_BYTES};
use crate::fingerprint::Fingerprint;
use crate::staged::{through_links, write_whole};
use crate::{shown, Error};

/// How far a run got: the sidecar's `state`, written from the run's start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum State {
    /// Still going (or killed without a chance to say so).
    #[default]
    Running,
    /// Every row written.
    Finished,
    /// Stopped by Ctrl-C or SIGTERM: the rows completed are written.
    Interrupted,
    /// Stopped by an error: the rows before it are written.
    Failed,
}

impl State {
    /// What the sidecar says of how the run went, in words.
    pub fn told(self) -> &'static str {
        match self {
            State::Running => "the sidecar says the run is still going (or it was killed)",
            State::Finished => "the sidecar says the run finished",
            State::Interrupted => "the sidecar says the run was interrupted",
            State::Failed => "the sidecar says the run failed",
        }
    }

    /// The word that flags a run whose sidecar does not say it finished.
    pub fn alarm(self) -> &'static str {
        match self {
            State::Running => "NOT FINISHED",
            State::Finished => "FINISHED",
            State::Interrupted => "INTERRUPTED",
            State::Failed => "FAILED",
        }
    }
}

/// One solver of a run (`[[solver]]`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SolverEntry {
    /// Its name.
    pub name: String,
    /// Its node budget per solve on a 9x9 grid (0 for a `cmd:` solver without
    /// `--max-nodes`: its time limit is its budget).
    pub max_nodes: u64,
    /// Its budget on the sizes where it is not `max_nodes` (`"16x16" = 50000`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub max_nodes_by_size: BTreeMap<String, u64>,
    /// For a `cmd:` solver, the command.
    pub command: Option<String>,
}

/// A shard of a run (`--shard K/N`), as a TOML table (`shard = { k = 2, n = 4 }`).
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
pub struct Resumption {
    /// When it started (RFC 3339, UTC).
    pub date: String,
    /// Its command line.
    pub command: String,
    /// In a merge's sidecar: the shard it continued.
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
        let (solver, size, n) = (&self.solver, &self.size, self.puzzles);
        format!("Skipped: {solver} does not solve {size} puzzles ({n} of them, no rows).")
    }
}

/// One corpus of a run (`[[corpus]]`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CorpusEntry {
    /// The corpus, as the CSV's `corpus` column gives it.
    pub path: String,
    /// Puzzles read whose rows are in the CSV.
    pub puzzles: u64,
    /// Malformed lines skipped.
    pub malformed: u64,
    /// Puzzles read but not solved by this run: another shard's, or solved before a
    /// `--resume`.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub skipped: u64,
    /// The corpus by its content as the run started (none for stdin, a FIFO).
    pub fingerprint: Option<Fingerprint>,
}

fn is_zero<T: Default + PartialEq>(n: &T) -> bool {
    *n == T::default()
}

/// What a run was and how it ended: the sidecar's content. A key a run writes from its start
/// is required (a sidecar without one is malformed); a `None`, a 0 or an empty list is left
/// out.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Sidecar {
    /// The command line, quoted for a POSIX shell (see [`command_line`]).
    pub command: String,
    /// The runner's version.
    pub version: String,
    /// The git commit the runner was built from (`-dirty` when the tree had changes).
    pub git_commit: String,
    /// The compiler that built the runner.
    pub rustc: String,
    /// The CPU model.
    pub cpu: String,
    /// Worker threads; 0 in a merge of shards that ran on different counts.
    pub threads: u64,
    /// Start date, RFC 3339 (UTC).
    pub date: String,
    /// Solution limit.
    pub limit: u64,
    /// Timed runs per solve.
    pub repeat: u64,
    /// Whether a malformed line stops the run.
    pub strict: bool,
    /// `--first N`.
    pub first: Option<u64>,
    /// `--seed S`.
    pub seed: Option<u64>,
    /// `--permute SEED`.
    pub permute: Option<u64>,
    /// `--shard K/N`.
    pub shard: Option<ShardEntry>,
    /// `--warmup`, in seconds.
    pub warmup: Option<f64>,
    /// `--pin`: the cores of the worker threads, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pin: Vec<usize>,
    /// `--timeout` of a `cmd:` solver's answer, in seconds.
    pub timeout: Option<f64>,
    /// How far the run got.
    pub state: State,
    /// Puzzles read whose rows are in the CSV.
    pub puzzles: u64,
    /// Rows written.
    pub rows: u64,
    /// Rows with status `wrong`.
    pub wrong: u64,
    /// Wall-clock seconds since the start, to the microsecond (of the part after a
    /// `--resume`; of a merge, the slowest shard's).
    pub seconds: f64,
    /// Rows timed again after a disturbed timing, then trusted.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub retimed: u64,
    /// Rows disturbed in every timing.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub disturbed: u64,
    /// How disturbed timings were told: `perf-page`, `cpu-clock` or `none`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub timing_check: String,
    /// What an empty solve reads in the CSV, ns.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub timing_floor_ns: u64,
    /// The runner's whole cost of timing one solve, ns.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub timing_cost_ns: f64,
    /// After `--resume`: the earlier run's puzzles, copied.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub resumed_puzzles: u64,
    /// The error that ended the run, if any.
    pub error: Option<String>,
    /// Notes the run printed about its rows.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The puzzles each solver skipped, per size.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skipped: Vec<Skipped>,
    /// Each `--resume` that continued the run (in a merge's, a shard).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resumed: Vec<Resumption>,
    /// Of a merge: the shards it was made from.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub merged_from: Vec<MergedShard>,
    /// The solvers, in order.
    pub solver: Vec<SolverEntry>,
    /// The corpora, in order.
    pub corpus: Vec<CorpusEntry>,
}

/// A CSV that holds another count of rows than its sidecar says the run wrote as it ended:
/// rows lost or added since, so the rows are not the run's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{rows} rows, where its sidecar says the run wrote {said}: rows were {} since",
    if .rows < .said { "lost" } else { "added" })]
pub struct RowsNotAsWritten {
    /// The rows the CSV holds.
    pub rows: u64,
    /// The rows the sidecar says the run wrote.
    pub said: u64,
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

    /// Reads a sidecar's text; an error names `path` and the line.
    pub fn parse(text: &str, path: &Path) -> Result<Sidecar, Error> {
        toml::from_str(text).map_err(|e| Error::Malformed {
            path: shown(path),
            line: e
                .span()
                .map(|s| 1 + text[..s.start].matches('\n').count() as u64),
            reason: format!("not a sudoku-lab sidecar: {}", e.message()),
        })
    }

    /// Writes the sidecar to `path`.
    pub fn write(&self, path: &Path) -> Result<(), Error> {
        write_whole(path, self.to_toml().as_bytes())
    }

    /// Whether a CSV of `rows` rows holds those the run said, as it ended, it wrote (a run
    /// going or killed has said nothing yet).
    pub fn check_rows(&self, rows: u64) -> Result<(), RowsNotAsWritten> {
        let said = self.rows;
        match self.state == State::Running || rows == said {
            true => Ok(()),
            false => Err(RowsNotAsWritten { rows, said }),
        }
    }

    /// The sidecar beside `csv`, if there is one; for a CSV named by a link without one
    /// beside it, the one beside the file the link leads to (where a run on the link wrote
    /// it). An error when it is there but cannot be read or parsed.
    pub fn read_beside(csv: &Path) -> Result<Option<Sidecar>, Error> {
        if let Some(found) = Sidecar::read_at(&RunFiles::beside(csv).sidecar)? {
            return Ok(Some(found));
        }
        match through_links(csv) {
            Ok(file) if file != csv => Sidecar::read_at(&RunFiles::beside(&file).sidecar),
            _ => Ok(None),
        }
    }

    fn read_at(path: &Path) -> Result<Option<Sidecar>, Error> {
        let text = read_small(path, "a sidecar", SIDECAR_BYTES)?;
        text.map(|text| Sidecar::parse(&text, path)).transpose()
    }
}

/// The files of one run, side by side: `X.csv`, `X.summary.md` and `X.run.toml`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunFiles {
    /// The CSV.
    pub csv: PathBuf,
    /// The Markdown summary.
    pub summary: PathBuf,
    /// The sidecar.
    pub sidecar: PathBuf,
}

impl RunFiles {
    /// The files of the run whose CSV is `csv` (the name's bytes kept, UTF-8 or not).
    pub fn beside(csv: &Path) -> RunFiles {
        RunFiles {
            csv: csv.to_path_buf(),
            summary: csv.with_file_name(stem_and(csv, "bench", ".summary.md")),
            sidecar: csv.with_file_name(stem_and(csv, "bench", ".run.toml")),
        }
    }

    /// The files of the same run under a name that says how it ended: `X.csv` (or `X`) →
    /// `X.TAG.csv`.
    pub fn tagged(&self, tag: &str) -> RunFiles {
        RunFiles::beside(&tagged_path(&self.csv, tag, ("bench", Some("csv"))))
    }

    /// The three files, CSV first.
    pub fn all(&self) -> [&Path; 3] {
        [&self.csv, &self.summary, &self.sidecar]
    }
}

/// `X.EXT` → `X.TAG.EXT` in the same folder; a name without an extension takes
/// `default.1`, a path without a name `default.0` as its stem.
pub fn tagged_path(path: &Path, tag: &str, default: (&str, Option<&str>)) -> PathBuf {
    let mut name = stem_and(path, default.0, &format!(".{tag}"));
    if let Some(extension) = path.extension().or(default.1.map(OsStr::new)) {
        name.push(".");
        name.push(extension);
    }
    path.with_file_name(name)
}

/// The stem of `path`'s name (`default` where it has none), then `suffix`.
fn stem_and(path: &Path, default: &str, suffix: &str) -> OsString {
    let mut name = OsString::from(
        path.file_stem()
            .filter(|s| !s.is_empty())
            .unwrap_or(default.as_ref()),
    );
    name.push(suffix);
    name
}

/// The command line of this process, each argument quoted for a POSIX shell when it needs
/// it (one that is not UTF-8 shown with replacement characters).
pub fn command_line() -> String {
    let args: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    // An argument holds no NUL byte, the one thing `shlex` cannot quote.
    shlex::try_join(args.iter().map(String::as_str)).unwrap_or_else(|_| args.join(" "))
}

/// The CPU model from `/proc/cpuinfo` (`unknown` elsewhere).
pub fn cpu_model() -> String {
    std::fs::File::open("/proc/cpuinfo")
        .ok()
        .and_then(|file| model_in(std::io::BufReader::with_capacity(512, file)))
        .unwrap_or_else(|| "unknown".into())
}

/// The first `model name` (x86) or `Model` (ARM) of a `/proc/cpuinfo`, read only up to it:
/// the kernel measures each CPU's clock as its part is read (0.2-0.3 ms for 2 cores).
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
        let x86 = "processor\t: 0\nmodel\t\t: 1\nmodel name\t: AMD EPYC 7B13\n\nmodel name\t: b\n";
        assert_eq!(model_in(x86.as_bytes()).as_deref(), Some("AMD EPYC 7B13"));
        let arm = "processor\t: 0\nHardware\t: BCM2835\nModel\t\t: Raspberry Pi 4\n";
        assert_eq!(model_in(arm.as_bytes()).as_deref(), Some("Raspberry Pi 4"));
        assert_eq!(model_in("processor\t: 0\n".as_bytes()), None);
    }

    /// A name without an extension (tagged names with one are pinned by the lab's tests:
    /// `r.failed.summary.md` in writes.rs, `r.interrupted.run.toml` in identity.rs).
    #[test]
    fn files_beside_a_csv_named_without_an_extension() {
        let bare = RunFiles::beside(Path::new("out")).tagged("failed");
        assert_eq!(bare.summary, Path::new("out.failed.summary.md"));
    }

    #[test]
    fn a_sidecar_reads_back_whatever_its_strings_hold() {
        let sidecar = Sidecar {
            command: "sudoku-lab bench 'a \"b\".txt'".into(),
            state: State::Interrupted,
            seconds: 1.234_567_8,
            seed: Some(u64::MAX),
            shard: Some(ShardEntry { k: 2, n: 4 }),
            solver: vec![SolverEntry {
                name: "dlx".into(),
                max_nodes_by_size: BTreeMap::from([("16x16".into(), 2)]),
                ..SolverEntry::default()
            }],
            corpus: vec![CorpusEntry {
                path: "c\\d = \"e\"\n".into(),
                fingerprint: Some(Fingerprint::of_bytes(b"1.3..4..2...1..4\n")),
                ..CorpusEntry::default()
            }],
            ..Sidecar::default()
        };
        let text = sidecar.to_toml();
        assert!(text.starts_with(HEADER), "{text}");
        assert!(!text.contains("\nfirst"), "a None is left out: {text}");
        let back = Sidecar::parse(&text, Path::new("x.run.toml")).unwrap();
        let seconds = 1.234_568;
        assert_eq!(back, Sidecar { seconds, ..sidecar });
    }

    /// Only an ended run says its rows (the words are pinned by the lab's tests that use
    /// `said::not_as_written`).
    #[test]
    fn an_ended_run_says_its_rows() {
        let said = |state| Sidecar {
            state,
            rows: 7,
            ..Sidecar::default()
        };
        assert_eq!(said(State::Running).check_rows(6), Ok(()));
        assert_eq!(said(State::Failed).check_rows(7), Ok(()));
        let lost = said(State::Finished).check_rows(6);
        assert_eq!(lost, Err(RowsNotAsWritten { rows: 6, said: 7 }));
    }
}
