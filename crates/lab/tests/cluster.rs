//! The book's Slurm recipe (`book/src/harness/clusters.md`) on a real cluster: `examples/cluster/shards.sbatch`, the job
//! array it links, is submitted as it is to a one-node Slurm cluster started here (MUNGE,
//! `slurmctld` and `slurmd` on loopback, their configuration, state and logs in a folder
//! of their own), the two command lines its comments give are run as they are
//! (`sbatch --wait`, then `sudoku-lab merge`), and the merged shards must be the run made
//! in one piece, row for row. Needs Debian's `slurm-wlm` and `munge` (`cargo xtask test`
//! installs them).
#![cfg(unix)]

mod common;

use std::fs::File;
use std::net::{Ipv4Addr, TcpListener};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{default_signals, lab, read_rows, BIN};
use sudoku_reports::sidecar::ShardEntry;
use sudoku_reports::Sidecar;
use sudoku_results::Row;
use sudoku_testkit::tools::executable;
use sudoku_testkit::{corpus_path, require, Tool};
use tempfile::TempDir;

/// The job script, as the book links it.
const RECIPE: &str = include_str!("../../../examples/cluster/shards.sbatch");

/// How long the cluster may take to come up, and the recipe to run (it takes seconds:
/// these bound a cluster that hangs, they time nothing).
const START: Duration = Duration::from_secs(60);
const RUN: Duration = Duration::from_secs(300);

/// The one node's name, and the partition's.
const NODE: &str = "lab";

#[test]
fn the_readmes_job_array_runs_on_slurm_and_its_shards_merge_into_the_single_run() {
    require(Tool::Slurm);
    require(Tool::Munge);
    let cluster = Cluster::start();
    let job = cluster.dir.path().join("job");
    std::fs::create_dir_all(job.join("corpora")).unwrap();
    corpora(&job.join("corpora"));
    std::fs::write(job.join("shards.sbatch"), RECIPE).unwrap();

    for line in recipe_lines() {
        cluster.run(line, &job);
    }

    let out = lab()
        .current_dir(&job)
        .args(["bench", "-q", "corpora/", "-o", "one.csv"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let one = read_rows(&job.join("one.csv"));
    let merged = read_rows(&job.join("results/all.csv"));
    assert_eq!(counters(merged), counters(one.clone()));
    assert_eq!(one.len(), 40 * 6, "40 puzzles, the default six solvers");

    // Each shard was one task of the array, run by Slurm.
    let all = Sidecar::read_beside(&job.join("results/all.csv"))
        .unwrap()
        .unwrap();
    assert_eq!(all.merged_from.len(), 16, "{:?}", all.merged_from);
    for k in 1..=16 {
        let shard = Sidecar::read_beside(&job.join(format!("results/shard{k}.csv")))
            .unwrap()
            .unwrap();
        assert_eq!(shard.shard, Some(ShardEntry { k, n: 16 }));
        let log = std::fs::read_dir(&job)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .find(|name| name.starts_with("slurm-") && name.ends_with(&format!("_{k}.out")));
        assert!(log.is_some(), "no output of task {k}\n{}", cluster.logs());
    }
}

/// The command lines the job script's comments give (`#   LINE`), in order: its
/// submission, then the merge.
fn recipe_lines() -> Vec<&'static str> {
    let lines: Vec<&str> = RECIPE
        .lines()
        .filter_map(|l| l.strip_prefix("#   "))
        .collect();
    assert_eq!(lines.len(), 2, "{RECIPE}");
    assert!(lines[0].starts_with("sbatch --wait "), "{}", lines[0]);
    assert!(lines[1].starts_with("sudoku-lab merge "), "{}", lines[1]);
    lines
}

/// Two corpora in `dir`, of two formats: Norvig's easy50's first 20 puzzles, and
/// Kaggle's CSV's header and first 20 (quick for every default solver).
fn corpora(dir: &Path) {
    for (from, lines, to) in [
        ("norvig_sudoku-easy50.txt", 20, "easy-20.txt"),
        (
            "kaggle_bryanpark_sudoku_first20000.csv",
            21,
            "kaggle-20.csv",
        ),
    ] {
        let text = std::fs::read_to_string(corpus_path(from)).unwrap();
        let head: Vec<&str> = text.lines().take(lines).collect();
        std::fs::write(dir.join(to), head.join("\n") + "\n").unwrap();
    }
}

/// The rows with their times and re-timings cleared: what must be equal between two runs
/// of the same puzzles (counters, statuses, grids).
fn counters(mut rows: Vec<Row>) -> Vec<Row> {
    for row in &mut rows {
        row.nanoseconds = 0;
        row.median_nanoseconds = 0;
        row.retimed = Default::default();
    }
    rows
}

/// A one-node Slurm cluster on loopback: MUNGE's daemon, Slurm's controller and its node
/// daemon, each a child of the test, with their configuration, state, spool and logs in
/// a folder of their own. Dropped, a failed test's too, it cancels what is left of its
/// jobs and stops the daemons.
struct Cluster {
    dir: TempDir,
    daemons: Vec<Daemon>,
}

/// A daemon started in the foreground, its output in `log`.
struct Daemon {
    name: &'static str,
    child: Child,
    log: PathBuf,
}

impl Cluster {
    /// Starts MUNGE, then `slurmctld` and `slurmd`, and waits for the node to be idle.
    fn start() -> Cluster {
        let mut cluster = Cluster {
            dir: tempfile::tempdir().unwrap(),
            daemons: Vec::new(),
        };
        for sub in ["munge", "state", "spool"] {
            std::fs::create_dir(cluster.dir.path().join(sub)).unwrap();
        }
        cluster.start_munge();
        std::fs::write(cluster.conf(), cluster.config()).unwrap();
        let conf = cluster.conf().display().to_string();
        cluster.spawn("slurmctld", &["-D", "-f", &conf]);
        cluster.spawn("slurmd", &["-D", "-f", &conf, "-N", NODE]);
        cluster.wait_until("the node is idle", |cluster| {
            let out = cluster
                .command("sinfo")
                .args(["--noheader", "--nodes", NODE, "--format", "%t"])
                .output()
                .unwrap();
            String::from_utf8_lossy(&out.stdout).trim() == "idle"
        });
        cluster
    }

    /// MUNGE's daemon with a key of its own, its socket in `munge/`.
    fn start_munge(&mut self) {
        let munge = self.dir.path().join("munge");
        let key = munge.join("munge.key");
        let mut random = [0u8; 1024];
        std::io::Read::read_exact(&mut File::open("/dev/urandom").unwrap(), &mut random).unwrap();
        std::fs::write(&key, random).unwrap();
        std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o600)).unwrap();
        let arg = |option: &str, file: &str| format!("--{option}={}", munge.join(file).display());
        self.spawn(
            "munged",
            &[
                "--foreground",
                "--force",
                &arg("socket", "socket"),
                &arg("key-file", "munge.key"),
                &arg("pid-file", "munged.pid"),
                &arg("seed-file", "munged.seed"),
                &arg("log-file", "munged.log"),
            ],
        );
        let socket = munge.join("socket");
        self.wait_until("MUNGE's socket is there", |_| socket.exists());
    }

    /// `slurm.conf`: one node of 64 CPUs (more than the machine has, taken as said:
    /// `config_overrides`) so that the recipe's 16 tasks of 4 CPUs run side by side;
    /// every address loopback, the ports free ones, every file in the cluster's folder,
    /// the daemons run as this user, and no plugin that needs more than the packages give
    /// (cgroups: processes are tracked by their parents; accounting is off by default).
    fn config(&self) -> String {
        let dir = self.dir.path().display();
        let [controller, node] = free_ports();
        let user = user();
        format!(
            "ClusterName=lab
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort={controller}
SlurmdPort={node}
CommunicationParameters=NoCtldInAddrAny,NoInAddrAny
SlurmUser={user}
SlurmdUser={user}
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket={dir}/munge/socket
StateSaveLocation={dir}/state
SlurmdSpoolDir={dir}/spool
SlurmctldPidFile={dir}/slurmctld.pid
SlurmdPidFile={dir}/slurmd.pid
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
MailProg=/bin/true
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmdParameters=config_overrides
ReturnToService=2
NodeName={NODE} NodeHostname=localhost NodeAddr=127.0.0.1 CPUs=64 State=UNKNOWN
PartitionName={NODE} Nodes={NODE} Default=YES MaxTime=INFINITE State=UP
"
        )
    }

    fn conf(&self) -> PathBuf {
        self.dir.path().join("slurm.conf")
    }

    /// `program` (found on the PATH or in the system's sbin folders) set to this cluster.
    fn command(&self, program: &str) -> Command {
        let path = executable(program).unwrap_or_else(|| panic!("{program}: not found"));
        let mut command = Command::new(path);
        command.env("SLURM_CONF", self.conf());
        default_signals(&mut command);
        command
    }

    /// Starts the daemon `program` with `args`, its output in `NAME.log`.
    fn spawn(&mut self, name: &'static str, args: &[&str]) {
        let log = self.dir.path().join(format!("{name}.log"));
        let file = File::create(&log).unwrap();
        let child = self
            .command(name)
            .args(args)
            .stdin(Stdio::null())
            .stdout(file.try_clone().unwrap())
            .stderr(file)
            .spawn()
            .unwrap_or_else(|e| panic!("{name} cannot be started: {e}"));
        self.daemons.push(Daemon { name, child, log });
    }

    /// Polls `done` until it holds, failing the test if a daemon has ended or after
    /// [`START`].
    fn wait_until(&mut self, what: &str, done: impl Fn(&Cluster) -> bool) {
        let start = Instant::now();
        while !done(self) {
            let ended = self.daemons.iter_mut().find_map(|d| {
                let status = d.child.try_wait().unwrap()?;
                Some((d.name, status))
            });
            if let Some((name, status)) = ended {
                panic!("{name} ended ({status}) before {what}\n{}", self.logs());
            }
            assert!(
                start.elapsed() < START,
                "{what}: not within {START:?}\n{}",
                self.logs()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Runs the command line `line` of the recipe with `sh` in `dir`, the runner on the
    /// PATH and the cluster's configuration in the environment, its output in a file;
    /// fails the test, with that output, on a failure or after [`RUN`] (the line's
    /// process group killed).
    fn run(&self, line: &str, dir: &Path) {
        let output = tempfile::tempfile().unwrap();
        let bin = Path::new(BIN).parent().unwrap();
        let path = std::env::join_paths(std::iter::once(bin.to_path_buf()).chain(
            std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
        ))
        .unwrap();
        let mut sh = Command::new("sh");
        sh.args(["-c", line])
            .current_dir(dir)
            .env("PATH", path)
            .env("SLURM_CONF", self.conf())
            .env_remove("RUST_LOG")
            .env_remove("CLICOLOR_FORCE")
            .env_remove("NO_COLOR")
            .stdin(Stdio::null())
            .stdout(output.try_clone().unwrap())
            .stderr(output.try_clone().unwrap());
        default_signals(&mut sh);
        sh.process_group(0);
        let mut child = sh.spawn().unwrap();
        let start = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if start.elapsed() > RUN {
                // SAFETY: kill(2) on the process group this test made for the line.
                unsafe { libc::kill(-(child.id() as i32), libc::SIGKILL) };
                let _ = child.wait();
                panic!(
                    "`{line}`: not done within {RUN:?}\n{}{}",
                    read_all(output),
                    self.logs()
                );
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        assert!(
            status.success(),
            "`{line}`: {status}\n{}{}",
            read_all(output),
            self.logs()
        );
    }

    /// The daemons' logs, each's last lines, for a failure's message.
    fn logs(&self) -> String {
        let mut text = String::new();
        for daemon in &self.daemons {
            let log = std::fs::read_to_string(&daemon.log).unwrap_or_default();
            let lines: Vec<&str> = log.lines().collect();
            let tail = &lines[lines.len().saturating_sub(30)..];
            text += &format!("--- {} ---\n{}\n", daemon.log.display(), tail.join("\n"));
        }
        text
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        // Jobs still queued or running when a test fails: cancelled while the controller
        // is there to tell, so that no task outlives the node daemon.
        let controller_runs = self
            .daemons
            .iter_mut()
            .any(|d| d.name == "slurmctld" && d.child.try_wait().is_ok_and(|s| s.is_none()));
        if controller_runs {
            let _ = self
                .command("scancel")
                .args(["--partition", NODE])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
        }
        for daemon in self.daemons.iter_mut().rev() {
            stop(&mut daemon.child);
        }
    }
}

/// Ends `child` with SIGTERM, then SIGKILL if it has not ended within 10 s.
fn stop(child: &mut Child) {
    if child.try_wait().is_ok_and(|s| s.is_some()) {
        return;
    }
    // SAFETY: kill(2) on the daemon this test started, not yet reaped.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(10) {
        if child.try_wait().is_ok_and(|s| s.is_some()) {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// What `file` holds, from its start.
fn read_all(mut file: File) -> String {
    use std::io::{Read, Seek};
    let mut text = String::new();
    file.rewind().unwrap();
    file.read_to_string(&mut text).unwrap();
    text
}

/// Two loopback ports free now (bound together, so distinct, then let go).
fn free_ports() -> [u16; 2] {
    let listeners = [(); 2].map(|()| TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap());
    listeners.map(|l| l.local_addr().unwrap().port())
}

/// The user the test runs as (`id -un`): the daemons run as this user.
fn user() -> String {
    let out = Command::new("id").arg("-un").output().unwrap();
    assert!(out.status.success(), "id -un: {out:?}");
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}
