//! `bench`'s method and cluster options resolved: the shard, the cores to pin, the thread
//! count, the warm-up (see the book's "Isomorphs, warm-up, pinning").

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

/// Resolves the options, `threads` being `-j`; a [`Usage`] error for a shard `auto`
/// without its environment, a core that is not here, more threads than cores to pin.
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
/// worker for each of them, two or more; none otherwise. Left to the scheduler, two
/// workers were seen sharing one core for a third of a short run, the other core idle.
fn auto_pin(threads: usize, here: Vec<usize>) -> Vec<usize> {
    if threads >= 2 && here.len() == threads {
        here
    } else {
        Vec::new()
    }
}

/// The cores of `--pin` named or `all`, checked against those here (none for `none`, and
/// for `auto` until the thread count is known).
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
