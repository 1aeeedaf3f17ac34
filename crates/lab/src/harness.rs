//! `bench`'s method and cluster options resolved: the shard (from the environment for
//! `auto`), the cores to pin and the thread count they give, the warm-up, the isomorphs'
//! seed and the time limit of `cmd:` solvers.

use std::fmt;
use std::time::Duration;

use sudoku_engine::{cores, Selection, Shard, Timing};

use crate::cli::{CpuList, HarnessArgs};

/// An error in the command line found after parsing it (exit status 2, as clap's).
#[derive(Debug)]
pub struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// The method and cluster options of a run, resolved.
#[derive(Debug, Clone)]
pub struct Method {
    /// The share of the puzzles, if any.
    pub shard: Option<Shard>,
    /// The isomorphs' seed, if any.
    pub permute: Option<u64>,
    /// Warm-up and pinning.
    pub timing: Timing,
    /// The time limit of one answer of a `cmd:` solver.
    pub timeout: Duration,
    /// Worker threads.
    pub threads: usize,
}

impl Method {
    /// What the engine's selection starts from (`--resume` adds the puzzles done).
    pub fn selection(&self) -> Selection {
        Selection {
            shard: self.shard,
            permute: self.permute,
            ..Selection::default()
        }
    }
}

/// Resolves the options; `threads` is `-j` (the cores pinned give the default, else every
/// core).
///
/// # Errors
///
/// A [`UsageError`]: a shard `auto` without its environment, a core that is not here, more
/// threads than cores to pin.
pub fn resolve(args: &HarnessArgs, threads: Option<u64>) -> anyhow::Result<Method> {
    let shard = args
        .shard
        .map(|arg| crate::shard::resolve(arg, &|name| std::env::var(name).ok()))
        .transpose()
        .map_err(UsageError)?;
    let pin = match &args.pin {
        None => Vec::new(),
        Some(list) => pinned(list)?,
    };
    let threads = match (threads, pin.len()) {
        (Some(t), n) if n > 0 && t as usize > n => {
            return Err(UsageError(format!(
                "-j {t}: --pin gives {n} core{} to pin {t} threads to",
                if n == 1 { "" } else { "s" }
            ))
            .into())
        }
        (Some(t), _) => t as usize,
        (None, 0) => std::thread::available_parallelism().map_or(1, |n| n.get()),
        (None, n) => n,
    };
    Ok(Method {
        shard,
        permute: args.permute,
        timing: Timing {
            warmup: args.warmup.filter(|d| !d.is_zero()),
            pin: pin.into_iter().take(threads).collect(),
        },
        timeout: args.timeout,
        threads,
    })
}

/// The cores of `--pin`, checked against the ones this process may run on.
fn pinned(list: &CpuList) -> Result<Vec<usize>, UsageError> {
    let here = cores();
    if here.is_empty() {
        return Err(UsageError(
            "--pin: this system does not tell which cores a thread may be pinned to".into(),
        ));
    }
    match list {
        CpuList::All => Ok(here),
        CpuList::Cores(wanted) => match wanted.iter().find(|c| !here.contains(c)) {
            Some(core) => Err(UsageError(format!(
                "--pin: no core {core} here: the cores are {}",
                here.iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ))),
            None => Ok(wanted.clone()),
        },
    }
}
