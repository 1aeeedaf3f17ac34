//! Whether two runs were made the same way: what `merge` (shards of one run) and `bench
//! --resume` check in the sidecars, naming what differs. The settings that decide the rows
//! must be equal; where and how fast a run went (date, CPU, threads, pinning, warm-up, the
//! command line) may differ.

use std::fmt;

use crate::sidecar::{CorpusEntry, Sidecar, SolverEntry};

/// One setting that differs between two sidecars.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{setting}: {first} vs {second}")]
pub struct Difference {
    /// The setting, as the sidecar names it.
    pub setting: &'static str,
    /// Its value in the first run.
    pub first: String,
    /// Its value in the second.
    pub second: String,
}

/// How shards compare.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shards {
    /// The same share (a run and its continuation).
    Same,
    /// The same count, any share, and the corpora by content (shards of one run).
    SameCount,
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

/// A setting not set, as a difference shows it.
const NONE: &str = "(none)";

/// A setting's value, or [`NONE`].
fn or_none<T: fmt::Display>(value: &Option<T>) -> String {
    value.as_ref().map_or(NONE.into(), T::to_string)
}

/// The settings that differ between `a` and `b`, each compared with `==` and shown in its
/// short form (a solver's budgets by size too when the short forms are the same). A corpus
/// is compared by its fingerprint between shards, where it has one (see the book's "Runs:
/// what they are known by"), else by its path.
pub fn differences<'a>(a: &'a Sidecar, b: &'a Sidecar, shards: Shards) -> Vec<Difference> {
    let ab = [a, b];
    let text = |t: &&String| match t.as_str() {
        "" => NONE.into(),
        t => format!("{t:?}"),
    };
    let solvers = |full| move |s: &&Vec<_>| joined(s.iter().map(|e| solver_shown(e, full)));
    let full = solvers(false)(&&a.solver) == solvers(false)(&&b.solver);
    let by_content = shards == Shards::SameCount;
    let content = |c: &'a CorpusEntry| c.fingerprint.as_ref().filter(|_| by_content).ok_or(&c.path);
    let corpus = |s: &'a Sidecar| s.corpus.iter().map(content).collect::<Vec<_>>();
    let corpora = |s: &'a Sidecar| {
        joined(s.corpus.iter().map(|c| match content(c) {
            Ok(content) => format!("{} ({content})", c.path),
            Err(path) => path.clone(),
        }))
    };
    [
        differ(ab, "version", |s| &s.version, text),
        differ(ab, "git_commit", |s| &s.git_commit, text),
        differ(ab, "rustc", |s| &s.rustc, text),
        differ(ab, "limit", |s| s.limit, u64::to_string),
        differ(ab, "repeat", |s| s.repeat, u64::to_string),
        differ(ab, "strict", |s| s.strict, bool::to_string),
        differ(ab, "first", |s| s.first, or_none),
        differ(ab, "seed", |s| s.seed, or_none),
        differ(ab, "permute", |s| s.permute, or_none),
        match shards {
            Shards::Same => differ(ab, "shard", |s| s.shard, or_none),
            Shards::SameCount => differ(ab, "shard count", |s| s.shard.map(|s| s.n), or_none),
        },
        // A time limit by its bits: a `nan` is equal to itself.
        differ(
            ab,
            "timeout",
            |s| s.timeout.map(f64::to_bits),
            |t| or_none(&t.map(f64::from_bits)),
        ),
        differ(ab, "solver", |s| &s.solver, solvers(full)),
        (corpus(a) != corpus(b)).then(|| Difference {
            setting: "corpus",
            first: corpora(a),
            second: corpora(b),
        }),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The difference of `setting` between the runs when its `key` differs, shown by `show`.
fn differ<'a, T: PartialEq>(
    runs: [&'a Sidecar; 2],
    setting: &'static str,
    key: impl Fn(&'a Sidecar) -> T,
    show: impl Fn(&T) -> String,
) -> Option<Difference> {
    let [x, y] = runs.map(key);
    (x != y).then(|| Difference {
        setting,
        first: show(&x),
        second: show(&y),
    })
}

/// `items`, separated by commas.
fn joined(items: impl Iterator<Item = String>) -> String {
    items.collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::fingerprint::Fingerprint;
    use crate::sidecar::ShardEntry;

    fn run() -> Sidecar {
        Sidecar {
            git_commit: "abc".into(),
            shard: Some(ShardEntry { k: 1, n: 4 }),
            solver: vec![SolverEntry {
                name: "dlx".into(),
                max_nodes: 10,
                ..SolverEntry::default()
            }],
            corpus: vec![CorpusEntry {
                path: "a.txt".into(),
                fingerprint: Some(Fingerprint::of_bytes(b"a")),
                ..CorpusEntry::default()
            }],
            ..Sidecar::default()
        }
    }

    /// The differences of `a` and `b`, as they are said.
    fn told(a: &Sidecar, b: &Sidecar, shards: Shards) -> String {
        let differ = differences(a, b, shards);
        differ
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// Every setting that decides the rows, and no other, each kind of value as a
    /// difference shows it; between shards, a corpus by its content.
    #[test]
    fn what_decides_the_rows_is_named() {
        let mut b = Sidecar {
            version: "0.2.0".into(),
            git_commit: "def".into(),
            limit: 2,
            strict: true,
            first: Some(5),
            seed: Some(9),
            permute: Some(7),
            shard: Some(ShardEntry { k: 2, n: 5 }),
            timeout: Some(f64::NAN),
            cpu: "another".into(),
            threads: 8,
            ..run()
        };
        (b.rustc, b.repeat, b.solver[0].max_nodes) = ("rustc 2".into(), 3, 11);
        b.corpus[0].path = "/a.txt".into();
        let said = "version: (none) vs \"0.2.0\"; git_commit: \"abc\" vs \"def\"; rustc: (none) \
                    vs \"rustc 2\"; limit: 0 vs 2; repeat: 0 vs 3; strict: false vs true; first: \
                    (none) vs 5; seed: (none) vs 9; permute: (none) vs 7; shard count: 4 vs 5; \
                    timeout: (none) vs NaN; solver: dlx (10 nodes) vs dlx (11 nodes)";
        assert_eq!(told(&run(), &b, Shards::SameCount), said);
        let same = told(&run(), &b, Shards::Same);
        assert!(
            same.contains("; shard: 1/4 vs 2/5; ") && same.ends_with("; corpus: a.txt vs /a.txt")
        );
        assert_eq!(told(&b, &b.clone(), Shards::Same), "", "a NaN is itself");
    }

    /// Shown in full where the short forms are the same: a solver's budgets by size, a
    /// corpus's content.
    #[test]
    fn the_full_form_where_the_short_one_is_the_same() {
        let mut c = run();
        c.solver[0].max_nodes_by_size = BTreeMap::from([("16x16".into(), 5)]);
        c.corpus[0].fingerprint = Some(Fingerprint::of_bytes(b"b"));
        let said =
            "solver: dlx (10 nodes) vs dlx (10 nodes, 16x16: 5); corpus: a.txt (1 bytes, xxh3 ";
        assert!(told(&run(), &c, Shards::SameCount).starts_with(said));
    }
}
