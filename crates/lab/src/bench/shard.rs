//! `--shard auto`: the share of a task of a Slurm job array or a Kubernetes indexed Job,
//! from the environment its scheduler gives it (see the book's "Clusters"). Slurm task IDs
//! may start at 0 or 1, or go by steps; Kubernetes does not tell the count (`auto/N`).

use sudoku_engine::Shard;

use crate::cli::ShardArg;

/// The share `arg` stands for, reading the environment through `env` for `auto`: one
/// refusal when it gives no share (no task of either scheduler, or one beyond the count).
pub fn resolve(arg: ShardArg, env: &dyn Fn(&str) -> Option<String>) -> Result<Shard, String> {
    let count = match arg {
        ShardArg::Fixed(shard) => return Ok(shard),
        ShardArg::Auto(count) => count,
    };
    let number = |name: &str| -> Result<Option<u64>, String> {
        let parse = |v: String| v.trim().parse::<u64>().map_err(|_| v);
        let bad = |v| format!("{name}={v:?} is not a whole number");
        env(name).map(parse).transpose().map_err(bad)
    };
    let none = || {
        format!(
            "--shard {arg}: neither a task of a Slurm job array (SLURM_ARRAY_TASK_ID and \
             SLURM_ARRAY_TASK_COUNT) nor, with auto/N, of a Kubernetes indexed Job \
             (JOB_COMPLETION_INDEX) in the environment: give --shard K/N"
        )
    };
    let (k, n, said) = match (count, number("JOB_COMPLETION_INDEX")?) {
        (Some(n), Some(index)) => (index + 1, n, format!("JOB_COMPLETION_INDEX={index}")),
        _ => {
            let id = number("SLURM_ARRAY_TASK_ID")?.ok_or_else(none)?;
            let min = number("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
            let step = number("SLURM_ARRAY_TASK_STEP")?.unwrap_or(1).max(1);
            let n = match (count, number("SLURM_ARRAY_TASK_COUNT")?) {
                (Some(n), Some(c)) if n != c => {
                    let tasks = format!("SLURM_ARRAY_TASK_COUNT={c} tasks");
                    return Err(format!("--shard auto/{n}: the Slurm array has {tasks}"));
                }
                (Some(n), _) | (None, Some(n)) => n,
                (None, None) => return Err(none()),
            };
            let said = format!("SLURM_ARRAY_TASK_ID={id} (from {min} by {step})");
            (id.saturating_sub(min) / step + 1, n, said)
        }
    };
    Shard::new(k, n).ok_or_else(|| format!("{said} is task {k}, beyond the count, {n}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(vars: &[(&str, &str)], arg: &str) -> Result<String, String> {
        let vars: Vec<(String, String)> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let env = move |name: &str| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
        resolve(arg.parse().unwrap(), &env).map(|s| s.to_string())
    }

    #[test]
    fn shares_of_slurm_arrays_and_kubernetes_indexed_jobs() {
        let array = |id: &'static str, min: &'static str| {
            vec![
                ("SLURM_ARRAY_TASK_ID", id),
                ("SLURM_ARRAY_TASK_MIN", min),
                ("SLURM_ARRAY_TASK_COUNT", "4"),
            ]
        };
        let mut stepped = array("6", "0");
        stepped.push(("SLURM_ARRAY_TASK_STEP", "2"));
        let job = |index: &'static str| vec![("JOB_COMPLETION_INDEX", index)];
        // The share, or what the refusal says, where `tests/harness.rs` does not run it (a
        // Slurm array from 1, an indexed Job, a task of neither).
        let cases = [
            // Slurm arrays from 0, from 1, and by steps.
            (array("0", "0"), "auto", Ok("1/4")),
            (array("4", "1"), "auto/4", Ok("4/4")),
            (stepped, "auto", Ok("4/4")),
            (
                array("5", "1"),
                "auto",
                Err("(from 1 by 1) is task 5, beyond the count, 4"),
            ),
            (array("3", "0"), "auto/8", Err("SLURM_ARRAY_TASK_COUNT=4")),
            // Kubernetes indexed Jobs need their count.
            (
                job("3"),
                "auto/3",
                Err("JOB_COMPLETION_INDEX=3 is task 4, beyond the count, 3"),
            ),
            (job("x"), "auto/2", Err("is not a whole number")),
        ];
        for (vars, arg, want) in cases {
            match (with(&vars, arg), want) {
                (Ok(got), Ok(want)) => assert_eq!(got, want, "{vars:?} {arg}"),
                (Err(got), Err(want)) => assert!(got.contains(want), "{vars:?} {arg}: {got}"),
                (got, _) => panic!("{vars:?} {arg}: {got:?}, not {want:?}"),
            }
        }
    }
}
