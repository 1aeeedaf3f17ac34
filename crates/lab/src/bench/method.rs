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
    // `--pin auto`: every core this process may run on when the run has a worker for each
    // of them, two or more. Left to the scheduler, two workers were seen sharing one core
    // for a third of a short run, the other core idle.
    let here = cores();
    let pin = match args.pin {
        CpuList::Auto if threads >= 2 && here.len() == threads => here,
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

/// The cores of `--pin` named or `all`, checked against those here (none for `none`, and
/// for `auto` until the thread count is known).
fn pinned(list: &CpuList) -> Result<Vec<usize>, Usage> {
    let here = cores();
    let wanted = match list {
        CpuList::Auto | CpuList::Off => return Ok(Vec::new()),
        _ if here.is_empty() => {
            let why = "--pin: this system does not tell which cores a thread may be pinned to";
            return Err(Usage(why.into()));
        }
        CpuList::All => return Ok(here),
        CpuList::Cores(wanted) => wanted,
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
