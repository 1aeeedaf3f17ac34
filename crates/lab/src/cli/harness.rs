//! `bench`'s options for tdoku's method (isomorphs, warm-up, pinning), solvers run by
//! command, and clusters (shards, resume), as the book's chapters of these names tell.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use clap::Args;
use sudoku_engine::Shard;

use super::numbers::expected;

/// `--timeout`, one meaning and one default for `bench` and `solve`.
#[derive(Debug, Clone, Copy, Args)]
pub struct Timeout {
    /// The time limit of one answer of a cmd: solver (the book's "Any solver, in any language").
    #[arg(id = "timeout", long = "timeout", value_name = "SECONDS", default_value = "10",
          value_parser = parse_timeout)]
    pub limit: Duration,
}

/// Options of `bench` for the benchmark method and clusters.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Method and clusters")]
pub struct HarnessArgs {
    /// Solve each puzzle as a random isomorph drawn from SEED (the book's "tdoku's method").
    #[arg(long, value_name = "SEED")]
    pub permute: Option<u64>,

    /// Before timing, solve the first puzzles untimed for SECONDS (or a duration, as 500ms).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub warmup: Option<Duration>,

    /// Pin the workers to the cores listed (`0,2`, `0-3`, `all`), `auto` or `none`.
    #[arg(long, value_name = "CPUS", default_value = "auto")]
    pub pin: CpuList,

    #[command(flatten)]
    pub timeout: Timeout,

    /// Solve share K of N of the puzzles, or the cluster's (the book's "Shards, merge and resume").
    #[arg(long, value_name = "K/N|auto|auto/N")]
    pub shard: Option<ShardArg>,

    /// Continue an interrupted run from its CSV (the book's "What a stopped run leaves").
    #[arg(long)]
    pub resume: bool,
}

/// `--shard`'s value: a share, or where to read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShardArg {
    /// `K/N`.
    Fixed(Shard),
    /// `auto` (count from the environment) or `auto/N`.
    Auto(Option<u64>),
}

impl FromStr for ShardArg {
    type Err = String;

    fn from_str(text: &str) -> Result<ShardArg, String> {
        match text.strip_prefix("auto") {
            Some("") => Ok(ShardArg::Auto(None)),
            Some(rest) => (rest.strip_prefix('/').and_then(|n| n.parse().ok()))
                .filter(|&n| n >= 1)
                .map(|n| ShardArg::Auto(Some(n)))
                .ok_or_else(|| expected("auto or auto/N with N >= 1")),
            None => text.parse().map(ShardArg::Fixed),
        }
    }
}

impl fmt::Display for ShardArg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShardArg::Fixed(shard) => write!(f, "{shard}"),
            ShardArg::Auto(None) => f.write_str("auto"),
            ShardArg::Auto(Some(n)) => write!(f, "auto/{n}"),
        }
    }
}

/// `--pin`'s value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CpuList {
    /// `auto`: `all` when the run has one worker per core, two or more; else `none`.
    Auto,
    /// `none`.
    Off,
    /// `all`: every core this process may run on.
    All,
    /// The cores listed (`0,2,4-7`), in order.
    Cores(Vec<usize>),
}

impl FromStr for CpuList {
    type Err = String;

    fn from_str(text: &str) -> Result<CpuList, String> {
        let list = match text.trim() {
            "auto" => return Ok(CpuList::Auto),
            "none" => return Ok(CpuList::Off),
            "all" => return Ok(CpuList::All),
            list => list,
        };
        let bad = || expected("auto, none, all, or cores listed once, as 0,2 or 0-3");
        let mut cores = Vec::new();
        for part in list.split(',') {
            let (from, to) = part.split_once('-').unwrap_or((part, part));
            let (Ok(from), Ok(to)) = (from.trim().parse(), to.trim().parse::<usize>()) else {
                return Err(bad());
            };
            if from > to || to - from > 4096 || (from..=to).any(|c| cores.contains(&c)) {
                return Err(bad());
            }
            cores.extend(from..=to);
        }
        Ok(CpuList::Cores(cores))
    }
}

/// The longest time [`parse_seconds`] reads, about 31 years: far above any run, far below
/// the overflow of a clock's instant it is added to.
const MOST_SECONDS: u64 = 1_000_000_000;

/// Reads a number of seconds (`10`, `0.5`) or a duration (`500ms`, `2m`), under
/// [`MOST_SECONDS`] either way.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let bad = || expected("seconds (10, 0.5) or a duration (500ms, 2m)");
    let limit = match text.trim().parse::<f64>() {
        Ok(s) if s >= 0.0 => Duration::try_from_secs_f64(s).unwrap_or(Duration::MAX),
        Ok(_) => return Err(bad()),
        Err(_) => humantime::parse_duration(text.trim()).map_err(|_| bad())?,
    };
    (limit < Duration::from_secs(MOST_SECONDS))
        .then_some(limit)
        .ok_or_else(|| expected(format!("a time under {MOST_SECONDS} s (31 years)")))
}

/// [`parse_seconds`], above zero.
fn parse_timeout(text: &str) -> Result<Duration, String> {
    let limit = parse_seconds(text)?;
    (!limit.is_zero())
        .then_some(limit)
        .ok_or_else(|| expected("a time limit above zero"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `auto/N` and `K/N` read: tests/harness.rs (shard_auto_reads_slurm_and_kubernetes).
    #[test]
    fn values_read_as_documented() {
        for bad in ["auto/0", "autox", "9/8"] {
            assert!(bad.parse::<ShardArg>().is_err(), "{bad}");
        }
        assert_eq!("0,2,4-6".parse(), Ok(CpuList::Cores(vec![0, 2, 4, 5, 6])));
        assert_eq!(" none".parse(), Ok(CpuList::Off));
        for bad in ["", "a", "3-1", "1,1", "-1"] {
            assert!(bad.parse::<CpuList>().is_err(), "{bad}");
        }
        assert_eq!(parse_seconds("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_seconds("0"), Ok(Duration::ZERO));
        assert!(parse_seconds("-1").is_err() && parse_timeout("0").is_err());
    }
}
