//! Whether two runs were made the same way: what `merge` (shards of one run) and `bench
//! --resume` check in the sidecars, naming what differs. The settings that decide the rows
//! ([`SETTINGS`]) must be equal; where and how fast a run went (date, CPU, threads, pinning,
//! warm-up, the command line) may differ.

use std::fmt;

use crate::fingerprint::Fingerprint;
use crate::sidecar::{ShardEntry, Sidecar, SolverEntry};

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
/// shards of one run).
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

/// The value of one setting, compared with `==`; its alternate form (`{:#}`) shows the
/// solvers' budgets by size too.
#[derive(Debug, Clone, PartialEq)]
enum Value {
    /// Not set, or an empty text.
    Unset,
    Text(String),
    Plain(u64),
    Flag(bool),
    /// A time limit in seconds, by its bits (a `nan` is equal to itself).
    Seconds(u64),
    Shard(ShardEntry),
    ShardCount(u64),
    Solvers(Vec<SolverEntry>),
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

/// `dlx (10 nodes)`, `mine (cmd:./x, 0 nodes)`; `full`: `dlx (10 nodes, 16x16: 5)`.
fn solver_shown(e: &SolverEntry, full: bool) -> String {
    let command = e
        .command
        .as_ref()
        .map_or(String::new(), |c| format!("cmd:{c}, "));
    let by_size = e.max_nodes_by_size.iter().filter(|_| full);
    let by_size: String = by_size.map(|(size, n)| format!(", {size}: {n}")).collect();
    format!("{} ({command}{} nodes{by_size})", e.name, e.max_nodes)
}

/// A corpus as two runs compare it: shards of one run by content when both sidecars give
/// it, a run and its continuation by name (its rows are checked against the corpus as it
/// continues; see the book's "Runs: what they are known by").
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

/// What decides the rows of the run `s` describes, in the order of [`SETTINGS`].
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

/// The settings that differ between `a` and `b`, each in its short form, or its full one
/// when the short forms are the same.
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
        let named: Vec<_> = differ.iter().map(|d| d.setting).collect();
        assert_eq!(named, SETTINGS);
    }

    /// Shards of one run compare their corpora by content: one file by two paths is one
    /// corpus, one path that held two contents is two. A run and its continuation compare
    /// them by name.
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
        let differ = told(&a, &other, Shards::SameCount);
        let both = differ[0]
            .strip_prefix("corpus: a.txt (17 bytes, xxh3 ")
            .unwrap();
        assert!(both.contains(" vs a.txt (17 bytes, xxh3 "), "{differ:?}");
        assert_eq!(differences(&a, &other, Shards::Same), []);
        let by_name = ["corpus: a.txt vs /home/x/a.txt"];
        assert_eq!(told(&a, &absolute, Shards::Same), by_name);
    }

    /// Each kind of value as a difference shows it; budgets by size in full when the 9x9
    /// ones are the same.
    #[test]
    fn what_decides_the_rows_is_named() {
        let mut c = Sidecar {
            git_commit: "def".into(),
            permute: Some(7),
            shard: Some(ShardEntry { k: 1, n: 5 }),
            timeout: Some(f64::NAN),
            ..run()
        };
        c.solver[0].max_nodes = 11;
        let said = [
            "git_commit: \"abc\" vs \"def\"",
            "permute: (none) vs 7",
            "shard count: \"4\" vs \"5\"",
            "timeout: (none) vs NaN",
            "solver: dlx (10 nodes) vs dlx (11 nodes)",
        ];
        assert_eq!(told(&run(), &c, Shards::SameCount), said);
        assert_eq!(
            differences(&c, &c.clone(), Shards::Same),
            [],
            "a NaN is itself"
        );
        let mut by_size = run();
        by_size.solver[0].max_nodes_by_size = BTreeMap::from([("16x16".into(), 5)]);
        by_size.solver[0].command = Some("./x".into());
        let mut a = run();
        a.solver[0].command = Some("./x".into());
        let full = ["solver: dlx (cmd:./x, 10 nodes) vs dlx (cmd:./x, 10 nodes, 16x16: 5)"];
        assert_eq!(told(&a, &by_size, Shards::Same), full);
    }
}
