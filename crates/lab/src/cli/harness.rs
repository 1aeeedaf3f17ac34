//! `bench`'s options for tdoku's method (isomorphs, warm-up, pinning), solvers run by
//! command, and clusters (shards, resume).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use clap::Args;
use sudoku_engine::Shard;
use sudoku_reports::settings::SETTINGS;

/// The time limit of one answer of a `cmd:` solver when `--timeout` is not given.
pub const DEFAULT_TIMEOUT: &str = "10";

/// `--timeout`, declared once for the commands that run `cmd:` solvers (`bench`, `solve`),
/// with one meaning and one default ([`DEFAULT_TIMEOUT`]).
#[derive(Debug, Clone, Copy, Args)]
pub struct Timeout {
    /// The time limit of one answer of a cmd: solver, its budget (a number of seconds, or a
    /// duration such as 500ms): a child that does not answer in time is killed, its row says
    /// timeout, and a new child takes the next puzzle. A new child first gets as long, 10 s at
    /// least, to start (to answer a solved grid, untimed).
    #[arg(
        id = "timeout",
        long = "timeout",
        value_name = "SECONDS",
        default_value = DEFAULT_TIMEOUT,
        value_parser = parse_timeout
    )]
    pub limit: Duration,
}

/// Options of `bench` for the benchmark method and clusters.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Method and clusters")]
pub struct HarnessArgs {
    /// Solve each puzzle as a random isomorph drawn from SEED (digits relabelled, bands,
    /// stacks, rows within bands and columns within stacks reordered, maybe transposed).
    #[arg(
        long,
        value_name = "SEED",
        long_help = "Solve each puzzle as a random isomorph, as tdoku's benchmark does: its \
digits relabelled, its bands and stacks reordered, its rows within each band and columns \
within each stack reordered, maybe transposed. The isomorph depends on SEED, the corpus's file \
name and the puzzle's index only: every solver gets the same one, and so does every run with \
the same SEED (any thread count, any shard). Counts then show how much a strategy owes to the \
corpus's order (naive's reading order above all). The CSV's puzzle and solution are the \
isomorph's; its original column holds the corpus's puzzle; corpus, index and line still name \
it. Every size."
    )]
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
    /// one worker per core, `none` never. The sidecar records the cores.
    #[arg(
        long,
        value_name = "CPUS",
        default_value = "auto",
        long_help = "Pin the worker threads one per core, to the cores listed (0,2 or 0-3, or \
all), in order; -j then defaults to their number. auto (the default) pins them to every core \
this process may run on when the run has one worker per core, two or more (as -j does by \
default), and leaves them to the scheduler otherwise; none never pins. Left to the scheduler, \
two workers woken together can start on one core and share it for several milliseconds while \
the other stays idle, a large part of a short run. The sidecar records the cores pinned, with \
the CPU model."
    )]
    pub pin: CpuList,

    /// The time limit of one answer of a cmd: solver.
    #[command(flatten)]
    pub timeout: Timeout,

    /// Solve share K of N of the puzzles (K from 1); `auto` reads a Slurm job array's task,
    /// `auto/N` a Kubernetes indexed Job's completion index (or checks Slurm's count).
    #[arg(
        long,
        value_name = "K/N|auto|auto/N",
        long_help = "Solve share K of N of the puzzles (K counts from 1): puzzle INDEX of a \
corpus belongs to share ((INDEX + OFFSET) mod N) + 1, OFFSET coming from the corpus's file \
name, so the shares are even, deterministic, and keep their puzzles when a corpus grows at its \
end. The CSV keeps each puzzle's corpus, index and line; `sudoku-lab merge` joins the shards. \
`auto`: a Slurm job array's task (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN, \
SLURM_ARRAY_TASK_STEP, SLURM_ARRAY_TASK_COUNT: task IDs may start at 0 or 1). `auto/N`: a \
Kubernetes indexed Job's JOB_COMPLETION_INDEX (from 0) out of N completions (or a Slurm \
array, whose count must then be N)."
    )]
    pub shard: Option<ShardArg>,

    /// Continue an interrupted run from its CSV (--out): solve only the puzzles it lacks,
    /// append their rows. The sidecar's settings must match; without a CSV, start afresh.
    #[arg(long, long_help = resume_help())]
    pub resume: bool,
}

/// The long help of `--resume`, with the settings it compares (so that the list cannot
/// drift from them).
fn resume_help() -> String {
    format!(
        "Continue an interrupted (or failed, or killed) run from its CSV (--out): its complete \
rows are kept (a killed run's last puzzle, which the kill may have cut, is solved again), the \
puzzles it lacks are solved and their rows appended, and the summary and sidecar cover the \
whole run. The command must match the run's: the sidecar's {} are checked, and what differs \
is named (a sidecar that does not give one of them, made by hand or cut short, is refused, \
naming them, not read as 0; so is an interrupted or failed run's that does not say how many \
rows it wrote). Without a CSV at --out the run starts afresh, so one command line serves the first \
try and every retry (a preempted cluster job).",
        SETTINGS.join(", ")
    )
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

/// `--pin`'s value: the cores, all of them, none, or as the thread count says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CpuList {
    /// `auto` (the default): every core this process may run on when the run has one worker
    /// per core, two or more; none otherwise.
    Auto,
    /// `none`: no pinning.
    Off,
    /// `all`: every core this process may run on.
    All,
    /// The cores listed, in order.
    Cores(Vec<usize>),
}

impl FromStr for CpuList {
    type Err = String;

    /// Reads `auto`, `none`, `all`, or a comma-separated list of core numbers and ranges
    /// (`0,2,4-7`).
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
        assert_eq!("auto".parse(), Ok(ShardArg::Auto(None)));
        assert_eq!("auto/8".parse(), Ok(ShardArg::Auto(Some(8))));
        assert_eq!(
            "3/8".parse(),
            Ok(ShardArg::Fixed(Shard::new(3, 8).unwrap()))
        );
        assert!("auto/0".parse::<ShardArg>().is_err());
        assert!("autox".parse::<ShardArg>().is_err());
        assert!("9/8".parse::<ShardArg>().is_err());
        assert_eq!("0,2,4-6".parse(), Ok(CpuList::Cores(vec![0, 2, 4, 5, 6])));
        assert_eq!("all".parse(), Ok(CpuList::All));
        assert_eq!("auto".parse(), Ok(CpuList::Auto));
        assert_eq!(" none".parse(), Ok(CpuList::Off));
        for bad in ["", "a", "3-1", "1,1", "-1"] {
            assert!(bad.parse::<CpuList>().is_err(), "{bad}");
        }
        assert_eq!(parse_seconds("0.5"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_seconds("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_seconds("0"), Ok(Duration::ZERO));
        assert!(parse_seconds("-1").is_err() && parse_seconds("soon").is_err());
        assert!(parse_timeout("0").is_err());
        assert_eq!(parse_timeout("2"), Ok(Duration::from_secs(2)));
    }
}
