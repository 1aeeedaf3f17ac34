//! `bench`'s method and cluster options resolved: the shard (from the environment for
//! `auto`), the cores to pin and the thread count they give, the warm-up.

use sudoku_engine::{cores, Shard, Timing};
use sudoku_reports::wording::plural;

use crate::cli::{CpuList, HarnessArgs};
use crate::usage_error::Usage;

/// The method and cluster options of a run, resolved.
#[derive(Debug)]
pub struct Method {
    /// The share of the puzzles, if any.
    pub shard: Option<Shard>,
    /// Warm-up and pinning.
    pub timing: Timing,
    /// Worker threads.
    pub threads: usize,
}

/// Resolves the options; `threads` is `-j` (the cores named by `--pin` give the default,
/// else every core), and `--pin auto` pins when it is one worker per core.
///
/// # Errors
///
/// A [`Usage`]: a shard `auto` without its environment, a core that is not here, more
/// threads than cores to pin.
pub fn resolve(args: &HarnessArgs, threads: Option<u64>) -> anyhow::Result<Method> {
    let shard = args
        .shard
        .map(|arg| crate::bench::shard::resolve(arg, &|name| std::env::var(name).ok()))
        .transpose()
        .map_err(Usage)?;
    let pin = pinned(&args.pin)?;
    let threads = match (threads, pin.len()) {
        (Some(t), n) if n > 0 && t as usize > n => {
            return Err(Usage(format!(
                "-j {t}: --pin gives {n} core{} to pin {t} threads to",
                plural(n as u64)
            ))
            .into())
        }
        (Some(t), _) => t as usize,
        (None, 0) => std::thread::available_parallelism().map_or(1, |n| n.get()),
        (None, n) => n,
    };
    let pin = match args.pin {
        CpuList::Auto => auto_pin(threads, cores()),
        _ => pin,
    };
    Ok(Method {
        shard,
        timing: Timing {
            warmup: args.warmup.filter(|d| !d.is_zero()),
            pin: pin.into_iter().take(threads).collect(),
        },
        threads,
    })
}

/// `--pin auto`'s cores: `here`, the cores this process may run on, when the run has a
/// worker for each of them, two or more; none otherwise (a run that leaves cores free, or
/// has more workers than cores, is left to the scheduler).
///
/// Left to the scheduler, the workers woken for a run's first tasks can start on one core
/// while the other threads of the runner hold the rest, and share it until the load
/// balancer moves one: on 2 cores, a top1465 run at `-j 2` was seen with both workers
/// taking turns on one core for 12 ms of its 36, the other core idle. Pinned, each worker
/// has a core of its own from its first task.
fn auto_pin(threads: usize, here: Vec<usize>) -> Vec<usize> {
    if threads >= 2 && here.len() == threads {
        here
    } else {
        Vec::new()
    }
}

/// The cores of `--pin` named or `all`, checked against the ones this process may run on
/// (none for `none` and, until the thread count is known, for `auto`).
fn pinned(list: &CpuList) -> Result<Vec<usize>, Usage> {
    let wanted = match list {
        CpuList::Auto | CpuList::Off => return Ok(Vec::new()),
        CpuList::All => None,
        CpuList::Cores(wanted) => Some(wanted),
    };
    let here = cores();
    if here.is_empty() {
        return Err(Usage(
            "--pin: this system does not tell which cores a thread may be pinned to".into(),
        ));
    }
    let Some(wanted) = wanted else {
        return Ok(here);
    };
    match wanted.iter().find(|c| !here.contains(c)) {
        Some(core) => Err(Usage(format!(
            "--pin: no core {core} here: the cores are {}",
            here.iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ))),
        None => Ok(wanted.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_pins_only_a_worker_on_every_core() {
        let none = Vec::new();
        for (threads, here, pinned, why) in [
            (2, vec![0, 1], vec![0, 1], "one worker per core"),
            (4, vec![2, 3, 6, 7], vec![2, 3, 6, 7], "a cpuset's cores"),
            (1, vec![0], none.clone(), "one thread"),
            (2, vec![0, 1, 2, 3], none.clone(), "cores left free"),
            (3, vec![0, 1], none.clone(), "more workers than cores"),
            (2, none.clone(), none.clone(), "cores unknown"),
        ] {
            assert_eq!(auto_pin(threads, here), pinned, "{why}");
        }
    }
}
