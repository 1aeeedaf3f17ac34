//! Records, for `--version` and the run sidecar, the compiler that built the runner and the
//! git commit it was built from (`SUDOKU_LAB_RUSTC`, `SUDOKU_LAB_GIT_COMMIT`, and its first
//! 12 digits as `SUDOKU_LAB_GIT_SHORT`).

use std::path::Path;
use std::process::Command;

fn output(cmd: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(cmd).args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (!text.is_empty()).then_some(text)
}

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let rustc_version = output(&rustc, &["--version"]).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=SUDOKU_LAB_RUSTC={rustc_version}");

    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let commit = output("git", &["-C", &manifest, "rev-parse", "HEAD"])
        .map(|c| {
            let dirty = output(
                "git",
                &[
                    "--no-optional-locks",
                    "-C",
                    &manifest,
                    "status",
                    "--porcelain",
                ],
            )
            .is_some();
            if dirty {
                format!("{c}-dirty")
            } else {
                c
            }
        })
        .unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=SUDOKU_LAB_GIT_COMMIT={commit}");
    let short = match commit.split_once('-') {
        Some((hash, dirty)) => format!("{}-{dirty}", &hash[..hash.len().min(12)]),
        None => commit[..commit.len().min(12)].to_string(),
    };
    println!("cargo:rustc-env=SUDOKU_LAB_GIT_SHORT={short}");

    // Rebuild when the checked-out commit moves (only paths that exist: a missing
    // path would make cargo rerun this script on every build). The index is not
    // watched (any `git status` may rewrite it): `-dirty` is as of the last rebuild.
    for path in watched(&manifest) {
        println!("cargo:rerun-if-changed={path}");
    }
    println!("cargo:rerun-if-changed=build.rs");
}

/// The files that move when the commit checked out in `dir` does: the checkout's `HEAD`
/// (in a linked worktree, `.git` is a file and `HEAD` is under the main repository's
/// `.git/worktrees/NAME`), and the branches, which every worktree shares.
fn watched(dir: &str) -> Vec<String> {
    let Some(dirs) = output(
        "git",
        &[
            "-C",
            dir,
            "rev-parse",
            "--path-format=absolute",
            "--git-dir",
            "--git-common-dir",
        ],
    ) else {
        return Vec::new();
    };
    let mut lines = dirs.lines().map(Path::new);
    let (Some(own), Some(common)) = (lines.next(), lines.next()) else {
        return Vec::new();
    };
    [
        own.join("HEAD"),
        common.join("refs"),
        common.join("packed-refs"),
    ]
    .into_iter()
    .filter(|p| p.exists())
    .map(|p| p.display().to_string())
    .collect()
}
