//! What the tests of sudoku-lab need from outside Cargo, in one table: each tool, the
//! package that provides it, and the command that proves it is there.
//!
//! `cargo xtask test` (the binary of this crate) installs the tools a machine lacks, then
//! runs the tests; a test that needs a tool calls `sudoku_testkit::require`, which fails
//! in one line naming what provides the tool when it is missing. The tools are found
//! by running them ([`Tool::is_present`]), never by a package database, so a tool
//! installed another way (a browser named by `CHROMIUM`, pandas in a virtual
//! environment) counts as well.
#![deny(missing_docs)]

pub mod docs;

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// A tool that some tests need and Cargo does not build.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tool {
    /// Headless Chromium, or the browser the `CHROMIUM` variable names.
    Chromium,
    /// GNU parallel.
    Parallel,
    /// pandas, the Python data-frame library.
    Pandas,
    /// polars, the other one.
    Polars,
    /// Slurm's controller (`slurmctld`), node daemon (`slurmd`) and clients (`sbatch`).
    Slurm,
    /// MUNGE (`munged`), the daemon Slurm authenticates its messages with.
    Munge,
    /// pip (`python3 -m pip`), which installs the Python packages.
    Pip,
    /// pkg-config, with which a build script finds a system library.
    PkgConfig,
    /// COIN-OR CBC, the MIP solver library (its headers and its pkg-config file).
    Cbc,
}

/// Where a tool comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Package {
    /// A Debian package, installed with `apt-get`.
    Debian(&'static str),
    /// A package of the Python Package Index, installed with `python3 -m pip`.
    PyPi(&'static str),
}

/// A Cargo feature that the test command turns on, and the tools its build needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Feature {
    /// As `cargo test --features` takes it: `PACKAGE/FEATURE`.
    pub cargo: &'static str,
    /// What its build needs.
    pub needs: &'static [Tool],
}

/// The features the test command turns on (`cargo test --features`), each with the tools
/// its build needs, installed by the test command with the tests' own.
pub const FEATURES: &[Feature] = &[
    // The `ilp-cbc` entry of the catalogue: crates/ilp links Debian's build of COIN-OR
    // CBC, which coin_cbc_sys finds through pkg-config. Named through the runner, whose
    // `cbc` feature turns on the catalogue's and the ilp crate's.
    Feature {
        cargo: "sudoku-lab/cbc",
        needs: &[Tool::PkgConfig, Tool::Cbc],
    },
];

impl Tool {
    /// The tools the tests need (each test that needs one says so with
    /// `sudoku_testkit::require`).
    pub const TESTS: [Tool; 6] = [
        Tool::Chromium,
        Tool::Parallel,
        Tool::Pandas,
        Tool::Polars,
        Tool::Slurm,
        Tool::Munge,
    ];

    /// Every tool the test command installs: the tests' and the [`FEATURES`]'.
    pub fn needed() -> Vec<Tool> {
        let mut tools = Tool::TESTS.to_vec();
        for tool in FEATURES.iter().flat_map(|f| f.needs) {
            if !tools.contains(tool) {
                tools.push(*tool);
            }
        }
        tools
    }

    /// Its name, as a person knows it.
    pub fn name(self) -> &'static str {
        match self {
            Tool::Chromium => "chromium",
            Tool::Parallel => "GNU parallel",
            Tool::Pandas => "pandas",
            Tool::Polars => "polars",
            Tool::Slurm => "slurm",
            Tool::Munge => "munge",
            Tool::Pip => "pip",
            Tool::PkgConfig => "pkg-config",
            Tool::Cbc => "CBC",
        }
    }

    /// What needs it.
    pub fn why(self) -> &'static str {
        match self {
            Tool::Chromium => "the replay page is played in a real browser",
            Tool::Parallel => "the book's cluster recipe runs its shards through GNU parallel",
            Tool::Pandas | Tool::Polars => "a test loads the runner's CSV with pandas and polars",
            Tool::Slurm => "the book's Slurm job array runs on a real one-node cluster",
            Tool::Munge => "Slurm authenticates its messages with MUNGE",
            Tool::Pip => "it installs pandas and polars",
            Tool::PkgConfig => "a feature's build script finds its system library with it",
            Tool::Cbc => "the `cbc` feature (entry `ilp-cbc`) links the CBC MIP solver",
        }
    }

    /// The package that provides it.
    pub fn package(self) -> Package {
        match self {
            Tool::Chromium => Package::Debian("chromium"),
            Tool::Parallel => Package::Debian("parallel"),
            Tool::Pandas => Package::PyPi("pandas"),
            Tool::Polars => Package::PyPi("polars"),
            Tool::Slurm => Package::Debian("slurm-wlm"),
            Tool::Munge => Package::Debian("munge"),
            Tool::Pip => Package::Debian("python3-pip"),
            Tool::PkgConfig => Package::Debian("pkg-config"),
            Tool::Cbc => Package::Debian("coinor-libcbc-dev"),
        }
    }

    /// What proves it is there.
    fn probes(self) -> Vec<Probe> {
        let runs = |words: &[&str]| Probe::Runs(words.iter().map(OsString::from).collect());
        let python_module = |module: &str| {
            let check = format!(
                "import importlib.util, sys; sys.exit(importlib.util.find_spec({module:?}) is None)"
            );
            vec![runs(&["python3", "-c", &check])]
        };
        match self {
            Tool::Chromium => {
                let browser = std::env::var_os("CHROMIUM").unwrap_or_else(|| "chromium".into());
                vec![Probe::Runs(vec![browser, "--version".into()])]
            }
            Tool::Parallel => vec![runs(&["parallel", "--version"])],
            Tool::Pandas => python_module("pandas"),
            Tool::Polars => python_module("polars"),
            // The clients read a configuration before anything else: found, not run.
            Tool::Slurm => vec![
                runs(&["slurmctld", "-V"]),
                runs(&["slurmd", "-V"]),
                Probe::Found("sbatch"),
                Probe::Found("scancel"),
                Probe::Found("sinfo"),
            ],
            Tool::Munge => vec![runs(&["munged", "--version"])],
            Tool::Pip => vec![runs(&["python3", "-m", "pip", "--version"])],
            Tool::PkgConfig => vec![runs(&["pkg-config", "--version"])],
            // As coin_cbc_sys's build script finds it.
            Tool::Cbc => vec![runs(&["pkg-config", "--exists", "cbc"])],
        }
    }

    /// Whether it is there: each of its probes holds.
    pub fn is_present(self) -> bool {
        self.probes().iter().all(Probe::holds)
    }

    /// What a test that needs it says when it is missing, in one line: what is missing,
    /// why, and the commands that provide it.
    pub fn missing(self) -> String {
        format!(
            "{} is missing ({}): `cargo xtask test` installs it, or `{}`",
            self.name(),
            self.why(),
            self.package().install_command()
        )
    }
}

impl fmt::Display for Tool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Package {
    /// The command that installs it, as a person types it.
    pub fn install_command(self) -> String {
        match self {
            Package::Debian(name) => format!("apt-get install -y {name}"),
            Package::PyPi(name) => format!("python3 -m pip install {name}"),
        }
    }
}

/// The file a program name runs: a name with a `/` as it is; else the first match on
/// `PATH`, then in the system folders a user's `PATH` may lack (`/usr/local/sbin`,
/// `/usr/sbin`, `/sbin`: the Slurm and MUNGE daemons are there). None if not found.
pub fn executable(name: impl AsRef<OsStr>) -> Option<PathBuf> {
    let name = name.as_ref();
    let path = PathBuf::from(name);
    if path.components().count() > 1 {
        return path.is_file().then_some(path);
    }
    let search = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&search)
        .chain(["/usr/local/sbin", "/usr/sbin", "/sbin"].map(PathBuf::from))
        .map(|dir| dir.join(name))
        .find(|candidate| is_executable(candidate))
}

/// What proves that a tool is there.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Probe {
    /// This command line runs and exits 0 (its program found by [`executable`]).
    Runs(Vec<OsString>),
    /// This program is found by [`executable`].
    Found(&'static str),
}

impl Probe {
    fn holds(&self) -> bool {
        match self {
            Probe::Runs(words) => succeeds(words),
            Probe::Found(program) => executable(program).is_some(),
        }
    }
}

/// Whether the command line `words` runs and exits 0, its output discarded.
fn succeeds(words: &[OsString]) -> bool {
    let Some(program) = words.first().and_then(executable) else {
        return false;
    };
    Command::new(program)
        .args(&words[1..])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

#[cfg(unix)]
fn is_executable(path: &std::path::Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(path: &std::path::Path) -> bool {
    path.is_file()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_tool_is_one_line_naming_both_commands() {
        let line = Tool::Slurm.missing();
        assert!(!line.contains('\n'));
        assert!(line.contains("`cargo xtask test`"), "{line}");
        assert!(line.contains("`apt-get install -y slurm-wlm`"), "{line}");
        assert!(Tool::Pandas
            .missing()
            .contains("`python3 -m pip install pandas`"));
    }

    #[test]
    fn a_program_is_found_on_the_path_and_a_path_as_it_is() {
        let sh = executable("sh").expect("sh is on the PATH");
        assert!(sh.is_absolute(), "{}", sh.display());
        assert_eq!(executable(&sh), Some(sh.clone()));
        assert_eq!(executable("no-such-program-here"), None);
        assert_eq!(executable("/no/such/program"), None);
    }

    #[test]
    fn a_probe_is_a_command_that_exits_0() {
        let words = |w: &[&str]| w.iter().map(OsString::from).collect::<Vec<_>>();
        assert!(succeeds(&words(&["sh", "-c", "exit 0"])));
        assert!(!succeeds(&words(&["sh", "-c", "exit 1"])));
        assert!(!succeeds(&words(&["no-such-program-here", "--version"])));
        assert!(!succeeds(&[]));
    }

    #[test]
    fn every_feature_tool_is_needed_once() {
        let needed = Tool::needed();
        for tool in Tool::TESTS
            .iter()
            .chain(FEATURES.iter().flat_map(|f| f.needs))
        {
            assert_eq!(needed.iter().filter(|t| *t == tool).count(), 1, "{tool}");
        }
    }
}
