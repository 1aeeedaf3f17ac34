//! The strategies the runner knows, by name, and their default node budgets.

use anyhow::{bail, Result};
use sudoku_core::Solver;

/// Every strategy, in the default order.
pub const ALL: [&str; 4] = ["naive", "reduce", "norvig", "dlx"];

/// The default node budget of one solve per strategy, so that any single solve stays
/// within a few seconds. Measured costs of a node (release build, one core of an AMD EPYC):
/// naive about 10 ns (the anti-brute-force grid, 69,175,317 nodes, in 0.71 s), dlx about
/// 0.15 µs (top1465: 374 nodes in 56 µs on average), norvig 0.3-0.5 µs (Norvig's hard1
/// under limit 2, 658,727 nodes, in 0.21 s), reduce about 0.9 µs (hard1 under limit 1,
/// 794,444 nodes, in 0.72 s). Each budget stays far above the largest count of the golden
/// corpora (naive: 116,038,118 on top95), so the default run exhausts none of them.
pub const DEFAULT_MAX_NODES: [(&str, u64); 4] = [
    ("naive", 200_000_000),
    ("reduce", 5_000_000),
    ("norvig", 10_000_000),
    ("dlx", 20_000_000),
];

/// `--help` text of `--max-nodes`, listing the defaults above.
pub const DEFAULT_MAX_NODES_HELP: &str = "Node budget of every single solve (nodes = 1 + tries); \
a solve that reaches it stops with status budget_exhausted. An explicit N applies to every solver.

[default: per solver, so that any single solve stays within seconds:
 naive 200000000, reduce 5000000, norvig 10000000, dlx 20000000]";

/// The default node budget of a strategy.
pub fn default_max_nodes(name: &str) -> u64 {
    DEFAULT_MAX_NODES
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(1_000_000, |&(_, m)| m)
}

/// A strategy in its default configuration (whatever state it holds).
fn boxed<S: Solver + Default + 'static>() -> Box<dyn Solver> {
    Box::new(S::default())
}

/// The solver of that name.
pub fn by_name(name: &str) -> Result<Box<dyn Solver>> {
    Ok(match name {
        "naive" => boxed::<sudoku_naive::Naive>(),
        "reduce" => boxed::<sudoku_reduce::Reduce>(),
        "norvig" => boxed::<sudoku_norvig::Norvig>(),
        "dlx" => boxed::<sudoku_dlx::Dlx>(),
        other => bail!(
            "unknown solver {other:?}: the solvers are {}",
            ALL.join(", ")
        ),
    })
}

/// Parses a comma-separated list of solver names (`all` = every one), keeping its order
/// and dropping repeats.
pub fn parse_list(list: &str) -> Result<Vec<Box<dyn Solver>>> {
    let mut names: Vec<&str> = Vec::new();
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        if name == "all" {
            names.extend(ALL);
        } else {
            names.push(name);
        }
    }
    if names.is_empty() {
        bail!("no solver given: the solvers are {}", ALL.join(", "));
    }
    let mut seen = Vec::new();
    names.retain(|n| {
        let first = !seen.contains(n);
        seen.push(*n);
        first
    });
    names.into_iter().map(by_name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_keep_their_order_and_drop_repeats() {
        let names: Vec<_> = parse_list("dlx, naive,dlx")
            .unwrap()
            .iter()
            .map(|s| s.name())
            .collect();
        assert_eq!(names, ["dlx", "naive"]);
        let all: Vec<_> = parse_list("all")
            .unwrap()
            .iter()
            .map(|s| s.name())
            .collect();
        assert_eq!(all, ALL);
    }

    #[test]
    fn the_help_gives_every_default_budget() {
        for (name, budget) in DEFAULT_MAX_NODES {
            assert!(
                DEFAULT_MAX_NODES_HELP.contains(&format!("{name} {budget}")),
                "{name}"
            );
            assert_eq!(default_max_nodes(name), budget);
        }
    }

    #[test]
    fn an_unknown_name_lists_the_valid_ones() {
        let err = parse_list("norvig,fast").err().unwrap().to_string();
        assert_eq!(
            err,
            "unknown solver \"fast\": the solvers are naive, reduce, norvig, dlx"
        );
        assert!(parse_list(" , ").is_err());
    }
}
