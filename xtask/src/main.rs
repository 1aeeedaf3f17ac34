//! The test command of sudoku-lab, `cargo xtask test [ARGUMENTS]...`: installs what the
//! tests need from outside Cargo and the machine lacks (the table of `xtask`'s library),
//! skipping what is there, then runs `cargo test --workspace --release --features
//! FEATURES ARGUMENTS...` (the features of the same table, whose builds need some of
//! those tools).
//! `cargo xtask setup` installs and runs nothing; `cargo xtask features` prints the
//! features the test command turns on, as `--features` takes them, for `.ci/run`'s lints
//! and docs to see the same code. `cargo xtask book` checks the links of the
//! documentation and, where mdBook is installed, builds the book into `target/book`
//! (`cargo xtask book --install` installs mdBook first, with `cargo install`).
//!
//! Debian's packages need root (`apt-get`): a user who is not root is told what to
//! install, and the command fails before any test. Python's go through `python3 -m pip`.
//! `.ci/run` calls `cargo xtask setup` before its lints and docs, and `cargo xtask
//! test` after them.

use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use xtask::{Package, Tool, FEATURES};

const USAGE: &str = "\
usage: cargo xtask test [ARGUMENTS]...
         installs what the tests need and the machine lacks, then runs
         cargo test --workspace --release --features FEATURES ARGUMENTS...
       cargo xtask setup
         installs what the tests need and the machine lacks
       cargo xtask features
         prints the features the tests turn on, as --features takes them
       cargo xtask book [--install]
         checks every link of the README and the book, then builds the book into
         target/book with mdbook where it is installed (--install: cargo install
         mdbook --locked first)";

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    let task = args.next();
    let result = match task.as_ref().and_then(|t| t.to_str()) {
        Some("test") => setup().map(|()| test(args.collect())),
        Some("setup") => setup().map(|()| ExitCode::SUCCESS),
        Some("features") => {
            println!("{}", features());
            Ok(ExitCode::SUCCESS)
        }
        Some("book") => match args.next() {
            None => Ok(book(false)),
            Some(flag) if flag == "--install" => Ok(book(true)),
            Some(_) => {
                eprintln!("{USAGE}");
                return ExitCode::from(2);
            }
        },
        Some("-h" | "--help") => {
            println!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    result.unwrap_or_else(|failure| {
        eprintln!("error: {failure}");
        ExitCode::FAILURE
    })
}

/// Why the setup could not give the tests what they need.
#[derive(Debug)]
enum Failure {
    /// `../shared` (the public corpora and golden counts) is not beside the checkout.
    NoShared(PathBuf),
    /// Debian packages are missing and this user cannot install them.
    NotRoot(Vec<Tool>),
    /// An install command (its command line) did not succeed, and how it ended.
    Install { line: String, end: String },
    /// Tools whose install ended well are still not found.
    StillMissing(Vec<Tool>),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::NoShared(dir) => write!(
                f,
                "{}: the shared folder (public corpora and golden counts) is missing: put \
                 the project's shared/ folder beside this checkout, as ../shared",
                dir.display()
            ),
            Failure::NotRoot(tools) => write!(
                f,
                "{} missing, and Debian's packages need root: run `cargo xtask test` as \
                 root, or `apt-get install -y {}` as root and then `cargo xtask test`",
                are(tools),
                debian_packages(tools).join(" ")
            ),
            Failure::Install { line, end } => write!(f, "`{line}` failed: {end}"),
            Failure::StillMissing(tools) => write!(
                f,
                "{} still missing after the install ended well: {}",
                are(tools),
                tools
                    .iter()
                    .map(|t| t.missing())
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
        }
    }
}

/// Installs the tools that the tests and the [`FEATURES`] need and are not there.
fn setup() -> Result<(), Failure> {
    let shared = workspace().join("../shared");
    if !shared.join("reference/golden").is_dir() || !shared.join("corpora").is_dir() {
        return Err(Failure::NoShared(shared));
    }
    let needed = Tool::needed();
    let mut missing: Vec<Tool> = needed.iter().copied().filter(|t| !t.is_present()).collect();
    let from_pypi = |t: &Tool| matches!(t.package(), Package::PyPi(_));
    if missing.iter().any(from_pypi) && !Tool::Pip.is_present() {
        missing.insert(0, Tool::Pip);
    }
    if missing.is_empty() {
        eprintln!("test setup: {} there", are(&needed));
        return Ok(());
    }
    let debian: Vec<Tool> = missing.iter().copied().filter(|t| !from_pypi(t)).collect();
    let pypi: Vec<Tool> = missing.iter().copied().filter(from_pypi).collect();
    install_debian(&debian)?;
    install_pypi(&pypi)?;
    let still: Vec<Tool> = missing.into_iter().filter(|t| !t.is_present()).collect();
    if !still.is_empty() {
        return Err(Failure::StillMissing(still));
    }
    eprintln!("test setup: {} there", are(&needed));
    Ok(())
}

/// `apt-get update`, then `apt-get install` of the packages of `tools`, as root.
fn install_debian(tools: &[Tool]) -> Result<(), Failure> {
    if tools.is_empty() {
        return Ok(());
    }
    if !is_root() {
        return Err(Failure::NotRoot(tools.to_vec()));
    }
    announce(tools, "apt-get");
    run(Command::new("apt-get").args(["update", "-q"]))?;
    run(Command::new("apt-get")
        .args(["install", "-y", "-q"])
        .args(debian_packages(tools))
        .env("DEBIAN_FRONTEND", "noninteractive"))
}

/// `python3 -m pip install` of the packages of `tools`: into the running Python's own
/// site, else the user's, else the user's in a Python that its distribution manages
/// (Debian's, which refuses pip without `--break-system-packages`).
fn install_pypi(tools: &[Tool]) -> Result<(), Failure> {
    let packages: Vec<&str> = tools
        .iter()
        .filter_map(|t| match t.package() {
            Package::PyPi(name) => Some(name),
            Package::Debian(_) => None,
        })
        .collect();
    if packages.is_empty() {
        return Ok(());
    }
    announce(tools, "python3 -m pip");
    let mut last = Ok(());
    for extra in [&[][..], &["--user"], &["--user", "--break-system-packages"]] {
        last = run(Command::new("python3")
            .args(["-m", "pip", "install", "--quiet"])
            .args(extra)
            .args(&packages));
        if last.is_ok() {
            break;
        }
    }
    last
}

/// Says what is installed, how, and why.
fn announce(tools: &[Tool], how: &str) {
    for tool in tools {
        eprintln!(
            "test setup: installing {} ({how}): {}",
            tool.name(),
            tool.why()
        );
    }
}

/// Runs `command`, its output shown; a failure names its command line.
fn run(command: &mut Command) -> Result<(), Failure> {
    let line = std::iter::once(command.get_program())
        .chain(command.get_args())
        .map(|w| w.to_string_lossy())
        .collect::<Vec<_>>()
        .join(" ");
    match command.status() {
        Ok(status) if status.success() => Ok(()),
        Ok(status) => Err(Failure::Install {
            line,
            end: status.to_string(),
        }),
        Err(e) => Err(Failure::Install {
            line,
            end: e.to_string(),
        }),
    }
}

/// `cargo test --workspace --release`, with the [`FEATURES`] and then `args`; its exit
/// status.
fn test(args: Vec<OsString>) -> ExitCode {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .current_dir(workspace())
        .args(["test", "--workspace", "--release"]);
    if !FEATURES.is_empty() {
        command.arg("--features").arg(features());
    }
    command.args(args);
    match command.status() {
        Ok(status) => match status.code() {
            Some(0) => ExitCode::SUCCESS,
            Some(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
            None => ExitCode::FAILURE,
        },
        Err(e) => {
            eprintln!("error: cargo test could not be started: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `cargo xtask book`: the link check, then `mdbook build` where mdBook is installed
/// (after `cargo install mdbook --locked` with `install`); its exit status.
fn book(install: bool) -> ExitCode {
    let root = workspace();
    let problems = xtask::docs::check(&root);
    for problem in &problems {
        eprintln!("error: {problem}");
    }
    if !problems.is_empty() {
        return ExitCode::FAILURE;
    }
    eprintln!("book: every link of the README and the book resolves");
    if install && xtask::executable("mdbook").is_none() {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        if let Err(failure) = run(Command::new(cargo).args(["install", "mdbook", "--locked"])) {
            eprintln!("error: {failure}");
            return ExitCode::FAILURE;
        }
    }
    if xtask::executable("mdbook").is_none() {
        eprintln!(
            "book: mdbook is not installed, so the book was checked, not built \
             (`cargo xtask book --install` installs it)"
        );
        return ExitCode::SUCCESS;
    }
    let dest = root.join("target/book");
    match Command::new("mdbook")
        .arg("build")
        .arg(root.join("book"))
        .arg("--dest-dir")
        .arg(&dest)
        .status()
    {
        Ok(status) if status.success() => {
            eprintln!("book: built in {}", dest.join("index.html").display());
            ExitCode::SUCCESS
        }
        Ok(status) => {
            eprintln!("error: mdbook build failed: {status}");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("error: mdbook could not be started: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The [`FEATURES`] as `cargo --features` takes them: `A/x,B/y`.
fn features() -> String {
    let features: Vec<&str> = FEATURES.iter().map(|f| f.cargo).collect();
    features.join(",")
}

/// The workspace root (this crate's parent folder).
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask sits in the workspace")
        .to_path_buf()
}

/// Whether this process runs as root (`id -u` prints 0).
fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| out.stdout.trim_ascii() == b"0")
}

/// `chromium, GNU parallel and pandas`.
fn names(tools: &[Tool]) -> String {
    let names: Vec<&str> = tools.iter().map(|t| t.name()).collect();
    match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// `pip is` or `slurm and munge are`.
fn are(tools: &[Tool]) -> String {
    let verb = if tools.len() == 1 { "is" } else { "are" };
    format!("{} {verb}", names(tools))
}

/// The Debian packages of `tools`, each once.
fn debian_packages(tools: &[Tool]) -> Vec<&'static str> {
    let mut packages = Vec::new();
    for tool in tools {
        if let Package::Debian(name) = tool.package() {
            if !packages.contains(&name) {
                packages.push(name);
            }
        }
    }
    packages
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tools_are_named_in_a_sentence() {
        assert_eq!(are(&[Tool::Pip]), "pip is");
        assert_eq!(are(&[Tool::Slurm, Tool::Munge]), "slurm and munge are");
        assert_eq!(
            names(&[Tool::Chromium, Tool::Parallel, Tool::Pandas]),
            "chromium, GNU parallel and pandas"
        );
    }

    #[test]
    fn a_user_who_is_not_root_is_told_each_debian_package_once() {
        let failure = Failure::NotRoot(vec![Tool::Slurm, Tool::Munge, Tool::Slurm]);
        let text = failure.to_string();
        assert!(
            text.contains("`apt-get install -y slurm-wlm munge` as root"),
            "{text}"
        );
        assert!(!text.contains('\n'), "{text}");
    }
}
