//! Whether two runs were made the same way: what `merge` (shards of one run) and `bench
//! --resume` check in the sidecars, naming what differs. The settings that decide the rows
//! ([`SETTINGS`]) must be equal; where and how fast a run went (date, CPU, threads, pinning,
//! warm-up, the command line) may differ.

use std::fmt;

use crate::fingerprint::Fingerprint;
use crate::sidecar::{Sidecar, SolverEntry};

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

/// A setting not set, as a difference shows it.
const NONE: &str = "(none)";

/// The settings that differ between `a` and `b`, in the order of [`SETTINGS`], each
/// compared with `==` and shown in its short form (a solver's budgets by size too when the
/// short forms are the same).
pub fn differences(a: &Sidecar, b: &Sidecar, shards: Shards) -> Vec<Difference> {
    let mut out = Vec::new();
    let text = |t: &&String| match t.as_str() {
        "" => NONE.into(),
        t => format!("{t:?}"),
    };
    let plain = |n: &u64| n.to_string();
    let number = |n: &Option<u64>| n.map_or(NONE.into(), |n| n.to_string());
    let quoted = |n: &Option<String>| n.as_ref().map_or(NONE.into(), |n| format!("\"{n}\""));
    compare(&mut out, "version", [&a.version, &b.version], text);
    compare(&mut out, "git_commit", [&a.git_commit, &b.git_commit], text);
    compare(&mut out, "rustc", [&a.rustc, &b.rustc], text);
    compare(&mut out, "limit", [a.limit, b.limit], plain);
    compare(&mut out, "repeat", [a.repeat, b.repeat], plain);
    compare(&mut out, "strict", [a.strict, b.strict], |b| b.to_string());
    compare(&mut out, "first", [a.first, b.first], number);
    compare(&mut out, "seed", [a.seed, b.seed], number);
    compare(&mut out, "permute", [a.permute, b.permute], number);
    match shards {
        Shards::Same => compare(&mut out, "shard", [a.shard, b.shard], |s| {
            quoted(&s.map(|s| s.to_string()))
        }),
        Shards::SameCount => {
            let count = [a.shard, b.shard].map(|s| s.map(|s| s.n));
            compare(&mut out, "shard count", count, |n| {
                quoted(&n.map(|n| n.to_string()))
            });
        }
    }
    // A time limit by its bits: a `nan` is equal to itself.
    let timeout = [a.timeout, b.timeout].map(|t| t.map(f64::to_bits));
    compare(&mut out, "timeout", timeout, |t| {
        t.map_or(NONE.into(), |t| f64::from_bits(t).to_string())
    });
    let solvers =
        |full| move |s: &&Vec<SolverEntry>| joined(s.iter().map(|e| solver_shown(e, full)));
    compare(&mut out, "solver", [&a.solver, &b.solver], solvers(false));
    if let Some(d) = out
        .last_mut()
        .filter(|d| d.setting == "solver" && d.first == d.second)
    {
        (d.first, d.second) = (solvers(true)(&&a.solver), solvers(true)(&&b.solver));
    }
    let corpora = [a, b].map(|s| {
        let corpora = s.corpus.iter().map(|c| CorpusSetting {
            path: c.path.clone(),
            fingerprint: c.fingerprint.clone(),
            by_content: shards == Shards::SameCount,
        });
        corpora.collect::<Vec<_>>()
    });
    compare(&mut out, "corpus", corpora, |c| {
        joined(c.iter().map(ToString::to_string))
    });
    out
}

/// Adds `setting` to `out` when its values `x` and `y` differ, each shown by `show`.
fn compare<T: PartialEq>(
    out: &mut Vec<Difference>,
    setting: &'static str,
    [x, y]: [T; 2],
    show: impl Fn(&T) -> String,
) {
    if x != y {
        let (first, second) = (show(&x), show(&y));
        out.push(Difference {
            setting,
            first,
            second,
        });
    }
}

/// `items`, separated by commas.
fn joined(items: impl Iterator<Item = String>) -> String {
    items.collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::sidecar::{CorpusEntry, ShardEntry};

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
