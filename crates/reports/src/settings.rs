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

use crate::fingerprint::Fingerprint;
use crate::sidecar::{gives, keys_of, ShardEntry, Sidecar, SolverEntry};

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
/// not TOML gives none. The solvers are given when each gives its name and budget (a
/// `[[solver]]` without `max_nodes` would read as a budget of 0 nodes), the corpora when
/// each gives its path (not a corpus named by nothing).
pub fn not_given(text: &str) -> Vec<&'static str> {
    let Some(table) = keys_of(text) else {
        return SETTINGS.to_vec();
    };
    let missing = |setting: &&str| {
        let inner: &[&str] = match *setting {
            "solver" => &["solver.name", "solver.max_nodes"],
            "corpus" => &["corpus.path"],
            _ => &[],
        };
        !gives(&table, setting) || !inner.iter().all(|key| gives(&table, key))
    };
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

/// The value of one setting: compared with `==`, shown as a difference names it. Its
/// alternate form (`{:#}`) shows the solvers' budgets by size too.
#[derive(Debug, Clone, PartialEq)]
enum Value {
    /// Not set, or an empty text: `(none)`.
    Unset,
    /// A text, shown quoted.
    Text(String),
    /// A number, shown as it is.
    Plain(u64),
    /// `--strict`.
    Flag(bool),
    /// A time limit in seconds, by its bits (so that a `nan` is equal to itself).
    Seconds(u64),
    /// The shard, shown quoted: of a run and its continuation.
    Shard(ShardEntry),
    /// The shard count, shown quoted: of shards of one run.
    ShardCount(u64),
    /// The solvers, with their budgets and commands.
    Solvers(Vec<SolverEntry>),
    /// The corpora.
    Corpora(Vec<CorpusSetting>),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let joined =
            |f: &mut fmt::Formatter<'_>, items: Vec<String>| f.write_str(&items.join(", "));
        match self {
            Value::Unset => f.write_str("(none)"),
            Value::Text(text) => write!(f, "{text:?}"),
            Value::Plain(n) => write!(f, "{n}"),
            Value::Flag(b) => write!(f, "{b}"),
            Value::Seconds(bits) => write!(f, "{}", f64::from_bits(*bits)),
            Value::Shard(shard) => write!(f, "\"{shard}\""),
            Value::ShardCount(n) => write!(f, "\"{n}\""),
            Value::Solvers(solvers) => {
                let full = f.alternate();
                joined(f, solvers.iter().map(|s| solver_shown(s, full)).collect())
            }
            Value::Corpora(corpora) => joined(f, corpora.iter().map(ToString::to_string).collect()),
        }
    }
}

/// A solver as a difference names it: `dlx (10 nodes)`, `mine (cmd:./x, 0 nodes)`; `full`,
/// with its budgets by size (`dlx (10 nodes, 16x16: 5)`).
fn solver_shown(e: &SolverEntry, full: bool) -> String {
    let command = e
        .command
        .as_ref()
        .map_or(String::new(), |c| format!("cmd:{c}, "));
    let by_size = e.max_nodes_by_size.iter().filter(|_| full);
    let by_size: String = by_size.map(|(size, n)| format!(", {size}: {n}")).collect();
    format!("{} ({command}{} nodes{by_size})", e.name, e.max_nodes)
}

/// A corpus as two runs' settings compare it. Shards of one run ([`Shards::SameCount`])
/// compare their corpora by content when both sidecars give it (see
/// [`crate::fingerprint`]): the same file named by a relative path and by an absolute one
/// is one corpus, one path that held two contents is two. A run and its continuation
/// ([`Shards::Same`]) compare them by name: what the corpus gives now is checked row by
/// row as the run continues.
#[derive(Debug, Clone)]
struct CorpusSetting {
    path: String,
    fingerprint: Option<Fingerprint>,
    by_content: bool,
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

/// What decides the rows of the run `s` describes, in the order of [`SETTINGS`]: two runs
/// whose settings are equal made the same rows for the same puzzles. Its shard as `shards`
/// compares them.
fn settings(s: &Sidecar, shards: Shards) -> [Value; 13] {
    let text = |t: &str| match t {
        "" => Value::Unset,
        t => Value::Text(t.into()),
    };
    let number = |n: Option<u64>| n.map_or(Value::Unset, Value::Plain);
    let shard = s.shard.map_or(Value::Unset, |shard| match shards {
        Shards::Same => Value::Shard(shard),
        Shards::SameCount => Value::ShardCount(shard.n),
    });
    let corpora = s.corpus.iter().map(|c| CorpusSetting {
        path: c.path.clone(),
        fingerprint: c.fingerprint.clone(),
        by_content: shards == Shards::SameCount,
    });
    [
        text(&s.version),
        text(&s.git_commit),
        text(&s.rustc),
        Value::Plain(s.limit),
        Value::Plain(s.repeat),
        Value::Flag(s.strict),
        number(s.first),
        number(s.seed),
        number(s.permute),
        shard,
        s.timeout
            .map_or(Value::Unset, |t| Value::Seconds(t.to_bits())),
        Value::Solvers(s.solver.clone()),
        Value::Corpora(corpora.collect()),
    ]
}

/// The settings that differ between `a` and `b`, in the sidecar's order, each shown in
/// its short form, or its full one when the short forms are the same.
pub fn differences(a: &Sidecar, b: &Sidecar, shards: Shards) -> Vec<Difference> {
    let named = SETTINGS
        .into_iter()
        .zip(settings(a, shards).into_iter().zip(settings(b, shards)));
    named
        .filter(|(_, (x, y))| x != y)
        .map(|(setting, (x, y))| {
            let (mut first, mut second) = (x.to_string(), y.to_string());
            if first == second {
                (first, second) = (format!("{x:#}"), format!("{y:#}"));
            }
            let setting = match (setting, shards) {
                ("shard", Shards::SameCount) => "shard count",
                _ => setting,
            };
            Difference {
                setting,
                first,
                second,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

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
                ..SolverEntry::default()
            }],
            corpus: vec![CorpusEntry {
                path: "a.txt".into(),
                ..CorpusEntry::default()
            }],
            ..Sidecar::default()
        }
    }

    /// The differences of `a` and `b`, as they are said.
    fn told(a: &Sidecar, b: &Sidecar, shards: Shards) -> Vec<String> {
        let differ = differences(a, b, shards);
        differ.iter().map(ToString::to_string).collect()
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
            cpu: "another".into(),
            threads: 8,
            ..run()
        };
        let differ = differences(&run(), &b, Shards::Same);
        assert_eq!(
            differ.iter().map(|d| d.setting).collect::<Vec<_>>(),
            SETTINGS
        );
    }

    /// The text with a line cut out, and the settings it does not give then: one written
    /// only when set is not set when the others are given (as an earlier version wrote),
    /// and not known when one is not; a solver without its budget, a corpus without its
    /// path are not given (not `dlx (0 nodes)`, not a corpus named "").
    #[test]
    fn a_setting_the_text_leaves_out_is_not_given() {
        let text = Sidecar {
            seed: Some(9),
            ..run()
        }
        .to_toml();
        assert_eq!(not_given(&text), [""; 0]);
        let unset = ["first", "permute", "timeout"];
        for (line, not) in [
            ("seed = 9\n", vec![]),
            ("limit = 1\n", [&["limit"][..], &unset].concat()),
            ("max_nodes = 10\n", [&unset[..], &["solver"]].concat()),
            ("path = \"a.txt\"\n", [&unset[..], &["corpus"]].concat()),
        ] {
            let cut = text.replacen(line, "", 1);
            assert_ne!(cut, text, "{line}");
            assert_eq!(not_given(&cut), not, "{cut}");
        }
        assert_eq!(not_given("state = \"finished\"\n"), SETTINGS);
        assert_eq!(not_given("limit = ["), SETTINGS);
        let path = Path::new("r/x.run.toml");
        assert_eq!(not_given_told(path, &text), None);
        assert_eq!(
            not_given_told(path, &text.replace("limit = 1\n", "")).as_deref(),
            Some("its sidecar (r/x.run.toml) does not give limit, first, permute, timeout")
        );
    }

    /// Shards of one run compare their corpora by content: one file by two paths is one
    /// corpus, one path that held two contents is two, named with both. A run and its
    /// continuation compare them by name (the rows are checked against the corpus).
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
        let other = with("a.txt", b"1.3..4..2...1..3\n");
        assert_eq!(differences(&a, &absolute, Shards::SameCount), []);
        let differ = differences(&a, &other, Shards::SameCount);
        assert_eq!(differ.len(), 1);
        assert_eq!(differ[0].setting, "corpus");
        assert!(
            differ[0].first.starts_with("a.txt (17 bytes, xxh3 ")
                && differ[0].first != differ[0].second,
            "{}",
            differ[0]
        );
        assert_eq!(differences(&a, &other, Shards::Same), []);
        assert_eq!(
            told(&a, &absolute, Shards::Same),
            ["corpus: a.txt vs /home/x/a.txt"]
        );
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
        assert_eq!(told(&a, &b, Shards::Same), ["shard: \"1/4\" vs \"3/4\""]);
        let mut c = Sidecar {
            git_commit: "def".into(),
            permute: Some(7),
            shard: Some(ShardEntry { k: 1, n: 5 }),
            timeout: Some(f64::NAN),
            ..run()
        };
        c.solver[0].max_nodes = 11;
        assert_eq!(
            told(&a, &c, Shards::SameCount),
            [
                "git_commit: \"abc\" vs \"def\"",
                "permute: (none) vs 7",
                "shard count: \"4\" vs \"5\"",
                "timeout: (none) vs NaN",
                "solver: dlx (10 nodes) vs dlx (11 nodes)",
            ]
        );
        assert_eq!(
            differences(&c, &c.clone(), Shards::Same),
            [],
            "a NaN is itself"
        );
    }

    /// Two budgets by size differ where the 9x9 one is the same (`--max-nodes` given as the
    /// default, which leaves no budget by size): shown in full (they were not told apart).
    #[test]
    fn budgets_by_size_that_differ_are_shown_in_full() {
        let mut by_size = run();
        by_size.solver[0].max_nodes_by_size = BTreeMap::from([("16x16".into(), 5)]);
        by_size.solver[0].command = Some("./x".into());
        let mut a = run();
        a.solver[0].command = Some("./x".into());
        assert_eq!(
            told(&a, &by_size, Shards::Same),
            ["solver: dlx (cmd:./x, 10 nodes) vs dlx (cmd:./x, 10 nodes, 16x16: 5)"]
        );
    }
}
