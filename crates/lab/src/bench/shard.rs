//! `--shard auto`: the share of a task of a Slurm job array or a Kubernetes indexed Job,
//! from the environment its scheduler gives it (see the book's "Clusters"). Slurm task IDs
//! may start at 0 or 1, or go by steps; Kubernetes does not tell the count (`auto/N`).

use sudoku_engine::Shard;

use crate::cli::ShardArg;

/// The share `arg` stands for, reading the environment through `env` for `auto`.
pub fn resolve(arg: ShardArg, env: &dyn Fn(&str) -> Option<String>) -> Result<Shard, String> {
    let count = match arg {
        ShardArg::Fixed(shard) => return Ok(shard),
        ShardArg::Auto(count) => count,
    };
    let number = |name: &str| -> Result<Option<u64>, String> {
        env(name)
            .map(|v| {
                v.trim()
                    .parse::<u64>()
                    .map_err(|_| format!("{name}={v:?} is not a whole number"))
            })
            .transpose()
    };
    if let (Some(n), Some(index)) = (count, number("JOB_COMPLETION_INDEX")?) {
        return Shard::new(index + 1, n).ok_or_else(|| {
            format!(
                "JOB_COMPLETION_INDEX={index} is not below the count given, {n} (--shard auto/{n})"
            )
        });
    }
    let Some(id) = number("SLURM_ARRAY_TASK_ID")? else {
        if count.is_none() && env("JOB_COMPLETION_INDEX").is_some() {
            return Err(
                "--shard auto: JOB_COMPLETION_INDEX is set but a Kubernetes Job does \
                        not tell its completions: give them, --shard auto/N"
                    .into(),
            );
        }
        let (nor, or) = match count {
            Some(_) => (" nor JOB_COMPLETION_INDEX", " or a Kubernetes indexed Job"),
            None => ("", ""),
        };
        return Err(format!(
            "--shard {arg}: no SLURM_ARRAY_TASK_ID{nor} in the environment: run it as a task \
             of a Slurm job array{or}, or give --shard K/N"
        ));
    };
    let min = number("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
    let step = number("SLURM_ARRAY_TASK_STEP")?.unwrap_or(1).max(1);
    let slurm_count = number("SLURM_ARRAY_TASK_COUNT")?;
    let n = match (count, slurm_count) {
        (Some(n), Some(c)) if n != c => {
            return Err(format!(
                "--shard auto/{n}: the Slurm array has SLURM_ARRAY_TASK_COUNT={c} tasks"
            ))
        }
        (Some(n), _) | (None, Some(n)) => n,
        (None, None) => {
            return Err("--shard auto: SLURM_ARRAY_TASK_ID is set but not \
                        SLURM_ARRAY_TASK_COUNT: give --shard auto/N"
                .into())
        }
    };
    if id < min || (id - min) % step != 0 {
        return Err(format!(
            "SLURM_ARRAY_TASK_ID={id} is not a task of the array from {min} by {step}"
        ));
    }
    let k = (id - min) / step + 1;
    Shard::new(k, n).ok_or_else(|| {
        format!(
            "SLURM_ARRAY_TASK_ID={id} (from {min} by {step}) is task {k}, beyond the \
             SLURM_ARRAY_TASK_COUNT={n} tasks"
        )
    })
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
        // The share, or what the refusal says (`tests/harness.rs` runs a Slurm array from 1,
        // an indexed Job, and the refusals without them).
        let cases = [
            // Slurm arrays from 0, from 1, and by steps.
            (array("0", "0"), "auto", Ok("1/4")),
            (array("1", "1"), "auto", Ok("1/4")),
            (array("4", "1"), "auto/4", Ok("4/4")),
            (stepped, "auto", Ok("4/4")),
            (array("5", "1"), "auto", Err("beyond")),
            (array("3", "0"), "auto/8", Err("SLURM_ARRAY_TASK_COUNT=4")),
            (
                vec![("SLURM_ARRAY_TASK_ID", "2")],
                "auto",
                Err("not SLURM_ARRAY_TASK_COUNT"),
            ),
            // Kubernetes indexed Jobs need their count.
            (job("0"), "auto/3", Ok("1/3")),
            (job("3"), "auto/3", Err("is not below the count given, 3")),
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
