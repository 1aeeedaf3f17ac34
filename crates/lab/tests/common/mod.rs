//! What the end-to-end tests share: the binary ([`TestCommand`], a builder of one run of
//! it, as ripgrep's tests have), a CSV read back, corpora written, and the wording the tests
//! check ([`said`]).

#![allow(dead_code)]

pub mod said;

use std::path::{Path, PathBuf};
use std::process::{Child, Output, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::Command;
use sudoku_results::Row;
use tempfile::TempDir;

pub const BIN: &str = env!("CARGO_BIN_EXE_sudoku-lab");
pub const TOP1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// What a usage error says on stderr (exit status 2), found by clap or after it: `error:
/// MESSAGE`, the usage line of the command (`usage`: what follows `Usage: sudoku-lab `),
/// the pointer to `--help`.
pub fn usage_error(usage: &str, message: &str) -> String {
    format!(
        "error: {message}\n\nUsage: sudoku-lab {usage}\n\nFor more information, try '--help'.\n"
    )
}

/// The binary, with no colour or logging from the environment, and the signals the tests
/// send at their defaults (see [`lab_process`]).
pub fn lab() -> Command {
    Command::from_std(lab_process())
}

/// The binary as std's command, to spawn: no colour or logging from the environment, and
/// SIGINT, SIGTERM and SIGHUP at their defaults when it starts. The runner keeps a signal
/// ignored from its start ignored (nohup's SIGHUP; SIGINT in a script's background job),
/// so tests run in such a job (`cargo test &` in a script) would else send signals it
/// never sees.
pub fn lab_process() -> std::process::Command {
    let mut cmd = std::process::Command::new(BIN);
    cmd.env_remove("RUST_LOG")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("NO_COLOR");
    default_signals(&mut cmd);
    cmd
}

/// Has `cmd` start with SIGINT, SIGTERM and SIGHUP at their defaults, whatever this test
/// process was started with (see [`lab_process`]).
pub fn default_signals(cmd: &mut std::process::Command) {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        // SAFETY: `signal` is async-signal-safe, as the child's code before `exec` must be.
        unsafe {
            cmd.pre_exec(|| {
                for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                    libc::signal(signal, libc::SIG_DFL);
                }
                Ok(())
            });
        }
    }
    #[cfg(not(unix))]
    let _ = cmd;
}

/// The rows of a CSV the runner wrote (its header checked).
pub fn read_rows(csv: &Path) -> Vec<Row> {
    let mut reader = csv::Reader::from_path(csv).unwrap();
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(header, sudoku_results::COLUMNS);
    reader
        .deserialize()
        .map(|r| r.expect("a readable row"))
        .collect()
}

/// Writes `text` as `name` in `dir`.
pub fn write(dir: &TempDir, name: &str, text: &str) -> PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The binary run with its files limited to `bytes` (a multiple of 512; `ulimit -f`, and
/// SIGXFSZ ignored): a write past the limit fails with "File too large", as on a full
/// disk.
#[cfg(unix)]
pub fn lab_with_file_limit(bytes: u64) -> Command {
    let mut cmd = std::process::Command::new("sh");
    cmd.env_remove("RUST_LOG")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("NO_COLOR")
        .arg("-c")
        .arg(format!(
            r#"trap "" XFSZ; ulimit -f {}; exec "$0" "$@""#,
            bytes / 512
        ))
        .arg(BIN);
    default_signals(&mut cmd);
    Command::from_std(cmd)
}

/// The binary run with every `fdatasync` failing with EIO, as on a disk that fails to
/// write back (a seccomp filter set before it starts, as any process may set one for
/// itself and its children; no privilege needed): a file is written, but cannot be made
/// durable. Linux on x86-64 and aarch64, where the filter knows the call's number.
#[cfg(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]
pub fn lab_with_failing_sync() -> std::process::Command {
    use std::os::unix::process::CommandExt;
    #[cfg(target_arch = "x86_64")]
    const AUDIT_ARCH: u32 = 0xC000_003E;
    #[cfg(target_arch = "aarch64")]
    const AUDIT_ARCH: u32 = 0xC000_00B7;
    let statement = |code: u32, k: u32| libc::sock_filter {
        code: code as u16,
        jt: 0,
        jf: 0,
        k,
    };
    let jump = |k: u32, jt: u8, jf: u8| libc::sock_filter {
        code: (libc::BPF_JMP | libc::BPF_JEQ | libc::BPF_K) as u16,
        jt,
        jf,
        k,
    };
    let load = libc::BPF_LD | libc::BPF_W | libc::BPF_ABS;
    let ret = libc::BPF_RET | libc::BPF_K;
    // seccomp_data: the call's number at offset 0, the architecture at 4.
    let filter = [
        statement(load, 4),
        jump(AUDIT_ARCH, 1, 0),
        statement(ret, libc::SECCOMP_RET_ALLOW),
        statement(load, 0),
        jump(libc::SYS_fdatasync as u32, 0, 1),
        statement(ret, libc::SECCOMP_RET_ERRNO | libc::EIO as u32),
        statement(ret, libc::SECCOMP_RET_ALLOW),
    ];
    let mut cmd = lab_process();
    // SAFETY: between fork and exec, only two system calls, on memory the closure owns.
    unsafe {
        cmd.pre_exec(move || {
            let program = libc::sock_fprog {
                len: filter.len() as u16,
                filter: filter.as_ptr().cast_mut(),
            };
            if libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0
                || libc::prctl(
                    libc::PR_SET_SECCOMP,
                    libc::SECCOMP_MODE_FILTER,
                    &raw const program,
                ) != 0
            {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    cmd
}

/// Far more than any run of the tests may take: reaching it means the run hangs.
pub const HANG: Duration = Duration::from_secs(30);

/// Waits until `ready` holds, failing the test after [`HANG`] or when `child` ends first.
pub fn wait_for(child: &mut Child, what: &str, ready: impl Fn() -> bool) {
    let start = Instant::now();
    while !ready() {
        assert!(start.elapsed() < HANG, "{what}: never happened");
        assert!(child.try_wait().unwrap().is_none(), "{what}: the run ended");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Sends SIGTERM to `child` and waits for it to end (failing after [`HANG`]).
#[cfg(unix)]
pub fn terminate(child: Child) -> Output {
    signal(child, &[libc::SIGTERM])
}

/// Sends `signals` to `child`, one right after the other (not a `kill` process each: a
/// run may end of the first before a second process is started), and waits for it to end
/// (failing after [`HANG`]). Signals sent at once are one interrupt (the book's
/// "Signals"): [`interrupt_twice`] sends two.
#[cfg(unix)]
pub fn signal(child: Child, signals: &[libc::c_int]) -> Output {
    let pid = libc::pid_t::try_from(child.id()).unwrap();
    for &signal in signals {
        // SAFETY: `kill` takes plain numbers; the child is not reaped yet, so `pid` is its.
        assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
    }
    ended(child, "the interrupt was not seen")
}

/// Interrupts `child` twice, SIGINT then SIGTERM half a second later (five times the
/// moment within which a signal is the first one sent again), and waits for it to end.
#[cfg(unix)]
pub fn interrupt_twice(child: Child) -> Output {
    let pid = libc::pid_t::try_from(child.id()).unwrap();
    // SAFETY: as in `signal`.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0);
    std::thread::sleep(Duration::from_millis(500));
    signal(child, &[libc::SIGTERM])
}

/// Waits for `child` to end, failing the test with `otherwise` after [`HANG`]: its
/// output. Its stdin, if piped, stays open until then (a run reading it does not end
/// because it ended).
pub fn ended(mut child: Child, otherwise: &str) -> Output {
    let stdin = child.stdin.take();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > HANG {
            let _ = child.kill();
            panic!("{otherwise}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// Checks that the process of `output` died of `signal` (`libc::SIGINT`, `SIGTERM`), as
/// an interrupted command does after its cleanup (a shell reads 130, 143): it exited with
/// status 130 instead, which a shell loop goes on after.
#[cfg(unix)]
pub fn died_of(output: &Output, signal: libc::c_int) {
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(
        output.status.signal(),
        Some(signal),
        "{}: {}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
}

/// `script` run by a non-interactive bash in `dir` (`$0` the binary, `$1`… `args`), in a
/// process group of its own, as a terminal runs a job, with SIGINT at its default (a shell
/// started with it ignored would ignore it): the job (its stdin and stderr piped), and the
/// file its stdout goes to.
#[cfg(unix)]
pub fn shell_job(dir: &Path, script: &str, args: &[&str]) -> (Child, PathBuf) {
    use std::os::unix::process::CommandExt;
    let stdout = dir.join("job.stdout");
    let mut cmd = std::process::Command::new("bash");
    cmd.env_remove("RUST_LOG")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("NO_COLOR")
        .current_dir(dir)
        .args(["-c", script, BIN])
        .args(args)
        .process_group(0)
        .stdin(Stdio::piped())
        .stdout(std::fs::File::create(&stdout).unwrap())
        .stderr(Stdio::piped());
    default_signals(&mut cmd);
    (cmd.spawn().unwrap(), stdout)
}

/// Sends `signal` to the process group of `job` (see [`shell_job`]), as a terminal sends
/// Ctrl-C to every process of the job in front, and waits for `job` to end; after
/// [`HANG`], kills the group and fails.
#[cfg(unix)]
pub fn signal_group(mut job: Child, signal: libc::c_int) -> Output {
    let group = -libc::pid_t::try_from(job.id()).unwrap();
    // SAFETY: `kill` takes plain numbers.
    assert_eq!(unsafe { libc::kill(group, signal) }, 0);
    let start = Instant::now();
    while job.try_wait().unwrap().is_none() {
        if start.elapsed() > HANG {
            // SAFETY: as above.
            unsafe { libc::kill(group, libc::SIGKILL) };
            panic!("the job did not end");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    job.wait_with_output().unwrap()
}

/// One run of the binary in a folder of its own, built up as ripgrep's `TestCommand` is:
/// files written into the folder, arguments added, then run to its end ([`TestCommand::run`])
/// or spawned ([`TestCommand::spawn`]).
pub struct TestCommand {
    dir: TempDir,
    cmd: std::process::Command,
}

/// How a run of the binary ended: what tests assert on.
#[derive(Debug)]
pub struct Outcome {
    /// Its exit code (`None` when a signal ended it).
    pub code: Option<i32>,
    /// The signal that ended it, if one did.
    pub signal: Option<i32>,
    /// Its stdout.
    pub stdout: String,
    /// Its stderr.
    pub stderr: String,
}

impl TestCommand {
    /// The binary (see [`lab_process`]) run in a new temporary folder.
    pub fn new() -> TestCommand {
        let dir = TempDir::new().unwrap();
        let mut cmd = lab_process();
        cmd.current_dir(dir.path());
        TestCommand { dir, cmd }
    }

    /// The folder it runs in.
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// A path in its folder.
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Writes `text` as `name` in its folder.
    pub fn file(&self, name: &str, text: &str) -> PathBuf {
        let path = self.path(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    /// Adds arguments.
    pub fn args<I, S>(&mut self, args: I) -> &mut TestCommand
    where
        I: IntoIterator<Item = S>,
        S: AsRef<std::ffi::OsStr>,
    {
        self.cmd.args(args);
        self
    }

    /// Runs it to its end, stdin empty.
    pub fn run(&mut self) -> Outcome {
        self.cmd.stdin(Stdio::null());
        outcome(self.cmd.output().unwrap())
    }

    /// Starts it, its stdin, stdout and stderr piped.
    pub fn spawn(&mut self) -> Child {
        self.cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    }
}

/// The outcome of a process's `output`.
pub fn outcome(output: Output) -> Outcome {
    #[cfg(unix)]
    let signal = std::os::unix::process::ExitStatusExt::signal(&output.status);
    #[cfg(not(unix))]
    let signal = None;
    Outcome {
        code: output.status.code(),
        signal,
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// The path of the test fixture `name` (`tests/fixtures/`: the Python solvers of `cmd:`).
pub fn fixture(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
        .display()
        .to_string()
}
