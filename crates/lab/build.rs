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
    let git = Path::new(&manifest).join("../../.git");
    for p in ["HEAD", "refs", "packed-refs"] {
        let path = git.join(p);
        if path.exists() {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}
