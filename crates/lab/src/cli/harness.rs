//! `bench`'s options for tdoku's method (isomorphs, warm-up, pinning), solvers run by
//! command, and clusters (shards, resume): the book's "tdoku's method" and "Shards, merge
//! and resume" tell them whole.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use clap::Args;
use sudoku_engine::Shard;
use sudoku_reports::settings::SETTINGS;

/// `--timeout`, one meaning and one default for `bench` and `solve`.
#[derive(Debug, Clone, Copy, Args)]
pub struct Timeout {
    /// The time limit of one answer of a cmd: solver, its budget (a number of seconds, or a
    /// duration such as 500ms): a child that does not answer in time is killed, its row says
    /// timeout, and a new child takes the next puzzle. A new child first gets as long, 10 s at
    /// least, to start (to answer a solved grid, untimed).
    #[arg(id = "timeout", long = "timeout", value_name = "SECONDS", default_value = "10",
          value_parser = parse_timeout)]
    pub limit: Duration,
}

/// Options of `bench` for the benchmark method and clusters.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Method and clusters")]
pub struct HarnessArgs {
    /// Solve each puzzle as a random isomorph drawn from SEED (digits relabelled, bands,
    /// stacks, rows within bands and columns within stacks reordered, maybe transposed),
    /// the same for every solver, thread count and shard; the original column keeps the
    /// corpus's puzzle (the book's "tdoku's method").
    #[arg(long, value_name = "SEED")]
    pub permute: Option<u64>,

    /// The seed of every solver that draws random numbers (anneal, genetic, tabu): a run is
    /// repeatable by it. The sidecar records it.
    #[arg(long, value_name = "S", default_value_t = sudoku_catalogue::DEFAULT_SEED)]
    pub seed: u64,

    /// Before timing, every worker solves the first puzzles (at most 32) with every solver,
    /// untimed, for SECONDS (a number, or a duration such as 500ms).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub warmup: Option<Duration>,

    /// Pin the worker threads one per core, to the cores listed (`0,2`, `0-3`, `all`), in
    /// order, -j defaulting to their number; `auto` (the default) pins them when there is
    /// one worker per core, `none` never (the book's "tdoku's method" says why). The
    /// sidecar records the cores.
    #[arg(long, value_name = "CPUS", default_value = "auto")]
    pub pin: CpuList,

    /// The time limit of one answer of a cmd: solver.
    #[command(flatten)]
    pub timeout: Timeout,

    /// Solve share K of N of the puzzles (K from 1); `auto` reads a Slurm job array's task,
    /// `auto/N` a Kubernetes indexed Job's completion index (or checks Slurm's count). The
    /// book's "Shards, merge and resume" tells how puzzles are shared; `merge` joins shards.
    #[arg(long, value_name = "K/N|auto|auto/N")]
    pub shard: Option<ShardArg>,

    /// Continue an interrupted run from its CSV (--out): solve only the puzzles it lacks,
    /// append their rows. The sidecar's settings must match; without a CSV, start afresh.
    #[arg(long, long_help = format!(
        "Continue an interrupted (or failed, or killed) run from its CSV (--out): the puzzles \
it lacks are solved and their rows appended; the sidecar's {} are checked, and what differs is \
named. Without a CSV at --out the run starts afresh. The book's \"What a stopped run leaves\" \
(Resuming) tells the rest.",
        SETTINGS.join(", ")
    ))]
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
            Some(rest) => {
                let n = rest
                    .strip_prefix('/')
                    .and_then(|n| n.parse::<u64>().ok())
                    .filter(|&n| n >= 1)
                    .ok_or_else(|| format!("{text:?}: expected auto or auto/N with N >= 1"))?;
                Ok(ShardArg::Auto(Some(n)))
            }
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
    /// `auto`: every core this process may run on when the run has one worker per core,
    /// two or more; none otherwise.
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
        match text.trim() {
            "auto" => return Ok(CpuList::Auto),
            "none" => return Ok(CpuList::Off),
            "all" => return Ok(CpuList::All),
            _ => {}
        }
        let bad = || format!("{text:?}: expected auto, none, all, or cores such as 0,2 or 0-3");
        let mut cores = Vec::new();
        for part in text.split(',').map(str::trim) {
            let (from, to) = part.split_once('-').unwrap_or((part, part));
            let from: usize = from.trim().parse().map_err(|_| bad())?;
            let to: usize = to.trim().parse().map_err(|_| bad())?;
            if from > to || to - from > 4096 {
                return Err(bad());
            }
            for core in from..=to {
                if cores.contains(&core) {
                    return Err(format!("{text:?}: core {core} is listed twice"));
                }
                cores.push(core);
            }
        }
        Ok(CpuList::Cores(cores))
    }
}

/// Reads a number of seconds (`10`, `0.5`) or a duration (`500ms`, `2m`).
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let bad = || format!("{text:?}: expected seconds (10, 0.5) or a duration (500ms, 2m)");
    match text.trim().parse::<f64>() {
        Ok(s) if (0.0..1e9).contains(&s) => Ok(Duration::from_secs_f64(s)),
        Ok(_) => Err(bad()),
        Err(_) => humantime::parse_duration(text.trim()).map_err(|_| bad()),
    }
}

/// [`parse_seconds`], above zero.
fn parse_timeout(text: &str) -> Result<Duration, String> {
    match parse_seconds(text)? {
        d if d.is_zero() => Err(format!("{text:?}: the time limit must be above zero")),
        d => Ok(d),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_as_documented() {
        assert_eq!("auto/8".parse(), Ok(ShardArg::Auto(Some(8))));
        assert_eq!(
            "3/8".parse(),
            Ok(ShardArg::Fixed(Shard::new(3, 8).unwrap()))
        );
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
