//! `--shard auto`: the share of a task of a cluster job, from the environment its scheduler
//! gives it.
//!
//! - Slurm job arrays (`sbatch --array=0-7` or `--array=1-8`): `SLURM_ARRAY_TASK_ID` out of
//!   `SLURM_ARRAY_TASK_COUNT` tasks, counted from `SLURM_ARRAY_TASK_MIN` by
//!   `SLURM_ARRAY_TASK_STEP` (1 when absent): task IDs may start at 0 or 1, or go by steps.
//! - Kubernetes indexed Jobs (`completionMode: Indexed`): `JOB_COMPLETION_INDEX`, from 0;
//!   the count is the Job's `completions`, which the pod is not told: `--shard auto/N`.

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
        return Err(match count {
            None if env("JOB_COMPLETION_INDEX").is_some() => {
                "--shard auto: JOB_COMPLETION_INDEX is set but a Kubernetes Job does not tell its \
                 completions: give them, --shard auto/N"
                    .into()
            }
            _ => {
                format!(
                "--shard {arg}: no SLURM_ARRAY_TASK_ID{} in the environment: run it as a task of \
                 a Slurm job array{}, or give --shard K/N",
                if count.is_some() { " nor JOB_COMPLETION_INDEX" } else { "" },
                if count.is_some() { " or a Kubernetes indexed Job" } else { "" },
            )
            }
        });
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
    fn slurm_arrays_from_0_from_1_and_by_steps() {
        fn array<'a>(id: &'a str, min: &'a str) -> [(&'static str, &'a str); 3] {
            [
                ("SLURM_ARRAY_TASK_ID", id),
                ("SLURM_ARRAY_TASK_MIN", min),
                ("SLURM_ARRAY_TASK_COUNT", "4"),
            ]
        }
        assert_eq!(with(&array("0", "0"), "auto"), Ok("1/4".into()));
        assert_eq!(with(&array("3", "0"), "auto"), Ok("4/4".into()));
        assert_eq!(with(&array("1", "1"), "auto"), Ok("1/4".into()));
        assert_eq!(with(&array("4", "1"), "auto/4"), Ok("4/4".into()));
        let mut stepped = array("6", "0").to_vec();
        stepped.push(("SLURM_ARRAY_TASK_STEP", "2"));
        assert_eq!(with(&stepped, "auto"), Ok("4/4".into()));
        assert!(with(&array("5", "1"), "auto")
            .unwrap_err()
            .contains("beyond"));
        assert!(with(&array("3", "0"), "auto/8")
            .unwrap_err()
            .contains("SLURM_ARRAY_TASK_COUNT=4"));
        assert!(with(&[("SLURM_ARRAY_TASK_ID", "2")], "auto")
            .unwrap_err()
            .contains("not SLURM_ARRAY_TASK_COUNT"));
    }

    #[test]
    fn kubernetes_indexed_jobs_need_their_count() {
        assert_eq!(
            with(&[("JOB_COMPLETION_INDEX", "0")], "auto/3"),
            Ok("1/3".into())
        );
        assert_eq!(
            with(&[("JOB_COMPLETION_INDEX", "2")], "auto/3"),
            Ok("3/3".into())
        );
        assert!(with(&[("JOB_COMPLETION_INDEX", "3")], "auto/3").is_err());
        assert!(with(&[("JOB_COMPLETION_INDEX", "0")], "auto")
            .unwrap_err()
            .contains("give them, --shard auto/N"));
        assert!(with(&[], "auto")
            .unwrap_err()
            .contains("no SLURM_ARRAY_TASK_ID"));
        assert!(with(&[("JOB_COMPLETION_INDEX", "x")], "auto/2")
            .unwrap_err()
            .contains("is not a whole number"));
        assert_eq!(with(&[], "2/5"), Ok("2/5".into()));
    }
}
