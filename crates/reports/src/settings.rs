//! Whether two runs were made the same way: what `merge` (shards of one run) and `bench
//! --resume` (a run and its continuation) check in the sidecars, naming what differs.
//!
//! The settings that decide the rows must be equal: the build (version, git commit, rustc),
//! the solvers with their budgets and commands, the limit, `--repeat`, `--strict`,
//! `--first`, `--seed`, `--permute`, a `cmd:` solver's time limit, the corpora, and the shard
//! count.
//! What only describes where and how fast a run went (date, CPU, threads, pinning,
//! warm-up, the command line) may differ.

use std::fmt;
use std::path::Path;

use toml::de::{DeTable, DeValue};
use toml::Spanned;

use crate::fingerprint::Fingerprint;
use crate::sidecar::{entry_gives, keys_of, ShardEntry, Sidecar, SolverEntry};

/// One setting that differs between two sidecars.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// The setting, as the sidecar names it.
    pub setting: &'static str,
    /// Its value in the first run.
    pub first: String,
    /// Its value in the second.
    pub second: String,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} vs {}", self.setting, self.first, self.second)
    }
}

/// How shards compare.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shards {
    /// The same share (a run and its continuation).
    Same,
    /// The same count, any share (shards of one run).
    SameCount,
}

/// The settings [`differences`] compares, as it names them (`shard` is `shard count` for
/// shards of one run): what the help of `merge` and `bench --resume` lists.
pub const SETTINGS: [&str; 13] = [
    "version",
    "git_commit",
    "rustc",
    "limit",
    "repeat",
    "strict",
    "first",
    "seed",
    "permute",
    "shard",
    "timeout",
    "solver",
    "corpus",
];

/// The settings of [`SETTINGS`] a run writes in its sidecar only when they are set; it
/// writes the others always.
const WRITTEN_WHEN_SET: [&str; 5] = ["first", "seed", "permute", "shard", "timeout"];

/// The settings of [`SETTINGS`] that the sidecar `text` does not give, in that order: their
/// values in a [`Sidecar`] read from it are defaults (zeros, nothing), not the run's. A
/// setting every run writes is not given when its key is missing. One written only when
/// set is, when missing, not set, in a sidecar a run wrote whole; in one that lacks a
/// setting every run writes (made by hand, cut short) it is not known either. Text that is
/// not TOML gives none. The solvers are given when each gives its name and budget.
pub fn not_given(text: &str) -> Vec<&'static str> {
    let Some(table) = keys_of(text) else {
        return SETTINGS.to_vec();
    };
    let missing = |key: &&str| !gives(table.get_ref(), key);
    let mut always_written = SETTINGS.iter().filter(|s| !WRITTEN_WHEN_SET.contains(s));
    if !always_written.any(missing) {
        return Vec::new();
    }
    SETTINGS.into_iter().filter(missing).collect()
}

/// What is said of the sidecar at `path`, whose text is `text`, when it does not give
/// some of [`SETTINGS`] (see [`not_given`]): `its sidecar (PATH) does not give limit,
/// repeat`; `None` when it gives them all. Whether its run was made as another cannot be
/// told then (each setting left out would read as 0, or nothing): `merge` and `bench
/// --resume` refuse it with this, where `compare` leaves those settings out.
pub fn not_given_told(path: &Path, text: &str) -> Option<String> {
    let missing = not_given(text);
    (!missing.is_empty()).then(|| {
        format!(
            "its sidecar ({}) does not give {}",
            path.display(),
            missing.join(", ")
        )
    })
}

/// Whether the sidecar `table` gives `setting`: its key, and for `solver` each entry's name
/// and budget (a `[[solver]]` without `max_nodes` would read as a budget of 0 nodes), for
/// `corpus` each entry's path (a `[[corpus]]` without it would read as a corpus named by
/// nothing).
fn gives(table: &DeTable<'_>, setting: &str) -> bool {
    let each_gives = |entries: &[Spanned<DeValue<'_>>], keys: &[&str]| {
        entries.iter().all(|e| entry_gives(e, keys))
    };
    match (setting, table.get(setting).map(Spanned::get_ref)) {
        (_, None) => false,
        ("solver", Some(DeValue::Array(solvers))) => each_gives(solvers, &["name", "max_nodes"]),
        ("corpus", Some(DeValue::Array(corpora))) => each_gives(corpora, &["path"]),
        _ => true,
    }
}

/// What decides the rows of a run: two runs whose settings are equal (`==`) made the same
/// rows for the same puzzles.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// The build: version, git commit, compiler.
    pub build: [String; 3],
    /// Solution limit.
    pub limit: u64,
    /// Timed runs per solve.
    pub repeat: u64,
    /// Whether a malformed line stops the run.
    pub strict: bool,
    /// `--first`, `--seed`, `--permute`.
    pub first_seed_permute: [Option<u64>; 3],
    /// The shard (for shards of one run, its count only: `k` is 0).
    pub shard: Option<ShardEntry>,
    /// A `cmd:` solver's time limit, in seconds.
    pub timeout: Option<f64>,
    /// The solvers, with their budgets and commands.
    pub solver: Vec<SolverEntry>,
    /// The corpora.
    pub corpus: Vec<CorpusSetting>,
}

/// A corpus as two runs' settings compare it. Shards of one run ([`Shards::SameCount`])
/// compare their corpora by content when both sidecars give it (see
/// [`crate::fingerprint`]): the same file named by a relative path and by an absolute one
/// is one corpus, one path that held two contents is two. A run and its continuation
/// ([`Shards::Same`]) compare them by name: what the corpus gives now is checked row by
/// row as the run continues.
#[derive(Debug, Clone)]
pub struct CorpusSetting {
    /// The corpus's name, as the rows give it.
    pub path: String,
    /// Its content as the run started, when the sidecar gives it.
    pub fingerprint: Option<Fingerprint>,
    /// Whether it is compared by content.
    pub by_content: bool,
}

impl PartialEq for CorpusSetting {
    fn eq(&self, other: &CorpusSetting) -> bool {
        match (self.by_content, &self.fingerprint, &other.fingerprint) {
            (true, Some(a), Some(b)) => a == b,
            _ => self.path == other.path,
        }
    }
}

impl fmt::Display for CorpusSetting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.fingerprint, self.by_content) {
            (Some(content), true) => write!(f, "{} ({content})", self.path),
            _ => f.write_str(&self.path),
        }
    }
}

impl Settings {
    /// The settings of the run `sidecar` describes; its shard as `shards` compares them.
    pub fn of(sidecar: &Sidecar, shards: Shards) -> Settings {
        let s = sidecar;
        Settings {
            build: [s.version.clone(), s.git_commit.clone(), s.rustc.clone()],
            limit: s.limit,
            repeat: s.repeat,
            strict: s.strict,
            first_seed_permute: [s.first, s.seed, s.permute],
            shard: s.shard.map(|shard| match shards {
                Shards::Same => shard,
                Shards::SameCount => ShardEntry { k: 0, n: shard.n },
            }),
            timeout: s.timeout,
            solver: s.solver.clone(),
            corpus: s
                .corpus
                .iter()
                .map(|c| CorpusSetting {
                    path: c.path.clone(),
                    fingerprint: c.fingerprint.clone(),
                    by_content: shards == Shards::SameCount,
                })
                .collect(),
        }
    }

    /// Each setting as it is named and shown, in the sidecar's order.
    fn named(&self) -> Vec<(&'static str, String)> {
        let text = |t: &str| {
            if t.is_empty() {
                NONE.into()
            } else {
                format!("{t:?}")
            }
        };
        let number = |n: Option<u64>| n.map_or(NONE.into(), |n| n.to_string());
        let [first, seed, permute] = self.first_seed_permute;
        let shard = self.shard.map_or(NONE.into(), |s| match s.k {
            0 => format!("\"{}\"", s.n),
            _ => format!("\"{s}\""),
        });
        let solvers: Vec<String> = self.solver.iter().map(solver_shown).collect();
        let corpora: Vec<String> = self.corpus.iter().map(ToString::to_string).collect();
        vec![
            ("version", text(&self.build[0])),
            ("git_commit", text(&self.build[1])),
            ("rustc", text(&self.build[2])),
            ("limit", self.limit.to_string()),
            ("repeat", self.repeat.to_string()),
            ("strict", self.strict.to_string()),
            ("first", number(first)),
            ("seed", number(seed)),
            ("permute", number(permute)),
            ("shard", shard),
            (
                "timeout",
                self.timeout.map_or(NONE.into(), |t| t.to_string()),
            ),
            ("solver", solvers.join(", ")),
            ("corpus", corpora.join(", ")),
        ]
    }
}

/// How a setting that is not set is shown.
const NONE: &str = "(none)";

/// A solver as a difference names it: `dlx (10 nodes)`, `mine (cmd:./x, 0 nodes)`.
fn solver_shown(e: &SolverEntry) -> String {
    match &e.command {
        Some(c) => format!("{} (cmd:{c}, {} nodes)", e.name, e.max_nodes),
        None => format!("{} ({} nodes)", e.name, e.max_nodes),
    }
}

/// The settings that differ between `a` and `b`, in the sidecar's order.
pub fn differences(a: &Sidecar, b: &Sidecar, shards: Shards) -> Vec<Difference> {
    let (a, b) = (Settings::of(a, shards), Settings::of(b, shards));
    if a == b {
        return Vec::new();
    }
    let named = a.named().into_iter().zip(b.named());
    // The corpora by their own comparison (by content, shown with their paths); the
    // others as shown.
    let differ = named.filter(|((setting, x), (_, y))| match *setting {
        "corpus" => a.corpus != b.corpus,
        _ => x != y,
    });
    differ
        .map(|((setting, first), (_, second))| Difference {
            setting: match (setting, shards) {
                ("shard", Shards::SameCount) => "shard count",
                _ => setting,
            },
            first,
            second,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sidecar::CorpusEntry;

    fn run() -> Sidecar {
        Sidecar {
            version: "0.1.0".into(),
            git_commit: "abc".into(),
            limit: 1,
            repeat: 1,
            threads: 2,
            shard: Some(ShardEntry { k: 1, n: 4 }),
            solver: vec![SolverEntry {
                name: "dlx".into(),
                max_nodes: 10,
                command: None,
                ..SolverEntry::default()
            }],
            corpus: vec![CorpusEntry {
                path: "a.txt".into(),
                ..CorpusEntry::default()
            }],
            ..Sidecar::default()
        }
    }

    #[test]
    fn every_setting_listed_is_compared_and_no_other() {
        let b = Sidecar {
            version: "0.2.0".into(),
            git_commit: "def".into(),
            rustc: "rustc 2".into(),
            limit: 2,
            repeat: 3,
            strict: true,
            first: Some(5),
            seed: Some(9),
            permute: Some(7),
            shard: Some(ShardEntry { k: 2, n: 4 }),
            timeout: Some(1.0),
            solver: Vec::new(),
            corpus: Vec::new(),
            ..run()
        };
        let named: Vec<&str> = differences(&run(), &b, Shards::Same)
            .iter()
            .map(|d| d.setting)
            .collect();
        assert_eq!(named, SETTINGS);
    }

    #[test]
    fn a_setting_the_text_leaves_out_is_not_given() {
        let none: [&str; 0] = [];
        let text = Sidecar {
            seed: Some(9),
            ..run()
        }
        .to_toml();
        assert_eq!(not_given(&text), none);
        // Written by a run whole: `seed` left out is not set (as an earlier version wrote).
        assert_eq!(not_given(&text.replace("seed = 9\n", "")), none);
        let only_state = "state = \"finished\"\n";
        assert_eq!(not_given(only_state), SETTINGS);
        assert_eq!(not_given("limit = ["), SETTINGS);
        let no_limit = text.replace("limit = 1\n", "");
        assert_eq!(
            not_given(&no_limit),
            ["limit", "first", "permute", "timeout"]
        );
        let path = Path::new("r/x.run.toml");
        assert_eq!(not_given_told(path, &text), None);
        assert_eq!(
            not_given_told(path, &no_limit).as_deref(),
            Some("its sidecar (r/x.run.toml) does not give limit, first, permute, timeout")
        );
        // A solver without its budget: the solvers are not given (not "dlx (0 nodes)").
        let no_budget = text.replace("max_nodes = 10\n", "");
        assert_ne!(no_budget, text);
        assert_eq!(
            not_given(&no_budget),
            ["first", "permute", "timeout", "solver"]
        );
        // A corpus without its path: the corpora are not given (not a corpus named "").
        let no_path = text.replace("path = \"a.txt\"\n", "");
        assert_ne!(no_path, text);
        assert_eq!(
            not_given(&no_path),
            ["first", "permute", "timeout", "corpus"]
        );
    }

    /// A seed above `i64::MAX` (`--seed 18446744073709551615`), which a run writes and
    /// `Sidecar::parse` reads, leaves every setting given (`merge` and `--resume` refused
    /// such a run: its sidecar "does not give version, git_commit, …").
    #[test]
    fn a_seed_above_i64_max_leaves_every_setting_given() {
        for seed in [None, Some(u64::MAX)] {
            let text = Sidecar { seed, ..run() }.to_toml();
            let written = text.contains(&format!("seed = {}\n", u64::MAX));
            assert_eq!(written, seed.is_some(), "{text}");
            assert_eq!(Sidecar::parse(&text, Path::new("x")).unwrap().seed, seed);
            assert_eq!(not_given(&text), [""; 0], "{text}");
        }
    }

    /// Shards of one run compare their corpora by content: one file by two paths is one
    /// corpus, one path that held two contents is two, named with both.
    #[test]
    fn shards_compare_their_corpora_by_content() {
        let with = |path: &str, content: &[u8]| Sidecar {
            corpus: vec![CorpusEntry {
                path: path.into(),
                fingerprint: Some(Fingerprint::of_bytes(content)),
                ..CorpusEntry::default()
            }],
            ..run()
        };
        let a = with("a.txt", b"1.3..4..2...1..4\n");
        let absolute = with("/home/x/a.txt", b"1.3..4..2...1..4\n");
        assert_eq!(differences(&a, &absolute, Shards::SameCount), []);
        let other = with("a.txt", b"1.3..4..2...1..3\n");
        let differ = differences(&a, &other, Shards::SameCount);
        assert_eq!(differ.len(), 1);
        assert_eq!(differ[0].setting, "corpus");
        assert!(
            differ[0].first.starts_with("a.txt (17 bytes, xxh3 ")
                && differ[0].first != differ[0].second,
            "{}",
            differ[0]
        );
        // A run and its continuation: by name (the rows are checked against the corpus).
        assert_eq!(differences(&a, &other, Shards::Same), []);
        assert_eq!(differences(&a, &absolute, Shards::Same).len(), 1);
    }

    #[test]
    fn what_decides_the_rows_must_match_and_is_named() {
        let a = run();
        let b = Sidecar {
            threads: 8,
            cpu: "another".into(),
            shard: Some(ShardEntry { k: 3, n: 4 }),
            ..run()
        };
        assert_eq!(differences(&a, &b, Shards::SameCount), []);
        assert_eq!(
            differences(&a, &b, Shards::Same)
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            ["shard: \"1/4\" vs \"3/4\""]
        );
        let mut c = Sidecar {
            git_commit: "def".into(),
            permute: Some(7),
            shard: Some(ShardEntry { k: 1, n: 5 }),
            ..run()
        };
        c.solver[0].max_nodes = 11;
        let named: Vec<String> = differences(&a, &c, Shards::SameCount)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            named,
            [
                "git_commit: \"abc\" vs \"def\"",
                "permute: (none) vs 7",
                "shard count: \"4\" vs \"5\"",
                "solver: dlx (10 nodes) vs dlx (11 nodes)",
            ]
        );
    }
}
